import test from 'node:test';
import assert from 'node:assert/strict';
import { UserError } from '../../../lib/errors.js';
import { parseCli } from '../../../lib/cli/index.js';
import { RUNTIME_OPTIONS, runtimeUsage, runtimesFromOptions } from '../../../lib/cli/runtimes.js';

// Only what is decided before a runtime is installed, located or started: the options, and the mistakes in them.

test('RUNTIME_OPTIONS, as the entry points parse them: --runtimes LIST and --chromium PATH, --runtime NAME=PATH repeatable', () => {
  const { values } = parseCli(['--runtimes', 'bun,deno', '--runtime', 'bun=/opt/bun', '--runtime', 'deno=/opt/deno', '--chromium', '/usr/bin/chromium'],
    RUNTIME_OPTIONS);
  assert.deepEqual({ ...values }, { help: false, runtimes: 'bun,deno', runtime: ['bun=/opt/bun', 'deno=/opt/deno'], chromium: '/usr/bin/chromium' });
  assert.deepEqual({ ...parseCli([], RUNTIME_OPTIONS).values }, { help: false }, 'none given: host, no overrides');
  assert.throws(() => parseCli(['--runtimes'], RUNTIME_OPTIONS), (err) => err instanceof UserError && /--runtimes/.test(err.message), 'LIST is required');
});

test('runtimeUsage: one entry per option, each description at the column given (wrapped lines too), what --runtimes adds inside its entry', () => {
  const usage = runtimeUsage({ column: 21, adds: 'the speed suite again on each runtime' });
  assert.deepEqual(usage.split('\n').map((l) => l.match(/^ {2}(--\S+)/)?.[1]).filter(Boolean), ['--runtimes', '--runtime', '--chromium']);
  // each description at column 21, or two spaces after a name too long for it (--runtime NAME=PATH), as the entry points lay out theirs
  for (const line of usage.split('\n')) {
    const [, name = '', gap] = /^(?: {2}(--\S+(?: \S+)?))?( +)\S/.exec(line) ?? [];
    assert.equal(name ? 2 + name.length + gap.length : gap.length, name.length + 4 > 21 ? name.length + 4 : 21, line);
    assert.ok(line.length <= 118, line);
  }
  // the wrapped lines joined: what --runtimes adds ends its own entry
  assert.match(usage.replace(/\n {21}/g, ' '), /^ {2}--runtimes LIST {4}runtimes to run on: .* \(see docs\/runtimes\.md\); the speed suite again on each runtime\n {2}--runtime NAME=PATH/);
  assert.match(usage.split('\n').at(-1) ?? '', /^ {2}--chromium PATH {4}the Chromium to use/);
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
