import { BASELINE, DEFAULT_FORMATS, REFERENCE_PROTOBUF, selectCodecs, TRANSMISSION_FORMATS } from './codecs/index.js';
import { libraryGroups, measureSpeedInProcesses, processPlanText } from './runtimes/run/processes.js';
import { batchPayload } from './payload/batch.js';
import { cpuTicks, describeEnvironment } from './measure/environment.js';
import { CORPUS_DEFAULTS, measureCorpusSizes, measureSizes } from './measure/sizes.js';
import { attachMemory, benchmarkCount, measureHarness, measureSpeed, OPERATIONS } from './measure/speed.js';
import { MEMORY_DEFAULTS } from './measure/memory.js';
import { PRECISION_DEFAULTS, timingSettings, WALL_FACTOR } from './measure/paired.js';
import { measureOperationMemory } from './measure/operation-memory.js';
import { RESULTS_FORMAT, UNITS } from './results/index.js';
import { measurable, prepareCodecs } from './verify.js';
import { describePayload } from './payload/index.js';
import { breakEvenReport } from './transmission/model.js';
import { CAPACITY_HEADLINE, CAPACITY_LOAD, CAPACITY_SEARCHES, CAPACITY_SUSTAIN_SECONDS, CAPACITY_TARGET_P99_MS } from './transmission/capacity-settings.js';

/**
 * The codecs of npm start's default and quick runs unless --formats says otherwise: the baseline JSON, the most used
 * protobuf library (its static code), the other protobuf library people choose, and the fastest schemaless binary
 * format. json (strings) and protobufjs-dynamic are left to --full and benchmark_dss.js: their bytes are
 * json-buffer's and protobufjs-static's, and their speed cases took about a third of the speed pass (2026-11-27,
 * 55 s in all: protobufjs-dynamic's own process group 11 s, json a fifth of the other's 43 s), time that three fresh
 * processes per ratio now take (docs/suite.md, "Modes").
 */
export const START_FORMATS = [REFERENCE_PROTOBUF, BASELINE, 'protobuf-es', 'msgpackr'];

/**
 * The transports of --full's comparison: every registered one, Connect over HTTP/1.1 and over HTTP/2.
 */
export const COMPARISON_TRANSPORTS = ['ws', 'http1', 'http2', 'connect', 'connect-h2', 'grpc'];

/**
 * The transports of npm start's comparison (and --quick's): the HTTP family and gRPC, where REST against gRPC and
 * Connect's two formats are asked. Not Connect over HTTP/2, whose two questions the others answer (HTTP/2 against
 * HTTP/1.1: http2 against http1; Connect's JSON against its binary: connect): it cost 12 of the 190 s npm start took
 * on the 2-core Intel VM (2026-11-27: a server start of 1–1.9 s, passes of 0.5–0.8 s a format and round on
 * loopback). Not WebSocket either, which the run's own WebSocket pass measures on every payload, on loopback and on
 * the slow link (with permessage-deflate too), with more messages than the comparison's: its two links in the
 * comparison were a fifth of the comparison's 40 s when npm start ran 181–183 s on the AMD EPYC VM on a slow evening
 * (2026-11-30 01:26–01:32Z). --full and --transports keep both.
 */
export const START_COMPARISON_TRANSPORTS = COMPARISON_TRANSPORTS.filter((t) => t !== 'connect-h2' && t !== 'ws');

/**
 * The three modes of the full suite. `default` is sized to finish in under
 * three minutes on two cores with the default codecs (see README for the
 * measured time); `full` is for figures you publish. `memory` holds the
 * memory pass's options (lib/measure/memory.js, MemoryOptions): fewer
 * windows, calls and GC loops than its defaults, which `full` keeps.
 * `oneMessage` says which operations of which payloads are also timed on one
 * message, for the one-message bias ('slow-link': the slow-link pass's
 * payload, test3 when it runs; 'all': every payload): every speed figure is
 * over the corpus, and the paired timer gives each one-message loop a time cap
 * of its own beside its corpus case (the default leaves them out). `formats`: the codecs when
 * --formats is not given. `rawPasses`: which payloads' loopback WebSocket
 * passes are each followed by a raw one, for the decode share ('slow-link' or
 * 'all').
 */
export const MODES = {
  quick: {
    formats: START_FORMATS,
    corpusSample: 30,
    // speed: each ratio to ±10% in 5 ms slices, at most 0.1 s per case; encode and decode (the round trip derived)
    precision: { target: 0.1, sliceMs: 5, minPairs: 8, warmupMs: 100 }, speedFilter: /(encode|decode|roundtrip)$/, speedProcesses: 1, speedMaxProcesses: 1,
    rounds: 1, maxTime: 0.1, benchmarkMaxTime: 0.05, minTime: 0.01, messages: 300, wsRounds: 3, slowLinkMessages: 30, slowLinkRounds: 3,
    transportMessages: 100, transportSlowMessages: 24, transportRounds: 1, comparisonTransports: START_COMPARISON_TRANSPORTS,
    capacity: { fromRate: 1000, probeSeconds: 0.1, steps: 2, searches: 1, sustainSeconds: 0, cpuRate: 1000, rounds: 1, rateSeconds: 0.2 },
    oneMessage: { ops: ['encode', 'decode'], payloads: 'slow-link' }, rawPasses: 'slow-link',
    memory: { rounds: 3, warmupOps: 200, maxOpsPerRound: 500, gcRounds: 1, gcAllocationBytes: 32 * 2 ** 20, gcMinOps: 100, warmupMs: 50, maxMsPerRound: 20, gcMaxMsPerLoop: 100 },
  },
  default: {
    formats: START_FORMATS,
    // messages per payload compressed one by one for the corpus sizes (every message is encoded and verified)
    corpusSample: 100,
    // speed: each ratio to ±5% at 95% in 10 ms slices, at most 0.2 s per case, after a warm-up of at most 0.2 s;
    // encode and decode with the round trip derived from them (the conversions are timed in --full), in three fresh
    // processes: a ratio can depend on the process it ran in by more than its interval (docs/speed.md), and one
    // whose processes disagree is shown unstable, not stated. Two processes (0.45 s a case in 20 ms slices, until
    // 2026-11-28) often agreed by chance: in six speed passes with those settings (benchmark_dss.js --rounds P --max-time T
    // --slice S on the default's four codecs, Node 20.20.2, 2-core Intel VM, 2026-11-28; docs/speed.md has the command), 21 of 264 stated ratios lay more than 10% from another pass's figure of them (up to 70%); with
    // these, 2 of 124 (up to 14%), about as many stated (62 of 135 against 69) in about the same time
    // The caps are CPU time, and a process that gets part of a core spends them in that much more wall time: npm start
    // ran 212 s against 142 and 151 s on the AMD EPYC VM in a slow stretch of the host (2026-12-02 12:28Z, its speed
    // pass 89 s against 42; beside two busy loops 84 s against 49). So here the wall clock may run 1.25 times a case's
    // cap (wallFactor, against WALL_FACTOR's 4 elsewhere), and each payload's pass in a process about 0.9 of the sum of
    // its cases' caps (wallBudget; a quiet process used about 0.8 of them). A case cut short misses its target and is
    // shown unstable (docs/speed.md, "A slowed machine's wall time").
    precision: /** @type {{ target: number, sliceMs: number, minPairs: number, warmupMs: number, wallFactor?: number, wallBudget?: number }} */ ({ target: 0.05, sliceMs: 10, minPairs: 10, warmupMs: 200, wallFactor: 1.25, wallBudget: 0.9 }), speedFilter: /(encode|decode|roundtrip)$/, speedProcesses: 3, speedMaxProcesses: 3,
    // the WebSocket and slow-link passes: 4 rounds of 750 and 75 messages (the messages of 3 rounds of 1,000 and 100;
    // about 6 s more, docs/transmission.md): a winner is named only when every round of one format beat every round
    // of the other, which two equal formats do by chance in 2 of C(2R, R) orderings, 10% at 3 rounds and 2.9% at 4. With 3, two
    // consecutive runs (2026-12-01 05:12Z, AMD EPYC VM) said "no clear difference" and "json-buffer moved 1.41×" on
    // loopback for test3 (docs/speed.md)
    rounds: 3, maxTime: 0.2, benchmarkMaxTime: 0.06, minTime: 0.012, messages: 750, wsRounds: 4, slowLinkMessages: 75, slowLinkRounds: 4,
    // the transport comparison (test3, every transport's JSON and protobuf): 3 rounds, the fewest that can name a winner
    transportMessages: 200, transportSlowMessages: 32, transportRounds: 3, comparisonTransports: START_COMPARISON_TRANSPORTS,
    // the capacity headline (REST/JSON over http1 against gRPC/protobuf, one server core): one search each from
    // 1,000 msgs/s in 0.2 s probes with 4 bisections (to about 6%), the capacity then held for 1 s (lower shares of it
    // while that fails), then both at 1,000 msgs/s, 3 rounds of two quarter-second passes (a 95% interval of their
    // median needs six)
    capacity: { fromRate: 1000, probeSeconds: 0.2, steps: 4, searches: 1, sustainSeconds: 1, cpuRate: 1000, rounds: 3, rateSeconds: 0.25 },
    // no one-message loops (--full and benchmark_dss.js time them): at 0.2 s a case they read 3–120% RME, too loose
    // to state a bias, and test3's doubled its encode and decode groups' time (1.6 s of CPU each a process against
    // 0.8): about 8 s of npm start's 177–187 s on the AMD EPYC VM on a slow morning (2026-11-30 07:04Z–07:46Z, ab8fe97)
    oneMessage: null,
    // the loopback WebSocket pass's raw passes (the server ACKs without decoding: the decode share) on the slow-link
    // payload only: they double each payload's passes; the four other payloads' loopback passes took 15 s with them
    // and 11 s without, of npm start's 181–183 s on the AMD EPYC VM on slow evenings (2026-11-30 00:25Z and 01:26Z;
    // the machine probe read 0.04 operations per µs, against 0.1 on quiet mornings)
    rawPasses: 'slow-link',
    // memory: bytes per call only; the GC time per 1,000 calls (its own child process, one GC loop a case here, so no
    // spread to print beside it) is --full's and benchmark_dss.js's: it took 18 of the 24 s the memory pass took
    // here (2-core Intel Xeon VM, 2026-11-27), when `npm start` ran 188–202 s against its 180. Its warm-up is bounded by
    // calls (1,000), the time cap only a guard (2 s): a cap of 200 ms cut test4's warm-up short whenever the machine
    // was busy, and its bytes per call moved by 23% (memoryNodeFlags says why calls, not time). Its windows, too, are
    // sized by calls (≤ 2,000, and what half the young generation holds), the time cap again a guard (150 ms): at 50
    // ms it bound test4's cases (820–1,965 calls), so their windows, and the calls the code the codecs share had
    // seen by the next case, moved with the machine (Node 20.20.2: test4's protobuf-es decode 37,356 or 45,800 B)
    memory: { passes: /** @type {('allocation'|'gc')[]} */ (['allocation']), rounds: 4, warmupOps: 1000, maxOpsPerRound: 2000, gcRounds: 1, gcAllocationBytes: 32 * 2 ** 20, gcMinOps: 1000, warmupMs: 2000, maxMsPerRound: 150, gcMaxMsPerLoop: 400 },
  },
  full: {
    // the classic four, protobuf-es and msgpackr (benchmark_dss.js's default too)
    formats: DEFAULT_FORMATS,
    corpusSample: 1000,
    // speed: each ratio to ±2% at 95%, at most 6 s per case, every operation
    precision: { target: 0.02, sliceMs: 20, minPairs: 20, warmupMs: 2000 }, speedFilter: null,
    // the speed pass repeated in three fresh processes, one more at a time up to six while some ratio's processes
    // disagree (benchmark_dss.js's default too): a figure that depends on its process is flagged, and pooled over more
    speedProcesses: 3, speedMaxProcesses: 6,
    rounds: 7, maxTime: 6, benchmarkMaxTime: 1.5, messages: 30000, wsRounds: 7, slowLinkMessages: 2000, slowLinkRounds: 5, memory: {},
    transportMessages: 5000, transportSlowMessages: 480, transportRounds: 5, comparisonTransports: COMPARISON_TRANSPORTS,
    // the capacity pass in 0.5 s probes, 5 bisections and 1 s passes at the rate, three searches a side (the median
    // with their min–max), each capacity then held for CAPACITY_SUSTAIN_SECONDS
    capacity: { fromRate: 1000, probeSeconds: 0.5, steps: 5, searches: CAPACITY_SEARCHES, sustainSeconds: CAPACITY_SUSTAIN_SECONDS, cpuRate: 1000, rounds: 3, rateSeconds: 1 },
    oneMessage: { ops: OPERATIONS, payloads: 'all' }, rawPasses: 'all',
  },
};

/**
 * The slow link of the default run: an emulated mobile link (the OS shaper when it can shape it), pipelined
 * so that bandwidth, not the round trip, sets the pace: at 3g's 768 kbit/s up and 150 ms RTT, 32 messages
 * in flight keep the link busy for any bundled payload over 450 bytes (768 kbit/s × 150 ms is 14,400 bytes in flight).
 */
export const SLOW_LINK = { profile: '3g', window: 32 };

/**
 * How the speed pass timed, for the run's settings: the clock, the collection before each slice, the V8 flags and
 * the allocator's settings of the processes that timed: the fresh processes' own account where the pass ran in them
 * (they are started with flags and an environment this process lacks), else this process's.
 * @param {{ clock?: string, gc?: string|null, v8Flags?: string[], allocator?: string|null } | null | undefined} worker
 * @returns {{ clock: string, gc: string|null, v8Flags: string[], allocator: string|null }}
 */
export function timingOf(worker) {
  if (worker?.clock) return { clock: worker.clock, gc: worker.gc ?? null, v8Flags: worker.v8Flags ?? [], allocator: worker.allocator ?? null };
  return timingSettings();
}

/**
 * The WebSocket pass's server CPU per message at a fixed offered rate (lib/transmission/cpu-at-rate.js): every
 * format at 2,000 msgs/s, quarter-second passes each after an idle quarter second, two per round: over the default
 * run's three rounds six passes a format (enough for a 95% interval of their median: their min–max) in the time
 * three half-second passes with half-second idles took before.
 */
export const WS_CPU_AT_RATE = { rate: 2000, seconds: 0.25, passes: 2 };

/**
 * How the transport comparison loads the slow link: six connections (a browser's limit per host for HTTP/1.1)
 * of 8 messages in flight each. HTTP/1.1 without pipelining has one request per connection in flight, so REST
 * and Connect over HTTP/1.1 get six per round trip, as a browser's fetches do; the multiplexed transports (ws,
 * HTTP/2, gRPC) get 48, enough to fill 3g's bandwidth-delay product (about 14 KB) with any bundled payload.
 */
export const COMPARISON_SLOW_LINK = { window: 8, connections: 6 };

/**
 * The payload of the slow-link pass: test3 (a medium real-life object) when it is in the run, else the first.
 * @param {import('./payload/index.js').Payload[]} payloads
 */
export function slowLinkPayload(payloads) {
  return payloads.find((p) => p.id === 'test3') ?? payloads[0];
}

/**
 * The payloads a mode names for something it does on some payloads only: its `rawPasses` (whose loopback WebSocket
 * passes are each followed by a raw one, the server ACKing without decoding: the decode share) and its
 * `oneMessage.payloads` (whose speed cases are also timed on one message): 'slow-link' the slow-link pass's payload
 * alone, 'all' every payload.
 * @param {string} which 'slow-link' or 'all' (anything else is a bug: thrown)
 * @param {import('./payload/index.js').Payload[]} payloads
 * @returns {import('./payload/index.js').Payload[]}
 */
export function modePayloads(which, payloads) {
  if (which === 'all') return payloads;
  if (which === 'slow-link') return payloads.length ? [slowLinkPayload(payloads)] : [];
  throw new Error(`expected 'slow-link' or 'all', got ${JSON.stringify(which)}`);
}

export { TRANSMISSION_FORMATS };

/**
 * What the transport comparison runs: on each transport, the JSON and protobuf codecs it declares as its pair
 * (formatPair: json-buffer and protobufjs-static over ws and plain HTTP, Connect's own JSON and binary, gRPC's
 * protobuf), so every row is a deployment someone runs.
 * @param {string[]} names transport names
 * @returns {Promise<TransportComparison>}
 */
export async function planTransportComparison(names) {
  const { loadTransport } = await import('./transmission/transports/index.js');
  const { assignFormats, pairFormats } = await import('./transmission/pairs.js');
  const transports = await Promise.all(names.map((n) => loadTransport(n)));
  const codecs = await selectCodecs([...new Set(transports.flatMap(pairFormats))].join(','));
  const { codecsFor, skipped } = assignFormats(transports, codecs, { explicit: false });
  return { transports: names, codecsFor, skipped, libraries: transports.map((t) => t.library) };
}

/**
 * @typedef {{ transports: string[], codecsFor: Record<string, import('./codecs/index.js').CodecInfo[]>,
 *   skipped: Array<{ transport: string, format: string, reason: string }>, libraries?: string[] }} TransportComparison
 */

/** Who may send npm start's capacity pass (benchmark.js --capacity, beside 'none'). */
export const CAPACITY_GENERATORS = /** @type {const} */ (['auto', 'h2load', 'toolkit']);
/** @typedef {typeof CAPACITY_GENERATORS[number]} CapacityGenerator */

/**
 * What npm start's capacity pass runs: the headline's two cells, sent by h2load when it is on the PATH ('auto', or
 * asked for: 'h2load', refused in one line when missing or older than 1.44.0) or by the toolkit's own clients
 * ('toolkit', or 'auto' without a usable h2load; their gRPC client runs out before the server does, which the row
 * then says).
 * @param {CapacityGenerator} generator
 * @returns {Promise<CapacityPlan>}
 */
export async function planCapacity(generator) {
  const { chooseLoadGenerator } = await import('./transmission/h2load.js');
  const { loadTransport } = await import('./transmission/transports/index.js');
  // uploads, plain: auto takes h2load when a usable one is here
  const loadGenerator = chooseLoadGenerator(generator, { option: '--capacity' });
  const sides = [CAPACITY_HEADLINE.rest, CAPACITY_HEADLINE.grpc];
  const codecs = await selectCodecs(sides.map((c) => c.format).join(','));
  const transports = await Promise.all(sides.map((c) => loadTransport(c.transport)));
  return {
    transports: sides.map((c) => c.transport),
    codecsFor: Object.fromEntries(sides.map((c) => [c.transport, codecs.filter((k) => k.name === c.format)])),
    loadGenerator,
    libraries: transports.map((t) => t.library),
  };
}

/**
 * @typedef {{ transports: string[], codecsFor: Record<string, import('./codecs/index.js').CodecInfo[]>,
 *   loadGenerator: { name: 'toolkit', why?: string } | { name: 'h2load', version: string }, libraries: string[] }} CapacityPlan
 */

// Rough seconds each step takes, so the ETA weighs a WebSocket pass and a
// speed benchmark by what they cost rather than counting them equal.
/**
 * What the cost estimates read of a mode's settings.
 * @typedef {{ maxTime: number, messages: number, wsRounds: number, slowLinkMessages: number, slowLinkRounds: number,
 *   transportMessages: number, transportRounds: number, memory?: { warmupOps?: number }, speedFilter?: RegExp|null,
 *   capacity?: { fromRate: number, probeSeconds: number, steps: number, searches: number, sustainSeconds: number, cpuRate: number, rounds: number, rateSeconds: number } }} ModeSettings
 */
const cost = {
  sizes: () => 1,
  // a paired case: its warm-up, then its share of the slices until the target (the cap is maxTime)
  bench: (/** @type {ModeSettings} */ s) => 0.6 * s.maxTime + 0.2,
  // each format's warm-up chunks (up to about 1 s for the first, a third of it for the next: run.js PASS_WARMUP), then
  // a closed-loop pass per format and round, and a raw one beside it where the mode asks (rawPasses)
  /** @type {(s: ModeSettings, formats: number, raw: boolean, warm: boolean) => number} */
  ws: (s, formats, raw, warm) => 0.3 + (warm ? 0.6 * formats : 0) + (s.messages * formats * s.wsRounds * (raw ? 2 : 1)) / 4000,
  // the slow link moves about 100 KB/s up: a few seconds per pass
  /** @type {(s: ModeSettings, formats: number) => number} */
  slowLink: (s, formats) => 1 + (s.slowLinkMessages * formats * 2 * s.slowLinkRounds) / 150,
  // a server process per transport and round, then the messages (loopback, after each format's warm-up chunks, about
  // a second each), or the link's pace (slow link)
  /** @type {(s: ModeSettings, n: number, slow: boolean) => number} */
  transports: (s, n, slow) => (slow ? 0 : 2 * n) + s.transportRounds * n * (slow ? 2 : 0.8 + (2 * (s.transportMessages + 100)) / 3000),
  // per side and search a server start with h2load's warm-up (about a second on the Intel VM) and a search (a dozen
  // probes, a failing one probed twice), then a sustained pass or two and the passes at the rate
  /** @type {(s: ModeSettings) => number} */
  capacity: (s) => (s.capacity ? 2 * (1 + s.capacity.searches * (1 + 16 * (s.capacity.probeSeconds + 0.12)) + 1.5 * s.capacity.sustainSeconds + 2 * s.capacity.rounds * 2 * s.capacity.rateSeconds) : 0),
  // two child processes, then per case a share that grows with the calls the mode asks for
  /** @type {(s: ModeSettings, cases: number) => number} */
  memory: (s, cases) => 3 + cases * (s.memory?.warmupOps ?? 5000) / 7000,
};

/**
 * The memory pass's options for a mode: its settings, and only the operations its speed pass times (the default run
 * times encode and decode, with the round trip derived): a figure is attached to a speed row or nowhere, so memory
 * of an operation the mode does not show (to-plain, from-plain) would be measured for nothing — a fifth (3 of 15) of the
 * default run's memory pass, which took 21–24 s of a 188–198 s `npm start` on a 2-core Intel Xeon VM.
 * @param {ModeSettings} s
 */
export function memoryOptions(s) {
  return { ...(s.memory ?? {}), ...(s.speedFilter ? { filter: s.speedFilter } : {}) };
}

/** @typedef {import('./payload/index.js').Payload} Payload */
/** @typedef {import('./codecs/index.js').CodecInfo} CodecInfo */
/** @typedef {import('./transmission/rounds.js').TransmissionRow} TransmissionRow */
/** @typedef {ReturnType<typeof describePayload>} DescribedPayload */

/**
 * Whether a memory pass only counts bytes (its `passes` allocation alone): a core kept busy meanwhile does not change
 * what it measures, while the GC pass times.
 * @param {ReturnType<typeof memoryOptions>} options
 */
export const allocationOnly = (options) => {
  const { passes } = /** @type {{ passes?: string[] }} */ (options);
  return Array.isArray(passes) && !passes.includes('gc');
};

/**
 * The transmission passes' server.js processes, started while the memory pass runs (`when`): the WebSocket passes'
 * (one per payload and profile, and the slow link's) and the transport comparison's (one per transport), each as the
 * pass itself would start it (run.js startServerAhead), one after another. Eleven starts took 5–7 s of npm start's
 * 180 on the 2-core Intel VM between passes (2026-11-27); the memory pass only counts bytes allocated, which a busy
 * core does not change once its optimised code does not depend on the other core (memoryNodeFlags), and takes about
 * as long. A pass takes its server (`take`, null when none was started, its start failed or it has exited since: the
 * pass then starts its own, and says why if it cannot) and stops it after
 * (the comparison's kept ones stop with the comparison); `stop` ends any left (a run that failed).
 * @param {{ when: boolean, payloads: Payload[], transmissionCodecs: CodecInfo[], profiles: string[], messages: number,
 *   slowLink: { messages: number } | null, comparison: { transports: string[], codecsFor: Record<string, CodecInfo[]> } | null, comparisonMessages: number }} o
 */
export function serversAhead({ when, payloads, transmissionCodecs, profiles, messages, slowLink, comparison, comparisonMessages }) {
  /** @typedef {Awaited<ReturnType<typeof import('./transmission/run.js').startServerAhead>>} Started */
  /** @type {Map<string, Promise<Started>>} */
  const pending = new Map();
  /** @type {Set<NonNullable<Started>>} */
  const started = new Set();
  // one start at a time: a server.js start is a core busy for about half a second (Node and the libraries loading),
  // eleven at once kept both cores busy and the memory pass beside them took 9–10 s instead of 6
  /** @type {Promise<unknown>} */
  let previous = Promise.resolve();
  /** @param {string} key @param {Parameters<typeof import('./transmission/run.js').startServerAhead>[0]} options */
  const start = (key, options) => {
    const server = previous.then(() => import('./transmission/run.js'))
      .then(({ startServerAhead }) => startServerAhead(options))
      .then((s) => { if (s) started.add(s); return s; }, () => null);
    previous = server;
    pending.set(key, server);
  };
  if (when) {
    if (transmissionCodecs.length) {
      for (const p of payloads) for (const profile of profiles) start(`ws ${p.id} ${profile}`, { payload: p, codecs: transmissionCodecs, messages });
      if (slowLink) start('ws slow link', { payload: slowLinkPayload(payloads), codecs: transmissionCodecs, messages: slowLink.messages, deflate: 'both' });
    }
    for (const t of comparison?.transports ?? []) {
      if (comparison?.codecsFor[t]?.length) start(`transport ${t}`, { payload: slowLinkPayload(payloads), codecs: comparison.codecsFor[t], transport: t, messages: comparisonMessages });
    }
  }
  return {
    /** Resolves once every start has ended, started or not. */
    ready: async () => { await Promise.all(pending.values()); },
    /** The server started for a pass, handed over once (null: none, or one that has exited since). @param {string} key */
    take: async (key) => {
      const pendingServer = pending.get(key);
      pending.delete(key);
      const server = pendingServer ? await pendingServer : null;
      // a server that died while it waited would fail its whole pass: the pass starts its own instead
      return server && server.child.exitCode === null && server.child.signalCode === null ? server : null;
    },
    /** Stops every server started here (stopping one twice does nothing). */
    stop: async () => {
      await Promise.all(pending.values());
      await Promise.allSettled([...started].map((server) => server.stop()));
      started.clear();
    },
  };
}

/**
 * measureTransmission (lib/transmission/run.js) as runSuite calls it and reads its answer: the real function
 * satisfies this; tests inject a stand-in.
 * @typedef {(options: { payload: Payload, codecs: CodecInfo[], messages: number, profile: string, rounds: number,
 *   rawPasses?: boolean, window?: number, deflate?: 'both', cpuAtRate?: { rate: number, seconds: number } | null,
 *   server?: NonNullable<Awaited<ReturnType<typeof import('./transmission/run.js').startServerAhead>>> }) => Promise<{ payload: DescribedPayload,
 *   settings: import('./results/index.js').TransmissionSettings, results: TransmissionRow[],
 *   verdicts: ReturnType<typeof import('./transmission/rounds.js').pairVerdict>[], cpuAtRate?: import('./results/index.js').TransmissionEntry['cpuAtRate'] | null }>} MeasureTransmission
 */

/**
 * measureTransportMatrix (lib/transmission/matrix.js) as runSuite calls it and reads its answer: the real function
 * satisfies this; tests inject a stand-in.
 * @typedef {(options: { transports: string[], codecs: Record<string, CodecInfo[]>, skipped: TransportComparison['skipped'],
 *   payload: Payload, messages: number, profile: string, window: number, connections: number, rounds: number,
 *   servers: Map<string, import('./transmission/matrix.js').KeptServer> }) => Promise<
 *   { payload: DescribedPayload } & Required<Pick<import('./results/index.js').TransportEntry, 'settings' | 'results' | 'verdicts' | 'named' | 'skipped'>>>} MeasureTransportMatrix
 */

/**
 * measureCapacity (lib/transmission/capacity.js) as runSuite calls it: the real function satisfies this; tests
 * inject a stand-in.
 * @typedef {(options: Parameters<typeof import('./transmission/capacity.js').measureCapacity>[0]) => ReturnType<typeof import('./transmission/capacity.js').measureCapacity>} MeasureCapacity
 */

/**
 * What runSuite tells its onProgress: the plan first (steps and their total work, in any unit), then each step
 * as it ends (label, steps done, its share of the work), then the end.
 * @typedef {{ kind: 'start', total: number, work: number } | { kind: 'step', label: string, steps: number, share: number } | { kind: 'end' }} SuiteProgress
 */

/**
 * Runs the whole suite: for each payload sizes and speed, then the loopback
 * WebSocket pass per payload and profile, then the optional batch scaling,
 * reporting progress as it goes.
 * @param {object} options
 * @param {'quick'|'default'|'full'} options.mode
 * @param {import('./payload/index.js').Payload[]} options.payloads
 * @param {import('./codecs/index.js').CodecInfo[]} options.codecs
 * @param {import('./codecs/index.js').CodecInfo[]} options.transmissionCodecs codecs of the WebSocket pass ([] skips it)
 * @param {string[]} [options.profiles] link profiles of the WebSocket pass ('none' = plain loopback)
 * @param {{ profile: string, window: number } | null} [options.slowLink] a pipelined pass over this link
 *   profile for one payload (slowLinkPayload), with the mode's slowLinkMessages, each format plain and with
 *   permessage-deflate (null: none)
 * @param {TransportComparison | null} [options.transportComparison] every transport's JSON and protobuf on one
 *   payload (slowLinkPayload), on loopback and, when slowLink is set, over that link (planTransportComparison)
 * @param {MeasureTransportMatrix} [options.measureTransportMatrix] injected by tests; the real one otherwise
 * @param {CapacityPlan | null} [options.capacity] the capacity headline's short pass on the slow-link payload (planCapacity)
 * @param {MeasureCapacity} [options.measureCapacity] injected by tests; the real one otherwise
 * @param {typeof measureOperationMemory} [options.measureMemory] the memory pass (lib/measure/operation-memory.js),
 *   injected by tests
 * @param {{ payload: import('./payload/index.js').Payload, counts: number[] } | null} [options.batch]
 * @param {Partial<typeof MODES.default>} [options.overrides] settings that replace the mode's
 * @param {boolean} [options.memory] run the memory pass (bytes allocated and GC time per operation; default true)
 * @param {string} [options.command] the command line, recorded in the results
 * @param {(event: SuiteProgress) => void} [options.onProgress] told the plan, each step as it ends, and the end
 *   (lib/cli/progress.js's progressReporter turns these into the progress line)
 * @param {MeasureTransmission} [options.measureTransmission] injected by tests; the real one otherwise
 * @param {import('./runtimes/matrix/matrix.js').RuntimeEntry[]} [options.runtimes] also measure speed on these (--runtimes)
 * @returns {Promise<import('./results/index.js').Results>} the results object (see README, results.json format)
 */
export async function runSuite({
  mode = 'default', payloads, codecs, transmissionCodecs = [], profiles = ['none'], slowLink = null, batch = null,
  overrides = {}, memory = true, command = '', onProgress = () => {}, measureTransmission, runtimes = [],
  transportComparison = null, measureTransportMatrix, capacity = null, measureCapacity, measureMemory = measureOperationMemory,
}) {
  const createdAt = new Date().toISOString();
  // the machine's CPU ticks now, for the share its host took during the run (environment.steal)
  const started = cpuTicks();
  const s = { ...MODES[mode], ...overrides };
  // Benchmark.js rounds, for the runtime matrix (--runtimes): `rounds` and `benchmarkMaxTime` are its
  const speedOptions = { rounds: s.rounds, maxTime: s.benchmarkMaxTime ?? s.maxTime, ...(s.minTime ? { minTime: s.minTime } : {}) };
  // the paired timer (lib/measure/paired.js) for the speed pass; the runtime matrix keeps Benchmark.js rounds
  const pairedOptions = { timer: /** @type {const} */ ('paired'), maxTime: s.maxTime, precision: s.precision ?? {}, ...(s.speedFilter ? { filter: s.speedFilter } : {}) };
  const batchFilter = /(encode|decode)$/; // the round trip adds nothing to how size and time grow with N

  const prepared = payloads.map((p) => prepareCodecs(codecs, p));
  const biasPayloads = s.oneMessage?.ops.length ? modePayloads(s.oneMessage.payloads, payloads) : [];
  // the payloads whose loopback WebSocket passes each get a raw pass beside them (the decode share)
  const rawPayloads = modePayloads(s.rawPasses, payloads);
  const oneMessageOf = (/** @type {import('./payload/index.js').Payload} */ p) => (biasPayloads.includes(p) ? s.oneMessage?.ops ?? [] : []);
  /** @type {(ps: import('./verify.js').Prepared[], i?: number) => number} */
  const benches = (ps, i = -1) => benchmarkCount(ps, payloads[i] ?? { value: null }, { filter: s.speedFilter ?? undefined, oneMessage: i < 0 ? [] : oneMessageOf(payloads[i]) });
  const comparisonLinks = transportComparison
    ? [
      { profile: 'none', window: 1, connections: 1, messages: s.transportMessages },
      ...(slowLink ? [{ profile: slowLink.profile, ...COMPARISON_SLOW_LINK, messages: s.transportSlowMessages }] : []),
    ]
    : [];
  const capacityRun = capacity && s.capacity ? { ...capacity, settings: s.capacity } : null;
  const memoryCases = prepared.reduce((n, ps) => n + benches(ps) / s.rounds, 0);
  const plan = [
    // the harness's own figures, once per run, before any payload
    { n: 1, work: 3 * cost.bench(s) },
    // every case is timed in each of the speed pass's processes
    ...payloads.map((_, i) => ({ n: 1 + benches(prepared[i], i), work: cost.sizes() + benches(prepared[i], i) * cost.bench(s) * (s.speedProcesses ?? 1) })),
    // in the order the steps run: the memory pass, then the other runtimes
    ...(memory ? [{ n: 1, work: cost.memory(s, memoryCases) }] : []),
    ...(runtimes.length ? [{ n: s.rounds * runtimes.length, work: runtimes.length * (2 + payloads.reduce((t, _, i) => t + benches(prepared[i]) * cost.bench(s), 0)) }] : []),
    ...(transmissionCodecs.length ? payloads.flatMap((p) => profiles.map((profile) => ({ n: 1, work: cost.ws(s, transmissionCodecs.length, profile === 'none' && rawPayloads.includes(p), profile === 'none') }))) : []),
    ...(transmissionCodecs.length && slowLink ? [{ n: 1, work: cost.slowLink(s, transmissionCodecs.length) }] : []),
    ...(comparisonLinks.map((link) => ({ n: 1, work: cost.transports(s, transportComparison?.transports.length ?? 0, link.profile !== 'none') }))),
    ...(capacityRun ? [{ n: 1, work: cost.capacity(s) }] : []),
    ...(batch ? batch.counts.map((n) => ({
      n: 1 + codecs.length * 2 * s.rounds,
      work: cost.sizes() * (1 + n / 100) + codecs.length * 2 * s.rounds * (cost.bench(s) + n / 2000),
    })) : []),
  ];
  const total = plan.reduce((t, x) => t + x.n, 0);
  onProgress({ kind: 'start', total, work: plan.reduce((t, x) => t + x.work, 0) });
  const progress = {
    /** @type {(label: string, steps?: number, share?: number) => void} */
    tick: (label, steps = 1, share = steps) => onProgress({ kind: 'step', label, steps, share }),
    end: () => onProgress({ kind: 'end' }),
  };
  const unitWork = (/** @type {number} */ i) => plan[i].work / plan[i].n;
  let step = 0;

  // what the harness alone costs and what no operation can beat, measured once: the rows are judged against it
  const harness = measureHarness({ rounds: 1, maxTime: Math.max(s.maxTime, 0.1), minTime: s.minTime });
  progress.tick('harness (empty loops, memory copy)', 1, plan[step++].work);
  /** @type {import('./results/index.js').PayloadResults[]} */
  const payloadResults = [];
  /** @type {unknown} */
  let timerAgreement = null;
  // the speed pass in fresh processes, one after the other: one per group of codecs that share no library (two
  // codecs of one library bend each other's figures in one process: lib/runtimes/run/processes.js), each group in
  // speedProcesses processes (3 by default and with --full, --full up to speedMaxProcesses while ratios disagree), merged
  // (figures that depend on their process flagged)
  const groups = libraryGroups(codecs);
  const speedWork = payloads.reduce((t, _, i) => t + benches(prepared[i], i) * cost.bench(s) * (s.speedProcesses ?? 1), 0);
  const inProcesses = (s.speedProcesses ?? 1) > 1 || groups.length > 1
    ? await (async () => {
      const planned = (s.speedProcesses ?? 1) * groups.length;
      progress.tick(`speed in ${processPlanText(s.speedProcesses ?? 1, s.speedMaxProcesses, groups.length)}…`, 0, 0);
      return measureSpeedInProcesses({
        payloads, codecs, processes: s.speedProcesses ?? 1, maxProcesses: s.speedMaxProcesses, maxTime: s.maxTime, precision: s.precision ?? {}, filter: s.speedFilter ?? null,
        oneMessage: payloads.map(oneMessageOf), harness,
        // each process's share of the payloads' speed work, so that the time left is estimated as the run goes
        // (processes added past the plan, while ratios disagree, have no share of the estimate left)
        onProcess: (n, total) => progress.tick(`speed: process ${n} of ${total}`, 0, n <= planned ? speedWork / planned : 0),
      });
    })()
    : null;
  for (let i = 0; i < payloads.length; i++, step++) {
    const p = payloads[i];
    const sizes = measureSizes(prepared[i], p).codecs;
    const corpusSizes = await measureCorpusSizes(prepared[i], p, { sample: s.corpusSample });
    progress.tick(`${p.id} sizes`, 1, inProcesses ? cost.sizes() : unitWork(step));
    const { results: speed, notTimed, settings: { corpus, oneMessageOps, splitTime, precision, timerCheck }, skipped } = inProcesses?.[i] ?? measureSpeed(prepared[i], p, {
      ...pairedOptions, oneMessage: oneMessageOf(p), harness, timerCheck: i === payloads.length - 1,
      onProgress: (e) => progress.tick(`${p.id} ${e.name}`, 1, unitWork(step)),
    });
    if (inProcesses) progress.tick(`${p.id} speed (fresh processes)`, plan[step].n - 1, 0);
    // the payload it was timed on, which the report names and shows it under (never under another's table)
    if (timerCheck) timerAgreement = { ...timerCheck, payload: p.id };
    const corpusSkipped = skipped.filter((/** @type {{ format: string }} */ x) => !sizes.some((c) => c.format === x.format && c.bytes == null));
    payloadResults.push({
      payload: describePayload(p), sizes, corpusSizes: { corpus: corpusSizes.corpus, codecs: corpusSizes.codecs },
      speed, notTimed, speedCorpus: { corpus, oneMessageOps, splitTime, skipped: corpusSkipped, ...(precision && { precision }) },
    });
  }
  let across = null;
  /** @type {import('./results/index.js').TransmissionEntry[]} */
  const transmission = [];
  let breakEven = null;
  const transports = [];
  // the transmission passes' servers, started while the memory pass runs (ServersAhead)
  const ahead = serversAhead({
    when: memory && allocationOnly(memoryOptions(s)), payloads, transmissionCodecs: measureTransmission ? [] : transmissionCodecs, profiles,
    messages: s.messages, slowLink: slowLink && { messages: s.slowLinkMessages }, comparison: measureTransportMatrix ? null : transportComparison, comparisonMessages: s.transportMessages,
  });
  try {
    if (memory) {
      // a pass of its own, after every payload's timing, in child processes
      progress.tick('memory per operation (child processes)…', 0, 0);
      const figures = await measureMemory(payloads, codecs, memoryOptions(s));
      payloadResults.forEach((r, i) => { r.speed = attachMemory(r.speed, figures[i]); });
      progress.tick('memory per operation', 1, plan[step++].work);
    }
    // nothing else runs while a server is still starting
    await ahead.ready();

    if (runtimes.length) {
      const { measureAcrossRuntimes } = await import('./runtimes/matrix/matrix.js');
      across = await measureAcrossRuntimes({
        runtimes, payloads, codecs, ...speedOptions, onProgress: (e) => progress.tick(e.label, 1, unitWork(step)),
      });
      across.results.forEach((r, i) => { payloadResults[i].runtimes = r.runtimes; });
      step++;
    }

    if (transmissionCodecs.length) {
      /** @type {MeasureTransmission} */
      const measure = measureTransmission ?? (await import('./transmission/run.js')).measureTransmission;
      for (const p of payloads) {
        for (const profile of profiles) {
          // server CPU per message at one offered rate (issue 21), on the slow-link payload only: a few seconds
          const cpuAtRate = profile === 'none' && p === slowLinkPayload(payloads) ? WS_CPU_AT_RATE : null;
          const server = await ahead.take(`ws ${p.id} ${profile}`);
          const rawPasses = profile === 'none' && rawPayloads.includes(p);
          const run = await measure({ payload: p, codecs: transmissionCodecs, messages: s.messages, profile, rounds: s.wsRounds, rawPasses, cpuAtRate, ...(server && { server }) });
          await server?.stop();
          transmission.push({ payload: p.id, profile, settings: run.settings, results: run.results, verdicts: run.verdicts, ...(run.cpuAtRate ? { cpuAtRate: run.cpuAtRate } : {}) });
          progress.tick(`${p.id} WebSocket, profile ${profile}`, 1, unitWork(step++));
        }
      }
      if (slowLink) {
        const p = slowLinkPayload(payloads);
        const server = await ahead.take('ws slow link');
        const run = await measure({
          payload: p, codecs: transmissionCodecs, messages: s.slowLinkMessages, profile: slowLink.profile, window: slowLink.window, rounds: s.slowLinkRounds,
          // on a slow link the question is also "protobuf, or JSON plus deflate?"
          deflate: 'both', ...(server && { server }),
        });
        await server?.stop();
        const shaped = { payload: p.id, profile: slowLink.profile, settings: run.settings, results: run.results, verdicts: run.verdicts };
        transmission.push(shaped);
        const loopback = transmission.find((t) => t.payload === p.id && t.profile === 'none');
        if (loopback && run.settings.link) breakEven = breakEvenReport(loopback, shaped);
        progress.tick(`${p.id} WebSocket, slow link ${slowLink.profile}`, 1, unitWork(step++));
      }
    }

    // every transport's JSON and protobuf on one payload, rounds interleaving transports and formats
    if (transportComparison) {
      /** @type {MeasureTransportMatrix} */
      const matrix = measureTransportMatrix ?? (await import('./transmission/matrix.js')).measureTransportMatrix;
      const p = slowLinkPayload(payloads);
      // one server per transport for both links, started during the memory pass (serversAhead; or by the loopback pass
      // when none was), warmed by the loopback pass; the slow link's finds them warm (six server starts fewer: the 3g
      // pass took 28-29 s instead of 31 s)
      /** @type {Map<string, import('./transmission/matrix.js').KeptServer>} the matrix's kept servers, stopped here */
      const servers = new Map();
      try {
        for (const t of transportComparison.transports) {
          const server = await ahead.take(`transport ${t}`);
          if (server) servers.set(t, server);
        }
        for (const link of comparisonLinks) {
          const run = await matrix({
            transports: transportComparison.transports, codecs: transportComparison.codecsFor, skipped: transportComparison.skipped,
            payload: p, messages: link.messages, profile: link.profile, window: link.window, connections: link.connections, rounds: s.transportRounds, servers,
          });
          transports.push({
            payload: p.id, profile: link.profile, settings: run.settings, results: run.results,
            named: run.named, verdicts: run.verdicts, skipped: run.skipped,
          });
          progress.tick(`${p.id} transports, ${link.profile === 'none' ? 'loopback' : `link ${link.profile}`}`, 1, unitWork(step++));
        }
      } finally {
        await (await import('./transmission/matrix.js')).stopServers(servers);
      }
    }
  } finally {
    await ahead.stop();
  }

  // the capacity headline: one server core's REST/JSON (http1) and gRPC/protobuf (grpc) under the p99 target, and
  // the server's CPU for each at one fixed rate (lib/transmission/capacity.js)
  let capacityResult = null;
  let capacitySettings = null;
  if (capacityRun) {
    /** @type {MeasureCapacity} */
    const measure = measureCapacity ?? (await import('./transmission/capacity.js')).measureCapacity;
    const p = slowLinkPayload(payloads);
    const c = capacityRun.settings;
    const link = { connections: CAPACITY_LOAD.connections, window: CAPACITY_LOAD.window };
    // a side this payload cannot travel on (a schema buf refuses: no gRPC service) is skipped with its reason, the
    // other measured alone
    const { capacityRefusals } = await import('./transmission/capacity.js');
    const sendable = await capacityRefusals(p, capacityRun.codecsFor, capacityRun.transports);
    const transports = sendable.transports.length ? await measure({
      payload: p, codecsFor: sendable.codecsFor, transports: sendable.transports, targetP99Ms: CAPACITY_TARGET_P99_MS, loadGenerator: capacityRun.loadGenerator,
      search: { fromRate: c.fromRate, seconds: c.probeSeconds, steps: c.steps, searches: c.searches, sustainSeconds: c.sustainSeconds }, atHalf: { rounds: c.rounds, seconds: c.rateSeconds, rate: c.cpuRate }, link,
    }) : [];
    const { loadGeneratorSettings } = await import('./transmission/h2load.js');
    capacitySettings = { payload: p.id, transports: capacityRun.transports, targetP99Ms: CAPACITY_TARGET_P99_MS, direction: /** @type {const} */ ('up'), ...c, ...link, ...loadGeneratorSettings(capacityRun.loadGenerator) };
    capacityResult = { payload: p.id, transports, ...(sendable.skipped.length && { skipped: sendable.skipped }) };
    progress.tick(`${p.id} capacity, ${capacityRun.transports.join(' and ')}`, 1, unitWork(step++));
  }

  let batchResult = null;
  if (batch) {
    const steps = [];
    for (const n of batch.counts) {
      const bp = batchPayload(batch.payload, n);
      const bprep = prepareCodecs(codecs, bp);
      const sizes = measureSizes(bprep, bp).codecs;
      progress.tick(`batch ×${n} sizes`, 1 + (codecs.length - bprep.filter(measurable).length) * 2 * s.rounds, unitWork(step));
      const speed = measureSpeed(bprep, bp, {
        ...pairedOptions, filter: batchFilter,
        onProgress: (e) => progress.tick(`batch ×${n} ${e.name}, round ${e.round}`, 1, unitWork(step)),
      }).results.map((r) => ({ ...r, itemsPerSec: r.opsPerSec * n }));
      steps.push({ n, jsonBytes: bp.jsonBytes, sizes, speed });
      step++;
    }
    batchResult = { payload: describePayload(batch.payload), counts: batch.counts, steps };
  }
  progress.end();

  const comparisonCodecs = transportComparison ? Object.values(transportComparison.codecsFor).flat() : [];
  const libraries = [...codecs, ...transmissionCodecs, ...comparisonCodecs].map((c) => c.library);
  if (transmissionCodecs.length) libraries.push('ws');
  libraries.push(...(transportComparison?.libraries ?? []));
  libraries.push(...(capacityRun?.libraries ?? []));
  const allCodecs = [...new Map([...codecs, ...transmissionCodecs, ...comparisonCodecs].map((c) => [c.name, c])).values()];
  return {
    format: RESULTS_FORMAT,
    createdAt,
    command,
    settings: {
      mode,
      payloads: payloads.map((p) => p.id),
      formats: codecs.map((c) => c.name),
      speed: {
        rounds: 1, maxTime: s.maxTime, timer: 'paired', processes: inProcesses?.[0]?.settings.processes ?? s.speedProcesses ?? 1,
        processRange: [s.speedProcesses, s.speedMaxProcesses],
        // the codecs of each process: no two of one library (the baseline's aside) share one
        processGroups: groups.map((g) => g.map((c) => c.name)),
        precision: { ...PRECISION_DEFAULTS, wallFactor: WALL_FACTOR, wallBudget: null, ...s.precision, ...timingOf(inProcesses?.[0]?.settings.precision) }, filter: s.speedFilter ? String(s.speedFilter) : null,
        ...(across && { runtimeRounds: speedOptions }),
        // the operations this mode times (the default leaves the conversions to --full)
        timerCheck: timerAgreement, baseline: BASELINE, operations: OPERATIONS.filter((op) => !s.speedFilter || s.speedFilter.test(`format ${op}`)), harness,
        oneMessage: {
          ops: s.oneMessage?.ops ?? [], payloads: s.oneMessage?.payloads === 'all' ? 'all' : biasPayloads.map((p) => p.id),
        },
      },
      memory: memory ? { ...MEMORY_DEFAULTS, ...s.memory } : null,
      corpusSizes: { ...CORPUS_DEFAULTS, sample: s.corpusSample ?? CORPUS_DEFAULTS.sample },
      transmission: transmissionCodecs.length
        ? {
          formats: transmissionCodecs.map((c) => c.name), messages: s.messages, rounds: s.wsRounds, window: 1, connections: 1, profiles,
          // the payloads whose loopback passes were each followed by a raw one (the decode share)
          rawPasses: profiles.includes('none') ? rawPayloads.map((p) => p.id) : [],
          slowLink: slowLink ? { ...slowLink, payload: slowLinkPayload(payloads).id, messages: s.slowLinkMessages, rounds: s.slowLinkRounds } : null,
        }
        : null,
      transports: transportComparison
        ? {
          payload: slowLinkPayload(payloads).id, transports: transportComparison.transports, rounds: s.transportRounds,
          links: comparisonLinks.map(({ profile, window, connections, messages }) => ({ profile, window, connections, messages })),
        }
        : null,
      capacity: capacitySettings,
      // the batch pass is timed in this process, not in the speed pass's fresh ones: its own timing settings
      batch: batch ? { payload: batch.payload.id, counts: batch.counts, operations: ['encode', 'decode'], timing: timingSettings() } : null,
      ...(across && { runtimes: across.runtimes.map((r) => r.runtime) }),
    },
    environment: describeEnvironment(libraries, { since: started }),
    units: UNITS,
    codecs: allCodecs.map((c) => ({
      format: c.name, description: c.description, library: c.library, version: c.version, kind: c.kind, normalise: c.normalise ?? [], decoded: c.decoded ?? null,
      mediaType: c.mediaType ?? null,
    })),
    ...(across && { runtimes: across.runtimes }),
    payloads: payloadResults,
    transmission,
    transports,
    breakEven,
    capacity: capacityResult,
    batch: batchResult,
  };
}

