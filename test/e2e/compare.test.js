import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeResults } from '../helpers/results-fixture.js';

import { ROOT } from '../../lib/paths.js';

test('compare.js: prints the table and counts the changes; bad input is one line and exit 2', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-'));
  try {
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    fs.writeFileSync(a, JSON.stringify(makeResults()));
    fs.writeFileSync(b, JSON.stringify(makeResults({ speed: 2 })));
    const ok = spawnSync(process.execPath, ['compare.js', a, b], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /\| p1 fmt-a encode, one message +\| ops\/s .*\| 2\.000× \| CHANGED /);
    assert.match(ok.stdout, /^4 of \d+ figures CHANGED: outside both runs' intervals and by more than 5%/m);

    assert.doesNotMatch(ok.stdout, /baseline \(fmt-a\) ran slower/, 'runs without the baseline\'s rates are not judged');
    // a run whose baseline ran at its fastest below 80% of the other's is named, before the table
    const rated = (/** @type {number} */ rate) => {
      const r = makeResults();
      for (const s of /** @type {any[]} */ (r.payloads[0].speed)) if (s.format !== 'fmt-a') s.processes = { agreement: 'agree', vsBaseline: [1, 1], baseRate: [rate, rate * 0.9] };
      return r;
    };
    const fast = path.join(dir, 'fast.json');
    const slow = path.join(dir, 'slow.json');
    fs.writeFileSync(fast, JSON.stringify(rated(230e3)));
    fs.writeFileSync(slow, JSON.stringify(rated(140e3)));
    const slowed = spawnSync(process.execPath, ['compare.js', fast, slow], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(slowed.status, 0, slowed.stderr);
    assert.match(slowed.stdout, /^The speed pass's baseline \(fmt-a\) ran slower in one run, at its fastest below 80% of the other run's on the same CPU and runtime: p1 encode 230,000 ops\/s in A, 140,000 in B; p1 decode 230,000 ops\/s in A, 140,000 in B\. .*docs\/speed\.md/m);
    assert.match(JSON.parse(spawnSync(process.execPath, ['compare.js', fast, slow, '--json'], { cwd: ROOT, encoding: 'utf8' }).stdout).machineSlower[0].slower, /^B$/);

    // a run whose servers timed the machine probe below 80% of the other's is named too (the capacity pass's
    // references of two npm starts, 2026-11-29 10:12Z and 10:14Z)
    const capacityProbe = (/** @type {number} */ ref) => {
      const r = /** @type {any} */ (makeResults());
      r.capacity = {
        payload: 'p1',
        transports: [{
          transport: 'http1', serverWorkers: 1, serverProcesses: 1, placement: { pinned: true, server: '0', client: '1', available: '0-1', note: null }, serverCores: 1,
          clientCores: 1, clientWorkers: 1, halfRate: 1000, loadGenerator: 'h2load 1.52.0', warmup: null, pair: null, calibration: null, rows: [],
          machineProbe: { referenceOpsPerCpuUs: ref, slowedBelow: 0.8 },
        }],
      };
      return r;
    };
    fs.writeFileSync(fast, JSON.stringify(capacityProbe(0.0908)));
    fs.writeFileSync(slow, JSON.stringify(capacityProbe(0.0626)));
    const probed = spawnSync(process.execPath, ['compare.js', fast, slow], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(probed.status, 0, probed.stderr);
    assert.match(probed.stdout, /^The machine probe \(.*\) read slower in one run, its reference below 80% of the other run's on the same CPU and runtime: p1 capacity 0\.091 operations per µs in A, 0\.063 in B\. .*docs\/transmission\.md/m);

    // run folders (results/<date-time>) stand for the results.json inside them
    const runA = path.join(dir, 'run-a');
    fs.mkdirSync(runA);
    fs.copyFileSync(a, path.join(runA, 'results.json'));
    const folders = spawnSync(process.execPath, ['compare.js', runA, b], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(folders.status, 0, folders.stderr);
    assert.equal(folders.stdout.split('\n').slice(4).join('\n'), ok.stdout.split('\n').slice(4).join('\n'), 'the same table as with the file');
    // a file compared with itself, or two paths to it (its run folder, a symlink), is said to be one file
    const link = path.join(dir, 'link.json');
    fs.symlinkSync(a, link);
    const realA = fs.realpathSync(a);
    for (const pair of [[a, a], [runA, path.join(runA, 'results.json')], [a, link]]) {
      const self = spawnSync(process.execPath, ['compare.js', ...pair], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(self.status, 0, self.stderr);
      const real = pair[0] === runA ? fs.realpathSync(path.join(runA, 'results.json')) : realA;
      const said = self.stdout.split('\n').filter((l) => /same file/.test(l));
      assert.deepEqual(said, [`A and B are the same file (${real}): every figure is compared with itself.`], self.stdout);
    }
    assert.doesNotMatch(ok.stdout, /same file/, 'two different files: no such line');
    const selfJson = spawnSync(process.execPath, ['compare.js', a, link, '--json'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(selfJson.status, 0, selfJson.stderr);
    assert.ok(JSON.parse(selfJson.stdout).rows.length > 0, 'stdout stays the JSON alone');
    assert.match(selfJson.stderr, /^compare: A and B are the same file \(.*a\.json\)/);
    // --changed with nothing changed: one line instead of a table's header
    const unchanged = spawnSync(process.execPath, ['compare.js', a, link, '--changed'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(unchanged.status, 0, unchanged.stderr);
    assert.match(unchanged.stdout, /^Nothing changed beyond its spread: no figure is marked CHANGED, so --changed has no row to show\.$/m);
    assert.doesNotMatch(unchanged.stdout, /^\| figure/m);
    const help = spawnSync(process.execPath, ['compare.js', '--help'], { cwd: ROOT, encoding: 'utf8' });
    assert.match(help.stdout, /docs\/suite\.md/);
    assert.doesNotMatch(help.stdout, /README/, 'the rules are explained in docs/suite.md, not README');

    const notResults = path.join(dir, 'other.json');
    fs.writeFileSync(notResults, '{"hello": 1}');
    const broken = path.join(dir, 'broken.json');
    const bad = makeResults();
    Reflect.deleteProperty(bad.payloads[0].sizes[0], 'status');
    fs.writeFileSync(broken, JSON.stringify(bad));
    for (const [args, pattern] of /** @type {[string[], RegExp][]} */ ([
      [[a, path.join(dir, 'missing.json')], /missing\.json: no such file or directory/],
      [[a, dir], /: a folder without a results\.json; give a results\.json, or the folder of a run holding one\n/],
      [[a, notResults], /other\.json: not a results file/],
      [[a, broken], /broken\.json: not a valid results file: \/payloads\/0\/sizes\/0.*status/],
      [[a], /expected two results files/],
    ])) {
      const r = spawnSync(process.execPath, ['compare.js', ...args], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, pattern);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('compare.js reads benchmark_dss.js --json as well: its speed figures, and a run whose baseline ran slower named', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-dss-'));
  try {
    const speed = spawnSync(process.execPath, ['benchmark_dss.js', '5', '--formats', 'json-buffer,msgpackr', '--filter', 'encode$', '--one-message', 'none', '--rounds', '2',
      '--max-time', '0.05', '--warmup', '0.02', '--slice', '5', '--no-memory', '--json'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(speed.status, 0, speed.stderr);
    const a = path.join(dir, 'a.json');
    fs.writeFileSync(a, speed.stdout);
    // the same run as if its baseline had run at 60% of that speed throughout (a wholly slowed run)
    const slowed = JSON.parse(speed.stdout);
    for (const r of slowed.results[0].results) if (r.processes?.baseRate) r.processes.baseRate = r.processes.baseRate.map((/** @type {number} */ v) => v * 0.6);
    const b = path.join(dir, 'b.json');
    fs.writeFileSync(b, JSON.stringify(slowed));
    const out = spawnSync(process.execPath, ['compare.js', a, b], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /^A: .*a\.json \(.*, mode benchmark_dss\.js\)$/m);
    assert.match(out.stdout, /^\| test5 msgpackr encode over the corpus ÷ json-buffer +\| × +\|/m);
    assert.match(out.stdout, /^The speed pass's baseline \(json-buffer\) ran slower in one run, .*: test5 encode [\d,]+ ops\/s in A, [\d,]+ in B\./m);
    assert.equal(spawnSync(process.execPath, ['compare.js', a, a], { cwd: ROOT, encoding: 'utf8' }).stdout.includes('ran slower'), false);
    // a speed output without its rows: one line, exit 2
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ measurement: 'speed', environment: {}, results: [{ payload: {} }] }));
    const refused = spawnSync(process.execPath, ['compare.js', a, bad], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(refused.status, 2);
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /^compare: .*bad\.json: not a speed run of benchmark_dss\.js --json \(.*\)\n$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
