// lib/child-process.js is the toolkit's one spawn: what it is for is starting a real process, collecting its pipes,
// and killing it, so these tests start real (tiny) Node processes (process.execPath -e ...); a fake ChildProcess would
// test the fake. Each child is a one-line script that ends in milliseconds, or is killed by the helper itself.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { runProcess, startProcess } from '../../lib/child-process.js';

/**
 * Whether a process runs: it exists and is no zombie (a child orphaned by its parent's exit is reaped by the init
 * process, where there is one that reaps; a container's may not, and a killed zombie still answers kill(pid, 0)).
 * @param {number} pid
 */
function running(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): kill(pid, 0) is all there is
  }
}

const CHILD_PROCESS_URL = new URL('../../lib/child-process.js', import.meta.url).href;

/**
 * A parent process that starts a child of a minute with startProcess (after `before`, its own code), prints the
 * child's pid and waits: the parent and the child's pid once printed.
 * @param {string} [before] the parent's code before its first child
 */
async function parentWithChild(before = '') {
  const parent = startProcess(process.execPath, ['--input-type=module', '-e', `
    const { startProcess } = await import(${JSON.stringify(CHILD_PROCESS_URL)});
    ${before}
    const { child } = startProcess(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    console.log(child.pid);
    setTimeout(() => {}, 60000);`]);
  let pid = 0;
  for (let i = 0; i < 100 && !pid; i++) {
    await new Promise((r) => setTimeout(r, 100));
    pid = Number(parent.output().stdout.trim().split('\n')[0]);
  }
  assert.ok(pid > 0, 'the parent printed its child\'s pid');
  return { parent, pid };
}

/**
 * Asserts that a process is gone, polling for up to 10 s (a busy machine cannot fail it); killed here if it is not.
 * @param {number} pid
 */
async function assertGone(pid) {
  for (let i = 0; i < 100 && running(pid); i++) await new Promise((r) => setTimeout(r, 100));
  const left = running(pid);
  if (left) process.kill(pid, 'SIGKILL');
  assert.equal(left, false, `child ${pid} outlived its parent`);
}

const node = (/** @type {string} */ script) => /** @type {[string, string[]]} */ ([process.execPath, ['-e', script]]);

// each test waits on its own child, so they run at once
describe('child-process', { concurrency: true }, () => {
  test('a child still running when this process exits (a signal\'s process.exit) is stopped with it, not left running', async () => {
    // the parent starts a child that would run for a minute, prints its pid, and exits as exitOnSignals does on a SIGINT
    const { parent, pid } = await parentWithChild('setTimeout(() => process.exit(130), 300);');
    const ended = await parent.exited;
    assert.equal(ended.code, 130, ended.stderr);
    await assertGone(pid);
  });

  test('a process with its own (asynchronous) handler of the signal keeps it: its children are stopped, and it ends as its handler says', async () => {
    // a server's summary on Ctrl-C: registered before the first child, once, and asynchronous; the toolkit's listener
    // used to count it as absent (a once-listener is off the list when called) and end the process by the signal first
    const { parent, pid } = await parentWithChild(
      "process.once('SIGINT', async () => { await new Promise((r) => setTimeout(r, 100)); console.log('summary'); process.exit(0); });");
    parent.child.kill('SIGINT');
    const ended = await parent.exited;
    assert.deepEqual([ended.code, ended.signal], [0, null], ended.stderr);
    assert.match(ended.stdout, /^\d+\nsummary\n$/);
    await assertGone(pid);
  });

  test('a child still running when a signal ends this process (no handler of its own: benchmark_dss.js) is stopped with it, and the process still ends by that signal', async () => {
    const { parent, pid } = await parentWithChild();
    parent.child.kill('SIGTERM');
    const ended = await parent.exited;
    assert.deepEqual([ended.code, ended.signal], [null, 'SIGTERM'], ended.stderr);
    await assertGone(pid);
  });

  test('runProcess collects stdout and stderr and the exit code of a process that succeeds', async () => {
    const out = await runProcess(...node('process.stdout.write("out\\n"); process.stderr.write("err\\n")'));
    assert.deepEqual(out, { code: 0, signal: null, stdout: 'out\n', stderr: 'err\n', timedOut: false, error: null });
  });

  test('a non-zero exit is an outcome, not a rejection, with what the process said on stderr', async () => {
    const out = await runProcess(...node('console.error("no such thing"); process.exit(3)'));
    assert.equal(out.code, 3);
    assert.equal(out.stderr, 'no such thing\n');
    assert.equal(out.timedOut, false);
  });

  test('input reaches stdin, env is added to this process\'s environment, cwd is where it runs', async () => {
    const out = await runProcess(...node(
      'let s = ""; process.stdin.on("data", (d) => { s += d; }).on("end", () => console.log(JSON.stringify([s, process.env.PVJ_TEST_X, process.env.PATH === undefined, process.cwd()])))'),
    { input: 'payload', env: { PVJ_TEST_X: 'given' }, cwd: '/' });
    assert.deepEqual(JSON.parse(out.stdout), ['payload', 'given', false, '/']);
  });

  test('a process that runs past timeoutMs is killed with SIGKILL and says so', async () => {
    const out = await runProcess(...node('setInterval(() => {}, 1000)'), { timeoutMs: 300 });
    assert.equal(out.timedOut, true);
    assert.equal(out.signal, 'SIGKILL');
    assert.equal(out.code, null);
  });

  test('a file that does not exist resolves with the spawn error, never rejects', async () => {
    const out = await runProcess('/nonexistent/pvj-no-such-binary', []);
    assert.equal(out.code, null);
    assert.equal(/** @type {NodeJS.ErrnoException} */ (out.error)?.code, 'ENOENT');
  });

  test('stop() ends a process with SIGTERM, and one that ignores SIGTERM with SIGKILL after the grace time', async () => {
    for (const [script, signal] of [['', 'SIGTERM'], ['process.on("SIGTERM", () => {});', 'SIGKILL']]) {
      const started = startProcess(...node(`${script} console.log("ready"); setInterval(() => {}, 1000)`));
      // stop only once its SIGTERM handler is in place
      await new Promise((resolve) => started.child.stdout?.once('data', resolve));
      assert.equal(started.output().stdout, 'ready\n');
      const out = await started.stop(200);
      assert.equal(out.signal, signal, script || 'default SIGTERM');
      assert.equal(out.timedOut, false);
    }
  });

  test('ipc opens a channel the child answers on, and stdout: inherit leaves nothing to collect', async () => {
    const started = startProcess(...node('process.on("message", (m) => { process.send({ got: m }); process.disconnect(); })'),
      { ipc: true, stdout: 'inherit' });
    const answer = new Promise((resolve) => started.child.once('message', resolve));
    started.child.send('hello');
    assert.deepEqual(await answer, { got: 'hello' });
    const out = await started.exited;
    assert.equal(out.code, 0);
    assert.equal(out.stdout, '');
  });
});
