import test from 'node:test';
import assert from 'node:assert/strict';
import { tlsShare } from '../../../lib/transmission/tls-share.js';

// measureTlsShare runs passes against two server processes; what it computes from their figures is tlsShare.

test('tlsShare: the median CPU per message of the cleartext and the TLS passes, and 1 − cleartext ÷ TLS', () => {
  assert.deepEqual(tlsShare([10, 12, 11], [20, 25, 22]), { plainUs: 11, tlsUs: 22, share: 0.5 });
  assert.deepEqual(tlsShare([10, 14], [16, 24]), { plainUs: 12, tlsUs: 20, share: 0.4 }, 'the mean of the middle two');
  assert.deepEqual(tlsShare([30], [40]), { plainUs: 30, tlsUs: 40, share: 0.25 });
});

test('tlsShare: a pass without the figure is left out; a side without any has no share', () => {
  assert.deepEqual(tlsShare([null, 10, undefined], [20, null]), { plainUs: 10, tlsUs: 20, share: 0.5 });
  assert.deepEqual(tlsShare([null, null], [20]), { plainUs: null, tlsUs: 20, share: null });
  assert.deepEqual(tlsShare([10], []), { plainUs: 10, tlsUs: null, share: null });
  assert.deepEqual(tlsShare([], []), { plainUs: null, tlsUs: null, share: null });
});

test('tlsShare: no division by a TLS figure of 0; a cleartext figure of 0 is a figure', () => {
  assert.deepEqual(tlsShare([0], [0]), { plainUs: 0, tlsUs: 0, share: null });
  assert.deepEqual(tlsShare([5], [0]), { plainUs: 5, tlsUs: 0, share: null });
  assert.deepEqual(tlsShare([0], [10]), { plainUs: 0, tlsUs: 10, share: 1 });
});

test('tlsShare: TLS measured cheaper than cleartext (noise) shows as a negative share, not hidden', () => {
  assert.deepEqual(tlsShare([15], [10]), { plainUs: 15, tlsUs: 10, share: -0.5 });
});
