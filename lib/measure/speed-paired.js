// The speed pass on the paired timer (lib/measure/paired.js): per operation, every codec in slices taking turns
// with the baseline, each ratio measured to a precision; the round trip derived from encode and decode.
import Benchmark from 'benchmark';
import { BASELINE } from '../codecs/baseline.js';
import { isIdentity } from '../codecs/native-form.js';
import { describeCodec } from '../verify.js';
import { CPU_CLOCK, deadlineShare, lastSink, measurePaired, PRECISION_DEFAULTS, SLICE_GC, sliceLoop, timingSettings, WALL_CLOCK, WALL_FACTOR, WARMUP_DEFAULTS } from './paired.js';
import { median, medianInterval, relativeHalfWidth } from './statistics.js';

/** The operations timed in slices; the round trip is derived from encode and decode (roundtripFrom). */
export const PAIRED_OPS = ['encode', 'decode', 'to-plain', 'from-plain'];

/** @type {Readonly<Record<string, 'toPlain'|'fromPlain'>>} */
const CONVERSIONS = { 'to-plain': 'toPlain', 'from-plain': 'fromPlain' };

/**
 * @typedef {import('../verify.js').Prepared} Prepared
 * @typedef {{ natives: unknown[], encoded: (Uint8Array|string)[], decoded: unknown[], plain: unknown[], wireBytes: number[] }} Inputs
 * @typedef {{ p: Prepared, op: string }} PlannedCase
 */

/**
 * What the paired timer's settings say, as far as a speed table needs: the target, the slices, the clock, and the
 * check against Benchmark.js.
 * @typedef {{ timer?: string, precision?: { target: number, level: number, sliceMs: number, minPairs?: number, wallFactor?: number, wallBudget?: number|null, clock?: string, gc?: string|null, v8Flags?: string[], allocator?: string|null,
 *   groups?: { op: string, cycles: number, cpuMs: number, stoppedBy: string }[] } | null,
 *   processes?: number, processGroups?: string[][],
 *   timerCheck?: { case: string, benchmarkHz: number, sliceHz: number, ratio: number, payload?: string } | null }} PairedSettings
 */


/**
 * What the paired pass times for codecs and a filter: every codec's operations whose "format op" name matches,
 * identity conversions left out; a planned round trip brings its codec's encode and decode with it, since it is
 * derived from them.
 * @param {Prepared[]} ready measurable prepared codecs
 * @param {RegExp} [filter]
 * @returns {PlannedCase[]}
 */
export function pairedPlan(ready, filter) {
  /** @type {PlannedCase[]} */
  const plan = [];
  for (const p of ready) {
    const instance = /** @type {NonNullable<Prepared['instance']>} */ (p.instance);
    const wants = (/** @type {string} */ op) => !filter || filter.test(`${p.codec.name} ${op}`);
    const ops = new Set();
    for (const op of ['encode', 'decode', 'roundtrip', 'to-plain', 'from-plain']) {
      if (CONVERSIONS[op] && isIdentity(instance[CONVERSIONS[op]])) continue;
      if (!wants(op)) continue;
      if (op === 'roundtrip') { ops.add('encode'); ops.add('decode'); ops.add('roundtrip'); } else ops.add(op);
    }
    for (const op of ['encode', 'decode', 'roundtrip', 'to-plain', 'from-plain']) if (ops.has(op)) plan.push({ p, op });
  }
  return plan;
}

/**
 * The function and inputs one operation of one codec cycles through.
 * @param {Prepared} p
 * @param {Inputs} inputs
 * @param {string} op
 * @param {boolean} one the first message's input alone
 * @returns {{ op: (x: any) => unknown, inputs: unknown[] }}
 */
function sourceOf(p, inputs, op, one) {
  const { encode, decode, toPlain, fromPlain } = /** @type {NonNullable<Prepared['instance']>} */ (p.instance);
  const pick = (/** @type {unknown[]} */ arr) => (one ? [arr[0]] : arr);
  if (op === 'encode') return { op: encode, inputs: pick(inputs.natives) };
  if (op === 'decode') return { op: (/** @type {Uint8Array|string} */ b) => decode(b), inputs: pick(inputs.encoded) };
  if (op === 'to-plain') return { op: toPlain, inputs: pick(inputs.decoded) };
  return { op: fromPlain, inputs: pick(inputs.plain) };
}

/**
 * The round trip of a codec from its encode and decode: a round trip takes the time of one of each, so its ops/s
 * is 1 / (1/encode + 1/decode), and its ratio to the baseline's round trip is the weighted harmonic mean of the
 * encode and decode ratios, weighted by the baseline's own share of time in each (a = the baseline's encode time ÷
 * its round-trip time): 1 / (a/encode ratio + (1 − a)/decode ratio). It always lies between the two. Its interval
 * joins the encode and decode intervals taken at half the error each (Bonferroni): both hold at once with the
 * run's confidence, and the function rises with both ratios, so its bounds are the bounds' images.
 * @param {{ ratio: number, low: number|null, high: number|null }} encode the encode ratio (bounds at the joint level)
 * @param {{ ratio: number, low: number|null, high: number|null }} decode
 * @param {number} a the baseline's encode share of its round trip, 0–1
 */
export function roundtripFrom(encode, decode, a) {
  const f = (/** @type {number} */ e, /** @type {number} */ d) => 1 / (a / e + (1 - a) / d);
  return {
    ratio: f(encode.ratio, decode.ratio),
    low: encode.low != null && decode.low != null ? f(encode.low, decode.low) : null,
    high: encode.high != null && decode.high != null ? f(encode.high, decode.high) : null,
  };
}

/**
 * Benchmark.js and the slice timer on the same loop, alternating three times: their ops/s agree when the ratio is
 * near 1 (settings.timerCheck; docs/speed.md).
 * @param {(count: number) => unknown} loop
 * @param {number} count calls per 20 ms slice
 * @param {string} label
 */
function timerAgreement(loop, count, label) {
  const bench = [];
  const slices = [];
  for (let i = 0; i < 3; i++) {
    const b = new Benchmark(label, () => { loop(1); }, { maxTime: 0.1, minSamples: 5, initCount: 1 });
    b.run({ async: false });
    const t0 = performance.now();
    const rates = [];
    // at least one slice: a process descheduled for the whole 100 ms (tests run side by side) would otherwise time none
    do {
      SLICE_GC?.run(); // as the measured slices start
      const s = performance.now();
      loop(count);
      rates.push((count * 1000) / (performance.now() - s));
    } while (performance.now() - t0 < 100);
    const sliceHz = median(rates);
    bench.push(b.hz);
    slices.push(sliceHz);
  }
  // the ratio of the two printed figures, so that the line reads consistently
  return { case: label, benchmarkHz: median(bench), sliceHz: median(slices), ratio: median(bench) / median(slices) };
}

/**
 * Times planned cases with the paired timer and builds the speed rows (the shape summariseSpeedRounds gives, with
 * `precision` on each ratio): per operation, a group of slices taking turns with the baseline (measurePaired); the
 * one-message loop of the operations in `oneMessage` right after its corpus loop, for the bias; the round trip
 * derived (roundtripFrom).
 * @param {PlannedCase[]} planned
 * @param {Map<Prepared, Inputs>} inputs
 * @param {{ maxTime: number, oneMessage: string[], precision?: { target?: number, level?: number, sliceMs?: number, minPairs?: number, warmupMs?: number, wallFactor?: number, wallBudget?: number|null },
 *   onProgress?: (e: { done: number, total: number, name: string, round: number, hz: number }) => void, timerCheck?: boolean,
 *   clock?: import('./paired.js').PairedClock & { kind: string }, wallClock?: import('./paired.js').PairedClock, since?: number }} options
 *   `clock`: the slices' clock (CPU_CLOCK; a test plays one); `wallClock`: the wall clock of the backstops and of the
 *   wall-time budget (WALL_CLOCK; a test plays one); `since`: the time of `wallClock` the budget
 *   (precision.wallBudget) counts from (measureSpeed's start, so that preparing the inputs is part of it; default: now)
 */
export function measureSpeedPaired(planned, inputs, { maxTime, oneMessage, precision = {}, onProgress, timerCheck = false, clock = CPU_CLOCK, wallClock = WALL_CLOCK, since = wallClock.now() }) {
  const target = precision.target ?? PRECISION_DEFAULTS.target;
  const level = precision.level ?? PRECISION_DEFAULTS.level;
  const sliceMs = precision.sliceMs ?? PRECISION_DEFAULTS.sliceMs;
  const minPairs = precision.minPairs ?? PRECISION_DEFAULTS.minPairs;
  const warmupMs = precision.warmupMs ?? WARMUP_DEFAULTS.maxMs;
  const wallFactor = precision.wallFactor ?? WALL_FACTOR;
  // a wall-time budget for the whole pass (from `since`), as a share of its CPU-time caps (warm-ups and cycles): each
  // group is given a deadline, its share of the time left by its caps against those of the groups still to come
  const wallBudget = precision.wallBudget ?? null;
  const capsOf = (/** @type {string} */ op) => {
    const n = planned.filter((c) => c.op === op).length * (oneMessage.includes(op) ? 2 : 1);
    return n * (maxTime * 1000 + warmupMs);
  };
  let capsLeft = PAIRED_OPS.reduce((sum, op) => sum + capsOf(op), 0);
  // (the slices keep at least half of it, however long the inputs took: a user's large corpus is not a slow machine)
  const passDeadline = wallBudget == null ? Infinity : Math.max(since + wallBudget * capsLeft, wallClock.now() + (wallBudget * capsLeft) / 2);
  // for the round trip, encode's and decode's intervals each at half the error
  const joint = 1 - (1 - level) / 2;
  const total = planned.filter((c) => c.op !== 'roundtrip').length + planned.filter((c) => c.op !== 'roundtrip' && oneMessage.includes(c.op)).length;
  let done = 0;
  /** @type {Map<string, { p: Prepared, op: string, rate: ReturnType<typeof medianInterval>, slices: number, warmup: object,
   *   ratio: ReturnType<typeof measurePaired>['ratios'][string] | null, one: { rate: ReturnType<typeof medianInterval>, slices: number } | null,
   *   bias: ReturnType<typeof measurePaired>['ratios'][string] | null, jointRatio: ReturnType<typeof medianInterval> | null, halfWidth: number|null, met: boolean }>} */
  const figures = new Map();
  /** @type {{ format: string, op: string, last: unknown }[]} */
  const last = [];
  /** @type {{ loop: import('./paired.js').PairedCase['loop'], count: number, id: string } | null} */
  let checkCase = null;
  const groups = [];
  for (const op of PAIRED_OPS) {
    const members = planned.filter((c) => c.op === op);
    if (!members.length) continue;
    const base = members.find((c) => c.p.codec.name === BASELINE && !CONVERSIONS[op]);
    const idOf = (/** @type {PlannedCase} */ c) => `${c.p.codec.name} ${op}`;
    /** @type {import('./paired.js').PairedCase[]} */
    const cases = [];
    /** @type {Record<string, string>} */
    const follow = {};
    /** @type {import('./paired.js').PairedRatio[]} */
    const ratios = [];
    for (const c of members) {
      const own = /** @type {Inputs} */ (inputs.get(c.p));
      const src = sourceOf(c.p, own, op, false);
      cases.push({ id: idOf(c), loop: sliceLoop(src.op, src.inputs) });
      if (base && c !== base) ratios.push({ id: idOf(c), num: idOf(c), den: idOf(base) });
      if (oneMessage.includes(op)) {
        const one = sourceOf(c.p, own, op, true);
        const id = `${idOf(c)} (one message)`;
        cases.push({ id, loop: sliceLoop(one.op, one.inputs) });
        follow[id] = idOf(c);
        ratios.push({ id, num: id, den: idOf(c) });
      }
    }
    const deadline = deadlineShare(wallClock.now(), passDeadline, capsOf(op), capsLeft);
    capsLeft -= capsOf(op);
    const result = measurePaired({
      cases, baseline: base ? idOf(base) : null, ratios, follow, target, level, sliceMs, minPairs, clock, wallClock, wallFactor, deadline,
      // the group's cases share its cap: maxTime per case, the one-message loops counted
      maxMs: maxTime * 1000 * cases.length, warmup: { maxMs: warmupMs },
      onCase: (e) => {
        if (e.phase !== 'warmup') return;
        done++;
        onProgress?.({ done, total, name: `${e.id} (warm-up)`, round: 1, hz: 0 });
      },
    });
    groups.push({ op, cycles: result.cycles, cpuMs: Math.round(result.ms), stoppedBy: result.stoppedBy });
    // the timer check's case: the first group's baseline, timed again after every group (below)
    if (timerCheck && !checkCase && base) {
      checkCase = { loop: /** @type {import('./paired.js').PairedCase} */ (cases.find((c) => c.id === idOf(base))).loop, count: result.cases[idOf(base)].count ?? 1, id: idOf(base) };
    }
    // a case without one slice that read time has no rate: say so and stop, rather than write a rate of null
    const unread = Object.entries(result.cases).find(([, r]) => !(r.slices > 0 && Number.isFinite(r.rate)));
    if (unread) {
      throw new Error(`speed: ${unread[0]}: no slice of it read any time on the ${clock.kind} clock (${result.cycles} cycles, ${Math.round(result.ms)} ms), so it has no rate: the clock may not move finely enough for ${sliceMs} ms slices (try longer ones: --slice of benchmark.js or benchmark_dss.js)`);
    }
    for (const c of members) {
      const id = idOf(c);
      const own = result.cases[id];
      const ratio = result.ratios[id] ?? null;
      const bias = result.ratios[`${id} (one message)`] ?? null;
      const oneCase = result.cases[`${id} (one message)`];
      const rate = { median: own.rate, low: own.low, high: own.high, level, n: own.slices };
      figures.set(id, {
        p: c.p, op, rate, slices: own.slices, warmup: own.warmup, ratio,
        one: oneCase ? { rate: { median: oneCase.rate, low: oneCase.low, high: oneCase.high, level, n: oneCase.slices }, slices: oneCase.slices } : null,
        bias,
        jointRatio: ratio ? medianInterval(ratio.values, joint) : null,
        halfWidth: ratio ? ratio.halfWidth : own.halfWidth ?? relativeHalfWidth(rate),
        met: ratio ? ratio.met : own.met ?? relativeHalfWidth(rate) <= target,
      });
      last.push({ format: c.p.codec.name, op, last: cases.find((x) => x.id === id)?.loop(1) });
    }
  }
  void lastSink();
  // Benchmark.js against the slices on one case, after every measured group: nothing timed here follows it
  const check = checkCase ? timerAgreement(checkCase.loop, checkCase.count, checkCase.id) : null;

  const rows = planned.map((c) => {
    const own = /** @type {Inputs} */ (inputs.get(c.p));
    const wireBytes = own.wireBytes.reduce((a, b) => a + b, 0) / own.wireBytes.length;
    if (c.op === 'roundtrip') return roundtripRow(c, figures, wireBytes, { target, level, minPairs });
    const f = /** @type {NonNullable<ReturnType<typeof figures.get>>} */ (figures.get(`${c.p.codec.name} ${c.op}`));
    return rowOf(c, f, wireBytes, target, level, minPairs);
  });
  return {
    rows,
    last,
    timerCheck: check,
    precision: {
      target, level, sliceMs, minPairs, warmupMs, wallFactor, wallBudget, ...timingSettings(), clock: clock.kind, groups,
      ...precisionSummary(rows),
    },
  };
}

/**
 * A rate interval's half-width relative to its median, in percent, as results.json's `rme`: 0 where the slices were
 * too few for an interval (fewer than 6 at 95%), never Infinity, which JSON cannot hold (a quick run's one-message
 * loop with 5 slices wrote null there and failed results.json's check).
 * @param {{ median: number, low: number|null, high: number|null }} rate
 */
export function percentWidth(rate) {
  const w = relativeHalfWidth(rate);
  return Number.isFinite(w) ? w * 100 : 0;
}

/**
 * A speed row from one case's paired figures.
 * @param {PlannedCase} c
 * @param {any} f the case's figures (measureSpeedPaired)
 * @param {number} wireBytes mean bytes per message
 * @param {number} target
 * @param {number} level
 * @param {number} minPairs the fewest pairs a ratio may meet its target on
 */
function rowOf(c, f, wireBytes, target, level, minPairs) {
  const rate = f.rate;
  const rme = percentWidth(rate);
  const isBase = c.p.codec.name === BASELINE && !CONVERSIONS[c.op];
  const ratio = f.ratio;
  return {
    ...describeCodec(c.p),
    ...(c.p.record != null && c.p.record > 0 && { record: c.p.record }),
    op: c.op,
    opsPerSec: rate.median,
    min: rate.low ?? rate.median,
    max: rate.high ?? rate.median,
    spread: rate.low != null && rate.high != null ? (rate.high - rate.low) / rate.median : 0,
    rme,
    samplesPerRound: f.slices,
    wireBytes: Math.round(wireBytes),
    mbPerSec: CONVERSIONS[c.op] ? null : (rate.median * wireBytes) / 1e6,
    vsBaseline: isBase ? 1 : ratio ? ratio.ratio : null,
    vsBaselineMin: isBase ? 1 : ratio ? ratio.low : null,
    vsBaselineMax: isBase ? 1 : ratio ? ratio.high : null,
    precision: ratio ? {
      low: ratio.low, high: ratio.high, level, halfWidth: ratio.halfWidth, target, met: ratio.met, pairs: ratio.pairs, minPairs,
      warmup: { settled: f.warmup.settled, cpuMs: Math.round(f.warmup.ms), slices: f.warmup.slices },
      // the per-pair ratios the interval is the median's of: processes of one run pool them (lib/measure/processes.js)
      pairRatios: ratio.values.map((/** @type {number} */ v) => Number(v.toPrecision(5))),
      // the baseline's ops/s beside those pairs (their median): the processes of one run compare it (fullSpeed)
      ...(ratio.denRate != null && { baseRate: Math.round(ratio.denRate) }),
    } : null,
    oneMessage: f.one ? { opsPerSec: f.one.rate.median, min: f.one.rate.low ?? f.one.rate.median, max: f.one.rate.high ?? f.one.rate.median, rme: percentWidth(f.one.rate), rounds: [{ hz: f.one.rate.median, rme: percentWidth(f.one.rate), samples: f.one.slices }] } : null,
    bias: f.bias ? f.bias.ratio : null,
    biasMin: f.bias ? f.bias.low : null,
    biasMax: f.bias ? f.bias.high : null,
    /** @type {import('./speed.js').SpeedMemory | null} */
    memory: null,
    rounds: [{ hz: rate.median, rme, samples: f.slices }],
  };
}

/**
 * The round-trip row of a codec, derived from its encode and decode figures and the baseline's (roundtripFrom).
 * @param {PlannedCase} c
 * @param {Map<string, any>} figures
 * @param {number} wireBytes
 * @param {{ target: number, level: number, minPairs: number }} precision
 */
function roundtripRow(c, figures, wireBytes, { target, level, minPairs }) {
  const name = c.p.codec.name;
  const enc = figures.get(`${name} encode`);
  const dec = figures.get(`${name} decode`);
  const rate = 1 / (1 / enc.rate.median + 1 / dec.rate.median);
  const low = enc.rate.low != null && dec.rate.low != null ? 1 / (1 / enc.rate.low + 1 / dec.rate.low) : rate;
  const high = enc.rate.high != null && dec.rate.high != null ? 1 / (1 / enc.rate.high + 1 / dec.rate.high) : rate;
  const bEnc = figures.get(`${BASELINE} encode`);
  const bDec = figures.get(`${BASELINE} decode`);
  const isBase = name === BASELINE;
  let ratio = null;
  if (!isBase && bEnc && bDec && enc.ratio && dec.ratio) {
    const a = (1 / bEnc.rate.median) / (1 / bEnc.rate.median + 1 / bDec.rate.median);
    const mid = roundtripFrom({ ratio: enc.ratio.ratio, low: null, high: null }, { ratio: dec.ratio.ratio, low: null, high: null }, a);
    const bounds = roundtripFrom({ ratio: enc.ratio.ratio, low: enc.jointRatio.low, high: enc.jointRatio.high },
      { ratio: dec.ratio.ratio, low: dec.jointRatio.low, high: dec.jointRatio.high }, a);
    const halfWidth = relativeHalfWidth({ median: mid.ratio, low: bounds.low, high: bounds.high });
    const pairs = Math.min(enc.ratio.pairs, dec.ratio.pairs);
    ratio = { ratio: mid.ratio, low: bounds.low, high: bounds.high, halfWidth, met: halfWidth <= target && pairs >= minPairs, pairs, encodeShare: a };
  }
  const rme = percentWidth({ median: rate, low, high });
  return {
    ...describeCodec(c.p),
    ...(c.p.record != null && c.p.record > 0 && { record: c.p.record }),
    op: 'roundtrip',
    derived: 'encode+decode',
    opsPerSec: rate,
    min: low,
    max: high,
    spread: (high - low) / rate,
    rme,
    samplesPerRound: Math.min(enc.slices, dec.slices),
    wireBytes: Math.round(wireBytes),
    mbPerSec: (rate * wireBytes) / 1e6,
    vsBaseline: isBase ? 1 : ratio ? ratio.ratio : null,
    vsBaselineMin: isBase ? 1 : ratio ? ratio.low : null,
    vsBaselineMax: isBase ? 1 : ratio ? ratio.high : null,
    precision: ratio ? { low: ratio.low, high: ratio.high, level, halfWidth: ratio.halfWidth, target, met: ratio.met, pairs: ratio.pairs, minPairs, encodeShare: ratio.encodeShare } : null,
    oneMessage: null,
    bias: null,
    biasMin: null,
    biasMax: null,
    memory: null,
    rounds: [{ hz: rate, rme, samples: Math.min(enc.slices, dec.slices) }],
  };
}

/**
 * How many rows carry a ratio's precision, the median half-width of their intervals, and how many missed the target.
 * @param {{ precision?: { halfWidth: number, met: boolean } | null }[]} rows
 */
export function precisionSummary(rows) {
  const ratioRows = rows.filter((r) => r.precision);
  return {
    ratios: ratioRows.length,
    medianHalfWidth: ratioRows.length ? median(ratioRows.map((r) => /** @type {{ halfWidth: number }} */ (r.precision).halfWidth)) : null,
    missed: ratioRows.filter((r) => !r.precision?.met).length,
  };
}
