// report.js as a process over a hand-made results file: where it writes, and what it refuses.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { makeResults } from '../helpers/results-fixture.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'report-cli-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));
const results = path.join(tmp, 'results.json');
fs.writeFileSync(results, JSON.stringify(makeResults()));

/** @param {string[]} args */
const report = (...args) => spawnSync(process.execPath, ['report.js', ...args], { cwd: ROOT, encoding: 'utf8' });

test('--out DIR that does not exist yet is created, parents too', () => {
  const out = path.join(tmp, 'new', 'nested');
  const r = report(results, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(out).sort(), ['report.html', 'report.md']);
});

test('--out naming a file (or a path through one) is refused in one line, exit 2, nothing written', () => {
  for (const out of [results, path.join(results, 'below')]) {
    const r = report(results, '--out', out);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^report: .*: cannot write results there: not a directory\n$/);
  }
  assert.deepEqual(fs.readdirSync(tmp).filter((f) => f.startsWith('report')), []);
});

test('a run\'s folder given in place of its results.json: the reports are written inside it, beside the results', () => {
  const run = path.join(tmp, 'run');
  fs.mkdirSync(run);
  fs.copyFileSync(results, path.join(run, 'results.json'));
  const r = report(run);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(run).sort(), ['report.html', 'report.md', 'results.json']);
  assert.equal(r.stdout, `${path.join(run, 'report.md')} and ${path.join(run, 'report.html')} written\n`);
  assert.deepEqual(fs.readdirSync(tmp).filter((f) => f.startsWith('report')), [], 'nothing in the folder above');
});

test('--script without --artillery (it names the script an Artillery report ran) is refused in one line, exit 2, nothing written', () => {
  const out = path.join(tmp, 'script-out');
  const r = report(results, '--script', 'artillery.yml', '--out', out);
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr, 'report: --script artillery.yml: only with --artillery\n');
  assert.equal(r.stdout, '');
  assert.equal(fs.existsSync(out), false);
});

test('--out under /proc, where Node\'s recursive mkdir loops forever, is refused in one line, exit 2', { skip: !fs.existsSync('/proc/self') && 'no /proc' }, () => {
  const r = spawnSync(process.execPath, ['report.js', results, '--out', '/proc/pvj-no-such/x'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.signal, null, 'it ended by itself');
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^report: \/proc\/pvj-no-such\/x: cannot write results there: .*\n$/);
});
