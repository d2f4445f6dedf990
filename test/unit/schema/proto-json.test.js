// The proto3 JSON mapping as verification reads it: every rule has a case that must be exact or equivalent
// (naming the rule) and a near miss that must stay LOSSY. Values on the right are what a codec's to-plain
// might give back; the real round trips through the codecs are in the fixture suite (test/e2e/fixtures-suite.test.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import { compareWithPayload, verifyRoundTrip } from '../../../lib/verify.js';
import { fieldKeys, findExtension, findInt64, jsonKey, numberFromString, numberProblem } from '../../../lib/schema/proto-json.js';
import { checkFits, loadSchemaFile, parseSchema, schemaForPayload } from '../../../lib/schema/index.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';

const proto3 = parseSchema(`syntax = "proto3";
enum Color { COLOR_UNSPECIFIED = 0; RED = 1; GREEN = 2; }
message Inner { int32 n = 1; }
message M {
  string last_updated = 1;
  int32 count = 2 [json_name = "total"];
  int64 big = 3;
  uint64 ubig = 4;
  fixed64 fbig = 5;
  Color color = 6;
  bytes blob = 7;
  repeated int32 list = 8;
  map<string, int32> tally = 9;
  Inner inner = 10;
  optional int32 maybe = 11;
  oneof choice { string word = 12; int32 num = 13; }
  double ratio = 14;
  bool flag = 15;
  optional double maybe_ratio = 16;
}`, { typeName: 'M' });

const proto2 = parseSchema(`syntax = "proto2";
enum Kind { MOBILE = 0; HOME = 1; WORK = 2; }
message P {
  required string name = 1;
  optional string nick = 2 [default = "none"];
  optional int32 age = 3;
  optional Kind kind = 4 [default = HOME];
  optional int64 id = 5 [default = 7];
  optional bytes tag = 6 [default = "ab!"];
}`, { typeName: 'P' });

// the well-known types (google/protobuf/*.proto), one message per kind
const WELL_KNOWN = new URL('../../fixtures/schemas/wellknown.proto', import.meta.url).pathname;
const reading = loadSchemaFile(WELL_KNOWN, 'telemetry.Reading');
const job = loadSchemaFile(WELL_KNOWN, 'telemetry.Job');
const profile = loadSchemaFile(WELL_KNOWN, 'telemetry.Profile');
const config = loadSchemaFile(WELL_KNOWN, 'telemetry.Config');
const update = loadSchemaFile(WELL_KNOWN, 'telemetry.UpdateRequest');
const envelope = loadSchemaFile(WELL_KNOWN, 'telemetry.Envelope');
const JOB_URL = 'type.googleapis.com/telemetry.Job';

/**
 * @param {import('../../../lib/schema/index.js').Schema} schema
 * @param {unknown} value
 * @param {unknown} back
 */
const verdict = (schema, value, back) => compareWithPayload(value, back, ['proto3-json'], schema.type);

/** [rule, schema, payload, what came back, expected status, expected normalised (for equivalent)] */
/** @type {[rule: string, schema: import('../../../lib/schema/index.js').Schema, value: unknown, back: unknown, status: string, normalised?: string[]][]} */
const TABLE = [
  ['json-name', proto3, { lastUpdated: 'x' }, { last_updated: 'x' }, 'equivalent', ['json-name']],
  ['json-name', proto3, { count: 3 }, { total: 3 }, 'equivalent', ['json-name']],
  ['json-name', proto3, { total: 3 }, { total: 3 }, 'exact', []],
  ['json-name near miss: the value differs', proto3, { lastUpdated: 'x' }, { last_updated: 'y' }, 'lossy'],
  ['json-name near miss: not a name of the field', proto3, { lastupdated: 'x' }, { last_updated: 'x' }, 'lossy'],

  ['int64-as-string', proto3, { big: '1234567890123456789' }, { big: '1234567890123456789' }, 'exact', []],
  ['int64-as-string', proto3, { big: 5 }, { big: '5' }, 'equivalent', ['int64-as-string']],
  ['int64-as-string', proto3, { ubig: '18446744073709551615' }, { ubig: '18446744073709551615' }, 'exact', []],
  ['int64-as-string', proto3, { fbig: '9' }, { fbig: 9 }, 'equivalent', ['int64-as-string']],
  ['int64-as-string near miss: rounded beyond 2^53', proto3, { big: '1234567890123456789' }, { big: 1234567890123456800 }, 'lossy'],
  ['int64-as-string near miss: not a 64-bit field', proto3, { last_updated: '1' }, { last_updated: 1 }, 'lossy'],

  ['enum-as-number', proto3, { color: 'RED' }, { color: 1 }, 'equivalent', ['enum-as-number']],
  ['enum-as-number', proto3, { color: 2 }, { color: 'GREEN' }, 'equivalent', ['enum-as-number']],
  ['enum-as-number near miss: another value', proto3, { color: 2 }, { color: 'RED' }, 'lossy'],

  ['bytes-as-base64: URL-safe, unpadded', proto3, { blob: '-_8' }, { blob: '+/8=' }, 'equivalent', ['bytes-as-base64']],
  ['bytes-as-base64: a byte array', proto3, { blob: 'AQI=' }, { blob: new Uint8Array([1, 2]) }, 'equivalent', ['bytes-as-base64']],
  ['bytes-as-base64 near miss: other bytes', proto3, { blob: 'AQI=' }, { blob: 'AQM=' }, 'lossy'],

  ['number-as-string', proto3, { ratio: '1.5' }, { ratio: 1.5 }, 'equivalent', ['number-as-string']],
  ['number-as-string: a double a codec gives back as a string', proto3, { ratio: 1 }, { ratio: '1' }, 'equivalent', ['number-as-string']],
  ['number-as-string: an int32 in exponent form, a fraction of zeros', proto3, { total: '1e2', maybe: '7.00' }, { total: 100, maybe: 7 },
    'equivalent', ['number-as-string']],
  ['number-as-string: in a list and a map', proto3, { list: ['1', 2, '-3'], tally: { a: '4' } }, { list: [1, 2, -3], tally: { a: 4 } },
    'equivalent', ['number-as-string']],
  ['number-as-string: a wrapper\'s bare value and its field', profile, { age: '30', rank: { value: '4e9' }, ratio: '0.25' },
    { age: 30, rank: 4000000000, ratio: 0.25 }, 'equivalent', ['number-as-string', 'wrapper-value']],
  ['number-as-string: "-0" in an int32 is 0', proto3, { maybe: '-0' }, { maybe: 0 }, 'equivalent', ['number-as-string']],
  ['number-as-string near miss: another number', proto3, { ratio: '1.5' }, { ratio: 1.25 }, 'lossy'],
  ['number-as-string near miss: a string ProtoJSON does not read as an int32', proto3, { total: '1.5' }, { total: 1 }, 'lossy'],
  ['number-as-string near miss: a string field', proto3, { last_updated: '2' }, { last_updated: 2 }, 'lossy'],
  ['number-as-string near miss: an enum by a number in a string', proto3, { color: '1' }, { color: 1 }, 'lossy'],
  ['number-as-string near miss: a bool', proto3, { flag: '1' }, { flag: true }, 'lossy'],

  ['negative-zero', proto3, { maybe_ratio: -0 }, { maybe_ratio: 0 }, 'equivalent', ['negative-zero']],
  ['negative-zero', proto3, { ratio: -0 }, {}, 'equivalent', ['negative-zero', 'default-as-absent']],
  ['negative-zero near miss: a present zero is not absent', proto3, { maybe_ratio: -0 }, {}, 'lossy'],

  ['null-as-absent', proto3, { inner: null }, {}, 'equivalent', ['null-as-absent']],
  ['null-as-absent', proto3, {}, { inner: null }, 'equivalent', ['null-as-absent']],
  ['null-as-absent near miss: a message came back', proto3, { inner: null }, { inner: { n: 1 } }, 'lossy'],

  ['empty-as-absent', proto3, {}, { list: [], tally: {} }, 'equivalent', ['empty-as-absent']],
  ['empty-as-absent near miss: an element', proto3, {}, { list: [0] }, 'lossy'],

  ['default-as-absent', proto3, { word: 'w' },
    { word: 'w', color: 'COLOR_UNSPECIFIED', big: 0, ratio: 0, flag: false, last_updated: '', blob: '', total: 0 },
    'equivalent', ['default-as-absent']],
  ['default-as-absent: the zero enum by number', proto3, { color: 0 }, {}, 'equivalent', ['default-as-absent']],
  ['default-as-absent near miss: proto3 optional keeps presence', proto3, {}, { maybe: 0 }, 'lossy'],
  ['default-as-absent near miss: a oneof member keeps presence', proto3, {}, { num: 0 }, 'lossy'],
  ['default-as-absent near miss: a present optional zero lost', proto3, { maybe: 0 }, {}, 'lossy'],
  ['default-as-absent near miss: not the default', proto3, {}, { color: 'RED' }, 'lossy'],

  ['proto2-default-as-absent', proto2, { name: 'a' }, { name: 'a', nick: 'none', age: 0, kind: 'HOME', id: 7 },
    'equivalent', ['proto2-default-as-absent']],
  ['proto2-default-as-absent: int64 default as a string', proto2, { name: 'a' }, { name: 'a', id: '7' },
    'equivalent', ['proto2-default-as-absent']],
  ['proto2-default-as-absent near miss: the type default is not the declared one', proto2, { name: 'a' }, { name: 'a', nick: '' }, 'lossy'],
  ['proto2-default-as-absent near miss: the first enum value is not the declared default', proto2, { name: 'a' }, { name: 'a', kind: 'MOBILE' }, 'lossy'],
  ['proto2-default-as-absent near miss: quoted default', proto2, { name: 'a' }, { name: 'a', nick: '"none"' }, 'lossy'],
  // a bytes default's characters are its bytes: "ab!" is 61 62 21
  ['proto2-default-as-absent: bytes default as base64', proto2, { name: 'a' }, { name: 'a', tag: 'YWIh' }, 'equivalent', ['proto2-default-as-absent']],
  ['proto2-default-as-absent near miss: bytes one short of the default', proto2, { name: 'a' }, { name: 'a', tag: 'YWI=' }, 'lossy'],

  ['timestamp-instant: fraction digits', reading, { taken_at: '2024-01-02T03:04:05.1Z' }, { taken_at: '2024-01-02T03:04:05.100Z' },
    'equivalent', ['timestamp-instant']],
  ['timestamp-instant: an offset', reading, { history: ['2024-01-02T04:04:05+01:00'] }, { history: ['2024-01-02T03:04:05Z'] },
    'equivalent', ['timestamp-instant']],
  ['timestamp-instant: the message fields', reading, { taken_at: { seconds: '1704164645', nanos: 5 } },
    { taken_at: '2024-01-02T03:04:05.000000005Z' }, 'equivalent', ['timestamp-instant']],
  ['timestamp-instant: as a printer writes it', reading, { taken_at: '2024-01-02T03:04:05.120Z' }, { taken_at: '2024-01-02T03:04:05.120Z' }, 'exact', []],
  ['timestamp-instant near miss: a nanosecond later', reading, { taken_at: '2024-01-02T03:04:05.1Z' }, { taken_at: '2024-01-02T03:04:05.100000001Z' }, 'lossy'],
  ['timestamp-instant near miss: the offset ignored', reading, { taken_at: '2024-01-02T04:04:05+01:00' }, { taken_at: '2024-01-02T04:04:05Z' }, 'lossy'],

  ['duration-value', job, { timeout: '1.5s' }, { timeout: '1.500s' }, 'equivalent', ['duration-value']],
  ['duration-value: the message fields', job, { stages: { a: { seconds: -1, nanos: -500000000 } } }, { stages: { a: '-1.500s' } },
    'equivalent', ['duration-value']],
  ['duration-value near miss: the sign lost', job, { elapsed: '-0.5s' }, { elapsed: '0.500s' }, 'lossy'],

  ['wrapper-value', profile, { followers: { value: '3' } }, { followers: '3' }, 'equivalent', ['wrapper-value']],
  ['wrapper-value: a bare int64 as a number', profile, { followers: '3' }, { followers: 3 }, 'equivalent', ['int64-as-string']],
  ['wrapper-value: a set zero stays set', profile, { age: 0, nickname: '', verified: false }, { age: 0, nickname: '', verified: false }, 'exact', []],
  ['wrapper-value near miss: a set zero is not absent (wrappers keep presence)', profile, { age: 0 }, {}, 'lossy'],
  ['wrapper-value near miss: another value', profile, { ratio: 0.25 }, { ratio: 0.5 }, 'lossy'],

  ['Struct is its JSON: null inside it is a value', config, { settings: { a: null, b: [] } }, { settings: { a: null, b: [] } }, 'exact', []],
  ['Struct near miss: a null inside it dropped', config, { settings: { a: null } }, { settings: {} }, 'lossy'],
  ['Struct near miss: an empty list inside it dropped', config, { settings: { b: [] } }, { settings: {} }, 'lossy'],
  ['Value: null is NullValue, not absence', config, { default_value: null }, { default_value: null }, 'exact', []],
  ['Value near miss: null (NullValue) came back unset', config, { default_value: null }, {}, 'lossy'],
  ['Value near miss: a number for a string', config, { tags: ['1'] }, { tags: [1] }, 'lossy'],

  ['field-mask-paths', update, { update_mask: { paths: ['display_name', 'address.post_code'] } }, { update_mask: 'displayName,address.postCode' },
    'equivalent', ['field-mask-paths']],
  ['Any: its message read by the mapping (key spellings, a Duration\'s spellings)', envelope,
    { payload: { '@type': JOB_URL, id: 'j', timeout: '1.5s' } }, { payload: { '@type': JOB_URL, id: 'j', timeout: '1.500s', stages: {} } },
    'equivalent', ['duration-value', 'empty-as-absent']],
  ['Any: a well-known type as "value"', envelope, { extras: [{ '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: '12' }] },
    { extras: [{ '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: 12 }] }, 'equivalent', ['int64-as-string']],
  ['Any near miss: another "@type"', envelope, { payload: { '@type': JOB_URL, id: 'j' } }, { payload: { '@type': 'type.googleapis.com/telemetry.Reading', id: 'j' } }, 'lossy'],
  ['Any near miss: a value inside it changed', envelope, { payload: { '@type': JOB_URL, id: 'j' } }, { payload: { '@type': JOB_URL, id: 'k' } }, 'lossy'],
  ['field-mask-paths near miss: a path lost', update, { update_mask: 'a,bC' }, { update_mask: 'a' }, 'lossy'],
];

for (const [rule, schema, value, back, status, normalised] of TABLE) {
  test(`proto3 JSON rule ${rule}: ${JSON.stringify(value)} vs ${JSON.stringify(back, (k, v) => (v instanceof Uint8Array ? [...v] : v))} is ${status}`, () => {
    const v = verdict(schema, value, back);
    assert.equal(v.status, status, JSON.stringify(v));
    if (status !== 'lossy') assert.deepEqual(v.normalised, normalised);
  });
}

test('a lossy verdict shows the values as written, not their canonical spelling', () => {
  const v = verdict(proto3, { big: '1234567890123456789' }, { big: 1234567890123456800 });
  assert.deepEqual(v.diff, { path: '$.big', expected: '1234567890123456789', actual: 1234567890123456800 });
});

test('without the schema, proto3-json is the schema-blind null/empty/default-as-absent', () => {
  assert.equal(compareWithPayload({ color: 'RED' }, { color: 1 }, ['proto3-json']).status, 'lossy');
  assert.equal(compareWithPayload({}, { n: 0 }, ['proto3-json']).status, 'equivalent');
});

test('real round trips through protobuf.js: enum unset, enum by number, int64 string, lowerCamelCase, proto2 default', () => {
  const run = (/** @type {import('../../../lib/schema/index.js').Schema} */ schema, /** @type {Record<string, unknown>} */ value) => {
    const forPayload = schemaForPayload(schema, checkFits(schema.type, value));
    return verifyRoundTrip(dynamic.create({ schema: forPayload }), value, dynamic.normalise, undefined, schema.type);
  };
  // toObject({ defaults: true }) fills in every unset field: [] and {} for containers, null for messages, zeros
  const unset = ['null-as-absent', 'empty-as-absent', 'default-as-absent'];
  assert.deepEqual(run(proto3, { word: 'o' }).normalised, unset);
  assert.deepEqual(run(proto3, { word: 'o', color: 1 }).normalised, ['enum-as-number', ...unset]);
  assert.deepEqual(run(proto3, { word: 'o', big: '1234567890123456789' }).normalised, unset); // longs come back as strings
  assert.deepEqual(run(proto3, { word: 'o', big: 12 }).normalised, unset);
  assert.deepEqual(run(proto3, { lastUpdated: 'x', word: 'y' }).normalised, ['json-name', ...unset]);
  assert.deepEqual(run(proto3, { maybe: 0, word: 'o' }).normalised, unset);
  // numbers in strings: the adapter hands the codec numbers, which come back as numbers
  assert.deepEqual(run(proto3, { word: 'o', total: '1e2', ratio: '2.5', list: ['1', 2], tally: { a: '-3' }, maybe: '0' }),
    { status: 'equivalent', diff: { path: '$.total', expected: '1e2', actual: 100 }, normalised: ['number-as-string', 'null-as-absent', 'default-as-absent'] });
  assert.deepEqual(run(proto2, { name: 'a' }).normalised, ['proto2-default-as-absent']);
  assert.equal(run(proto2, { name: 'a', nick: 'none' }).status, 'equivalent');
});

test('findInt64: the first 64-bit integer a test picks, by JSON path (a wrapper at its field\'s path, maps and lists by key and index)', () => {
  const beyond = (/** @type {unknown} */ x) => !Number.isSafeInteger(Number(x));
  assert.deepEqual(findInt64(proto3.type, { big: '1', ubig: '18446744073709551615' }, beyond), { path: '$.ubig', value: '18446744073709551615' });
  assert.equal(findInt64(proto3.type, { big: '9007199254740991', ratio: 1e300 }, beyond), null); // a double is not a 64-bit integer
  assert.deepEqual(findInt64(profile.type, { followers: { value: '9007199254740993' } }, beyond), { path: '$.followers', value: '9007199254740993' });
  const mapped = parseSchema('syntax = "proto3"; message R { repeated int64 xs = 1; map<string, uint64> m = 2; }');
  assert.deepEqual(findInt64(mapped.type, { xs: ['1', '2'], m: { a: '1', 'b c': '9007199254740992' } }, beyond), { path: '$.m["b c"]', value: '9007199254740992' });
  assert.deepEqual(findInt64(mapped.type, { xs: ['1', '-9007199254740993'] }, beyond), { path: '$.xs[1]', value: '-9007199254740993' });
});

test('numberFromString: a float, double or 32-bit integer in a string, as ProtoJSON parsers read one or refuse it', () => {
  /** @type {[string, string, number][]} */
  const read = [
    ['double', '1.5', 1.5], ['double', '-2.5e-3', -0.0025], ['double', '1E2', 100], ['double', '0', 0], ['double', '1e-400', 0],
    ['float', '3.4028234663852886e38', 3.4028234663852886e38], ['float', '0.25', 0.25],
    // the largest float as printed with 8 digits, a little above it as a double, rounds to it (Math.fround, as protobuf-es)
    ['float', '3.4028235e38', 3.4028235e38], ['float', '-3.4028235e38', -3.4028235e38],
    ['int32', '12', 12], ['int32', '1e5', 100000], ['int32', '100.000', 100], ['int32', '-2147483648', -2147483648],
    ['int32', '2147483647', 2147483647], ['int32', '21474836470e-1', 2147483647], ['sint32', '-0.0e3', 0],
    ['uint32', '4294967295', 4294967295], ['uint32', '4.294967295e9', 4294967295], ['fixed32', '0e999999999', 0], ['sfixed32', '-1', -1],
  ];
  for (const [type, text, value] of read) assert.deepEqual(numberFromString(type, text), { value }, `${type} ${text}`);
  // a string that looks like a number JSON would write otherwise gets the hint, with examples of the field's kind; one
  // that is no number at all (null) gets none
  const notJson = 'a number in a string is read only as JSON writes one: "12", "-3", "1e2"';
  const notJsonFloat = 'a number in a string is read only as JSON writes one: "1.5", "-2.5e-3"';
  /** @type {[string, string, string|null][]} */
  const refused = [
    ['int32', 'abc', null], ['int32', '', null], ['int32', '0x10', notJson], ['int32', ' 1', notJson], ['int32', '1 ', notJson],
    ['int32', '+1', notJson], ['int32', '01', notJson], ['int32', '.5', notJson], ['int32', '5.', notJson], ['int32', '12abc', notJson],
    ['double', 'NaN', null], ['double', 'Infinity', null], ['double', '1_000', notJsonFloat], ['float', '-.5', notJsonFloat],
    ['int32', '1.5', 'not an integer'], ['int32', '1e-999999999', 'not an integer'], ['int32', '2147483647.0000000000000001', 'not an integer'],
    ['int32', '2147483648', 'outside the int32 range -2147483648 to 2147483647'],
    ['int32', '-2147483649', 'outside the int32 range -2147483648 to 2147483647'],
    ['int32', '1e999999999999', 'outside the int32 range -2147483648 to 2147483647'],
    ['uint32', '-1', 'outside the uint32 range 0 to 4294967295'], ['fixed32', '4294967296', 'outside the fixed32 range 0 to 4294967295'],
    ['double', '1e400', 'beyond the largest finite double'], ['float', '3.5e38', 'beyond the largest finite float'],
    ['float', '-3.4028236e38', 'beyond the largest finite float'],
  ];
  for (const [type, text, problem] of refused) assert.deepEqual(numberFromString(type, text), { problem }, `${type} ${JSON.stringify(text)}`);
});

test('numberProblem: a JSON number a number field cannot hold, by the rules numberFromString applies to one in a string', () => {
  /** @type {[string, number, string|null][]} */
  const cases = [
    ['int32', 12, null], ['int32', -2147483648, null], ['int32', 2147483647, null], ['int32', -0, null], ['int32', 1e2, null],
    ['int32', 1.5, 'not an integer'], ['int32', 2147483648, 'outside the int32 range -2147483648 to 2147483647'],
    ['sint32', -2147483649, 'outside the sint32 range -2147483648 to 2147483647'],
    ['uint32', 4294967295, null], ['uint32', -1, 'outside the uint32 range 0 to 4294967295'], ['fixed32', 4294967296, 'outside the fixed32 range 0 to 4294967295'],
    ['int64', -(2 ** 63), null], ['int64', 2 ** 63, 'outside the int64 range -9223372036854775808 to 9223372036854775807; JSON.parse rounds an integer this large (here to 9223372036854775808): the proto3 JSON mapping writes a 64-bit integer as a string'],
    // the largest int64, written as a JSON number, as JSON.parse reads it
    ['int64', JSON.parse('9223372036854775807'), 'outside the int64 range -9223372036854775808 to 9223372036854775807; JSON.parse rounds an integer this large (here to 9223372036854775808): the proto3 JSON mapping writes a 64-bit integer as a string'],
    ['int64', 0.5, 'not an integer'], ['sfixed64', 2 ** 53 + 2, null],
    ['uint64', 2 ** 64 - 2048, null], ['uint64', 2 ** 64, 'outside the uint64 range 0 to 18446744073709551615; JSON.parse rounds an integer this large (here to 18446744073709551616): the proto3 JSON mapping writes a 64-bit integer as a string'],
    ['fixed64', -1, 'outside the fixed64 range 0 to 18446744073709551615'], ['uint64', Infinity, 'not an integer'],
    ['double', 1.7976931348623157e308, null], ['double', -0, null], ['float', 0.1, null], ['float', 3.4028235e38, null],
    ['float', 3.5e38, 'beyond the largest finite float'], ['float', -1e39, 'beyond the largest finite float'],
    ['double', NaN, 'NaN and the infinities are written as the strings "NaN", "Infinity", "-Infinity"'],
    ['float', Infinity, 'NaN and the infinities are written as the strings "NaN", "Infinity", "-Infinity"'],
    ['bool', 1, null], ['string', 1.5, null], // not number fields: other checks' business
  ];
  for (const [type, value, problem] of cases) assert.equal(numberProblem(type, value), problem, `${type} ${value}`);
  // a value refused in a string is refused as a number, and one taken in a string is taken as a number
  for (const [type, text] of [['int32', '1.5'], ['int32', '2147483648'], ['uint32', '-1'], ['float', '3.5e38']]) {
    assert.equal(typeof /** @type {{ problem?: string }} */ (numberFromString(type, text)).problem, 'string', text);
    assert.equal(typeof numberProblem(type, Number(text)), 'string', text);
  }
  for (const [type, text] of [['int32', '12'], ['int32', '1e2'], ['uint32', '4294967295'], ['float', '3.4028235e38']]) {
    assert.equal(/** @type {{ problem?: string }} */ (numberFromString(type, text)).problem, undefined, text);
    assert.equal(numberProblem(type, Number(text)), null, text);
  }
});

test('a proto2 group\'s field is keyed by protoc\'s name (the group\'s in lower case), or the group\'s, not protobuf.js\'s', () => {
  const schema = parseSchema('syntax = "proto2"; message C { repeated group PhoneNumber = 1 { optional string number = 2; } }');
  const value = { phonenumber: [{ number: '1' }] };
  const forPayload = schemaForPayload(schema, checkFits(schema.type, value));
  assert.equal(verifyRoundTrip(dynamic.create({ schema: forPayload }), value, dynamic.normalise, undefined, schema.type).status, 'exact');
  const named = { PhoneNumber: [{ number: '1' }] };
  const aliased = schemaForPayload(schema, checkFits(schema.type, named));
  assert.deepEqual(verifyRoundTrip(dynamic.create({ schema: aliased }), named, dynamic.normalise, undefined, schema.type).normalised, ['json-name']);
  // protobuf.js's own name for it is no name a ProtoJSON parser reads
  assert.throws(() => checkFits(schema.type, { phoneNumber: [] }), /\$\.phoneNumber: message C has no field for this key \(did you mean "phonenumber"\?\)/);
});

test('only a group\'s own field takes the group\'s keys; a field that names the group\'s type is keyed as any field; a group named with an underscore also takes its lowerCamelCase JSON name', () => {
  const { root } = parseSchema('syntax = "proto2"; message C { repeated group PhoneNumber = 1 { optional string n = 1; } optional PhoneNumber primary = 3; '
    + 'repeated group Phone_Number = 4 { optional int32 x = 1; } } message D { optional C.PhoneNumber other = 1; }', { typeName: 'C' });
  const keys = (/** @type {string} */ type) => Object.fromEntries(root.lookupType(type).fieldsArray.map((f) => [f.name, [jsonKey(f), ...fieldKeys(f)]]));
  assert.deepEqual(keys('C'), {
    phoneNumber: ['phonenumber', 'phonenumber', 'PhoneNumber'],
    primary: ['primary', 'primary'],
    phone_Number: ['phone_number', 'phone_number', 'phoneNumber', 'Phone_Number'],
  });
  assert.deepEqual(keys('D'), { other: ['other', 'other'] });
});

test('a proto2 extension is keyed by its full name in brackets (a nested extend\'s with its message\'s scope), not by protobuf.js\'s ".pkg.name"', () => {
  const schema = parseSchema('syntax = "proto2"; package p; message B { optional string s = 1; extensions 10 to 20; } '
    + 'message H { extend B { optional H h = 11; } optional int32 n = 1; } extend B { optional int32 level = 10; repeated string tags = 12; }', { typeName: 'p.B' });
  assert.deepEqual(schema.type.fieldsArray.map((f) => [f.name, jsonKey(f), ...fieldKeys(f)]), [
    ['s', 's', 's'], ['.p.H.h', '[p.H.h]', '[p.H.h]'], ['.p.level', '[p.level]', '[p.level]'], ['.p.tags', '[p.tags]', '[p.tags]'],
  ]);
  const value = { s: 'x', '[p.level]': 0, '[p.tags]': ['a'], '[p.H.h]': { n: 2 } };
  const forPayload = schemaForPayload(schema, checkFits(schema.type, value));
  const codec = dynamic.create({ schema: forPayload });
  assert.equal(verifyRoundTrip(codec, value, dynamic.normalise, undefined, schema.type).status, 'exact');
  // the extension is on the wire as its field number, as protoc writes it: 10 (0x50) holding 0, 11 (0x5a) the message
  assert.match(Buffer.from(codec.encode(codec.fromPlain(value))).toString('hex'), /5000.*5a020802/);
  assert.deepEqual(findExtension(schema.type, { s: 'x', '[p.H.h]': null }), null);
  assert.deepEqual(findExtension(schema.type, value), { path: '$["[p.level]"]', name: 'p.level' });
  // protobuf.js's own spelling, the bare full name and the extension's own name are no keys a ProtoJSON parser reads
  for (const key of ['.p.level', 'p.level', 'level']) {
    const at = key === 'level' ? '$.level' : `$[${JSON.stringify(key)}]`;
    const hint = key === '.p.level' ? ', "[p.level]"; ".p.level" is protobuf.js\'s own spelling, which no proto3 JSON parser reads' : ': did you mean "[p.level]"?';
    assert.throws(() => checkFits(schema.type, { [key]: 1 }), { message: `${at}: message B has no field for this key (an extension is keyed by its full name in brackets${hint})` }, key);
  }
  // a value the extension cannot hold is named as the extension
  assert.throws(() => checkFits(schema.type, { '[p.level]': 'high' }), /^UserError: \$\["\[p\.level\]"\]: string "high" does not fit extension p\.level of type int32$/);
});
