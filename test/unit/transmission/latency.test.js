import test from 'node:test';
import assert from 'node:assert/strict';
import { createLatency } from '../../../lib/transmission/latency.js';

/**
 * HDR with three significant digits: any recorded value is read back within 0.1%.
 * @param {number|null} actual
 * @param {number} expected
 * @param {string} what
 */
const within = (actual, expected, what) => assert.ok(actual != null && Math.abs(actual - expected) <= expected * 1e-3, `${what}: ${actual} is not within 0.1% of ${expected}`);

test('a recorder with nothing in it says so (null figures, not zeros)', () => {
  const l = createLatency();
  assert.equal(l.count, 0);
  assert.deepEqual(l.summary(), { p50: null, p90: null, p99: null, p999: null, max: null, mean: null });
});

test('percentiles of 1…100 ms are the nearest-rank values, within HDR precision, in milliseconds', () => {
  const l = createLatency();
  for (let ms = 100; ms >= 1; ms--) l.record(ms);
  const s = l.summary();
  assert.equal(l.count, 100);
  within(s.p50, 50, 'p50');
  within(s.p90, 90, 'p90');
  within(s.p99, 99, 'p99');
  within(s.mean, 50.5, 'mean');
  assert.equal(s.max, 100);
  // HDR's bucket top for 100 ms is 100.031; a percentile is never reported above the largest value recorded
  assert.equal(s.p999, 100);
});

test('one value: every percentile is that value', () => {
  const l = createLatency();
  l.record(0.25);
  assert.deepEqual(l.summary(), { p50: 0.25, p90: 0.25, p99: 0.25, p999: 0.25, max: 0.25, mean: 0.25 });
});

test('values outside 1 µs … 10 min are clamped to the range instead of throwing or vanishing', () => {
  const l = createLatency();
  l.record(0);
  l.record(3e9);
  const s = l.summary();
  assert.equal(l.count, 2);
  assert.equal(s.p50, 0.001);
  assert.equal(s.max, 600000);
});

test('merge adds another recorder\'s values (the rounds of one row)', () => {
  const a = createLatency();
  const b = createLatency();
  a.record(1);
  b.record(3);
  b.record(5);
  a.merge(b);
  assert.equal(a.count, 3);
  assert.equal(b.count, 2, 'the merged-in recorder is left as it was');
  within(a.summary().p50, 3, 'p50 of 1, 3, 5');
  assert.equal(a.summary().max, 5);
});
