import test from 'node:test';
import assert from 'node:assert/strict';
import { calibrationFigures, clientOrder, passRate } from '../../../lib/transmission/calibrate.js';

test('clientOrder: every client runs each round; the order reverses every other round, so none is always first', () => {
  assert.deepEqual(clientOrder(1), ['toolkit', 'undici', 'autocannon']);
  assert.deepEqual(clientOrder(2), ['autocannon', 'undici', 'toolkit']);
  assert.deepEqual(clientOrder(3), clientOrder(1));
  assert.deepEqual(clientOrder(4), clientOrder(2));
});

test('passRate: requests over seconds, or the requests answered when a pass answered fewer', () => {
  assert.equal(passRate(20000, 4), 5000);
  assert.equal(passRate(20000, { seconds: 2, answered: 19990 }), 9995);
});

test('calibrationFigures: the ratio is the median of per-round ratios, not the ratio of medians', () => {
  // round 2 ran under load for both clients: its rates are low, its ratio is not
  const perSec = { toolkit: [900, 300, 1000], undici: [1100, 330, 1050], autocannon: [1000, 600, 1250] };
  const cpuUs = { toolkit: [40, 80, 50], undici: [20, 25, 30], autocannon: [10, 12, 11] };
  const f = calibrationFigures(perSec, cpuUs);
  assert.deepEqual(f.ratios, [0.9, 0.5, 0.8]);
  assert.equal(f.ratio, 0.8, 'median of 0.9, 0.5, 0.8 (the ratio of medians would be 900 / 1000 = 0.9)');
  assert.equal(f.undiciRatio, 0.84, 'median of 1.1, 0.55, 0.84');
  assert.deepEqual(f.cpuUsPerRequest, { toolkit: 50, undici: 25, autocannon: 11 });
  assert.deepEqual([f.toolkit, f.undici, f.autocannon], [perSec.toolkit, perSec.undici, perSec.autocannon], 'the rounds are kept');
});

test('calibrationFigures: an even number of rounds takes the mean of the middle two', () => {
  const f = calibrationFigures({ toolkit: [100, 200], undici: [100, 100], autocannon: [200, 200] }, { toolkit: [1, 3], undici: [2, 2], autocannon: [5, 7] });
  assert.equal(f.ratio, 0.75);
  assert.equal(f.undiciRatio, 0.5);
  assert.deepEqual(f.cpuUsPerRequest, { toolkit: 2, undici: 2, autocannon: 6 });
});
