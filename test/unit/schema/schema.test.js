import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';
import { buildAdapter, checkFits, loadSchemaFile, parseSchema, protoEdition } from '../../../lib/schema/index.js';
import { protobufjsDir } from '../../../lib/schema/load.js';
import { UserError } from '../../../lib/errors.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import { verifyRoundTrip } from '../../../lib/verify.js';
import { ROOT } from '../../../lib/paths.js';

/** Wrappers among the well-known types (a FloatValue, a DoubleValue, a BytesValue) in telemetry.Profile. */
const WELL_KNOWN = `${ROOT}/test/fixtures/schemas/wellknown.proto`;

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

test('protoEdition: the edition a .proto declares in its first statement, after any comments; null for syntax proto2/proto3', () => {
  assert.equal(protoEdition('edition = "2023";\nmessage A {}'), '2023');
  assert.equal(protoEdition('\uFEFF// licence\n/* a block\n   comment */\n  edition=\'2024\' ;\npackage p;'), '2024');
  assert.equal(protoEdition('syntax = "proto3";\nmessage A {}'), null);
  assert.equal(protoEdition('message A {}'), null); // no syntax statement: proto2
  // the word elsewhere is no edition statement: in a comment after the syntax, or a field named edition
  assert.equal(protoEdition('syntax = "proto2";\n// edition = "2023";\nmessage A { optional string edition = 1; }'), null);
  assert.equal(protoEdition('/* edition = "2023"; */ syntax = "proto3";'), null);
  // the editions fixture, which protobuf.js parses
  assert.equal(protoEdition(parseSchema(fs.readFileSync(`${ROOT}/test/fixtures/schemas/editions.proto`, 'utf8')).text), '2023');
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
    (err) => err instanceof UserError && err.message === '$.rows[0][1]: string "x" does not fit field rows of type Grid.RowList, whose values are double');
});

test('checkFits: a string with a lone surrogate is refused (UTF-8 cannot carry it); a pair, an emoji, is fine', () => {
  const { type } = parseSchema('syntax = "proto3"; message S { string s = 1; repeated string r = 2; map<string, string> m = 3; }');
  assert.doesNotThrow(() => checkFits(type, { s: 'a\ud83d\ude00b', r: ['é'], m: { k: '\u00e9' } }));
  for (const [value, at] of /** @type {Array<[unknown, string]>} */ ([[{ s: '\ud800x' }, '$.s'], [{ r: ['ok', 'x\udfff'] }, '$.r[1]'], [{ m: { k: 'a\ud83d' } }, '$.m.k']])) {
    assert.throws(() => checkFits(type, value), (err) => err instanceof UserError
      && err.message.startsWith(`${at}: the string holds a lone surrogate (at UTF-16 position `) && err.message.endsWith('cannot carry'), at);
  }
});

test('checkFits: bytes must be base64 as ProtoJSON parsers read it, standard or URL-safe, padded or not', () => {
  const { type } = parseSchema('syntax = "proto3"; message B { bytes by = 1; repeated bytes r = 3; }');
  const profile = loadSchemaFile(WELL_KNOWN, 'telemetry.Profile').type; // avatar: a google.protobuf.BytesValue
  for (const ok of ['', 'AAEC/w==', 'AAEC/w', 'AAEC_w==', 'AAEC_w', 'YQ==', 'YQ', 'YWI=', 'YWI', 'YWJj']) {
    assert.doesNotThrow(() => checkFits(type, { by: ok, r: [ok] }), ok);
    assert.doesNotThrow(() => checkFits(profile, { avatar: ok }), ok);
  }
  const refused = (/** @type {unknown} */ value, /** @type {RegExp} */ pattern, t = type) => assert.throws(() => checkFits(t, value), (err) => err instanceof UserError && pattern.test(err.message));
  refused({ by: '!!' }, /^\$\.by: string "!!" is not base64 \(field by of type bytes takes standard or URL-safe base64, padded or not\)$/);
  refused({ avatar: '!!' }, /^\$\.avatar: string "!!" is not base64/, profile); // a BytesValue's bare value
  refused({ avatar: { value: 'a b' } }, /^\$\.avatar\.value: string "a b" is not base64/, profile);
  refused({ r: ['YQ==', 'Y'] }, /^\$\.r\[1\]: string "Y" is not base64/); // one character is no byte
  refused({ by: 'YQ=' }, /^\$\.by: string "YQ=" is not base64/); // padded, but not to a multiple of 4
  refused({ by: 'YQ==YQ==' }, /^\$\.by: string "YQ==YQ==" is not base64/); // padding inside
  refused({ by: 'a+b_' }, /^\$\.by: string "a\+b_" is not base64/); // both alphabets in one string
});

test('checkFits: a map key must read as the map\'s key type, as ProtoJSON writes keys', () => {
  const { type } = parseSchema('syntax = "proto3"; message M { map<int32, string> i = 1; map<uint64, string> u = 2; map<bool, string> b = 3; map<sint64, string> s = 4; map<fixed32, string> f = 5; map<string, string> t = 6; }');
  assert.doesNotThrow(() => checkFits(type, {
    i: { 0: 'a', '-2147483648': 'b', 2147483647: 'c' }, u: { '18446744073709551615': 'a' }, b: { true: 'a', false: 'b' },
    s: { '-9223372036854775808': 'a' }, f: { 4294967295: 'a' }, t: { x: 'a', '': 'b' },
  }));
  /** @type {[unknown, RegExp][]} */
  const cases = [
    [{ i: { x: 'a' } }, /^\$\.i\.x: map key "x" does not fit field i, whose keys are int32 \(decimal integers from -2147483648 to 2147483647, as ProtoJSON writes them\)$/],
    [{ i: { 2147483648: 'a' } }, /^\$\.i\["2147483648"\]: map key "2147483648" does not fit field i, whose keys are int32/],
    [{ i: { '1.5': 'a' } }, /^\$\.i\["1\.5"\]: map key "1\.5" does not fit/],
    [{ i: { '01': 'a' } }, /map key "01" does not fit/],
    [{ u: { '-1': 'a' } }, /^\$\.u\["-1"\]: map key "-1" does not fit field u, whose keys are uint64 \(decimal integers from 0 to 18446744073709551615/],
    [{ u: { '18446744073709551616': 'a' } }, /map key "18446744073709551616" does not fit field u/],
    [{ b: { 1: 'a' } }, /^\$\.b\["1"\]: map key "1" does not fit field b, whose keys are bool \("true" or "false"\)$/],
    [{ s: { '-9223372036854775809': 'a' } }, /map key "-9223372036854775809" does not fit field s, whose keys are sint64/],
    [{ f: { '-1': 'a' } }, /map key "-1" does not fit field f, whose keys are fixed32/],
  ];
  for (const [value, pattern] of cases) assert.throws(() => checkFits(type, value), (err) => err instanceof UserError && pattern.test(err.message), JSON.stringify(value));
});

test('checkFits: a float or double takes "NaN", "Infinity" and "-Infinity", as ProtoJSON writes them, and reports it', () => {
  const { type } = parseSchema('syntax = "proto3"; message F { float f = 1; double d = 2; repeated double r = 3; map<string, float> m = 4; int32 i = 6; }');
  assert.deepEqual(checkFits(type, { f: 'NaN', d: '-Infinity', r: ['Infinity', 1.5], m: { a: 'NaN' } }),
    { aliases: false, longsAsStrings: false, nonFiniteAsStrings: true, numbersAsStrings: false });
  // FloatValue and DoubleValue, bare and as their fields
  const profile = loadSchemaFile(WELL_KNOWN, 'telemetry.Profile').type;
  assert.equal(checkFits(profile, { ratio: 'NaN', score: { value: '-Infinity' } }).nonFiniteAsStrings, true);
  assert.deepEqual(checkFits(type, { f: 1.5, d: 2 }), { aliases: false, longsAsStrings: false, nonFiniteAsStrings: false, numbersAsStrings: false });
  // no number at all: no hint about how to write one
  assert.throws(() => checkFits(type, { i: 'NaN' }), (err) => err instanceof UserError && err.message === '$.i: string "NaN" does not fit field i of type int32');
  assert.throws(() => checkFits(type, { d: 'nan' }), (err) => err instanceof UserError && err.message === '$.d: string "nan" does not fit field d of type double');
  assert.throws(() => checkFits(type, { d: '+Infinity' }), (err) => err instanceof UserError && err.message === '$.d: string "+Infinity" does not fit field d of type double');
});

test('checkFits: a float, double or 32-bit integer takes a number in a string, as ProtoJSON parsers read one, and reports it', () => {
  const { type } = parseSchema(`syntax = "proto3"; message N { double d = 1; float f = 2; int32 i = 3; uint32 u = 4; sint32 s = 5;
    fixed32 x = 6; sfixed32 y = 7; repeated int32 r = 8; map<string, double> m = 9; optional int32 o = 10; int64 l = 11; bool b = 12; string t = 13; }`);
  assert.deepEqual(checkFits(type, { d: '1.5', f: '0.25', i: '12', u: '4294967295', s: '-3', x: '1e2', y: '-2147483648', r: ['1', 2, '3.0'], m: { a: '2.5e-3' }, o: '0' }),
    { aliases: false, longsAsStrings: false, nonFiniteAsStrings: false, numbersAsStrings: true });
  // Int32Value, UInt32Value, DoubleValue, FloatValue: bare and as their fields
  const profile = loadSchemaFile(WELL_KNOWN, 'telemetry.Profile').type;
  assert.equal(checkFits(profile, { age: '30', rank: { value: '4e9' }, score: '-0.5', ratio: { value: '0.25' } }).numbersAsStrings, true);
  assert.equal(checkFits(type, { d: 1.5, i: 12, l: '7' }).numbersAsStrings, false);
  const notJson = 'a number in a string is read only as JSON writes one: "12", "-3", "1e2"';
  const notJsonFloat = 'a number in a string is read only as JSON writes one: "1.5", "-2.5e-3"';
  /** @type {[unknown, string][]} */
  const refused = [
    [{ i: 'abc' }, '$.i: string "abc" does not fit field i of type int32'],
    [{ i: '' }, '$.i: string "" does not fit field i of type int32'],
    [{ x: '0x10' }, `$.x: string "0x10" does not fit field x of type fixed32 (${notJson})`],
    [{ r: [1, ' 2'] }, `$.r[1]: string " 2" does not fit field r of type int32 (${notJson})`],
    [{ m: { a: '+1' } }, `$.m.a: string "+1" does not fit field m of type double (${notJsonFloat})`],
    [{ i: '1.5' }, '$.i: string "1.5" does not fit field i of type int32 (not an integer)'],
    [{ u: '4294967296' }, '$.u: string "4294967296" does not fit field u of type uint32 (outside the uint32 range 0 to 4294967295)'],
    [{ y: '-2147483649' }, '$.y: string "-2147483649" does not fit field y of type sfixed32 (outside the sfixed32 range -2147483648 to 2147483647)'],
    [{ f: '3.5e38' }, '$.f: string "3.5e38" does not fit field f of type float (beyond the largest finite float)'],
    [{ d: '1e400' }, '$.d: string "1e400" does not fit field d of type double (beyond the largest finite double)'],
    // ProtoJSON reads no bool, string or 64-bit "1.5" from a number in a string: these stay as they were
    [{ b: 'true' }, '$.b: string "true" does not fit field b of type bool'],
    [{ l: '1.5' }, '$.l: string "1.5" does not fit field l of type int64'],
  ];
  for (const [value, line] of refused) assert.throws(() => checkFits(type, value), (err) => err instanceof UserError && err.message === line, line);
  assert.throws(() => checkFits(profile, { rank: '-1' }),
    (err) => err instanceof UserError && err.message === '$.rank: string "-1" does not fit field rank of type google.protobuf.UInt32Value (outside the uint32 range 0 to 4294967295)');
  assert.throws(() => checkFits(type, { t: 5 }), (err) => err instanceof UserError && err.message === '$.t: number 5 does not fit field t of type string');
});

test('the adapter of a payload that writes numbers in strings hands every codec the numbers (lists, maps, wrappers bare and as fields)', () => {
  const { type } = parseSchema('syntax = "proto3"; message N { double d = 1; int32 i = 2; repeated uint32 r = 3; map<string, float> m = 4; float n = 5; string t = 6; int64 l = 7; }');
  const value = { d: '1.5', i: '1e2', r: ['4294967295', 7], m: { a: '0.25' }, n: 'NaN', t: '12', l: '12' };
  const fit = checkFits(type, value);
  assert.equal(fit.numbersAsStrings, true);
  const { toProto, fit: built } = buildAdapter(type, fit);
  assert.equal(built?.numbersAsStrings, true); // so a worker or a page rebuilds the same adapter
  // "NaN" stays for each codec to write (non-finite-as-string); a string field and a 64-bit integer keep their strings
  assert.deepEqual(toProto?.(value), { d: 1.5, i: 100, r: [4294967295, 7], m: { a: 0.25 }, n: 'NaN', t: '12', l: '12' });
  assert.deepEqual(value.r, ['4294967295', 7], 'the payload itself is left as it was');
  const profile = loadSchemaFile(WELL_KNOWN, 'telemetry.Profile').type;
  const wrapped = { age: '30', rank: { value: '4e9' }, score: '-0.5', ratio: { value: '0.25' } };
  assert.deepEqual(buildAdapter(profile, checkFits(profile, wrapped)).toProto?.(wrapped),
    { age: { value: 30 }, rank: { value: 4000000000 }, score: { value: -0.5 }, ratio: { value: 0.25 } });
  // a payload without them: no conversion, so the common case costs nothing
  assert.equal(buildAdapter(type, checkFits(type, { d: 1.5, i: 3 })).toProto, null);
});

test('checkFits: a boolean in a number field and a number in a bool field are refused, as ProtoJSON parsers refuse them', () => {
  const schema = parseSchema('syntax = "proto3"; message M { int32 flag = 1; bool on = 2; repeated double xs = 3; map<string, bool> m = 4; }');
  assert.throws(() => checkFits(schema.type, { flag: true }),
    (err) => err instanceof UserError && err.message === '$.flag: boolean true does not fit field flag of type int32 (ProtoJSON takes a number, or a number in a string, not a boolean)');
  assert.throws(() => checkFits(schema.type, { on: 1 }),
    (err) => err instanceof UserError && err.message === '$.on: number 1 does not fit field on of type bool (ProtoJSON takes true or false, not a number)');
  assert.throws(() => checkFits(schema.type, { xs: [1, false] }), (err) => err instanceof UserError && /^\$\.xs\[1\]: boolean false does not fit field xs of type double/.test(err.message));
  assert.throws(() => checkFits(schema.type, { m: { a: true, b: 0 } }), (err) => err instanceof UserError && /^\$\.m\.b: number 0 does not fit field m of type bool/.test(err.message));
  // a quoted boolean is no bool either (the conformance suite's BoolFieldDoubleQuotedTrue)
  assert.throws(() => checkFits(schema.type, { on: 'true' }), UserError);
  assert.doesNotThrow(() => checkFits(schema.type, { flag: 1, on: false, xs: [1.5], m: { a: true } }));
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
  assert.deepEqual(checkFits(schema.type, { last_updated: 'x', big: 1, total: 2 }), { aliases: false, longsAsStrings: false, nonFiniteAsStrings: false, numbersAsStrings: false });
  assert.deepEqual(checkFits(schema.type, { lastUpdated: 'x', big: '1', n: 2 }), { aliases: true, longsAsStrings: true, nonFiniteAsStrings: false, numbersAsStrings: false });
  assert.throws(() => checkFits(schema.type, { LastUpdated: 'x' }), /\$\.LastUpdated: message M has no field for this key \(did you mean "last_updated"\?\)/);
  assert.throws(() => checkFits(schema.type, { lastUpdated: 'x', last_updated: 'y' }), /\$\.last_updated: field M\.last_updated is also given as "lastUpdated"/);
});

test('checkFits: a JSON number its field cannot hold is refused as the same number in a string is (as ProtoJSON parsers refuse both)', () => {
  const { type } = parseSchema(`syntax = "proto3"; enum E { E_ZERO = 0; ONE = 1; }
    message N { int32 i = 1; uint32 u = 2; sint32 s = 3; fixed32 x = 4; sfixed32 y = 5; int64 l = 6; uint64 ul = 7;
      sint64 sl = 8; fixed64 fl = 9; sfixed64 sfl = 10; float f = 11; double d = 12; E e = 13; bool b = 14;
      repeated int32 r = 15; map<string, uint32> m = 16; }`);
  /** @type {[unknown, string][]} */
  const refused = [
    [{ i: 1.5 }, '$.i: number 1.5 does not fit field i of type int32 (not an integer)'],
    [{ i: 2147483648 }, '$.i: number 2147483648 does not fit field i of type int32 (outside the int32 range -2147483648 to 2147483647)'],
    [{ i: -2147483649 }, '$.i: number -2147483649 does not fit field i of type int32 (outside the int32 range -2147483648 to 2147483647)'],
    [{ u: -1 }, '$.u: number -1 does not fit field u of type uint32 (outside the uint32 range 0 to 4294967295)'],
    [{ u: 4294967296 }, '$.u: number 4294967296 does not fit field u of type uint32 (outside the uint32 range 0 to 4294967295)'],
    [{ s: 0.5 }, '$.s: number 0.5 does not fit field s of type sint32 (not an integer)'],
    [{ x: -1 }, '$.x: number -1 does not fit field x of type fixed32 (outside the fixed32 range 0 to 4294967295)'],
    [{ y: 1e10 }, '$.y: number 10000000000 does not fit field y of type sfixed32 (outside the sfixed32 range -2147483648 to 2147483647)'],
    [{ l: 1.5 }, '$.l: number 1.5 does not fit field l of type int64 (not an integer)'],
    [{ l: 2 ** 63 }, '$.l: number 9223372036854776000 does not fit field l of type int64 (outside the int64 range -9223372036854775808 to 9223372036854775807; JSON.parse rounds an integer this large (here to 9223372036854775808): the proto3 JSON mapping writes a 64-bit integer as a string)'],
    [{ ul: -1 }, '$.ul: number -1 does not fit field ul of type uint64 (outside the uint64 range 0 to 18446744073709551615)'],
    [{ ul: 2 ** 64 }, '$.ul: number 18446744073709552000 does not fit field ul of type uint64 (outside the uint64 range 0 to 18446744073709551615; JSON.parse rounds an integer this large (here to 18446744073709551616): the proto3 JSON mapping writes a 64-bit integer as a string)'],
    [{ sl: 1e-3 }, '$.sl: number 0.001 does not fit field sl of type sint64 (not an integer)'],
    [{ fl: -5 }, '$.fl: number -5 does not fit field fl of type fixed64 (outside the fixed64 range 0 to 18446744073709551615)'],
    [{ sfl: -(2 ** 64) }, '$.sfl: number -18446744073709552000 does not fit field sfl of type sfixed64 (outside the sfixed64 range -9223372036854775808 to 9223372036854775807; JSON.parse rounds an integer this large (here to -18446744073709551616): the proto3 JSON mapping writes a 64-bit integer as a string)'],
    [{ f: 1e39 }, '$.f: number 1e+39 does not fit field f of type float (beyond the largest finite float)'],
    [{ f: -3.5e38 }, '$.f: number -3.5e+38 does not fit field f of type float (beyond the largest finite float)'],
    [{ d: NaN }, '$.d: number NaN does not fit field d of type double (NaN and the infinities are written as the strings "NaN", "Infinity", "-Infinity")'],
    [{ f: -Infinity }, '$.f: number -Infinity does not fit field f of type float (NaN and the infinities are written as the strings "NaN", "Infinity", "-Infinity")'],
    [{ e: 1.5 }, '$.e: number 1.5 does not fit field e of type E (not an integer)'],
    [{ r: [1, 2.5] }, '$.r[1]: number 2.5 does not fit field r of type int32 (not an integer)'],
    [{ m: { a: -3 } }, '$.m.a: number -3 does not fit field m of type uint32 (outside the uint32 range 0 to 4294967295)'],
  ];
  for (const [value, line] of refused) assert.throws(() => checkFits(type, value), (err) => err instanceof UserError && err.message === line, line);
  // the string path refuses the same values alike
  assert.throws(() => checkFits(type, { u: '-1' }), (err) => err instanceof UserError && err.message === '$.u: string "-1" does not fit field u of type uint32 (outside the uint32 range 0 to 4294967295)');
  // what they hold is taken: integers with an exponent or a zero fraction (JSON.parse reads 1e2 and 100.0 as 100), the
  // ends of each range, a 64-bit integer beyond 2^53 (the double JSON.parse gave, as protobuf-es's fromJson takes it),
  // any finite double, a float up to the largest (3.4028235e38 rounds to it), 0.1 in a float (rounded: LOSSY, not
  // refused), -0, an enum number the enum does not name (open enums keep it)
  assert.doesNotThrow(() => checkFits(type, {
    i: 1e2, u: 4294967295, s: -2147483648, x: 0, y: 2147483647, l: -(2 ** 63), ul: 2 ** 64 - 2048, sl: 100.0, fl: 2 ** 53 + 2,
    sfl: -(2 ** 60), f: 3.4028235e38, d: 1.7976931348623157e308, e: 7, r: [-0, 0.0, 1e9], m: { a: 0 },
  }));
  assert.doesNotThrow(() => checkFits(type, { f: 0.1, d: -0, i: -0 }));
  // booleans in number fields (and numbers in bool) are refused (the test above)
  assert.throws(() => checkFits(type, { i: true }), UserError);
  assert.throws(() => checkFits(type, { b: 1 }), UserError);
  // a wrapper's bare value and its { "value": … } alike
  const profile = loadSchemaFile(WELL_KNOWN, 'telemetry.Profile').type;
  assert.throws(() => checkFits(profile, { rank: -1 }),
    (err) => err instanceof UserError && err.message === '$.rank: number -1 does not fit field rank of type google.protobuf.UInt32Value (outside the uint32 range 0 to 4294967295)');
  assert.throws(() => checkFits(profile, { age: { value: 1.5 } }),
    (err) => err instanceof UserError && err.message === '$.age.value: number 1.5 does not fit field value of type int32 (not an integer)');
});

test('checkFits: a wrapper\'s bare value that does not fit is named by the user\'s field and the wrapper type, not the wrapper\'s own field "value"', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fit-wrappers-'));
  try {
    fs.writeFileSync(path.join(dir, 'w.proto'), `syntax = "proto3";
      import "google/protobuf/wrappers.proto"; import "google/protobuf/any.proto";
      message W {
        google.protobuf.Int32Value i32 = 1; google.protobuf.UInt32Value count = 2; google.protobuf.Int64Value i64 = 3;
        google.protobuf.UInt64Value u64 = 4; google.protobuf.FloatValue f = 5; google.protobuf.DoubleValue d = 6;
        google.protobuf.BoolValue b = 7; google.protobuf.StringValue s = 8; google.protobuf.BytesValue by = 9;
        repeated google.protobuf.UInt32Value counts = 10; map<string, google.protobuf.Int64Value> totals = 11;
        google.protobuf.Any any = 12;
      }`);
    const { type } = loadSchemaFile(path.join(dir, 'w.proto'));
    const range = (/** @type {string} */ t, /** @type {string} */ lo, /** @type {string} */ hi) => `outside the ${t} range ${lo} to ${hi}`;
    /** @type {[unknown, string][]} */
    const refused = [
      [{ i32: 1.5 }, '$.i32: number 1.5 does not fit field i32 of type google.protobuf.Int32Value (not an integer)'],
      [{ i32: '2147483648' }, `$.i32: string "2147483648" does not fit field i32 of type google.protobuf.Int32Value (${range('int32', '-2147483648', '2147483647')})`],
      [{ count: -1 }, `$.count: number -1 does not fit field count of type google.protobuf.UInt32Value (${range('uint32', '0', '4294967295')})`],
      [{ count: 'x' }, '$.count: string "x" does not fit field count of type google.protobuf.UInt32Value'],
      [{ i64: 1.5 }, '$.i64: number 1.5 does not fit field i64 of type google.protobuf.Int64Value (not an integer)'],
      [{ i64: 'x' }, '$.i64: string "x" does not fit field i64 of type google.protobuf.Int64Value'],
      [{ u64: -1 }, `$.u64: number -1 does not fit field u64 of type google.protobuf.UInt64Value (${range('uint64', '0', '18446744073709551615')})`],
      [{ f: 1e39 }, '$.f: number 1e+39 does not fit field f of type google.protobuf.FloatValue (beyond the largest finite float)'],
      [{ f: 'x' }, '$.f: string "x" does not fit field f of type google.protobuf.FloatValue'],
      [{ d: '1e400' }, '$.d: string "1e400" does not fit field d of type google.protobuf.DoubleValue (beyond the largest finite double)'],
      [{ d: [1] }, '$.d: an array does not fit field d of type google.protobuf.DoubleValue'],
      [{ b: 'yes' }, '$.b: string "yes" does not fit field b of type google.protobuf.BoolValue'],
      [{ s: 5 }, '$.s: number 5 does not fit field s of type google.protobuf.StringValue'],
      [{ s: 'a\ud800' }, '$.s: the string holds a lone surrogate (at UTF-16 position 1), which UTF-8, and so field s of type google.protobuf.StringValue, cannot carry'],
      [{ by: '!!' }, '$.by: string "!!" is not base64 (field by of type google.protobuf.BytesValue takes standard or URL-safe base64, padded or not)'],
      [{ by: 5 }, '$.by: number 5 does not fit field by of type google.protobuf.BytesValue'],
      // in a repeated field and a map: the element's or value's path, the repeated or map field's name
      [{ counts: [1, -1] }, `$.counts[1]: number -1 does not fit field counts of type google.protobuf.UInt32Value (${range('uint32', '0', '4294967295')})`],
      [{ totals: { a: '7', b: 'x' } }, '$.totals.b: string "x" does not fit field totals of type google.protobuf.Int64Value'],
      // written as the wrapper's own fields, the key "value" is in the JSON, and the line names it
      [{ count: { value: -1 } }, `$.count.value: number -1 does not fit field value of type uint32 (${range('uint32', '0', '4294967295')})`],
      // in an Any, no field of the user's holds the wrapper: the line names the wrapper type
      [{ any: { '@type': 'type.googleapis.com/google.protobuf.UInt32Value', value: -1 } },
        `$.any.value: number -1 does not fit google.protobuf.UInt32Value (${range('uint32', '0', '4294967295')})`],
    ];
    for (const [value, line] of refused) assert.throws(() => checkFits(type, value), (err) => err instanceof UserError && err.message === line, line);
    assert.doesNotThrow(() => checkFits(type, {
      i32: -3, count: '4294967295', i64: '-9223372036854775808', u64: '18446744073709551615', f: 'NaN', d: 1.5, b: false, s: '', by: 'AQ==',
      counts: [0, 7], totals: { a: 1 }, any: { '@type': 'type.googleapis.com/google.protobuf.UInt32Value', value: 3 },
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('checkFits: a @json-wrapper\'s bare value that does not fit is named by the user\'s field and the wrapper type, not the wrapper\'s own field "value"', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fit-json-wrappers-'));
  try {
    fs.writeFileSync(path.join(dir, 'j.proto'), `syntax = "proto2";
      import "google/protobuf/wrappers.proto";
      enum Kind { HOME = 0; WORK = 1; }
      message Grid {
        // @json-wrapper: stands for a JSON array inside an array
        message RowList { repeated double value = 1; }
        // @json-wrapper: stands for a JSON array inside an array
        message IntList { repeated sint32 value = 1; }
        // @json-wrapper: stands for a JSON object with data keys inside an array
        message CountMap { map<int32, string> value = 1; }
        // @json-wrapper: stands for a JSON array inside an array
        message KindList { repeated Kind value = 1; }
        // @json-wrapper: stands for a JSON array inside an array
        message CubeList { repeated RowList value = 1; }
        // @json-wrapper: stands for a JSON array inside an array
        message BoxList { repeated google.protobuf.UInt32Value value = 1; }
        repeated RowList rows = 1; repeated IntList ints = 2; repeated CountMap counts = 3; repeated KindList kinds = 4;
        repeated CubeList cube = 5; map<string, RowList> named = 6; repeated BoxList boxes = 7;
      }
      // @json-wrapper: stands for the top-level JSON array
      message List { repeated double value = 1; }`);
    const { type } = loadSchemaFile(path.join(dir, 'j.proto'), 'Grid');
    const rows = 'field rows of type Grid.RowList';
    /** @type {[unknown, string][]} */
    const refused = [
      [{ rows: [[1, 'x']] }, `$.rows[0][1]: string "x" does not fit ${rows}, whose values are double`],
      [{ rows: [['1e400']] }, `$.rows[0][0]: string "1e400" does not fit ${rows}, whose values are double (beyond the largest finite double)`],
      [{ ints: [[1, 1.5]] }, '$.ints[0][1]: number 1.5 does not fit field ints of type Grid.IntList, whose values are sint32 (not an integer)'],
      // the wrapper's array itself: not an array, or null inside it
      [{ rows: [5] }, `$.rows[0]: expected an array for ${rows}, got number 5`],
      [{ rows: [[null]] }, `$.rows[0][0]: null inside ${rows}`],
      // a map wrapper: not an object, a key that is no int32
      [{ counts: [[1]] }, '$.counts[0]: expected an object for field counts of type Grid.CountMap, got an array'],
      [{ counts: [{ x: 'a' }] }, '$.counts[0].x: map key "x" does not fit field counts of type Grid.CountMap, whose keys are int32 (decimal integers from -2147483648 to 2147483647, as ProtoJSON writes them)'],
      // an enum's name it does not have, and a number its closed enum (proto2's) does not name
      [{ kinds: [['HOME', 'SCHOOL']] }, '$.kinds[0][1]: "SCHOOL" is not a value of enum Kind (field kinds of type Grid.KindList; its values: HOME = 0, WORK = 1)'],
      [{ kinds: [[7]] }, '$.kinds[0][0]: 7 is not a value of closed enum Kind (field kinds of type Grid.KindList; its values: HOME = 0, WORK = 1)'],
      // a wrapper inside a wrapper (an array in an array in an array) is named by the user's field too, with the type
      // that holds the value; so is one in a map's value, and a google.protobuf wrapper inside one
      [{ cube: [[[1, 'x']]] }, '$.cube[0][0][1]: string "x" does not fit field cube of type Grid.RowList, whose values are double'],
      [{ named: { a: [1, 'x'] } }, '$.named.a[1]: string "x" does not fit field named of type Grid.RowList, whose values are double'],
      [{ boxes: [[1, -1]] }, '$.boxes[0][1]: number -1 does not fit field boxes of type google.protobuf.UInt32Value (outside the uint32 range 0 to 4294967295)'],
    ];
    for (const [value, line] of refused) assert.throws(() => checkFits(type, value), (err) => err instanceof UserError && err.message === line, line);
    assert.doesNotThrow(() => checkFits(type, {
      rows: [[1, '1.5', 'NaN'], []], ints: [[-1, 2]], counts: [{ 1: 'a', '-2': 'b' }], kinds: [['WORK', 0]],
      cube: [[[1], []]], named: { a: [0.5] }, boxes: [[0, '7']],
    }));
    // at the top, no field of the user's holds the wrapper: the line names the message
    const list = loadSchemaFile(path.join(dir, 'j.proto'), 'List').type;
    assert.throws(() => checkFits(list, [1, 'x']), (err) => err instanceof UserError && err.message === '$[1]: string "x" does not fit message List, whose values are double');
    assert.throws(() => checkFits(list, {}), (err) => err instanceof UserError && err.message === '$: expected an array for message List, got an object');
    assert.doesNotThrow(() => checkFits(list, [1, 2.5]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('checkFits: an enum name the enum does not have and a number a closed enum does not name are one line of one shape, naming the field and the values, "…" after the eighth', () => {
  const schema = parseSchema(`syntax = "proto2";
    enum Few { A = 0; B = 1; }
    enum Many { M0 = 0; M1 = 1; M2 = 2; M3 = 3; M4 = 4; M5 = 5; M6 = 6; M7 = 7; M8 = 8; }
    message E { optional Few few = 1; optional Many many = 2; repeated Many manies = 3; }`).type;
  const many = 'its values: M0 = 0, M1 = 1, M2 = 2, M3 = 3, M4 = 4, M5 = 5, M6 = 6, M7 = 7, …';
  /** @type {[unknown, string][]} */
  const refused = [
    [{ few: 'C' }, '$.few: "C" is not a value of enum Few (field few; its values: A = 0, B = 1)'],
    [{ few: 2 }, '$.few: 2 is not a value of closed enum Few (field few; its values: A = 0, B = 1)'],
    [{ many: 'M9' }, `$.many: "M9" is not a value of enum Many (field many; ${many})`],
    [{ manies: [0, 9] }, `$.manies[1]: 9 is not a value of closed enum Many (field manies; ${many})`],
  ];
  for (const [value, line] of refused) assert.throws(() => checkFits(schema, value), (err) => err instanceof UserError && err.message === line, line);
  // an open enum (proto3's) refuses a name it does not have the same way
  const open = parseSchema('syntax = "proto3"; enum O { O_ZERO = 0; } message M { O o = 1; }').type;
  assert.throws(() => checkFits(open, { o: 'O_ONE' }), (err) => err instanceof UserError && err.message === '$.o: "O_ONE" is not a value of enum O (field o; its values: O_ZERO = 0)');
});

test('checkFits: a closed enum (proto2\'s, an edition\'s enum_type = CLOSED) refuses a number it does not name, as protobuf-es\'s fromJson does; an open one takes it', () => {
  const proto2 = parseSchema(`syntax = "proto2"; enum Kind { HOME = 0; MOBILE = 1; WORK = 2; }
    message P { optional Kind kind = 1; repeated Kind kinds = 2; map<string, Kind> by_name = 3; }`).type;
  const values = 'its values: HOME = 0, MOBILE = 1, WORK = 2';
  /** @type {[unknown, string][]} */
  const refused = [
    [{ kind: 7 }, `$.kind: 7 is not a value of closed enum Kind (field kind; ${values})`],
    [{ kind: -1 }, `$.kind: -1 is not a value of closed enum Kind (field kind; ${values})`],
    [{ kinds: [1, 3] }, `$.kinds[1]: 3 is not a value of closed enum Kind (field kinds; ${values})`],
    [{ by_name: { a: 0, b: 9 } }, `$.by_name.b: 9 is not a value of closed enum Kind (field by_name; ${values})`],
  ];
  for (const [value, line] of refused) assert.throws(() => checkFits(proto2, value), (err) => err instanceof UserError && err.message === line, line);
  // the numbers and names it has are taken; a fraction is refused as in any enum, before the closed enum's check
  assert.doesNotThrow(() => checkFits(proto2, { kind: 2, kinds: [0, 'WORK', 1], by_name: { a: 'MOBILE', b: 0 } }));
  assert.throws(() => checkFits(proto2, { kind: 1.5 }), (err) => err instanceof UserError && err.message === '$.kind: number 1.5 does not fit field kind of type Kind (not an integer)');
  // editions: closed where enum_type = CLOSED applies (on the enum, or on the file), open otherwise (2023's default)
  const editions = parseSchema(`edition = "2023"; enum Shut { option features.enum_type = CLOSED; S_ZERO = 0; S_ONE = 1; }
    enum Open { O_ZERO = 0; } message E { Shut shut = 1; Open open = 2; repeated Shut shuts = 3; }`).type;
  assert.throws(() => checkFits(editions, { shut: 5 }),
    (err) => err instanceof UserError && err.message === '$.shut: 5 is not a value of closed enum Shut (field shut; its values: S_ZERO = 0, S_ONE = 1)');
  assert.throws(() => checkFits(editions, { shuts: [2] }),
    (err) => err instanceof UserError && err.message === '$.shuts[0]: 2 is not a value of closed enum Shut (field shuts; its values: S_ZERO = 0, S_ONE = 1)');
  assert.doesNotThrow(() => checkFits(editions, { shut: 1, open: 5 }));
  const fileWide = parseSchema('edition = "2023"; option features.enum_type = CLOSED; enum K { K_ZERO = 0; } message F { K k = 1; }').type;
  assert.throws(() => checkFits(fileWide, { k: 1 }), (err) => err instanceof UserError && err.message === '$.k: 1 is not a value of closed enum K (field k; its values: K_ZERO = 0)');
  // proto3's enums are open: a number the enum does not name is kept, in a field, a list and a map
  const proto3 = parseSchema('syntax = "proto3"; enum O { O_ZERO = 0; } message M { O o = 1; repeated O os = 2; map<string, O> om = 3; }').type;
  assert.doesNotThrow(() => checkFits(proto3, { o: 7, os: [7, -1], om: { a: 9 } }));
});

test('checkFits: two members of one oneof are refused in one line naming the oneof and both, as ProtoJSON parsers refuse them', () => {
  const sheet = loadSchemaFile(`${ROOT}/test/fixtures/schemas/oneof.proto`, 'quiz.Sheet').type;
  /** @type {[unknown, string][]} */
  const refused = [
    [{ user: 'a', team: 1 }, '$.team: oneof Sheet.owner is given two members, "user" and "team" (a message holds one of them)'],
    // at its default too: a oneof member has presence, so 0 and "" are set
    [{ team: 0, user: '' }, '$.user: oneof Sheet.owner is given two members, "team" and "user" (a message holds one of them)'],
    // in a repeated message and a map value, with a message member
    [{ answers: [{ id: 1, text: 'x' }, { point: { x: 1 }, blob: 'AQ==' }] },
      '$.answers[1].blob: oneof Answer.value is given two members, "point" and "blob" (a message holds one of them)'],
    [{ named: { q: { count: 2, point: {} } } }, '$.named.q.point: oneof Answer.value is given two members, "count" and "point" (a message holds one of them)'],
  ];
  for (const [value, line] of refused) assert.throws(() => checkFits(sheet, value), (err) => err instanceof UserError && err.message === line, line);
  // null sets no member (the conformance suite's OneofFieldNullFirst), so one member beside it is taken; members of
  // two different oneofs are taken
  assert.doesNotThrow(() => checkFits(sheet, { user: null, team: 3, answers: [{ text: null, point: { x: 1 } }] }));
  assert.doesNotThrow(() => checkFits(sheet, { team: 3, answers: [{ id: 1, count: 0 }] }));
  // null in a google.protobuf.Value member is a value (the NullValue), so it sets its member
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oneof-value-'));
  try {
    fs.writeFileSync(path.join(dir, 'v.proto'), 'syntax = "proto3"; import "google/protobuf/struct.proto"; message V { oneof o { google.protobuf.Value any = 1; string text = 2; } }');
    const v = loadSchemaFile(path.join(dir, 'v.proto')).type;
    assert.throws(() => checkFits(v, { any: null, text: 'a' }),
      (err) => err instanceof UserError && err.message === '$.text: oneof V.o is given two members, "any" and "text" (a message holds one of them)');
    assert.doesNotThrow(() => checkFits(v, { any: null }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('loadSchemaFile: imports named from a tree\'s top (protoc\'s and buf\'s import root) load, and the layout names each file so', () => {
  const tree = path.join(ROOT, 'test', 'fixtures', 'schemas', 'tree');
  const schema = loadSchemaFile(path.join(tree, 'acme', 'orders', 'v1', 'order.proto'), 'Order');
  assert.equal(schema.typeName, 'acme.orders.v1.Order');
  // the schema's own file by its base name, the imported ones (transitively) by the paths their imports write;
  // google/protobuf's come with protobuf.js and every generator, so the layout has none
  assert.deepEqual(schema.layout?.map((f) => [path.relative(tree, f.path), f.name]), [
    ['acme/orders/v1/order.proto', 'order.proto'],
    ['acme/common/v1/money.proto', 'acme/common/v1/money.proto'],
    ['acme/common/v1/currency.proto', 'acme/common/v1/currency.proto'],
  ]);
  // a file beside its importer keeps protobuf.js's rule, by its path from the schema's folder
  const beside = loadSchemaFile(path.join(ROOT, 'test', 'fixtures', 'schemas', 'order.proto'), 'shop.Order');
  assert.deepEqual(beside.layout?.map((f) => f.name), ['order.proto', 'common.proto']);
});

test('loadSchemaFile: an import found nowhere is one line naming it, the file that imports it and where it was looked for', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-root-'));
  try {
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    const file = path.join(dir, 'a', 'b', 'top.proto');
    fs.writeFileSync(file, 'syntax = "proto3";\nimport "acme/missing/v1/gone.proto";\nmessage Top { string s = 1; }\n');
    assert.throws(() => loadSchemaFile(file), (err) => err instanceof UserError && !err.message.includes('\n')
      && err.message === `${file}: import "acme/missing/v1/gone.proto" in top.proto is found neither beside that file nor under ${path.join(dir, 'a', 'b')} or any folder above it`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('loadSchemaFile: a missing import in an imported file names that file by its import path; a weak one is skipped; a link into a tree loads; a cycle back to a relative main is one file', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-root2-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'acme', 'app'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'acme', 'lib.proto'), 'syntax = "proto3";\npackage acme;\nimport "acme/gone.proto";\nmessage Lib { string s = 1; }\n');
  const app = path.join(dir, 'acme', 'app', 'app.proto');
  fs.writeFileSync(app, 'syntax = "proto3";\npackage acme;\nimport "acme/lib.proto";\nmessage App { Lib lib = 1; }\n');
  assert.throws(() => loadSchemaFile(app), (err) => err instanceof UserError
    && err.message === `${app}: import "acme/gone.proto" in acme/lib.proto is found neither beside that file nor under ${path.dirname(app)} or any folder above it`);
  // a weak import found nowhere is skipped, as protobuf.js skips it
  fs.writeFileSync(path.join(dir, 'acme', 'lib.proto'), 'syntax = "proto3";\npackage acme;\nimport weak "acme/gone.proto";\nmessage Lib { string s = 1; }\n');
  assert.equal(loadSchemaFile(app).typeName, 'acme.App');
  // a symbolic link to the schema, from outside its tree: its imports are found above the file it points at
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'import-link-'));
  t.after(() => fs.rmSync(elsewhere, { recursive: true, force: true }));
  fs.symlinkSync(app, path.join(elsewhere, 'app.proto'));
  assert.deepEqual(loadSchemaFile(path.join(elsewhere, 'app.proto')).layout?.map((f) => f.name), ['app.proto', 'acme/lib.proto']);
  // an import cycle back to a schema given by a relative path: one file, not two (protobuf.js would read it twice)
  fs.writeFileSync(path.join(dir, 'a.proto'), 'syntax = "proto3";\npackage c;\nimport "b.proto";\nmessage A { B b = 1; }\n');
  fs.writeFileSync(path.join(dir, 'b.proto'), 'syntax = "proto3";\npackage c;\nimport "a.proto";\nmessage B { string s = 1; }\n');
  assert.equal(loadSchemaFile(path.relative(process.cwd(), path.join(dir, 'a.proto'))).typeName, 'c.A');
});

/** A gRPC service schema importing googleapis' annotations, and the sibling folder that holds them (its --proto-path). */
const SERVICE_TREE = path.join(ROOT, 'test', 'fixtures', 'schemas', 'service');
const GREETER = path.join(SERVICE_TREE, 'acme', 'greeter', 'v1', 'greeter.proto');
const GOOGLEAPIS = path.join(ROOT, 'test', 'fixtures', 'schemas', 'googleapis');

test('loadSchemaFile: a service importing google/api/annotations.proto loads with --proto-path naming the tree it lives in; descriptor.proto is protobufjs\'s copy', () => {
  // without the folder: the one line saying where the import was looked for
  assert.throws(() => loadSchemaFile(GREETER), (err) => err instanceof UserError
    && err.message === `${GREETER}: import "google/api/annotations.proto" in greeter.proto is found neither beside that file nor under ${path.dirname(GREETER)} or any folder above it`);
  const schema = loadSchemaFile(GREETER, 'GreetRequest', { protoPaths: [path.relative(process.cwd(), GOOGLEAPIS)] });
  assert.equal(schema.typeName, 'acme.greeter.v1.GreetRequest');
  assert.deepEqual(schema.protoPaths, [GOOGLEAPIS], 'absolute, for a process that loads the schema again');
  // every file by the path its import wrote: the schema's own tree's, the proto path's, and descriptor.proto (which
  // protobuf.js does not bundle) from protobufjs's own package, found through its package.json
  assert.deepEqual(schema.layout?.map((f) => [f.path, f.name]), [
    [GREETER, 'greeter.proto'],
    [path.join(SERVICE_TREE, 'acme', 'greeter', 'v1', 'greeting.proto'), 'acme/greeter/v1/greeting.proto'],
    [path.join(GOOGLEAPIS, 'google', 'api', 'annotations.proto'), 'google/api/annotations.proto'],
    [path.join(GOOGLEAPIS, 'google', 'api', 'http.proto'), 'google/api/http.proto'],
    [path.join(protobufjsDir(), 'google', 'protobuf', 'descriptor.proto'), 'google/protobuf/descriptor.proto'],
  ]);
  assert.equal(protobufjsDir(), path.dirname(createRequire(import.meta.url).resolve('protobufjs/package.json')));
  // the rpcs' option (google.api.http), read through the extension of MethodOptions descriptor.proto declares
  const methods = schema.root.lookupService('acme.greeter.v1.Greeter').methods;
  assert.deepEqual(methods.Greet.parsedOptions, [{ '(google.api.http)': { post: '/v1/greetings', body: '*' } }]);
  assert.deepEqual(methods.GetGreeting.parsedOptions, [{ '(google.api.http)': { get: '/v1/greetings/{name}' } }]);
  const http = schema.root.lookup('google.api.http');
  assert.ok(http instanceof protobuf.Field && http.extend === 'google.protobuf.MethodOptions' && http.id === 72295728);
});

test('loadSchemaFile: a user\'s own google/protobuf/descriptor.proto is taken before protobufjs\'s (as protoc takes its -I folders before its own include/); --proto-path folders come after the tree above the schema, in order', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proto-path-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (/** @type {string} */ file, /** @type {string} */ text) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const descriptor = 'syntax = "proto2";\npackage google.protobuf;\nmessage MethodOptions { extensions 1000 to max; }\n';
  write('own/google/protobuf/descriptor.proto', descriptor);
  write('own/app/app.proto', 'syntax = "proto3";\npackage app;\nimport "google/protobuf/descriptor.proto";\nimport "shared/v1/shared.proto";\n'
    + 'extend google.protobuf.MethodOptions { string tag = 50001; }\nmessage App { shared.v1.Shared s = 1; }\n');
  write('first/shared/v1/shared.proto', 'syntax = "proto3";\npackage shared.v1;\nmessage Shared { string a = 1; }\n');
  write('second/shared/v1/shared.proto', 'syntax = "proto3";\npackage shared.v1;\nmessage Shared { int32 a = 1; }\n');
  write('second/app/v1/only.proto', 'syntax = "proto3";\npackage shared.v1;\nmessage Only { bool b = 1; }\n');
  const app = path.join(dir, 'own', 'app', 'app.proto');
  const layout = (/** @type {string[]} */ protoPaths) => loadSchemaFile(app, 'App', { protoPaths }).layout?.map((f) => [path.relative(dir, f.path), f.name]);
  assert.deepEqual(layout([path.join(dir, 'first'), path.join(dir, 'second')]), [
    ['own/app/app.proto', 'app.proto'],
    ['own/google/protobuf/descriptor.proto', 'google/protobuf/descriptor.proto'],
    ['first/shared/v1/shared.proto', 'shared/v1/shared.proto'],
  ]);
  assert.equal(layout([path.join(dir, 'second'), path.join(dir, 'first')])?.[2][0], 'second/shared/v1/shared.proto');
  // a file above the schema is taken before the same path under a --proto-path
  write('own/shared/v1/shared.proto', 'syntax = "proto3";\npackage shared.v1;\nmessage Shared { bytes a = 1; }\n');
  assert.equal(layout([path.join(dir, 'first')])?.[2][0], 'own/shared/v1/shared.proto');
  // an import found nowhere names the proto paths too
  write('own/app/app.proto', 'syntax = "proto3";\npackage app;\nimport "gone/v1/gone.proto";\nmessage App { string s = 1; }\n');
  assert.throws(() => layout([path.join(dir, 'first'), path.join(dir, 'second')]), (err) => err instanceof UserError
    && err.message === `${app}: import "gone/v1/gone.proto" in app.proto is found neither beside that file nor under ${path.dirname(app)} or any folder above it, `
      + `nor under --proto-path ${JSON.stringify(path.join(dir, 'first'))} or ${JSON.stringify(path.join(dir, 'second'))}`);
});

test('loadSchemaFile: a --proto-path that is no folder is one line naming the option and the value', () => {
  const missing = path.join(os.tmpdir(), `no-such-proto-path-${process.pid}`);
  assert.throws(() => loadSchemaFile(GREETER, undefined, { protoPaths: [GOOGLEAPIS, missing] }),
    (err) => err instanceof UserError && err.message === `--proto-path ${missing}: no such file or directory`);
  assert.throws(() => loadSchemaFile(GREETER, undefined, { protoPaths: [GREETER] }), (err) => err instanceof UserError
    && err.message === `--proto-path ${GREETER}: not a folder (it names the folder imports are looked for under, as protoc's -I does)`);
});

test('loadSchemaFile and parseSchema: a payload message from google.protobuf (--type naming one, or a well-known file given as --proto) is one line saying to measure a message of one\'s own', () => {
  const refusal = (/** @type {string} */ file, /** @type {string} */ chosen) => `${file}: ${chosen} in package google.protobuf (the well-known types'), `
    + 'not a message of your schema: measure a message of your own (a field of it may hold this type)';
  // descriptor.proto loaded from disk (protobufjs's copy, through googleapis' annotations.proto): by full and short name
  const withGoogleapis = { protoPaths: [GOOGLEAPIS] };
  assert.throws(() => loadSchemaFile(GREETER, 'google.protobuf.FileDescriptorSet', withGoogleapis),
    (err) => err instanceof UserError && err.message === refusal(GREETER, '--type google.protobuf.FileDescriptorSet is'));
  assert.throws(() => loadSchemaFile(GREETER, 'FileDescriptorSet', withGoogleapis),
    (err) => err instanceof UserError && err.message === refusal(GREETER, '--type FileDescriptorSet names google.protobuf.FileDescriptorSet,'));
  // a nested one, and one protobuf.js bundles (timestamp.proto, not read from disk)
  assert.throws(() => loadSchemaFile(GREETER, '.google.protobuf.DescriptorProto.ExtensionRange', withGoogleapis),
    (err) => err instanceof UserError && err.message === refusal(GREETER, '--type google.protobuf.DescriptorProto.ExtensionRange is'));
  assert.throws(() => loadSchemaFile(WELL_KNOWN, 'google.protobuf.Timestamp'),
    (err) => err instanceof UserError && err.message === refusal(WELL_KNOWN, '--type google.protobuf.Timestamp is'));
  // descriptor.proto itself as the schema, without --type
  const descriptor = path.join(protobufjsDir(), 'google', 'protobuf', 'descriptor.proto');
  assert.throws(() => loadSchemaFile(descriptor),
    (err) => err instanceof UserError && err.message === refusal(descriptor, 'its first message, google.protobuf.FileDescriptorSet, is'));
  assert.throws(() => parseSchema('syntax = "proto3"; package google.protobuf; message Mine { int32 x = 1; }', { file: 'm.proto' }),
    (err) => err instanceof UserError && err.message === refusal('m.proto', 'its first message, google.protobuf.Mine, is'));
  // the user's own messages of that schema still load
  assert.equal(loadSchemaFile(GREETER, 'GreetRequest', withGoogleapis).typeName, 'acme.greeter.v1.GreetRequest');
});
