import test from 'node:test';
import assert from 'node:assert/strict';
import { mergeProcessRows, pooledRatio, processAgreement } from '../../../lib/measure/processes.js';
import { SLOWED_BASELINE_BELOW, fastestBaseline, fullSpeed } from '../../../lib/measure/slowed.js';
import { medianInterval } from '../../../lib/measure/statistics.js';

test('processAgreement: agree when one value lies in every interval, bimodal for two groups that each agree, else process-dependent', () => {
  assert.equal(processAgreement([{ ratio: 1.6, low: 1.55, high: 1.65 }, { ratio: 1.62, low: 1.6, high: 1.7 }, { ratio: 1.58, low: 1.5, high: 1.61 }]), 'agree');
  // 1.6 and 1.61 agree, 2.0 and 2.02 agree, the groups do not
  assert.equal(processAgreement([{ ratio: 1.6, low: 1.55, high: 1.65 }, { ratio: 2.0, low: 1.95, high: 2.05 }, { ratio: 1.61, low: 1.58, high: 1.66 },
    { ratio: 2.02, low: 1.98, high: 2.06 }]), 'bimodal');
  // three apart from each other: no two groups that agree within
  assert.equal(processAgreement([{ ratio: 1, low: 0.99, high: 1.01 }, { ratio: 1.5, low: 1.49, high: 1.51 }, { ratio: 2, low: 1.99, high: 2.01 }]), 'process-dependent');
  // one process apart from two that agree is an outlier, not a second mode
  assert.equal(processAgreement([{ ratio: 1, low: 0.97, high: 1.03 }, { ratio: 1.01, low: 0.98, high: 1.04 }, { ratio: 1.05, low: 1.035, high: 1.07 }]), 'process-dependent');
  // two that disagree are not called bimodal: two processes cannot show two modes
  assert.equal(processAgreement([{ ratio: 1, low: 0.99, high: 1.01 }, { ratio: 2, low: 1.99, high: 2.01 }]), 'process-dependent');
  assert.equal(processAgreement([{ ratio: 1, low: null, high: null }, { ratio: 1, low: 0.9, high: 1.1 }]), 'process-dependent');
  // 2.7% apart, each to ±1%: beyond their intervals, within a ±5% target
  const close = [{ ratio: 1.293, low: 1.28, high: 1.30 }, { ratio: 1.259, low: 1.25, high: 1.27 }];
  assert.equal(processAgreement(close), 'process-dependent');
  assert.equal(processAgreement(close, 0.05), 'agree');
  // 8.9% apart: not within ±5%
  assert.equal(processAgreement([{ ratio: 3.778, low: 3.65, high: 3.93 }, { ratio: 4.113, low: 4.03, high: 4.21 }], 0.05), 'process-dependent');
});

const row = (/** @type {number} */ vs, /** @type {number} */ low, /** @type {number} */ high, /** @type {number} */ hz, met = true) => ({
  format: 'pb', op: 'encode', opsPerSec: hz, min: hz * 0.9, max: hz * 1.1, vsBaseline: vs, vsBaselineMin: low, vsBaselineMax: high,
  precision: { low, high, level: 0.95, halfWidth: Math.max(high / vs - 1, 1 - low / vs), target: 0.05, met, pairs: 20 },
  rme: 1, rounds: [{ hz, rme: 1, samples: 20 }],
});

test('mergeProcessRows: medians over the processes, the interval the median of their bounds, each process kept, a disagreement not met', () => {
  const [agreeing] = mergeProcessRows([[row(1.6, 1.56, 1.64, 100)], [row(1.62, 1.58, 1.66, 120)], [row(1.59, 1.55, 1.63, 110)]]);
  assert.equal(agreeing.vsBaseline, 1.6);
  // the median low and the median high, not the span 1.55–1.66 of all three
  assert.deepEqual([agreeing.vsBaselineMin, agreeing.vsBaselineMax], [1.56, 1.64]);
  assert.equal(agreeing.opsPerSec, 110);
  assert.equal(agreeing.rounds.length, 3);
  assert.deepEqual(agreeing.processes, { agreement: 'agree', vsBaseline: [1.6, 1.62, 1.59], low: [1.56, 1.58, 1.55], high: [1.64, 1.66, 1.63] });
  assert.equal(agreeing.precision?.met, true);
  assert.ok(Math.abs(/** @type {number} */ (agreeing.precision?.halfWidth) - 0.04 / 1.6) < 1e-12);
  // ops/s spans 90–132 around the median 110: ± is that span's half-width, not the first process's own 1%
  assert.ok(Math.abs(agreeing.rme - 20) < 1e-9, `± ${agreeing.rme}%`);
  // the one-message bias: the median of the processes', its range spanning theirs
  const biased = (/** @type {number} */ b, /** @type {number} */ hz) => ({ ...row(1.6, 1.56, 1.64, hz), bias: b, biasMin: b - 0.02, biasMax: b + 0.02 });
  const [bias] = mergeProcessRows([[biased(1.3, 100)], [biased(1.1, 100)], [biased(1.2, 100)]]);
  assert.deepEqual([bias.bias, bias.biasMin, bias.biasMax].map((x) => Math.round(/** @type {number} */ (x) * 100) / 100), [1.2, 1.08, 1.32]);
  const [split] = mergeProcessRows([[row(1.6, 1.56, 1.64, 100)], [row(2.0, 1.96, 2.04, 100)], [row(1.61, 1.57, 1.65, 100)], [row(2.02, 1.98, 2.06, 100)]]);
  assert.equal(split.processes.agreement, 'bimodal');
  assert.equal(split.precision?.met, false, 'a bimodal ratio has not met its precision, whatever each process said');
  // two processes that each met ±4% and agree (1.0–1.04 lies in both): one value measured twice; together they span
  // ±6%, which is no interval of their median; the median bounds 0.98–1.06 are, and they meet ±5%
  const [two] = mergeProcessRows([[row(1.0, 0.96, 1.04, 100)], [row(1.04, 1.0, 1.08, 100)]]);
  assert.equal(two.processes.agreement, 'agree');
  assert.equal(two.vsBaseline, 1.02);
  assert.deepEqual([two.vsBaselineMin, two.vsBaselineMax].map((x) => Math.round(/** @type {number} */ (x) * 1000) / 1000), [0.98, 1.06]);
  assert.equal(two.precision?.met, true);
  // two that each met but disagree (no value in both): not met, named
  const [apart] = mergeProcessRows([[row(1.0, 0.97, 1.03, 100)], [row(1.1, 1.07, 1.13, 100)]]);
  assert.equal(apart.processes.agreement, 'process-dependent');
  assert.equal(apart.precision?.met, false);
  // agreeing processes whose median bounds are wider than the target: not met
  const [loose] = mergeProcessRows([[row(1.0, 0.94, 1.06, 100)], [row(1.0, 0.94, 1.06, 100)]].map((rs) => rs.map((r) => ({ ...r, precision: { ...r.precision, target: 0.1 } }))));
  assert.equal(loose.precision?.met, true, 'within a ±10% target');
  const [looser] = mergeProcessRows([[row(1.0, 0.94, 1.06, 100)], [row(1.0, 0.94, 1.06, 100)]]);
  assert.equal(looser.precision?.met, false, '±6% misses ±5%, whatever each process said');
});

/**
 * A merged row's interval reaches every process's own ratio.
 * @param {{ vsBaselineMin: number|null, vsBaselineMax: number|null, processes: { vsBaseline: (number|null)[] } }} row
 */
const assertHoldsEachProcess = (row) => {
  const own = /** @type {number[]} */ (row.processes.vsBaseline);
  assert.ok(/** @type {number} */ (row.vsBaselineMin) <= Math.min(...own) && /** @type {number} */ (row.vsBaselineMax) >= Math.max(...own),
    `${row.vsBaselineMin}–${row.vsBaselineMax} against ${own.join(', ')}`);
};

/** 30 per-pair ratios scattered around `centre` (a sum of three seeded uniforms: bell-shaped, within ±`spread`), and the row a process would give for them. */
const paired = (/** @type {number} */ centre, /** @type {number} */ spread, op = 'encode', format = 'pb') => {
  let seed = Math.round(centre * 1000 + spread * 100000);
  const uniform = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const values = Array.from({ length: 30 }, () => centre * (1 + spread * ((uniform() + uniform() + uniform()) / 1.5 - 1)));
  const ci = medianInterval(values, 0.95);
  const base = row(ci.median, /** @type {number} */ (ci.low), /** @type {number} */ (ci.high), 100);
  return { ...base, format, op, precision: { ...base.precision, pairRatios: values, pairs: values.length } };
};

test('pooledRatio: the pairs of every process in one median interval, widened to hold each process\'s median', () => {
  const a = paired(1.0, 0.1);
  const b = paired(1.01, 0.1);
  const pooled = pooledRatio([a, b]);
  const all = medianInterval([...a.precision.pairRatios, ...b.precision.pairRatios], 0.95);
  assert.equal(pooled.ratio, all.median);
  assert.equal(pooled.pairs, 60);
  assert.deepEqual([pooled.low, pooled.high], [Math.min(/** @type {number} */ (all.low), a.vsBaseline, b.vsBaseline), Math.max(/** @type {number} */ (all.high), a.vsBaseline, b.vsBaseline)]);
  // 60 pairs give a narrower interval than either process's 30
  assert.ok(/** @type {number} */ (pooled.high) - /** @type {number} */ (pooled.low) < /** @type {number} */ (a.vsBaselineMax) - /** @type {number} */ (a.vsBaselineMin));
  // two processes 20% apart, each tight: the interval reaches both medians, though the pooled pairs alone would not
  const [lowOne, highOne] = [paired(1.0, 0.01), paired(1.2, 0.01)];
  const far = pooledRatio([lowOne, highOne]);
  assert.ok(/** @type {number} */ (far.low) <= /** @type {number} */ (lowOne.vsBaseline) && /** @type {number} */ (far.high) >= /** @type {number} */ (highOne.vsBaseline), `${far.low}–${far.high}`);
  // rows without their pairs: the median of the ratios in the median of the bounds
  assert.deepEqual(pooledRatio([row(1.0, 0.96, 1.04, 100), row(1.04, 1.0, 1.08, 100)]), { ratio: 1.02, low: 0.98, high: 1.06, pairs: null });
});

test('mergeProcessRows pools the pairs: agreeing processes that each missed ±5% can meet it together; a disagreement cannot', () => {
  // each process alone: 30 pairs scattered ±25%, an interval wider than ±5%
  const alone = paired(1.5, 0.25);
  assert.ok(/** @type {number} */ (alone.precision.halfWidth) > 0.05, `alone ±${alone.precision.halfWidth}`);
  const [together] = mergeProcessRows([[{ ...alone, precision: { ...alone.precision, met: false } }], [paired(1.52, 0.25)], [paired(1.49, 0.25)]]);
  assert.equal(together.processes.agreement, 'agree');
  assert.equal(together.precision?.pairs, 90);
  assert.ok(/** @type {number} */ (together.precision?.halfWidth) <= 0.05, `together ±${together.precision?.halfWidth}`);
  assert.equal(together.precision?.met, true);
  // two processes 3% apart with tight pairs: beyond their intervals, within the ±5% target: they agree, and the
  // interval holds both medians
  const [near] = mergeProcessRows([[paired(1.0, 0.01)], [paired(1.03, 0.01)]]);
  assert.equal(near.processes.agreement, 'agree');
  assert.equal(near.precision?.met, true);
  assertHoldsEachProcess(near);
  // too few pairs pooled for an interval the target trusts: not met, however narrow
  const few = (/** @type {number} */ c) => { const r = paired(c, 0.01); return { ...r, precision: { ...r.precision, pairRatios: r.precision.pairRatios.slice(0, 4), pairs: 4, minPairs: 10 } }; };
  const [thin] = mergeProcessRows([[few(1.0)], [few(1.001)]]);
  assert.equal(thin.precision?.pairs, 8);
  assert.equal(thin.precision?.met, false);
  // a process that lacks the row: not met, and the missing process is named as missing
  const [partial] = mergeProcessRows([[paired(1.0, 0.01)], [], [paired(1.0, 0.01)]]);
  assert.deepEqual(partial.processes.vsBaseline.length, 3);
  assert.equal(partial.processes.vsBaseline[1], null);
  assert.equal(partial.precision?.met, false);
  // two processes 10% apart with tight pairs: they disagree, and the interval holds both medians
  const [apart] = mergeProcessRows([[paired(1.0, 0.01)], [paired(1.1, 0.01)]]);
  assert.equal(apart.processes.agreement, 'process-dependent');
  assert.equal(apart.precision?.met, false);
  assertHoldsEachProcess(apart);
});

test('mergeProcessRows derives the round trip again from the merged encode and decode: it stays between them', () => {
  const process = (/** @type {number} */ enc, /** @type {number} */ dec, /** @type {number} */ rt) => {
    const e = paired(enc, 0.05, 'encode');
    const d = paired(dec, 0.05, 'decode');
    const r = row(rt, rt * 0.97, rt * 1.03, 100);
    return [e, d, { ...r, op: 'roundtrip', precision: { ...r.precision, encodeShare: 0.4 } }];
  };
  // each process's own round trip (2.5, 0.6) lies far outside; the merged one is derived, not the processes' median
  const merged = mergeProcessRows([process(1.2, 2.0, 2.5), process(1.22, 2.04, 0.6)]);
  const [enc, dec, rt] = merged;
  assert.equal(rt.op, 'roundtrip');
  const lo = Math.min(/** @type {number} */ (enc.vsBaseline), /** @type {number} */ (dec.vsBaseline));
  const hi = Math.max(/** @type {number} */ (enc.vsBaseline), /** @type {number} */ (dec.vsBaseline));
  assert.ok(/** @type {number} */ (rt.vsBaseline) > lo && /** @type {number} */ (rt.vsBaseline) < hi, `${rt.vsBaseline} not in ${lo}–${hi}`);
  const expected = 1 / (0.4 / /** @type {number} */ (enc.vsBaseline) + 0.6 / /** @type {number} */ (dec.vsBaseline));
  assert.ok(Math.abs(/** @type {number} */ (rt.vsBaseline) - expected) < 1e-12);
  assert.ok(/** @type {number} */ (rt.vsBaselineMin) < /** @type {number} */ (rt.vsBaseline) && /** @type {number} */ (rt.vsBaselineMax) > /** @type {number} */ (rt.vsBaseline));
  // encode and decode agree: so does the round trip derived from them, and it is met (the processes' own round
  // trips, 2.5 and 0.6, were each derived from their process's figures, not a disagreement of their own)
  assert.equal(enc.processes.agreement, 'agree');
  assert.equal(rt.processes.agreement, 'agree');
  assert.equal(rt.precision?.met, true);
  // its interval is the joint one: wider than the round trip's figures at the 95% level would give
  assert.ok(/** @type {number} */ (rt.precision?.halfWidth) > 0);
  // encode disagreeing across processes: the round trip is not met, and says why
  const [, , split] = mergeProcessRows([process(1.2, 2.0, 1.5), process(1.5, 2.0, 1.5)]);
  assert.equal(split.processes.agreement, 'process-dependent');
  assert.equal(split.precision?.met, false);
});

/** A process's row of `paired` whose baseline ran at `baseRate` ops/s beside its pairs. */
const at = (/** @type {ReturnType<typeof paired>} */ r, /** @type {number} */ baseRate) => ({ ...r, precision: { ...r.precision, baseRate } });

test('fullSpeed: a process whose baseline ran below SLOWED_BASELINE_BELOW of the fastest process\'s ran slowed; rows without a rate are all kept', () => {
  assert.deepEqual(fullSpeed([at(paired(2, 0.05), 220000), at(paired(2, 0.05), 130000), at(paired(2, 0.05), 190000)]), [true, false, true]);
  // the boundary: exactly SLOWED_BASELINE_BELOW of the fastest is full speed
  assert.deepEqual(fullSpeed([at(paired(2, 0.05), 100000), at(paired(2, 0.05), 100000 * SLOWED_BASELINE_BELOW)]), [true, true]);
  assert.deepEqual(fullSpeed([at(paired(2, 0.05), 100000), at(paired(2, 0.05), 100000 * SLOWED_BASELINE_BELOW - 1)]), [true, false]);
  // a row without its baseline's rate (the Benchmark.js timer, an older results.json, no pairs) cannot be judged:
  // it counts as at full speed, and the others are still judged
  assert.deepEqual(fullSpeed([at(paired(2, 0.05), 220000), paired(2, 0.05)]), [true, true]);
  assert.deepEqual(fullSpeed([at(paired(2, 0.05), 130000), paired(2, 0.05)], 220000), [false, true]);
  // against a given fastest (the run's, over every codec's rows): 188k is slowed beside 242k though fastest of its own
  assert.deepEqual(fullSpeed([at(paired(2, 0.05), 188000), at(paired(2, 0.05), 140000)], 242000), [false, false]);
  assert.deepEqual(fullSpeed([at(paired(2, 0.05), 211000), at(paired(2, 0.05), 188000)], 242000), [true, false]);
  // a process whose baseline alone ran slower (its ratio rose above the fastest-baseline process's, beyond the
  // tolerance) is kept: as measured on Node 24.22.3, test4 protobuf-es encode 0.61× and 0.60× where json-buffer ran
  // 68k and 70k ops/s, 0.50× where it ran 82k, the run's fastest json-buffer encode 90k
  assert.deepEqual(fullSpeed([at(paired(0.61, 0.01), 68000), at(paired(0.5, 0.01), 82000), at(paired(0.6, 0.01), 70000)], 90000), [true, true, true]);
  // the same baselines with ratios that fell or held: a slowed host
  assert.deepEqual(fullSpeed([at(paired(0.45, 0.01), 68000), at(paired(0.5, 0.01), 82000), at(paired(0.52, 0.01), 70000)], 90000), [false, true, false]);
  // the fastest per operation, over every row that has a rate
  assert.deepEqual(fastestBaseline([{ ...at(paired(2, 0.05), 211000) }, at(paired(2, 0.05, 'decode'), 250000), at(paired(1, 0.05, 'encode', 'other'), 242000), paired(3, 0.05)]),
    new Map([['encode', 242000], ['decode', 250000]]));
});

test('mergeProcessRows sets a slowed process aside: the ratio pools the processes at full speed, and fewer than two is unjudged', () => {
  // as measured (docs/speed.md, "A slowed machine"): msgpackr encode on test3 read 1.85–2.02× json-buffer in processes
  // whose json-buffer ran ~220k ops/s, 1.45–1.59× in those where it ran ~130k
  const [kept] = mergeProcessRows([[at(paired(1.95, 0.03), 225000)], [at(paired(1.5, 0.03), 130000)], [at(paired(1.92, 0.03), 210000)]]);
  assert.equal(kept.processes.agreement, 'agree');
  assert.deepEqual(kept.processes.slowed, [false, true, false]);
  // the slowed process's ratio is still shown, not pooled: the interval holds the other two, not 1.5
  assert.equal(kept.processes.vsBaseline[1] != null && kept.processes.vsBaseline[1] < 1.6, true);
  assert.equal(kept.precision?.pairs, 60);
  assert.ok(/** @type {number} */ (kept.vsBaselineMin) > 1.8, `${kept.vsBaselineMin}`);
  assert.equal(kept.precision?.met, true);
  // the same three without their baseline's rates: one disagreeing process, not met
  const [unknown] = mergeProcessRows([[paired(1.95, 0.03)], [paired(1.5, 0.03)], [paired(1.92, 0.03)]]);
  assert.equal(unknown.processes.agreement, 'process-dependent');
  assert.equal(unknown.processes.slowed, undefined);
  assert.equal(unknown.precision?.met, false);
  // two of three slowed: one process cannot be compared with itself, and its figure is no better than the others'
  // (it may be the outlier: 2026-11-30, the lone full-speed process read 2.03× where five others read 1.67–1.81×), so
  // the figure pools all three, its interval spanning every process's median
  const [alone] = mergeProcessRows([[at(paired(1.95, 0.03), 225000)], [at(paired(1.5, 0.03), 130000)], [at(paired(1.48, 0.03), 128000)]]);
  assert.equal(alone.processes.agreement, 'unjudged');
  assert.deepEqual(alone.processes.slowed, [false, true, true]);
  assert.equal(alone.precision?.met, false);
  assert.equal(alone.precision?.pairs, 90);
  assert.ok(Math.abs(/** @type {number} */ (alone.vsBaseline) - 1.5) < 0.05, `${alone.vsBaseline}`);
  assert.ok(/** @type {number} */ (alone.vsBaselineMin) < 1.49 && /** @type {number} */ (alone.vsBaselineMax) > 1.94, `${alone.vsBaselineMin}–${alone.vsBaselineMax}`);
  // the reference is the run's fastest baseline on that operation over every codec: a group of processes that all
  // ran slowed does not pass its own fastest as full speed (2026-11-29: the protobufjs-static group's baseline at
  // 123–211k, the protobufjs-dynamic group's up to 242k, msgpackr encode 1.58× at 188k)
  const [mp, dyn] = mergeProcessRows([
    [at(paired(1.85, 0.03), 211000), at(paired(2.1, 0.03, 'encode', 'dyn'), 242000)],
    [at(paired(1.58, 0.03), 188000), at(paired(2.07, 0.03, 'encode', 'dyn'), 230000)],
    [at(paired(1.44, 0.03), 123000), at(paired(2.08, 0.03, 'encode', 'dyn'), 225000)],
  ]);
  assert.deepEqual(mp.processes.slowed, [false, true, true]);
  assert.equal(mp.processes.agreement, 'unjudged');
  // one at full speed: the figure pools all three (1.85, 1.58, 1.44), unjudged
  assert.ok(Math.abs(/** @type {number} */ (mp.vsBaseline) - 1.58) < 0.05, `${mp.vsBaseline}`);
  assert.ok(/** @type {number} */ (mp.vsBaselineMin) < 1.45 && /** @type {number} */ (mp.vsBaselineMax) > 1.84, `${mp.vsBaselineMin}–${mp.vsBaselineMax}`);
  assert.equal(dyn.processes.slowed, undefined);
  assert.equal(dyn.processes.agreement, 'agree');
  // every process of a codec slowed beside another codec's faster ones: nothing to compare, never met (one slowed
  // process's own interval must not stand as the row's), the figure pooled over all of them
  const [none] = mergeProcessRows([
    [at(paired(1.6, 0.01), 150000), at(paired(2.1, 0.03, 'encode', 'dyn'), 242000)],
    [at(paired(1.58, 0.01), 140000), at(paired(2.07, 0.03, 'encode', 'dyn'), 230000)],
  ]);
  assert.deepEqual(none.processes.slowed, [true, true]);
  assert.equal(none.processes.agreement, 'unjudged');
  assert.equal(none.precision?.met, false);
  assert.equal(none.precision?.pairs, 60);
  assert.equal(/** @type {any} */ (none.precision)?.baseRate, undefined);
  // the Node 24 case in a merge: nothing set aside, the processes' difference judged as any other
  const [jit] = mergeProcessRows([[at(paired(0.61, 0.01), 68000), at(paired(1.1, 0.01, 'encode', 'dyn'), 90000)], [at(paired(0.5, 0.01), 82000), at(paired(1.1, 0.01, 'encode', 'dyn'), 89000)],
    [at(paired(0.6, 0.01), 70000), at(paired(1.1, 0.01, 'encode', 'dyn'), 88000)]]);
  assert.equal(jit.processes.slowed, undefined);
  assert.equal(jit.processes.agreement, 'process-dependent');
  // the derived round trip pools the same processes: a slowed process's encode does not pull it down
  const proc = (/** @type {number} */ enc, /** @type {number} */ rate) => {
    const r = row(1.5, 1.45, 1.55, 100);
    return [at(paired(enc, 0.03, 'encode'), rate), at(paired(1.2, 0.03, 'decode'), 200000), { ...r, op: 'roundtrip', precision: { ...r.precision, encodeShare: 0.5 } }];
  };
  const [enc, , rt] = mergeProcessRows([proc(1.95, 225000), proc(1.5, 130000), proc(1.92, 210000)]);
  assert.ok(/** @type {number} */ (enc.vsBaselineMin) > 1.8);
  assert.equal(rt.precision?.met, true);
  assert.ok(/** @type {number} */ (rt.vsBaselineMax) < 1.95 && /** @type {number} */ (rt.vsBaselineMin) > 1.2, `${rt.vsBaselineMin}–${rt.vsBaselineMax}`);
  // one process's encode at full speed: the round trip pools all three, as its encode row does, so its interval holds
  // its own figure (from the lone process's pairs it would lie around 1.95 while the encode figure pools 1.5)
  const [oneEnc, , oneRt] = mergeProcessRows([proc(1.95, 225000), proc(1.5, 130000), proc(1.48, 128000)]);
  assert.equal(oneEnc.processes.agreement, 'unjudged');
  assert.ok(oneRt.vsBaselineMin != null && oneRt.vsBaselineMax != null
    && oneRt.vsBaselineMin <= /** @type {number} */ (oneRt.vsBaseline) && /** @type {number} */ (oneRt.vsBaseline) <= oneRt.vsBaselineMax,
  `${oneRt.vsBaselineMin} ≤ ${oneRt.vsBaseline} ≤ ${oneRt.vsBaselineMax}`);
  // every process's encode slowed beside another codec's faster baseline: the round trip pools them all, as its encode
  // row does, and keeps an interval (CI of c4cca26: it pooled none and printed null ≤ 1.48 ≤ null), unjudged, not met
  const slow = (/** @type {number} */ enc, /** @type {number} */ rate) => [...proc(enc, rate), at(paired(2.1, 0.03, 'encode', 'dyn'), 242000)];
  const [allEnc, , allRt] = mergeProcessRows([slow(1.6, 150000), slow(1.58, 140000), slow(1.62, 145000)]);
  assert.deepEqual(allEnc.processes.slowed, [true, true, true]);
  assert.equal(allRt.processes.agreement, 'unjudged');
  assert.equal(allRt.precision?.met, false);
  assert.ok(allRt.vsBaselineMin != null && allRt.vsBaselineMax != null
    && allRt.vsBaselineMin <= /** @type {number} */ (allRt.vsBaseline) && /** @type {number} */ (allRt.vsBaseline) <= allRt.vsBaselineMax,
  `${allRt.vsBaselineMin} ≤ ${allRt.vsBaseline} ≤ ${allRt.vsBaselineMax}`);
});
