// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity with h2load sending, over connect, connect-h2 and grpc (ws, http1 and http2 in
// capacity-h2load.test.js, where the reason for two files is, and the text report's line on the load generator), then
// a search h2load takes to a limit. Nothing is timed against a bound: the first run's p99 target nothing meets keeps
// every search to its probes, the second's 50 ms is a limit h2load meets at some rate.
import test from 'node:test';
import assert from 'node:assert/strict';
import { checkH2loadDrives, noH2load, run } from '../helpers/capacity-h2load.js';

test('benchmark_transport.js --capacity --load-generator h2load: h2load drives connect, connect-h2 and grpc; a search it takes to a limit holds its capacity', { timeout: 540_000, skip: noH2load }, () => {
  checkH2loadDrives(['connect', 'connect-h2', 'grpc']);
  // a search that reaches a limit: every passing probe kept to its schedule under the target, every failing one did not
  const found = run('5', '--capacity', '--searches', '1', '--transports', 'http2', '--formats', 'protobufjs-static', '--load-generator', 'h2load', '--target-p99', '50', '--from-rate', '2000', '--probe-seconds', '0.1', '--sustain', '0.3', '--json');
  assert.equal(found.status, 0, found.stderr);
  const found1 = JSON.parse(found.stdout);
  const row = found1.transports[0].rows[0];
  // the capacity then offered for 0.3 s by h2load: the capacity first, each lower share only after a failure (a
  // machine too busy for the search's first rate has no capacity to hold: no sustained pass)
  assert.equal(found1.settings.sustainSeconds, 0.3);
  if (row.capacity === null) assert.equal(row.sustained, null);
  else {
    const shares = [1, 0.9, 0.8, 0.7];
    assert.deepEqual(row.sustained.tries.map((/** @type {{ rate: number }} */ p) => p.rate), shares.slice(0, row.sustained.tries.length).map((x) => Math.round(row.capacity * x)));
    row.sustained.tries.forEach((/** @type {{ ok: boolean, load: object, onSchedule: boolean, bound: string|null }} */ p, /** @type {number} */ i) => {
      assert.equal(p.ok, i === row.sustained.tries.length - 1 && row.sustained.rate !== null, JSON.stringify(row.sustained));
      assert.ok(p.load && typeof p.onSchedule === 'boolean', 'an h2load pass');
      assert.equal(p.bound === null, p.ok);
    });
    assert.equal(row.sustained.rate, row.sustained.rate === null ? null : row.sustained.tries.at(-1).rate);
  }
  // h2load cannot send payload 5 at the search's ceiling (1,000,000 msgs/s): some rate must fail
  assert.ok(row.failedRate !== null && row.probes.some((/** @type {{ ok: boolean }} */ p) => !p.ok), JSON.stringify(row.probes));
  for (const p of row.probes) {
    if (p.ok) assert.ok(p.onSchedule && p.complete && p.p99 < 50, JSON.stringify(p));
    else assert.ok(!p.onSchedule || !p.complete || p.p99 >= 50, JSON.stringify(p));
  }
});
