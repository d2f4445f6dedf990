import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchPayload, parseBatchCounts } from '../../../lib/payload/batch.js';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { UserError } from '../../../lib/errors.js';
import { prepareCodecs } from '../../../lib/verify.js';

test('--batch counts: sorted, deduplicated, and bad values refused with the value named', () => {
  assert.deepEqual(parseBatchCounts('100, 1,10,10'), [1, 10, 100]);
  assert.throws(() => parseBatchCounts('1,0'), (e) => e instanceof UserError && /"0"/.test(e.message));
  assert.throws(() => parseBatchCounts('1,x'), (e) => e instanceof UserError && /"x"/.test(e.message));
  assert.throws(() => parseBatchCounts('2.5'), UserError);
  assert.throws(() => parseBatchCounts(','), UserError);
});

test('the wrapper works for a schema in a package and a name clash', async () => {
  const { parseSchema } = await import('../../../lib/schema/index.js');
  const schema = parseSchema('syntax = "proto3";\npackage shop.v1;\nmessage Item { string name = 1; }\nmessage BatchOfItem { int32 x = 1; }\n',
    { file: 'item.proto', typeName: 'shop.v1.Item' });
  const payload = { id: 'item', title: 'item', dataFile: 'item.json', value: { name: 'a' }, jsonBytes: 12, schema, schemaSource: 'item.proto', warnings: [] };
  const b = batchPayload(payload, 3);
  assert.equal(b.schema.typeName, 'shop.v1.BatchOfItem_');
  const [p] = prepareCodecs(await selectCodecs('protobufjs-dynamic'), b);
  assert.equal(p.status, 'exact');
});

test('--batch wraps the payload --batch-payload names, else the first chosen, else test3 of all five', async () => {
  const { batchBase } = await import('../../../lib/payload/batch.js');
  const all = [1, 2, 3, 4, 5].map((n) => ({ id: `test${n}` }));
  assert.equal(batchBase(all, undefined, false).id, 'test3');
  assert.equal(batchBase([{ id: 'test5' }, { id: 'test1' }], undefined, true).id, 'test5');
  assert.equal(batchBase(all, '4', false).id, 'test4');
  assert.equal(batchBase(all, 'test2', false).id, 'test2');
  assert.throws(() => batchBase([{ id: 'test5' }], '3', true), (e) => e instanceof UserError && /"3" is not one of the payloads chosen \(test5\)/.test(e.message));
});

test('the batch message is measured with an adapter built for how the payload spells keys and numbers, as the payload itself', async () => {
  const { parseSchema } = await import('../../../lib/schema/index.js');
  const schema = parseSchema('syntax = "proto3";\nmessage M { int64 big = 1; int32 n = 2; string last_updated = 3; }\n', { file: 'm.proto' });
  const value = { big: '9007199254740993', n: '1e2', lastUpdated: 'x' };
  const payload = { id: 'm', title: 'm', dataFile: 'm.json', value, jsonBytes: 60, schema, schemaSource: 'm.proto', warnings: [] };
  const b = batchPayload(payload, 2);
  assert.deepEqual(b.schema.adapter.fit, { aliases: true, longsAsStrings: true, nonFiniteAsStrings: false, numbersAsStrings: true });
  // exact beyond 2^53 (longs come back as strings), the lowerCamelCase key and "1e2" read as the mapping reads them
  const [p] = prepareCodecs(await selectCodecs('protobufjs-dynamic'), b);
  assert.equal(p.status, 'equivalent', JSON.stringify(p.diff));
  assert.deepEqual(p.normalised, ['json-name', 'number-as-string']);
});
