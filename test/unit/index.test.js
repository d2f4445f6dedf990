// The programmatic API: the package's own name resolves to lib/index.js, and
// the documented example (sizes of two codecs on a bundled payload) works.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/paths.js';

/**
 * Where a name exported from `file` is defined: follows `export { name } from './x.js'` down to the file that
 * declares it, and returns that declaration with the comment before it.
 * @param {string} file
 * @param {string} name
 * @returns {{ file: string, jsdoc: boolean } | null}
 */
function definition(file, name) {
  const text = fs.readFileSync(file, 'utf8');
  const declared = new RegExp(`(/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/\\s*)?export (?:async )?(?:function\\*?|const|let|class) ${name}\\b`).exec(text);
  // a comment that only declares a type (@typedef) and happens to stand right above is not the export's own
  if (declared) return { file, jsdoc: Boolean(declared[1]) && !/@typedef\b/.test(declared[1]) };
  for (const m of text.matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
    if (m[1].split(',').map((s) => s.trim()).includes(name)) return definition(path.join(path.dirname(file), m[2]), name);
  }
  return null;
}

test('the package exports lib/index.js: every name defined, declared with a JSDoc comment where it is written', async () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(pkg.exports['.'], './lib/index.js');
  const api = await import(pkg.name);
  const undocumented = [];
  for (const [name, value] of Object.entries(api)) {
    assert.notEqual(value, undefined, name);
    const where = definition(path.join(ROOT, 'lib/index.js'), name);
    assert.ok(where, `${name}: no declaration found below lib/index.js`);
    if (!where.jsdoc) undocumented.push(`${name} (${path.relative(ROOT, where.file)})`);
  }
  assert.deepEqual(undocumented, []);
});

test('every function README names as part of the API is exported', async () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const found = /## Using it from code\n([\s\S]*?)\n## /.exec(readme);
  assert.ok(found, 'README has a section "Using it from code"');
  const section = found[1];
  const named = [...new Set([...section.matchAll(/(?:import \{([^}]*)\}|`(\w+)`)/g)]
    // camelCase: function names, not the bin names or files around them
    .flatMap((m) => (m[1] ? m[1].split(',') : [m[2]])).map((s) => s.trim()).filter((s) => /^[a-z]+[A-Z]\w*$/.test(s)))];
  assert.ok(named.length >= 10, `README names ${named.join(', ')}`);
  const api = new Map(Object.entries(await import('protobuf-vs-json-bench')));
  for (const name of named) assert.equal(typeof api.get(name), 'function', `README names ${name}`);
});

test('the API example: sizes of json-buffer and protobufjs-static on payload 3', async () => {
  const { resolvePayloads, selectCodecs, prepareCodecs, measureSizes } = await import('protobuf-vs-json-bench');
  const [payload] = resolvePayloads({ numbers: ['3'] });
  const prepared = prepareCodecs(await selectCodecs('json-buffer,protobufjs-static'), payload);
  const rows = measureSizes(prepared, payload).codecs;
  assert.deepEqual(rows.map((r) => [r.format, r.status]), [['protobufjs-static', 'exact'], ['json-buffer', 'exact']]);
  assert.equal(rows[1].bytes, payload.jsonBytes);
  const [protobuf, json] = rows.map((r) => r.bytes);
  assert.ok(protobuf !== undefined && json !== undefined && protobuf < json);
});

test('every bin entry is an entry point with a node shebang', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  for (const [name, file] of Object.entries(pkg.bin)) {
    assert.match(fs.readFileSync(path.join(ROOT, file), 'utf8'), /^#!\/usr\/bin\/env node\n/, name);
  }
});

test('every benchmark_*.js entry point has a bin entry', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const bins = new Set(Object.values(pkg.bin));
  const entryPoints = fs.readdirSync(ROOT).filter((f) => /^benchmark.*\.js$/.test(f));
  assert.ok(entryPoints.length >= 5, entryPoints.join(', '));
  for (const file of entryPoints) assert.ok(bins.has(file), `${file} has no bin entry in package.json`);
});
