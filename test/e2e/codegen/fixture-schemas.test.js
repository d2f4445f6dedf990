// The fixture suite of hand-written schemas in users' styles (test/fixtures/schemas, issue 16), through every
// protobuf codec: each is exact or equivalent under the proto3 JSON mapping, or is listed below with the verdict
// it gets and why (a library's own limitation, checked to be real). In e2e: the codegen codecs spawn buf/pbjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { loadCodecs } from '../../../lib/codecs/index.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { describeVerdict, prepareCodecs } from '../../../lib/verify.js';
import { CACHE_DIR, ROOT } from '../../../lib/paths.js';
import { bufFailure, cachedModulePath, REFUSAL_FILE } from '../../../lib/codecs/codegen.js';
import { Unsupported } from '../../../lib/errors.js';
import { formatRefusal, loadTransport } from '../../../lib/transmission/transports/index.js';
import { assignFormats, pairFormats } from '../../../lib/transmission/pairs.js';
import { capacityRefusals, measureCapacity } from '../../../lib/transmission/capacity.js';
import { portablePayload, rebuildPayload } from '../../../lib/payload/portable.js';
import { CHROMIUM_PATHS } from '../../../lib/runtimes/install/registry.js';

const DIR = path.join(ROOT, 'test', 'fixtures', 'schemas');
const PROTOBUF = ['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es', 'protobuf-ts', 'pbf'];
const codecs = (await loadCodecs()).filter((c) => PROTOBUF.includes(c.name) && c.available);

/**
 * Each fixture's data, schema and message type; `verdict` is the line every codec (a string) or each codec by name
 * ('*' for the others) must give.
 * `protoPaths` are its --proto-path folders, relative to the fixtures' folder.
 * @type {{ data: string, proto: string, type?: string, protoPaths?: string[], verdict?: string | Record<string, string> }[]}
 */
const FIXTURES = [
  { data: 'addressbook.json', proto: 'addressbook.proto', type: 'tutorial.Person' }, // proto2: required, defaults, nested enum
  // proto2 groups in proto3 JSON: each group's field by protoc's name, the group's in lower case (protobuf.js names it otherwise)
  { data: 'groups.json', proto: 'groups.proto', verdict: 'exact' },
  // proto2 extensions in proto3 JSON: each by its full name in brackets, a top-level extend's and a nested one's (a
  // message-typed extension, declared inside message Review), set to 0 and to [] in a nested message
  { data: 'extensions.json', proto: 'extensions.proto', verdict: 'exact' },
  { data: 'order.json', proto: 'order.proto', type: 'shop.Order' }, // proto3: enums, oneof, maps, optional, import, int64 strings, bytes
  { data: 'order-minimal.json', proto: 'order.proto', type: 'shop.Order' }, // enum by number, a oneof and an optional set to zero
  { data: 'measurements.json', proto: 'measurements.proto' }, // -0 in doubles with and without presence
  // oneofs (at the top, in a repeated field, in map values) with each member kind, some at their defaults
  { data: 'oneof.json', proto: 'oneof.proto', type: 'quiz.Sheet', verdict: 'exact' },
  // bytes in both base64 alphabets, padded or not, every byte value: each comes back standard and padded; an absent
  // implicit-presence bytes field comes back "" but from pbf
  {
    data: 'oneof-bytes.json', proto: 'oneof.proto', type: 'quiz.Folder',
    verdict: { '*': 'equivalent (bytes-as-base64, default-as-absent)', pbf: 'equivalent (bytes-as-base64)' },
  },
  // well-known types written as their messages' fields ({"seconds": …}): they come back in their proto3 JSON forms
  // (protobuf-es and protobuf-ts give an Int64Value's "3" back as the number 3: int64-as-string)
  {
    data: 'event.json', proto: 'event.proto', type: 'audit.Event', verdict: {
      '*': 'equivalent (json-name, timestamp-instant, duration-value, wrapper-value)',
      'protobuf-es': 'equivalent (json-name, int64-as-string, timestamp-instant, duration-value, wrapper-value)',
      'protobuf-ts': 'equivalent (json-name, int64-as-string, timestamp-instant, duration-value, wrapper-value)',
    },
  },
  // well-known types in their proto3 JSON forms, one message per kind; `verdict` is what every codec that can carry them gives
  { data: 'wellknown-timestamp.json', proto: 'wellknown.proto', type: 'telemetry.Reading', verdict: 'equivalent (json-name)' },
  { data: 'wellknown-timestamp-spellings.json', proto: 'wellknown.proto', type: 'telemetry.Reading', verdict: 'equivalent (json-name, timestamp-instant)' },
  { data: 'wellknown-duration.json', proto: 'wellknown.proto', type: 'telemetry.Job', verdict: 'exact' },
  { data: 'wellknown-duration-spellings.json', proto: 'wellknown.proto', type: 'telemetry.Job', verdict: 'equivalent (duration-value)' },
  { data: 'wellknown-wrappers.json', proto: 'wellknown.proto', type: 'telemetry.Profile', verdict: 'exact' },
  { data: 'wellknown-struct.json', proto: 'wellknown.proto', type: 'telemetry.Config', verdict: 'equivalent (json-name)' },
  { data: 'wellknown-fieldmask.json', proto: 'wellknown.proto', type: 'telemetry.UpdateRequest', verdict: 'equivalent (json-name)' },
  // an Any's message (the schema's own, or a well-known type as "value") packed into its bytes and unpacked
  { data: 'wellknown-any.json', proto: 'wellknown.proto', type: 'telemetry.Envelope', verdict: 'equivalent (json-name, null-as-absent, empty-as-absent)' },
  // editions (edition = "2023"): explicit presence, an implicit-presence field, expanded and packed repeated fields, a delimited message
  { data: 'editions.json', proto: 'editions.proto', type: 'inventory.Item' },
  // a schema two folders down a tree whose imports name paths from its top (protoc's import root), as googleapis,
  // OpenTelemetry and buf modules write them: every generator is given the files at those paths
  { data: 'tree-order.json', proto: 'tree/acme/orders/v1/order.proto', type: 'acme.orders.v1.Order' },
  // --type naming a message declared in a file the schema imports: each generator's code for that file is what runs
  { data: 'tree-money.json', proto: 'tree/acme/orders/v1/order.proto', type: 'acme.common.v1.Money' },
  // the schema's own file and the message measured use their own package's types only, but a file it imports declares
  // a message (never reached) with a field of a third package's type: pbf's compiler, given every imported file, stops there
  { data: 'imported-foreign.json', proto: 'imported-foreign/shop/v1/cart.proto', type: 'shop.v1.Cart' },
  // a gRPC service schema whose rpcs carry option (google.api.http): googleapis' annotations come from a tree beside
  // its own (--proto-path), and import google/protobuf/descriptor.proto, which protobuf.js does not bundle; pbf's
  // compiler reads annotations.proto's import of google/api/http.proto from the top of the files laid out for it
  // (resolve-protobuf-schema, pbf's own reader, looks beside the importer only)
  { data: 'service-greet.json', proto: 'service/acme/greeter/v1/greeter.proto', type: 'acme.greeter.v1.GreetRequest', protoPaths: ['googleapis'], verdict: 'exact' },
];

/**
 * A fixture's payload, as the command line resolves it.
 * @param {(typeof FIXTURES)[number]} fixture
 */
const fixturePayload = (fixture) => resolvePayloads({ data: path.join(DIR, fixture.data), proto: path.join(DIR, fixture.proto), type: fixture.type,
  protoPaths: fixture.protoPaths?.map((p) => path.join(DIR, p)) })[0];

// pbf's compiler drops packages when it merges imports: a type from another package does not resolve
/** @type {(type: string) => [string, RegExp]} */
const PBF_FOREIGN = (type) => ['unsupported', new RegExp(`^unsupported: pbf's compiler merges imported files without their packages, so field \\S+ of type ${type.replace(/\./g, '\\.')} from package \\S+ does not resolve`)];

/**
 * Verdicts that are not exact or equivalent, each a library's own behaviour (not the toolkit's comparison):
 * fixture → codec → [status, what the verdict line must say].
 * @type {Record<string, Record<string, [string, RegExp]>>}
 */
const KNOWN = {
  'addressbook.json': {
    // pbf's compiler writes a proto2 string default with its quotes: an absent nickname reads back as '"none"'
    pbf: ['lossy', /^LOSSY at \$\.nickname: \(absent\) → "\\"none\\""$/],
  },
  'groups.json': {
    // protoc-gen-ts leaves group fields out of the code it generates: they are not written, and read back absent
    'protobuf-ts': ['lossy', /^LOSSY at \$\.phonenumber: \[\{"number":"\+44 20 7946 0000","kind":\.\.\. → \(absent\)$/],
    // its parser stops at a group's block: named before the compiler runs, not as its "Unexpected token" failure
    pbf: ['unsupported', /^unsupported: pbf's compiler, whose \.proto parser \(protocol-buffers-schema \d+\.\d+\.\d+\) does not read proto2 groups \(group PhoneNumber in message legacy\.Contact\)$/],
  },
  // neither generates code that holds an extension: refused, naming the first one the payload sets, not left out
  'extensions.json': {
    'protobuf-ts': ['unsupported', /^unsupported: protoc-gen-ts \(@protobuf-ts\/plugin \d+\.\d+\.\d+\) generates no code for proto2 extensions: extension catalog\.rating \(\$\.variants\[0\]\["\[catalog\.rating\]"\]\)$/],
    pbf: ['unsupported', /^unsupported: pbf's compiler, whose \.proto parser \(protocol-buffers-schema \d+\.\d+\.\d+\) reads an extension as a plain field of the message or not at all: extension catalog\.rating \(\$\.variants\[0\]\["\[catalog\.rating\]"\]\)$/],
  },
  // pbf's compiler does not resolve a type from another package (shop.common.Money, imported; google.protobuf.*)
  'order.json': { pbf: PBF_FOREIGN('shop.common.Money') },
  'order-minimal.json': { pbf: PBF_FOREIGN('shop.common.Money') },
  'event.json': { pbf: PBF_FOREIGN('google.protobuf.Timestamp') },
  'wellknown-timestamp.json': { pbf: PBF_FOREIGN('google.protobuf.Timestamp') },
  'wellknown-timestamp-spellings.json': { pbf: PBF_FOREIGN('google.protobuf.Timestamp') },
  'wellknown-duration.json': { pbf: PBF_FOREIGN('google.protobuf.Duration') },
  'wellknown-duration-spellings.json': { pbf: PBF_FOREIGN('google.protobuf.Duration') },
  'wellknown-wrappers.json': {
    pbf: PBF_FOREIGN('google.protobuf.StringValue'),
    // long_type_number: protobuf-ts reads 64-bit integers into JS numbers and throws beyond 2^53 (followers is 2^53 + 1)
    'protobuf-ts': ['unsupported', /^unsupported: protobuf-ts, generated with long_type_number, reads 64-bit integers into JS numbers and refuses one beyond 2\^53 − 1 \(Number\.MAX_SAFE_INTEGER\) \(\$\.followers is 9007199254740993\)$/],
  },
  'wellknown-struct.json': { pbf: PBF_FOREIGN('google.protobuf.Struct') },
  'wellknown-fieldmask.json': { pbf: PBF_FOREIGN('google.protobuf.FieldMask') },
  'wellknown-any.json': { pbf: PBF_FOREIGN('google.protobuf.Any') },
  'tree-order.json': { pbf: PBF_FOREIGN('acme.common.v1.Money') },
  // pbf compiles the schema's own file, whose Order.total is a Money of another package, though Money itself is not
  'tree-money.json': { pbf: PBF_FOREIGN('acme.common.v1.Money') },
  // neither Cart nor its file reaches pricing.v1.Price: item.proto's PricedItem, merged in by pbf's compiler, does
  'imported-foreign.json': {
    pbf: ['unsupported', /^unsupported: pbf's compiler merges imported files without their packages, so field PricedItem\.price of type pricing\.v1\.Price from package pricing\.v1 does not resolve$/],
  },
  // their generators cannot take editions: one reason each, before the tool runs (that the tools do fail is checked below)
  'editions.json': {
    'protobuf-ts': ['unsupported', /^unsupported: editions \(edition = "2023"\) not supported by protoc-gen-ts \(@protobuf-ts\/plugin \d+\.\d+\.\d+\)$/],
    pbf: ['unsupported', /^unsupported: editions \(edition = "2023"\) not supported by pbf's compiler, whose \.proto parser \(protocol-buffers-schema \d+\.\d+\.\d+\) reads syntax proto2 and proto3 only$/],
  },
};

for (const fixture of FIXTURES) {
  test(`fixture ${fixture.data} (${fixture.proto}): every protobuf codec is exact or equivalent, or a known library limit`, () => {
    assert.equal(codecs.length, PROTOBUF.length, 'every protobuf codec is available');
    const payload = fixturePayload(fixture);
    const prepared = prepareCodecs(codecs, payload);
    for (const p of prepared) {
      const line = describeVerdict(p);
      const known = KNOWN[fixture.data]?.[p.codec.name];
      if (known) {
        assert.equal(p.status, known[0], `${p.codec.name}: ${line}`);
        assert.match(line, known[1], p.codec.name);
      } else if (fixture.verdict) {
        const expected = typeof fixture.verdict === 'string' ? fixture.verdict : fixture.verdict[p.codec.name] ?? fixture.verdict['*'];
        assert.equal(line, expected, `${fixture.data} ${p.codec.name}`);
      } else {
        assert.ok(p.status === 'exact' || p.status === 'equivalent', `${fixture.data} ${p.codec.name}: ${line}`);
      }
    }
    if (fixture.data === 'measurements.json') {
      // -0 is judged alike for every codec, whatever each does with it
      assert.deepEqual(new Set(prepared.map(describeVerdict)), new Set(['equivalent (negative-zero)']));
    }
  });
}

test('editions: the codecs that declare their generator cannot take them are right (the tool fails on the fixture), the others encode one wire format', () => {
  const declaring = codecs.filter((c) => c.generator?.editionsUnsupportedBy);
  assert.deepEqual(declaring.map((c) => c.name).sort(), ['pbf', 'protobuf-ts']);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editions-'));
  try {
    // each tool run as the toolkit runs it, on the fixture alone: it fails, so the declaration is not stale
    for (const codec of declaring) {
      const generator = /** @type {import('../../../lib/codecs/codegen.js').Generator} */ (codec.generator);
      const protoDir = path.join(dir, codec.name, 'proto');
      fs.mkdirSync(protoDir, { recursive: true });
      fs.copyFileSync(path.join(DIR, 'editions.proto'), path.join(protoDir, 'editions.proto'));
      assert.throws(() => generator.generate(protoDir, path.join(dir, codec.name)),
        (/** @type {Error & { stderr?: Buffer }} */ err) => /supports editions|Unexpected token: edition/.test(`${err.message} ${err.stderr ?? ''}`), codec.name);
    }
    const [payload] = resolvePayloads({ data: path.join(DIR, 'editions.json'), proto: path.join(DIR, 'editions.proto'), type: 'inventory.Item' });
    const carrying = prepareCodecs(codecs.filter((c) => !declaring.includes(c)), payload);
    assert.deepEqual(carrying.map((p) => p.codec.name).sort(), ['protobuf-es', 'protobufjs-dynamic', 'protobufjs-static']);
    const wire = carrying.map((p) => Buffer.from(/** @type {NonNullable<typeof p.instance>} */ (p.instance).encode(p.native)).toString('hex'));
    assert.equal(new Set(wire).size, 1, `one wire format: ${wire.join(' ')}`);

    // a proto3 file importing an editions one: the import is named
    fs.copyFileSync(path.join(DIR, 'editions.proto'), path.join(dir, 'editions.proto'));
    fs.writeFileSync(path.join(dir, 'shelf.proto'), 'syntax = "proto3";\npackage inventory;\nimport "editions.proto";\nmessage Shelf { string name = 1; repeated Item items = 2; }\n');
    fs.writeFileSync(path.join(dir, 'shelf.json'), '{"name": "s1", "items": [{"sku": "A-1", "stock": 2}]}');
    const [shelf] = resolvePayloads({ data: path.join(dir, 'shelf.json'), proto: path.join(dir, 'shelf.proto') });
    for (const p of prepareCodecs(declaring, shelf)) {
      assert.match(describeVerdict(p), /^unsupported: editions \(edition = "2023" in editions\.proto, which the schema imports\) not supported by /, p.codec.name);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a well-known type value that breaks its rule is one line naming the path and the rule', () => {
  const file = path.join(os.tmpdir(), `event-string-${process.pid}.json`);
  fs.writeFileSync(file, '{"name": "login", "occurredAt": "2023-11-14T22:13:20.123"}');
  try {
    assert.throws(() => resolvePayloads({ data: file, proto: path.join(DIR, 'event.proto'), type: 'audit.Event' }),
      /^UserError: \S+event-string-\d+\.json: \$\.occurredAt: "2023-11-14T22:13:20\.123" is not a google\.protobuf\.Timestamp: proto3 JSON writes a Timestamp as an RFC 3339 date-time, "2024-01-02T03:04:05\.123Z" or with an offset "\+01:00"/);
  } finally {
    fs.rmSync(file, { force: true });
  }
});

test('NaN and the infinities as ProtoJSON writes them ("NaN") in floats, doubles and their wrappers: every protobuf codec carries them', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'non-finite-'));
  try {
    fs.writeFileSync(path.join(dir, 'f.proto'), 'syntax = "proto3";\nmessage F { float f = 1; double d = 2; repeated double r = 3; map<string, float> m = 4; optional double o = 5; }\n');
    fs.writeFileSync(path.join(dir, 'f.json'), '{"f": "NaN", "d": "-Infinity", "r": ["Infinity", 1.5, "NaN"], "m": {"a": "-Infinity"}, "o": "NaN"}');
    fs.writeFileSync(path.join(dir, 'w.json'), '{"ratio": "Infinity", "score": "NaN"}');
    const [floats] = resolvePayloads({ data: path.join(dir, 'f.json'), proto: path.join(dir, 'f.proto') });
    assert.deepEqual(prepareCodecs(codecs, floats).map((p) => [p.codec.name, describeVerdict(p)]),
      PROTOBUF.map((name) => [name, 'equivalent (non-finite-as-string)']));
    // protobuf-es's toJsonString takes a float's NaN only as the number its messages hold
    const esJson = (await loadCodecs()).filter((c) => c.name === 'protobuf-es-json');
    assert.deepEqual(prepareCodecs(esJson, floats).map(describeVerdict), ['equivalent (non-finite-as-string)']);
    // FloatValue and DoubleValue (pbf does not resolve google.protobuf types); the profile's other wrappers, unset,
    // come back as null but from protobuf-ts, whose messages leave them out
    const [wrappers] = resolvePayloads({ data: path.join(dir, 'w.json'), proto: path.join(DIR, 'wellknown.proto'), type: 'telemetry.Profile' });
    assert.deepEqual(prepareCodecs(codecs.filter((c) => c.name !== 'pbf'), wrappers).map((p) => [p.codec.name, describeVerdict(p)]),
      PROTOBUF.filter((name) => name !== 'pbf').map((name) => [name, `equivalent (non-finite-as-string${name === 'protobuf-ts' ? '' : ', null-as-absent'})`]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A proto3 schema with 64-bit integers, and JSON holding one beyond 2^53, for protobuf-ts's long_type_number. */
const bigDir = fs.mkdtempSync(path.join(os.tmpdir(), 'big-int64-'));
test.after(() => fs.rmSync(bigDir, { recursive: true, force: true }));
fs.writeFileSync(path.join(bigDir, 'big.proto'), 'syntax = "proto3";\nmessage Big { string id = 1; int64 a = 2; repeated sint64 b = 3; }\n');
fs.writeFileSync(path.join(bigDir, 'unsigned.proto'), 'syntax = "proto3";\nmessage Unsigned { string id = 1; uint64 u = 2; }\n');
/**
 * @param {string} json
 * @param {string} [proto] a file in bigDir
 */
function bigIntegerPayload(json, proto = 'big.proto') {
  fs.writeFileSync(path.join(bigDir, 'big.json'), json);
  return resolvePayloads({ data: path.join(bigDir, 'big.json'), proto: path.join(bigDir, proto) })[0];
}

test('pbf with a uint64 beyond what a double holds in 64 bits: unsupported with the path, not failed', () => {
  const some = codecs.filter((c) => c.name === 'pbf' || c.name === 'protobuf-es');
  const prepared = prepareCodecs(some, bigIntegerPayload('{"id": "a", "u": "18446744073709551615"}', 'unsigned.proto'));
  assert.deepEqual(prepared.map((p) => [p.codec.name, describeVerdict(p)]), [
    ['protobuf-es', 'exact'],
    ['pbf', 'unsupported: pbf holds 64-bit integers as JS numbers, and $.u 18446744073709551615 rounded to one is beyond 64 bits (Given varint doesn\'t fit into 10 bytes)'],
  ]);
});

test('protobuf-ts beyond 2^53 (as a string or a number): unsupported, with the rule and the path, while the others carry it', () => {
  const tsAndEs = codecs.filter((c) => c.name === 'protobuf-ts' || c.name === 'protobuf-es');
  const rule = 'unsupported: protobuf-ts, generated with long_type_number, reads 64-bit integers into JS numbers and refuses one beyond 2^53 − 1 (Number.MAX_SAFE_INTEGER)';
  const asString = prepareCodecs(tsAndEs, bigIntegerPayload('{"id": "a", "a": "1234567890123456789"}'));
  assert.deepEqual(asString.map((p) => [p.codec.name, describeVerdict(p)]),
    [['protobuf-es', 'equivalent (empty-as-absent)'], ['protobuf-ts', `${rule} ($.a is 1234567890123456789)`]]);
  // JSON.parse has already rounded the number (a warning says so); protobuf-ts still cannot hold the rounded one
  const asNumber = prepareCodecs(tsAndEs, bigIntegerPayload('{"id": "a", "a": 1234567890123456789}'));
  assert.deepEqual(asNumber.map((p) => [p.codec.name, describeVerdict(p)]),
    [['protobuf-es', 'equivalent (int64-as-string, empty-as-absent)'], ['protobuf-ts', `${rule} ($.a is 1234567890123456768)`]]);
  const inList = prepareCodecs(tsAndEs, bigIntegerPayload('{"id": "a", "b": [1, "-9007199254740993"]}'));
  assert.equal(describeVerdict(inList[1]), `${rule} ($.b[1] is -9007199254740993)`);
  // up to 2^53 - 1 it holds them
  assert.equal(describeVerdict(prepareCodecs(tsAndEs, bigIntegerPayload('{"id": "a", "a": "9007199254740991"}'))[1]), 'equivalent (int64-as-string, empty-as-absent)');
});

test('a schema buf rejects and protobuf.js takes: buf\'s codecs are unsupported with buf\'s lines, grpc and Connect refuse the cell, the others measure it', async () => {
  // two fields with one JSON name, and a proto3 enum whose first value is not zero: protoc and buf refuse both
  fs.writeFileSync(path.join(bigDir, 'lenient.proto'), 'syntax = "proto3";\nmessage M {\n  string foo_bar = 1;\n  string fooBar = 2;\n  E e = 3;\n}\nenum E { ONE = 1; TWO = 2; }\n');
  fs.writeFileSync(path.join(bigDir, 'lenient.json'), '{"foo_bar": "a", "fooBar": "b", "e": "ONE"}');
  const payload = resolvePayloads({ data: path.join(bigDir, 'lenient.json'), proto: path.join(bigDir, 'lenient.proto') })[0];
  const all = (await loadCodecs()).filter((c) => ['protobufjs-static', 'protobuf-es', 'protobuf-es-json', 'protobuf-ts'].includes(c.name) && c.available);
  const verdicts = Object.fromEntries(prepareCodecs(all, payload).map((p) => [p.codec.name, describeVerdict(p)]));
  const lines = 'lenient.proto:4:10:message fields have the same JSON name; lenient.proto:7:16:first value of open enum must be zero';
  const rejected = `unsupported: buf, which compiles the schema for this code generator, rejects it (protobuf.js is more lenient): ${lines}`;
  assert.deepEqual(verdicts, { 'protobufjs-static': 'exact', 'protobuf-es': rejected, 'protobuf-es-json': rejected, 'protobuf-ts': rejected });
  // the refusal is kept in the cache instead of code, and read from there by the next process: buf does not run
  // again (a kept refusal altered here is what comes back)
  for (const name of ['protobuf-es', 'protobuf-ts']) {
    const folder = path.join(CACHE_DIR, name, payload.schema.hash);
    // the newest: an older generator's folder (another version of buf) may sit beside it on a developer's machine
    const kept = fs.readdirSync(folder).map((d) => path.join(folder, d, REFUSAL_FILE)).filter((f) => fs.existsSync(f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    assert.ok(kept.length >= 1, `${name}: a kept refusal in ${folder}`);
    assert.deepEqual(JSON.parse(fs.readFileSync(kept[0], 'utf8')), { message: rejected.replace(/^unsupported: /, ''), bufLines: lines });
    fs.writeFileSync(kept[0], JSON.stringify({ message: 'kept refusal', bufLines: 'x.proto:1:1:kept' }));
    try {
      const again = spawnSync(process.execPath, ['--input-type=module', '-e', `
        const { loadCodecs } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'lib/codecs/index.js')).href)});
        const { resolvePayloads } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'lib/payload/index.js')).href)});
        const { describeVerdict, prepareCodecs } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'lib/verify.js')).href)});
        const payload = resolvePayloads({ data: ${JSON.stringify(path.join(bigDir, 'lenient.json'))}, proto: ${JSON.stringify(path.join(bigDir, 'lenient.proto'))} })[0];
        const codecs = (await loadCodecs()).filter((c) => c.name === ${JSON.stringify(name)});
        console.log(describeVerdict(prepareCodecs(codecs, payload)[0]));`], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(again.stdout.trim(), 'unsupported: kept refusal', again.stderr);
      // a refusal that cannot be read is not a refusal: buf runs again and says the same as the first time
      fs.writeFileSync(kept[0], '{"mess');
      assert.equal(describeVerdict(prepareCodecs(all.filter((c) => c.name === name), payload)[0]), rejected);
      assert.deepEqual(JSON.parse(fs.readFileSync(kept[0], 'utf8')).bufLines, lines);
    } finally {
      fs.rmSync(path.dirname(kept[0]), { recursive: true, force: true });
    }
  }
  // gRPC and Connect serve a service buf generates from the schema: every cell of theirs is refused with buf's lines
  // (their server used to fail to start, and the run was lost); a transport that needs no service carries it
  const codec = { name: 'protobufjs-static', textual: false };
  for (const name of ['grpc', 'connect', 'connect-h2']) {
    const transport = await loadTransport(name);
    const formats = transport.supports.formats;
    const carried = Array.isArray(formats) && !formats.includes(codec.name) ? { name: formats[0], textual: false } : codec;
    assert.equal(formatRefusal(transport, carried, payload.schema),
      `${name}'s service is generated from the schema with buf, which rejects the schema (protobuf.js is more lenient): ${lines}`);
  }
  assert.equal(formatRefusal(await loadTransport('http1'), codec, payload.schema), null);
  // assigned formats (every transport run, capacity search and sweep starts from them): gRPC gets none, every one
  // skipped with buf's lines, so no server of it starts; http1 keeps its pair
  const grpc = await loadTransport('grpc');
  const http1 = await loadTransport('http1');
  const assigned = assignFormats([grpc, http1], await loadCodecs(), { explicit: false, schema: payload.schema });
  assert.deepEqual(assigned.codecsFor.grpc, []);
  assert.deepEqual(assigned.skipped.map((x) => [x.transport, x.format]), [['grpc', 'protobufjs-static']]);
  assert.match(assigned.skipped[0].reason, /^grpc's service is generated from the schema with buf, which rejects/);
  assert.deepEqual(assigned.codecsFor.http1.map((c) => c.name).sort(), pairFormats(http1).slice().sort());
  // npm start's capacity pass names its two sides itself (http1's JSON, grpc's protobuf), not through assignFormats:
  // capacityRefusals leaves grpc out with buf's lines, and measureCapacity given it anyway refuses before any server
  // starts (it used to start a gRPC server with no format, which exited, and the whole run was lost)
  const headline = { http1: (await loadCodecs()).filter((c) => c.name === 'json-buffer'), grpc: all.filter((c) => c.name === 'protobufjs-static') };
  const sendable = await capacityRefusals(payload, headline, ['http1', 'grpc']);
  assert.deepEqual([sendable.transports, Object.keys(sendable.codecsFor)], [['http1'], ['http1']]);
  assert.deepEqual(sendable.skipped.map((x) => [x.transport, x.format]), [['grpc', 'protobufjs-static']]);
  assert.match(sendable.skipped[0].reason, /^grpc's service is generated from the schema with buf, which rejects/);
  await assert.rejects(measureCapacity({ payload, codecsFor: { grpc: headline.grpc }, transports: ['grpc'] }),
    /^Error: measureCapacity: grpc cannot send protobufjs-static \(grpc's service is generated .*\); capacityRefusals leaves such formats out$/);
  // server.js on such a transport: one line naming the transport and buf's lines, exit 2 (it used to crash, exit 1)
  const served = spawnSync(process.execPath, ['server.js', '--data', path.join(bigDir, 'lenient.json'), '--proto', path.join(bigDir, 'lenient.proto'), '--transport', 'grpc'],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.equal(served.status, 2, served.stderr);
  assert.equal(served.stderr.trim().split('\n').at(-1), `server: grpc's service is generated from the schema with buf, which rejects the schema (protobuf.js is more lenient): ${lines}`);
});

test('an import above the schema\'s folder ("../lib/base.proto"): the code generators are unsupported with the import and what to write instead, protobufjs-dynamic reads it; the advice works', async () => {
  // pbjs used to fail with "ENOENT … .cache/protobufjs-static/…tmp/lib/base.proto": the file laid out for it left the import out
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dotdot-'));
  try {
    fs.mkdirSync(path.join(root, 'lib'));
    fs.mkdirSync(path.join(root, 'a'));
    fs.writeFileSync(path.join(root, 'lib', 'base.proto'), 'syntax = "proto3";\npackage base;\nmessage B { int32 x = 1; }\n');
    const main = path.join(root, 'a', 'dotdot.proto');
    const write = (/** @type {string} */ target) => fs.writeFileSync(main, `syntax = "proto3";\npackage a;\nimport "${target}";\nmessage M { base.B b = 1; string s = 2; }\n`);
    fs.writeFileSync(path.join(root, 'm.json'), '{"b": {"x": 1}, "s": "hi"}');
    const codecs = (await loadCodecs()).filter((c) => ['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es'].includes(c.name) && c.available);
    const verdicts = (/** @type {string[]} */ protoPaths) => Object.fromEntries(prepareCodecs(codecs, resolvePayloads({ data: path.join(root, 'm.json'), proto: main, protoPaths })[0]).map((p) => [p.codec.name, describeVerdict(p)]));
    write('../lib/base.proto');
    const refusal = `unsupported: the schema imports ../lib/base.proto, above its own folder, which cannot be laid out for the code generator (protoc and buf refuse ".." in an import path too): import "lib/base.proto" instead, with --proto-path ${root}`;
    assert.deepEqual(verdicts([]), { 'protobufjs-static': refusal, 'protobufjs-dynamic': 'exact', 'protobuf-es': refusal });
    write('lib/base.proto');
    assert.deepEqual(verdicts([root]), { 'protobufjs-static': 'exact', 'protobufjs-dynamic': 'exact', 'protobuf-es': 'exact' });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('buf failing otherwise (not the schema) is an error with buf\'s first lines, not a refusal of the schema', () => {
  const failure = bufFailure({ status: 1, stderr: Buffer.from('Failure: plugin es: exit status 1\nsecond\nthird\nfourth\n') }, '/tmp/x');
  assert.ok(!(failure instanceof Unsupported));
  assert.equal(failure.message, 'buf generate failed (exit status 1): Failure: plugin es: exit status 1; second; third; and 1 more');
  // status 100 without located lines is not read as the schema's fault either
  assert.ok(!(bufFailure({ status: 100, stderr: 'Failure: something else' }, '/tmp/x') instanceof Unsupported));
  // an import buf cannot find is the toolkit's (the files laid out for it left one out), not the schema's
  assert.ok(!(bufFailure({ status: 100, stderr: '/tmp/x/m.proto:2:1:imported file does not exist\n' }, '/tmp/x') instanceof Unsupported));
  // located lines name the files as the schema does, not the scratch folder buf compiled
  assert.equal(bufFailure({ status: 100, stderr: '/tmp/x/a/b.proto:1:2:bad\n' }, '/tmp/x').message,
    'buf, which compiles the schema for this code generator, rejects it (protobuf.js is more lenient): a/b.proto:1:2:bad');
});

test('the canonical proto3 JSON spellings in the fixtures are what the verdicts name', () => {
  const [payload] = resolvePayloads({ data: path.join(DIR, 'order-minimal.json'), proto: path.join(DIR, 'order.proto'), type: 'shop.Order' });
  const [dynamic] = prepareCodecs(codecs.filter((c) => c.name === 'protobufjs-dynamic'), payload);
  // lowerCamelCase keys, the enum by number, unset repeated/map fields and implicit defaults
  assert.equal(describeVerdict(dynamic), 'equivalent (json-name, enum-as-number, empty-as-absent, default-as-absent)');
});

// The entry points as a user runs them on a .proto that imports the well-known types.
const run = (/** @type {string} */ script, /** @type {string[]} */ args) => spawnSync(process.execPath, [script, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '' } });
const WKT = ['--proto', path.join(DIR, 'wellknown.proto')];
const ALL = 'json,protobufjs-static,protobufjs-dynamic,protobuf-es,protobuf-ts,pbf';

test('benchmark_dtq.js --proto wellknown.proto --data wellknown-struct.json: sizes and verdicts per codec, pbf unsupported with its reason', () => {
  const dtq = run('benchmark_dtq.js', [...WKT, '--type', 'telemetry.Config', '--data', path.join(DIR, 'wellknown-struct.json'), '--formats', ALL, '--json']);
  assert.equal(dtq.status, 0, dtq.stderr);
  const [{ payload, codecs: rows }] = JSON.parse(dtq.stdout).results;
  assert.equal(payload.type, 'telemetry.Config');
  const byFormat = Object.fromEntries(rows.map((/** @type {import('../../../lib/measure/sizes.js').SizeRow} */ r) => [r.format, r]));
  assert.deepEqual(Object.keys(byFormat).sort(), ALL.split(',').sort());
  for (const name of ['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es', 'protobuf-ts']) {
    assert.deepEqual([byFormat[name].status, byFormat[name].normalised], ['equivalent', ['json-name']], name);
  }
  // one wire format: every protobuf codec writes the same number of bytes
  assert.equal(new Set(['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es', 'protobuf-ts'].map((n) => byFormat[n].bytes)).size, 1);
  assert.ok(byFormat['protobufjs-static'].bytes > 0);
  assert.equal(byFormat.pbf.status, 'unsupported');
  assert.match(byFormat.pbf.reason, /^pbf's compiler merges imported files without their packages, so field Config\.settings of type google\.protobuf\.Struct/);
});

test('benchmark_dtq.js --data extensions.json --proto extensions.proto --formats all: the extensions carried, one wire format, the codecs that cannot carry them unsupported; a wrong key refused', () => {
  const proto = path.join(DIR, 'extensions.proto');
  const dtq = run('benchmark_dtq.js', ['--data', path.join(DIR, 'extensions.json'), '--proto', proto, '--formats', 'all', '--json']);
  assert.equal(dtq.status, 0, dtq.stderr);
  const [{ payload, codecs: rows }] = JSON.parse(dtq.stdout).results;
  assert.equal(payload.type, 'catalog.Product');
  const byFormat = Object.fromEntries(rows.map((/** @type {import('../../../lib/measure/sizes.js').SizeRow} */ r) => [r.format, r]));
  const carrying = ['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es'];
  for (const name of [...carrying, 'protobuf-es-json', 'json']) assert.equal(byFormat[name].status, 'exact', `${name}: ${byFormat[name].reason}`);
  // one wire format: the binary codecs write the same bytes' worth (protobuf-es writes the extensions last, in another order)
  assert.deepEqual(carrying.map((n) => byFormat[n].bytes), [94, 94, 94]);
  for (const name of ['protobuf-ts', 'pbf']) {
    assert.equal(byFormat[name].status, 'unsupported', name);
    assert.match(byFormat[name].reason, /: extension catalog\.rating \(\$\.variants\[0\]\["\[catalog\.rating\]"\]\)$/, name);
  }
  // protobuf.js's own spelling of an extension's key: one line naming the key it should be, exit 2
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'extensions-'));
  try {
    fs.writeFileSync(path.join(dir, 'bad.json'), '{"sku": "A", ".catalog.rating": 4}');
    const bad = run('benchmark_dtq.js', ['--data', path.join(dir, 'bad.json'), '--proto', proto, '--formats', 'all']);
    assert.equal(bad.status, 2, bad.stderr);
    assert.equal(bad.stdout, '');
    assert.equal(bad.stderr, `benchmark_dtq: ${path.join(dir, 'bad.json')}: ` + '$[".catalog.rating"]: message Product has no field for this key (an extension is keyed by its full name in brackets, '
      + `"[catalog.rating]"; ".catalog.rating" is protobuf.js's own spelling, which no proto3 JSON parser reads) (checked against message catalog.Product, the first in ${proto}; choose another with --type)\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('protobuf-es-json writes and reads an extension by its proto3 JSON key; protobuf-es refuses one its generated code does not hold', async () => {
  const [payload] = resolvePayloads({ data: path.join(DIR, 'extensions.json'), proto: path.join(DIR, 'extensions.proto') });
  const esJson = (await loadCodecs()).filter((c) => c.name === 'protobuf-es-json');
  const [p] = prepareCodecs(esJson, payload);
  assert.equal(describeVerdict(p), 'exact');
  const text = /** @type {NonNullable<typeof p.instance>} */ (p.instance).encode(p.native);
  assert.deepEqual(Object.keys(JSON.parse(String(text))), ['sku', 'title', 'variants', '[catalog.Review.summary]', '[catalog.rating]', '[catalog.tags]']);
  // --type naming a message of an imported file that the schema's own file extends: the extension is in protobuf.js's
  // reading of the schema, not in the code generated for the message's file
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'extensions-'));
  try {
    fs.writeFileSync(path.join(dir, 'base.proto'), 'syntax = "proto2";\npackage b;\nmessage M { optional int32 x = 1; extensions 10 to 20; }\n');
    fs.writeFileSync(path.join(dir, 'user.proto'), 'syntax = "proto2";\npackage u;\nimport "base.proto";\nextend b.M { optional int32 y = 10; }\n');
    fs.writeFileSync(path.join(dir, 'm.json'), '{"x": 1, "[u.y]": 2}');
    const [foreign] = resolvePayloads({ data: path.join(dir, 'm.json'), proto: path.join(dir, 'user.proto'), type: 'b.M' });
    const verdicts = prepareCodecs([...codecs, ...esJson], foreign).map((q) => [q.codec.name, describeVerdict(q)]);
    const unheld = 'unsupported: protobuf-es\'s code generated for the file that declares b.M does not hold extension u.y ($["[u.y]"]), declared in a file that one does not import';
    assert.deepEqual(verdicts.filter(([name]) => name.startsWith('protobuf-es')), [['protobuf-es', unheld], ['protobuf-es-json', unheld]]);
    assert.deepEqual(verdicts.filter(([name]) => name.startsWith('protobufjs')), [['protobufjs-static', 'exact'], ['protobufjs-dynamic', 'exact']]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('benchmark_dss.js on a Timestamp-bearing .proto: measured, with the verdict naming timestamp-instant', () => {
  const dss = run('benchmark_dss.js', [...WKT, '--type', 'telemetry.Reading', '--data', path.join(DIR, 'wellknown-timestamp-spellings.json'),
    '--formats', 'protobufjs-static,protobuf-es,protobuf-ts,pbf', '--filter', 'encode|decode', '--rounds', '1', '--max-time', '0.05', '--warmup', '0.01', '--slice', '2', '--no-memory']);
  assert.equal(dss.status, 0, dss.stderr);
  const rows = dss.stdout.split('\n').filter((l) => /^\| (protobufjs-static|protobuf-es|protobuf-ts|pbf) /.test(l)).map((l) => l.split('|').map((s) => s.trim()));
  const measured = rows.filter((r) => r[1] !== 'pbf');
  assert.deepEqual(measured.map((r) => `${r[1]} ${r[3]}`).sort(),
    ['protobuf-es decode', 'protobuf-es encode', 'protobuf-ts decode', 'protobuf-ts encode', 'protobufjs-static decode', 'protobufjs-static encode']);
  for (const r of measured) {
    assert.match(r[4], /^[\d,]+$/, 'an ops/s figure');
    assert.equal(r.at(-2), 'equivalent (json-name, timestamp-instant)');
  }
  assert.match(rows.find((r) => r[1] === 'pbf')?.at(-2) ?? '', /^unsupported: pbf's compiler merges imported files without their packages/);
});

test('an invalid well-known value from the command line: one line naming the path and the rule, exit 2', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wkt-bad-'));
  try {
    const cases = [
      ['{"id": "j", "timeout": "-315576000001s"}', 'telemetry.Job',
        '$.timeout: "-315576000001s" is not a google.protobuf.Duration: outside the Duration range of ±315576000000 seconds (10,000 years)'],
      ['{"sensor": "s", "takenAt": {"seconds": "253402300800"}}', 'telemetry.Reading',
        '$.takenAt: not a google.protobuf.Timestamp: seconds 253402300800 is outside the Timestamp range 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z (-62135596800 to 253402300799)'],
      ['{"sensor": "s", "history": ["2024-01-02T03:04:05.123+0100"]}', 'telemetry.Reading',
        '$.history[0]: "2024-01-02T03:04:05.123+0100" is not a google.protobuf.Timestamp: proto3 JSON writes a Timestamp as an RFC 3339 date-time, "2024-01-02T03:04:05.123Z" or with an offset "+01:00"'],
    ];
    for (const [json, type, line] of cases) {
      fs.writeFileSync(path.join(dir, 'bad.json'), json);
      const dtq = run('benchmark_dtq.js', [...WKT, '--type', type, '--data', path.join(dir, 'bad.json')]);
      assert.equal(dtq.status, 2, dtq.stderr);
      assert.equal(dtq.stdout, '');
      assert.equal(dtq.stderr, `benchmark_dtq: ${path.join(dir, 'bad.json')}: ${line}\n`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('numbers in strings as ProtoJSON reads them ("1.5", "12", "1e2"): every protobuf codec encodes the message the numbers give', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'number-strings-'));
  try {
    fs.writeFileSync(path.join(dir, 'n.proto'), 'syntax = "proto3";\nmessage N { double d = 1; float f = 2; int32 i = 3; uint32 u = 4; sint32 s = 5; '
      + 'fixed32 x = 6; sfixed32 y = 7; repeated int32 r = 8; map<string, double> m = 9; optional int32 o = 10; }\n');
    fs.writeFileSync(path.join(dir, 'strings.json'), '{"d": "1.5", "f": "0.25", "i": "12", "u": "4294967295", "s": "-3", "x": "1e2", "y": "-2147483648", "r": ["1", 2, "3.0"], "m": {"a": "2.5e-3"}, "o": "7"}');
    fs.writeFileSync(path.join(dir, 'numbers.json'), '{"d": 1.5, "f": 0.25, "i": 12, "u": 4294967295, "s": -3, "x": 100, "y": -2147483648, "r": [1, 2, 3], "m": {"a": 2.5e-3}, "o": 7}');
    const [strings] = resolvePayloads({ data: path.join(dir, 'strings.json'), proto: path.join(dir, 'n.proto') });
    const [numbers] = resolvePayloads({ data: path.join(dir, 'numbers.json'), proto: path.join(dir, 'n.proto') });
    const esJson = (await loadCodecs()).filter((c) => c.name === 'protobuf-es-json');
    const all = [...codecs, ...esJson];
    const fromStrings = prepareCodecs(all, strings);
    assert.deepEqual(fromStrings.map((p) => [p.codec.name, describeVerdict(p)]),
      [...PROTOBUF, 'protobuf-es-json'].map((name) => [name, 'equivalent (number-as-string)']));
    // the same bytes as the numbers give, codec by codec
    const bytes = (/** @type {import('../../../lib/verify.js').Prepared[]} */ prepared) => prepared.map((p) => [p.codec.name,
      Buffer.from(/** @type {NonNullable<typeof p.instance>} */ (p.instance).encode(p.native)).toString('hex')]);
    assert.deepEqual(bytes(fromStrings), bytes(prepareCodecs(all, numbers)));
    // Int32Value, UInt32Value, DoubleValue, FloatValue: bare and written as their fields (pbf does not resolve google.protobuf types)
    fs.writeFileSync(path.join(dir, 'w.json'), '{"age": "30", "rank": {"value": "4e9"}, "score": "-0.5", "ratio": {"value": "0.25"}}');
    const [wrappers] = resolvePayloads({ data: path.join(dir, 'w.json'), proto: path.join(DIR, 'wellknown.proto'), type: 'telemetry.Profile' });
    assert.deepEqual(prepareCodecs(all.filter((c) => c.name !== 'pbf'), wrappers).map((p) => [p.codec.name, describeVerdict(p)]),
      [...PROTOBUF.filter((name) => name !== 'pbf'), 'protobuf-es-json'].map((name) => [name, `equivalent (number-as-string, wrapper-value${name === 'protobuf-ts' ? '' : ', null-as-absent'})`]));
    // what ProtoJSON refuses, from the command line: one line naming the path and the problem, exit 2
    fs.writeFileSync(path.join(dir, 'bad.json'), '{"d": "1.5", "r": [1, "0x10"]}');
    const dtq = run('benchmark_dtq.js', ['--data', path.join(dir, 'bad.json'), '--proto', path.join(dir, 'n.proto')]);
    assert.equal(dtq.status, 2, dtq.stderr);
    assert.equal(dtq.stdout, '');
    assert.equal(dtq.stderr, `benchmark_dtq: ${path.join(dir, 'bad.json')}: ` + '$.r[1]: string "0x10" does not fit field r of type int32 (a number in a string is read only as JSON writes one: '
      + `"12", "-3", "1e2") (checked against message N, the first in ${path.join(dir, 'n.proto')}; choose another with --type)\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('in a Chromium page too: lowerCamelCase keys and a Timestamp string round-trip, not a false LOSSY (the page rebuilds the adapter)', { timeout: 300_000 }, (t) => {
  if (!CHROMIUM_PATHS.some((p) => fs.existsSync(p))) {
    if (process.env.REQUIRE_CHROMIUM) assert.fail(`REQUIRE_CHROMIUM is set but no Chromium at ${CHROMIUM_PATHS.join(' or ')}`);
    t.skip('no system Chromium');
    return;
  }
  const dtq = run('benchmark_dtq.js', [...WKT, '--type', 'telemetry.Reading', '--data', path.join(DIR, 'wellknown-timestamp.json'),
    '--formats', 'protobufjs-static,protobuf-es', '--runtimes', 'chromium', '--json']);
  assert.equal(dtq.status, 0, dtq.stderr);
  const [{ runtimes: [page] }] = JSON.parse(dtq.stdout).verdicts;
  assert.equal(page.runtime, 'chromium');
  assert.deepEqual(page.verdicts.map((/** @type {{ format: string, status: string, normalised: string[] }} */ v) => [v.format, v.status, v.normalised]),
    [['protobufjs-static', 'equivalent', ['json-name']], ['protobuf-es', 'equivalent', ['json-name']]]);
});

test('protobuf-es-json (toJsonString/fromJsonString) carries every well-known type, an Any through the schema\'s registry', async () => {
  const [esJson] = (await loadCodecs()).filter((c) => c.name === 'protobuf-es-json');
  for (const fixture of FIXTURES.filter((f) => f.proto === 'wellknown.proto')) {
    const [payload] = resolvePayloads({ data: path.join(DIR, fixture.data), proto: path.join(DIR, fixture.proto), type: fixture.type });
    const [p] = prepareCodecs([esJson], payload);
    const expected = typeof fixture.verdict === 'string' ? fixture.verdict : fixture.verdict?.['protobuf-es'];
    assert.equal(describeVerdict(p), expected, fixture.data);
  }
});

/**
 * A codec's generated code for a schema, generated here and now under a cache key of this test's own (not found from
 * an earlier run), imported, then removed: the module's file, its path in the key's folder, and its export names.
 * @param {string} name
 * @param {import('../../../lib/schema/index.js').Schema} schema
 */
async function coldModule(name, schema) {
  const codec = codecs.find((c) => c.name === name);
  assert.ok(codec?.generator, name);
  const key = `cold-${process.pid}`;
  try {
    const file = cachedModulePath({ name, generator: codec.generator }, schema, key);
    const exports = Object.keys(await import(pathToFileURL(file).href));
    // below the key's folder, the generator's (codegen.js: its packages' versions, the files it was given)
    return { file, relative: path.join(...path.relative(path.join(CACHE_DIR, name, key), file).split(path.sep).slice(1)), exports };
  } finally {
    fs.rmSync(path.join(CACHE_DIR, name, key), { recursive: true, force: true });
  }
}

test('a schema tree rebuilt in another process (its portable form) generates its code from a cold cache: the layout comes along', async () => {
  const [payload] = resolvePayloads({ data: path.join(DIR, 'tree-order.json'), proto: path.join(DIR, 'tree/acme/orders/v1/order.proto'), type: 'acme.orders.v1.Order' });
  // as a speed process or a runtime worker receives it: through JSON, with no protobuf.js Root.files
  const rebuilt = rebuildPayload(JSON.parse(JSON.stringify(portablePayload(payload))));
  assert.deepEqual(rebuilt.schema.layout, payload.schema.layout);
  for (const name of ['protobufjs-static', 'protobuf-es']) {
    // the code loads, and with it the code of the files it imports (protobuf-es's imports money_pb.js)
    const { file, exports } = await coldModule(name, rebuilt.schema);
    assert.ok(exports.length > 0, `${name}: ${file} exports nothing`);
  }
});

test('--type naming a message of an imported file, rebuilt in another process (its portable form): protobuf-es and protobuf-ts load that file\'s code, pbf is unsupported with its reason', async () => {
  const [payload] = resolvePayloads({ data: path.join(DIR, 'tree-money.json'), proto: path.join(DIR, 'tree/acme/orders/v1/order.proto'), type: 'acme.common.v1.Money' });
  assert.equal(payload.schema.typeFile, path.join(DIR, 'tree/acme/common/v1/money.proto'));
  // as a speed process receives it: through JSON, a Root that knows no file names
  const rebuilt = rebuildPayload(JSON.parse(JSON.stringify(portablePayload(payload))));
  assert.equal(rebuilt.schema.typeFile, payload.schema.typeFile);
  const some = codecs.filter((c) => ['protobuf-es', 'protobuf-ts', 'pbf'].includes(c.name));
  assert.deepEqual(prepareCodecs(some, rebuilt).map((p) => [p.codec.name, p.status]),
    [['protobuf-es', 'equivalent'], ['protobuf-ts', 'equivalent'], ['pbf', 'unsupported']]);
  for (const name of ['protobuf-es', 'protobuf-ts']) {
    // the module of money.proto, at its path in the tree, not order.proto's; generated, and declaring Money
    const { relative, exports } = await coldModule(name, rebuilt.schema);
    assert.equal(relative, codecs.find((c) => c.name === name)?.generator?.file('acme/common/v1/money'));
    assert.ok(exports.some((k) => k.startsWith('Money')), `${name}: ${exports.join(', ')}`);
  }
});

test('a service schema importing googleapis\' annotations from a --proto-path, rebuilt in another process (its portable form): every code generator runs from a cold cache', async () => {
  const fixture = FIXTURES.find((f) => f.data === 'service-greet.json');
  assert.ok(fixture);
  const payload = fixturePayload(fixture);
  // as a speed process or a runtime worker receives it: through JSON, with no protobuf.js Root.files
  const rebuilt = rebuildPayload(JSON.parse(JSON.stringify(portablePayload(payload))));
  assert.deepEqual(rebuilt.schema.layout, payload.schema.layout);
  assert.deepEqual(rebuilt.schema.layout?.map((f) => f.name).filter((n) => n.startsWith('google/')),
    ['google/api/annotations.proto', 'google/api/http.proto', 'google/protobuf/descriptor.proto']);
  const generating = codecs.filter((c) => c.generator);
  assert.deepEqual(generating.map((c) => c.name).sort(), ['pbf', 'protobuf-es', 'protobuf-ts', 'protobufjs-static']);
  for (const codec of generating) {
    const own = /** @type {import('../../../lib/codecs/codegen.js').Generator} */ (codec.generator);
    /** @type {string[]} the .proto files the tool was given */
    let given = [];
    const generator = { ...own, generate: (/** @type {string} */ protoDir, /** @type {string} */ outDir) => {
      given = fs.readdirSync(protoDir, { recursive: true }).map(String).filter((f) => f.endsWith('.proto')).map((f) => f.split(path.sep).join('/')).sort();
      own.generate(protoDir, outDir);
    } };
    // a key of this test's own, so the code is generated here and now, not found from an earlier run
    const key = `cold-service-${process.pid}`;
    try {
      const file = cachedModulePath({ name: codec.name, generator }, rebuilt.schema, key);
      const mod = await import(pathToFileURL(file).href);
      assert.ok(Object.keys(mod).length > 0, `${codec.name}: ${file} exports nothing`);
      // buf carries google/protobuf/*.proto itself and refuses protobufjs's descriptor.proto beside its own ("mismatched
      // types"): it is given none; pbjs and pbf get protobufjs's copy by the path the import names
      const files = ['acme/greeter/v1/greeting.proto', 'google/api/annotations.proto', 'google/api/http.proto',
        ...(own.carriesWellKnownTypes ? [] : ['google/protobuf/descriptor.proto']), 'greeter.proto'];
      assert.deepEqual(given, files, codec.name);
    } finally {
      fs.rmSync(path.join(CACHE_DIR, codec.name, key), { recursive: true, force: true });
    }
  }
  // and what the verdicts are made of: one wire format
  const prepared = prepareCodecs(codecs, rebuilt);
  const wire = prepared.map((p) => Buffer.from(/** @type {NonNullable<typeof p.instance>} */ (p.instance).encode(p.native)).toString('hex'));
  assert.equal(new Set(wire).size, 1, wire.join(' '));
});

test('benchmark_dtq.js --proto greeter.proto --proto-path googleapis: every protobuf codec measured, one size; without --proto-path, the import is named', () => {
  const args = ['--proto', path.join(DIR, 'service/acme/greeter/v1/greeter.proto'), '--type', 'GreetRequest', '--data', path.join(DIR, 'service-greet.json'), '--formats', ALL, '--json'];
  const dtq = run('benchmark_dtq.js', [...args, '--proto-path', path.join(DIR, 'googleapis')]);
  assert.equal(dtq.status, 0, dtq.stderr);
  const [{ payload, codecs: rows }] = JSON.parse(dtq.stdout).results;
  assert.equal(payload.type, 'acme.greeter.v1.GreetRequest');
  const protobufRows = rows.filter((/** @type {{ format: string }} */ r) => r.format !== 'json');
  assert.deepEqual(protobufRows.map((/** @type {{ format: string, status: string }} */ r) => [r.format, r.status]).sort(),
    ALL.split(',').filter((f) => f !== 'json').map((f) => [f, 'exact']).sort());
  assert.equal(new Set(protobufRows.map((/** @type {{ bytes: number }} */ r) => r.bytes)).size, 1);
  const without = run('benchmark_dtq.js', args);
  assert.equal(without.status, 2);
  assert.equal(without.stderr, `benchmark_dtq: ${path.join(DIR, 'service/acme/greeter/v1/greeter.proto')}: import "google/api/annotations.proto" in greeter.proto `
    + `is found neither beside that file nor under ${path.join(DIR, 'service/acme/greeter/v1')} or any folder above it\n`);
});
