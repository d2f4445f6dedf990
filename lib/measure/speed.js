import Benchmark from 'benchmark';
import { BASELINE, toBytes } from '../codecs/baseline.js';
import { isIdentity } from '../codecs/native-form.js';
import { Unsupported, UserError, errorMessage, recordName } from '../errors.js';
import { alternate, median, overRounds, rotate, spread } from './statistics.js';
import { corpusVerdict, describeCodec, measurable } from '../verify.js';
import { corpusOf, describePayload } from '../payload/index.js';
import { seededRandom } from '../random.js';
import { measureSpeedPaired, pairedPlan } from './speed-paired.js';
import { WALL_CLOCK } from './paired.js';

// Benchmark.js would otherwise recompile each test from its source text, which
// fails for closures and silently falls back; calling every codec the same way
// keeps the harness overhead equal across codecs.
Benchmark.support.decompilation = false;

/**
 * What is timed, in the order of every table (docs/speed.md explains why):
 * encode (native form → bytes), decode (bytes → native form), roundtrip
 * (both), and the conversions between the native form and the plain
 * JSON-shaped object, each on its own, for codecs that have them.
 */
export const OPERATIONS = ['encode', 'decode', 'roundtrip', 'to-plain', 'from-plain'];

/**
 * The operations that convert, and the instance conversion each one times.
 * @type {Readonly<Record<string, 'toPlain'|'fromPlain'>>}
 */
const CONVERSIONS = { 'to-plain': 'toPlain', 'from-plain': 'fromPlain' };

/**
 * The instance of a measurable prepared codec (measurable(p)): one that could not be built has nothing to time.
 * @param {import('../verify.js').Prepared} p
 * @returns {import('../codecs/native-form.js').CodecInstance}
 */
function instanceOf(p) {
  if (!p.instance) throw new TypeError(`${p.codec.name} has no instance to time (${p.status}: ${p.reason})`);
  return p.instance;
}

/** Why an identity conversion has no figure. */
export const IDENTITY_NOTE = 'n/a — native form is the plain object';

/**
 * The plain functions of one prepared codec, one per operation, over inputs
 * built once before timing: the payload's native form, its bytes and its
 * decoded native form. Each returns its result so no call is dead code. An
 * identity conversion has no function: there is nothing to time. The speed
 * and memory measurements both take these.
 * @param {import('../verify.js').Prepared} p a measurable prepared codec
 * @param {unknown} value the payload as a plain object
 * @returns {{ wireBytes: number, fns: Record<string, (() => unknown) | null> }}
 */
export function operationFunctions(p, value) {
  const { encode, decode, toPlain, fromPlain } = instanceOf(p);
  const native = p.native;
  const encoded = encode(native);
  const decoded = decode(encoded);
  return {
    wireBytes: toBytes(encoded).length,
    fns: {
      encode: () => encode(native),
      decode: () => decode(encoded),
      roundtrip: () => decode(encode(native)),
      'to-plain': isIdentity(toPlain) ? null : () => toPlain(decoded),
      'from-plain': isIdentity(fromPlain) ? null : () => fromPlain(value),
    },
  };
}

/** How many messages of a corpus the speed pass cycles through at most; a larger corpus is sampled (speedMessages). */
export const SPEED_SAMPLE = 1000;

/** The seed of that sample, stated in the results so a run can be repeated. */
export const SAMPLE_SEED = 20261123;

/**
 * The messages a speed pass cycles through: every message of the payload's
 * corpus (`payload.corpus`, or the one `value` of a payload without one), or,
 * when the corpus holds more than `limit`, a seeded sample of `limit` of them
 * kept in corpus order. Loading every record of a large corpus into every
 * library would time the memory system, and cost minutes, for no better figure.
 * Each message is parsed afresh from its JSON text, the first as much as the
 * others, so all have the history of data a service received (how an object
 * was built decides its hidden class, which the codecs' inline caches see).
 * @param {{ value: unknown, corpus?: unknown[] }} payload
 * @param {{ limit?: number, seed?: number }} [options]
 * @returns {{ messages: unknown[], indices: number[], total: number, sample: { size: number, seed: number } | null }}
 */
export function speedMessages(payload, { limit = SPEED_SAMPLE, seed = SAMPLE_SEED } = {}) {
  const corpus = corpusOf(payload);
  const fresh = (/** @type {unknown} */ m) => JSON.parse(JSON.stringify(m));
  if (corpus.length <= limit) return { messages: corpus.map(fresh), indices: corpus.map((_, i) => i), total: corpus.length, sample: null };
  // a partial Fisher–Yates shuffle of the indices: `limit` distinct ones, uniformly
  const random = seededRandom(seed);
  const indices = corpus.map((_, i) => i);
  for (let i = 0; i < limit; i++) {
    const j = i + Math.floor(random() * (indices.length - i));
    [indices[i], indices[j]] = [indices[j], indices[i]];
  }
  const chosen = indices.slice(0, limit).sort((a, b) => a - b);
  return { messages: chosen.map((i) => fresh(corpus[i])), indices: chosen, total: corpus.length, sample: { size: limit, seed } };
}

/**
 * A copy of encoded bytes that the next encode cannot overwrite: codecs that
 * reuse their output buffer (fairness flag B) return a view of it.
 * @param {Uint8Array|string} encoded
 */
function ownCopy(encoded) {
  if (typeof encoded === 'string') return encoded;
  if (typeof Buffer !== 'undefined' && Buffer.isBuffer(encoded)) return Buffer.from(encoded);
  return encoded.slice();
}

/**
 * A function that calls `op` on the next input each time, going round the
 * inputs in order. The corpus pass and the one-message pass both run through
 * it (the latter over the first message's input repeated as many times), so
 * the index increment and array read cost both the same and cannot pose as
 * bias; the no-op baseline of measureHarness times the same loop alone.
 * @template I, R
 * @param {I[]} inputs
 * @param {(input: I) => R} op
 * @returns {() => R}
 */
export function cycle(inputs, op) {
  const n = inputs.length;
  let i = 0;
  return () => {
    const input = inputs[i];
    i = i + 1 === n ? 0 : i + 1;
    return op(input);
  };
}

/**
 * The inputs every operation of one prepared codec takes, for each message,
 * built before anything is timed: native forms (fromPlain) for encode, the
 * encoded bytes (own copies) for decode, the decoded native forms for
 * to-plain, the plain messages for from-plain. Every message's round trip is
 * verified on the way (corpusVerdict: `indices` name the messages by their
 * place in the corpus), so a codec that changes message 7 carries a LOSSY
 * verdict naming record 7 to its rows, as one that changes the first does;
 * one that throws on a message is refused (CorpusMessageError).
 * @param {import('../verify.js').Prepared} p a measurable prepared codec
 * @param {unknown[]} messages plain messages
 * @param {{ indices?: number[], type?: import('protobufjs').Type | null }} [options] indices: each message's index in
 *   the corpus (default: its place in `messages`); type: the payload's message type, for the proto3 JSON mapping
 * @returns {{ natives: unknown[], encoded: (Uint8Array|string)[], decoded: unknown[], plain: unknown[], wireBytes: number[], verdict: import('../verify.js').CorpusVerdict }}
 */
export function corpusInputs(p, messages, { indices, type = null } = {}) {
  const { encode, decode, fromPlain, toPlain } = instanceOf(p);
  /** @type {unknown[]} */
  const natives = [];
  /** @type {(Uint8Array|string)[]} */
  const encoded = [];
  /** @type {unknown[]} */
  const decoded = [];
  /** @type {number[]} */
  const wireBytes = [];
  const verdict = corpusVerdict(p, type);
  messages.forEach((message, index) => {
    try {
      const native = fromPlain(message);
      const bytes = ownCopy(encode(native));
      const back = decode(bytes);
      natives.push(native);
      encoded.push(bytes);
      decoded.push(back);
      wireBytes.push(toBytes(bytes).length);
      // the comparison reads what to-plain gives and changes nothing, so the decoded input serves both
      if (!verdict.settled) verdict.check(indices?.[index] ?? index, message, toPlain(back));
    } catch (err) {
      throw new CorpusMessageError(index, err);
    }
  });
  return { natives, encoded, decoded, plain: messages, wireBytes, verdict: verdict.result() };
}

/** A message of the corpus a codec could not prepare, with its index. */
export class CorpusMessageError extends Error {
  /** @param {number} index @param {unknown} cause what the codec threw */
  constructor(index, cause) {
    const reason = errorMessage(cause);
    super(`message ${index}: ${reason}`, { cause });
    this.index = index;
    this.reason = reason;
  }
}

/**
 * The plain functions of one prepared codec, one per operation, each cycling
 * through prepared inputs (cycle): one per message of the corpus, or the
 * first message's repeated (`oneMessage`), which is the one-message loop with
 * the very same harness code around it.
 * @param {import('../verify.js').Prepared} p
 * @param {ReturnType<typeof corpusInputs>} inputs
 * @param {{ oneMessage?: boolean }} [options]
 * @returns {Record<string, (() => unknown) | null>}
 */
export function cyclingFunctions(p, inputs, { oneMessage = false } = {}) {
  const { encode, decode, toPlain, fromPlain } = instanceOf(p);
  /** @type {<T>(arr: T[]) => T[]} */
  const pick = (arr) => (oneMessage ? arr.map(() => arr[0]) : arr);
  return {
    encode: cycle(pick(inputs.natives), encode),
    decode: cycle(pick(inputs.encoded), decode),
    roundtrip: cycle(pick(inputs.natives), (x) => decode(encode(x))),
    'to-plain': isIdentity(toPlain) ? null : cycle(pick(inputs.decoded), toPlain),
    'from-plain': isIdentity(fromPlain) ? null : cycle(pick(inputs.plain), fromPlain),
  };
}

/**
 * The benchmarks a run will time: every measurable codec × operation whose
 * "format op" name matches the filter, identity conversions left out.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {RegExp} [filter]
 * @returns {{ p: import('../verify.js').Prepared, op: string, name: string }[]}
 */
export function planBenchmarks(prepared, filter) {
  const plan = [];
  for (const p of prepared.filter(measurable)) {
    for (const op of OPERATIONS) {
      const name = `${p.codec.name} ${op}`;
      if (CONVERSIONS[op] && isIdentity(instanceOf(p)[CONVERSIONS[op]])) continue;
      if (!filter || filter.test(name)) plan.push({ p, op, name });
    }
  }
  return plan;
}

/**
 * The conversions not timed because they are the identity, as rows a table
 * can show: a reader adding decode and to-plain sees that the second is zero.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {RegExp} [filter]
 * @returns {{ format: string, op: string, note: string }[]}
 */
export function identityConversions(prepared, filter) {
  return prepared.filter(measurable).flatMap((p) => Object.entries(CONVERSIONS)
    .filter(([op, key]) => isIdentity(instanceOf(p)[key]) && (!filter || filter.test(`${p.codec.name} ${op}`)))
    .map(([op]) => ({ format: p.codec.name, op, note: IDENTITY_NOTE })));
}

/** Above this rate a benchmark has probably timed an empty loop, whatever the codec. */
export const MAX_PLAUSIBLE_HZ = 50e6;

/** What the tables say of a rate the work cannot reach. */
export const EMPTY_LOOP_NOTE = 'probably measured an empty loop';

/** The size of the buffer whose copy rate bounds how fast any operation can touch its bytes. */
const COPY_BYTES = 2 ** 20;

/**
 * One Benchmark.js run of a function, its result stored where the optimiser
 * cannot drop it (a variable the returned closure reads after the run).
 * @param {string} name
 * @param {() => unknown} timed
 * @param {{ maxTime: number, minTime?: number }} options
 * @returns {{ hz: number, rme: number, samples: number, last: unknown }}
 */
function timeOnce(name, timed, { maxTime, minTime }) {
  let sink;
  const bench = new Benchmark(name, () => { sink = timed(); }, { maxTime, minSamples: 5, initCount: 1, ...(minTime ? { minTime } : {}) });
  bench.run({ async: false });
  if (bench.error) throw bench.error;
  return { hz: bench.hz, rme: bench.stats.rme, samples: bench.stats.sample.length, last: sink };
}

/**
 * The harness's own figures, measured once per run on this machine with the
 * same Benchmark.js settings as the codecs: the rate of a call that does
 * nothing, of the cycling loop that does nothing but pick the next input
 * (what the corpus pass adds to each call), and of copying a 1 MiB buffer
 * (bytes/s: no operation reads or writes its bytes faster than that).
 * @param {{ rounds?: number, maxTime?: number, minTime?: number }} [options]
 * @returns {{ noopHz: number, cyclingNoopHz: number, cyclingNsPerCall: number, copyBytesPerSec: number, maxPlausibleHz: number }}
 */
export function measureHarness({ rounds = 3, maxTime = 0.15, minTime } = {}) {
  const inputs = Array.from({ length: SPEED_SAMPLE }, (_, i) => ({ i }));
  const first = inputs[0];
  const noop = () => first;
  const cyclingNoop = cycle(inputs, (x) => x);
  const src = new Uint8Array(COPY_BYTES).map((_, i) => i);
  const dst = new Uint8Array(COPY_BYTES);
  const copy = () => { dst.set(src); return dst; };
  /** @type {{ noop: number[], cycling: number[], copy: number[] }} */
  const runs = { noop: [], cycling: [], copy: [] };
  for (let r = 0; r < rounds; r++) {
    runs.noop.push(timeOnce('no-op', noop, { maxTime, minTime }).hz);
    runs.cycling.push(timeOnce('cycling no-op', cyclingNoop, { maxTime, minTime }).hz);
    runs.copy.push(timeOnce('copy 1 MiB', copy, { maxTime, minTime }).hz);
  }
  const noopHz = median(runs.noop);
  const cyclingNoopHz = median(runs.cycling);
  return {
    noopHz, cyclingNoopHz,
    // what picking the next input adds to a call, in nanoseconds (near zero or below it: noise)
    cyclingNsPerCall: 1e9 / cyclingNoopHz - 1e9 / noopHz,
    copyBytesPerSec: median(runs.copy) * COPY_BYTES,
    maxPlausibleHz: MAX_PLAUSIBLE_HZ,
  };
}

/**
 * Why a measured rate is implausible for the work, or null: above
 * MAX_PLAUSIBLE_HZ, or (for operations that read or write every wire byte)
 * faster than memory copies those bytes on this machine. (Faster than the
 * harness's empty loop would be the strictest test, but fast real operations
 * land within that loop's run-to-run noise, so it would flag them.)
 * @param {{ op: string, opsPerSec: number, wireBytes: number }} row
 * @param {ReturnType<typeof measureHarness> | null} [harness]
 * @returns {string | null}
 */
export function implausibleRate(row, harness) {
  const hz = row.opsPerSec;
  const mops = (/** @type {number} */ x) => `${(x / 1e6).toFixed(1)} M ops/s`;
  if (hz > MAX_PLAUSIBLE_HZ) return `${EMPTY_LOOP_NOTE}: ${mops(hz)} is above ${mops(MAX_PLAUSIBLE_HZ)}`;
  if (harness && !CONVERSIONS[row.op] && row.wireBytes > 0 && hz * row.wireBytes > harness.copyBytesPerSec) {
    return `${EMPTY_LOOP_NOTE}: ${(hz * row.wireBytes / 1e9).toFixed(2)} GB/s of wire bytes is faster than memory copies them here (${(harness.copyBytesPerSec / 1e9).toFixed(2)} GB/s)`;
  }
  return null;
}

/**
 * How many Benchmark.js runs measureSpeed will make: per round, every planned
 * benchmark over the corpus, and again over one message for the operations in
 * `oneMessage` when the corpus has more than one message.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {{ value: unknown, corpus?: unknown[] }} payload
 * @param {{ rounds?: number, filter?: RegExp, oneMessage?: string[], sample?: { limit?: number, seed?: number }, timer?: 'paired'|'benchmark' }} [options]
 */
export function benchmarkCount(prepared, payload, { rounds = 3, filter, oneMessage = [], sample, timer = 'paired' } = {}) {
  const distinct = speedMessages(payload, sample).messages.length > 1;
  if (timer === 'paired') {
    // one progress step per case, after its warm-up; the round trip is derived, not timed
    const timed = pairedPlan(prepared.filter(measurable), filter).filter((c) => c.op !== 'roundtrip');
    return timed.length + (distinct ? timed.filter((c) => oneMessage.includes(c.op)).length : 0);
  }
  const plan = planBenchmarks(prepared, filter);
  return rounds * (plan.length + (distinct ? plan.filter((b) => oneMessage.includes(b.op)).length : 0));
}

/**
 * Benchmark.js suites for every operation over the measurable codecs, in
 * several interleaved rounds (the codec order rotates each round), so that
 * the spread across rounds shows run-to-run noise that one round's ±RME does
 * not. Each operation cycles through the distinct messages of the payload's
 * corpus (a seeded sample of a large one, speedMessages); for the operations
 * named in `oneMessage` the first message alone is timed too, right beside the
 * corpus run in the same round, and the ratio of the two is the one-message
 * bias. Inputs are built before timing; nothing converts inside a timed
 * function that the operation does not name. With `harness` (measureHarness),
 * a rate the work cannot reach is flagged on its row (`implausible`). With
 * `splitTime`, a case timed both ways gives each run half of maxTime (and of
 * minTime), so the bias costs a run little more than the corpus alone would.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {import('../payload/index.js').Payload} payload
 *
 * With `timer: 'paired'` (the default), Benchmark.js's rounds give way to the paired timer
 * (lib/measure/speed-paired.js, lib/measure/paired.js): per operation every codec in short slices taking turns
 * with the baseline, after a warm-up per case, until each ratio's interval is within `precision.target` or the
 * time cap (`maxTime` seconds per case) runs out; the round trip is derived from encode and decode; every ratio
 * carries `precision` (its interval, pairs, whether it met the target); `rounds`, `minTime` and `splitTime` are
 * the Benchmark.js timer's and are not read. `timerCheck` times the baseline's encode with Benchmark.js and the
 * slices alternately, for settings.timerCheck. `clock` replaces the slices' clock (CPU_CLOCK) for a test, `wallClock`
 * the wall clock of the backstops and the wall-time budget (WALL_CLOCK).
 * @param {{ rounds?: number, maxTime?: number, minTime?: number, filter?: RegExp, onProgress?: (e: SpeedProgress) => void,
 *   oneMessage?: string[], harness?: ReturnType<typeof measureHarness> | null, sample?: { limit?: number, seed?: number },
 *   splitTime?: boolean, timer?: 'paired'|'benchmark', precision?: SpeedPrecision, timerCheck?: boolean,
 *   clock?: import('./paired.js').PairedClock & { kind: string }, wallClock?: import('./paired.js').PairedClock, filterMayMissAll?: boolean }} [options] filterMayMissAll: with the
 *   paired timer, a filter that matches none of these codecs' cases gives a result with no rows instead of the user's
 *   error (one process of several, each timing a group of the codecs: lib/runtimes/run/processes.js, which says so
 *   when no group's cases match)
 */
export function measureSpeed(prepared, payload, {
  rounds = 3, maxTime = 0.5, minTime, filter, onProgress, oneMessage = [], harness = null, sample, splitTime = false,
  timer = 'paired', precision = {}, timerCheck = false, clock, wallClock = WALL_CLOCK, filterMayMissAll = false,
} = {}) {
  // where a wall-time budget (precision.wallBudget) counts from: the inputs' preparation is part of the pass's time
  const started = wallClock.now();
  const corpus = speedMessages(payload, sample);
  const distinct = corpus.messages.length > 1;
  /** @type {Map<import('../verify.js').Prepared, ReturnType<typeof corpusInputs>>} each codec, with its verdict over the messages timed (a later message may have made it lossy), and its inputs */
  const inputs = new Map();
  const refused = [];
  const type = payload.schema?.type ?? null;
  for (const p of prepared.filter(measurable)) {
    try {
      const own = corpusInputs(p, corpus.messages, { indices: corpus.indices, type });
      inputs.set({ ...p, ...own.verdict }, own);
    } catch (err) {
      if (!(err instanceof CorpusMessageError)) throw err;
      refused.push({
        ...describeCodec(p), status: err.cause instanceof Unsupported ? 'unsupported' : 'failed',
        reason: `${recordName(corpus.indices[err.index])}: ${err.reason}`, record: corpus.indices[err.index],
      });
    }
  }
  const ready = [...inputs.keys()];
  if (timer === 'paired') {
    const planned = pairedPlan(ready, filter);
    if (!planned.length && filter && !filterMayMissAll) throw new UserError(`--filter: ${filter} matches no benchmark`);
    const paired = measureSpeedPaired(planned, inputs, { maxTime, oneMessage: distinct ? oneMessage : [], precision, onProgress, timerCheck, clock, wallClock, since: started });
    const result = {
      payload: describePayload(payload),
      settings: {
        timer, rounds: 1, maxTime, minTime: null, filter: filter ? String(filter) : null, baseline: BASELINE, operations: OPERATIONS,
        // fresh processes: none, the command's own process timed it (lib/runtimes/run/processes.js sets the count)
        processes: 0,
        corpus: { messages: corpus.total, timed: corpus.messages.length, sample: corpus.sample },
        oneMessageOps: distinct ? oneMessage.filter((op) => op === 'encode' || op === 'decode' || CONVERSIONS[op]) : [],
        splitTime: false,
        harness,
        precision: paired.precision,
        timerCheck: paired.timerCheck,
      },
      skipped: [...prepared.filter((p) => !measurable(p)).map(describeCodec), ...refused],
      notTimed: identityConversions(ready, filter),
      // the shape of summariseSpeedRounds's rows, with precision set (and `derived` on a round trip)
      results: /** @type {(ReturnType<typeof summariseSpeedRounds>[number] & { implausible: string | null })[]} */ (/** @type {unknown} */ (paired.rows.map((row) => ({ ...row, implausible: implausibleRate(row, harness) })))),
    };
    Object.defineProperty(result, 'lastResults', { value: paired.last });
    return /** @type {typeof result & { lastResults: { format: string, op: string, last: unknown }[] }} */ (result);
  }
  const cases = planBenchmarks(ready, filter).map(({ p, op, name }) => {
    const own = /** @type {ReturnType<typeof corpusInputs>} */ (inputs.get(p));
    /** @param {boolean} one the first message's input repeated, or the corpus */
    const timed = (one) => {
      const fn = cyclingFunctions(p, own, { oneMessage: one })[op];
      // planBenchmarks leaves out the identity conversions, the only operations without a function
      if (!fn) throw new TypeError(`${name}: no function to time`);
      return fn;
    };
    /** @type {RoundFigures[]} */
    const corpusRounds = [];
    /** @type {RoundFigures[] | null} */
    const oneMessageRounds = distinct && oneMessage.includes(op) ? [] : null;
    return {
      p, op, name,
      wireBytes: own.wireBytes.reduce((a, b) => a + b, 0) / own.wireBytes.length,
      rounds: corpusRounds, oneMessageRounds,
      corpus: { fn: timed(false), rounds: corpusRounds, label: name },
      single: oneMessageRounds && { fn: timed(true), rounds: oneMessageRounds, label: `${name} (one message)` },
      /** @type {unknown} */ last: undefined,
    };
  });
  if (!cases.length && filter) throw new UserError(`--filter: ${filter} matches no benchmark`);

  const total = cases.reduce((n, c) => n + rounds * (c.single ? 2 : 1), 0);
  let done = 0;
  const full = { maxTime, minTime };
  const half = { maxTime: maxTime / 2, minTime: minTime && minTime / 2 };
  for (let r = 0; r < rounds; r++) {
    for (const op of OPERATIONS) {
      for (const c of rotate(cases.filter((x) => x.op === op), r)) {
        // corpus and one message back to back, the order alternating by round, so their ratio sees the same machine
        const runs = c.single ? alternate([c.corpus, c.single], r + 1) : [c.corpus];
        for (const run of runs) {
          const t = timeOnce(c.name, run.fn, c.single && splitTime ? half : full);
          run.rounds.push({ hz: t.hz, rme: t.rme, samples: t.samples });
          if (run === c.corpus) c.last = t.last;
          done++;
          onProgress?.({ done, total, name: run.label, round: r + 1, hz: t.hz });
        }
      }
    }
  }
  const results = summariseSpeedRounds(cases, BASELINE).map((row) => ({ ...row, implausible: implausibleRate(row, harness) }));
  const result = {
    payload: describePayload(payload),
    settings: {
      timer, rounds, maxTime, minTime: minTime ?? null, filter: filter ? String(filter) : null, baseline: BASELINE, operations: OPERATIONS,
      processes: 0,
      corpus: { messages: corpus.total, timed: corpus.messages.length, sample: corpus.sample },
      oneMessageOps: distinct ? oneMessage : [],
      /** @type {ReturnType<typeof measureSpeedPaired>['precision'] | null} */
      precision: null,
      /** @type {ReturnType<typeof measureSpeedPaired>['timerCheck']} */
      timerCheck: null,
      splitTime: distinct && oneMessage.length > 0 && splitTime,
      harness,
    },
    skipped: [...prepared.filter((p) => !measurable(p)).map(describeCodec), ...refused],
    notTimed: identityConversions(ready, filter),
    results,
  };
  // the last result of every corpus benchmark, so a test can see what the timed calls returned; not enumerable,
  // so it never reaches --json or a worker's message (a decoded message may hold bigints or be megabytes)
  Object.defineProperty(result, 'lastResults', { value: cases.map((c) => ({ format: c.p.codec.name, op: c.op, last: c.last })) });
  return /** @type {typeof result & { lastResults: { format: string, op: string, last: unknown }[] }} */ (result);
}

/**
 * Per-benchmark figures from the rounds: the median ops/s with the min–max
 * across rounds, and the speed relative to the baseline codec computed round
 * by round (both were timed in the same round, so slow drift of the machine
 * cancels), as the median of those ratios with their min–max. With one-message
 * rounds, their ops/s and the bias: one-message ops/s over corpus ops/s,
 * round by round (above 1: the one-message loop flatters the codec). `memory`
 * is where the memory pass (bytes allocated per operation, GC time) puts its
 * figures for the same codec and operation; null until it has run.
 * @param {{ p: SpeedCodec, op: string, wireBytes: number, rounds: RoundFigures[], oneMessageRounds?: RoundFigures[] | null }[]} cases
 * @param {string} baseline
 */
export function summariseSpeedRounds(cases, baseline) {
  return cases.map((c) => {
    const hz = c.rounds.map((x) => x.hz);
    const { median: med, min, max } = overRounds(hz);
    const base = cases.find((x) => x.p.codec.name === baseline && x.op === c.op);
    const vs = base ? overRounds(c.rounds.map((x, i) => x.hz / base.rounds[i].hz)) : null;
    const one = c.oneMessageRounds?.length ? c.oneMessageRounds : null;
    const oneHz = one ? overRounds(one.map((x) => x.hz)) : null;
    const bias = one ? overRounds(one.map((x, i) => x.hz / c.rounds[i].hz)) : null;
    return {
      ...describeCodec(c.p),
      // the corpus record that made the verdict, when a message after the first did (corpusInputs)
      ...(c.p.record != null && c.p.record > 0 && { record: c.p.record }),
      op: c.op,
      opsPerSec: med,
      min,
      max,
      spread: spread(hz),
      rme: median(c.rounds.map((x) => x.rme)),
      samplesPerRound: median(c.rounds.map((x) => x.samples)),
      wireBytes: Math.round(c.wireBytes),
      // a conversion never touches the wire
      mbPerSec: CONVERSIONS[c.op] ? null : (med * c.wireBytes) / 1e6,
      vsBaseline: vs ? vs.median : null,
      vsBaselineMin: vs ? vs.min : null,
      vsBaselineMax: vs ? vs.max : null,
      oneMessage: one && oneHz ? { opsPerSec: oneHz.median, min: oneHz.min, max: oneHz.max, rme: median(one.map((x) => x.rme)), rounds: one } : null,
      bias: bias ? bias.median : null,
      biasMin: bias ? bias.min : null,
      biasMax: bias ? bias.max : null,
      /** @type {SpeedMemory | null} */
      memory: null,
      /** @type {RatioPrecision | null} the paired timer's; none from rounds */
      precision: null,
      rounds: c.rounds,
    };
  });
}

/**
 * What the paired timer is asked for (all optional): the relative half-width each ratio's interval must reach
 * (target, e.g. 0.05), its confidence level (e.g. 0.95), the slice length (sliceMs), the fewest pairs a ratio
 * needs (minPairs), the longest warm-up per case (warmupMs), how many times a CPU-time cap the wall clock may run
 * before a case stops anyway (wallFactor, default WALL_FACTOR of lib/measure/paired.js), and the wall time a payload's
 * pass may take as a share of its cases' CPU-time caps (wallBudget, default none: measureSpeedPaired).
 * @typedef {{ target?: number, level?: number, sliceMs?: number, minPairs?: number, warmupMs?: number, wallFactor?: number, wallBudget?: number|null }} SpeedPrecision
 */

/**
 * Progress of measureSpeed, after each Benchmark.js run (with the paired timer: after each case's warm-up): runs done of total, the benchmark's name, the round
 * (1-based) and the ops/s it measured.
 * @typedef {{ done: number, total: number, name: string, round: number, hz: number }} SpeedProgress
 */

/**
 * One Benchmark.js run of one benchmark in one round: ops/s, its ± relative margin of error (%), and how many samples.
 * @typedef {{ hz: number, rme: number, samples: number }} RoundFigures
 */

/**
 * One speed row as measureSpeed gives it: the codec's verdict, the op, and
 * its figures (more fields may come and are carried along).
 * @typedef {{ format: string, library: string|null, version: string|null, status: string, diff: import('../verify.js').Difference|null,
 *   normalised: string[], reason: string|null, op: string, opsPerSec: number, min: number, max: number,
 *   wireBytes: number, vsBaseline: number|null, vsBaselineMin: number|null, vsBaselineMax: number|null,
 *   rounds: RoundFigures[], rme: number, samplesPerRound: number, mbPerSec: number|null, spread?: number, record?: number|null,
 *   flags?: import('../codecs/native-form.js').FairnessFlags|null,
 *   oneMessage?: { opsPerSec: number, min: number, max: number, rme: number, rounds: RoundFigures[] }|null,
 *   bias?: number|null, biasMin?: number|null, biasMax?: number|null, implausible?: string|null, memory?: SpeedMemory|null,
 *   precision?: RatioPrecision|null, derived?: string, [key: string]: unknown }} SpeedRow
 */

/**
 * A ratio's precision (paired timer): its interval (low–high, also vsBaselineMin/Max) at `level`, the interval's
 * relative half-width, the target it was measured to and whether it met it, and how many pairs it rests on; the
 * baseline's ops/s beside its pairs (baseRate), by which the processes of one run are compared (processes.js, fullSpeed).
 * @typedef {{ low: number|null, high: number|null, level: number, halfWidth: number, target: number, met: boolean, pairs: number,
 *   warmup?: { settled: boolean, ms: number, slices: number }, encodeShare?: number, baseRate?: number }} RatioPrecision
 */

/**
 * What summariseSpeedRounds reads of a codec: its identity and verdict (describeCodec), and the corpus record
 * that made the verdict. A prepared codec has it all; the runtime matrix passes what a row from another runtime kept.
 * @typedef {{ codec: { name: string, library?: string|null, version?: string|null }, status: string, record?: number|null,
 *   [field: string]: unknown }} SpeedCodec
 */

/**
 * A speed row's memory figures (attachMemory).
 * @typedef {{ heapBytesPerOp: number|null, externalBytesPerOp: number|null, bytesPerOp: number|null, gcMsPer1000Ops: number|null, settled?: boolean|null }} SpeedMemory
 */

/**
 * Puts memory figures into speed rows, matched by format and operation: the
 * figures of lib/measure/operation-memory.js, whose pass runs apart from the
 * timing. A row without a figure keeps `memory: null`.
 * @template {{ format: string, op: string, memory?: SpeedMemory | null }} Row
 * @param {Row[]} rows speed rows (summariseSpeedRounds)
 * @param {{ format: string, op: string, heapBytesPerOp?: number|null, externalBytesPerOp?: number|null, bytesPerOp: number|null, gcMsPer1000Ops: number|null, settled?: boolean|null }[]} figures
 * @returns {Row[]} the rows, each with `memory` set where a figure matched
 */
export function attachMemory(rows, figures) {
  return rows.map((r) => {
    const m = figures.find((f) => f.format === r.format && f.op === r.op);
    return m ? {
      ...r,
      memory: {
        heapBytesPerOp: m.heapBytesPerOp ?? null, externalBytesPerOp: m.externalBytesPerOp ?? null,
        bytesPerOp: m.bytesPerOp, gcMsPer1000Ops: m.gcMsPer1000Ops, settled: m.settled ?? null,
      },
    } : r;
  });
}
