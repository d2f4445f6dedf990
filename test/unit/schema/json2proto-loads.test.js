// json2proto never writes a .proto the toolkit refuses to load (issue 16): for every JSON fixture and bundled
// payload, and for the depths the docs promise, what it prints loads with loadSchemaFile, as the benchmarks load
// --proto FILE, and the JSON fits it and round-trips through protobuf.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../scripts/json2proto.js';
import { checkFits, loadSchemaFile, schemaForPayload } from '../../../lib/schema/index.js';
import { verifyRoundTrip } from '../../../lib/verify.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import { ROOT } from '../../../lib/paths.js';
import { readCorpusFile } from '../../../lib/payload/corpus.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2proto-loads-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** @param {string} file @param {string[]} options */
function json2proto(file, ...options) {
  let out = '';
  let err = '';
  const code = main([file, ...options], { stdout: { write: (s) => { out += s; } }, stderr: { write: (s) => { err += s; } } });
  return { code, out, err };
}

/** Writes the .proto json2proto printed, loads it like --proto, and round-trips the JSON through it. */
/** @param {string} jsonFile @param {string[]} options json2proto's */
function loadsAndRoundTrips(jsonFile, ...options) {
  const r = json2proto(jsonFile, ...options);
  assert.equal(r.code, 0, r.err);
  const protoFile = path.join(dir, `${path.basename(jsonFile)}.proto`);
  fs.writeFileSync(protoFile, r.out);
  const schema = loadSchemaFile(protoFile);
  // json2proto reads FILE as --data does: an array of objects is a corpus of records, each one message
  for (const [i, value] of readCorpusFile(jsonFile).corpus.entries()) {
    const forPayload = schemaForPayload(schema, checkFits(schema.type, value));
    const v = verifyRoundTrip(dynamic.create({ schema: forPayload }), value, dynamic.normalise, undefined, schema.type);
    assert.ok(v.status === 'exact' || v.status === 'equivalent', `${jsonFile} record ${i}: ${JSON.stringify(v)}`);
  }
}

const jsonFixtures = [
  ...fs.readdirSync(path.join(ROOT, 'test', 'fixtures')).filter((f) => f.endsWith('.json')).map((f) => path.join(ROOT, 'test', 'fixtures', f)),
  ...fs.readdirSync(path.join(ROOT, 'test', 'fixtures', 'schemas')).filter((f) => f.endsWith('.json')).map((f) => path.join(ROOT, 'test', 'fixtures', 'schemas', f)),
  ...[1, 2, 3, 4, 5].map((n) => path.join(ROOT, 'data', `test${n}.json`)),
];

test('every JSON fixture: what json2proto writes loads, or json2proto refuses in one line (exit 2)', () => {
  assert.ok(jsonFixtures.length >= 10);
  for (const file of jsonFixtures) {
    const r = json2proto(file);
    if (r.code === 0) loadsAndRoundTrips(file);
    else {
      assert.equal(r.code, 2, file);
      assert.match(r.err, /^json2proto: [^\n]+\n$/, file);
    }
  }
});

test('every JSON fixture with --mixed-as-value: what it writes loads and round-trips, and the fixtures refused only for mixing kinds are among them', () => {
  const mixing = [];
  for (const file of jsonFixtures) {
    const plain = json2proto(file);
    const r = json2proto(file, '--mixed-as-value');
    if (r.code === 0) {
      loadsAndRoundTrips(file, '--mixed-as-value');
      if (plain.code !== 0) mixing.push(path.basename(file));
      else assert.equal(r.out.replace(/ --mixed-as-value/, ''), plain.out, `${file}: nothing mixes, so the same schema`);
    } else {
      assert.equal(r.code, 2, file);
      assert.doesNotMatch(r.err, /mixes|field is \w+ in one object/, `${file}: refused for mixing kinds even so`);
    }
  }
  // the well-known-types fixtures also hold null in a list, which the option types google.protobuf.Value too
  assert.deepEqual(mixing.sort(), ['geojson.json', 'mixed-array.json', 'wellknown-any.json', 'wellknown-struct.json']);
});

/** @param {number} depth @param {(v: any) => any} [wrap] @returns {any} */
function nested(depth, wrap = (v) => ({ n: v })) {
  /** @type {any} */
  let v = { leaf: 1 };
  for (let i = 1; i < depth; i++) v = wrap(v);
  return v;
}

test('depth: objects nested 33 to 100 deep give a .proto that loads (messages beyond 30 levels are hoisted)', () => {
  for (const depth of [31, 33, 64, 100]) {
    const file = path.join(dir, `deep${depth}.json`);
    fs.writeFileSync(file, JSON.stringify(nested(depth)));
    loadsAndRoundTrips(file);
  }
  const mixed = path.join(dir, 'deep-mixed.json');
  fs.writeFileSync(mixed, JSON.stringify(nested(50, (v) => ({ n: [v], m: { k: [[1, 2]] } }))));
  loadsAndRoundTrips(mixed);
  // one level beyond the promise is refused, in one line
  const deeper = path.join(dir, 'deep101.json');
  fs.writeFileSync(deeper, JSON.stringify(nested(102)));
  assert.match(json2proto(deeper).err, /^json2proto: .*deep101\.json: \$(\.n)+: nested deeper than 100 levels\n$/);
});

test('a key "" gets json_name = "" and the benchmarks accept it', () => {
  const file = path.join(dir, 'empty-key.json');
  fs.writeFileSync(file, '{"": 1, "a": {"": "x"}}');
  assert.match(json2proto(file).out, /\[json_name = ""\]/);
  loadsAndRoundTrips(file);
});
