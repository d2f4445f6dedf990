import test from 'node:test';
import assert from 'node:assert/strict';
import { UserError } from '../../../lib/errors.js';
import { parseCli } from '../../../lib/cli/index.js';
import { RUNTIME_OPTIONS, RUNTIME_USAGE, runtimesFromOptions } from '../../../lib/cli/runtimes.js';

// Only what is decided before a runtime is installed, located or started: the options, and the mistakes in them.

test('RUNTIME_OPTIONS, as the entry points parse them: --runtimes LIST and --chromium PATH, --runtime NAME=PATH repeatable', () => {
  const { values } = parseCli(['--runtimes', 'bun,deno', '--runtime', 'bun=/opt/bun', '--runtime', 'deno=/opt/deno', '--chromium', '/usr/bin/chromium'],
    RUNTIME_OPTIONS);
  assert.deepEqual({ ...values }, { help: false, runtimes: 'bun,deno', runtime: ['bun=/opt/bun', 'deno=/opt/deno'], chromium: '/usr/bin/chromium' });
  assert.deepEqual({ ...parseCli([], RUNTIME_OPTIONS).values }, { help: false }, 'none given: host, no overrides');
  assert.throws(() => parseCli(['--runtimes'], RUNTIME_OPTIONS), (err) => err instanceof UserError && /--runtimes/.test(err.message), 'LIST is required');
});

test('RUNTIME_USAGE: one entry per option', () => {
  assert.deepEqual(RUNTIME_USAGE.split('\n').map((l) => l.match(/^ {2}(--\S+)/)?.[1]).filter(Boolean), ['--runtimes', '--runtime', '--chromium']);
});

/**
 * The rejection of runtimesFromOptions as a one-line UserError.
 * @param {Parameters<typeof runtimesFromOptions>[0]} values
 * @param {RegExp} message
 */
async function refused(values, message) {
  await assert.rejects(runtimesFromOptions(values), (err) => {
    assert.ok(err instanceof UserError, String(err));
    assert.match(err.message, message);
    assert.ok(!err.message.includes('\n'), 'one line');
    return true;
  });
}

test('runtimesFromOptions: an unknown runtime name is refused, before any runtime of the list is installed', async () => {
  await refused({ runtimes: 'nosuch' }, /nosuch/);
  // bun comes first and its path does not exist: the unknown name is what is reported, so nothing was looked at
  await refused({ runtimes: 'bun,nosuch', runtime: ['bun=/nonexistent/bun'] }, /nosuch/);
});

test('runtimesFromOptions: a malformed --runtime is refused before any runtime is located', async () => {
  await refused({ runtimes: 'chromium', runtime: ['deno'] }, /^--runtime deno: expected NAME=PATH/);
  await refused({ runtimes: 'chromium', runtime: ['deno='] }, /^--runtime deno=: expected NAME=PATH/);
  await refused({ runtimes: 'bun', runtime: ['bun=/a', 'bun=/b'] }, /^--runtime bun is given twice$/);
});

test('runtimesFromOptions: a --runtime path that does not exist is refused, nothing installed in its place', async () => {
  await refused({ runtimes: 'bun', runtime: ['bun=/nonexistent/bun'] }, /^--runtime bun=\/nonexistent\/bun: no such file$/);
});
