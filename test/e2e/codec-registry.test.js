// The codec registry: one file per codec, statuses as docs/codecs.md states them,
// unavailable and unsupported reported rather than thrown, --list and --formats.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCodecs, selectCodecs } from '../../lib/codecs/index.js';
import { codecStatuses, codecStatusMarkdown, readmeStatusBlock } from '../../scripts/lib/codec-status.js';
import { staleGeneratedFiles } from '../../lib/codecs/codegen.js';
import { Unsupported } from '../../lib/errors.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { ROOT } from '../../lib/paths.js';
import { prepareCodecs } from '../../lib/verify.js';
import { parseSchema } from '../../lib/schema/index.js';

const run = (/** @type {string} */ script, /** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, script), ...args], { cwd: ROOT, encoding: 'utf8' });
// the registry, the shared codegen runner, the native-form interface, the baseline, the factory the records
// variants share, the corpus check the schemaless codecs share and the library version reader are the only files in
// lib/codecs/ that are not codecs
const NOT_CODECS = new Set(['index.js', 'codegen.js', 'native-form.js', 'baseline.js', 'records-variant.js', 'corpus-check.js', 'library-version.js']);
const codecFileNames = () => fs.readdirSync(path.join(ROOT, 'lib', 'codecs'))
  .filter((f) => f.endsWith('.js') && !NOT_CODECS.has(f)).map((f) => f.slice(0, -3)).sort();
/** The registered codec of that name; fails the test when there is none. */
const byName = async (/** @type {string} */ name) => {
  const codec = (await loadCodecs()).find((c) => c.name === name);
  assert.ok(codec, `${name} is registered`);
  return codec;
};

test('every file in lib/codecs/ but the registry, the codegen runner, the native-form interface, the baseline, the records-variant factory, the corpus check and the library version reader is a registered codec named after its file, and nothing else is registered', async () => {
  const files = codecFileNames();
  const codecs = await loadCodecs();
  assert.deepEqual(codecs.map((c) => c.name).sort(), files);
  for (const c of codecs) assert.ok(!c.reason?.startsWith('cannot load'), `${c.name}: ${c.reason}`);
});

test('docs/codecs.md\'s codec table is what the codecs do now (regenerate: node scripts/codec-table.js --write)', async () => {
  const payloads = resolvePayloads();
  const now = codecStatusMarkdown(codecStatuses(await loadCodecs(), payloads), payloads);
  const readme = readmeStatusBlock(fs.readFileSync(path.join(ROOT, 'docs', 'codecs.md'), 'utf8'));
  assert.ok(readme, 'docs/codecs.md has no codec-status block');
  assert.equal(readme, now);
});

test('no available codec fails a bundled payload: each is exact, equivalent, lossy or unsupported', async () => {
  const payloads = resolvePayloads();
  for (const row of codecStatuses(await selectCodecs('all'), payloads)) {
    for (const cell of row.cells) {
      assert.match(cell.status, /^(exact|equivalent|lossy|unsupported)$/, `${row.codec.name} ${cell.payload}: ${cell.verdict}`);
    }
  }
});

test('unavailable codecs are listed with their reason, refused by --formats, left out of "all"', async () => {
  const unavailable = (await loadCodecs()).filter((c) => !c.available).map((c) => c.name);
  assert.ok(unavailable.includes('google-protobuf') && unavailable.includes('igbinary'), unavailable.join());
  assert.ok((await selectCodecs('all')).every((c) => c.available));
  await assert.rejects(selectCodecs('msgpack,igbinary'), /igbinary is unavailable here: no JavaScript implementation/);
  const schema = parseSchema('syntax = "proto3"; message M { int32 a = 1; }');
  for (const name of unavailable) {
    const codec = await byName(name);
    assert.throws(() => codec.create({ value: {}, schema }), Unsupported, name);
  }
});

test('a payload a codec cannot carry is reported unsupported with the place, not thrown', async () => {
  const schema = parseSchema('syntax = "proto3"; message M { optional int32 a = 1; }');
  const codecs = [await byName('toml'), await byName('xml'), await byName('bson')];
  const [toml] = prepareCodecs(codecs, { value: { a: null }, schema });
  assert.equal(toml.status, 'unsupported');
  assert.match(toml.reason ?? '', /TOML has no null \(first at \$\.a\)/);
  const [, xml] = prepareCodecs(codecs, { value: { 1: 2 }, schema });
  assert.match(`${xml.status}: ${xml.reason}`, /^unsupported: key at \$\["1"\] is not an XML element name/);
  const [, , bson] = prepareCodecs(codecs, { value: [1, 2], schema });
  assert.match(`${bson.status}: ${bson.reason}`, /^unsupported: a BSON document must be an object/);
  const [avsc] = prepareCodecs([await byName('avsc')], { value: { a: 2 ** 53 + 2 }, schema });
  assert.match(`${avsc.status}: ${avsc.reason}`, /^unsupported: avsc's long cannot hold 9007199254740994 at \$\.a/);
});

test('lossy round trips name the first differing path', async () => {
  const schema = parseSchema('syntax = "proto3"; message M { string zip = 1; }');
  const [xml] = prepareCodecs([await byName('xml')], { value: { zip: '01234', tags: ['one'] }, schema });
  assert.equal(xml.status, 'lossy');
  assert.equal(xml.diff?.path, '$.tags');
});

test('--list prints every codec with what it does, library, version, kind and availability', async () => {
  const { default: msgpackr } = await import('../../lib/codecs/msgpackr.js');
  const r = run('benchmark_dss.js', '--list');
  assert.equal(r.status, 0, r.stderr);
  /** The cells of a codec's row; fails the test when --list has none. */
  const row = (/** @type {string} */ name) => {
    const cells = r.stdout.split('\n').find((l) => l.startsWith(`| ${name} `))?.split('|').map((s) => s.trim());
    assert.ok(cells, `--list lacks ${name}`);
    return cells;
  };
  assert.deepEqual(row('msgpackr').slice(1, 9), ['msgpackr', (/** @type {{ description: string }} */ (msgpackr)).description, 'msgpackr',
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/msgpackr/package.json'), 'utf8')).version, 'schemaless', 'reflection', 'binary', 'yes']);
  assert.deepEqual(row('protobuf-ts').slice(5, 9), ['schema', 'codegen', 'binary', 'yes']);
  assert.deepEqual(row('yaml').slice(5, 9), ['schemaless', 'reflection', 'text', 'yes']);
  assert.match(row('igbinary')[8], /^no: no JavaScript implementation/);
  // json and json-buffer no longer read alike: what each does to the data tells them apart
  assert.notDeepEqual(row('json').slice(2), row('json-buffer').slice(2));
  assert.match(row('json-buffer')[2], /^the baseline every speed ratio is to: JSON\.stringify, then the string to UTF-8 bytes/);
  assert.match(row('json')[2], /on strings, no bytes/);
  for (const name of codecFileNames()) row(name);
});

test('--formats picks exactly the named codecs for the size table', () => {
  const r = run('benchmark_dtq.js', '5', '--formats', 'toml,msgpack');
  assert.equal(r.status, 0, r.stderr);
  const rows = r.stdout.split('\n').filter((l) => /^\| [a-z]/.test(l)).map((l) => l.split('|')[1].trim());
  // both tables (bytes per message over the corpus, compressed bytes per message)
  assert.deepEqual(rows, ['format', 'msgpack', 'toml', 'format', 'msgpack', 'toml']);
});

test('the committed code of every code-generating codec is what its generator writes now', async () => {
  // the filter leaves only codecs with a generator
  const generating = /** @type {(import('../../lib/codecs/index.js').CodecInfo & { generator: import('../../lib/codecs/codegen.js').Generator })[]} */ (
    (await loadCodecs()).filter((c) => c.available && c.generator));
  assert.deepEqual(generating.map((c) => c.name).sort(), ['pbf', 'protobuf-es', 'protobuf-ts', 'protobufjs-static']);
  for (const codec of generating) assert.deepEqual(staleGeneratedFiles(codec), [], `${codec.name}: run npm run generate:codecs`);
});

test('code-generating codecs generate on demand for a schema of the user\'s own', async () => {
  const [payload] = resolvePayloads({ data: path.join(ROOT, 'test', 'fixtures', 'line-items.json') });
  const codecs = (await loadCodecs()).filter((c) => c.available && c.generator);
  const got = Object.fromEntries(prepareCodecs(codecs, payload).map((p) => [p.codec.name, p]));
  assert.equal(got['protobuf-es'].status, 'exact', got['protobuf-es'].reason ?? undefined);
  assert.equal(got['protobuf-ts'].status, 'exact', got['protobuf-ts'].reason ?? undefined);
  assert.equal(got['protobufjs-static'].status, 'exact', got['protobufjs-static'].reason ?? undefined);
  // pbf has no field presence: the optional "note" absent from the first item comes back as ""
  assert.equal(got.pbf.status, 'lossy', got.pbf.reason ?? undefined);
  assert.deepEqual(got.pbf.diff, { path: '$.lineItems[0].note', expected: undefined, actual: '' });
});
