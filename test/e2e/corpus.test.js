// Corpora from the command line: --data FILE with records, --records PATH, and their bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-e2e-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * @param {string} name
 * @param {string} text
 */
function write(name, text) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * @param {string} script
 * @param {string[]} args
 */
function run(script, ...args) {
  const r = spawnSync(process.execPath, [path.join(ROOT, script), ...args], { cwd: tmp, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Exit 2, exactly one line on stderr, no stack trace, nothing on stdout. */
/**
 * @param {ReturnType<typeof run>} r
 * @param {RegExp} pattern
 */
function assertUserError(r, pattern) {
  assert.equal(r.code, 2, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  assert.equal(r.stdout, '');
}

const doc = write('doc.json', JSON.stringify({ count: 3, title: 'x', users: [{ id: 1, name: 'a' }, { id: 2, name: 'b' }, { id: 3, name: 'c' }] }));

test('--records naming a missing key, a non-array, or an empty array: one line, exit 2', () => {
  assertUserError(run('benchmark_dtq.js', '--data', doc, '--records', 'people'), /^benchmark_dtq: .*doc\.json: --records people: nothing at \$\.people \(\$ is an object with keys "count", "title", "users"\)$/);
  assertUserError(run('benchmark_dtq.js', '--data', doc, '--records', 'title'), /--records title: \$\.title is a string, not an array of records$/);
  assertUserError(run('benchmark_dtq.js', '--data', write('empty.json', '{"users": []}'), '--records', 'users'), /\$\.users is an empty array \(an empty corpus\)$/);
  assertUserError(run('benchmark_dtq.js', '--records', 'users', '3'), /^benchmark_dtq: --records picks the records inside --data FILE; give --data too$/);
});

test('records that cannot share one schema: the first record and path that disagrees, exit 2', () => {
  const bad = write('bad.ndjson', '{"id": 1, "name": "a"}\n{"id": 2, "name": "b"}\n{"id": "three", "name": "c"}\n');
  assertUserError(run('benchmark_dtq.js', '--data', bad), /^benchmark_dtq: \S+bad\.ndjson: record 3: \$\.id: field is number in one object and string in another \(records must share one schema\); `node scripts\/json2proto\.js \S+bad\.ndjson --mixed-as-value --out FILE\.proto` types such places google\.protobuf\.Value in the schema it writes, to give as --proto FILE\.proto$/);
});

test('benchmark_dtq.js --data FILE --records KEY on a document holding its records under a key: sizes over every record', () => {
  const fixture = path.join(ROOT, 'test', 'fixtures', 'bike-trips.json');
  const r = run('benchmark_dtq.js', '--data', fixture, '--records', 'trips', '--formats', 'json-buffer,protobufjs-static,msgpackr', '--json');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  const [result] = JSON.parse(r.stdout).corpus;
  const { trips } = JSON.parse(fs.readFileSync(fixture, 'utf8'));
  /** @type {unknown[]} */
  const records = trips;
  const jsonSizes = records.map((t) => Buffer.byteLength(JSON.stringify(t)));
  assert.equal(result.corpus.messages, trips.length);
  assert.equal(result.corpus.json.total, jsonSizes.reduce((a, b) => a + b));
  const byFormat = Object.fromEntries(result.codecs.map((/** @type {import('../../lib/measure/sizes.js').CorpusSizeRow} */ c) => [c.format, c]));
  const { 'json-buffer': json, 'protobufjs-static': proto, msgpackr: msgpack } = byFormat;
  for (const c of result.codecs) assert.equal(c.status, 'exact', `${c.format}: ${c.reason ?? JSON.stringify(c.diff)}`);
  assert.equal(json.perMessage.total, result.corpus.json.total);
  assert.equal(json.perMessage.max, Math.max(...jsonSizes));
  assert.ok(proto.perMessage.total < msgpack.perMessage.total && msgpack.perMessage.total < json.perMessage.total);
  assert.equal(json.compressed.httpGzip.messages, trips.length);
  assert.equal(json.compressed.deflateDictionary.messages, trips.length - 100);
  // the table as printed
  const table = run('benchmark_dtq.js', '--data', fixture, '--records', 'trips', '--formats', 'json-buffer,protobufjs-static');
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /Bytes per message over the corpus of 200 messages/);
  assert.match(table.stdout, /^bike-trips: over the [\d,]+ messages outside the training slice, JSON with a [\d,]+-byte deflate dictionary takes [\d.,]+ B per message/m);
});

test('a training slice as large as the corpus, or --train without a number: one line, exit 2', () => {
  const fixture = path.join(ROOT, 'test', 'fixtures', 'bike-trips.json');
  assertUserError(run('benchmark_dtq.js', '--data', fixture, '--records', 'trips', '--train', '200'), /^benchmark_dtq: --train 200: the training slice must leave messages to measure the dictionary on, and the corpus holds 200$/);
  assertUserError(run('benchmark_dtq.js', '5', '--train', 'lots'), /^benchmark_dtq: --train: expected a whole number ≥ 1, got "lots"$/);
});
