import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { compareRuns, speedInterval } from '../../lib/results/compare.js';
import { validateResults } from '../../lib/results/index.js';
import { makeResults } from '../helpers/results-fixture.js';

import { ROOT } from '../../lib/paths.js';
const flagged = (cmp, pattern) => cmp.rows.filter((r) => pattern.test(r.figure));

test('the fixture is a valid results file', () => {
  assert.deepEqual(validateResults(makeResults()), []);
});

test('a 2× speed change is flagged, a 2% one is not', () => {
  const a = makeResults();
  const twice = compareRuns(a, makeResults({ speed: 2 }));
  const speedRows = flagged(twice, / (encode|decode)$/);
  assert.equal(speedRows.length, 4);
  for (const r of speedRows) {
    assert.equal(r.real, true, r.figure);
    assert.ok(Math.abs(r.ratio - 2) < 1e-9);
  }
  const slight = compareRuns(a, makeResults({ speed: 1.02 }));
  for (const r of flagged(slight, / (encode|decode)$/)) assert.equal(r.real, false, r.figure);
  const halved = compareRuns(a, makeResults({ speed: 0.5 }));
  for (const r of flagged(halved, / (encode|decode)$/)) assert.equal(r.real, true, r.figure);
});

test('a 2× latency change is flagged at the median, a 2% one is not', () => {
  const a = makeResults();
  const p50 = (cmp) => flagged(cmp, /latency p50$/);
  assert.deepEqual(p50(compareRuns(a, makeResults({ latency: 2 }))).map((r) => r.real), [true, true]);
  assert.deepEqual(p50(compareRuns(a, makeResults({ latency: 1.02 }))).map((r) => r.real), [false, false]);
  // tails: 2× moves p99 (2 → 4) but not beyond the other run's max (5): not flagged
  assert.deepEqual(flagged(compareRuns(a, makeResults({ latency: 2 })), /latency p99$/).map((r) => r.real), [false, false]);
  assert.deepEqual(flagged(compareRuns(a, makeResults({ latency: 3 })), /latency p99$/).map((r) => r.real), [true, true]);
});

test('sizes are exact: any byte is a change, none is not', () => {
  const a = makeResults();
  assert.ok(flagged(compareRuns(a, makeResults({ bytes: 1.02 })), /size bytes$/).every((r) => r.real));
  assert.ok(flagged(compareRuns(a, makeResults()), /size/).every((r) => r.real === false));
});

test('a round-trip status change is a real change whatever the figures', () => {
  const a = makeResults();
  const b = makeResults();
  b.payloads[0].sizes[1].status = 'lossy';
  b.payloads[0].sizes[1].diff = { path: '$.x', expected: 1, actual: 1.5 };
  const row = compareRuns(a, b).rows.find((r) => r.figure === 'p1 fmt-b size bytes');
  assert.equal(row.real, true);
  assert.equal(row.status, 'exact → lossy');
});

test('speed spread: min–max of rounds widened by each round\'s RME; one round still has a spread', () => {
  const { low, high } = speedInterval({ rounds: [{ hz: 100, rme: 10 }] });
  assert.ok(Math.abs(low - 90) < 1e-9 && Math.abs(high - 110) < 1e-9);
});

test('compare.js: prints the table and counts the changes; bad input is one line and exit 2', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-'));
  try {
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    fs.writeFileSync(a, JSON.stringify(makeResults()));
    fs.writeFileSync(b, JSON.stringify(makeResults({ speed: 2 })));
    const ok = spawnSync(process.execPath, ['compare.js', a, b], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /\| p1 fmt-a encode +\| ops\/s .*\| 2\.000× \| CHANGED /);
    assert.match(ok.stdout, /4 of \d+ figures changed beyond both runs' spread/);

    const notResults = path.join(dir, 'other.json');
    fs.writeFileSync(notResults, '{"hello": 1}');
    const broken = path.join(dir, 'broken.json');
    const bad = makeResults();
    delete bad.payloads[0].sizes[0].status;
    fs.writeFileSync(broken, JSON.stringify(bad));
    for (const [args, pattern] of /** @type {[string[], RegExp][]} */ ([
      [[a, path.join(dir, 'missing.json')], /missing\.json: no such file or directory/],
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
