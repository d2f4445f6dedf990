// Unit tests start no processes and open no sockets (shared/design.md: test/unit mirrors lib/ "no processes or
// sockets"; test/e2e runs the entry points and the servers). The one exception is lib/child-process.js's own test:
// starting a real process is what it tests.
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

// a networking module imported (not a type named in a JSDoc cast: `import('node:net').Socket`), a socket listened on,
// or one of the toolkit's server starters called
const SOCKETS = /from\s+['"](?:node:)?(?:net|http|http2|https|tls|dgram)['"]|await\s+import\(\s*['"](?:node:)?(?:net|http|http2|https|tls|dgram)['"]|\.listen\(|\b(?:startServer|startServerProcess|serveTransport|startLinkEmulator)\(/;

test('the socket pattern finds a server or a networking module however it is reached, and not a type', () => {
  for (const text of ["import net from 'node:net';", "import http2 from 'http2';", "const { createServer } = await import('node:http');",
    'server.listen(0, host);', 'const s = await transport.startServer({ codecs });', 'await startLinkEmulator({ target });']) assert.match(text, SOCKETS, text);
  assert.doesNotMatch("const socket = (s) => /** @type {import('node:net').Socket} */ (s);", SOCKETS);
  assert.doesNotMatch("startServer: () => { throw new Error('not here'); },", SOCKETS);
});

test('no unit test file opens a socket (servers belong in test/e2e)', () => {
  const listening = jsFiles(UNIT).map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
    .filter((f) => !EXCEPTIONS.has(f) && SOCKETS.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
  assert.deepEqual(listening, []);
});
