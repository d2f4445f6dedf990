// The well-known types in their proto3 JSON forms: parsing and printing them as protobuf's printers do, the one
// line a value that breaks a rule gets, and real round trips through protobuf.js (the codegen codecs are in
// test/e2e/codegen/fixture-schemas.test.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { checkFits, loadSchemaFile, schemaForPayload } from '../../../lib/schema/index.js';
import {
  formatDuration, formatFieldMask, formatTimestamp, parseDuration, parseFieldMask, parseTimestamp,
} from '../../../lib/schema/well-known.js';
import { describeVerdict, prepareCodecs } from '../../../lib/verify.js';
import { UserError } from '../../../lib/errors.js';
import protobufjsDynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import { field, instanceOf, record, standInCodec } from '../../helpers/narrow.js';

const dynamic = standInCodec(protobufjsDynamic);

const FIXTURES = new URL('../../fixtures/schemas/', import.meta.url).pathname;
const PROTO = `${FIXTURES}wellknown.proto`;
const schemaOf = (/** @type {string} */ type) => loadSchemaFile(PROTO, `telemetry.${type}`);

test('Timestamp: RFC 3339 in, seconds and nanos out, printed in UTC with 0, 3, 6 or 9 fraction digits', () => {
  assert.deepEqual(parseTimestamp('1970-01-01T00:00:00Z'), { seconds: 0, nanos: 0 });
  assert.deepEqual(parseTimestamp('2024-01-02T03:04:05.1Z'), { seconds: 1704164645, nanos: 100000000 });
  assert.deepEqual(parseTimestamp('2024-01-02T04:04:05.000000001+01:00'), { seconds: 1704164645, nanos: 1 });
  assert.deepEqual(parseTimestamp('1969-12-31T23:59:59.5Z'), { seconds: -1, nanos: 500000000 });
  assert.deepEqual(parseTimestamp('0001-01-01T00:00:00Z'), { seconds: -62135596800, nanos: 0 });
  assert.deepEqual(parseTimestamp('9999-12-31T23:59:59.999999999Z'), { seconds: 253402300799, nanos: 999999999 });
  assert.equal(formatTimestamp(1704164645, 100000000), '2024-01-02T03:04:05.100Z');
  assert.equal(formatTimestamp(1704164645, 0), '2024-01-02T03:04:05Z');
  assert.equal(formatTimestamp(1704164645, 120000), '2024-01-02T03:04:05.000120Z');
  assert.equal(formatTimestamp(-1, 1), '1969-12-31T23:59:59.000000001Z');
  assert.equal(formatTimestamp(-62135596800, 0), '0001-01-01T00:00:00Z');
  for (const bad of ['2024-01-02', '2024-01-02 03:04:05Z', '2024-01-02T03:04:05', '2024-01-02T03:04:05.1234567890Z',
    '2024-13-01T00:00:00Z', '2023-02-29T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T00:00:60Z', '2024-01-01T00:00:00+24:00',
    '10000-01-01T00:00:00Z', '9999-12-31T23:59:59-00:01', '0001-01-01T00:00:00+00:01']) {
    assert.ok('error' in parseTimestamp(bad), bad);
  }
});

test('Duration: "1.5s" in, seconds and nanos of one sign out, printed as protobuf does', () => {
  assert.deepEqual(parseDuration('1.5s'), { seconds: 1, nanos: 500000000 });
  assert.deepEqual(parseDuration('-0.000001s'), { seconds: 0, nanos: -1000 });
  assert.deepEqual(parseDuration('-3s'), { seconds: -3, nanos: 0 });
  assert.deepEqual(parseDuration('315576000000s'), { seconds: 315576000000, nanos: 0 });
  assert.equal(formatDuration(1, 500000000), '1.500s');
  assert.equal(formatDuration(0, -1000), '-0.000001s');
  assert.equal(formatDuration(-3, 0), '-3s');
  for (const bad of ['1.5', '1.5 s', '+1s', '1.0000000001s', '315576000001s', 's', '1e3s']) assert.ok('error' in parseDuration(bad), bad);
});

test('FieldMask: lowerCamelCase paths in JSON, snake_case in the message', () => {
  assert.deepEqual(parseFieldMask('displayName,address.postCode'), { paths: ['display_name', 'address.post_code'] });
  assert.deepEqual(parseFieldMask(''), { paths: [] });
  assert.equal(formatFieldMask(['display_name', 'address.post_code']), 'displayName,address.postCode');
  for (const bad of ['a_b', 'a, b', 'a,,b', '.a', 'a.']) assert.ok('error' in parseFieldMask(bad), bad);
});

test('a value that breaks a well-known type\'s rule is one line naming the path and the rule', () => {
  /** @type {[string, object, string][]} */
  const cases = [
    ['Reading', { takenAt: '2024-01-02 03:04:05Z' },
      '$.takenAt: "2024-01-02 03:04:05Z" is not a google.protobuf.Timestamp: proto3 JSON writes a Timestamp as an RFC 3339 date-time, "2024-01-02T03:04:05.123Z" or with an offset "+01:00"'],
    ['Reading', { history: ['2024-01-02T03:04:05Z', '2023-02-29T00:00:00Z'] },
      '$.history[1]: "2023-02-29T00:00:00Z" is not a google.protobuf.Timestamp: no such date or time of day (RFC 3339: month 01-12, a day of that month, 00:00:00 to 23:59:59)'],
    ['Reading', { takenAt: { seconds: '253402300800' } },
      '$.takenAt: not a google.protobuf.Timestamp: seconds 253402300800 is outside the Timestamp range 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z (-62135596800 to 253402300799)'],
    ['Reading', { takenAt: 1704164645 },
      '$.takenAt: 1704164645 is not a google.protobuf.Timestamp (proto3 JSON writes it as a string)'],
    ['Job', { timeout: '315576000001s' },
      '$.timeout: "315576000001s" is not a google.protobuf.Duration: outside the Duration range of ±315576000000 seconds (10,000 years)'],
    ['Job', { stages: { a: { seconds: 1, nanos: -1 } } },
      '$.stages.a: not a google.protobuf.Duration: seconds 1 and nanos -1 have different signs'],
    ['Job', { timeout: '90' },
      '$.timeout: "90" is not a google.protobuf.Duration: proto3 JSON writes a Duration as seconds with up to 9 fraction digits and an "s": "1.5s", "-0.000001s"'],
    ['UpdateRequest', { updateMask: 'display_name' },
      '$.updateMask: "display_name" is not a google.protobuf.FieldMask: path "display_name": proto3 JSON writes a FieldMask as comma-separated lowerCamelCase paths, "user.displayName,photo" (no underscores or spaces)'],
    ['UpdateRequest', { options: { a: 1 } }, '$.options: an object is not a google.protobuf.Empty (proto3 JSON writes it as {})'],
    ['Config', { settings: [1] }, '$.settings: an array is not a google.protobuf.Struct (proto3 JSON writes it as a JSON object)'],
    ['Config', { tags: 'a' }, '$.tags: "a" is not a google.protobuf.ListValue (proto3 JSON writes it as a JSON array)'],
    // an Int32Value takes "3" (number-as-string), not a string that holds no int32
    ['Profile', { age: '3.5' }, '$.age: string "3.5" does not fit field age of type google.protobuf.Int32Value (not an integer)'],
    ['Profile', { followers: 'many' }, '$.followers: string "many" does not fit field followers of type google.protobuf.Int64Value'],
  ];
  for (const [type, value, line] of cases) {
    assert.throws(() => checkFits(schemaOf(type).type, value), (err) => err instanceof UserError && err.message === line, line);
  }
});

test('a Struct nested deeper than protobuf\'s 100 messages is refused in one line (two messages per level of JSON)', () => {
  let deep = {};
  for (let i = 0; i < 50; i++) deep = { d: deep };
  assert.throws(() => checkFits(schemaOf('Config').type, { settings: deep }),
    /^UserError: \$\.settings: nested deeper than 100 messages \(a Struct nests two per level of JSON\)$/);
  let fits = {};
  for (let i = 0; i < 48; i++) fits = { d: fits };
  checkFits(schemaOf('Config').type, { settings: fits });
});

/** Every wellknown-*.json fixture through protobuf.js (reflection), with the verdict it must give. */
const VERDICTS = [
  ['wellknown-timestamp.json', 'Reading', 'equivalent (json-name)'],
  ['wellknown-timestamp-spellings.json', 'Reading', 'equivalent (json-name, timestamp-instant)'],
  ['wellknown-duration.json', 'Job', 'exact'],
  ['wellknown-duration-spellings.json', 'Job', 'equivalent (duration-value)'],
  ['wellknown-wrappers.json', 'Profile', 'exact'],
  ['wellknown-struct.json', 'Config', 'equivalent (json-name)'],
  ['wellknown-fieldmask.json', 'UpdateRequest', 'equivalent (json-name)'],
  ['wellknown-any.json', 'Envelope', 'equivalent (json-name, null-as-absent, empty-as-absent)'],
];

test('an Any carries its message as bytes: what the wire holds is the packed message, unpacked by its "@type"', () => {
  const envelope = schemaOf('Envelope');
  const value = { payload: { '@type': 'type.googleapis.com/telemetry.Job', id: 'j', timeout: '2s' } };
  const [p] = prepareCodecs([dynamic], { value, schema: schemaForPayload(envelope, checkFits(envelope.type, value)) });
  const instance = instanceOf(p);
  const bytes = /** @type {Uint8Array} */ (instance.encode(p.native));
  const packed = field(envelope.type.toObject(envelope.type.decode(bytes)), 'payload');
  assert.equal(field(packed, 'type_url'), 'type.googleapis.com/telemetry.Job');
  const packedBytes = field(packed, 'value');
  assert.ok(packedBytes instanceof Uint8Array, 'an Any holds bytes');
  const job = schemaOf('Job').type;
  assert.deepEqual(job.toObject(job.decode(packedBytes), { longs: Number }), { id: 'j', timeout: { seconds: 2 } });
  assert.deepEqual(instance.toPlain(instance.decode(bytes)),
    { id: '', payload: { '@type': 'type.googleapis.com/telemetry.Job', id: 'j', timeout: '2s', elapsed: null, stages: {} }, extras: [] });
});

test('an Any whose "@type" the schema does not have, or with a bad message, is one line naming the path', () => {
  const envelope = schemaOf('Envelope').type;
  const refused = (/** @type {unknown} */ value, /** @type {string} */ line) => assert.throws(() => checkFits(envelope, value), (err) => err instanceof UserError && err.message === line, line);
  refused({ payload: { '@type': 'type.googleapis.com/other.Thing', a: 1 } },
    '$.payload["@type"]: string "type.googleapis.com/other.Thing" names no message type of the schema (an Any\'s message, "type.googleapis.com/pkg.Msg", must be defined or imported by the .proto)');
  refused({ payload: { '@type': 'type.googleapis.com/telemetry.Job', id: 'j', timeout: '2 s' } },
    '$.payload.timeout: "2 s" is not a google.protobuf.Duration: proto3 JSON writes a Duration as seconds with up to 9 fraction digits and an "s": "1.5s", "-0.000001s"');
  refused({ extras: [{ '@type': 'type.googleapis.com/google.protobuf.Timestamp', value: '2024-01-02T03:04:05Z', seconds: 1 }] },
    '$.extras[0].seconds: an Any holding google.protobuf.Timestamp has only "@type" and "value"');
  refused({ payload: 'x' }, '$.payload: "x" is not a google.protobuf.Any (proto3 JSON writes it as an object with "@type")');
  refused({ payload: { sensor: 'x' } }, '$.payload: an Any names its message with "@type" ("type.googleapis.com/pkg.Msg") beside the message\'s fields');
});

test('an unset Value field is absent, not its NullValue: only a null in the JSON is null', () => {
  const config = schemaOf('Config');
  const verdictOf = (/** @type {Record<string, unknown>} */ value) => describeVerdict(prepareCodecs([dynamic], { value, schema: schemaForPayload(config, checkFits(config.type, value)) })[0]);
  assert.equal(verdictOf({ name: 'x' }), 'equivalent (null-as-absent, empty-as-absent)'); // settings, tags: unset messages
  assert.equal(verdictOf({ name: 'x', default_value: null, settings: {}, tags: [], overrides: { a: null }, layers: [] }), 'exact');
});

for (const [file, type, expected] of VERDICTS) {
  test(`${file} round-trips through protobufjs-dynamic: ${expected}`, () => {
    const value = JSON.parse(fs.readFileSync(`${FIXTURES}${file}`, 'utf8'));
    const schema = schemaOf(type);
    const [p] = prepareCodecs([dynamic], { value, schema: schemaForPayload(schema, checkFits(schema.type, value)) });
    assert.equal(describeVerdict(p), expected);
  });
}

test('what protobuf.js gives back is the proto3 JSON a printer writes: strings for Timestamp and Duration, bare wrappers, plain Struct', () => {
  const value = { takenAt: '2024-01-02T04:04:05.1+01:00', history: ['1969-12-31T23:59:59.5Z'] };
  const schema = schemaOf('Reading');
  const [p] = prepareCodecs([dynamic], { value, schema: schemaForPayload(schema, checkFits(schema.type, value)) });
  const instance = instanceOf(p);
  assert.deepEqual(instance.toPlain(instance.decode(instance.encode(p.native))),
    { sensor: '', taken_at: '2024-01-02T03:04:05.100Z', history: ['1969-12-31T23:59:59.500Z'] });
  // and the bytes are the message's: seconds and nanos
  assert.deepEqual(schema.type.toObject(schema.type.decode(/** @type {Uint8Array} */ (instance.encode(p.native))), { longs: Number }),
    { taken_at: { seconds: 1704164645, nanos: 100000000 }, history: [{ seconds: -1, nanos: 500000000 }] });
  const config = schemaOf('Config');
  const struct = { settings: { a: null, b: [1, { c: 'x' }] }, defaultValue: null, tags: [] };
  const [q] = prepareCodecs([dynamic], { value: struct, schema: schemaForPayload(config, checkFits(config.type, struct)) });
  const back = record(instanceOf(q).toPlain(instanceOf(q).decode(instanceOf(q).encode(q.native))));
  assert.deepEqual([back.settings, back.default_value, back.tags], [{ a: null, b: [1, { c: 'x' }] }, null, []]);
});
