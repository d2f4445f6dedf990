// A transport loads its own library only: loading grpc does not load connect-node, loading http1 or http2 does not
// load ws. This test follows every import (static, re-exports and literal dynamic ones) from each transport's file
// through lib/ and fails when it reaches another transport's file or another transport's library.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../../lib/paths.js';
import { TRANSPORTS } from '../../../../lib/transmission/transports/index.js';

const DIR = path.join(ROOT, 'lib', 'transmission', 'transports');

/**
 * Every import of one source text that runs, as written: import/export … from '…', import '…', import('…'); not
 * the JSDoc types in comments (import('./x.js').T loads nothing).
 * @param {string} text
 */
function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)]
    .map((m) => m[1] ?? m[2] ?? m[3]);
}

/**
 * What loading a file can load: the lib/ files (relative imports, followed) and the packages (bare names, not
 * followed), from `read`.
 * @param {string} file
 * @param {(file: string) => string} [read]
 */
function reach(file, read = (f) => fs.readFileSync(f, 'utf8')) {
  const files = new Set([file]);
  /** @type {Set<string>} */
  const packages = new Set();
  for (const f of files) {
    for (const spec of importsOf(read(f))) {
      if (spec.startsWith('.')) files.add(path.resolve(path.dirname(f), spec));
      else if (!spec.startsWith('node:')) packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  files.delete(file);
  return { files, packages };
}

/** A transport's own library, and the packages no other transport may load. */
const LIBRARIES = { ws: ['ws'], connect: ['@connectrpc/connect-node', '@connectrpc/connect'], grpc: ['@grpc/grpc-js'], http1: ['undici'] };
/** Files that are another transport under a second name (connect-h2 is connect over HTTP/2). */
const SAME = { 'connect-h2': 'connect' };

test('reach follows relative imports and names the packages: a planted grpc.js importing connect.js is caught', () => {
  const planted = new Map([
    [path.join(DIR, 'grpc.js'), "import grpc from '@grpc/grpc-js';\nimport { varintBytes } from './connect.js';\n"],
    [path.join(DIR, 'connect.js'), "import { connectNodeAdapter } from '@connectrpc/connect-node';\nimport { x } from './shared.js';\n"],
    [path.join(DIR, 'shared.js'), "import zlib from 'node:zlib';\n/** @typedef {import('./ws.js').T} T */\n"],
  ]);
  const { files, packages } = reach(path.join(DIR, 'grpc.js'), (f) => planted.get(f) ?? '');
  assert.deepEqual([...files].map((f) => path.basename(f)).sort(), ['connect.js', 'shared.js']);
  assert.deepEqual([...packages].sort(), ['@connectrpc/connect-node', '@grpc/grpc-js']);
});

for (const [name, file] of Object.entries(TRANSPORTS)) {
  test(`${name} loads no other transport's file nor its library`, () => {
    const { files, packages } = reach(path.join(DIR, file));
    const own = Object.hasOwn(SAME, name) ? SAME[/** @type {keyof typeof SAME} */ (name)] : name;
    const others = Object.entries(TRANSPORTS).filter(([n]) => n !== name && n !== own && (SAME[/** @type {keyof typeof SAME} */ (n)] ?? n) !== own);
    const reached = others.filter(([, f]) => files.has(path.join(DIR, f))).map(([n, f]) => `${n} (${f})`);
    assert.deepEqual(reached, [], `${file} reaches another transport's file`);
    const foreign = Object.entries(LIBRARIES).filter(([n]) => n !== own).flatMap(([, libs]) => libs).filter((l) => packages.has(l));
    assert.deepEqual(foreign, [], `${file} loads another transport's library`);
  });
}
