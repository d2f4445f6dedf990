import test from 'node:test';
import assert from 'node:assert/strict';
import { inferJsonSchema } from '../../../lib/schema/infer-json-schema.js';
import fastJsonStringify from '../../../lib/codecs/fast-json-stringify.js';

test('objects in one array merge: a key some lack is not required, int and non-int make number', () => {
  const schema = inferJsonSchema({ items: [{ a: 1, b: 'x' }, { a: 2.5 }], n: null });
  assert.deepEqual(schema, {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'string' } }, required: ['a'] },
      },
      n: { type: 'null' },
    },
    required: ['items', 'n'],
  });
});

test('mixed types become a list of types; an empty array has no items schema', () => {
  assert.deepEqual(inferJsonSchema([1, 'a', null, true]), { type: 'array', items: { type: ['integer', 'string', 'null', 'boolean'] } });
  assert.deepEqual(inferJsonSchema([]), { type: 'array' });
});

test('fast-json-stringify with the inferred schema writes what JSON.stringify writes', () => {
  const value = { items: [{ a: 1, b: 'x"y' }, { a: 2.5 }], n: null, t: [1, 'a', null], e: [] };
  const c = fastJsonStringify.create({ value });
  assert.deepEqual(JSON.parse(c.encode(value).toString()), value);
  assert.equal(c.encode(value).length, Buffer.byteLength(JSON.stringify(value)));
});
