// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_dss.js --runtimes as users run it: bad input is one line and exit 2;
// a tiny run on the host, in a child process, gives the documented shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../../lib/paths.js';

const run = (/** @type {string[]} */ ...args) => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'benchmark_dss.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

for (const { args, pattern } of [
  { args: ['--runtimes', 'node@19'], pattern: /^benchmark_dss: unknown runtime "node@19" \(known: host, node@22/ },
  { args: ['--runtimes', 'bun', '--runtime', 'bun=/nonexistent/bun'], pattern: /^benchmark_dss: --runtime bun=\/nonexistent\/bun: no such file\n$/ },
  { args: ['--runtimes', 'bun', '--runtime', 'bun'], pattern: /^benchmark_dss: --runtime bun: expected NAME=PATH/ },
  // given where nothing reads them, they used to be ignored without a word, whatever the name
  { args: ['--runtime', 'foo=/bin/true'], pattern: /^benchmark_dss: --runtime foo=\/bin\/true: only with --runtimes, which names the runtimes it gives binaries for\n$/ },
  { args: ['--runtimes', 'host', '--runtime', 'bun=/bin/true'], pattern: /^benchmark_dss: --runtime bun=…: bun is not among --runtimes host \(host\), so its binary would not be used\n$/ },
  { args: ['--chromium', '/usr/bin/chromium'], pattern: /^benchmark_dss: --chromium \/usr\/bin\/chromium: only with --runtimes chromium\n$/ },
]) {
  test(`benchmark_dss ${args.join(' ')}: one line, exit 2`, () => {
    const r = run('5', ...args);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, pattern);
    assert.equal(r.stdout, '');
  });
}

test('--runtimes host --json: one runtime described, every codec verified and measured there', { timeout: 120_000 }, () => {
  const r = run('5', '--runtimes', 'host', '--formats', 'json-buffer,msgpackr', '--rounds', '2', '--max-time', '0.01', '--min-time', '0.005', '--json');
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.runtimes.length, 1);
  const [d] = out.runtimes;
  assert.equal(d.runtime, 'host');
  assert.equal(d.version, process.versions.node);
  assert.equal(d.engine, 'V8');
  assert.equal(d.engineVersion, process.versions.v8);
  const [entry] = out.results;
  assert.equal(entry.payload.id, 'test5');
  const [onHost] = entry.runtimes;
  assert.equal(onHost.error, null);
  assert.deepEqual(onHost.skipped, []);
  assert.deepEqual(onHost.results.map((/** @type {{ format: string, op: string, status: string, rounds: unknown[] }} */ x) => `${x.format} ${x.op} ${x.status} ${x.rounds.length}`), [
    'json-buffer encode exact 2', 'json-buffer decode exact 2', 'json-buffer roundtrip exact 2',
    'msgpackr encode exact 2', 'msgpackr decode exact 2', 'msgpackr roundtrip exact 2',
  ]);
  for (const x of onHost.results) assert.equal(x.format === 'json-buffer' ? x.vsBaseline : 1, 1);
});

test('benchmark_dtq.js --runtimes: sizes from the host, and a verdict per codec per runtime', { timeout: 120_000 }, () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'benchmark_dtq.js'), '5', '--runtimes', 'host', '--formats', 'json-buffer,protobufjs-static', '--json'],
    { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.results[0].codecs.length, 2);
  assert.deepEqual(out.runtimes.map((/** @type {{ runtime: string }} */ d) => d.runtime), ['host']);
  const [onHost] = out.verdicts[0].runtimes;
  assert.deepEqual(onHost.verdicts.map((/** @type {{ format: string, status: string }} */ v) => [v.format, v.status]), [['protobufjs-static', 'exact'], ['json-buffer', 'exact']]);
});
