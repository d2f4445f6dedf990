// Bytes of {"id":1,"status":"ok"} worked out by hand from each format's
// specification (comments show the working), then checked against the codecs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadCodecs, toBytes } from '../../../lib/codecs/index.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { plainRoundTrip } from '../../helpers/native.js';
import { record } from '../../helpers/narrow.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSchemaFile } from '../../../lib/schema/load.js';

const STATUS = { id: 1, status: 'ok' };
const hex = (/** @type {string} */ s) => s.replace(/\s+/g, '');

const EXPECTED = {
  // MessagePack spec: fixmap of 2 (0x82); fixstr len 2 (0xa2) "id"; positive fixint 1;
  // fixstr len 6 (0xa6) "status"; fixstr len 2 "ok"
  msgpack: '82 a2 6964 01 a6 737461747573 a2 6f6b',
  // msgpackr writes every object's header as map16 (0xde, count as 2 bytes big-endian),
  // which the spec allows, 2 bytes more than fixmap, so it need not size the map first
  msgpackr: 'de 0002 a2 6964 01 a6 737461747573 a2 6f6b',
  // RFC 8949: map(2) would be major 5 | 2 = 0xa2, but cbor-x (like msgpackr) writes the count
  // in 2 bytes: major 5 | 25 = 0xb9, 0x0002 (valid, not preferred serialization); then
  // text(2) = major 3 | 2 = 0x62 "id"; unsigned 1 = 0x01; text(6) = 0x66 "status"; text(2) = 0x62 "ok"
  'cbor-x': 'b9 0002 62 6964 01 66 737461747573 62 6f6b',
  // BSON spec: int32 document length 28 (1c000000); element 0x10 (int32) "id\0" value 1 LE;
  // element 0x02 (string) "status\0" int32 length 3 (with its \0) "ok\0"; 0x00 ends the document
  bson: '1c000000 10 696400 01000000 02 73746174757300 03000000 6f6b00 00',
  // Avro spec, record {id: int, status: string}: fields in order, no tags; int 1 zigzag
  // varint = 0x02; string = long length 2 zigzag = 0x04, then the UTF-8 bytes
  avsc: '02 04 6f6b',
  // protobuf encoding guide: tag (1 << 3 | 0) = 0x08 varint 1; tag (2 << 3 | 2) = 0x12 length 2 "ok"
  'protobuf-es': '08 01 12 02 6f6b',
  'protobuf-ts': '08 01 12 02 6f6b',
  pbf: '08 01 12 02 6f6b',
};

const TEXT = {
  // PHP serialize(): a:<count>:{key;value...}, s:<byte length>:"…"; i:<n>;
  'php-serialize': 'a:2:{s:2:"id";i:1;s:6:"status";s:2:"ok";}',
  // TOML 1.0: key = value lines, basic strings in double quotes
  toml: 'id = 1\nstatus = "ok"\n',
  // YAML 1.2 block mapping, plain scalars
  yaml: 'id: 1\nstatus: ok\n',
  xml: '<root><id>1</id><status>ok</status></root>',
  'fast-json-stringify': '{"id":1,"status":"ok"}',
};

test('{"id":1,"status":"ok"} encodes to the bytes each specification gives', async () => {
  const [payload] = resolvePayloads({ numbers: ['5'] });
  assert.deepEqual(payload.value, STATUS);
  const codecs = await loadCodecs();
  for (const [name, expected] of Object.entries(EXPECTED)) {
    const codec = codecs.find((c) => c.name === name);
    assert.ok(codec?.available, `${name} is not available`);
    const { bytes, decoded } = plainRoundTrip(codec.create({ value: STATUS, schema: payload.schema }), STATUS);
    assert.equal(Buffer.from(toBytes(bytes)).toString('hex'), hex(expected), name);
    assert.deepEqual({ ...record(decoded) }, STATUS, name);
  }
  for (const [name, expected] of Object.entries(TEXT)) {
    const codec = codecs.find((c) => c.name === name);
    assert.ok(codec, `${name} is listed`);
    const { bytes } = plainRoundTrip(codec.create({ value: STATUS, schema: payload.schema }), STATUS);
    assert.equal(Buffer.from(toBytes(bytes)).toString('utf8'), expected, name);
  }
});

test('64-bit integers given as JSON numbers: protobuf-es\'s JSON writes their exact values, which its reader takes back', async (t) => {
  // JSON.parse reads 12345678901234567890 as the double 12345678901234567168; the int64 minimum is exact as a double.
  // Left numbers, protobuf-es's JSON writer printed String(n) ("12345678901234567000", "-9223372036854776000"), the
  // first a different integer, the second out of range for its own reader
  const dir = mkdtempSync(path.join(tmpdir(), 'long-'));
  const file = path.join(dir, 'm.proto');
  writeFileSync(file, 'syntax = "proto3"; import "google/protobuf/wrappers.proto"; message M { uint64 u = 1; int64 i = 2; google.protobuf.Int64Value w = 3; }');
  const schema = loadSchemaFile(file, 'M');
  t.after(() => rmSync(dir, { recursive: true }));
  // as JSON.parse reads them from the file
  const value = JSON.parse('{"u":12345678901234567890,"i":-9223372036854775808,"w":-9223372036854775808}');
  const codecs = await loadCodecs();
  const codec = codecs.find((c) => c.name === 'protobuf-es-json');
  assert.ok(codec?.available);
  const { bytes, decoded } = plainRoundTrip(codec.create({ value, schema }), value);
  assert.deepEqual(JSON.parse(Buffer.from(toBytes(bytes)).toString('utf8')), { u: '12345678901234567168', i: '-9223372036854775808', w: '-9223372036854775808' });
  assert.deepEqual({ ...record(decoded) }, { u: '12345678901234567168', i: '-9223372036854775808', w: '-9223372036854775808' });
});
