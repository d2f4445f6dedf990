// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity, continued from capacity-options.test.js (split so that no file runs into the
// test runner's 10-minute limit on a loaded two-core machine): --calibrate, and every transport by default.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: 300_000 });

test('benchmark_transport.js --capacity --calibrate: autocannon against the same http1 server, and the toolkit\'s own client in the same closed loop, taking turns', { timeout: 300_000 }, () => {
  const r = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'http1', '--formats', 'json-buffer', '--calibrate', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {{ transports: Array<{ calibration: { format: string, connections: number, pipelining: number, requests: number, autocannonPerSec: number[], autocannon: number,
   *   toolkitCapacity: number|null, ratio: number|null, toolkitClosedLoopPerSec: (number|null)[], toolkitClosedLoop: number|null, closedLoopRatio: number|null } }> }} */
  const out = JSON.parse(r.stdout);
  const c = out.transports[0].calibration;
  assert.equal(c.format, 'json-buffer');
  assert.equal(c.connections, 4);
  assert.equal(c.requests, 2000);
  assert.equal(c.autocannonPerSec.length, 3);
  assert.ok(c.autocannonPerSec.every((x) => x > 0) && c.autocannon > 0);
  // a capacity below the lowest rate has no ratio; the closed loop has one, whatever the p99 target
  assert.equal(c.toolkitCapacity, null);
  assert.equal(c.ratio, null);
  assert.equal(c.toolkitClosedLoopPerSec.length, 3);
  assert.ok(c.toolkitClosedLoopPerSec.every((x) => x != null && x > 0), JSON.stringify(c.toolkitClosedLoopPerSec));
  assert.ok(Math.abs(/** @type {number} */ (c.closedLoopRatio) - /** @type {number} */ (c.toolkitClosedLoop) / c.autocannon) < 1e-9);
  const text = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'http1', '--formats', 'json-buffer', '--calibrate', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /Like with like, the toolkit's client in the same closed loop, its passes taking turns with autocannon's: [\d,]+ requests\/s \([\d,]+, [\d,]+, [\d,]+\): \d+\.\d\d of autocannon's/);
});

test('benchmark_transport.js --capacity without --transports asks every transport, Connect over HTTP/2 included', { timeout: 300_000 }, () => {
  const r = run('5', '--capacity', '--searches', '1', '--formats', 'protobuf-es', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {{ transports: Array<{ transport: string, rows: Array<{ format: string, below: number|null }> }> }} */
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.transports.map((t) => t.transport), ['ws', 'http1', 'http2', 'connect', 'connect-h2', 'grpc']);
  for (const t of out.transports) assert.deepEqual(t.rows.map((row) => [row.format, row.below]), [['protobuf-es', 400]], t.transport);
});
