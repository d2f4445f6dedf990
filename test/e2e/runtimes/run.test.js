// Runs scripts in the host's own Node as the stand-in runtime: no install, no network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../../lib/errors.js';
import { RuntimeFailed, runInRuntime, runtimeCommand } from '../../../lib/runtimes/run/run.js';
import { describeArgs, describeRuntime } from '../../../lib/runtimes/install/describe.js';

const host = { name: 'host', kind: 'node', bin: process.execPath, version: process.versions.node };

/**
 * @param {import('node:test').TestContext} t
 * @param {string} text the script's source
 */
function script(t, text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvj-run-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'job.mjs');
  fs.writeFileSync(file, text);
  return file;
}

test('each runtime kind is started the way it runs a module', () => {
  assert.deepEqual(runtimeCommand({ kind: 'node', bin: '/n' }, 's.js', ['a']), { file: '/n', args: ['s.js', 'a'] });
  assert.deepEqual(runtimeCommand({ kind: 'bun', bin: '/b' }, 's.js', []), { file: '/b', args: ['s.js'] });
  // Deno: node_modules resolution wherever the script is, and no deno.lock written
  assert.deepEqual(runtimeCommand({ kind: 'deno', bin: '/d' }, 's.js', ['x']),
    { file: '/d', args: ['run', '-A', '--node-modules-dir=manual', '--no-lock', 's.js', 'x'] });
  assert.throws(() => runtimeCommand({ kind: 'chromium', bin: '/c' }, 's.js'), TypeError);
});

test('the result is the JSON on the last line; earlier output, args, env, stdin and cwd reach the script', async (t) => {
  const file = script(t, `
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    console.log('warming up');
    console.log(JSON.stringify({ args: process.argv.slice(2), env: process.env.PVJ_TEST_VALUE, input, cwd: process.cwd() }));
  `);
  const cwd = path.dirname(file);
  const out = await runInRuntime(host, file, ['3', '--x'], { cwd, env: { PVJ_TEST_VALUE: 'v' }, input: 'job' });
  assert.deepEqual(out, { args: ['3', '--x'], env: 'v', input: 'job', cwd: fs.realpathSync(cwd) });
});

test('a script that throws rejects with one line carrying its error message and the exit code', async (t) => {
  const file = script(t, `console.log('{"partial":true}'); throw new TypeError('codec exploded');`);
  await assert.rejects(runInRuntime(host, file), (err) => {
    assert.ok(err instanceof RuntimeFailed);
    assert.equal(err.code, 1);
    assert.match(err.message, new RegExp(`^host ${process.versions.node}: exited with code 1: TypeError: codec exploded$`));
    assert.match(err.stderr, /at file:/);
    return true;
  });
});

test('no JSON on the last line, a kill by signal and a timeout are failures too', async (t) => {
  await assert.rejects(runInRuntime(host, script(t, `console.log('done')`)), /printed no JSON on its last line \("done"\)/);
  await assert.rejects(runInRuntime(host, script(t, ``)), /printed no JSON on its last line \(nothing\)/);
  await assert.rejects(runInRuntime(host, script(t, `process.kill(process.pid, 'SIGKILL')`)), (/** @type {RuntimeFailed} */ err) => err.signal === 'SIGKILL' && /killed by SIGKILL/.test(err.message));
  const started = Date.now();
  await assert.rejects(runInRuntime(host, script(t, `setTimeout(() => {}, 60_000)`), [], { timeoutMs: 300 }), /did not finish in 300 ms/);
  assert.ok(Date.now() - started < 10_000);
});

test('a binary that cannot start rejects instead of throwing', async () => {
  await assert.rejects(runInRuntime({ kind: 'node', bin: '/nonexistent/node' }, 'x.js'), (err) => err instanceof RuntimeFailed && /cannot start \/nonexistent\/node/.test(err.message));
});

test('describeRuntime reports the running Node exactly', async () => {
  assert.deepEqual(await describeRuntime(process.execPath, 'node'),
    { name: 'node', version: process.versions.node, engine: 'V8', engineVersion: process.versions.v8 });
});

test('a binary given as the wrong kind is a one-line UserError', async () => {
  // Node has no Bun global, so it cannot pass for bun
  await assert.rejects(describeRuntime(process.execPath, 'bun'),
    (err) => err instanceof UserError && /does not run as bun: .*Bun is not defined/.test(err.message) && !err.message.includes('\n'));
  await assert.rejects(describeRuntime('/nonexistent/deno', 'deno'), (err) => err instanceof UserError && /does not run as deno/.test(err.message));
  assert.deepEqual(describeArgs('deno').slice(0, 1), ['eval']);
  assert.throws(() => describeArgs('chromium'), TypeError);
});
