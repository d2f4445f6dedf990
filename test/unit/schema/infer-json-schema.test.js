import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { inferJsonSchema, inferJsonSchemaOfRecords } from '../../../lib/schema/infer-json-schema.js';
import fastJsonStringify from '../../../lib/codecs/fast-json-stringify.js';
import { field, record } from '../../helpers/narrow.js';
import { inferSchema } from '../../../lib/schema/infer.js';
import { readCorpusFile } from '../../../lib/payload/corpus.js';
import { ROOT } from '../../../lib/paths.js';

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

test('keys that are data by their form make a map where the .proto makes one: labels and annotations, not limits', () => {
  const pods = readCorpusFile(path.join(ROOT, 'test', 'fixtures', 'k8s-pods.json')).corpus;
  const schema = inferJsonSchemaOfRecords(pods);
  const metadata = field(field(schema, 'properties'), 'metadata');
  assert.deepEqual(field(field(metadata, 'properties'), 'labels'), { type: 'object', additionalProperties: { type: 'string' } });
  assert.deepEqual(field(field(metadata, 'properties'), 'annotations'), { type: 'object', additionalProperties: { type: 'string' } });
  const { text } = inferSchema(pods, { records: true });
  assert.match(text, /^ *map<string, string> labels = \d+;/m);
  assert.match(text, /^ *map<string, string> annotations = \d+;/m);
  assert.match(text, /^ *Limits limits = 1;/m, 'cpu and memory are field names in both');
  const limits = field(field(field(field(field(field(schema, 'properties'), 'spec'), 'properties'), 'containers'), 'items'), 'properties');
  assert.deepEqual(Object.keys(record(field(field(limits, 'resources'), 'properties'))), ['limits', 'requests']);
  // a label no record had is written: a serializer compiled from properties would drop it
  const c = fastJsonStringify.create({ value: pods[0], corpus: pods });
  const first = record(pods[0]);
  const pod = { ...first, metadata: { ...record(first.metadata), labels: { 'app.kubernetes.io/part-of': 'shop' } } };
  assert.deepEqual(JSON.parse(c.encode(pod).toString()), pod);
});

test('keys that are data by their form: no shared value type, or a null value, keeps properties, as the .proto keeps a message', () => {
  for (const value of [{ id: 1, 'a/b': 'x' }, { 'a/b': 'x', c: null }]) {
    const schema = inferJsonSchema({ o: value });
    assert.deepEqual(Object.keys(record(field(field(field(schema, 'properties'), 'o'), 'properties'))), Object.keys(value));
    assert.doesNotMatch(inferSchema({ o: value }).text, /map</);
  }
  // per object, each record's labels are a map; the .proto, which merges them first, keeps a message when the
  // records' values disagree, where the JSON Schema's map takes both types (it still describes every record)
  const records = [{ labels: { 'a/b': 'x' } }, { labels: { n: 1, 'c/d': 2 } }];
  assert.deepEqual(field(field(inferJsonSchemaOfRecords(records), 'properties'), 'labels'), { type: 'object', additionalProperties: { type: ['string', 'integer'] } });
  assert.doesNotMatch(inferSchema(records, { records: true }).text, /map</);
});

test('a record of a stream keeps its properties whatever its keys, as the .proto keeps its message; one document may be a map', () => {
  const logs = [{ 'log.level': 'info', message: 'started' }, { 'log.level': 'warn', message: 'slow' }];
  const several = inferJsonSchemaOfRecords(logs);
  assert.deepEqual(Object.keys(several.properties ?? {}), ['log.level', 'message']);
  assert.equal(several.additionalProperties, undefined);
  assert.match(inferSchema(logs, { records: true }).text, /log_level = 1 \[json_name = "log\.level"\]/, 'the .proto agrees');
  const one = inferJsonSchemaOfRecords([logs[0]]);
  assert.deepEqual(one.additionalProperties, { type: 'string' });
  assert.match(inferSchema(logs[0]).text, /map<string, string> value = 1;/, 'the .proto agrees');
});
