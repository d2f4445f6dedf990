// Schema inference (lib/schema/infer.js); its CLI (scripts/json2proto.js) is tested in test/e2e/json2proto.test.js:
// every rule of the inference has a test that fails if the rule breaks.
import test from 'node:test';
import assert from 'node:assert/strict';
import { inferSchema, isDataKey, isMixedKinds, pascalCase } from '../../../lib/schema/infer.js';
import { checkCorpusFits } from '../../../lib/payload/corpus.js';
import { UserError } from '../../../lib/errors.js';
import { seededRandom } from '../../../lib/random.js';
import { checkFits, parseSchema, schemaForPayload } from '../../../lib/schema/index.js';
import { verifyRoundTrip } from '../../../lib/verify.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';

import protobuf from 'protobufjs';
import { assertRoundTrip, compile, TO_OBJECT } from '../../helpers/proto-roundtrip.js';
/** @typedef {Parameters<typeof inferSchema>[1]} InferOptions */

/**
 * Infers, parses, and returns the text, the root type, and the line declaring `field`.
 * @param {unknown} value
 * @param {InferOptions} [options]
 */
function infer(value, options) {
  const { text, typeName } = inferSchema(value, options);
  const type = compile(text, typeName);
  return { text, type, line: (/** @type {string} */ field) => fieldLine(text, field) };
}

/**
 * The one line of `text` that declares field `name` (or message `name`).
 * @param {string} text
 * @param {string} name
 */
function fieldLine(text, name) {
  const found = text.split('\n').filter((l) => new RegExp(`\\s${name} = \\d+[;\\s]|^\\s*message ${name} `).test(l));
  assert.equal(found.length, 1, `expected one line for ${name} in\n${text}`);
  return found[0].trim();
}

/**
 * Infers a schema for `value` and checks it round-trips exactly.
 * @param {Record<string, unknown>} value
 * @param {InferOptions} [options]
 */
function inferExact(value, options) {
  const result = infer(value, options);
  assertRoundTrip(result.type, value);
  return result;
}

/**
 * @param {() => unknown} fn
 * @param {string} message the whole message expected
 */
function assertUserError(fn, message) {
  assert.throws(fn, (err) => {
    assert.ok(err instanceof UserError, `expected a UserError, got ${err}`);
    assert.equal(err.message, message);
    return true;
  });
}

const withoutComments = (/** @type {string} */ text) => text.replace(/\/\/.*$/gm, '');

// --- scalars ---------------------------------------------------------------

test('true/false become bool, never int32', () => {
  const { line, text } = inferExact({ on: true, off: false, flags: [false, true] });
  assert.equal(line('on'), 'bool on = 1;');
  assert.equal(line('off'), 'bool off = 2;');
  assert.equal(line('flags'), 'repeated bool flags = 3;');
  assert.doesNotMatch(withoutComments(text), /int32/);
});

test('integers get the smallest exact wire type at every boundary', () => {
  const cases = [
    [[0, 2 ** 31 - 1], 'int32'],
    [[2 ** 31], 'uint32'],
    [[0, 2 ** 32 - 1], 'uint32'],
    [[2 ** 32], 'int64'],
    [[Number.MAX_SAFE_INTEGER], 'int64'],
    [[-1], 'sint32'],
    [[-(2 ** 31), 2 ** 31 - 1], 'sint32'],
    [[-(2 ** 31) - 1], 'sint64'],
    [[-1, 2 ** 31], 'sint64'], // negative, and beyond int32 on the positive side
    [[2 ** 40, -5], 'sint64'],
  ];
  for (const [values, expected] of cases) {
    const value = { one: values[0], many: values };
    const { line } = inferExact(value);
    assert.match(line('one'), new RegExp(`^${values.length === 1 ? expected : '\\w+'} one = 1;`), JSON.stringify(values));
    assert.match(line('many'), new RegExp(`^repeated ${expected} many = 2;`), JSON.stringify(values));
  }
});

test('non-obvious integer types say why in a trailing comment; int32 needs none', () => {
  assert.equal(infer({ n: 5 }).line('n'), 'int32 n = 1;');
  assert.match(infer({ n: -5 }).line('n'), /^sint32 n = 1; \/\/ sint32: negative values occur/);
  assert.match(infer({ n: 2 ** 31 }).line('n'), /^uint32 n = 1; \/\/ uint32: /);
  assert.match(infer({ n: 2 ** 33 }).line('n'), /^int64 n = 1; \/\/ int64: values beyond 32 bits/);
  assert.match(infer({ n: -(2 ** 33) }).line('n'), /^sint64 n = 1; \/\/ sint64: negative values occur, and values beyond 32 bits \(zigzag/);
  // the value beyond 32 bits may be a positive one: the comment says which (it used to call -5 beyond 32 bits)
  assert.match(infer({ n: [1, -5, 3000000000] }).line('n'), /^repeated sint64 n = 1; \/\/ sint64: negative values occur, and values beyond 32 bits \(positive ones\)/);
});

test('sint32 keeps a negative number short where int32 would spend 10 bytes', () => {
  const { type } = inferExact({ n: -1 });
  assert.ok(type.encode({ n: -1 }).finish().length <= 2);
});

test('an integer merged with a non-integer is a double, with a comment', () => {
  const { line } = inferExact({ xs: [1, 2.5, 3], rows: [{ p: 1 }, { p: 0.1 }], y: 0.1 + 0.2 });
  assert.match(line('xs'), /^repeated double xs = 1; \/\/ double: non-integer values/);
  assert.match(line('y'), /^double y = 3; \/\/ double: /);
  const { text } = infer({ rows: [{ p: 1 }, { p: 0.1 }] });
  assert.match(fieldLine(text, 'p'), /^double p = 1;/);
});

test('never float: no field type is float, whatever the numbers', () => {
  const { text } = inferExact({ a: 1.5, b: [0.1, 3.4028234663852886e38], c: { d: 1e-45 }, e: { 1: 0.5 } });
  assert.doesNotMatch(withoutComments(text), /\bfloat\b/);
});

test('-0 becomes a double (integer types would turn it into 0)', () => {
  const { line, type } = infer({ z: -0 });
  assert.match(line('z'), /^double z = 1;/);
  assert.ok(Object.is(type.toObject(type.decode(type.encode({ z: -0 }).finish()), TO_OBJECT).z, -0));
});

test('strings become string', () => {
  assert.equal(inferExact({ s: 'Grüß 🚀', list: ['a', ''] }).line('s'), 'string s = 1;');
});

// --- messages, arrays, maps ----------------------------------------------

test('objects become nested messages inside the message that uses them, one top-level message', () => {
  const value = { id: 1, customer: { name: 'Ann', address: { city: 'Berlin', zip: '10115' } } };
  const { text, line, type } = inferExact(value, { name: 'Order' });
  assert.equal(line('customer'), 'Customer customer = 2;');
  assert.equal(line('address'), 'Address address = 2;');
  assert.equal(text.split('\n').filter((l) => /^message /.test(l)).length, 1);
  assert.match(text, /^message Order \{$/m);
  assert.match(text, /^ {2}message Customer \{$/m);
  assert.match(text, /^ {4}message Address \{$/m);
  assert.ok(type.lookupType('Customer.Address'));
});

test('2-space indentation, header naming the source, and deterministic output', () => {
  const value = { a: { b: { c: [{ d: 1 }] } } };
  const first = inferSchema(value, { name: 'Deep', source: 'data/deep.json', regenerate: 'make deep.proto' });
  assert.equal(first.typeName, 'Deep');
  assert.equal(first.text, inferSchema(structuredClone(value), { name: 'Deep', source: 'data/deep.json', regenerate: 'make deep.proto' }).text);
  const lines = first.text.split('\n');
  assert.equal(lines[0], '// Generated by scripts/json2proto.js from data/deep.json. Do not edit; regenerate with make deep.proto.');
  // without a command to name, the header names none (a user's file is not rebuilt by the bundled generator)
  assert.equal(inferSchema(value, { name: 'Deep', source: 'data/deep.json' }).text.split('\n')[0],
    '// Generated by scripts/json2proto.js from data/deep.json. Do not edit by hand.');
  assert.ok(lines.includes('syntax = "proto3";'));
  assert.doesNotMatch(first.text, /package /);
  for (const l of lines) assert.equal(l.search(/[^ ]|$/) % 2, 0, l); // leading spaces: two per level
  assert.match(first.text, /^ {6}message C \{\n {8}int32 d = 1;/m);
  assert.ok(first.text.endsWith('}\n'));
});

test('arrays of objects become repeated messages with the union of keys; field numbers follow first appearance', () => {
  const value = { posts: [{ id: 1, title: 'a' }, { id: 2, body: 'b' }, { body: 'c', id: 3, title: 'd' }] };
  const { text, line } = inferExact(value, { name: 'Feed' });
  assert.equal(line('posts'), 'repeated Post posts = 1;');
  assert.equal(line('id'), 'int32 id = 1;');
  assert.match(line('title'), /^optional string title = 2; \/\/ optional: sometimes missing/);
  assert.match(line('body'), /^optional string body = 3;/);
  assert.match(text, /message Post \{/);
});

test('element names are naive singulars: replies -> Reply, addresses -> Address, data stays Data', () => {
  const { text } = inferExact({ replies: [{ a: 1 }], addresses: [{ b: 1 }], data: [{ c: 1 }], line_items: [{ d: 1 }] });
  for (const name of ['Reply', 'Address', 'Data', 'LineItem']) assert.match(text, new RegExp(`message ${name} \\{`));
});

test('optional for a key missing in some objects and for a key that is sometimes null', () => {
  const { line } = infer({ items: [{ a: 1, b: 'x' }, { a: null, b: 'y' }, { b: 'z' }] });
  assert.equal(line('a'), 'optional int32 a = 1; // optional: sometimes missing or null');
  assert.equal(line('b'), 'string b = 2;');
  const nulls = infer({ rows: [{ v: 'x', m: { k: 1 } }, { v: null, m: null }] });
  assert.equal(nulls.line('v'), 'optional string v = 1; // optional: sometimes null');
  assert.equal(nulls.line('m'), 'optional M m = 2; // optional: sometimes null');
  // presence survives the round trip: a missing key stays missing, a zero stays zero
  const missing = inferExact({ xs: [{ n: 0, s: '' }, {}] });
  assert.equal(missing.line('n'), 'optional int32 n = 1; // optional: sometimes missing');
});

test('a repeated or map field that is sometimes missing stays plain, with a comment', () => {
  const { line } = infer({ rows: [{ tags: ['a'], m: { 1: 'x' } }, {}, { tags: null, m: null }] });
  assert.match(line('tags'), /^repeated string tags = 1; \/\/ sometimes missing or null, which decodes as an empty array/);
  assert.match(line('m'), /^map<string, string> m = 2; \/\/ map: keys are data \(numeric ids\); sometimes missing or null, which decodes as an empty map/);
});

test('a field that is only ever null becomes an optional string placeholder, said in a comment', () => {
  const { line } = infer({ a: 1, b: null });
  assert.equal(line('b'), 'optional string b = 2; // only null in the sample, so its type is unknown: string stands in; optional: sometimes null');
  assert.match(infer({ rows: [{ b: null }, { b: 2 }] }).line('b'), /^optional int32 b = 1;/);
});

test('numeric keys become map<string, T> with a comment', () => {
  const value = { usersById: { 77: { name: 'Ann', followers: 3 }, 518: { name: 'Tom', followers: 5 } }, scores: { '-1': 2, 3: 4 } };
  const { line, text } = inferExact(value);
  assert.equal(line('usersById'), 'map<string, UsersByIdValue> usersById = 1; // map: keys are data (numeric ids)');
  assert.match(text, /message UsersByIdValue \{/);
  assert.match(line('scores'), /^map<string, int32> scores = 2; \/\/ map: keys are data/);
});

test('8+ keys whose values share one shape become a map; 7 keys, or mixed shapes, stay a message', () => {
  const cities = (/** @type {number} */ n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`city${i}`, { lat: i + 0.5, lng: -i - 0.5 }]));
  assert.match(inferExact({ cities: cities(8) }).line('cities'), /^map<string, CitiesValue> cities = 1; \/\/ map: keys are data \(8 keys of one shape\)/);
  assert.equal(inferExact({ cities: cities(7) }).line('cities'), 'Cities cities = 1;');
  const mixed = { ...cities(8), city7: { lat: 1.5 } };
  assert.equal(inferExact({ cities: mixed }).line('cities'), 'Cities cities = 1;');
});

test('an ordinary object with 8 string fields is a message, not a map', () => {
  const person = { first: 'a', last: 'b', email: 'c', phone: 'd', street: 'e', city: 'f', zip: 'g', country: 'h' };
  const { line, text } = inferExact({ person });
  assert.equal(line('person'), 'Person person = 1;');
  assert.doesNotMatch(text, /map</);
});

test('an empty object merges with a map and with a message', () => {
  const maps = infer({ ms: [{ 1: 'a' }, {}] });
  assert.equal(maps.line('ms'), 'repeated MsMap ms = 1;');
  assertRoundTrip(maps.type, { ms: [{ value: { 1: 'a' } }, { value: {} }] });
  assert.match(inferExact({ ms: [{}, { a: 'x' }] }).line('a'), /^optional string a = 1;/);
  assert.equal(inferExact({ e: {} }).line('E'), 'message E {}');
});

test('an object with data keys merged with an ordinary object makes a map of both', () => {
  const { line } = inferExact({ rows: [{ 1: 'a' }, { name: 'b' }].map((m) => ({ m })) });
  assert.match(line('m'), /^map<string, string> m = 1;/);
});

test('keys that are not proto identifiers are renamed, with json_name giving the key back', () => {
  const value = { 'content-type': 'text/plain', '1st': 1, 'a"b\\c': true, 'a.b': 2, a_b: 3, '': 4 };
  const { line, type } = infer(value);
  assert.match(line('content_type'), /^string content_type = 1 \[json_name = "content-type"\]; \/\/ renamed: "content-type" is not a proto identifier$/);
  assert.match(line('f_1st'), /^int32 f_1st = 2 \[json_name = "1st"\];/);
  assert.match(line('a_b_c'), /^bool a_b_c = 3 \[json_name = "a\\"b\\\\c"\];/);
  assert.equal(line('a_b'), 'int32 a_b = 5;', 'a valid key keeps its name');
  assert.match(line('a_b_2'), /^int32 a_b_2 = 4 \[json_name = "a.b"\];/);
  assert.match(line('f_'), /^int32 f_ = 6 \[json_name = ""\];/);
  const jsonNames = Object.fromEntries(type.fieldsArray.map((f) => [f.name, f.options?.json_name]));
  assert.deepEqual(jsonNames, { content_type: 'content-type', f_1st: '1st', a_b_c: 'a"b\\c', a_b_2: 'a.b', a_b: undefined, f_: '' });
});

test('field names protoc would reject in proto3 (same JSON name) are renamed too', () => {
  const { line } = infer({ userId: 1, user_id: 2, ID: 3, id: 4 });
  assert.equal(line('userId'), 'int32 userId = 1;');
  assert.match(line('user_id_2'), /\[json_name = "user_id"\]/);
  assert.match(line('id_2'), /\[json_name = "id"\]/);
  // protoc makes a nested ScoresEntry type for a map field named scores
  const entry = infer({ scores: { 1: 2 }, scores_entry: { a: 1 } });
  assert.match(entry.line('scores_entry'), /^ScoresEntry2 scores_entry = 2;/);
});

test('an optional field foo and a field _foo do not clash in protobufjs (synthetic oneof _foo)', () => {
  assert.doesNotThrow(() => infer({ rows: [{ foo: 1, _foo: 2 }, { _foo: 3 }] }));
});

test('a __proto__ key is renamed, since protobufjs would silently drop such a field', () => {
  const { line, type } = infer(JSON.parse('{"__proto__": 1, "a": 2}'));
  assert.match(line('__proto___2'), /^int32 __proto___2 = 1 \[json_name = "__proto__"\];/);
  assert.deepEqual(type.fieldsArray.map((f) => f.name), ['__proto___2', 'a']);
});

test('field numbers skip the reserved range 19000-19999', () => {
  const value = Object.fromEntries(Array.from({ length: 19001 }, (_, i) => [`k${i}`, 's']));
  // read from the text: protobuf.js takes minutes to parse 19,001 fields (each add rebuilds its field index)
  const { text } = inferSchema(value);
  const ids = new Map([...text.matchAll(/^\s*string (k\d+) = (\d+);/gm)].map((m) => [m[1], Number(m[2])]));
  assert.equal(ids.size, 19001);
  assert.equal(ids.get('k18998'), 18999);
  assert.equal(ids.get('k18999'), 20000);
  assert.equal(ids.get('k19000'), 20001);
  assert.ok(![...ids.values()].some((id) => id >= 19000 && id <= 19999));
});

test('nesting deeper than 100 levels is an error, not a stack overflow', () => {
  /** @type {Record<string, unknown>} */
  let value = { leaf: 1 };
  for (let i = 0; i < 150; i++) value = { n: value };
  assert.throws(() => inferSchema(value), (err) => err instanceof UserError && /nested deeper than 100 levels/.test(err.message));
});

test('message names never repeat the enclosing message or a field name in scope', () => {
  const { text, type } = inferExact({ order: { id: 1 }, Address: { city: 'x' } }, { name: 'Order' });
  assert.match(text, /message Order2 \{/);
  assert.match(fieldLine(text, 'Address'), /^Address2 Address = 2;/);
  assert.ok(type.lookupType('Order2'));
});

// --- keys that are data by their form (isDataKey, dataKeyMaps) -------------

test('isDataKey: a "/", whitespace, a "." not after an @, HTTP header names, dates and UUIDs are data', () => {
  const data = ['app.kubernetes.io/name', '@bufbuild/protobuf', '/users/{id}', 'application/json', '*/*', 'New York', 'tab\there',
    'C++', 'a,b', 'q=1', '👍', 'example.com', '1.0.0', 'ann.lee@example.com', '$.store.book', 'Content-Type', 'X-Request-ID', 'WWW-Authenticate',
    'content-type', 'user-agent', 'x-forwarded-for', ':authority', ':path', '2026-11-30', '2026-11-30T12:00:00Z', '12:30',
    '10-20', '9e3779b1-1000-4000-8abc-9e3779b1d0ff'];
  const names = ['app', 'pod-template-hash', 'max-age', 'first-name', 'x-offset', 'schema:name', 'xml:lang', '@id', '@context',
    '@odata.context', '$schema', '$ref', 'price@odata.type', '#text', 'user_id', 'naïve', '名前', '1st', '24hVolume', '', 'test:unit'];
  assert.deepEqual(data.filter((k) => !isDataKey(k)), [], 'data keys taken for field names');
  assert.deepEqual(names.filter(isDataKey), [], 'field names taken for data keys');
});

test('Kubernetes labels and annotations: one key that is data makes the object a map<string, string>, with a comment', () => {
  const metadata = {
    name: 'web-7d9f',
    labels: { app: 'web', 'pod-template-hash': '7d9f', 'app.kubernetes.io/name': 'web' },
    annotations: { 'prometheus.io/scrape': 'true' },
  };
  const { line, text } = inferExact({ metadata });
  assert.equal(line('labels'), 'map<string, string> labels = 2; // map: keys are data (keys like "app.kubernetes.io/name")');
  assert.equal(line('annotations'), 'map<string, string> annotations = 3; // map: keys are data (keys like "prometheus.io/scrape")');
  assert.doesNotMatch(text, /json_name/, 'no key became a field');
});

test('package.json, OpenAPI and HTTP headers: their data-keyed objects are maps, their field names stay fields', () => {
  const manifest = {
    name: 'bench', version: '1.0.0',
    dependencies: { ws: '^8.18.0', '@bufbuild/protobuf': '^2.17.0' },
    devDependencies: { eslint: '^9.0.0', typescript: '^5.9.0' },
    scripts: { test: 'node --test', 'test:unit': 'node --test test/unit' },
  };
  const m = infer(manifest); // test:unit is renamed, which protobufjs' toObject does not undo (json2proto-loads does)
  assert.match(m.line('dependencies'), /^map<string, string> dependencies = 3; \/\/ map: keys are data \(keys like "@bufbuild\/protobuf"\)/);
  // no key of these is data by its form: a file with only such dependencies still gets a message (docs/schemas.md)
  assert.equal(m.line('devDependencies'), 'DevDependencies devDependencies = 4;');
  assert.equal(m.line('scripts'), 'Scripts scripts = 5;');

  const openapi = {
    openapi: '3.1.0',
    paths: {
      '/users/{id}': { get: { summary: 'one user', responses: { 200: { description: 'the user', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } },
      '/users': { get: { summary: 'all users', responses: { 200: { description: 'the users' } } } },
    },
  };
  const o = infer(openapi); // $ref is renamed
  assert.match(o.line('paths'), /^map<string, PathsValue> paths = 2; \/\/ map: keys are data \(keys like "\/users\/\{id\}"\)/);
  assert.match(o.line('content'), /^map<string, ContentValue> content = 2; \/\/ map: keys are data \(keys like "application\/json"\); sometimes missing/);
  assert.match(o.line('responses'), /map: keys are data \(numeric ids\)/);
  assert.match(o.text, /^ *string _ref = 1 \[json_name = "\$ref"\];/m, 'a $ key is a field name');

  const request = { method: 'GET', headers: { host: 'example.com', 'user-agent': 'curl/8.5.0', accept: '*/*' } };
  assert.match(inferExact(request).line('headers'), /^map<string, string> headers = 2; \/\/ map: keys are data \(keys like "user-agent"\)/);
  const canonical = { headers: { Host: 'example.com', 'Cache-Control': 'no-cache' } };
  assert.match(inferExact(canonical).line('headers'), /^map<string, string> headers = 1; .*keys like "Cache-Control"/);
  const http2 = { headers: { ':method': 'GET', ':path': '/', ':authority': 'example.com' } };
  assert.match(inferExact(http2).line('headers'), /^map<string, string> headers = 1; .*keys like ":method"/);
});

test('field-name conventions stay messages: kebab-case, JSON-LD, OData, JSON Schema', () => {
  const value = {
    style: { 'font-size': '12px', 'background-color': 'white' },
    author: { 'first-name': 'Ann', 'last-name': 'Lee' },
    person: { '@context': 'https://schema.org', '@type': 'Person', 'schema:name': 'Ann' },
    user: { '@odata.context': 'https://graph.example.com/$metadata#users/$entity', displayName: 'Ann', 'displayName@odata.type': '#String' },
    schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.com/user', title: 'User' },
  };
  const { text } = infer(value);
  assert.doesNotMatch(text, /map</);
});

test('no shared value type, a null value or a __proto__ key: the object stays the message it is today', () => {
  // (infer: renamed keys are given back by the codecs' json_name handling, which protobufjs' toObject lacks)
  const mixed = infer({ o: { id: 1, 'a/b': 'x' } });
  assert.equal(mixed.line('O'), 'message O {');
  assert.match(mixed.line('a_b'), /^string a_b = 2 \[json_name = "a\/b"\];/);
  const nulls = infer({ o: { 'a/b': 'x', c: null } });
  assert.match(nulls.line('a_b'), /^string a_b = 1 \[json_name = "a\/b"\];/);
  assert.match(nulls.line('c'), /^optional string c = 2;/);
  const proto = infer({ o: JSON.parse('{"a/b": "x", "__proto__": "y"}') });
  assert.match(proto.line('a_b'), /^string a_b = 1 /);
  assert.match(proto.line('__proto___2'), /^string __proto___2 = 2 \[json_name = "__proto__"\];/);
  // the values of a map must share one type; a message's need not: arrays of objects and numbers stay fields
  const shapes = infer({ o: { 'a.b': [1], c: { d: 'x' } } });
  assert.match(shapes.line('a_b'), /^repeated int32 a_b = 1 /);
});

test('across records and array elements: a data key in one object makes a map of all, unless their values disagree', () => {
  const pods = [{ labels: { app: 'web' } }, { labels: { app: 'api', 'app.kubernetes.io/name': 'api' } }, { labels: {} }];
  const { line, type } = infer(pods, { records: true });
  assert.match(line('labels'), /^map<string, string> labels = 1; \/\/ map: keys are data \(keys like "app.kubernetes.io\/name"\)/);
  for (const pod of pods) assertRoundTrip(type, pod);
  const elements = inferExact({ items: [{ tags: { env: 'prod' } }, { tags: { 'team.example.com/owner': 'ops' } }] });
  assert.match(elements.line('tags'), /^map<string, string> tags = 1;/);
  // a later record whose values do not fit the map: every record keeps today's message, nothing is refused
  const disagree = [{ labels: { 'a/b': 'x' } }, { labels: { n: 1 } }, { labels: { 'a/b': 'y', n: null } }];
  const d = infer(disagree, { records: true });
  assert.match(d.line('a_b'), /^optional string a_b = 1 \[json_name = "a\/b"\];/);
  assert.match(d.line('n'), /^optional int32 n = 2;/);
  // an object some record makes a map by numeric keys takes data keys too, as any key of an object merged with it
  assert.match(infer([{ m: { 1: 'a' } }, { m: { 'a/b': 'b' } }], { records: true }).line('m'), /^map<string, string> m = 1; \/\/ map: keys are data \(numeric ids; keys like "a\/b"\)/);
});

test('a top-level object whose keys are data is a map wrapper; a nested map of such maps is wrapped', () => {
  const root = infer({ ws: '^8.18.0', '@bufbuild/protobuf': '^2.17.0' }, { name: 'Dependencies' });
  assert.match(root.text, /message Dependencies \{\n {2}map<string, string> value = 1; \/\/ map: keys are data \(keys like "@bufbuild\/protobuf"\)/);
  assertRoundTrip(root.type, { value: { ws: '^8.18.0', '@bufbuild/protobuf': '^2.17.0' } });
  const nested = infer({ byHost: { 'example.com': { 'Content-Type': 'text/html' }, 'example.org': { 'Content-Type': 'text/plain' } } });
  assert.match(nested.line('byHost'), /^map<string, ByHostValueMap> byHost = 1; \/\/ map: keys are data \(keys like "example.com"\)/);
});

test('a record of a stream stays a message whatever its keys (NDJSON logs in Elastic Common Schema); one document may be a map', () => {
  const logs = [{ '@timestamp': '2026-11-30T17:00:00Z', 'log.level': 'info', message: 'started' },
    { '@timestamp': '2026-11-30T17:00:01Z', 'log.level': 'warn', message: 'slow', 'service.name': 'api' }];
  const records = infer(logs, { records: true, name: 'Log' });
  assert.match(records.line('log_level'), /^string log_level = 2 \[json_name = "log\.level"\];/);
  assert.match(records.line('service_name'), /^optional string service_name = 4 \[json_name = "service\.name"\];/);
  assert.match(records.text, /^message Log \{$/m);
  // the same object alone is one document: its keys may be data, as a dependency list's are
  assert.match(inferSchema(logs[0], { name: 'Log' }).text, /^ {2}map<string, string> value = 1;/m);
  // nested, a record's data-keyed object is still a map
  assert.match(infer([{ labels: { 'a/b': 'x' } }, { labels: { c: 'y' } }], { records: true }).line('labels'), /^map<string, string> labels = 1;/);
  // OData v3's names (Azure Table Storage) are fields
  assert.equal(isDataKey('odata.etag'), false);
  assert.equal(isDataKey('odata.metadata'), false);
});

test('mixedAsValue types only the places whose values mix kinds: a data-keyed object whose values mix stays a message', () => {
  const { text } = inferSchema({ o: { id: 1, 'a/b': 'x' }, c: [1, 'a'] }, { mixedAsValue: true });
  assert.match(text, /^ {2}O o = 1;$/m, 'not map<string, google.protobuf.Value>');
  assert.match(text, /^ {4}string a_b = 2 \[json_name = "a\/b"\];/m);
  assert.match(text, /^ {2}repeated google\.protobuf\.Value c = 2;/m, 'the mixed array is still a Value');
});

test('the key quoted in the map comment is cut at 40 characters and escaped to printable ASCII', () => {
  const long = `${'x'.repeat(50)}/y`;
  const a = infer({ m: { [long]: 'a', k: 'b' } });
  assert.equal(a.line('m'), `map<string, string> m = 1; // map: keys are data (keys like "${'x'.repeat(40)}...")`);
  const b = infer({ m: { 'line\nbreak': 'a', 'para\u2028graph': 'b' } });
  assert.equal(b.line('m'), 'map<string, string> m = 1; // map: keys are data (keys like "line\\nbreak")');
  const c = infer({ m: { 'para\u2028graph x': 'b' } });
  assert.equal(c.line('m'), 'map<string, string> m = 1; // map: keys are data (keys like "para\\u2028graph x")');
});

test('the rule never refuses data: with its data keys renamed to identifiers, random JSON infers or fails alike, and round-trips', () => {
  const random = seededRandom(7);
  const pick = (/** @type {unknown[]} */ xs) => xs[Math.floor(random() * xs.length)];
  const keys = ['app', 'id', 'n', 'a/b', 'x.y', 'Content-Type', ':path', '2026-11-30', 'first-name', '@id', '1'];
  /** @returns {unknown} */
  const value = (/** @type {number} */ depth) => {
    const r = random();
    if (depth > 3 || r < 0.35) return pick(['s', 'web', 3, -2, 2.5, true, null]);
    if (r < 0.5) return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: 1 + Math.floor(random() * 4) }, () => [pick(keys), value(depth + 1)]));
  };
  // each data key renamed to an identifier of its own: the object the inference saw before the rule, field for field
  const names = new Map(keys.filter(isDataKey).map((k, i) => [k, `k${i}`]));
  /** @returns {unknown} */
  const renamed = (/** @type {unknown} */ v) => {
    if (Array.isArray(v)) return v.map(renamed);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [names.get(k) ?? k, renamed(x)]));
  };
  const outcome = (/** @type {() => unknown} */ fn) => {
    try {
      fn();
      return 'infers';
    } catch (err) {
      if (err instanceof UserError) return 'refused';
      throw err;
    }
  };
  let maps = 0;
  for (let i = 0; i < 400; i++) {
    const records = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({ o: value(1) }));
    const plain = records.map(renamed);
    assert.equal(outcome(() => inferSchema(records, { records: true })), outcome(() => inferSchema(plain, { records: true })), JSON.stringify(records));
    if (outcome(() => inferSchema(records, { records: true })) === 'refused') continue;
    const { text, typeName } = inferSchema(records, { records: true });
    if (/keys like/.test(text)) maps++;
    const schema = parseSchema(text, { typeName });
    for (const record of records) {
      const v = verifyRoundTrip(dynamic.create({ schema: schemaForPayload(schema, checkFits(schema.type, record)) }), record, dynamic.normalise, undefined, schema.type);
      assert.ok(v.status === 'exact' || v.status === 'equivalent', `${JSON.stringify(record)}: ${JSON.stringify(v)}\n${text}`);
    }
  }
  assert.ok(maps > 20, `only ${maps} of the random corpora had a map by data keys`);
});

// --- wrappers --------------------------------------------------------------

/**
 * The comment protobufjs attaches to a message; wrappers are found by it.
 * @param {protobuf.Type} type
 */
const wrapperTypes = (type) => {
  /** @type {protobuf.Type[]} */
  const out = [];
  const walk = (/** @type {protobuf.Type} */ t) => {
    if (t.comment && t.comment.startsWith('@json-wrapper')) out.push(t);
    for (const n of t.nestedArray) if (n instanceof protobuf.Type) walk(n);
  };
  walk(type);
  return out;
};

/**
 * @param {protobuf.Type} type
 * @param {'map' | 'repeated' | 'single'} [expectedField]
 */
function assertWrapper(type, expectedField) {
  assert.match(type.comment ?? '', /^@json-wrapper\b/);
  assert.equal(type.fieldsArray.length, 1);
  const [field] = type.fieldsArray;
  assert.equal(field.name, 'value');
  assert.equal(field.id, 1);
  if (expectedField) assert.equal(expectedField, field.map ? 'map' : field.repeated ? 'repeated' : 'single');
}

test('arrays of arrays: the inner array becomes a wrapper message with one field `value`', () => {
  const { text, type, line } = infer({ grid: [[1, -2], [3], []] }, { name: 'Board' });
  assert.equal(line('grid'), 'repeated GridList grid = 1;');
  assert.match(text, /\n {2}\/\/ @json-wrapper: stands for a JSON array inside an array[^\n]*\n {2}message GridList \{\n {4}repeated sint32 value = 1;/);
  const [wrapper] = wrapperTypes(type);
  assert.equal(wrapper.name, 'GridList');
  assertWrapper(wrapper, 'repeated');
  assertRoundTrip(type, { grid: [{ value: [1, -2] }, { value: [3] }, { value: [] }] });
});

test('a top-level JSON array makes the root message a wrapper', () => {
  const { text, type } = infer([{ id: 1 }, { id: 2, tag: 'x' }], { name: 'Posts' });
  assert.match(text, /\n\/\/ @json-wrapper: [^\n]*\nmessage Posts \{\n {2}repeated Post value = 1;/);
  assertWrapper(type, 'repeated');
  assertRoundTrip(type, { value: [{ id: 1 }, { id: 2, tag: 'x' }] });
  const nested = infer([[1.5]], { name: 'Matrix' });
  assert.deepEqual(wrapperTypes(nested.type).map((t) => t.name), ['Matrix', 'MatrixItemList']);
});

test('a top-level object with data keys makes the root a map wrapper', () => {
  const { type } = infer({ 1: 'a', 2: 'b' }, { name: 'Names' });
  assertWrapper(type, 'map');
});

test('map values that are arrays or maps, and arrays of maps, are wrapped', () => {
  const { type, line } = infer({ m: { 1: [1, 2], 2: [] }, mm: { 1: { 2: true } }, am: [{ 5: 'x' }] });
  assert.equal(line('m'), 'map<string, MValueList> m = 1; // map: keys are data (numeric ids)');
  assert.match(line('mm'), /^map<string, MmValueMap> mm = 2;/);
  assert.equal(line('am'), 'repeated AmMap am = 3;');
  const wrappers = wrapperTypes(type);
  assert.deepEqual(wrappers.map((t) => t.name), ['MValueList', 'MmValueMap', 'AmMap']);
  for (const w of wrappers) assertWrapper(w);
  assertRoundTrip(type, { m: { 1: { value: [1, 2] }, 2: { value: [] } }, mm: { 1: { value: { 2: true } } }, am: [{ value: { 5: 'x' } }] });
});

test('an array that is always empty round-trips as repeated string, with a comment', () => {
  assert.match(inferExact({ none: [] }).line('none'), /^repeated string none = 1; \/\/ element type unknown/);
});

// --- errors ----------------------------------------------------------------

test('an array mixing types is an error at the first element that conflicts', () => {
  assertUserError(() => inferSchema({ tags: ['a', 'b', 3, true] }), '$.tags[2]: array mixes string and number');
  assertUserError(() => inferSchema({ flags: [1, true] }), '$.flags[1]: array mixes number and boolean');
  assertUserError(() => inferSchema({ x: [[1], { a: 1 }] }), '$.x[1]: array mixes array and object');
  assertUserError(() => inferSchema({ items: [{ price: [1] }, { price: [2, 'x'] }] }), '$.items[1].price[1]: array mixes number and string');
});

test('a field with different types in different objects is an error at its path', () => {
  assertUserError(() => inferSchema({ a: [{ b: 'x' }, { b: 'y' }, { b: 1 }] }), '$.a[2].b: field is string in one object and number in another');
  assertUserError(() => inferSchema({ a: { 1: { b: { c: true } }, 2: { b: { c: 'no' } } } }), '$.a["2"].b.c: field is boolean in one object and string in another');
});

test('null in an array or a map is an error: repeated and map fields cannot carry it (mixedAsValue would)', () => {
  assertUserError(() => inferSchema({ tags: ['a', 'b', null] }), '$.tags[2]: array holds null, which a repeated field cannot carry');
  assertUserError(() => inferSchema({ m: { 1: 'a', 2: null } }), '$.m["2"]: map holds null, which a map value cannot carry');
  assertUserError(() => inferSchema([null]), '$[0]: array holds null, which a repeated field cannot carry');
  // each says the option would type it (the payload's error then names json2proto --mixed-as-value)
  // (the third: an object with a null field met as a map, by a map of numeric keys at the same place)
  for (const value of [{ tags: ['a', null] }, { m: { 1: 'a', 2: null } }, { items: [{ m: { 1: 'a', 2: 'b' } }, { m: { x: null } }] }]) {
    assert.throws(() => inferSchema(value), (err) => isMixedKinds(err), JSON.stringify(value));
  }
});

test('a top-level scalar is an error', () => {
  for (const value of [42, 'x', true, null]) {
    assertUserError(() => inferSchema(value), '$: top-level value must be an object or an array');
  }
});

test('a map whose values mix types is an error', () => {
  assertUserError(() => inferSchema({ m: { 1: 1, 2: 'x' } }), '$.m["2"]: map values mix number and string');
});

test('mixedAsValue: a place whose values mix kinds is google.protobuf.Value (struct.proto imported), which the toolkit loads and which carries the JSON', () => {
  // GeoJSON: a Point's coordinates are numbers, a LineString's arrays of them, a Polygon's arrays of those
  const geo = { type: 'FeatureCollection', features: [
    { geometry: { type: 'Point', coordinates: [13.37, 52.51] }, properties: { height: 26 } },
    { geometry: { type: 'LineString', coordinates: [[13.37, 52.51], [13.36, 52.52]] }, properties: { height: 'varies' } },
    { geometry: { type: 'Polygon', coordinates: [[[13.35, 52.51], [13.36, 52.51], [13.35, 52.51]]] }, properties: { height: { min: 1, max: 3 } } },
  ] };
  // without it: refused, and the error says the option would carry it
  assert.throws(() => inferSchema(geo), (err) => err instanceof UserError && isMixedKinds(err) && err.message === '$.features[1].geometry.coordinates[0]: array mixes number and array');
  const { text, typeName } = inferSchema(geo, { name: 'Geo', mixedAsValue: true });
  assert.match(text, /^syntax = "proto3";\n\nimport "google\/protobuf\/struct\.proto";\n\nmessage Geo \{$/m);
  assert.match(text, /^ +repeated google\.protobuf\.Value coordinates = 2; \/\/ google\.protobuf\.Value \(--mixed-as-value\): number and array meet at \$\.features\[1\]\.geometry\.coordinates\[0\]$/m);
  assert.match(text, /^ +google\.protobuf\.Value height = 1; \/\/ google\.protobuf\.Value \(--mixed-as-value\): number and string meet at \$\.features\[1\]\.properties\.height$/m,
    'a third kind (an object) met later stays Value');
  assert.match(text, /^ +string type = 1;$/m, 'the places that agree keep their own types');
  // it loads as the toolkit loads an inferred schema, and every message fits it
  const schema = parseSchema(text, { typeName });
  assert.doesNotThrow(() => checkCorpusFits(schema.type, [geo], 'geo.json'));
  // records: a field of two kinds across records is Value too; records of two kinds at the top level are still refused
  assert.match(inferSchema([{ id: 1 }, { id: 'a1' }], { records: true, mixedAsValue: true }).text, /^ +google\.protobuf\.Value id = 1;/m);
  assert.throws(() => inferSchema([{ id: 1 }, [1]], { records: true, mixedAsValue: true }), (err) => err instanceof UserError && !isMixedKinds(err)
    && /^record 2: \$: this record is array, an earlier one object/.test(err.message));
  // null in an array or a map: repeated and map fields of Value, whose null_value carries it (every codec that can
  // carry null took such a corpus exact: benchmark_dtq.js --formats all, 2026-11-30)
  const nulls = { tags: ['a', null], vals: [null, 1.5], m: { 1: 'a', 2: null } };
  const typed = inferSchema(nulls, { name: 'Nulls', mixedAsValue: true });
  assert.match(typed.text, /^ +repeated google\.protobuf\.Value tags = 1; \/\/ google\.protobuf\.Value \(--mixed-as-value\): null in an array at \$\.tags\[1\]$/m);
  assert.match(typed.text, /^ +repeated google\.protobuf\.Value vals = 2; \/\/ google\.protobuf\.Value \(--mixed-as-value\): null in an array at \$\.vals\[0\]$/m);
  assert.match(typed.text, /^ +map<string, google\.protobuf\.Value> m = 3; .*null in a map at \$\.m\["2"\]$/m);
  const nullSchema = parseSchema(typed.text, { typeName: typed.typeName });
  assert.doesNotThrow(() => checkCorpusFits(nullSchema.type, [nulls], 'nulls.json'));
  const back = verifyRoundTrip(dynamic.create({ schema: schemaForPayload(nullSchema, checkFits(nullSchema.type, nulls)) }), nulls, dynamic.normalise, undefined, nullSchema.type);
  assert.equal(back.status, 'exact', JSON.stringify(back));
  assert.match(inferSchema({ items: [{ m: { 1: 'a', 2: 'b' } }, { m: { x: null } }] }, { mixedAsValue: true }).text,
    /^ +map<string, google\.protobuf\.Value> m = 1; .*null in a map at \$\.items\[1\]\.m\.x$/m);
  // the option does not outlive its call
  assert.throws(() => inferSchema(geo), /array mixes number and array/);
});

test('an invalid root name is an error', () => {
  assert.throws(() => inferSchema({}, { name: 'my-message' }), UserError);
});

test('pascalCase makes message names from keys and file names', () => {
  assert.equal(pascalCase('line_items'), 'LineItems');
  assert.equal(pascalCase('address'), 'Address');
  assert.equal(pascalCase('content-type'), 'ContentType');
  assert.equal(pascalCase('1st'), 'F1st');
  assert.equal(pascalCase('---'), 'Field');
});

test('inferSchema from records: every record counts, numbers widen, a key some records lack is optional', async () => {
  const { inferSchema: infer } = await import('../../../lib/schema/infer.js');
  const records = [{ id: 1, name: 'a' }, { id: 5000000000, tags: ['x'] }, { id: 2, name: 'b', score: -1 }, { id: 4, score: 0.5 }];
  const { text } = infer(records, { name: 'Rec', records: true });
  assert.match(text, /^ {2}int64 id = 1;/m); // 5000000000 in the second record widens int32 to int64
  assert.match(text, /^ {2}optional string name = 2;/m);
  assert.match(text, /^ {2}repeated string tags = 3;/m);
  assert.match(text, /^ {2}optional double score = 4;/m); // -1, then 0.5: sint32 widens to double
  // the first record alone would give another schema: the records all counted
  assert.doesNotMatch(infer(records[0], { name: 'Rec' }).text, /tags|score|int64/);
  // every record round-trips through what was inferred
  const { compile } = await import('../../helpers/proto-roundtrip.js');
  const type = compile(text, 'Rec');
  for (const r of records) assert.deepEqual(type.toObject(type.decode(type.encode(r).finish()), { longs: Number }), r);
});

test('inferSchema from records: the first record and path that cannot share the schema are named', async () => {
  const { inferSchema: infer } = await import('../../../lib/schema/infer.js');
  const fails = (/** @type {unknown[]} */ records, /** @type {RegExp} */ pattern) => assert.throws(() => infer(records, { records: true }),
    (err) => err instanceof UserError && pattern.test(err.message));
  fails([{ id: 1 }, { id: 2 }, { id: 'x' }], /^record 3: \$\.id: field is number in one object and string in another \(records must share one schema\)$/);
  fails([{ a: { b: 1 } }, { a: { b: [1] } }], /^record 2: \$\.a\.b: /);
  fails([{ a: 1 }, [1]], /^record 2: \$: this record is array, an earlier one object/);
  fails([{ a: 1 }, 5], /^record 2: \$: top-level value must be an object or an array/);
  fails([], /^records: expected a non-empty array/);
  // one value that is an array is still one message (a wrapper), as before
  assert.match(infer([1, 2, 3], { name: 'List' }).text, /@json-wrapper/);
});

test('a key that keeps its name and gets only a json_name (its default JSON name is another key) is not said to be renamed', () => {
  const { text } = inferSchema({ '': 1, _: 7 }, { name: 'Clash' });
  assert.match(text, /^ +int32 f_ = 1 \[json_name = ""\]; \/\/ renamed: "" is not a proto identifier$/m);
  assert.match(text, /^ +int32 _ = 2 \[json_name = "_"\]; \/\/ json_name given: protoc's own JSON name for "_", "", is another key$/m);
  // and it loads, and the message fits it
  const schema = parseSchema(text, { typeName: 'Clash' });
  assert.doesNotThrow(() => checkCorpusFits(schema.type, [{ '': 1, _: 7 }], 'clash.json'));
});
