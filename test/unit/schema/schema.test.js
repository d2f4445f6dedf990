import test from 'node:test';
import assert from 'node:assert/strict';
import { checkFits, parseSchema } from '../../../lib/schema/index.js';
import { UserError } from '../../../lib/errors.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import { verifyRoundTrip } from '../../../lib/verify.js';

const WRAPPED = `syntax = "proto3";
message Grid {
  // @json-wrapper: stands for a JSON array inside an array
  message RowList { repeated double value = 1; }
  repeated RowList rows = 1;
  string content_type = 2 [json_name = "content-type"];
  map<string, RowList> named = 3;
}`;

test('parseSchema picks the first message, or the one --type names', () => {
  const text = 'syntax = "proto3"; message A { int32 x = 1; } message B { string y = 1; }';
  assert.equal(parseSchema(text).typeName, 'A');
  assert.equal(parseSchema(text, { typeName: 'B' }).typeName, 'B');
});

test('parseSchema: a type that is not there names the file and the types it has', () => {
  const text = 'syntax = "proto3"; message A { int32 x = 1; }';
  assert.throws(() => parseSchema(text, { file: 'x.proto', typeName: 'Nope' }),
    (err) => err instanceof UserError && /x\.proto: no message type "Nope" \(it has: A\)/.test(err.message));
});

test('parseSchema: a --type short name that several messages end is refused, naming them; full and unambiguous names work', () => {
  const text = 'syntax = "proto3"; package top; message Outer { message Msg { string s = 1; } } '
    + 'message Other { message Msg { int32 s = 1; } enum Kind { K = 0; } } message Zed { message Kind { bool k = 1; } }';
  assert.throws(() => parseSchema(text, { file: 'amb.proto', typeName: 'Msg' }),
    (err) => err instanceof UserError && err.message === '--type Msg is ambiguous in amb.proto: top.Outer.Msg, top.Other.Msg; give the full name');
  assert.equal(parseSchema(text, { typeName: 'top.Other.Msg' }).typeName, 'top.Other.Msg');
  assert.equal(parseSchema(text, { typeName: '.top.Other.Msg' }).typeName, 'top.Other.Msg');
  assert.equal(parseSchema(text, { typeName: 'Other.Msg' }).typeName, 'top.Other.Msg');
  assert.equal(parseSchema(text, { typeName: 'Outer' }).typeName, 'top.Outer');
  // the one message of that name, not the enum of the same name that protobuf.js's lookup finds first
  assert.equal(parseSchema(text, { typeName: 'Kind' }).typeName, 'top.Zed.Kind');
  assert.throws(() => parseSchema(text, { file: 'amb.proto', typeName: '.Msg' }), /amb\.proto: no message type "\.Msg"/);
  // a full name is that message, though it also ends another's
  assert.equal(parseSchema('syntax = "proto3"; message Outer { message B { int32 x = 1; } } message B { string y = 1; }', { typeName: 'B' }).typeName, 'B');
});

test('parseSchema: a syntax error names the file and the line', () => {
  assert.throws(() => parseSchema('syntax = "proto3";\nmessage A {\n  int32 x = ;\n}', { file: 'bad.proto' }),
    (err) => err instanceof UserError && /^bad\.proto: .*line 3/.test(err.message));
});

// protobufjs-static's half (pbjs, a child process) is in test/e2e/codegen/schema.test.js
test('json_name keys and @json-wrapper arrays round-trip exactly through protobufjs-dynamic', () => {
  const schema = parseSchema(WRAPPED);
  const value = { rows: [[1.5, 2], [3]], 'content-type': 'text/plain', named: { a: [0.25], b: [] } };
  for (const codec of [dynamic]) {
    const c = codec.create({ value, schema });
    assert.deepEqual(verifyRoundTrip(c, value, codec.normalise).status, 'exact', codec.name);
  }
});

test('checkFits: a key the message has no field for is an error naming its path', () => {
  const schema = parseSchema(WRAPPED);
  assert.throws(() => checkFits(schema.type, { rows: [], extra: 1 }), /^UserError: \$\.extra: message Grid has no field/);
});

test('checkFits: a string where a number belongs is an error naming its path', () => {
  const schema = parseSchema(WRAPPED);
  assert.throws(() => checkFits(schema.type, { rows: [[1, 'x']] }),
    (err) => err instanceof UserError && err.message.startsWith('$.rows[0][1]: string "x" does not fit field value of type double'));
});

test('checkFits: coercions protobuf performs (bool into int32) pass, so verification can report them', () => {
  const schema = parseSchema('syntax = "proto3"; message M { int32 flag = 1; }');
  checkFits(schema.type, { flag: true });
});

test('checkFits: a missing proto2 required field is a fit error naming its path', () => {
  const schema = parseSchema('syntax = "proto2"; message P { required string name = 1; optional Inner inner = 2; } message Inner { required int32 id = 1; }');
  assert.throws(() => checkFits(schema.type, { inner: { id: 1 } }), /^UserError: \$\.name: required field P\.name is missing$/);
  assert.throws(() => checkFits(schema.type, { name: 'a', inner: {} }), /^UserError: \$\.inner\.id: required field Inner\.id is missing$/);
  assert.throws(() => checkFits(schema.type, { name: null }), /^UserError: \$\.name: null in required field P\.name$/);
  checkFits(schema.type, { name: 'a' });
});

test('checkFits: the proto3 JSON mapping\'s key spellings are accepted and reported; an unknown key gets a hint', () => {
  const schema = parseSchema('syntax = "proto3"; message M { string last_updated = 1; int64 big = 2; int32 n = 3 [json_name = "total"]; }');
  assert.deepEqual(checkFits(schema.type, { last_updated: 'x', big: 1, total: 2 }), { aliases: false, longsAsStrings: false });
  assert.deepEqual(checkFits(schema.type, { lastUpdated: 'x', big: '1', n: 2 }), { aliases: true, longsAsStrings: true });
  assert.throws(() => checkFits(schema.type, { LastUpdated: 'x' }), /\$\.LastUpdated: message M has no field for this key \(did you mean "last_updated"\?\)/);
  assert.throws(() => checkFits(schema.type, { lastUpdated: 'x', last_updated: 'y' }), /\$\.last_updated: field M\.last_updated is also given as "lastUpdated"/);
});
