import test from 'node:test';
import assert from 'node:assert/strict';
import { childPath, isJsonObject, memberOf } from '../../lib/json.js';

test('memberOf reads a member of an object or a function, and gives undefined for anything else', () => {
  class Generated { static encode() {} }
  assert.equal(memberOf({ a: 1 }, 'a'), 1);
  assert.equal(memberOf([10, 20], '1'), 20);
  assert.equal(memberOf(Generated, 'encode'), Generated.encode, 'a class: generated code nests types in classes');
  assert.equal(memberOf({ a: 1 }, 'b'), undefined);
  for (const v of [null, undefined, 0, 'text', true]) assert.equal(memberOf(v, 'length'), undefined, String(v));
  // it reads along a path, as the codecs look up a nested type
  assert.equal(['outer', 'Inner'].reduce(memberOf, /** @type {unknown} */ ({ outer: { Inner: 42 } })), 42);
  assert.equal(['outer', 'Missing', 'deeper'].reduce(memberOf, /** @type {unknown} */ ({ outer: {} })), undefined);
});

test('isJsonObject: an object, not an array or null', () => {
  assert.deepEqual([{}, [], null, 'x', 1].map(isJsonObject), [true, false, false, false, false]);
});

test('childPath names keys as messages name them', () => {
  assert.equal(childPath('$', 'price'), '$.price');
  assert.equal(childPath('$.items', 0), '$.items[0]');
  assert.equal(childPath('$', '77'), '$["77"]');
});
