import test from 'node:test';
import assert from 'node:assert/strict';
import { compareWithPayload, describeVerdict, firstDifference, verifyRoundTrip, prepareCodecs } from '../../lib/verify.js';
import { parseSchema } from '../../lib/schema/index.js';
import { Unsupported } from '../../lib/errors.js';
import dynamic from '../../lib/codecs/protobufjs-dynamic.js';
import { NO_SCHEMA, standInCodec } from '../helpers/narrow.js';

test('firstDifference: key order does not matter, types and array order do', () => {
  assert.equal(firstDifference({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }), null);
  assert.deepEqual(firstDifference({ a: [1, 2] }, { a: [2, 1] }), { path: '$.a[0]', expected: 1, actual: 2 });
  assert.deepEqual(firstDifference({ a: true }, { a: 1 }), { path: '$.a', expected: true, actual: 1 });
  assert.deepEqual(firstDifference({ 'x-y': 1 }, {}), { path: '$["x-y"]', expected: 1, actual: undefined });
  assert.deepEqual(firstDifference({}, { z: 0 }), { path: '$.z', expected: undefined, actual: 0 });
});

test('a key holding undefined is an absent key (JSON has no undefined); a value lost to undefined is still a difference', () => {
  assert.equal(firstDifference({ b: 2 }, { a: undefined, b: 2 }), null);
  assert.equal(firstDifference({ a: undefined, b: 2 }, { b: 2 }), null);
  assert.deepEqual(firstDifference({ a: { x: 1 } }, { a: undefined }), { path: '$.a', expected: { x: 1 }, actual: undefined });
  assert.deepEqual(firstDifference({}, { a: undefined, z: 0 }), { path: '$.z', expected: undefined, actual: 0 });
  // what pbf's readX gives for an unset message field, under the proto3 JSON mapping the protobuf codecs declare
  const { type } = parseSchema('syntax = "proto3"; message P { int32 x = 1; } message M { P a = 1; int32 b = 2; }', { typeName: 'M' });
  assert.deepEqual(compareWithPayload({ b: 2 }, { a: undefined, b: 2 }, ['proto3-json'], type), { status: 'exact', diff: null, normalised: [] });
  const lost = compareWithPayload({ a: { x: 1 }, b: 2 }, { a: undefined, b: 2 }, ['proto3-json'], type);
  assert.equal(describeVerdict(lost), 'LOSSY at $.a: {"x":1} → (absent)');
});

test('a lossy verdict never prints its two sides alike', () => {
  /** @type {(expected: unknown, actual: unknown) => string} */
  const line = (expected, actual) => describeVerdict({ status: 'lossy', diff: firstDifference(expected, actual) });
  // an undefined element beyond the other array's end: shown with the arrays, not "(absent) → (absent)"
  assert.equal(line({ a: [1] }, { a: [1, undefined] }), 'LOSSY at $.a: [1] → [1,undefined]');
  // long texts are cut where they part, not both at their 37th character
  const long = 'x'.repeat(60);
  assert.equal(line({ s: `${long}a` }, { s: `${long}b` }), `LOSSY at $.s: ...${'x'.repeat(17)}a" → ...${'x'.repeat(17)}b"`);
  assert.equal(line({ s: `${long}a${long}` }, { s: `${long}b${long}` }),
    `LOSSY at $.s: ...${'x'.repeat(17)}a${'x'.repeat(16)}... → ...${'x'.repeat(17)}b${'x'.repeat(16)}...`);
  // values JSON writes alike: NaN and null, -0 and 0 in an array, a Date and its string, bytes and an object
  assert.equal(line({ n: null }, { n: NaN }), 'LOSSY at $.n: null → NaN');
  assert.equal(line({ n: [0] }, { n: { z: [-0] } }), 'LOSSY at $.n: [0] → {"z":[-0]}');
  assert.equal(line({ t: '1970-01-01T00:00:00.000Z' }, { t: new Date(0) }),
    'LOSSY at $.t: "1970-01-01T00:00:00.000Z" (string) → "1970-01-01T00:00:00.000Z" (Date)');
  assert.equal(line({ b: { 0: 1 } }, { b: Uint8Array.of(1) }), 'LOSSY at $.b: {"0":1} (Object) → {"0":1} (Uint8Array)');
});

test('the verifier on its own: int32 for a boolean is reported lossy, true comes back as 1 (checkFits refuses such data before any codec runs)', () => {
  const schema = parseSchema('syntax = "proto3"; message M { int32 active = 1; }');
  const v = verifyRoundTrip(dynamic.create({ value: {}, schema }), { active: true }, dynamic.normalise);
  assert.equal(v.status, 'lossy');
  assert.deepEqual(v.diff, { path: '$.active', expected: true, actual: 1 });
});

test('a LOSSY verdict shows Infinity, NaN and -0 as themselves, where JSON.stringify would write null and 0', () => {
  const schema = parseSchema('syntax = "proto3"; message M { float f = 1; }');
  const v = verifyRoundTrip(dynamic.create({ value: {}, schema }), { f: 1e39 }, dynamic.normalise);
  assert.equal(describeVerdict(v), 'LOSSY at $.f: 1e+39 → Infinity'); // a float cannot hold 1e39
  const shown = (/** @type {unknown} */ expected, /** @type {unknown} */ actual) => describeVerdict({ status: 'lossy', diff: { path: '$.a', expected, actual } });
  assert.equal(shown([-Infinity, NaN, -0, 1], { x: -0, y: 'NaN' }), 'LOSSY at $.a: [-Infinity,NaN,-0,1] → {"x":-0,"y":"NaN"}');
  assert.equal(shown({ d: new Date(0), u: undefined, s: 'é' }, undefined), 'LOSSY at $.a: {"d":"1970-01-01T00:00:00.000Z","s":"é"} → (absent)');
});

test('null ≡ absent is equivalent for protobuf, exact only where presence survives', () => {
  const schema = parseSchema('syntax = "proto3"; message M { optional string note = 1; int32 n = 2; }');
  const c = dynamic.create({ value: {}, schema });
  assert.deepEqual(verifyRoundTrip(c, { note: null, n: 2 }, dynamic.normalise).normalised, ['null-as-absent']);
  assert.equal(verifyRoundTrip(c, { note: null, n: 2 }, dynamic.normalise).status, 'equivalent');
  assert.equal(verifyRoundTrip(c, { n: 2 }, dynamic.normalise).status, 'exact');
  assert.equal(verifyRoundTrip(c, { note: '', n: 2 }, dynamic.normalise).status, 'exact');
  // without the normalisation the codec declares, the same difference is lossy
  assert.equal(verifyRoundTrip(c, { note: null, n: 2 }, []).status, 'lossy');
});

test('prepareCodecs: Unsupported from create() is "unsupported", other errors "failed", neither measured', () => {
  const unsupported = standInCodec({ name: 'u', normalise: [], create() { throw new Unsupported('no nulls'); } });
  const broken = standInCodec({ name: 'b', normalise: [], create: () => ({ encode() { throw new Error('boom'); }, decode: (x) => x }) });
  const [u, b] = prepareCodecs([unsupported, broken], { value: {}, schema: NO_SCHEMA });
  assert.equal(u.status, 'unsupported');
  assert.equal(u.reason, 'no nulls');
  assert.equal(u.instance, null);
  assert.equal(b.status, 'failed');
  assert.match(b.reason ?? '', /boom/);
  assert.equal(b.instance, null);
});

test('describeVerdict: a reason quoting a control character (bson\'s "key nul\\u0000key must not contain null bytes") shows it escaped, so no raw NUL reaches a table', () => {
  assert.equal(describeVerdict({ status: 'failed', reason: 'round trip: key nul\u0000key must not contain null bytes' }), 'failed: round trip: key nul\\x00key must not contain null bytes');
  assert.equal(describeVerdict({ status: 'unsupported', reason: 'tab\tstays' }), 'unsupported: tab\tstays');
});
