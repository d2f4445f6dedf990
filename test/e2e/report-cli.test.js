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

test('a hand-edited results file that no longer fits what the reports read is refused in one line naming the field, exit 2, nothing written (report.js and compare.js)', () => {
  const real = path.join(ROOT, 'docs', 'results', 'headline.json');
  /** @type {[string, (r: any) => void][]} each edit once crashed report.js or compare.js with a TypeError and a stack trace */
  const edits = [
    ['/payloads/0/payload/dataFile', (r) => { r.payloads[0].payload.dataFile = null; }],
    ['/payloads/0/corpusSizes/corpus/sample', (r) => { r.payloads[0].corpusSizes.corpus.sample = null; }],
    ['/payloads/0/corpusSizes/codecs/0/compressed/httpGzip/mean', (r) => { r.payloads[0].corpusSizes.codecs[0].compressed.httpGzip.mean = []; }],
    ['/settings/speed/operations', (r) => { r.settings.speed.operations = 'encode'; }],
    ['/settings/transmission/profiles', (r) => { r.settings.transmission.profiles = null; }],
    ['/transmission/0/settings', (r) => { r.transmission[0].settings = null; }],
    ['/transmission/0/results/0/msgsPerSec', (r) => { r.transmission[0].results[0].msgsPerSec = '2000'; }],
    ['/transports/0/named/0', (r) => { delete r.transports[0].named[0].verdict; }],
    ['/capacity/transports/0/rows/0/atHalf/serverCpuLowest', (r) => { delete r.capacity.transports[0].rows[0].atHalf.serverCpuLowest.range; }],
    ['/capacity/transports/0/pair', (r) => { r.capacity.transports[0].pair = {}; }],
  ];
  for (const [where, edit] of edits) {
    const data = JSON.parse(fs.readFileSync(real, 'utf8'));
    edit(data);
    const dir = fs.mkdtempSync(path.join(tmp, 'edited-'));
    const file = path.join(dir, 'results.json');
    fs.writeFileSync(file, JSON.stringify(data));
    const r = report(file);
    assert.equal(r.status, 2, `${where}: ${r.stderr}`);
    assert.equal(r.stderr.split('\n').length, 2, `one line: ${r.stderr}`);
    assert.ok(r.stderr.startsWith(`report: ${file}: not a valid results file: ${where}`), r.stderr);
    assert.deepEqual(fs.readdirSync(dir), ['results.json'], 'nothing written');
    const c = spawnSync(process.execPath, ['compare.js', real, file], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(c.status, 2, `${where}: ${c.stderr}`);
    assert.ok(c.stderr.startsWith(`compare: ${file}: not a valid results file: ${where}`), c.stderr);
  }
});
