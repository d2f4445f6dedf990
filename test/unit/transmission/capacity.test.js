import test from 'node:test';
import assert from 'node:assert/strict';
import { boundOf, failingTwice, sustainRate, capacityPair, capacityPrecision, capacityRow, combineSearches, halfRate, isFloor, markSlowedSearches, probeFigures } from '../../../lib/transmission/capacity.js';
import { capacityUnstable, precisionOf } from '../../../lib/transmission/capacity-precision.js';
import { searchRate } from '../../../lib/transmission/rate-search.js';

/** @typedef {import('../../../lib/transmission/capacity.js').CapacityProbe} CapacityProbe */

test('searchRate: doubles until a rate fails, then bisects towards the highest rate that held', async () => {
  /** @type {number[]} */
  const asked = [];
  const { good, bad } = await searchRate(async (rate) => { asked.push(rate); return rate <= 5000; }, { fromRate: 500, maxRate: 1e6, steps: 5 });
  assert.deepEqual(asked.slice(0, 6), [500, 1000, 2000, 4000, 8000, 6000]);
  assert.equal(good, 5000);
  assert.ok(bad !== null && bad > 5000 && bad <= 5125, String(bad));
});

test('searchRate: the lowest rate failing gives no good rate; maxRate holding gives no bad one', async () => {
  assert.deepEqual(await searchRate(async () => false, { fromRate: 500, maxRate: 1e6, steps: 5 }), { good: null, bad: 500, floor: [] });
  assert.deepEqual(await searchRate(async () => true, { fromRate: 500, maxRate: 4000, steps: 5 }), { good: 4000, bad: null, floor: [] });
});

test('searchRate: a failure called a floor does not end the doubling; a higher rate that holds carries the search on', async () => {
  // slower when idle: 1,000 and 2,000 fail as floors, 4,000 to 16,000 hold, 32,000 is the limit
  /** @type {number[]} */
  const asked = [];
  const holds = (/** @type {number} */ rate) => rate === 500 || (rate >= 4000 && rate <= 20000);
  const r = await searchRate(async (rate) => { asked.push(rate); return holds(rate); }, { fromRate: 500, maxRate: 1e6, steps: 5, pastFloor: (rate) => rate < 4000 });
  assert.deepEqual(asked.slice(0, 7), [500, 1000, 2000, 4000, 8000, 16000, 32000]);
  assert.deepEqual(r.floor, [1000, 2000]);
  assert.equal(r.good, 20000);
  assert.ok(r.bad !== null && r.bad > 20000 && r.bad <= 20500, String(r.bad));
  // without the floor the search stops at 1,000 (the old behaviour)
  assert.deepEqual(await searchRate(async (rate) => holds(rate), { fromRate: 500, maxRate: 1e6, steps: 0 }), { good: 500, bad: 1000, floor: [] });
  // at most floorRates (3) rates past the first floor failure; then the search ends where the failing began
  /** @type {number[]} */
  const tried = [];
  const none = await searchRate(async (rate) => { tried.push(rate); return false; }, { fromRate: 400, maxRate: 1e6, steps: 5, pastFloor: () => true });
  assert.deepEqual(tried, [400, 800, 1600, 3200]);
  assert.deepEqual(none, { good: null, bad: 400, floor: [] });
  // a floor failing up to maxRate: bad is where the failing began
  assert.deepEqual(await searchRate(async (rate) => rate === 500, { fromRate: 500, maxRate: 2000, steps: 0, pastFloor: () => true }), { good: 500, bad: 1000, floor: [] });
});

test('isFloor: p99 over the target with everything answered on schedule and neither side bound; a bound, lossy or late pass is not', () => {
  const cores = { serverCores: 1, clientCores: 1, targetP99Ms: 10 };
  const idle = { p99: 14, serverCpuShare: 0.55, serverElu: 0.5, clientCpuShare: 0.06, clientElu: null };
  assert.equal(isFloor(probe(idle), cores), true);
  assert.equal(isFloor(probe({ ...idle, serverCpuShare: 0.92 }), cores), false, 'the server ran out');
  assert.equal(isFloor(probe({ ...idle, clientElu: 0.95 }), cores), false, 'the client ran out');
  assert.equal(isFloor(probe({ ...idle, complete: false }), cores), false);
  assert.equal(isFloor(probe({ ...idle, onSchedule: false }), cores), false);
  assert.equal(isFloor(probe({ ...idle, serverGcMaxMs: 12 }), cores), false, 'a server GC pause as long as the target is the server\'s limit');
  assert.equal(isFloor(probe({ ...idle, ok: true }), cores), false);
});

/** @param {Partial<CapacityProbe>} p */
const probe = (p) => /** @type {CapacityProbe} */ ({ rate: 1000, ok: false, complete: true, msgsPerSec: 1000, p50: 1, p99: 20,
  serverCpuShare: 0.5, serverElu: 0.5, clientCpuShare: 0.5, clientElu: 0.5, ...p });

test('boundOf: the client first (near its cores or its loop full), then the server, else neither', () => {
  const cores = { serverCores: 1, clientCores: 1 };
  assert.equal(boundOf(probe({ clientCpuShare: 0.95, serverElu: 0.99 }), cores), 'client');
  assert.equal(boundOf(probe({ clientElu: 0.93 }), cores), 'client');
  assert.equal(boundOf(probe({ serverElu: 0.95 }), cores), 'server');
  assert.equal(boundOf(probe({ serverCpuShare: 0.92 }), cores), 'server');
  assert.equal(boundOf(probe({}), cores), 'neither');
  // two client cores: one full core is not the client's limit
  assert.equal(boundOf(probe({ clientCpuShare: 1.0, serverCpuShare: 0.95 }), { serverCores: 1, clientCores: 2 }), 'server');
  // a server of two processes: one busy event loop is not saturation, its CPU over both cores is
  assert.equal(boundOf(probe({ serverElu: 0.99, serverCpuShare: 1.1 }), { serverCores: 2, clientCores: 1 }), 'neither');
  assert.equal(boundOf(probe({ serverCpuShare: 1.85 }), { serverCores: 2, clientCores: 1 }), 'server');
  // a client GC pause as long as the p99 target set the tail: the client, though neither side was busy
  assert.equal(boundOf(probe({ clientGcMaxMs: 14 }), { ...cores, targetP99Ms: 10 }), 'client');
  assert.equal(boundOf(probe({ clientGcMaxMs: 3, serverElu: 0.95 }), { ...cores, targetP99Ms: 10 }), 'server');
  assert.equal(boundOf(probe({ clientGcMaxMs: 14 }), cores), 'neither', 'without a target a pause is not judged');
  // the server's own pause as long as the target: the server's limit (the client's, when both paused)
  assert.equal(boundOf(probe({ serverGcMaxMs: 11 }), { ...cores, targetP99Ms: 10 }), 'server');
  assert.equal(boundOf(probe({ serverGcMaxMs: 11, clientGcMaxMs: 10 }), { ...cores, targetP99Ms: 10 }), 'client');
});

test('capacityRow: a failing probe whose client paused for GC longer than the target is client-bound, with no per-core figure', () => {
  const row = capacityRow({ transport: 'http2', format: 'json-buffer', fromRate: 500, targetP99Ms: 10, serverCores: 1, clientCores: 1, good: 500, bad: 1000,
    probes: [probe({ rate: 500, ok: true }), probe({ rate: 1000, serverCpuShare: 0.2, clientCpuShare: 0.3, clientGcMaxMs: 21 })] });
  assert.equal(row.bound, 'client');
  assert.equal(row.perCore, null);
});

test('capacityRow: per core only when the server bound the failing rate; below the lowest rate; never failing', () => {
  const base = { transport: 'ws', format: 'json-buffer', fromRate: 500, targetP99Ms: 10, serverCores: 2, clientCores: 1 };
  const server = capacityRow({ ...base, good: 8000, bad: 8250, probes: [probe({ rate: 8250, serverCpuShare: 1.9 })] });
  assert.deepEqual([server.capacity, server.bound, server.perCore, server.below], [8000, 'server', 4000, null]);
  const client = capacityRow({ ...base, good: 8000, bad: 8250, probes: [probe({ rate: 8250, clientElu: 0.99, serverCpuShare: 1.9 })] });
  assert.deepEqual([client.capacity, client.bound, client.perCore], [8000, 'client', null]);
  const below = capacityRow({ ...base, good: null, bad: 500, probes: [probe({ rate: 500 })] });
  assert.deepEqual([below.capacity, below.below, below.perCore], [null, 500, null]);
  const never = capacityRow({ ...base, good: 1e6, bad: null, probes: [] });
  assert.deepEqual([never.bound, never.perCore], ['not reached', null]);
});

test('combineSearches: the median search\'s row with every probe (tagged by search), each search\'s result and the min–max; an even count keeps the lower middle', () => {
  const base = { transport: 'http1', format: 'json-buffer', fromRate: 1000, targetP99Ms: 10, serverCores: 1, clientCores: 1 };
  const search = (/** @type {number|null} */ good, /** @type {number} */ serverCpuShare) => capacityRow({ ...base, good, bad: (good ?? 500) * 2,
    probes: [probe({ rate: good ?? 1000, ok: good !== null }), probe({ rate: (good ?? 500) * 2, serverCpuShare })] });
  const three = combineSearches([search(20000, 0.95), search(30000, 0.5), search(25000, 0.97)]);
  assert.deepEqual([three.capacity, three.bound, three.perCore, three.failedRate], [25000, 'server', 25000, 50000], 'the median search, with its own bound');
  assert.deepEqual(three.capacityMinMax, [20000, 30000]);
  assert.deepEqual(three.searches.map((x) => [x.capacity, x.bound]), [[20000, 'server'], [30000, 'neither'], [25000, 'server']]);
  assert.deepEqual(three.probes.map((p) => [p.search, p.rate]), [[1, 20000], [1, 40000], [2, 30000], [2, 60000], [3, 25000], [3, 50000]]);
  const two = combineSearches([search(30000, 0.95), search(20000, 0.95)]);
  assert.equal(two.capacity, 20000, 'of two, the lower: a capacity is what held');
  const withBelow = combineSearches([search(null, 0.2), search(30000, 0.95), search(25000, 0.95)]);
  assert.deepEqual([withBelow.capacity, withBelow.capacityMinMax], [25000, null], 'a search that found none leaves no min–max');
  const one = combineSearches([search(12000, 0.95)]);
  assert.deepEqual([one.capacity, one.capacityMinMax, one.searches.length], [12000, [12000, 12000], 1]);
  assert.deepEqual(three.precision, { target: 0.1, halfWidth: 0.2, met: false }, 'searches 20% from the median one: unstable');
  assert.equal(combineSearches([search(24000, 0.95), search(25000, 0.95), search(27000, 0.95)]).precision?.met, true, 'all within ±10%');
  assert.equal(one.precision, null, 'one search: no spread to judge');
  // the load generator's share of its cores at each search's own capacity: the median search's, the searches' min–max
  const busy = (/** @type {number} */ good, /** @type {number} */ clientCpuShare, clientCores = 1) => capacityRow({ ...base, clientCores, good, bad: good * 2,
    probes: [probe({ rate: good, ok: false, clientCpuShare: 0.99 }), probe({ rate: good, ok: true, clientCpuShare: 0.05 }), probe({ rate: good, ok: false, clientCpuShare: 0.98 }),
      probe({ rate: good, ok: true, clientCpuShare }), probe({ rate: good * 2, serverCpuShare: 0.95, clientCpuShare: 0.7 })] });
  const shared = combineSearches([busy(20000, 0.3), busy(30000, 0.5), busy(25000, 0.4)]);
  assert.deepEqual([shared.clientShare, shared.clientShareMinMax, shared.searches.map((x) => x.clientShare)], [0.4, [0.3, 0.5], [0.3, 0.5, 0.4]],
    'the last probe that held at the capacity, not an earlier one, a failed one nor the failing rate\'s');
  assert.equal(busy(20000, 0.8, 2).clientShare, 0.4, 'a share of the cores the client had');
  assert.deepEqual([one.clientShare, one.clientShareMinMax], [0.5, null], 'one search: its share, no min–max');
  assert.equal(combineSearches([search(null, 0.2)]).clientShare, null, 'no capacity: nothing held');
});

test('capacityPrecision: the farthest search from the kept one, relative to it, against ±10%; a search that found none misses; one search or none found is not judged', () => {
  assert.deepEqual(capacityPrecision([9000, 10000, 11000], 10000), { target: 0.1, halfWidth: 0.1, met: true }, 'exactly ±10% meets it');
  assert.deepEqual(capacityPrecision([33000, 17325, 25011], 25011)?.met, false, 'the http1 JSON searches of a real run (17,325–33,000)');
  assert.ok(Math.abs(/** @type {number} */ (capacityPrecision([33000, 17325, 25011], 25011)?.halfWidth) - 7989 / 25011) < 1e-12, 'the farther side, above');
  assert.deepEqual(capacityPrecision([20000, 30000], 20000), { target: 0.1, halfWidth: 0.5, met: false });
  assert.deepEqual(capacityPrecision([null, 3000, 3100], 3000), { target: 0.1, halfWidth: null, met: false });
  assert.equal(capacityPrecision([null, null], null), null, 'no search found one: every search says "below", nothing to judge');
  assert.equal(capacityPrecision([12000], 12000), null);
  assert.deepEqual(capacityPrecision([9000, 10000, 11000], 10000, 0.05)?.met, false, 'the target is a parameter');
});

test('precisionOf: a row\'s own precision, or for a row of an older results.json the rule applied to its searches', () => {
  assert.deepEqual(precisionOf({ capacity: 25011, searches: [{ capacity: 33000 }, { capacity: 17325 }, { capacity: 25011 }] })?.met, false);
  assert.deepEqual(precisionOf({ capacity: 100, searches: [{ capacity: 100 }, { capacity: 104 }] }), { target: 0.1, halfWidth: 0.04, met: true }, 'an even count: from the kept, lower middle one');
  assert.equal(precisionOf({ capacity: 100, searches: [{ capacity: 100 }, { capacity: 110.5 }] })?.met, false, 'two searches 10.5% apart: the upper one is over 10% from the kept lower one');
  assert.equal(precisionOf({ capacity: 12000 }), null, 'no searches recorded');
  assert.deepEqual(precisionOf({ capacity: 1, searches: [{ capacity: 1 }, { capacity: 5 }], precision: { target: 0.1, halfWidth: 0, met: true } })?.met, true, 'the stored one wins');
  assert.equal(capacityUnstable({ capacity: 25011, searches: [{ capacity: 33000 }, { capacity: 17325 }, { capacity: 25011 }] }), true);
  assert.equal(capacityUnstable({ capacity: 12000, precision: null }), false);
});

test('capacityPair: protobuf over JSON search by search, the median ratio, a side named only when every search lies on it', () => {
  const rowOf = (/** @type {string} */ format, /** @type {(number|null)[]} */ caps, bound = 'server') => ({ format, bound, searches: caps.map((capacity) => ({ capacity, bound })) });
  const pair = { json: { format: 'json-buffer' }, protobuf: { format: 'protobufjs-static' } };
  const pairOf = (/** @type {(number|null)[]} */ pb, /** @type {(number|null)[]} */ json, bounds = ['server', 'server']) => capacityPair(
    /** @type {any} */ ([rowOf('json-buffer', json, bounds[1]), rowOf('protobufjs-static', pb, bounds[0])]), pair);
  const higher = pairOf([30000, 42000, 36000], [20000, 30000, 24000]);
  assert.deepEqual(higher && [higher.searchRatios, higher.ratio, higher.ratioMinMax, higher.verdict, higher.json, higher.protobuf],
    [[1.5, 1.4, 1.5], 1.5, [1.4, 1.5], 'higher', 'json-buffer', 'protobufjs-static'], 'search k of one against search k of the other, not sorted');
  assert.equal(pairOf([10000, 11000, 9000], [20000, 13000, 18000])?.verdict, 'lower');
  assert.equal(pairOf([10000, 12000, 9000], [20000, 13000, 18000])?.verdict, 'no clear difference', 'one search only 8% lower: not more than 10% on that side');
  // the real http1 searches of one run: 41,000/24,570/45,258 against 33,000/17,325/25,011 (all > 1) and one that disagrees
  assert.equal(pairOf([41000, 24570, 45258], [33000, 17325, 25011])?.verdict, 'higher');
  const mixed = pairOf([43000, 41580, 31760], [37000, 39060, 34142]);
  assert.deepEqual(mixed && [mixed.verdict, mixed.ratio?.toFixed(3)], ['no clear difference', (41580 / 39060).toFixed(3)]);
  assert.equal(pairOf([30000], [20000])?.verdict, 'too few searches', 'one search names no side');
  assert.equal(pairOf([30000, 33000], [20000, 21000])?.verdict, 'too few searches', 'nor do two, however far apart');
  assert.equal(pairOf([30000, 33000, 31000, 36000], [20000, 21000, 22000, 20000])?.verdict, 'higher', 'four, every one higher by more than 10%');
  const none = pairOf([null, 30000, 31000], [20000, 21000, 22000]);
  assert.deepEqual(none && [none.verdict, none.ratio, none.ratioMinMax, none.searchRatios[0]], ['a search found none', null, null, null]);
  assert.deepEqual(pairOf([30000, 31000], [20000, 21000], ['client', 'server'])?.bounds, ['client', 'client', 'server', 'server'], 'what bound each search, protobuf\'s first');
  assert.equal(capacityPair(/** @type {any} */ ([rowOf('protobufjs-static', [1, 2])]), { protobuf: { format: 'protobufjs-static' } }), null, 'grpc: no JSON side, no pair');
});

test('halfRate: half the lower capacity of the pair; a format below the lowest rate counts as that rate', () => {
  const base = { transport: 'ws', format: 'x', fromRate: 500, targetP99Ms: 10, serverCores: 1, clientCores: 1, probes: [] };
  assert.equal(halfRate([capacityRow({ ...base, good: 8000, bad: 9000 }), capacityRow({ ...base, good: 6000, bad: 7000 })]), 3000);
  assert.equal(halfRate([capacityRow({ ...base, good: 8000, bad: 9000 }), capacityRow({ ...base, good: null, bad: 500 })]), 250);
  assert.equal(halfRate([]), null);
});

test('probeFigures: ok needs every message answered and p99 under the target; CPU shares are µs/msg × msgs/s', () => {
  const row = /** @type {import('../../../lib/transmission/rounds.js').TransmissionRow} */ ({
    format: 'x', status: 'exact', messages: 1000, acked: 1000, lost: 0, duplicated: 0, errors: 0, msgsPerSec: 2000,
    latencyMs: { p50: 1, p99: 9 }, serverCpuUs: 250, clientCpuUs: 100, serverElu: 0.4, clientElu: 0.2,
  });
  const p = probeFigures(2000, row, 10);
  assert.equal(p.ok, true);
  assert.equal(p.serverCpuShare, 0.5);
  assert.equal(p.clientCpuShare, 0.2);
  assert.equal(probeFigures(2000, row, 9).ok, false);
  assert.equal(probeFigures(2000, { ...row, acked: 999, lost: 1 }, 10).ok, false);
  // each side's longest GC pause reaches the probe, which boundOf reads
  const paused = probeFigures(2000, { ...row, clientGcMaxMs: 12, serverGcMaxMs: 1.5 }, 10);
  assert.deepEqual([paused.clientGcMaxMs, paused.serverGcMaxMs], [12, 1.5]);
});

test('failingTwice: a rate fails only when a second probe right after fails too; a pass needs one probe', async () => {
  /** @type {string[]} */
  const calls = [];
  const outcomes = new Map([[1000, [true]], [2000, [false, true]], [4000, [false, false]]]);
  const probe = failingTwice(async (rate, retry) => {
    calls.push(`${rate}${retry ? ' again' : ''}`);
    return /** @type {boolean[]} */ (outcomes.get(rate)).shift() ?? false;
  });
  assert.deepEqual([await probe(1000), await probe(2000), await probe(4000)], [true, true, false]);
  assert.deepEqual(calls, ['1000', '2000', '2000 again', '4000', '4000 again']);
});

test('sustainRate: the capacity in one pass, then 0.9, 0.8 and 0.7 of it while a pass fails, one pass a rate; none holding gives no rate', async () => {
  const figures = (/** @type {number} */ rate, /** @type {boolean} */ ok) => ({ rate, ok, complete: true, msgsPerSec: rate, p50: 1, p99: ok ? 4 : 30, serverCpuShare: 0.9, serverElu: 0.9, clientCpuShare: 0.3, clientElu: null });
  /** @type {number[]} */
  let calls = [];
  const passing = (/** @type {number} */ below) => async (/** @type {number} */ rate) => { calls.push(rate); return figures(rate, rate <= below); };
  const held = await sustainRate(passing(40000), 40000);
  assert.deepEqual({ rate: held.rate, share: held.share, rates: held.tries.map((p) => p.rate) }, { rate: 40000, share: 1, rates: [40000] });
  calls = [];
  const lower = await sustainRate(passing(33000), 40000);
  assert.deepEqual({ rate: lower.rate, share: lower.share }, { rate: 32000, share: 0.8 });
  // one pass a rate, highest first: a failure is not probed again
  assert.deepEqual(calls, [40000, 36000, 32000]);
  const none = await sustainRate(passing(1000), 40000);
  assert.deepEqual({ rate: none.rate, share: none.share, rates: none.tries.map((p) => p.rate), ok: none.tries.map((p) => p.ok) },
    { rate: null, share: null, rates: [40000, 36000, 32000, 28000], ok: [false, false, false, false] });
  // rounded to whole messages per second
  assert.deepEqual((await sustainRate(passing(0), 12345, [1, 0.9])).tries.map((p) => p.rate), [12345, 11111]);
});

test('markSlowedSearches: one reference over every search of every transport (its upper-quartile probe: here the third-fastest of 12 or fewer); a search is slowed when either probe beside it read under 80% of it; a search whose server answered no probe is left unmarked', () => {
  /** @param {Array<Array<number|null>|undefined>} probes one per search */
  const entry = (probes) => ({ rows: [{ format: 'x', searches: probes.map((machineProbes) => ({ capacity: 1000, ...(machineProbes ? { machineProbes } : {}) })) }] });
  const http1 = entry([[0.110, 0.108], [0.070, 0.109], [0.105, 0.090]]);
  const grpc = entry([[0.2, 0.104], [0.106, 0.084]]);
  // a server of several workers answers none; a result of an older run has no probes
  const workers = entry([[null, null], undefined]);
  const out = markSlowedSearches([http1, grpc, workers]);
  // readings from the fastest: 0.2, 0.110, 0.109 … the third, 0.109, is the reference; slowed below 0.0872
  assert.deepEqual(out.map((e) => /** @type {any} */ (e).machineProbe), Array(3).fill({ referenceOpsPerCpuUs: 0.109, rule: 'upper-quartile', slowedBelow: 0.8 }));
  assert.deepEqual(out.map((e) => e.rows[0].searches.map((s) => /** @type {any} */ (s).slowed)), [[false, true, false], [false, true], [undefined, undefined]]);
  // too few readings: no reference, nothing marked
  const few = markSlowedSearches([entry([[0.1, 0.05]])]);
  assert.equal(/** @type {any} */ (few[0]).machineProbe, null);
  assert.equal(/** @type {any} */ (few[0].rows[0].searches[0]).slowed, undefined);
});
