// The fixture suite of hand-written schemas in users' styles (test/fixtures/schemas, issue 16), through every
// protobuf codec: each is exact or equivalent under the proto3 JSON mapping, or is listed below with the verdict
// it gets and why (a library's own limitation, checked to be real). In e2e: the codegen codecs spawn buf/pbjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCodecs } from '../../../lib/codecs/index.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { describeVerdict, prepareCodecs } from '../../../lib/verify.js';
import { ROOT } from '../../../lib/paths.js';

const DIR = path.join(ROOT, 'test', 'fixtures', 'schemas');
const PROTOBUF = ['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es', 'protobuf-ts', 'pbf'];
const codecs = (await loadCodecs()).filter((c) => PROTOBUF.includes(c.name) && c.available);

const FIXTURES = [
  { data: 'addressbook.json', proto: 'addressbook.proto', type: 'tutorial.Person' }, // proto2: required, defaults, nested enum
  { data: 'order.json', proto: 'order.proto', type: 'shop.Order' }, // proto3: enums, oneof, maps, optional, import, int64 strings, bytes
  { data: 'order-minimal.json', proto: 'order.proto', type: 'shop.Order' }, // enum by number, a oneof and an optional set to zero
  { data: 'measurements.json', proto: 'measurements.proto' }, // -0 in doubles with and without presence
  // well-known types, written as their messages' fields: the toolkit does not map their proto3 JSON strings yet
  { data: 'event.json', proto: 'event.proto', type: 'audit.Event' },
];

/**
 * Verdicts that are not exact or equivalent, each a library's own behaviour (not the toolkit's comparison):
 * fixture → codec → [status, what the verdict line must say].
 */
const KNOWN = {
  'addressbook.json': {
    // pbf's compiler writes a proto2 string default with its quotes: an absent nickname reads back as '"none"'
    pbf: ['lossy', /^LOSSY at \$\.nickname: \(absent\) → "\\"none\\""$/],
  },
  'order.json': {
    // pbf's compiler does not resolve a type from another package (shop.common.Money, imported)
    pbf: ['failed', /Unexpected type: shop\.common\.Money/],
  },
  'order-minimal.json': {
    pbf: ['failed', /Unexpected type: shop\.common\.Money/],
  },
  'event.json': {
    // pbf's compiler reads google/protobuf/*.proto from disk, and neither pbf nor the toolkit ships them
    pbf: ['failed', /google\/protobuf\/timestamp\.proto/],
  },
};

for (const fixture of FIXTURES) {
  test(`fixture ${fixture.data} (${fixture.proto}): every protobuf codec is exact or equivalent, or a known library limit`, () => {
    assert.equal(codecs.length, PROTOBUF.length, 'every protobuf codec is available');
    const [payload] = resolvePayloads({ data: path.join(DIR, fixture.data), proto: path.join(DIR, fixture.proto), type: fixture.type });
    const prepared = prepareCodecs(codecs, payload);
    for (const p of prepared) {
      const line = describeVerdict(p);
      const known = KNOWN[fixture.data]?.[p.codec.name];
      if (known) {
        assert.equal(p.status, known[0], `${p.codec.name}: ${line}`);
        assert.match(line, known[1], p.codec.name);
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

test('a well-known type in its proto3 JSON form (a string) is refused in one line naming it', () => {
  const file = path.join(os.tmpdir(), `event-string-${process.pid}.json`);
  fs.writeFileSync(file, '{"name": "login", "occurredAt": "2023-11-14T22:13:20.123Z"}');
  try {
    assert.throws(() => resolvePayloads({ data: file, proto: path.join(DIR, 'event.proto'), type: 'audit.Event' }),
      /^UserError: \$\.occurredAt: string "2023-11-14T22:13:20\.123Z" is the proto3 JSON form of google\.protobuf\.Timestamp, which the toolkit does not map yet; write the message's fields \(seconds, nanos\) instead$/);
  } finally {
    fs.rmSync(file, { force: true });
  }
});

test('the canonical proto3 JSON spellings in the fixtures are what the verdicts name', () => {
  const [payload] = resolvePayloads({ data: path.join(DIR, 'order-minimal.json'), proto: path.join(DIR, 'order.proto'), type: 'shop.Order' });
  const [dynamic] = prepareCodecs(codecs.filter((c) => c.name === 'protobufjs-dynamic'), payload);
  // lowerCamelCase keys, the enum by number, unset repeated/map fields and implicit defaults
  assert.equal(describeVerdict(dynamic), 'equivalent (json-name, enum-as-number, empty-as-absent, default-as-absent)');
});
