// Ctrl-C during npm start (issue 21, "Bad input"): the run ends with the signal's exit code, writes nothing into
// the results folder (not even its hidden temporary folder) and leaves no process of its own running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../lib/paths.js';

/** The pids of a process group still alive (pgrep, from procps: .ci/run installs it). */
const groupMembers = (/** @type {number} */ pgid) => {
  const r = spawnSync('pgrep', ['-g', String(pgid)], { encoding: 'utf8' });
  if (r.error) assert.fail(`pgrep (procps) is needed to find what the run left running: ${r.error.message}`);
  return r.stdout.split('\n').map((s) => s.trim()).filter(Boolean);
};

// Ctrl-C in a terminal signals the whole process group: SIGINT to the group while the memory pass's child process
// runs; kill signals the run alone: SIGTERM to it while a WebSocket pass's server.js runs. The second run is narrowed
// (one payload, two codecs, no memory pass) so that it reaches its WebSocket pass in seconds, not after the whole
// speed suite: beside CI's other test files the full --quick run had not got there after 90 s (db32b9c's CI).
for (const [signal, code, phase, group, args] of /** @type {[NodeJS.Signals, number, RegExp, boolean, string[]][]} */ ([
  ['SIGINT', 130, /memory per operation \(child processes\)/, true, []],
  ['SIGTERM', 143, /WebSocket, profile none/, false, ['3', '--no-memory', '--formats', 'json-buffer,protobufjs-static']],
])) {
  test(`${signal} to ${group ? 'the run\'s process group' : 'the run'} in the middle of it (${phase.source}): exit ${code}, no results folder or half-written file, no process left`, { timeout: 300_000 }, async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'interrupt-'));
    /** @type {number|undefined} */
    let pgid;
    try {
      // its own process group, so that whatever it started can be found after it is gone
      const child = spawn(process.execPath, ['benchmark.js', ...args, '--quick', '--out', out], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '' } });
      let stderr = '';
      child.stderr.on('data', (d) => { stderr += d; });
      child.stdout.resume();
      pgid = child.pid;
      const exited = new Promise((resolve) => { child.once('exit', (c, s) => resolve({ c, s })); });
      // wait until the run is in the phase with a child process of its own, then interrupt
      const started = Date.now();
      while (!phase.test(stderr) && Date.now() - started < 240_000) await new Promise((r) => { setTimeout(r, 100); });
      assert.match(stderr, phase, 'the run reached the phase');
      await new Promise((r) => { setTimeout(r, 500); });
      if (group) process.kill(-(/** @type {number} */ (child.pid)), signal);
      else child.kill(signal);
      const { c, s } = /** @type {{ c: number|null, s: string|null }} */ (await exited);
      assert.equal(c, code, `exit ${c} ${s}: ${stderr.slice(-400)}`);
      assert.deepEqual(fs.readdirSync(out), [], 'nothing in the results folder');
      // the run's children end when their IPC channel to it closes; give them a moment
      let left = groupMembers(/** @type {number} */ (pgid));
      for (let i = 0; i < 50 && left.length; i++) {
        await new Promise((r) => { setTimeout(r, 100); });
        left = groupMembers(/** @type {number} */ (pgid));
      }
      assert.deepEqual(left, [], `processes of the run still running: ${left.join(', ')}`);
    } finally {
      // whatever happened above, nothing of the run outlives the test
      try { if (pgid) process.kill(-pgid, 'SIGKILL'); } catch { /* already gone */ }
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
}

/**
 * Waits until `check` holds, looking every 100 ms, at most `tries` times.
 * @param {() => boolean} check
 * @param {number} tries
 */
async function until(check, tries) {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => { setTimeout(r, 100); });
}

const hasH2load = spawnSync('h2load', ['--version']).status === 0;

// Their signal handlers exit at once, which runs no `finally`: the temporary folders go with the process instead
// (lib/files.js tempFolder). Each run gets a TMPDIR of its own, so what it leaves there is its own.
test('SIGINT to benchmark_transport.js during an h2load capacity pass: exit 130, no pvj-h2load folder left', { timeout: 300_000, skip: !hasH2load && 'no h2load on the PATH (apt-get install nghttp2-client)' }, async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'interrupt-tmp-'));
  /** @type {number|undefined} */
  let pgid;
  try {
    const child = spawn(process.execPath, ['benchmark_transport.js', '3', '--capacity', '--transports', 'http1', '--searches', '1', '--load-generator', 'h2load'],
      { cwd: ROOT, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: tmp } });
    pgid = child.pid;
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    const exited = new Promise((resolve) => { child.once('exit', (c, s) => resolve({ c, s })); });
    const h2loadFolders = () => fs.readdirSync(tmp).filter((name) => name.startsWith('pvj-h2load-'));
    await until(() => h2loadFolders().length > 0, 2400);
    assert.ok(h2loadFolders().length > 0, `an h2load pass started: ${stderr.slice(-400)}`);
    // Ctrl-C: the whole group (the run, its server, h2load)
    process.kill(-(/** @type {number} */ (child.pid)), 'SIGINT');
    const { c, s } = /** @type {{ c: number|null, s: string|null }} */ (await exited);
    assert.equal(c, 130, `exit ${c} ${s}: ${stderr.slice(-400)}`);
    assert.deepEqual(h2loadFolders(), [], 'the h2load pass\'s folder is removed');
  } finally {
    try { if (pgid) process.kill(-pgid, 'SIGKILL'); } catch { /* already gone */ }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('server.js --tls: the certificate file it printed is removed when it stops (SIGINT, SIGTERM)', { timeout: 120_000 }, async () => {
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'interrupt-tmp-'));
    const child = spawn(process.execPath, ['server.js', '3', '--tls', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: tmp } });
    try {
      let stdout = '';
      child.stdout.on('data', (d) => { stdout += d; });
      const exited = new Promise((resolve) => { child.once('exit', (c) => resolve(c)); });
      await until(() => /^listening on /m.test(stdout), 600);
      const file = /^certificate (\S+) /m.exec(stdout)?.[1];
      assert.ok(file && fs.existsSync(file), `the certificate file is there while it serves: ${stdout}`);
      child.kill(signal);
      assert.equal(await exited, 0);
      assert.equal(fs.existsSync(path.dirname(file)), false, `${path.dirname(file)} is removed`);
      assert.deepEqual(fs.readdirSync(tmp), [], 'nothing left in its TMPDIR');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
});
