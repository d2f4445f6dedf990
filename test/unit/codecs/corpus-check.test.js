import test from 'node:test';
import assert from 'node:assert/strict';
import { Unsupported } from '../../../lib/errors.js';
import { refuseFirstRecord } from '../../../lib/codecs/corpus-check.js';

/** A reason for records with a field `big`, none otherwise. @param {unknown} record */
const noBig = (record) => (record && typeof record === 'object' && 'big' in record ? 'a 64-bit integer does not fit' : null);

test('refuseFirstRecord: a corpus every record of which can be carried passes', () => {
  assert.equal(refuseFirstRecord([{ a: 1 }, { a: 2 }], noBig), undefined);
  assert.equal(refuseFirstRecord([], noBig), undefined, 'an empty corpus has nothing to refuse');
});

test('refuseFirstRecord: the payload itself (record 0) unsupported, with the reason alone', () => {
  assert.throws(() => refuseFirstRecord([{ big: 1 }, { a: 2 }], noBig),
    (err) => err instanceof Unsupported && err.message === 'a 64-bit integer does not fit');
});

test('refuseFirstRecord: a later record is named, counted from 1, and the first one refused wins', () => {
  assert.throws(() => refuseFirstRecord([{ a: 1 }, { a: 2 }, { big: 3 }, { big: 4 }], noBig),
    (err) => err instanceof Unsupported && err.message === 'record 3: a 64-bit integer does not fit');
});

test('refuseFirstRecord stops at the first refusal: later records are not looked at', () => {
  /** @type {unknown[]} */
  const seen = [];
  assert.throws(() => refuseFirstRecord([1, 2, 3], (r) => { seen.push(r); return r === 2 ? 'two' : null; }), /^Unsupported: record 2: two$/);
  assert.deepEqual(seen, [1, 2]);
});

test('refuseFirstRecord: an empty reason is no reason', () => {
  assert.doesNotThrow(() => refuseFirstRecord([1], () => ''));
});
