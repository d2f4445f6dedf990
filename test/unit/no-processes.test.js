// Unit tests start no processes (shared/design.md: test/unit mirrors lib/ "no processes or sockets"; test/e2e runs the
// entry points). The one exception is lib/child-process.js's own test: starting a real process is what it tests.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/paths.js';

const UNIT = path.join(ROOT, 'test', 'unit');
// and this file, which names them
const EXCEPTIONS = new Set(['test/unit/child-process.test.js', 'test/unit/no-processes.test.js']);
// node:child_process (or child_process), or the toolkit's own spawn, lib/child-process.js
const SPAWNS = /['"](?:node:)?child_process['"]|['"][./]*lib\/child-process\.js['"]/;

/**
 * @param {string} dir
 * @returns {string[]} every .js file below it
 */
const jsFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return jsFiles(p);
  return e.name.endsWith('.js') ? [p] : [];
});

test('the pattern finds a spawn however it is imported', () => {
  for (const text of ["import { spawnSync } from 'node:child_process';", "const { spawn } = await import('child_process');",
    "import { runProcess } from '../../lib/child-process.js';"]) assert.match(text, SPAWNS, text);
  assert.doesNotMatch("import { oneLine } from '../../lib/errors.js';", SPAWNS);
});

test('no unit test file imports a way to start a process (those belong in test/e2e)', () => {
  const spawning = jsFiles(UNIT).map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
    .filter((f) => !EXCEPTIONS.has(f) && SPAWNS.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
  assert.deepEqual(spawning, []);
});
