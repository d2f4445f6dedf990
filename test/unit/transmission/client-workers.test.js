import test from 'node:test';
import assert from 'node:assert/strict';
import { mergeAccounting, shares } from '../../../lib/transmission/client-workers.js';

test('shares: as even as it goes, the first workers one more, adding up to the total', () => {
  assert.deepEqual(shares(10, 4), [3, 3, 2, 2]);
  assert.deepEqual(shares(8, 2), [4, 4]);
  assert.deepEqual(shares(1, 3), [1, 0, 0]);
  for (const [t, n] of [[1001, 3], [7, 7], [0, 2]]) assert.equal(shares(t, n).reduce((a, b) => a + b, 0), t);
});

const part = (/** @type {Partial<Parameters<typeof mergeAccounting>[0][number]>} */ p) => ({
  messages: 100, sent: 100, acked: 100, lost: 0, notSent: 0, duplicated: 0, errors: 0, seconds: 1, ended: 'complete', ...p,
});

test('mergeAccounting: counts added over workers, the pass as long as its slowest worker, a worker\'s failure kept', () => {
  const merged = mergeAccounting([part({ seconds: 1.2 }), part({ acked: 97, lost: 2, errors: 1, seconds: 0.9, ended: 'no answer for 10 s' })]);
  assert.deepEqual(merged, { messages: 200, sent: 200, acked: 197, lost: 2, notSent: 0, duplicated: 0, errors: 1, seconds: 1.2, ended: 'no answer for 10 s' });
  assert.equal(mergeAccounting([part({}), part({ duplicated: 1 })]).duplicated, 1);
  assert.equal(mergeAccounting([part({}), part({})]).ended, 'complete');
});
