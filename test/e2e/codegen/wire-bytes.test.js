// In e2e: protobufjs-static generates code with pbjs (a child process) for every user schema below.
// Hand-computed protobuf bytes for small messages, checked against both protobuf.js codecs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseSchema } from '../../../lib/schema/index.js';
import { describeVerdict, verifyRoundTrip } from '../../../lib/verify.js';
import pbf from '../../../lib/codecs/pbf.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import staticCodec from '../../../lib/codecs/protobufjs-static.js';
import { plainRoundTrip } from '../../helpers/native.js';
import { field, record } from '../../helpers/narrow.js';

const hex = (/** @type {Uint8Array | string} */ bytes) => Buffer.from(bytes).toString('hex');

/**
 * @param {string} proto
 * @param {unknown} value
 */
function both(proto, value) {
  const schema = parseSchema(proto);
  return [dynamic, staticCodec].map((codec) => {
    const { bytes, decoded } = plainRoundTrip(codec.create({ value, schema }), value);
    return { name: codec.name, bytes, decoded };
  });
}

test('{"id":1,"status":"ok"}: field 1 varint 1, field 2 length-delimited "ok" — 6 bytes', () => {
  const proto = 'syntax = "proto3"; message Status { int32 id = 1; string status = 2; }';
  for (const r of both(proto, { id: 1, status: 'ok' })) {
    assert.equal(hex(r.bytes), '0801' + '12026f6b', r.name);
    assert.deepEqual(r.decoded, { id: 1, status: 'ok' }, r.name);
  }
});

test('a negative number costs 10 bytes as int32 and 1 byte as sint32 (zigzag)', () => {
  const [asInt32] = both('syntax = "proto3"; message M { int32 x = 1; }', { x: -1 });
  assert.equal(hex(asInt32.bytes), '08' + 'ffffffffffffffffff01');
  const [asSint32] = both('syntax = "proto3"; message M { sint32 x = 1; }', { x: -1 });
  assert.equal(hex(asSint32.bytes), '0801');
  const [minus64] = both('syntax = "proto3"; message M { sint32 x = 1; }', { x: -64 });
  assert.equal(hex(minus64.bytes), '087f');
});

test('bool true is one varint byte, double 1.5 is 8 little-endian bytes', () => {
  const [b] = both('syntax = "proto3"; message M { bool ok = 1; }', { ok: true });
  assert.equal(hex(b.bytes), '0801');
  const [d] = both('syntax = "proto3"; message M { double v = 2; }', { v: 1.5 });
  assert.equal(hex(d.bytes), '11' + '000000000000f83f');
});

test('zero values are not sent in proto3 and come back as defaults', () => {
  for (const r of both('syntax = "proto3"; message M { int32 n = 1; string s = 2; bool b = 3; }', { n: 0, s: '', b: false })) {
    assert.equal(r.bytes.length, 0, r.name);
    assert.deepEqual(r.decoded, { n: 0, s: '', b: false }, r.name);
  }
});

test('int64 beyond 32 bits decodes as a plain number, not a Long', () => {
  for (const r of both('syntax = "proto3"; message M { int64 t = 1; }', { t: 1763822400123 })) {
    assert.equal(field(r.decoded, 't'), 1763822400123, r.name);
    assert.equal(typeof field(r.decoded, 't'), 'number', r.name);
  }
});

test('pbf: an unset message or bytes field, which its reader gives as undefined, is absent, not a difference', () => {
  const schema = parseSchema('syntax = "proto3"; message P { int32 x = 1; } message M { P a = 1; int32 b = 2; bytes c = 3; }', { typeName: 'M' });
  const created = pbf.create({ value: {}, schema });
  const { decoded } = plainRoundTrip(created, { b: 2 });
  assert.deepEqual(Object.keys(record(decoded)).sort(), ['a', 'b', 'c']); // pbf's readX fills every field in first
  assert.equal(describeVerdict(verifyRoundTrip(created, { b: 2 }, pbf.normalise, undefined, schema.type)), 'exact');
  assert.equal(describeVerdict(verifyRoundTrip(created, { a: { x: 1 }, b: 2 }, pbf.normalise, undefined, schema.type)), 'exact');
});
