#!/usr/bin/env node
// Data serialization speed, in paired slices (or Benchmark.js rounds with --timer benchmark): encode (native form → bytes), decode (bytes →
// native form), both, and the conversions to and from plain objects where a codec has them (docs/speed.md);
// then, in child processes of their own, bytes allocated and GC time per operation.
import { numberOption, parseCli, PAYLOAD_OPTIONS, payloadSourceUsage, payloadSynopsis, regexOption, resolveSelection, runCli, usageEntry } from './lib/cli/index.js';
import { loadCodecs } from './lib/codecs/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { attachMemory, benchmarkCount, measureHarness, measureSpeed, OPERATIONS } from './lib/measure/speed.js';
import { UserError } from './lib/errors.js';
import { measureOperationMemory } from './lib/measure/operation-memory.js';
import { MODES } from './lib/suite.js';
import { codecListTable, payloadHeading, speedTable } from './lib/report/rows.js';
import { createProgress } from './lib/cli/progress.js';
import { prepareCodecs } from './lib/verify.js';
import { refuseRuntimeOptionsAlone, RUNTIME_OPTIONS, runtimeUsage, speedAcrossRuntimesCli } from './lib/cli/runtimes.js';
import { SHAPES, shapePayloads } from './lib/payload/shapes.js';
import { PRECISION_OPTIONS, precisionFromOptions, precisionUsage, refuseOtherTimersOptions } from './lib/cli/speed.js';
import { libraryGroups, measureSpeedInProcesses, processPlanText } from './lib/runtimes/run/processes.js';
import { SLOWED_BASELINE_BELOW } from './lib/measure/slowed.js';
import { speedPrecisionLine } from './lib/report/answer.js';
import { measureShapes, SHAPE_FILTER } from './lib/measure/shapes.js';
import { shapesReport } from './lib/report/shapes.js';
import { DEFAULT_FORMATS, selectCodecs } from './lib/codecs/index.js';

/** The paired timer's defaults here: each ratio to ±5% at 95% in 20 ms slices, after at most 0.5 s of warm-up. */
const PAIRED_DEFAULTS = { target: 0.05, warmupMs: 500, sliceMs: 20 };

/** The paired timer's time cap per case, in seconds of CPU. */
const PAIRED_MAX_TIME = 1.5;

/** Fresh processes at most by default: after the first three, one more at a time while some ratio's processes disagree (or too few ran at full speed). */
const MAX_ROUNDS = 6;

/** Seconds per benchmark per round of --shapes: 14 families × 6 codecs × 2 ops × 3 rounds take ~3 minutes. */
const SHAPES_MAX_TIME = 0.15;

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  ...PRECISION_OPTIONS,
  timer: { type: 'string', default: 'paired' },
  rounds: { type: 'string' },
  'max-rounds': { type: 'string' },
  'max-time': { type: 'string' },
  'min-time': { type: 'string' },
  shapes: { type: 'boolean', default: false },
  filter: { type: 'string' },
  'one-message': { type: 'string', default: 'encode,decode' },
  list: { type: 'boolean', default: false },
  ...RUNTIME_OPTIONS,
  'no-memory': { type: 'boolean', default: false },
};

const USAGE = `usage: node benchmark_dss.js ${payloadSynopsis('N ...')}
                             [options]
       node benchmark_dss.js --shapes [FAMILY ...] [--formats a,b] [--rounds R] [--max-time S] [--min-time S] [--json]
  N               bundled payload 1–5 (default: all five)
${payloadSourceUsage(OPTIONS, { column: 18 })}
${usageEntry('--shapes', 'the type-by-type micro-suite: families of messages that each hold one kind of value '
    + `(${SHAPES.map((s) => s.id).join(', ')}; default all), each a seeded corpus of distinct messages with an inferred `
    + 'schema; per family and codec, bytes and encode/decode speed against JSON '
    + `(default --max-time ${SHAPES_MAX_TIME}; no memory pass)`, 18)}
  Speed is timed in paired slices (docs/speed.md, "Paired slices"): per operation, every codec takes turns with
  the baseline (json-buffer) in short slices after a warm-up, each ratio is the median of its pairs with a 95%
  interval, measured to a precision rather than to a clock; the round trip is derived from encode and decode.
${precisionUsage(PAIRED_DEFAULTS)}
  --max-time S    time cap per case, in seconds of CPU, pooled over an operation's cases (default ${PAIRED_MAX_TIME}; with
                  --timer benchmark: seconds Benchmark.js spends on each benchmark in each round, default 0.75)
  --rounds R      fresh processes, one after the other, that each measure every ratio (default 3; when some
                  ratio's processes disagree after them, more up to --max-rounds); each row pools the
                  processes' pairs and is flagged when they disagree beyond their intervals. A process can run
                  whole in a slow stretch of the machine, which pairing inside it cannot see: three runs'
                  ratios spread up to 34% here with 1 process, 6.8–14.5% with 3, 6.7–17.0% with 6 (a whole run
                  can shift too: docs/speed.md, "The precision reached"). Given alone, exactly R. With --timer
                  benchmark: interleaved Benchmark.js rounds, default 3
  --max-rounds M  at most M processes, added one at a time while some ratio's processes disagree or fewer
                  than two of them ran at full speed (default ${MAX_ROUNDS} without --rounds, else exactly --rounds); a
                  process whose baseline ran below ${SLOWED_BASELINE_BELOW * 100}% of the fastest the run saw, its ratio no
                  higher, ran on a slowed machine and is set aside (docs/speed.md, "A slowed
                  machine"); processes at full speed that disagree never come to agree by adding
                  more, so in practice it is mostly R or M
  --timer T       paired (default) or benchmark: Benchmark.js runs in interleaved rounds, the rounds' median and
                  min–max (the toolkit's timer before the paired slices; the runtime matrix still uses it)
  --min-time S    --timer benchmark: seconds per sample, Benchmark.js's minTime (default its own, 0.05)
  --filter REGEX  only benchmarks whose "format op" name matches, e.g. 'protobufjs|decode'
                  (ops: encode, decode, roundtrip, to-plain, from-plain; docs/speed.md says what each times)
  --one-message OPS  operations also timed on the first message alone, beside the corpus run, for the
                  one-message bias: a comma list, 'all' or 'none' (default: encode,decode). Every figure
                  is over the payload's corpus of distinct messages (docs/speed.md, "Streams of messages")
  --formats a,b   codecs to measure ('all' for every available one; default:
                  ${DEFAULT_FORMATS.join(',')})
  --no-memory     skip the memory pass (bytes allocated per op on the JS heap and off it, GC ms per 1,000 ops),
                  which runs after the timing, in child processes (docs/speed.md, "Memory per operation")
  --list          list every codec with its library, version and kind, and exit
  --json          print the results as one JSON object
${runtimeUsage({ column: 18, adds: 'the speed suite on each runtime, as a runtime × codec matrix per payload and operation' })}`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  refuseRuntimeOptionsAlone(values);
  if (values.list) return void console.log(codecListTable(await loadCodecs()));
  if (values.timer !== 'paired' && values.timer !== 'benchmark') throw new UserError(`--timer: expected paired or benchmark, got ${JSON.stringify(values.timer)}`);
  // --shapes and --runtimes time in Benchmark.js rounds
  const paired = values.timer === 'paired' && !values.shapes && values.runtimes === undefined;
  const rounds = numberOption(values.rounds ?? '3', 'rounds', { min: 1, integer: true });
  if (values['max-rounds'] !== undefined && !paired) throw new UserError(`--max-rounds ${values['max-rounds']}: an option of the paired timer's processes, which ${values.shapes ? '--shapes' : values.runtimes !== undefined ? '--runtimes' : '--timer benchmark'} does not use`);
  // fresh processes at most: a given --rounds is exact unless --max-rounds widens it
  const maxRounds = values['max-rounds'] === undefined ? (values.rounds === undefined ? MAX_ROUNDS : rounds)
    : numberOption(values['max-rounds'], 'max-rounds', { min: 1, integer: true });
  if (maxRounds < rounds) throw new UserError(`--max-rounds ${maxRounds} is fewer than --rounds ${rounds}${values.rounds === undefined ? ' (the default; give --rounds too)' : ''}`);
  // whether processes disagree takes two of them
  if (maxRounds > rounds && rounds < 2) throw new UserError(`--max-rounds ${maxRounds} with --rounds ${rounds}: processes are added only where two disagree; give --rounds 2 or more`);
  const maxTime = numberOption(values['max-time'] ?? String(values.shapes ? SHAPES_MAX_TIME : paired ? PAIRED_MAX_TIME : 0.75), 'max-time', { min: 0.01 });
  const minTime = values['min-time'] === undefined ? undefined : numberOption(values['min-time'], 'min-time', { min: 0.005 });
  if (minTime !== undefined && minTime > maxTime) throw new UserError(`--min-time ${minTime} is longer than --max-time ${maxTime}`);
  refuseOtherTimersOptions(values, paired, values.shapes ? '--shapes' : values.runtimes !== undefined ? '--runtimes' : '--timer benchmark');
  const precision = paired ? precisionFromOptions(values, maxTime, PAIRED_DEFAULTS) : undefined;
  if (values.shapes) return shapesCli(values, positionals, { rounds, maxTime, minTime });
  const filter = regexOption(values.filter, 'filter');
  const oneMessage = oneMessageOption(values['one-message']);
  if (values.runtimes !== undefined) return speedAcrossRuntimesCli({ values, positionals, rounds, maxTime, minTime, filter });
  const { payloads, codecs } = await resolveSelection(values, positionals);
  // a filter no "format op" name matches is refused now, not after the harness and the first processes have run
  if (filter && !codecs.some((c) => OPERATIONS.some((op) => filter.test(`${c.name} ${op}`)))) throw new UserError(`--filter: ${filter} matches no benchmark`);
  // codecs of one library are timed in processes of their own (lib/runtimes/run/processes.js), as are --rounds R
  if (paired && (maxRounds > 1 || libraryGroups(codecs).length > 1)) return processesCli([rounds, maxRounds], payloads, codecs, values, { maxTime, precision: precision ?? {}, filter, oneMessage });

  const timer = paired ? 'paired' : 'benchmark';
  const prepared = payloads.map((p) => prepareCodecs(codecs, p));
  const steps = prepared.reduce((n, ps, i) => n + benchmarkCount(ps, payloads[i], { rounds, filter, oneMessage, timer }), 0);
  const progress = createProgress({ total: steps });
  // once per run: the empty loops and the memory copy every row is judged against
  process.stderr.write('harness: empty loops and a memory copy…\n');
  const harness = measureHarness({ rounds: Math.min(rounds, 3), maxTime: Math.min(maxTime, 0.25), minTime });
  const results = payloads.map((p, i) => measureSpeed(prepared[i], p, {
    timer, rounds, maxTime, minTime, filter, oneMessage, harness, precision, timerCheck: paired && i === payloads.length - 1,
    onProgress: (e) => progress.tick(paired ? `${p.id} ${e.name}` : `${p.id} ${e.name}, round ${e.round}`),
  }));
  progress.end();
  await finishSpeed(results, payloads, codecs, values, filter);
});

/**
 * After the timing (in this process or in fresh ones): the memory pass, in child processes of its own, unless
 * --no-memory; then the results as JSON or as a table per payload, with the run's precision line.
 * @param {{ payload: ReturnType<typeof import('./lib/payload/index.js').describePayload>, results: import('./lib/measure/speed.js').SpeedRow[],
 *   settings: any, skipped: any[], notTimed?: any[] }[]} results measureSpeed's, one per payload
 * @param {import('./lib/payload/index.js').Payload[]} payloads
 * @param {import('./lib/codecs/index.js').CodecInfo[]} codecs
 * @param {{ json?: boolean, 'no-memory'?: boolean }} values
 * @param {RegExp | undefined} filter
 */
async function finishSpeed(results, payloads, codecs, values, filter) {
  if (!values['no-memory']) {
    // after all the timing, never during it, with npm start's default windows and loops (the library's own are
    // for figures to publish: minutes per slow codec), and the GC pass that npm start's default run leaves out; a
    // line per case, as the children start each one
    process.stderr.write('memory per operation (child processes)…\n');
    const figures = await measureOperationMemory(payloads, codecs, {
      ...MODES.default.memory, passes: ['allocation', 'gc'], filter,
      onCase: (e) => process.stderr.write(`memory ${e.pass} [${e.index}/${e.total}] ${e.name.replace('\t', ' ')}\n`),
    });
    results.forEach((r, i) => { r.results = attachMemory(r.results, figures[i]); });
  }
  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ measurement: 'speed', environment, results }, null, 2));
  console.log(environmentLine(environment));
  const described = codecs.map((c) => ({ format: c.name, description: c.description }));
  for (const r of results) console.log(`\n${payloadHeading(r.payload)}\n\n${speedTable({ ...r, codecs: described })}`);
  const precisionLine = speedPrecisionLine({ payloads: results.map((r) => ({ speed: r.results })) });
  if (precisionLine) console.log(`\n${precisionLine}`);
}

/**
 * The paired speed pass in fresh processes, one after the other (lib/runtimes/run/processes.js, as npm start does):
 * one per group of codecs that share no library, and each group R times (R from rounds, more while the processes
 * disagree, up to maxRounds), their rows merged (pooled, flagged where the processes disagree); then the memory pass
 * here.
 * @param {[number, number]} range [rounds, maxRounds]
 * @param {import('./lib/payload/index.js').Payload[]} payloads
 * @param {import('./lib/codecs/index.js').CodecInfo[]} codecs
 * @param {{ json?: boolean, 'no-memory'?: boolean }} values
 * @param {{ maxTime: number, precision: import('./lib/measure/speed.js').SpeedPrecision, filter: RegExp | undefined, oneMessage: string[] }} settings
 */
async function processesCli([rounds, maxRounds], payloads, codecs, values, { maxTime, precision, filter, oneMessage }) {
  const groups = libraryGroups(codecs);
  process.stderr.write('harness: empty loops and a memory copy…\n');
  const harness = measureHarness({ rounds: 1, maxTime: Math.min(maxTime, 0.25) });
  const total = rounds * groups.length;
  process.stderr.write(`speed in ${processPlanText(rounds, maxRounds, groups.length)}, one after the other${groups.length > 1
    ? ` (codecs of one library apart: ${groups.map((g) => g.map((c) => c.name).join(', ')).join(' | ')})` : ''}…\n`);
  const results = await measureSpeedInProcesses({
    payloads, codecs, processes: rounds, maxProcesses: maxRounds, maxTime, precision, filter: filter ?? null, oneMessage: payloads.map(() => oneMessage), harness,
    onProcess: (n, planned) => process.stderr.write(`process ${n} of ${planned} done${n > total ? ' (added: some ratio\'s processes disagree)' : ''}\n`),
  });
  await finishSpeed(results, payloads, codecs, values, filter);
}

/**
 * --shapes: the families (all, or those named), timed and printed against JSON.
 * @param {Record<string, unknown> & { formats?: string, json?: boolean }} values the parsed options (any given that
 *   --shapes does not take is refused)
 * @param {string[]} positionals family ids
 * @param {{ rounds: number, maxTime: number, minTime?: number }} settings
 */
async function shapesCli(values, positionals, { rounds, maxTime, minTime }) {
  const refused = ['data', 'records', 'proto', 'type', 'proto-path', 'filter', 'runtimes'].find((k) => values[k] !== undefined);
  if (refused) throw new UserError(`--shapes generates its own payloads and times encode and decode; it does not take --${refused}`);
  const payloads = shapePayloads({ only: positionals.length ? positionals : undefined });
  const codecs = await selectCodecs(values.formats);
  const progress = createProgress({
    total: payloads.reduce((n, p) => n + benchmarkCount(prepareCodecs(codecs, p), p, { timer: 'benchmark', rounds, filter: SHAPE_FILTER }), 0),
  });
  process.stderr.write('harness: empty loops and a memory copy…\n');
  const harness = measureHarness({ rounds: Math.min(rounds, 3), maxTime: Math.min(maxTime, 0.25), minTime });
  const results = measureShapes(payloads, codecs, { rounds, maxTime, minTime, harness, onProgress: (e) => progress.tick(`${e.payload} ${e.name}, round ${e.round}`) });
  progress.end();
  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ measurement: 'shapes', environment, harness, results }, null, 2));
  console.log(environmentLine(environment));
  console.log(`\n${shapesReport(results)}`);
}

/**
 * The --one-message list: operation names, 'all' or 'none'.
 * @param {string} text
 * @returns {string[]}
 */
function oneMessageOption(text) {
  const t = text.trim();
  if (t === 'all') return OPERATIONS;
  if (t === 'none' || t === '') return [];
  const ops = t.split(',').map((x) => x.trim()).filter(Boolean);
  const unknown = ops.find((op) => !OPERATIONS.includes(op));
  if (unknown) throw new UserError(`--one-message: unknown operation "${unknown}"; choose from ${OPERATIONS.join(', ')}, 'all' or 'none'`);
  return ops;
}
