// The speed pass's processes: codecs of one library never in one process (they bend each other's figures), the
// baseline in every one; the groups' rows joined back per payload in the codecs' order.
import test from 'node:test';
import assert from 'node:assert/strict';
import { joinGroups, libraryGroups } from '../../../lib/runtimes/run/processes.js';

const codec = (/** @type {string} */ name, /** @type {string|null} */ library) => ({ name, library });

test('libraryGroups: one codec per library in each group, the baseline in every group, the order kept', () => {
  const codecs = [codec('protobufjs-static', 'protobufjs'), codec('protobufjs-dynamic', 'protobufjs'), codec('json', 'node'),
    codec('json-buffer', 'node'), codec('protobuf-es', '@bufbuild/protobuf'), codec('msgpackr', 'msgpackr')];
  const names = (/** @type {{ name: string }[][]} */ groups) => groups.map((g) => g.map((c) => c.name));
  assert.deepEqual(names(libraryGroups(codecs)), [
    ['json-buffer', 'protobufjs-static', 'json', 'protobuf-es', 'msgpackr'],
    ['json-buffer', 'protobufjs-dynamic'],
  ]);
  // no two of a library: one group, as given
  const apart = [codec('json-buffer', 'node'), codec('msgpackr', 'msgpackr'), codec('cbor-x', 'cbor-x')];
  assert.deepEqual(names(libraryGroups(apart)), [['json-buffer', 'msgpackr', 'cbor-x']]);
  // three of one library: three groups
  assert.equal(libraryGroups([codec('json-buffer', 'node'), codec('a', 'x'), codec('b', 'x'), codec('c', 'x')]).length, 3);
  // the baseline alone
  assert.deepEqual(names(libraryGroups([codec('json-buffer', 'node')])), [['json-buffer']]);
});

test('joinGroups: every group\'s rows once, the baseline\'s from the first, in the codecs\' order; the precision summary over all of them', () => {
  const row = (/** @type {string} */ format, /** @type {string} */ op, /** @type {number} */ halfWidth, met = true) => ({ format, op, precision: { halfWidth, met } });
  const part = (/** @type {any[]} */ results, /** @type {any[]} */ groups) => ({
    payload: { id: 'test3' }, results, skipped: [], notTimed: [{ format: 'json-buffer', op: 'to-plain' }],
    settings: { timer: 'paired', precision: { target: 0.05, groups, ratios: 0, medianHalfWidth: null, missed: 0 } },
  });
  const first = part([row('json-buffer', 'encode', 0), row('a', 'encode', 0.02), row('c', 'encode', 0.04)], [{ op: 'encode', cycles: 10 }]);
  const second = part([row('json-buffer', 'encode', 0.5), row('b', 'encode', 0.08, false)], [{ op: 'encode', cycles: 7 }]);
  const joined = joinGroups([first, second], ['a', 'b', 'c', 'json-buffer']);
  assert.deepEqual(joined.results.map((/** @type {any} */ r) => r.format), ['a', 'b', 'c', 'json-buffer']);
  assert.equal(joined.results.find((/** @type {any} */ r) => r.format === 'json-buffer').precision.halfWidth, 0, 'the first group\'s baseline');
  assert.deepEqual(joined.settings.precision.groups.map((/** @type {any} */ g) => g.cycles), [10, 7]);
  assert.deepEqual([joined.settings.precision.ratios, joined.settings.precision.missed], [4, 1]);
  assert.equal(joined.notTimed.length, 1, 'what no group timed, once');
  assert.equal(joinGroups([first], ['a']), first);
});
