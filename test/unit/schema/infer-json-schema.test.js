import test from 'node:test';
import assert from 'node:assert/strict';
import { inferJsonSchema, inferJsonSchemaOfRecords } from '../../../lib/schema/infer-json-schema.js';
import fastJsonStringify from '../../../lib/codecs/fast-json-stringify.js';
import { field, record } from '../../helpers/narrow.js';

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

test('keys that are data (numeric ids) make a map: other keys in other records fit it, and records merge', () => {
  assert.deepEqual(field(field(inferJsonSchema({ byId: { 7: { n: 1 }, 9: { n: 2.5 } } }), 'properties'), 'byId'),
    { type: 'object', additionalProperties: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } });
  const schema = inferJsonSchemaOfRecords([{ byId: { 7: 'a' }, x: 1 }, { byId: {}, x: 2.5, y: null }]);
  assert.deepEqual(schema, {
    type: 'object',
    properties: { byId: { type: 'object', additionalProperties: { type: 'string' } }, x: { type: 'number' }, y: { type: 'null' } },
    required: ['byId', 'x'],
  });
  const c = fastJsonStringify.create({ value: { byId: { 7: 'a' } }, corpus: [{ byId: { 7: 'a' } }, { byId: { 8: 'b', 12: 'c' } }] });
  assert.deepEqual(JSON.parse(c.encode({ byId: { 99: 'z' } }).toString()), { byId: { 99: 'z' } });
});

test('a "__proto__" key is a property like any other: in the schema, merged across records, written by the serializer', () => {
  const value = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
  const schema = inferJsonSchema(value);
  assert.deepEqual(Object.keys(record(field(schema, 'properties'))), ['__proto__', 'a']);
  assert.deepEqual(field(schema, 'required'), ['__proto__', 'a']);
  const merged = inferJsonSchemaOfRecords([JSON.parse('{"a": 3}'), value]);
  assert.deepEqual(Object.keys(record(field(merged, 'properties'))), ['a', '__proto__']);
  assert.deepEqual(field(merged, 'required'), ['a']);
  const c = fastJsonStringify.create({ value });
  assert.equal(c.encode(value).toString(), '{"__proto__":{"x":1},"a":2}');
});
