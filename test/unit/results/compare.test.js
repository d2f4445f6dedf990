import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHANGE_FLOOR, compareRuns, speedInterval } from '../../../lib/results/compare.js';
import { validateResults } from '../../../lib/results/index.js';
import { makeResults } from '../../helpers/results-fixture.js';

/**
 * @param {ReturnType<typeof compareRuns>} cmp
 * @param {RegExp} pattern
 */
const flagged = (cmp, pattern) => cmp.rows.filter((r) => pattern.test(r.figure));

test('the fixture is a valid results file', () => {
  assert.deepEqual(validateResults(makeResults()), []);
});

test('a 2× speed change is flagged, a 2% one is not', () => {
  const a = makeResults();
  const twice = compareRuns(a, makeResults({ speed: 2 }));
  const speedRows = flagged(twice, / (encode|decode), one message$/);
  assert.equal(speedRows.length, 4);
  for (const r of speedRows) {
    assert.equal(r.real, true, r.figure);
    assert.ok(r.ratio !== null && Math.abs(r.ratio - 2) < 1e-9);
  }
  const slight = compareRuns(a, makeResults({ speed: 1.02 }));
  for (const r of flagged(slight, / (encode|decode), one message$/)) assert.equal(r.real, false, r.figure);
  const halved = compareRuns(a, makeResults({ speed: 0.5 }));
  for (const r of flagged(halved, / (encode|decode), one message$/)) assert.equal(r.real, true, r.figure);
});

test('a 2× latency change is flagged at the median, a 2% one is not', () => {
  const a = makeResults();
  const p50 = (/** @type {ReturnType<typeof compareRuns>} */ cmp) => flagged(cmp, /latency p50$/);
  assert.deepEqual(p50(compareRuns(a, makeResults({ latency: 2 }))).map((r) => r.real), [true, true]);
  assert.deepEqual(p50(compareRuns(a, makeResults({ latency: 1.02 }))).map((r) => r.real), [false, false]);
});

test('a latency tail is judged against the other run\'s maximum, and not at all when a round had fewer than 10 messages beyond it', () => {
  const tail = (/** @type {number} */ messages, /** @type {number} */ latency, /** @type {RegExp} */ k) => flagged(compareRuns(makeResults({ messages }), makeResults({ messages, latency })), k).map((r) => r.real);
  // 10,000 messages: 100 beyond p99, 10 beyond p99.9; 2× moves p99 (2 → 4) but not beyond the other run's max (5)
  assert.deepEqual(tail(10000, 2, /latency p99$/), [false, false]);
  assert.deepEqual(tail(10000, 3, /latency p99$/), [true, true]);
  assert.deepEqual(tail(10000, 2, /latency p999$/), [true, true]);
  // 1,000 messages: p99 judged, p99.9 (the slowest but one) is not, however far it moved
  assert.deepEqual(tail(1000, 3, /latency p99$/), [true, true]);
  assert.deepEqual(tail(1000, 3, /latency p999$/), [null, null]);
  assert.equal(compareRuns(makeResults({ messages: 1000 }), makeResults({ messages: 1000, latency: 3 })).rows.find((r) => /p1 fmt-a .* p999$/.test(r.figure))?.verdict, 'no spread to judge');
  // 100 messages: neither; the median still is
  assert.deepEqual(tail(100, 3, /latency p99$/), [null, null]);
  assert.deepEqual(tail(100, 3, /latency p50$/), [true, true]);
  // over rounds: the messages a round had (3 rounds of 1,000: 10 beyond p99 each, 1 beyond p99.9)
  const rounds = (/** @type {number} */ latency) => {
    const r = makeResults({ messages: 3000, latency });
    for (const row of r.transmission[0].results) Object.assign(row, { passes: [0, 1, 2].map(() => ({ seconds: 0.1, msgsPerSec: 1000, latencyMs: row.latencyMs })) });
    return r;
  };
  assert.deepEqual(flagged(compareRuns(rounds(1), rounds(3)), /latency p99$/).map((r) => r.real), [true, true]);
  assert.deepEqual(flagged(compareRuns(rounds(1), rounds(3)), /latency p999$/).map((r) => r.real), [null, null]);
  // the latencies are of the answered messages: 10,000 sent, 1,000 answered is 1 beyond p99.9
  const answered = (/** @type {number} */ latency) => {
    const r = makeResults({ messages: 10000, latency });
    for (const row of r.transmission[0].results) row.acked = 1000;
    return r;
  };
  assert.deepEqual(flagged(compareRuns(answered(1), answered(2)), /latency p999$/).map((r) => r.real), [null, null]);
});

test('sizes are exact: any byte is a change, none is not', () => {
  const a = makeResults();
  assert.ok(flagged(compareRuns(a, makeResults({ bytes: 1.02 })), /size bytes$/).every((r) => r.real));
  assert.ok(flagged(compareRuns(a, makeResults()), /size/).every((r) => r.real === false));
});

test('a round-trip status change is a real change whatever the figures', () => {
  const a = makeResults();
  const b = makeResults();
  b.payloads[0].sizes[1].status = 'lossy';
  b.payloads[0].sizes[1].diff = { path: '$.x', expected: 1, actual: 1.5 };
  const row = compareRuns(a, b).rows.find((r) => r.figure === 'p1 fmt-b size bytes');
  assert.ok(row);
  assert.equal(row.real, true);
  assert.equal(row.status, 'exact → lossy');
});

test('a speed figure timed in too few slices for an interval (one round of width 0) has no spread to judge', () => {
  const point = (/** @type {number} */ hz) => {
    const r = makeResults();
    for (const row of r.payloads[0].speed) Object.assign(row, { opsPerSec: hz, min: hz, max: hz, rme: 0, rounds: [{ hz, rme: 0, samples: 5 }] });
    return r;
  };
  const cmp = compareRuns(point(1000), point(970));
  const rows = flagged(cmp, / (encode|decode), one message$/);
  assert.equal(rows.length, 4);
  for (const r of rows) assert.equal(r.verdict, 'no spread to judge', r.figure);
  // one round with a width (a Benchmark.js round's RME) is still judged
  assert.equal(flagged(compareRuns(makeResults(), makeResults({ speed: 2 })), / encode, one message$/)[0].verdict, 'CHANGED');
});

test('speed spread: min–max of rounds widened by each round\'s RME; one round still has a spread', () => {
  const { low, high } = speedInterval({ rounds: [{ hz: 100, rme: 10 }] });
  assert.ok(Math.abs(low - 90) < 1e-9 && Math.abs(high - 110) < 1e-9);
});

test('a run over a corpus lines up its one-message figures with a run from before corpora, and its corpus figures apart', () => {
  const before = makeResults();
  const after = makeResults({ speed: 2 });
  const [entry] = after.payloads;
  Object.assign(entry, { speedCorpus: { corpus: { messages: 1000, timed: 1000, sample: null }, oneMessageOps: ['encode'] } });
  // the one-message figure of the corpus run: what the run from before corpora measured (here 3× its figure)
  entry.speed = entry.speed.map((r) => (r.op === 'encode'
    ? { ...r, oneMessage: { opsPerSec: r.opsPerSec * 1.5, min: r.min * 1.5, max: r.max * 1.5, rme: r.rme, rounds: r.rounds.map((x) => ({ ...x, hz: x.hz * 1.5 })) } }
    : { ...r, oneMessage: null }));
  const cmp = compareRuns(before, after);
  const encode = cmp.rows.filter((r) => / encode, one message$/.test(r.figure));
  assert.equal(encode.length, 2);
  for (const r of encode) assert.ok(r.ratio !== null && Math.abs(r.ratio - 3) < 1e-9, r.figure);
  assert.deepEqual(cmp.rows.filter((r) => / decode, one message$/.test(r.figure)), [], 'corpus figures never meet one-message ones');
  assert.deepEqual(cmp.onlyB.filter((k) => / over the corpus$/.test(k)).length, 4);
});

/**
 * The fmt-b encode row of a fixture run (fmt-a is the baseline), with its ratio to the baseline and what else is given.
 * @param {ReturnType<typeof makeResults>} results
 * @param {Record<string, unknown>} fields
 */
function setRow(results, fields) {
  const row = results.payloads[0].speed.find((r) => r.format === 'fmt-b' && r.op === 'encode');
  assert.ok(row);
  Object.assign(row, fields);
  return results;
}
const ratioRow = (/** @type {ReturnType<typeof compareRuns>} */ cmp) => cmp.rows.find((r) => r.figure === 'p1 fmt-b encode, one message ÷ fmt-a');
const precision = (/** @type {number} */ low, /** @type {number} */ high, met = true) => ({
  precision: { low, high, level: 0.95, halfWidth: (high - low) / (high + low), target: 0.05, met, pairs: 40 },
});

test('the ratio to the baseline is a figure of its own, judged by its rounds\' min–max; the baseline has none', () => {
  const a = setRow(makeResults(), { vsBaseline: 1, vsBaselineMin: 0.95, vsBaselineMax: 1.05 });
  // ops/s rounds so noisy (RME 90%) that ops/s cannot tell, while the ratio fell to 0.52× with its rounds apart
  const b = setRow(makeResults(), { vsBaseline: 0.52, vsBaselineMin: 0.5, vsBaselineMax: 0.55 });
  for (const r of [a, b]) for (const row of r.payloads[0].speed) row.rounds = row.rounds.map((x) => ({ ...x, rme: 90 }));
  const cmp = compareRuns(a, b);
  assert.equal(cmp.rows.find((r) => r.figure === 'p1 fmt-b encode, one message')?.verdict, 'within spread');
  const ratio = ratioRow(cmp);
  assert.equal(ratio?.unit, '×');
  assert.equal(ratio?.verdict, 'CHANGED');
  assert.equal(ratio?.real, true);
  assert.ok(!cmp.rows.some((r) => /fmt-a \w+ ÷/.test(r.figure)), 'no ratio of the baseline to itself');
  // one round: its min–max is a point, not a spread
  const oneRound = (/** @type {number} */ x) => setRow(makeResults(), { vsBaseline: x, vsBaselineMin: x, vsBaselineMax: x, rounds: [{ hz: 1e6, rme: 1, samples: 10 }] });
  assert.equal(ratioRow(compareRuns(oneRound(1), oneRound(0.5)))?.verdict, 'no spread to judge');
  // overlapping min–max: within spread however far the medians moved
  const c = setRow(makeResults(), { vsBaseline: 0.8, vsBaselineMin: 0.6, vsBaselineMax: 0.96 });
  assert.equal(ratioRow(compareRuns(a, c))?.verdict, 'within spread');
});

test('where both rows carry a confidence interval, it judges the ratio instead of the rounds\' min–max', () => {
  const wide = { vsBaselineMin: 0.7, vsBaselineMax: 1.5 };
  const a = setRow(makeResults(), { vsBaseline: 1, ...wide, ...precision(0.98, 1.02) });
  const b = setRow(makeResults(), { vsBaseline: 1.1, ...wide, ...precision(1.07, 1.13) });
  assert.equal(ratioRow(compareRuns(a, b))?.verdict, 'CHANGED');
  // one run without it (from before paired timing): both fall back to min–max, which overlap
  const old = setRow(makeResults(), { vsBaseline: 1, ...wide });
  assert.equal(ratioRow(compareRuns(old, b))?.verdict, 'within spread');
  // overlapping intervals: within spread
  const near = setRow(makeResults(), { vsBaseline: 1.03, ...wide, ...precision(1.01, 1.05) });
  assert.equal(ratioRow(compareRuns(a, near))?.verdict, 'within spread');
});

test('a figure whose precision target was missed is unstable, never CHANGED, whatever it moved', () => {
  const a = setRow(makeResults(), { vsBaseline: 1, vsBaselineMin: 1, vsBaselineMax: 1, ...precision(0.98, 1.02) });
  const b = setRow(makeResults({ speed: 2 }), { vsBaseline: 2, vsBaselineMin: 2, vsBaselineMax: 2, ...precision(1.5, 2.5, false) });
  const cmp = compareRuns(a, b);
  assert.equal(ratioRow(cmp)?.verdict, 'unstable');
  assert.equal(ratioRow(cmp)?.real, false);
  assert.equal(cmp.rows.find((r) => r.figure === 'p1 fmt-b encode, one message')?.verdict, 'unstable');
  // a derived round trip may miss its target without an interval of its own: still unstable
  const noInterval = setRow(makeResults({ speed: 2 }), { vsBaseline: 2, precision: { low: null, high: null, level: 0.95, halfWidth: null, target: 0.05, met: false, pairs: 6 } });
  assert.equal(ratioRow(compareRuns(a, noInterval))?.verdict, 'unstable');
  // the other rows of the same runs keep their verdicts
  assert.equal(cmp.rows.find((r) => r.figure === 'p1 fmt-b decode, one message')?.verdict, 'CHANGED');
});

test('a change under the floor is never CHANGED, even with the intervals apart; above it, it is', () => {
  assert.equal(CHANGE_FLOOR, 0.05);
  const tight = (/** @type {number} */ hz) => ({ opsPerSec: hz, rounds: [hz, hz, hz].map((x) => ({ hz: x, rme: 0, samples: 10 })) });
  const a = setRow(makeResults(), tight(1000));
  const small = compareRuns(a, setRow(makeResults(), tight(1030))).rows.find((r) => r.figure === 'p1 fmt-b encode, one message');
  assert.equal(small?.verdict, 'under floor');
  assert.equal(small?.real, false);
  const big = compareRuns(a, setRow(makeResults(), tight(1060))).rows.find((r) => r.figure === 'p1 fmt-b encode, one message');
  assert.equal(big?.verdict, 'CHANGED');
  // the same floor holds for the ratio and for latency
  const r1 = setRow(makeResults(), { vsBaseline: 1, ...precision(0.995, 1.005) });
  assert.equal(ratioRow(compareRuns(r1, setRow(makeResults(), { vsBaseline: 1.02, ...precision(1.015, 1.025) })))?.verdict, 'under floor');
  const la = makeResults({ messages: 1000 });
  const lb = makeResults({ messages: 1000 });
  // p99 288 → 287 ms with A's p99 (288) beyond B's max (287.4): apart by the rule, 0.3% by the floor
  Object.assign(la.transmission[0].results[0].latencyMs ?? {}, { p99: 288, p999: 288.4, max: 288.5 });
  Object.assign(lb.transmission[0].results[0].latencyMs ?? {}, { p99: 287, p999: 287.2, max: 287.4 });
  assert.equal(compareRuns(la, lb).rows.find((r) => r.figure === 'p1 fmt-a WebSocket none latency p99')?.verdict, 'under floor');
});

test('sizes stay exact: one byte is CHANGED, the floor does not apply', () => {
  const b = makeResults();
  b.payloads[0].sizes[0].bytes = (b.payloads[0].sizes[0].bytes ?? 0) + 1;
  assert.equal(compareRuns(makeResults(), b).rows.find((r) => r.figure === 'p1 fmt-a size bytes')?.verdict, 'CHANGED');
});

/**
 * A fixture run with a transport comparison on loopback (three rounds) and a capacity pass: msgs/s, latency and
 * CPU scaled by `scale`, each capacity search by `capacity`, the capacity's bound and the fixed-rate CPU's target
 * met or not as given.
 * @param {{ scale?: number, capacity?: number, bound?: string, cpuMet?: boolean, searches?: number, below?: boolean }} [options]
 */
function withTransports({ scale = 1, capacity = 1, bound = 'server', cpuMet = true, searches = 3, below = false } = {}) {
  const results = makeResults();
  const pass = (/** @type {number} */ k) => ({ seconds: 0.1, msgsPerSec: 2000 * scale * k, latencyMs: { p50: 0.3 * scale * k, p99: 3 * scale * k }, serverCpuUs: 100 * scale * k });
  const passes = [pass(0.97), pass(1), pass(1.03)];
  const span = (/** @type {(p: ReturnType<typeof pass>) => number} */ f) => [Math.min(...passes.map(f)), Math.max(...passes.map(f))];
  // the rounds' min–max as rounds.js keeps it beside the passes
  const minMax = { msgsPerSec: span((p) => p.msgsPerSec), serverCpuUs: span((p) => p.serverCpuUs), latencyMs: { p50: span((p) => p.latencyMs.p50), p99: span((p) => p.latencyMs.p99) } };
  const row = { format: 'http1 fmt-a', status: 'exact', transport: 'http1', msgsPerSec: 2000 * scale, latencyMs: { p50: 0.3 * scale, p99: 3 * scale }, serverCpuUs: 100 * scale,
    passes, minMax };
  Object.assign(results, {
    transports: [{ payload: 'p1', profile: 'none', settings: {}, results: [row], verdicts: [], named: [] }],
    capacity: {
      payload: 'p1',
      transports: [{ transport: 'http1', rows: [{
        transport: 'http1', format: 'fmt-a', capacity: below ? null : 20000 * capacity, below: below ? 1000 : null, bound, perCore: 20000 * capacity,
        searches: Array.from({ length: searches }, (_, i) => ({ capacity: 20000 * capacity * (0.97 + 0.03 * i) })),
        capacityMinMax: below ? null : [20000 * capacity * 0.97, 20000 * capacity * (0.97 + 0.03 * (searches - 1))], probes: [{ rate: 1000, ok: true }],
        atHalf: { rate: 1000, complete: true, serverCpuUs: 120 * scale, serverCpuInterval: { low: 115 * scale, high: 125 * scale, level: 0.95 }, serverCpuMet: cpuMet },
      }] }],
    },
  });
  return results;
}
const figure = (/** @type {ReturnType<typeof compareRuns>} */ cmp, /** @type {string} */ key) => cmp.rows.find((r) => r.figure === key);

test('the transport comparison\'s msgs/s, latency and server CPU are compared by their rounds\' min–max', () => {
  const keys = ['msgs/s', 'latency p50', 'latency p99', 'server CPU'].map((k) => `p1 http1 fmt-a transport none ${k}`);
  const same = compareRuns(withTransports(), withTransports({ scale: 1.02 }));
  for (const k of keys) assert.equal(figure(same, k)?.verdict, 'within spread', k);
  const moved = compareRuns(withTransports(), withTransports({ scale: 1.5 }));
  for (const k of keys) assert.equal(figure(moved, k)?.verdict, 'CHANGED', k);
  // one round: its min–max is a point, so no spread to judge
  const one = withTransports();
  const [row] = /** @type {NonNullable<typeof one.transports>} */ (one.transports)[0].results;
  /** @type {any} */ (row).passes = /** @type {any} */ (row).passes.slice(0, 1);
  assert.equal(figure(compareRuns(one, withTransports({ scale: 1.5 })), keys[0])?.verdict, 'no spread to judge');
});

test('a capacity is compared by its searches\' min–max, its bound is its status, and its CPU at the rate needs its target', () => {
  const key = 'p1 capacity http1 fmt-a msgs/s';
  const cpu = 'p1 capacity http1 fmt-a server CPU at 1000 msgs/s';
  assert.equal(figure(compareRuns(withTransports(), withTransports({ capacity: 1.04 })), key)?.verdict, 'within spread');
  const doubled = compareRuns(withTransports(), withTransports({ capacity: 2, scale: 2 }));
  assert.equal(figure(doubled, key)?.verdict, 'CHANGED');
  assert.equal(figure(doubled, cpu)?.verdict, 'CHANGED');
  assert.equal(figure(doubled, key)?.status, 'server-bound');
  // one search has no spread: no verdict on its number
  assert.equal(figure(compareRuns(withTransports({ searches: 1 }), withTransports({ searches: 1, capacity: 2 })), key)?.verdict, 'no spread to judge');
  // a capacity bound by the client in one run measured something else: CHANGED whatever the number
  const bound = figure(compareRuns(withTransports(), withTransports({ bound: 'client' })), key);
  assert.equal(bound?.verdict, 'CHANGED');
  assert.equal(bound?.status, 'server-bound → client-bound');
  // a search that never failed up to its last rate was bound by nothing it reached
  assert.equal(figure(compareRuns(withTransports(), withTransports({ bound: 'not reached' })), key)?.status, 'server-bound → limit not reached');
  // a search that found none says so instead of vanishing from the comparison
  const none = compareRuns(withTransports(), withTransports({ below: true }));
  assert.equal(figure(none, key)?.status, 'server-bound → below 1000 msgs/s');
  assert.equal(figure(none, key)?.b, 1000);
  // the fixed-rate CPU that missed its target in either run is unstable, however far it moved
  assert.equal(figure(compareRuns(withTransports(), withTransports({ scale: 2, cpuMet: false })), cpu)?.verdict, 'unstable');
  // its fastest passes are a figure of their own where a run has them: judged by the three fastest's range and their target
  const fastest = 'p1 capacity http1 fmt-a server CPU at 1000 msgs/s, fastest passes';
  const withLowest = (/** @type {number} */ us, met = true, scale = 1) => {
    const r = withTransports({ scale });
    /** @type {any} */ (r.capacity).transports[0].rows[0].atHalf.serverCpuLowest = { serverCpuUs: us, of: 3, range: [us, us * 1.04], halfWidth: 0.02, met };
    return r;
  };
  assert.equal(figure(compareRuns(withTransports(), withTransports()), fastest), undefined, 'an older results.json has none');
  assert.equal(figure(compareRuns(withLowest(100), withLowest(101)), fastest)?.verdict, 'within spread');
  assert.equal(figure(compareRuns(withLowest(100), withLowest(150)), fastest)?.verdict, 'CHANGED');
  assert.equal(figure(compareRuns(withLowest(100), withLowest(150, false)), fastest)?.verdict, 'unstable');
  // so is a capacity whose searches spread wider than its precision target in either run (capacity.js capacityPrecision)
  const spread = withTransports({ capacity: 2 });
  const [spreadRow] = /** @type {any} */ (spread.capacity).transports[0].rows;
  spreadRow.precision = { target: 0.1, halfWidth: 0.4, met: false };
  assert.equal(figure(compareRuns(withTransports(), spread), key)?.verdict, 'unstable');
  spreadRow.precision = { target: 0.1, halfWidth: 0.03, met: true };
  assert.equal(figure(compareRuns(withTransports(), spread), key)?.verdict, 'CHANGED', 'one that met it is judged');
  // what bound an unstable capacity's kept search says nothing either: unstable, not CHANGED
  const flipped = withTransports({ bound: 'neither' });
  /** @type {any} */ (flipped.capacity).transports[0].rows[0].precision = { target: 0.1, halfWidth: 0.4, met: false };
  assert.equal(figure(compareRuns(withTransports(), flipped), key)?.verdict, 'unstable');
  // a row of an older results.json, without a stored precision, is judged from its searches
  const older = withTransports({ capacity: 2 });
  const [olderRow] = /** @type {any} */ (older.capacity).transports[0].rows;
  olderRow.searches = [{ capacity: 40000 }, { capacity: 20000 }, { capacity: 60000 }];
  assert.equal(figure(compareRuns(withTransports(), older), key)?.verdict, 'unstable');
  // with --server-workers 2 the one-worker and two-worker capacities are two figures, not one overwriting the other
  const two = withTransports();
  const cap = /** @type {any} */ (two.capacity);
  cap.transports.push({ ...cap.transports[0], serverWorkers: 2, rows: cap.transports[0].rows.map((/** @type {object} */ r) => ({ ...r, capacity: 40000 })) });
  cap.transports[0].serverWorkers = 1;
  const keys = compareRuns(two, two).rows.map((r) => r.figure).filter((f) => f.includes('capacity http1') && f.endsWith('fmt-a msgs/s'));
  assert.deepEqual(keys, ['p1 capacity http1 fmt-a msgs/s', 'p1 capacity http1 ×2 fmt-a msgs/s']);
});

test('the WebSocket pass\'s msgs/s over several rounds and its CPU at a fixed rate are compared by their spread', () => {
  /** @param {number} k @param {boolean} [met] */
  const ws = (k, met = true) => {
    const r = makeResults();
    const [t] = r.transmission;
    const row = /** @type {any} */ (t.results[0]);
    row.msgsPerSec = 1000 * k;
    row.passes = [0.97, 1, 1.03].map((x) => ({ msgsPerSec: 1000 * k * x }));
    row.minMax = { msgsPerSec: [970 * k, 1030 * k] };
    Object.assign(t, { cpuAtRate: { rate: 2000, seconds: 0.25, formats: [{ format: 'fmt-a', rate: 2000, serverCpuUs: 50 * k, interval: { low: 48 * k, high: 52 * k, level: 0.95 }, precision: { target: 0.05, halfWidth: 0.04, met }, complete: true }], pairs: [] } });
    return r;
  };
  const msgs = 'p1 fmt-a WebSocket none msgs/s';
  const cpu = 'p1 fmt-a WebSocket none server CPU at 2000 msgs/s';
  assert.equal(figure(compareRuns(ws(1), ws(1.02)), msgs)?.verdict, 'within spread');
  assert.equal(figure(compareRuns(ws(1), ws(1.5)), msgs)?.verdict, 'CHANGED');
  assert.equal(figure(compareRuns(ws(1), ws(1.02)), cpu)?.verdict, 'within spread');
  assert.equal(figure(compareRuns(ws(1), ws(1.5)), cpu)?.verdict, 'CHANGED');
  assert.equal(figure(compareRuns(ws(1), ws(1.5, false)), cpu)?.verdict, 'unstable');
  // a run without the fastest passes (results from before them) has no such figure
  assert.equal(figure(compareRuns(ws(1), ws(1)), `${cpu}, fastest passes`), undefined);
});

test('the fastest fixed-rate passes are compared by the spread of the three fastest, unstable where either missed it', () => {
  /** @param {number} low @param {number} third @param {boolean} [met] */
  const ws = (low, third, met = true) => {
    const r = makeResults();
    Object.assign(r.transmission[0], { cpuAtRate: { rate: 2000, seconds: 1, formats: [{ format: 'fmt-a', rate: 2000, serverCpuUs: 60, interval: null,
      precision: { target: 0.05, halfWidth: null, met: false }, complete: true, lowest: { serverCpuUs: low, of: 3, range: [low, third], halfWidth: (third - low) / (third + low), met } }], pairs: [] } });
    return r;
  };
  const fastest = 'p1 fmt-a WebSocket none server CPU at 2000 msgs/s, fastest passes';
  // the median missed its target in both runs; the fastest passes met theirs and compare on their own
  assert.equal(figure(compareRuns(ws(28, 30), ws(29, 31)), fastest)?.verdict, 'within spread');
  assert.equal(figure(compareRuns(ws(28, 30), ws(40, 42)), fastest)?.verdict, 'CHANGED');
  assert.equal(figure(compareRuns(ws(28, 30), ws(40, 48, false)), fastest)?.verdict, 'unstable');
  assert.equal(figure(compareRuns(ws(28, 30), ws(29, 31)), 'p1 fmt-a WebSocket none server CPU at 2000 msgs/s')?.verdict, 'unstable');
  // against a results file from before the fastest passes: the figure is only in the newer run, not compared
  const before = ws(28, 30);
  delete (/** @type {any} */ (before.transmission[0])).cpuAtRate.formats[0].lowest;
  const c = compareRuns(before, ws(29, 31));
  assert.equal(figure(c, fastest), undefined);
  assert.deepEqual(c.onlyB, [fastest]);
});

test('speed settings the two runs differ in are named, with each run\'s value; none when they ran alike', () => {
  const a = makeResults();
  const b = makeResults();
  assert.deepEqual(compareRuns(a, b).settingsDiffer, []);
  const settle = (/** @type {any} */ r, /** @type {string[]} */ v8Flags, /** @type {string|null} */ allocator) => {
    r.settings.speed = { ...r.settings.speed, timer: 'paired', precision: { target: 0.05, level: 0.95, sliceMs: 10, clock: 'process CPU time', v8Flags, allocator } };
    return r;
  };
  const withSettings = settle(makeResults(), ['--single-threaded-gc', '--no-allocation-site-pretenuring'], 'glibc heap kept');
  const without = settle(makeResults(), ['--no-allocation-site-pretenuring'], null);
  assert.deepEqual(compareRuns(withSettings, without).settingsDiffer, [
    { setting: 'V8 flags', a: '--single-threaded-gc --no-allocation-site-pretenuring', b: '--no-allocation-site-pretenuring' },
    { setting: 'allocator', a: 'glibc heap kept', b: 'none' },
  ]);
  // the processes as a range where they may grow; an older file's unrecorded setting is said so, not called none
  const grows = settle(makeResults(), ['--no-allocation-site-pretenuring'], null);
  /** @type {any} */ (without.settings.speed).processRange = [3, 3];
  /** @type {any} */ (grows.settings.speed).processRange = [3, 6];
  delete (/** @type {any} */ (grows.settings.speed).precision).allocator;
  assert.deepEqual(compareRuns(without, grows).settingsDiffer, [
    { setting: 'allocator', a: 'none', b: 'not recorded' }, { setting: 'processes', a: '3', b: '3–6' },
  ]);
  // benchmark_dss.js timing in its own process (one library group, no --rounds) records 0 fresh processes
  const own = settle(makeResults(), ['--no-allocation-site-pretenuring'], null);
  /** @type {any} */ (own.settings.speed).processes = 0;
  assert.deepEqual(compareRuns(without, own).settingsDiffer, [{ setting: 'processes', a: '3', b: 'none (timed in the command\'s own process)' }]);
  // npm start's wall-clock bounds against a run that recorded its own (benchmark_dss.js: factor 4, no budget)
  const bounded = settle(makeResults(), ['--no-allocation-site-pretenuring'], null);
  Object.assign(/** @type {any} */ (bounded.settings.speed).precision, { wallFactor: 1.25, wallBudget: 0.9 });
  const unbounded = settle(makeResults(), ['--no-allocation-site-pretenuring'], null);
  Object.assign(/** @type {any} */ (unbounded.settings.speed).precision, { wallFactor: 4, wallBudget: null });
  assert.deepEqual(compareRuns(bounded, unbounded).settingsDiffer, [
    { setting: 'wall clock per CPU-time cap', a: '1.25', b: '4' }, { setting: 'wall-time budget (share of the caps)', a: '0.9', b: 'none' },
  ]);
  // the timer itself: Benchmark.js rounds against paired slices
  assert.deepEqual(compareRuns(a, withSettings).settingsDiffer.map((d) => d.setting), ['timer', 'V8 flags', 'allocator', 'clock', 'slice ms', 'precision target']);
});

test('a run whose baseline ran below 80% of the other\'s on the same CPU and runtime is named, per payload and operation; another CPU or runtime is not judged', () => {
  // the baseline's rate beside each process's pairs, as a paired run records it (processes.baseRate)
  const rated = (/** @type {{ encode: number[], decode: number[] }} */ rates, /** @type {any} */ env = {}) => {
    const r = makeResults();
    Object.assign(r.environment, env);
    for (const p of r.payloads) {
      for (const s of /** @type {any[]} */ (p.speed)) if (s.format !== 'fmt-a') s.processes = { agreement: 'agree', vsBaseline: [1, 1, 1], baseRate: rates[/** @type {'encode'|'decode'} */ (s.op)] };
    }
    return r;
  };
  const full = rated({ encode: [230e3, 209e3, 252e3], decode: [100e3, 98e3, 101e3] });
  // the trio that disagreed (2026-11-29 14:51Z): its third run's json-buffer encode at 119–148k in every process
  const slowed = rated({ encode: [119e3, 148e3, 131e3], decode: [95e3, 97e3, 99e3] });
  const { machineSlower } = compareRuns(full, slowed);
  const ids = full.payloads.map((p) => p.payload.id);
  assert.deepEqual(machineSlower, ids.map((id) => ({ slower: 'B', at: `${id} encode`, a: 252e3, b: 148e3 })));
  assert.deepEqual(compareRuns(slowed, full).machineSlower.map((d) => d.slower), ids.map(() => 'A'));
  // 0.8 of the other's is not below it: 201.6k beside 252k
  assert.deepEqual(compareRuns(full, rated({ encode: [201.6e3], decode: [100e3] })).machineSlower, []);
  assert.deepEqual(compareRuns(full, full).machineSlower, []);
  assert.deepEqual(compareRuns(full, rated({ encode: [119e3], decode: [95e3] }, { cpu: 'other cpu' })).machineSlower, []);
  assert.deepEqual(compareRuns(full, rated({ encode: [119e3], decode: [95e3] }, { node: '24' })).machineSlower, []);
  const otherBase = rated({ encode: [119e3], decode: [95e3] });
  otherBase.settings.speed.baseline = 'fmt-b';
  assert.deepEqual(compareRuns(full, otherBase).machineSlower, []);
  // a rate over another corpus (--messages) is of other work
  const otherCorpus = rated({ encode: [119e3], decode: [95e3] });
  for (const p of otherCorpus.payloads) /** @type {any} */ (p).speedCorpus = { corpus: { timed: 50 } };
  assert.deepEqual(compareRuns(full, otherCorpus).machineSlower, []);
  // runs without the rates (Benchmark.js rounds, results from before they were recorded): nothing to judge
  assert.deepEqual(compareRuns(makeResults(), makeResults({ speed: 0.5 })).machineSlower, []);
});

test('a run whose servers timed the machine probe below 80% of the other run\'s, for the same pass, is named; another CPU or runtime is not judged', () => {
  // the references as results.json keeps them: the WebSocket pass's fixed-rate passes and the capacity pass's
  const probed = (/** @type {number|null} */ ws, /** @type {number|null} */ cap, /** @type {any} */ env = {}) => {
    const r = /** @type {any} */ (makeResults());
    Object.assign(r.environment, env);
    if (ws != null) r.transmission[0].cpuAtRate = { formats: [], pairs: [], probe: { referenceOpsPerCpuUs: ws, slowedBelow: 0.8, slowed: [] } };
    if (cap != null) r.capacity = { payload: 'p1', transports: [{ transport: 'http1', rows: [], machineProbe: { referenceOpsPerCpuUs: cap, slowedBelow: 0.8 } }, { transport: 'grpc', rows: [], machineProbe: { referenceOpsPerCpuUs: cap, slowedBelow: 0.8 } }] };
    return r;
  };
  // as measured (2026-11-29 10:12Z and 10:14Z, npm start, Node 20.20.2): capacity 0.063 against 0.091
  assert.deepEqual(compareRuns(probed(0.106, 0.063), probed(0.110, 0.091)).probeSlower, [{ slower: 'A', at: 'p1 capacity', a: 0.063, b: 0.091 }]);
  assert.deepEqual(compareRuns(probed(0.110, 0.091), probed(0.080, 0.091)).probeSlower, [{ slower: 'B', at: 'p1 WebSocket none fixed-rate passes', a: 0.110, b: 0.080 }]);
  // 80% of the other's is not below it
  assert.deepEqual(compareRuns(probed(0.125, 0.125), probed(0.1, 0.1)).probeSlower, []);
  assert.deepEqual(compareRuns(probed(0.1, 0.1), probed(0.05, 0.05, { cpu: 'other cpu' })).probeSlower, []);
  assert.deepEqual(compareRuns(probed(0.1, 0.1), probed(0.05, 0.05, { node: '24' })).probeSlower, []);
  // a pass one run did not probe (no fixed-rate passes, no capacity pass, results from before the probe): nothing to judge
  assert.deepEqual(compareRuns(probed(null, 0.1), probed(0.05, null)).probeSlower, []);
  assert.deepEqual(compareRuns(makeResults(), makeResults()).probeSlower, []);
  // references chosen by different rules (the upper quartile since 2026-11-30, the third-fastest before: higher by
  // construction) are not compared; the same rule in both runs is
  const ruled = (/** @type {number} */ v, /** @type {string|undefined} */ rule) => {
    const r = probed(v, null);
    if (rule) r.transmission[0].cpuAtRate.probe.rule = rule;
    return r;
  };
  assert.deepEqual(compareRuns(ruled(0.061, undefined), ruled(0.042, 'upper-quartile')).probeSlower, []);
  assert.deepEqual(compareRuns(ruled(0.061, 'upper-quartile'), ruled(0.042, 'upper-quartile')).probeSlower, [{ slower: 'B', at: 'p1 WebSocket none fixed-rate passes', a: 0.061, b: 0.042 }]);
});
