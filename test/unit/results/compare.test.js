import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRuns, speedInterval } from '../../../lib/results/compare.js';
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
  const speedRows = flagged(twice, / (encode|decode)$/);
  assert.equal(speedRows.length, 4);
  for (const r of speedRows) {
    assert.equal(r.real, true, r.figure);
    assert.ok(r.ratio !== null && Math.abs(r.ratio - 2) < 1e-9);
  }
  const slight = compareRuns(a, makeResults({ speed: 1.02 }));
  for (const r of flagged(slight, / (encode|decode)$/)) assert.equal(r.real, false, r.figure);
  const halved = compareRuns(a, makeResults({ speed: 0.5 }));
  for (const r of flagged(halved, / (encode|decode)$/)) assert.equal(r.real, true, r.figure);
});

test('a 2× latency change is flagged at the median, a 2% one is not', () => {
  const a = makeResults();
  const p50 = (/** @type {ReturnType<typeof compareRuns>} */ cmp) => flagged(cmp, /latency p50$/);
  assert.deepEqual(p50(compareRuns(a, makeResults({ latency: 2 }))).map((r) => r.real), [true, true]);
  assert.deepEqual(p50(compareRuns(a, makeResults({ latency: 1.02 }))).map((r) => r.real), [false, false]);
  // tails: 2× moves p99 (2 → 4) but not beyond the other run's max (5): not flagged
  assert.deepEqual(flagged(compareRuns(a, makeResults({ latency: 2 })), /latency p99$/).map((r) => r.real), [false, false]);
  assert.deepEqual(flagged(compareRuns(a, makeResults({ latency: 3 })), /latency p99$/).map((r) => r.real), [true, true]);
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
  const encode = cmp.rows.filter((r) => / encode$/.test(r.figure));
  assert.equal(encode.length, 2);
  for (const r of encode) assert.ok(r.ratio !== null && Math.abs(r.ratio - 3) < 1e-9, r.figure);
  assert.deepEqual(cmp.rows.filter((r) => / decode$/.test(r.figure)), [], 'corpus figures never meet one-message ones');
  assert.deepEqual(cmp.onlyB.filter((k) => / over the corpus$/.test(k)).length, 4);
});
