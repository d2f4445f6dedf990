import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../../../lib/errors.js';
import { ARTILLERY, artilleryEnv, checkNodeForArtillery, ENGINE_PACKAGES, ensureArtillery, findArtillery } from '../../../../lib/runtimes/install/artillery.js';

test('Artillery is pinned, and a Node below 22.18 is refused in one line', () => {
  assert.equal(ARTILLERY.version, '2.0.34');
  assert.throws(() => checkNodeForArtillery('22.17.1'), (err) => err instanceof UserError
    && err.message.startsWith('Artillery 2.0.34 needs Node ≥ 22.18.0; this is Node 22.17.1') && !err.message.includes('\n'));
  assert.throws(() => checkNodeForArtillery('20.20.2'), UserError);
  checkNodeForArtillery('22.18.0');
  checkNodeForArtillery('24.21.0');
});

test('ensureArtillery refuses an old Node before it looks anywhere or asks npm', async () => {
  /** @type {string[]} */
  const lines = [];
  await assert.rejects(ensureArtillery({ cacheDir: '/nonexistent', npm: '/nonexistent/npm', nodeVersion: '22.12.0', onProgress: (l) => lines.push(l) }), UserError);
  assert.deepEqual(lines, []);
});

test('a finished install in the cache is found and used without npm; an unfinished one (no marker) is not', async () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artillery-cache-'));
  try {
    const dir = path.join(cacheDir, `artillery-${ARTILLERY.version}`);
    const bin = path.join('node_modules', 'artillery', 'bin', 'run');
    fs.mkdirSync(path.join(dir, path.dirname(bin)), { recursive: true });
    fs.writeFileSync(path.join(dir, bin), '');
    assert.equal(findArtillery(cacheDir), null, 'no marker: not a finished install');
    fs.writeFileSync(path.join(dir, 'runtime.json'), JSON.stringify({ name: 'artillery', package: 'artillery', version: ARTILLERY.version, bin }));
    assert.deepEqual(findArtillery(cacheDir), { bin: path.join(dir, bin), version: ARTILLERY.version, dir });
    /** @type {string[]} */
    const lines = [];
    const found = await ensureArtillery({ cacheDir, npm: '/nonexistent/npm', nodeVersion: '24.21.0', onProgress: (l) => lines.push(l) });
    assert.deepEqual(found, { bin: path.join(dir, bin), version: ARTILLERY.version, source: 'cache' });
    assert.deepEqual(lines, [], 'nothing to say when nothing is installed');
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('Artillery runs with the engine package on NODE_PATH (before the user\'s own) and without telemetry', () => {
  assert.ok(fs.existsSync(path.join(ENGINE_PACKAGES, 'artillery-engine-pvj', 'package.json')));
  const env = artilleryEnv({ NODE_PATH: '/elsewhere' });
  assert.deepEqual(env.NODE_PATH.split(path.delimiter), [ENGINE_PACKAGES, '/elsewhere']);
  assert.equal(env.ARTILLERY_DISABLE_TELEMETRY, 'true');
  assert.equal(artilleryEnv({}).NODE_PATH, ENGINE_PACKAGES);
});
