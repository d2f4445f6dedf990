// The programmatic API: the package's own name resolves to lib/index.js, and
// the documented example (sizes of two codecs on a bundled payload) works.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/paths.js';

test('the package exports lib/index.js, and every name it exports is defined', async () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(pkg.exports['.'], './lib/index.js');
  const api = await import(pkg.name);
  assert.ok(Object.keys(api).length > 20);
  for (const [name, value] of Object.entries(api)) assert.notEqual(value, undefined, name);
});

test('the API example: sizes of json-buffer and protobufjs-static on payload 3', async () => {
  const { resolvePayloads, selectCodecs, prepareCodecs, measureSizes } = await import('protobuf-vs-json-bench');
  const [payload] = resolvePayloads({ numbers: ['3'] });
  const prepared = prepareCodecs(await selectCodecs('json-buffer,protobufjs-static'), payload);
  const rows = measureSizes(prepared, payload).codecs;
  assert.deepEqual(rows.map((r) => [r.format, r.status]), [['protobufjs-static', 'exact'], ['json-buffer', 'exact']]);
  assert.equal(rows[1].bytes, payload.jsonBytes);
  assert.ok(rows[0].bytes < rows[1].bytes);
});

test('every bin entry is an entry point with a node shebang', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  for (const [name, file] of Object.entries(pkg.bin)) {
    assert.match(fs.readFileSync(path.join(ROOT, file), 'utf8'), /^#!\/usr\/bin\/env node\n/, name);
  }
});
