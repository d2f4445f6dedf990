// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity, continued from capacity.test.js (split so that no file runs into the test
// runner's 10-minute limit on a loaded two-core machine): the sustained pass and bad input. --calibrate and every
// transport by default are in capacity-calibrate.test.js: the four tests took 433-460 s in one file on a quiet
// evening, and ran past 600 s in CI on a slow morning (2026-11-30 10:24Z, AMD EPYC).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: 300_000 });

// a p99 target of 200 ms: the row needs a capacity for its sustained pass, and a loaded CI machine can miss 50 ms at
// the lowest rate twice in a row (a floor, not a limit, which leaves the row without one)
test('benchmark_transport.js --capacity --sustain S: the toolkit\'s client offers each capacity for S seconds, lower shares while that fails; the table and a line say what held', { timeout: 300_000 }, () => {
  const args = ['5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'ws', '--formats', 'json-buffer', '--target-p99', '200', '--from-rate', '500', '--probe-seconds', '0.1', '--cpu-rate', '300', '--sustain', '0.3'];
  const r = run(...args, '--json');
  assert.equal(r.status, 0, r.stderr);
  const row = JSON.parse(r.stdout).transports[0].rows[0];
  assert.ok(row.capacity !== null, JSON.stringify(row.probes));
  const { sustained } = row;
  assert.equal(sustained.seconds, 0.3);
  assert.equal(sustained.tries[0].rate, row.capacity);
  // each pass as long as asked: 0.3 s of the rate (at least 200 messages), its figures a probe's
  for (const p of sustained.tries) assert.ok(p.msgsPerSec > 0 && typeof p.p99 === 'number' && 'serverCpuShare' in p, JSON.stringify(p));
  assert.deepEqual(sustained.tries.map((/** @type {{ ok: boolean }} */ p) => p.ok), sustained.rate === null ? sustained.tries.map(() => false) : [...sustained.tries.slice(1).map(() => false), true]);
  assert.equal(sustained.share === null ? null : Math.round(row.capacity * sustained.share), sustained.rate);
  const text = run(...args);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /\|\s+sustained\s+\|/);
  assert.match(text.stdout, /^sustained: each capacity offered for 0\.3 s in one pass .* (1 of 1 held at their capacity\.|0 of 1 held at their capacity\. Not at their capacity: ws json-buffer \(.*\)\.)$/m);
});

test('benchmark_transport.js bad input: --server-workers 0, --target-p99 0, --from-rate 0, --rate 0, --capacity with --rate, a --capacity option without it: one line naming it, exit 2', () => {
  for (const [args, pattern] of /** @type {Array<[string[], RegExp]>} */ ([
    [['--capacity', '--server-workers', '0'], /^benchmark_transport: --server-workers: expected a whole number ≥ 1, got "0"$/],
    [['--capacity', '--target-p99', '0'], /^benchmark_transport: --target-p99: expected a number ≥ 0.001, got "0"$/],
    [['--capacity', '--from-rate', '0'], /^benchmark_transport: --from-rate: expected a number ≥ 0.001, got "0"$/],
    [['--rate', '-5'], /^benchmark_transport: --rate: expected a number ≥ 0.001, got "-5"$/],
    [['--capacity', '--rate', '100'], /^benchmark_transport: --capacity chooses the rates itself/],
    [['--capacity', '--load-generator', 'wrk'], /^benchmark_transport: --load-generator wrk: give auto, toolkit or h2load$/],
    [['--load-generator', 'h2load'], /^benchmark_transport: --load-generator h2load: only with --capacity$/],
    [['--capacity', '--cpu-rate', '0'], /^benchmark_transport: --cpu-rate: expected a number ≥ 0.001, got "0"$/],
    [['--cpu-rate', '1000'], /^benchmark_transport: --cpu-rate 1000: only with --capacity$/],
    [['--capacity', '--load-generator', 'h2load', '--direction', 'down'], /^benchmark_transport: --load-generator h2load: uploads only, plain/],
    [['--capacity', '--searches', '0'], /^benchmark_transport: --searches: expected a whole number ≥ 1, got "0"$/],
    [['--searches', '2'], /^benchmark_transport: --searches 2: only with --capacity$/],
    [['--capacity', '--sustain', '-1'], /^benchmark_transport: --sustain: expected a number ≥ 0, got "-1"$/],
    [['--sustain', '2'], /^benchmark_transport: --sustain 2: only with --capacity$/],
    [['--calibrate'], /^benchmark_transport: --calibrate: only with --capacity$/],
    [['--capacity', '--calibrate', '--transports', 'ws,grpc'], /^benchmark_transport: --calibrate: only with http1 among --transports \(got ws,grpc\)$/],
    [['--from-rate', '400'], /^benchmark_transport: --from-rate 400: only with --capacity$/],
    [['--probe-seconds', '0.1'], /^benchmark_transport: --probe-seconds 0.1: only with --capacity$/],
    [['--target-p99', '5'], /^benchmark_transport: --target-p99 5: only with --sweep or --capacity$/],
  ])) {
    const r = run('5', ...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr.trimEnd(), pattern);
    assert.equal(r.stderr.trimEnd().split('\n').length, 1);
    assert.equal(r.stdout, '');
  }
});
