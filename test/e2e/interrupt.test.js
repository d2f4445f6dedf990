// Ctrl-C during npm start (issue 21, "Bad input"): the run ends with the signal's exit code, writes nothing into
// the results folder (not even its hidden temporary folder) and leaves no process of its own running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../lib/paths.js';

/** The pids of a process group still alive (pgrep, from procps, is on every machine the tests run on). */
const groupMembers = (/** @type {number} */ pgid) => spawnSync('pgrep', ['-g', String(pgid)], { encoding: 'utf8' }).stdout
  .split('\n').map((s) => s.trim()).filter(Boolean);

// SIGINT while the memory pass's child process runs; SIGTERM while a WebSocket pass's server.js does
for (const [signal, code, phase] of /** @type {[NodeJS.Signals, number, RegExp][]} */ ([['SIGINT', 130, /memory per operation \(child processes\)/], ['SIGTERM', 143, /WebSocket, profile none/]])) {
  test(`${signal} in the middle of a run (${phase.source}): exit ${code}, no results folder or half-written file, no process left`, { timeout: 120_000 }, async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'interrupt-'));
    try {
      // its own process group, so that whatever it started can be found after it is gone
      const child = spawn(process.execPath, ['benchmark.js', '--quick', '--out', out], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '' } });
      let stderr = '';
      child.stderr.on('data', (d) => { stderr += d; });
      child.stdout.resume();
      const exited = new Promise((resolve) => { child.once('exit', (c, s) => resolve({ c, s })); });
      // wait until the run is in the phase with a child process of its own, then interrupt
      const started = Date.now();
      while (!phase.test(stderr) && Date.now() - started < 90_000) await new Promise((r) => { setTimeout(r, 100); });
      assert.match(stderr, phase, 'the run reached the phase');
      await new Promise((r) => { setTimeout(r, 500); });
      child.kill(signal);
      const { c, s } = /** @type {{ c: number|null, s: string|null }} */ (await exited);
      assert.equal(c, code, `exit ${c} ${s}: ${stderr.slice(-400)}`);
      assert.deepEqual(fs.readdirSync(out), [], 'nothing in the results folder');
      // the run's children end when their IPC channel to it closes; give them a moment
      const pgid = /** @type {number} */ (child.pid);
      let left = groupMembers(pgid);
      for (let i = 0; i < 50 && left.length; i++) {
        await new Promise((r) => { setTimeout(r, 100); });
        left = groupMembers(pgid);
      }
      assert.deepEqual(left, [], `processes of the run still running: ${left.join(', ')}`);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
}
