import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { UserError } from '../errors.js';
import { describeIoError, readJsonFile } from '../files.js';
import { RESULTS_SCHEMA } from './schema.js';

/** What results.json says it is; compare.js and report.js refuse anything else. */
export const RESULTS_FORMAT = RESULTS_SCHEMA.properties.format.const;

/**
 * The unit of every number in results.json, by field name. A number inside an
 * object (latencyMs.p50, wireBytes.frames) takes its parent's unit when its
 * own name has none. The test walks a real results file and fails on any
 * number this table does not cover.
 */
export const UNITS = {
  jsonBytes: 'bytes (compact JSON, UTF-8)',
  bytes: 'bytes on the wire',
  gzip: 'bytes after gzip (zlib level 6)',
  brotli: 'bytes after brotli (quality 11)',
  ofJson: 'ratio to the payload\'s compact JSON bytes',
  opsPerSec: 'operations per second (median of rounds)',
  min: 'operations per second (slowest round)',
  max: 'operations per second (fastest round)',
  hz: 'operations per second (one round)',
  spread: 'fraction: (max − min) / median',
  rme: 'percent: Benchmark.js relative margin of error at 95% (timer benchmark); the 95% interval\'s half-width relative to the median (timer paired; 0 where the slices were too few for an interval)',
  samples: 'count of Benchmark.js samples',
  samplesPerRound: 'count of Benchmark.js samples (median of rounds; timer benchmark), or of slices (timer paired)',
  wireBytes: 'bytes',
  mbPerSec: 'MB/s (10^6 wire bytes per second, at the median)',
  msgsPerSecRatio: 'ratio: the protobuf side\'s median msgs/s over the JSON side\'s (a named transport pair)',
  bytesRatio: 'ratio: the protobuf side\'s wire bytes per message over the JSON side\'s (a named transport pair)',
  vsBaseline: 'ratio to the baseline codec\'s ops/s: median of the per-pair ratios (timer paired), of the per-round ratios (timer benchmark)',
  vsBaselineMin: 'ratio: lower bound of vsBaseline\'s 95% interval (timer paired; over fresh processes, their pairs pooled and the interval widened to hold each process\'s ratio), lowest round (timer benchmark)',
  vsBaselineMax: 'ratio: upper bound of vsBaseline\'s 95% interval (timer paired; over fresh processes, their pairs pooled and the interval widened to hold each process\'s ratio), highest round (timer benchmark)',
  bias: 'ratio: one-message ops/s over corpus ops/s in the same round (median of rounds)',
  biasMin: 'ratio: one-message ops/s over corpus ops/s in the same round (lowest round)',
  biasMax: 'ratio: one-message ops/s over corpus ops/s in the same round (highest round)',
  timed: 'count of messages the speed pass cycles through',
  halfWidth: 'fraction: the interval\'s larger distance from its median, relative to the median (0.03 = ±3%); the fastest fixed-rate passes\' (lowest): (third − first) ÷ (third + first), their distance from their middle',
  target: 'fraction: the half-width each ratio (or fixed-rate CPU figure) is measured to; a capacity\'s: how far its searches may lie from the median one',
  level: 'fraction: confidence level of the intervals (0.95)',
  pairs: 'count of slice pairs a ratio rests on',
  pairRatios: 'ratio: each pair\'s, a codec\'s ops/s over the baseline\'s in slices taken back to back (the ratio and its interval are their median\'s; pooled over the processes)',
  baseRate: 'ops/s: the baseline\'s, the median over a ratio\'s pairs of the baseline slices beside them (in processes.baseRate, each process\'s: one below SLOWED_BASELINE_BELOW, 0.8, of the fastest the run saw on that payload and operation, its ratio no higher, ran on a slowed machine and was set aside)',
  sliceMs: 'milliseconds of CPU per slice',
  wallFactor: 'ratio: how many times a speed case\'s CPU-time cap (its warm-up\'s, its group\'s cycles\') the wall clock may run before the case stops anyway',
  wallBudget: 'fraction: the wall time the speed pass may take per payload in each process, as a share of the sum of its cases\' CPU-time caps (warm-ups and cycles); a group that reaches its share of it stops (stoppedBy "deadline"); null: no budget',
  processes: 'count of fresh processes the speed pass ran in, one after the other (0: none, the command\'s own process timed it: benchmark_dss.js --rounds 1 with one library group)',
  processRange: 'count: the fresh processes the speed pass starts with, and at most (one more at a time while some ratio\'s processes disagree or too few ran at full speed)',
  low: 'lower bound of an interval (the unit of the figure it bounds: a ratio for precision)',
  high: 'upper bound of an interval (the unit of the figure it bounds: a ratio for precision)',
  cpuMs: 'milliseconds of CPU time (the paired timer\'s clock)',
  slices: 'count of slices',
  encodeShare: 'fraction: the baseline\'s encode time over its round-trip time (weights a derived round trip)',
  cycles: 'count of cycles of slices (each case once, the baseline between)',
  process: 'count: the fresh process a speed timing group ran in, numbered from 1 in the order they ran (processes.js)',
  ratios: 'count of speed ratios to the baseline',
  medianHalfWidth: 'fraction: median relative half-width of the ratios\' intervals',
  missed: 'count of ratios whose interval missed the precision target',
  minPairs: 'count: the fewest pairs before a ratio may stop',
  benchmarkHz: 'operations per second (Benchmark.js, wall clock)',
  sliceHz: 'operations per second (slices, wall clock)',
  size: 'count of messages in the sample',
  seed: 'seed of the sample\'s generator (mulberry32)',
  noopHz: 'calls per second of an empty function in the harness (median of rounds)',
  cyclingNoopHz: 'calls per second of the empty cycling loop (picks the next message, does nothing)',
  cyclingNsPerCall: 'nanoseconds per call that picking the next message adds',
  copyBytesPerSec: 'bytes per second memory copies (1 MiB buffer)',
  maxPlausibleHz: 'operations per second above which a row is flagged as an empty loop',
  bytesPerOp: 'bytes allocated per operation, JS heap and external together (memory pass, apart from the timing)',
  heapBytesPerOp: 'bytes allocated on the JS heap per operation (memory pass, median of the last windows, once they agree)',
  settled: 'whether the memory pass\'s last windows agreed in heap bytes per call (within settleTolerance, over the calls settleSpan asks) before its window limit (false: heap B/op shown with ~, the code may still have been changing); a capacity warm-up\'s: whether the server\'s CPU per request stopped falling before its last chunk; the fixed-rate passes\' (cpuAtRate.added): whether every pair\'s ratio (one format: its fastest passes) met its target',
  chunkCpuUs: 'microseconds of server CPU per request in each chunk of a capacity search\'s h2load warm-up (null: the server did not report)',
  externalBytesPerOp: 'bytes of external memory (ArrayBuffer backing stores) allocated per operation (memory pass, median of the last windows, once their heap bytes agree)',
  gcMsPer1000Ops: 'milliseconds of garbage-collection pauses per 1,000 operations (memory pass, median of loops)',
  maxOpsPerRound: 'calls per allocation window (at most)',
  warmupOps: 'calls before any measurement',
  gcRounds: 'count of GC loops per operation',
  gcAllocationBytes: 'bytes each GC loop aims to allocate',
  gcMinOps: 'calls per GC loop (at least)',
  gcMaxOps: 'calls per GC loop (at most)',
  warmupMs: 'milliseconds the warm-up may last at most (memory pass: of the process\'s CPU time; speed, timer paired: of CPU, per case)',
  maxMsPerRound: 'milliseconds of CPU time of calls an allocation window holds at most (by the warm-up\'s fastest time per call)',
  maxRounds: 'allocation windows run per operation at most, while the last ones do not agree',
  settleTolerance: 'share of their median within which the last allocation windows\' heap bytes per call must lie to count as settled',
  settleSpan: 'share of the calls `rounds` full allocation windows hold that the agreeing windows must hold between them to count as settled (windows cut short by the young generation\'s room need more of them)',
  gcMaxMsPerLoop: 'milliseconds of calls a GC loop holds at most, unless fewer calls cannot fill the young generation twice',
  itemsPerSec: 'payload items per second (ops/s × n)',
  // sizes over a payload's corpus (corpusSizes): each holds median, p90, max, mean (per message) and total
  perMessage: 'bytes per message over every message of the corpus (median, p90, max, mean; total: the whole stream)',
  json: 'bytes of compact JSON per message over every message of the corpus (median, p90, max, mean; total)',
  httpGzip: 'bytes per message after gzip (level 6), each message alone, over the sampled messages',
  httpBrotli: 'bytes per message after brotli (quality 6), each message alone, over the sampled messages',
  httpZstd: 'bytes per message after zstd (level 3), each message alone, over the sampled messages',
  deflateDictionary: 'bytes per message after raw deflate (level 6) with the preset dictionary, over the sampled messages outside the training slice',
  zstdDictionary: 'bytes per message after zstd (level 3) with the preset dictionary, over the sampled messages outside the training slice',
  deflateStream: 'bytes per message in one deflate stream flushed per message (permessage-deflate with context takeover)',
  zstdStream: 'bytes per message in one zstd stream flushed per message',
  dictionaryBytes: 'bytes of the preset dictionary (at most, in settings)',
  rawMean: 'mean bytes per message of the same messages a dictionary figure was measured on, without compression',
  gzipMean: 'mean bytes per message of the same messages a dictionary figure was measured on, after gzip (level 6) alone',
  record: 'index of a record in the corpus, from 0 (0: the first message; messages name it "record N" counting from 1, so index 6 is record 7)',
  sample: 'count of messages compressed one by one',
  train: 'count of messages in the training slice',
  measuredOn: 'count of messages',
  gzipLevel: 'zlib level', brotliQuality: 'brotli quality (0–11)', zstdLevel: 'zstd level', deflateLevel: 'zlib level',
  n: 'payload items in one message',
  counts: 'payload items in one message',
  rounds: 'count',
  maxTime: 'seconds: time cap per case, of CPU (speed, timer paired); per benchmark per round (timer benchmark)',
  minTime: 'seconds per Benchmark.js sample (at least)',
  messages: 'count of messages',
  warmup: 'count of messages sent before measuring',
  rate: 'messages per second (open loop)',
  // an Artillery script's settings (settings.artillery.script)
  offeredPerScenario: 'messages per second offered to each scenario of an Artillery script',
  arrivalRate: 'Artillery virtual users per second, all scenarios together',
  messagesPerUser: 'count of messages each Artillery virtual user sends',
  durationSeconds: 'seconds (the measured phase of an Artillery script)',
  warmupSeconds: 'seconds (the warm-up phase of an Artillery script)',
  latencyRatio: 'ratio: the protobuf side\'s latency percentile over the JSON side\'s, median of the periods (an Artillery run)',
  acked: 'count of messages',
  lost: 'count of messages',
  notSent: 'count of messages',
  duplicated: 'count of messages',
  errors: 'count',
  window: 'messages in flight per connection',
  inFlight: 'messages in flight per connection as the transport carries them: the window, or fewer where HTTP/1.1 answers one request after another',
  pipelining: 'HTTP/1.1 requests in flight per connection',
  serverBusyUs: 'microseconds per message the server\'s event loop was busy (its CPU, plus time it blocked or waited for a core; median of rounds)',
  connections: 'count',
  seconds: 'seconds',
  msgsPerSec: 'messages per second',
  payloadMBps: 'MB/s (10^6 payload bytes per second)',
  latencyMs: 'milliseconds (send to acknowledgement; open loop: from the scheduled send time, corrected for coordinated omission)',
  latencyUncorrectedMs: 'milliseconds (open loop only: from the actual send time, uncorrected)',
  rtt: 'milliseconds',
  upBytes: 'bytes per message, client to server (payload and the transport\'s framing, as the sockets counted them)',
  downBytes: 'bytes per message, server to client (the answer and its framing, as the sockets counted them)',
  belowKbit: 'kbit/s (both directions): the smaller format is faster below it',
  kbit: 'kbit/s (both directions)',
  measuredSeconds: 'seconds for `messages` messages, from the median pass over the slow link',
  predictedSeconds: 'seconds for `messages` messages, as the break-even model predicts',
  serverCpuUs: 'microseconds of server process CPU (user + system) per message, over the measured pass',
  serverCpuUsRaw: 'microseconds of server process CPU per message when it ACKs without decoding',
  clientCpuUs: 'microseconds of client process CPU (user + system) per message acked (in a capacity row\'s atHalf: the load generator\'s, the median over the fixed-rate passes)',
  decodeShare: 'fraction of the server\'s CPU per message spent decoding (1 − raw / decoding; 0 or below where the raw passes cost as much or more, shown ~ in the tables)',
  serverElu: 'fraction: the server\'s event-loop utilization over the pass',
  clientElu: 'fraction: the client\'s event-loop utilization over the pass',
  clientGcMaxMs: 'milliseconds: the client\'s longest garbage-collection pause over the pass (of any pass, in a row)',
  clientGcMs: 'milliseconds: all of the client\'s garbage-collection pauses over the pass',
  serverGcMaxMs: 'milliseconds: the server\'s longest garbage-collection pause over the pass, as it reported it (of any pass, in a row)',
  gcMaxMs: 'milliseconds: a server\'s longest garbage-collection pause since its mark',
  serverGcMs: 'milliseconds of the server\'s garbage-collection pauses during a fixed-rate pass (in its CPU figure)',
  gcMs: 'milliseconds: all of a server\'s garbage-collection pauses since its mark',
  // server CPU per message at a fixed offered rate (cpuAtRate, lib/transmission/cpu-at-rate.js)
  added: 'the rounds of fixed-rate passes alone added after the run\'s rounds (--cpu-max-seconds) while some pair of formats\' ratio from passes back to back was wider than its target (one format, no pair: while its fastest passes had not settled): maxSeconds, the time allowed them; rounds, how many ran (none where a format measured no pass in the run\'s rounds); settled, whether that target was then met',
  maxSeconds: 'seconds',
  grossCpuUs: 'microseconds of server process CPU per message over a fixed-rate pass, before the idle CPU is subtracted',
  serverUserUs: 'microseconds of server process user CPU per message over a fixed-rate pass, before the idle CPU is subtracted (the kernel\'s split of grossCpuUs, sampled at its scheduler tick; a format\'s: the median over its passes; absent or null where the server did not report it)',
  serverSystemUs: 'microseconds of server process system CPU per message over a fixed-rate pass, before the idle CPU is subtracted (the kernel\'s work for the server: sockets, wake-ups; as serverUserUs)',
  clientUserUs: 'microseconds of client process user CPU per message acked over a fixed-rate pass (the kernel\'s split of clientCpuUs, as serverUserUs; a format\'s: the median over its passes; absent or null where the client could not measure it)',
  clientSystemUs: 'microseconds of client process system CPU per message acked over a fixed-rate pass (the kernel\'s work for the client: sockets, wake-ups; as clientUserUs)',
  serverMsgsPerRead: 'messages per socket read of the server over a fixed-rate pass (a format\'s: the median over its passes; null where the transport counts no reads, only the WebSocket server does; absent in results written before it)',
  burst: 'a fixed-rate pass\'s writes: messages, how many messages each write carried (1: each message sent at its own time); everyMs, milliseconds between writes',
  everyMs: 'milliseconds between a fixed-rate pass\'s writes',
  reads: 'count: socket reads a server counted since its mark (the WebSocket server: one per data event of a client socket; 0 for transports that count none)',
  idleCpuUsPerSec: 'microseconds of server process CPU per second of wall time while idle (client connected, nothing sent): the quietest of the idle windows before the pass',
  lowest: 'a format\'s fastest fixed-rate passes: serverCpuUs, the fastest\'s µs of server CPU per message; range, the fastest and the third fastest (µs per message); a pair\'s: ratio, the second format\'s fastest over the first\'s',
  serverCpuUnmeasured: 'count: fixed-rate passes at half capacity left out of the median (unmeasured)',
  serverCpuLowest: 'the fastest fixed-rate passes at half capacity, as lowest: serverCpuUs, range, halfWidth, met (null where no pass measured; absent in results written before it)',
  of: 'count: the fastest fixed-rate passes a lowest figure is judged over (3; fewer when fewer passes measured)',
  unmeasured: 'count: fixed-rate passes without a server CPU figure (the idle rate left nothing positive of the pass), left out of the median',
  serverCpuShare: 'fraction of one core: the server\'s CPU at the pass\'s offered rate, idle subtracted',
  round: 'count: the round a pass ran in, from 1',
  slot: 'count: a fixed-rate pass\'s place among its format\'s passes in one round, from 0',
  server: 'index: the server process a fixed-rate pass ran on, 0 the run\'s own (absent where every pass ran on one)',
  servers: 'count: server processes the fixed-rate passes ran on (the run\'s own and fresh ones beside it)',
  serverPids: 'process ids of the servers the fixed-rate passes ran on, in their order (server 0 first)',
  passCount: 'count: a format\'s fixed-rate passes on one server process (byServer)',
  machineProbes: 'operations per microsecond of server process CPU: the machine probe (machine-probe.js) in the server just before and just after a fixed-rate pass or a capacity search (null: no answer)',
  referenceOpsPerCpuUs: 'operations per microsecond of server process CPU: the run\'s upper-quartile machine probe (its third-fastest among 12 or fewer), the reference a fixed-rate pass or a capacity search is judged slowed by',
  slowedBelow: 'fraction of the reference probe rate below which a fixed-rate pass or a capacity search counts as run on a slowed core',
  slowedPasses: 'count: a format\'s fixed-rate passes with a machine probe beside them below slowedBelow of the reference',
  probedPasses: 'count: a format\'s fixed-rate passes the server answered a machine probe for',
  passesPerRound: 'count: fixed-rate passes per format in each round',
  idleSeconds: 'seconds of the idle interval measured before each fixed-rate pass',
  idleWindows: 'count: windows the idle interval is split into, the quietest giving the idle rate (absent in results from before 2026-11-29: one window)',
  clientWorkers: 'count: worker threads the client\'s connections were spread over (--client-workers)',
  ratio: 'ratio of median msgs/s: the winner\'s (else the first format\'s) over the other\'s; a capacity pair\'s: the median of the searches\' protobuf ÷ JSON capacities',
  searchRatios: 'ratio: each capacity search\'s protobuf capacity over its JSON one (search k of both ran back to back; null where either found none)',
  ratioMinMax: 'ratio: the lowest and highest of a capacity pair\'s searchRatios',
  down: 'kbit/s',
  up: 'kbit/s',
  cores: 'count',
  steal: 'fraction of the machine\'s CPU time its virtual machine\'s host took during the run (/proc/stat steal; null: not Linux)',
  memoryGiB: 'GiB',
  // the capacity pass (npm start's headline, benchmark_transport.js --capacity: lib/transmission/capacity.js)
  targetP99Ms: 'milliseconds: the p99 a rate must stay under to hold',
  fromRate: 'messages per second: the capacity search\'s first rate',
  probeSeconds: 'seconds of each probe of the capacity search',
  sustainSeconds: 'seconds of the one pass each capacity is then offered for (0: none)',
  share: 'fraction of the capacity: the highest share of it that held its sustained pass (null: none did)',
  steps: 'count: bisections of the capacity search after its doubling',
  cpuRate: 'messages per second: the one fixed rate both sides\' p50/p99 and server CPU are measured at',
  rateSeconds: 'seconds of each pass at the fixed rate',
  serverWorkers: 'count: server processes asked for (--server-workers)',
  serverProcesses: 'count: server processes that answered the final report',
  serverCores: 'count: cores the server ran on (pinned), or its processes',
  clientCores: 'count: cores the load generator could use',
  halfRate: 'messages per second: the fixed rate of the passes after the search (half the lower capacity, or --cpu-rate)',
  capacity: 'messages per second: the highest open-loop rate that held the p99 target with nothing lost (null: the first rate failed)',
  failedRate: 'messages per second: the lowest rate that failed twice (null: none did)',
  perCore: 'messages per second per server core (only where the server bound the failing rate)',
  below: 'messages per second: the search\'s first rate, when it already failed',
  floorRates: 'messages per second: rates whose p99 failed with both sides idle (latency floors the search went past)',
  p50: 'milliseconds: median latency of a pass (h2load: from each actual send; the toolkit: from the scheduled send)',
  p99: 'milliseconds: 99th percentile latency of a pass (as p50)',
  p99Scheduled: 'milliseconds: h2load\'s p99 counted from a uniform schedule (kept, not judged: h2load releases requests in 10 ms batches)',
  clientCpuShare: 'fraction of one core: the load generator\'s CPU over a probe',
  serverCpuMinMax: 'microseconds of server CPU per message: the fixed-rate passes\' min and max',
  search: 'count: the capacity search a probe belongs to, from 1',
  serverPid: 'process id of the server process that answered: a capacity search\'s (a fresh one per search), a transmission run\'s (null: a server at --url; the transport comparison\'s links share one per transport)',
  searches: 'count: capacity searches per format, the formats taking turns (the median kept); in a row, each search\'s result',
  capacityMinMax: 'messages per second: the lowest and highest capacity over the searches',
  clientShare: 'fraction of the load generator\'s cores (clientCores: those it was pinned to, else one): its CPU over the last probe that held at the capacity (in a row, the median search\'s)',
  clientShareMinMax: 'fractions of the load generator\'s cores: the lowest and highest clientShare over the searches (null: one search)',
  order: 'count: a capacity search\'s place among all of the run\'s searches, from 1 (in a row, the median search\'s)',
  atSeconds: 'seconds from the start of the run\'s first capacity search to this search\'s (in a row, the median search\'s)',
  streams: 'count: streams (HTTP/2) or pipelined requests (HTTP/1.1) h2load kept in flight on each of its connections',
};

/** @type {import('ajv').ValidateFunction|undefined} */
let validator;

/**
 * Checks a value against the documented shape of results.json.
 * @param {unknown} results
 * @returns {string[]} problems, each "where: what"; empty when valid
 */
export function validateResults(results) {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(RESULTS_SCHEMA);
  if (validator(results)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

/**
 * The text of results.json for a results object, checked against the documented shape as it will be read back: a
 * NaN or Infinity is a number to the check in memory, but JSON writes it as null, and the file would then fail the
 * check of whoever reads it (report.js, compare.js, a user's own tooling). Throws, naming every problem, instead of
 * giving text that does not validate.
 * @param {unknown} results
 * @param {string} what says what the results were built from, for the error
 * @returns {string}
 */
export function resultsJsonText(results, what) {
  const text = `${JSON.stringify(results, null, 2)}\n`;
  const problems = validateResults(JSON.parse(text));
  if (problems.length) throw new Error(`${what} do not match results.json's documented shape: ${problems.join('; ')}`);
  return text;
}

/**
 * Every number in a results object whose unit UNITS does not give.
 * @param {unknown} value
 * @param {Record<string, string>} [units]
 * @param {string} [where] the JSON pointer of value
 * @param {string|null} [key] value's own name
 * @param {string|null} [parentKey] the name of what holds it
 * @returns {string[]} JSON pointers of the numbers without a unit
 */
export function numbersWithoutUnit(value, units = UNITS, where = '', key = null, parentKey = null) {
  if (typeof value === 'number') return (key !== null && units[key]) || (parentKey !== null && units[parentKey]) ? [] : [where];
  if (!value || typeof value !== 'object') return [];
  /** @type {string[]} */
  const missing = [];
  if (Array.isArray(value)) {
    // an array's items share its name: rounds[2].hz is an "hz" inside "rounds"
    value.forEach((v, i) => missing.push(...numbersWithoutUnit(v, units, `${where}/${i}`, key, parentKey)));
    return missing;
  }
  for (const [k, v] of Object.entries(value)) {
    // diff holds the payload's own values and units is the table itself: not figures
    if (k === 'diff' || k === 'units') continue;
    missing.push(...numbersWithoutUnit(v, units, `${where}/${k}`, k, key));
  }
  return missing;
}

/**
 * A results.json as RESULTS_SCHEMA checks it: the top-level fields, with the
 * rows typed where code reads them; the rest stays as loose as the schema.
 * Fields the schema leaves optional (runtimes, transports, breakEven, and the
 * settings of passes added after version 1 first shipped) are optional here.
 * @typedef {object} Results
 * @property {string} format RESULTS_FORMAT
 * @property {string} createdAt ISO date
 * @property {string} command
 * @property {ResultsSettings} settings
 * @property {Omit<ReturnType<typeof import('../measure/environment.js').describeEnvironment>, 'steal'> & { steal?: number|null }} environment steal: absent in results written before it
 * @property {Record<string, string>} units
 * @property {{ format: string, description?: string | null }[]} codecs every codec of the run: format, description (what
 *   it does to the data; absent in results written before descriptions), library, version, kind, normalise, decoded
 * @property {import('../runtimes/matrix/matrix.js').RuntimeDescription[]} [runtimes] present with --runtimes
 * @property {PayloadResults[]} payloads
 * @property {TransmissionEntry[]} transmission
 * @property {TransportEntry[]} [transports] the transport comparison, per link
 * @property {ReturnType<typeof import('../transmission/model.js').breakEvenReport> | null} [breakEven]
 * @property {{ payload: string, transports: Array<Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>[number]
 *   & { machineProbe?: { referenceOpsPerCpuUs: number, rule?: string, slowedBelow: number } | null }>,
 *   skipped?: Array<{ transport: string, format: string, reason: string }> } | null} [capacity]
 *   the capacity headline's short pass (npm start: http1 JSON and grpc protobuf, one server core); absent before it; machineProbe:
 *   the reference its searches were judged slowed by (capacity.js markSlowedSearches), absent before it; skipped: the
 *   sides the payload cannot travel on, with why (capacity.js capacityRefusals; absent when none, and before it)
 * @property {BatchResults|null} batch
 */

/**
 * The settings of a run (results.settings).
 * @typedef {object} ResultsSettings
 * @property {'quick'|'default'|'full'} mode
 * @property {string[]} payloads
 * @property {string[]} formats
 * @property {{ rounds: number, maxTime: number, minTime?: number, baseline: string, operations?: string[],
 *   harness?: ReturnType<typeof import('../measure/speed.js').measureHarness> | null,
 *   oneMessage?: { ops: string[], payloads: string[] | 'all', split?: boolean },
 *   timer?: 'paired'|'benchmark', filter?: string|null, precision?: import('../measure/speed-paired.js').PairedSettings['precision'],
 *   timerCheck?: unknown, runtimeRounds?: { rounds: number, maxTime: number, minTime?: number }, processes?: number, processRange?: [number, number], processGroups?: string[][] }} speed
 *   the speed pass's settings: the paired timer's target, slice, clock (precision) and its check against Benchmark.js
 *   (timerCheck); rounds and maxTime of results written by the Benchmark.js timer
 * @property {(Record<keyof typeof import('../measure/memory.js').MEMORY_DEFAULTS, number> & { passes?: ('allocation'|'gc')[] }) | null} [memory] null: --no-memory; passes: the memory passes run (absent: both); absent in results written before the memory pass
 * @property {object} [corpusSizes] the corpus pass's options (CORPUS_DEFAULTS)
 * @property {{ formats: string[], messages: number, rounds?: number, window: number, connections: number, profiles: string[], rawPasses?: string[],
 *   slowLink?: { profile: string, window: number, payload: string, messages: number, rounds: number } | null } | null} transmission
 *   the WebSocket pass's settings; rawPasses: the payloads whose loopback passes each had a raw one beside them (the
 *   decode share; absent in results from before the setting, when every payload's had)
 * @property {{ payload: string, transports: string[], rounds: number,
 *   links: { profile: string, window: number, connections: number, messages: number }[] } | null} [transports]
 * @property {{ payload: string, transports: string[], targetP99Ms: number, direction: 'up'|'down', fromRate: number, probeSeconds: number, steps: number,
 *   sustainSeconds?: number, cpuRate: number, rounds: number, rateSeconds: number, connections: number, window: number, loadGenerator: string, loadGeneratorWhy?: string, searches?: number } | null} [capacity]
 *   the capacity pass's settings (null: --capacity none; absent before it)
 * @property {{ payload: string, counts: number[], operations?: string[], timing?: { clock: string, gc: string|null, v8Flags: string[], allocator: string|null } } | null} batch
 * @property {string[]} [runtimes] present with --runtimes
 * @property {{ report: string, rounds: number, merged?: boolean, script: Record<string, unknown> | null,
 *   warmup: Array<{ transport: string, format: string, messages: number, acked: number, lost: number, errors: number }> }} [artillery]
 *   present in results read back from an Artillery report (report.js --artillery, lib/results/artillery.js)
 */

/**
 * One payload's figures (an entry of results.payloads).
 * @typedef {object} PayloadResults
 * @property {ReturnType<typeof import('../payload/index.js').describePayload>} payload
 * @property {import('../measure/sizes.js').SizeRow[]} sizes
 * @property {Pick<Awaited<ReturnType<typeof import('../measure/sizes.js').measureCorpusSizes>>, 'corpus'|'codecs'>} [corpusSizes] absent in results written before corpora
 * @property {import('../measure/speed.js').SpeedRow[]} speed
 * @property {{ corpus: { messages: number, timed: number, sample: { size: number, seed: number } | null }, oneMessageOps: string[],
 *   splitTime?: boolean, skipped?: (ReturnType<typeof import('../verify.js').describeCodec> & { record?: number })[] }} [speedCorpus] absent in results written before corpora
 * @property {{ format: string, op: string, note: string }[]} [notTimed]
 * @property {import('../runtimes/matrix/matrix.js').RuntimeSpeed['results'][number]['runtimes']} [runtimes] present with --runtimes
 */

/**
 * A transmission pass's settings as a results entry keeps them: measureTransmission's, every field optional
 * (the schema does not check them).
 * @typedef {Partial<Awaited<ReturnType<typeof import('../transmission/run.js').measureTransmission>>['settings']>} TransmissionSettings
 */

/**
 * One payload over one link profile (an entry of results.transmission).
 * @typedef {object} TransmissionEntry
 * @property {string} payload the payload's id
 * @property {string} profile
 * @property {TransmissionSettings} settings
 * @property {import('../transmission/rounds.js').TransmissionRow[]} results
 * @property {ReturnType<typeof import('../transmission/rounds.js').pairVerdict>[]} [verdicts]
 * @property {{ rate: number, seconds: number, burst?: { messages: number, everyMs: number }, added?: { maxSeconds: number, rounds: number, settled: boolean|null } | null, formats: Array<ReturnType<typeof import('../transmission/cpu-at-rate.js').summariseRatePasses>>,
 *   pairs: ReturnType<typeof import('../transmission/cpu-at-rate.js').ratePairs>, probe?: ReturnType<typeof import('../transmission/cpu-at-rate.js').probeSummary> }} [cpuAtRate]
 *   server CPU per message at a fixed offered rate, the idle CPU subtracted (the slow-link payload's loopback pass); probe: the
 *   machine probe's reference and the passes it saw slowed (absent before it)
 */

/**
 * The transport comparison over one link (an entry of results.transports); its settings are the matrix's, which
 * name the transports instead of one (measureTransportMatrix).
 * @typedef {Omit<TransmissionEntry, 'settings'> & { settings: Omit<TransmissionSettings, 'transport'> & { transport?: null, transports?: string[] },
 *   named: import('../transmission/pairs.js').NamedVerdict[], skipped?: { transport: string, format: string, reason: string }[],
 *   latency?: import('./artillery.js').LatencyVerdict[] }} TransportEntry latency: an Artillery run's latency verdicts
 */

/**
 * The batch scaling pass (results.batch).
 * @typedef {object} BatchResults
 * @property {ReturnType<typeof import('../payload/index.js').describePayload>} payload
 * @property {number[]} counts
 * @property {{ n: number, jsonBytes: number, sizes: import('../measure/sizes.js').SizeRow[],
 *   speed: (import('../measure/speed.js').SpeedRow & { itemsPerSec?: number })[] }[]} steps
 */

/**
 * The results file a path names: the path itself, or for a run's folder the results.json in it.
 * @param {string} file a results.json, or a folder holding one (results/<date-time>)
 */
export function resultsFilePath(file) {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) return file;
  const inside = path.join(file, 'results.json');
  if (!fs.existsSync(inside)) throw new UserError(`${file}: a folder without a results.json; give a results.json, or the folder of a run holding one`);
  return inside;
}

/**
 * Reads a results.json (given as the file or as the run's folder), refusing (one UserError line) anything that is
 * not one.
 * @param {string} given
 * @returns {Results}
 */
export function readResultsFile(given) {
  const file = resultsFilePath(given);
  const results = readJsonFile(file);
  if (!results || typeof results !== 'object' || /** @type {Record<string, unknown>} */ (results).format !== RESULTS_FORMAT) {
    throw new UserError(`${file}: not a results file (expected "format": "${RESULTS_FORMAT}"; write one with node benchmark.js)`);
  }
  const problems = validateResults(results);
  if (problems.length) throw new UserError(`${file}: not a valid results file: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`);
  return /** @type {Results} */ (results); // validateResults checked the shape
}

/**
 * A run for compare.js: a results file (readResultsFile), or the output of `node benchmark_dss.js … --json`, a speed
 * run with no results file of its own, read as results that hold its speed figures only (every other pass empty).
 * @param {string} given a file, or the folder of a run holding a results.json
 * @returns {Results}
 */
export function readComparableFile(given) {
  const file = resultsFilePath(given);
  const data = /** @type {any} */ (readJsonFile(file));
  if (data?.measurement !== 'speed') return readResultsFile(given);
  const runs = data.results;
  const row = (/** @type {any} */ r) => typeof r?.format === 'string' && typeof r.op === 'string' && typeof r.opsPerSec === 'number' && Array.isArray(r.rounds);
  const ok = data.environment && typeof data.environment === 'object' && Array.isArray(runs) && runs.length > 0
    && runs.every((x) => typeof x?.payload?.id === 'string' && typeof x.settings?.baseline === 'string' && Array.isArray(x.results) && x.results.every(row));
  if (!ok) throw new UserError(`${file}: not a speed run of benchmark_dss.js --json (each of "results" needs a payload, settings and rows of format, op, opsPerSec and rounds)`);
  // the settings a results file has and a speed run has not (payloads, formats, …) are read by no figure compared
  return /** @type {Results} */ (/** @type {unknown} */ ({
    format: RESULTS_FORMAT, createdAt: data.environment.date ?? 'unknown', command: 'node benchmark_dss.js --json',
    settings: { mode: 'benchmark_dss.js', speed: runs[0].settings },
    environment: data.environment, units: {}, codecs: [],
    payloads: runs.map((x) => ({ payload: x.payload, sizes: [], speed: x.results, ...(x.settings.corpus ? { speedCorpus: { corpus: x.settings.corpus } } : {}) })),
    transmission: [], batch: null,
  }));
}

/** results/<date-time> name for a run started at `date`, in UTC: 2026-11-22T17-40-05Z. */
export function runDirName(date = new Date()) {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

/**
 * Checks, before a run, that its results can be written: the folder exists
 * (or is created) and is a writable directory. Found after minutes of
 * measuring, the same problem would lose the run.
 * @param {string} parent
 */
export function checkOutFolder(parent) {
  try {
    // mkdir -p over a file says EEXIST; say what is in the way instead
    if (fs.statSync(parent, { throwIfNoEntry: false })?.isDirectory() === false) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    mkdirEach(parent);
    if (!fs.statSync(parent).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    fs.accessSync(parent, fs.constants.W_OK);
  } catch (err) {
    throw new UserError(`${parent}: cannot write results there: ${describeIoError(err)}`);
  }
}

/**
 * mkdir -p, one folder at a time from the nearest that exists: Node's recursive mkdir loops forever where a parent
 * refuses new entries with ENOENT (a path under /proc), and `report.js --out /proc/x` hung at full CPU.
 * @param {string} dir
 */
function mkdirEach(dir) {
  /** @type {string[]} */
  const missing = [];
  for (let p = path.resolve(dir); !fs.existsSync(p); p = path.dirname(p)) {
    missing.unshift(p);
    if (path.dirname(p) === p) break;
  }
  for (const m of missing) fs.mkdirSync(m);
}

/**
 * Writes a run's files into a new folder atomically: everything goes into a
 * hidden temporary folder next to it, which is renamed into place only once
 * every file is written, so a failure (or Ctrl-C) leaves no half-written run.
 * @param {string} parent e.g. results/
 * @param {string} name folder name; a suffix is added if it exists
 * @param {Record<string, string>} files file name → contents
 * @returns {string} the folder written
 */
export function writeRunDir(parent, name, files) {
  let tmp;
  try {
    fs.mkdirSync(parent, { recursive: true });
    tmp = fs.mkdtempSync(path.join(parent, `.${name}.incomplete-`));
    fs.chmodSync(tmp, 0o755); // mkdtemp makes it private; a results folder is for sharing
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(tmp, file), text);
    for (let i = 1; ; i++) {
      const dir = path.join(parent, i === 1 ? name : `${name}-${i}`);
      if (fs.existsSync(dir)) continue;
      fs.renameSync(tmp, dir);
      return dir;
    }
  } catch (err) {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    const e = /** @type {NodeJS.ErrnoException} */ (err);
    throw new UserError(`${parent}: cannot write results: ${e.code ?? ''} ${String(e.message).split('\n')[0]}`.replace(/\s+/g, ' '));
  }
}
