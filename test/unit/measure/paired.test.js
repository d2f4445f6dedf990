import test from 'node:test';
import assert from 'node:assert/strict';
import {
  calibrateCount, clockResolution, CLOCK_RESOLUTION_MS, CPU_CLOCK, cycleOrder, deadlineShare, MAX_RESCALE, SLICE_GC, measurePaired, pairRatios, sliceLoop, timingProcess,
  TIMING_ENV, TIMING_NODE_FLAGS, warmUp,
} from '../../../lib/measure/paired.js';
import { medianInterval, relativeHalfWidth } from '../../../lib/measure/statistics.js';
import { roundtripFrom, percentWidth } from '../../../lib/measure/speed-paired.js';

/**
 * A machine played on a virtual clock: each case costs `cost[id]` ms per call, times the machine's slowness at
 * that moment (slow(t), 1 = normal), times the case's own warm-up factor (first calls slower). Deterministic.
 * @param {Record<string, number>} cost
 * @param {{ slow?: (t: number) => number, coldCalls?: Record<string, number>, coldFactor?: number }} [options]
 */
function virtualMachine(cost, { slow = () => 1, coldCalls = {}, coldFactor = 3 } = {}) {
  let t = 0;
  /** @type {Record<string, number>} */
  const calls = {};
  const clock = { now: () => t };
  const loopOf = (/** @type {string} */ id) => (/** @type {number} */ count) => {
    for (let i = 0; i < count; i++) {
      calls[id] = (calls[id] ?? 0) + 1;
      // a JIT tiering up: the first coldCalls calls start coldFactor× slower and speed up steadily to normal
      const n = coldCalls[id] ?? 0;
      const cold = calls[id] <= n ? 1 + (coldFactor - 1) * (1 - calls[id] / n) : 1;
      t += cost[id] * slow(t) * cold;
    }
    return t;
  };
  return { clock, cases: Object.keys(cost).map((id) => ({ id, loop: loopOf(id) })), calls };
}

test('medianInterval: order statistics of the median, from the binomial (hand-worked)', () => {
  // n = 10 at 95%: P(Bin(10, ½) ≤ 1) = 11/1024 ≈ 0.0107 ≤ 0.025 < P(≤ 2) = 56/1024: the 2nd smallest and 2nd largest
  const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
  assert.deepEqual(medianInterval(ten, 0.95), { median: 5.5, low: 2, high: 9, level: 0.95, n: 10 });
  // n = 6: P(≤ 0) = 1/64 ≈ 0.0156 ≤ 0.025: min and max
  assert.deepEqual(medianInterval([3, 1, 2, 6, 5, 4], 0.95), { median: 3.5, low: 1, high: 6, level: 0.95, n: 6 });
  // n = 5: 1/32 = 0.031 > 0.025: no interval at 95%
  const five = medianInterval([1, 2, 3, 4, 5], 0.95);
  assert.equal(five.low, null);
  assert.equal(relativeHalfWidth(five), Infinity);
  // n = 20: P(≤ 5) = 0.0207 ≤ 0.025 < P(≤ 6) = 0.0577: 6th and 15th
  const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
  assert.deepEqual([medianInterval(twenty).low, medianInterval(twenty).high], [6, 15]);
  assert.ok(Math.abs(relativeHalfWidth({ median: 10, low: 9, high: 12 }) - 0.2) < 1e-12);
});

test('pairRatios: each slice over the geometric mean of its neighbours of the other case, within reach', () => {
  const timeline = [{ id: 'B', rate: 100 }, { id: 'c', rate: 300 }, { id: 'B', rate: 400 }, { id: 'd', rate: 50 }, { id: 'x', rate: 1 }, { id: 'x', rate: 1 }, { id: 'c', rate: 90 }];
  // c at 1: B 100 before, 400 after: √40000 = 200 → 1.5; c at 6: B at 2 is 4 places back (out of reach), none after: no pair
  assert.deepEqual(pairRatios(timeline, 'c', 'B'), [1.5]);
  // d at 3: B 400 before, none within 2 after → 50/400
  assert.deepEqual(pairRatios(timeline, 'd', 'B'), [0.125]);
});

test('cycleOrder: the baseline before every case, the others rotating and reversing, followers right after their case', () => {
  assert.deepEqual(cycleOrder('B', ['a', 'b', 'c'], {}, 0), ['B', 'a', 'B', 'b', 'B', 'c']);
  assert.deepEqual(cycleOrder('B', ['a', 'b', 'c'], {}, 1), ['B', 'b', 'B', 'c', 'B', 'a']);
  assert.deepEqual(cycleOrder('B', ['a', 'b', 'c'], {}, 3), ['B', 'c', 'B', 'b', 'B', 'a']);
  // two cases: each leads in two of every four cycles (a reversal every other cycle would undo the rotation)
  assert.deepEqual([0, 1, 2, 3].map((c) => cycleOrder('', ['a', 'b'], {}, c).join('')), ['ab', 'ba', 'ba', 'ab']);
  // only the baseline's own follower left: the baseline and it
  assert.deepEqual(cycleOrder('B', [], { B: ['B1'] }, 4), ['B', 'B1']);
  assert.deepEqual(cycleOrder('B', ['a', 'b'], { a: ['a1'], B: ['B1'] }, 0), ['B', 'B1', 'a', 'a1', 'B', 'b']);
  assert.deepEqual(cycleOrder('', ['a', 'b'], {}, 2), ['b', 'a']);
});

test('sliceLoop: calls the operation on the inputs in turn, keeping its place between slices', () => {
  /** @type {number[]} */
  const seen = [];
  const loop = sliceLoop((/** @type {number} */ x) => { seen.push(x); return x * 2; }, [1, 2, 3]);
  assert.equal(loop(2), 4);
  assert.equal(loop(2), 2);
  assert.deepEqual(seen, [1, 2, 3, 1]);
});

test('calibrateCount: fills a slice of the asked length on the clock', () => {
  const vm = virtualMachine({ a: 0.01 });
  const count = calibrateCount(vm.cases[0].loop, 20, vm.clock);
  assert.ok(Math.abs(count * 0.01 - 20) < 0.5, `${count} calls of 0.01 ms for a 20 ms slice`);
});

test('a clock too coarse for slices is found out, and calibration on one ends on the wall clock', { timeout: 20_000 }, () => {
  // a clock that moves in whole milliseconds (as a thread's CPU clock did on this machine's kernel) is refused
  assert.ok(clockResolution(() => Math.floor(performance.now())) >= 0.9);
  assert.ok(clockResolution(() => performance.now()) < CLOCK_RESOLUTION_MS);
  assert.equal(clockResolution(() => 0), Infinity);
  // a clock that never moves: the count grows until the wall clock fills a slice, not to 2^30 calls
  const spin = () => { const t = performance.now(); while (performance.now() - t < 0.01); return t; };
  const count = calibrateCount((n) => { let last; for (let i = 0; i < n; i++) last = spin(); return last; }, 5, { now: () => 0 });
  assert.ok(count >= 1 && count < 5000, `${count} calls of 10 µs for a 5 ms slice`);
  // the clock the slices use ticks finely enough
  assert.ok(clockResolution(CPU_CLOCK.now) <= CLOCK_RESOLUTION_MS, `${CPU_CLOCK.kind}`);
});

test('a clock that moves finely only between long steps (a thread clock on a loaded machine) is found out', () => {
  // every fifth step is 3 ms, the rest 10 µs: its median step is fine, its 90th percentile is not
  const jumpy = () => {
    let t = 0;
    let n = 0;
    return () => (t += ++n % 5 === 0 ? 3 : 0.01);
  };
  assert.ok(clockResolution(jumpy()) >= 3, `${clockResolution(jumpy())}`);
  // one long step in twenty (a helper thread's time folded in) does not refuse a fine clock
  let t = 0;
  let n = 0;
  assert.ok(clockResolution(() => (t += ++n % 20 === 0 ? 3 : 0.01)) < CLOCK_RESOLUTION_MS);
});

test('a baseline with nothing to pair with (the only codec of a run) is timed alone for its own rate', () => {
  const vm = virtualMachine({ B: 0.002 });
  const r = measurePaired({ cases: vm.cases, baseline: 'B', clock: vm.clock, target: 0.01, minPairs: 10, maxMs: 1000, warmup: { maxMs: 50 } });
  assert.ok(r.cases.B.slices >= 10, `${r.cases.B.slices} slices`);
  assert.ok(Math.abs(r.cases.B.rate / 500_000 - 1) < 0.01, `${r.cases.B.rate} calls/s`);
  assert.equal(r.cases.B.met, true);
  assert.deepEqual(r.ratios, {});
});

test('a clock that reads 0 for a short slice (a thread clock in 1 ms ticks) never sizes the next slice from it', { timeout: 20_000 }, () => {
  // 1 µs a call on a clock that moves in whole milliseconds, slices of half a tick: most read 0 ms, some 1 ms
  const vm = virtualMachine({ c: 0.001 });
  const coarse = { now: () => Math.floor(vm.clock.now()) };
  const [c] = vm.cases;
  let longest = 0;
  const loop = (/** @type {number} */ n) => { longest = Math.max(longest, n); return c.loop(n); };
  const w = warmUp(loop, { sliceMs: 0.5, clock: coarse, minMs: 5, maxMs: 40 });
  // a slice of 500 calls is the target; a reading of 0 may grow it MAX_RESCALE-fold at a step, not a millionfold
  assert.ok(longest <= 500 * MAX_RESCALE ** 2, `a slice of ${longest} calls`);
  assert.ok(w.count <= 500 * MAX_RESCALE ** 2, `count ${w.count}`);
  const r = measurePaired({ cases: [{ id: 'c', loop }], baseline: null, clock: coarse, sliceMs: 0.5, minPairs: 6, maxMs: 40, warmup: { minMs: 5, maxMs: 40 } });
  assert.ok(r.cycles > 0);
  assert.ok(longest <= 500 * MAX_RESCALE ** 2, `a slice of ${longest} calls`);
});

test('a slice that read no time on the clock (a process clock standing still) is left out, not taken as count ÷ 0', () => {
  // c costs 1 µs a call, B 2 µs; every other slice of c the clock does not move at all
  const vm = virtualMachine({ B: 0.002, c: 0.001 });
  const [B, c] = vm.cases;
  let slices = 0;
  const stalling = { id: 'c', loop: (/** @type {number} */ n) => (++slices % 2 === 0 ? vm.clock.now() : c.loop(n)) };
  const r = measurePaired({ cases: [B, stalling], baseline: 'B', clock: vm.clock, target: 0.01, minPairs: 20, maxMs: 3000, warmup: { maxMs: 100 } });
  assert.ok(Math.abs(r.ratios.c.ratio / 2 - 1) < 0.01, `c over B: ${r.ratios.c.ratio}`);
  assert.ok(/** @type {number} */ (r.ratios.c.high) < 2.1 && Math.max(...r.ratios.c.values) < 2.1, `pairs up to ${Math.max(...r.ratios.c.values)}`);
  assert.ok(r.cases.c.rate < 1.1e6, `c's rate ${r.cases.c.rate} calls/s`);
  assert.ok(r.ratios.c.pairs >= 20);
});

test('beforeSlice runs before every slice, outside its time: a young generation that one case fills and another pays for no longer scatters the pairs', () => {
  // a young generation of 23,000 units: B allocates 1 unit a call, c 3; whoever's call finds it full pays a 4 ms
  // scavenge. Both cost 1 µs a call besides. Without a collection between slices, c's slices pay for the garbage B
  // left, or B's for c's, by turns: the pairs scatter over several values. With beforeSlice emptying it (at a cost
  // no slice sees), each slice pays for its own garbage only, and every pair reads the same.
  const run = (/** @type {boolean} */ collect) => {
    let t = 0;
    let young = 0;
    let before = 0;
    const clock = { now: () => t };
    const loopOf = (/** @type {number} */ units) => (/** @type {number} */ count) => {
      for (let i = 0; i < count; i++) {
        t += 0.001;
        young += units;
        if (young >= 23_000) { t += 4; young = 0; }
      }
      return t;
    };
    const cases = [{ id: 'B', loop: loopOf(1) }, { id: 'c', loop: loopOf(3) }];
    const beforeSlice = collect ? () => { before++; young = 0; t += 50; } : null;
    const r = measurePaired({ cases, baseline: 'B', clock, beforeSlice, target: 0.001, minPairs: 60, maxMs: 6000, warmup: { maxMs: 100 } });
    return { r, before, spread: Math.max(...r.ratios.c.values) / Math.min(...r.ratios.c.values) - 1 };
  };
  const plain = run(false);
  const collected = run(true);
  const slices = Object.values(collected.r.cases).reduce((n, c) => n + c.slices, 0);
  assert.ok(collected.before > slices, `${collected.before} collections for ${slices} measured slices (and the warm-ups')`);
  assert.ok(collected.spread < 0.01, `pairs within ${(collected.spread * 100).toFixed(1)}% with a collection before each slice`);
  assert.ok(plain.spread > 0.2 && plain.r.ratios.c.halfWidth > 0.05, `without: pairs over ${(plain.spread * 100).toFixed(0)}%, ±${(plain.r.ratios.c.halfWidth * 100).toFixed(1)}%`);
  // the 50 ms each collection takes is in no slice: a slice of n calls pays n µs and the scavenges of its own 3n units
  const rate = (/** @type {number} */ n, /** @type {number} */ units) => n / (n * 0.001 + 4 * Math.floor((units * n) / 23_000));
  const { B, c } = collected.r.cases;
  const want = rate(/** @type {number} */ (c.count), 3) / rate(/** @type {number} */ (B.count), 1);
  assert.ok(Math.abs(collected.r.ratios.c.ratio / want - 1) < 1e-6, `c over B: ${collected.r.ratios.c.ratio} for ${want}`);
});

test('a slow stretch of the machine leaves every ratio and its interval in place', () => {
  // B costs 2 µs, c 1 µs: c is 2× as fast. From 1.5 s to 3.5 s of the run the machine runs at half speed.
  const slow = (/** @type {number} */ t) => (t > 1500 && t < 3500 ? 2 : 1);
  const vm = virtualMachine({ B: 0.002, c: 0.001, d: 0.004 }, { slow });
  const r = measurePaired({ cases: vm.cases, baseline: 'B', clock: vm.clock, target: 0.001, minPairs: 1000, maxMs: 6000, warmup: { maxMs: 200 } });
  for (const [id, want] of [['c', 2], ['d', 0.5]]) {
    const x = r.ratios[/** @type {string} */ (id)];
    assert.ok(Math.abs(x.ratio / /** @type {number} */ (want) - 1) < 0.01, `${id}: ${x.ratio} for ${want}`);
    assert.ok(/** @type {number} */ (x.low) <= /** @type {number} */ (want) && /** @type {number} */ (want) <= /** @type {number} */ (x.high), `${id}: ${want} inside ${x.low}–${x.high}`);
  }
  assert.equal(r.stoppedBy, 'time', 'the run spans the stretch');
  assert.ok(r.ms > 3500);
});

test('a case that leaves early keeps its true ratio while the machine drifts: each pair is taken beside its own baseline', () => {
  // the machine slows steadily, to half speed after 4 s; c is steady and meets the target at 10 pairs (early, fast),
  // d alternates between two costs from one call to the next block of calls, so it needs many more pairs (late, slow).
  // A ratio of c's median rate to the baseline's median over the whole run would read c about 1.3× too fast.
  const slow = (/** @type {number} */ t) => 1 + Math.min(t, 4000) / 4000;
  let n = 0;
  const vm = virtualMachine({ B: 0.002, c: 0.001, d: 0.004 }, { slow: (t) => slow(t) });
  const wobbly = vm.cases[2].loop;
  vm.cases[2].loop = (count) => { n++; return wobbly(n % 2 ? count : Math.round(count * 1.4)); };
  const r = measurePaired({ cases: vm.cases, baseline: 'B', clock: vm.clock, target: 0.01, minPairs: 10, maxMs: 5000, warmup: { maxMs: 100 } });
  assert.equal(r.ratios.c.pairs, 10, 'c left after its first 10 pairs');
  assert.ok(r.ratios.d.pairs > 30, `d ran on (${r.ratios.d.pairs} pairs)`);
  assert.ok(Math.abs(r.ratios.c.ratio / 2 - 1) < 0.01, `c: ${r.ratios.c.ratio} for 2`);
});

test('measured to a precision: cases leave when their interval is narrow enough, a missed target is said', () => {
  // a steady machine: every pair gives the true ratio, so the target is met at the minimum count of pairs
  const vm = virtualMachine({ B: 0.002, c: 0.001 });
  const r = measurePaired({ cases: vm.cases, baseline: 'B', clock: vm.clock, target: 0.05, minPairs: 10, maxMs: 60_000, warmup: { maxMs: 200 } });
  assert.equal(r.stoppedBy, 'precision');
  assert.equal(r.ratios.c.pairs, 10);
  assert.equal(r.ratios.c.met, true);
  assert.ok(r.ms < 2000, `stopped after ${r.ms} ms of a 60 s cap`);
  // a machine that alternates fast and slow from slice to slice: pairs disagree, the cap ends the run unmet
  let flip = 0;
  const noisy = virtualMachine({ B: 0.002, c: 0.001 }, { slow: () => (flip++ % 20000 < 10000 ? 1 : 1.7) });
  const n = measurePaired({ cases: noisy.cases, baseline: 'B', clock: noisy.clock, target: 0.01, maxMs: 2000, warmup: { maxMs: 100 } });
  assert.equal(n.stoppedBy, 'time');
  assert.equal(n.ratios.c.met, false);
  assert.ok(n.ratios.c.halfWidth > 0.01);
});

test('a process that gets a third of a core stops at wallFactor times its CPU-time cap on the wall clock, not at the CPU cap', () => {
  // a machine whose wall clock runs three times its CPU clock (two other busy processes on the core), played on
  // virtual clocks; alternating fast and slow, so the pairs never reach the target and only a cap ends the group
  const run = (/** @type {number|undefined} */ wallFactor) => {
    let flip = 0;
    const vm = virtualMachine({ B: 0.002, c: 0.001 }, { slow: () => (flip++ % 20000 < 10000 ? 1 : 1.7) });
    const wallClock = { now: () => 3 * vm.clock.now() };
    return measurePaired({ cases: vm.cases, baseline: 'B', clock: vm.clock, wallClock, target: 0.01, maxMs: 2000, warmup: { maxMs: 100 }, ...(wallFactor !== undefined && { wallFactor }) });
  };
  // the default factor (4) lets the wall clock run past three times the cap: the CPU cap stops it
  const loose = run(undefined);
  assert.equal(loose.stoppedBy, 'time');
  assert.equal(loose.wallFactor, 4);
  assert.ok(loose.ms >= 2000, `${loose.ms} ms of CPU`);
  // at 1.25 the wall clock stops it after 1.25 × 2,000 ms of wall, i.e. about 833 ms of CPU
  const tight = run(1.25);
  assert.equal(tight.stoppedBy, 'wall time');
  assert.equal(tight.wallFactor, 1.25);
  assert.ok(tight.ms > 800 && tight.ms < 900, `${tight.ms} ms of CPU`);
  assert.equal(tight.ratios.c.met, false);
  // the warm-up alone: never settling (settle below 0), it ends at its own cap, on the wall clock at 1.25
  const vm = virtualMachine({ B: 0.002 });
  const wallClock = { now: () => 3 * vm.clock.now() };
  const w = warmUp(vm.cases[0].loop, { sliceMs: 2, clock: vm.clock, wallClock, maxMs: 60, settle: -1, wallFactor: 1.25 });
  assert.equal(w.settled, false);
  assert.ok(w.ms >= 25 && w.ms < 28, `warm-up ${w.ms} ms of CPU`);
  assert.ok(warmUp(vm.cases[0].loop, { sliceMs: 2, clock: vm.clock, wallClock, maxMs: 60, settle: -1 }).ms >= 60);
});

test('deadlineShare: a part\'s share of the time left, by its weight against the weights still to come', () => {
  assert.equal(deadlineShare(100, 170, 1000, 7000), 110);
  assert.equal(deadlineShare(110, 170, 1000, 6000), 120);
  // the last part gets the rest; a deadline already past, a moment before now; none, none
  assert.equal(deadlineShare(150, 170, 5000, 5000), 170);
  assert.ok(deadlineShare(200, 170, 1, 2) < 200);
  assert.equal(deadlineShare(200, Infinity, 1, 2), Infinity);
});

test('a deadline ends a group whatever its caps allow: each warm-up takes its share of it, then the cycles', () => {
  let flip = 0;
  const vm = virtualMachine({ B: 0.002, c: 0.004 }, { slow: () => (flip++ % 20000 < 10000 ? 1 : 1.7) });
  // caps of 1 s per warm-up (which never settles) and 5 s of cycles, a target out of reach: only the deadline can end it
  const r = measurePaired({
    cases: vm.cases, baseline: 'B', clock: vm.clock, wallClock: vm.clock, target: 1e-9, minPairs: 10, sliceMs: 2, maxMs: 5000,
    warmup: { maxMs: 1000, settle: -1 }, deadline: vm.clock.now() + 70,
  });
  assert.equal(r.stoppedBy, 'deadline');
  // each warm-up's share: its cap against the caps still to come (1 s of 7 s of the 70 ms, then 1 s of 6 s of the
  // 60 ms left): about 10 ms each, a slice past it at most
  for (const [id, c] of Object.entries(r.cases)) assert.ok(!c.warmup.settled && c.warmup.ms >= 10 && c.warmup.ms < 13, `${id} warm-up ${c.warmup.ms} ms`);
  // the cycles had the other 50 ms
  assert.ok(r.ms >= 48 && r.ms < 56, `${r.ms} ms of cycles`);
  assert.ok(r.ratios.c.pairs >= 5);
});

test('past its deadline a group goes on until every case has a slice that read time, so none is left without a rate', () => {
  // c's first three slices after the warm-ups read no time (a process clock standing still); the deadline is long past
  let t = 0;
  let cycles = false;
  let frozen = 3;
  const clock = { now: () => t };
  const cases = [
    { id: 'B', loop: (/** @type {number} */ n) => { t += n * 0.002; return t; } },
    { id: 'c', loop: (/** @type {number} */ n) => { if (cycles && frozen > 0) { frozen--; return t; } t += n * 0.004; return t; } },
  ];
  let warmed = 0;
  const r = measurePaired({
    cases, baseline: 'B', clock, wallClock: clock, target: 1e-9, sliceMs: 2, maxMs: 5000, warmup: { maxMs: 20 }, deadline: -1,
    onCase: (e) => { if (e.phase === 'warmup' && ++warmed === cases.length) cycles = true; },
  });
  assert.equal(r.stoppedBy, 'deadline');
  assert.equal(frozen, 0);
  assert.equal(r.cases.c.slices, 1);
  assert.equal(r.cycles, 4);
  assert.ok(Number.isFinite(r.cases.c.rate));
});

test('warm-up runs a case until its rate settles, so a slow start does not reach the pairs', () => {
  // c's first 60,000 calls start 3× slower and speed up steadily (a JIT tiering up): without a warm-up they would
  // fill its first slices, and its first ten pairs could not agree; warmed up until its rate stops rising, its first
  // ten pairs are exact and the target is met
  const vm = virtualMachine({ B: 0.002, c: 0.001 }, { coldCalls: { c: 60000 } });
  const r = measurePaired({ cases: vm.cases, baseline: 'B', clock: vm.clock, target: 0.001, minPairs: 10, maxMs: 1200, warmup: { maxMs: 1000 } });
  assert.equal(r.cases.c.warmup.settled, true);
  assert.equal(r.ratios.c.met, true);
  assert.equal(r.ratios.c.pairs, 10, 'met at the first ten pairs');
  assert.ok(Math.abs(r.ratios.c.ratio / 2 - 1) < 0.001, `ratio ${r.ratios.c.ratio} for 2`);
  // the warm-up alone, on a fresh case: it stops once the rate holds, past the cold calls
  const fresh = virtualMachine({ c: 0.001 }, { coldCalls: { c: 60000 } });
  const w = warmUp(fresh.cases[0].loop, { sliceMs: 20, clock: fresh.clock });
  assert.equal(w.settled, true);
  assert.ok(fresh.calls.c > 60000, `${fresh.calls.c} calls made`);
  assert.ok(Math.abs(w.count * 0.001 - 20) < 1, `a slice of ${w.count} calls at the settled rate`);
});

test('the baseline\'s own one-message loop is measured to its target too, after every other case is done', () => {
  // B1 (the baseline's one-message loop) runs one slice in five 10% slow, so it needs more pairs than c
  const vm = virtualMachine({ B: 0.002, c: 0.001, B1: 0.0015 });
  let n = 0;
  const steady = vm.cases[2].loop;
  vm.cases[2].loop = (count) => { n++; return steady(n % 5 ? count : Math.round(count * 1.1)); };
  const r = measurePaired({
    cases: vm.cases, baseline: 'B', follow: { B1: 'B' }, clock: vm.clock, target: 0.01, minPairs: 10, maxMs: 60_000, warmup: { maxMs: 100 },
    ratios: [{ id: 'c', num: 'c', den: 'B' }, { id: 'B1', num: 'B1', den: 'B' }],
  });
  assert.equal(r.ratios.c.pairs, 10);
  assert.equal(r.ratios.B1.met, true, `B1: ±${r.ratios.B1.halfWidth} after ${r.ratios.B1.pairs} pairs`);
  assert.ok(r.ratios.B1.pairs > 10, 'B1 went on after c was done');
  assert.equal(r.stoppedBy, 'precision');
});

test('roundtripFrom: the weighted harmonic mean of encode and decode ratios, always between them', () => {
  // baseline: encode 1 µs, decode 3 µs (a = 0.25); codec: encode 0.5 µs (2×), decode 1 µs (3×): 4/1.5 = 2.667×
  const r = roundtripFrom({ ratio: 2, low: 1.8, high: 2.2 }, { ratio: 3, low: 2.7, high: 3.3 }, 0.25);
  assert.ok(Math.abs(r.ratio - 4 / 1.5) < 1e-12);
  assert.ok(r.ratio > 2 && r.ratio < 3);
  assert.ok(Math.abs(/** @type {number} */ (r.low) - 1 / (0.25 / 1.8 + 0.75 / 2.7)) < 1e-12);
  assert.ok(Math.abs(/** @type {number} */ (r.high) - 1 / (0.25 / 2.2 + 0.75 / 3.3)) < 1e-12);
  assert.equal(roundtripFrom({ ratio: 2, low: null, high: 2.2 }, { ratio: 3, low: 2.7, high: 3.3 }, 0.25).low, null);
});

test('on the CPU clock, measurePaired runs a minor GC before every slice by default (SLICE_GC)', async () => {
  assert.ok(SLICE_GC, 'this Node reaches gc()');
  const { PerformanceObserver, constants } = await import('node:perf_hooks');
  let minor = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (/** @type {{ detail?: { kind?: number } }} */ (e).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++;
  });
  observer.observe({ entryTypes: ['gc'] });
  // a loop that allocates nothing, so the young generation never fills by itself
  const noop = (/** @type {number} */ n) => { let x = 0; for (let i = 0; i < n; i++) x += i; return x; };
  const r = measurePaired({ cases: [{ id: 'a', loop: noop }], baseline: null, sliceMs: 2, minPairs: 6, maxMs: 40, warmup: { minMs: 5, maxMs: 20 } });
  const slices = r.cases.a.slices;
  // the observer's entries arrive after the run, later on a loaded machine (Node 24 under CI's parallel test files
  // had delivered none after 50 ms): wait for them, up to 2 s
  for (let waited = 0; minor < slices && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  assert.ok(minor >= slices, `${minor} minor GCs for ${slices} measured slices`);
});

test('percentWidth: an interval\'s half-width in percent, and 0 (never Infinity, which JSON writes as null) where there is none', () => {
  assert.ok(Math.abs(percentWidth({ median: 100, low: 95, high: 103 }) - 5) < 1e-9);
  const none = percentWidth({ median: 100, low: null, high: null });
  assert.equal(none, 0);
  // what results.json keeps: a number
  assert.equal(typeof JSON.parse(JSON.stringify({ rme: none })).rme, 'number');
});

test('timingProcess: the timing flags and allocator settings a process was started with; none of a process started otherwise', () => {
  const env = { ...TIMING_ENV, PATH: '/usr/bin' };
  assert.deepEqual(timingProcess({ execArgv: ['--inspect', ...TIMING_NODE_FLAGS], env }, { glibc: true }), {
    v8Flags: ['--single-threaded-gc'],
    allocator: 'glibc heap kept (MALLOC_TRIM_THRESHOLD_=1073741824 MALLOC_TOP_PAD_=67108864 MALLOC_MMAP_THRESHOLD_=33554432)',
  });
  // one variable set otherwise (a user's own), or missing: not the settings the figures are stated with
  assert.equal(timingProcess({ execArgv: [], env: { ...env, MALLOC_TOP_PAD_: '0' } }, { glibc: true }).allocator, null);
  assert.equal(timingProcess({ execArgv: [], env: { MALLOC_TRIM_THRESHOLD_: TIMING_ENV.MALLOC_TRIM_THRESHOLD_ } }, { glibc: true }).allocator, null);
  // set, but on a C library that does not read them (musl, macOS): nothing is claimed
  assert.equal(timingProcess({ execArgv: [], env }, { glibc: false }).allocator, null);
  assert.deepEqual(timingProcess(null, { glibc: true }), { v8Flags: [], allocator: null });
});
