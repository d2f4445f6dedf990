// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity: capacity per server core, p50/p99 and server CPU per message at half the lower
// capacity of each transport's pair. A p99 target nothing meets keeps every search to one probe whatever the load.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { isFloor } from '../../lib/transmission/capacity.js';

/** @typedef {import('../../lib/transmission/capacity.js').CapacityProbe} CapacityProbe */

const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: 300_000 });

test('benchmark_transport.js --capacity: a search whose lowest rate fails says "below R"; both formats measured at half of it, CPU at that fixed rate', { timeout: 300_000 }, () => {
  // http1 has no report of its own in its protocol (ws and gRPC have): its probes get server figures only from the server asked over IPC
  const r = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'ws,http1', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /**
   * @type {{ measurement: string, settings: { connections: number, window: number, targetP99Ms: number },
   *   transports: Array<{ transport: string, halfRate: number, placement: { pinned: boolean, note: string|null }, serverCores: number, clientCores: number,
   *   rows: Array<{ format: string, capacity: number|null, below: number|null, perCore: number|null, floorRates: number[],
   *   probes: Array<CapacityProbe>,
   *   atHalf: { rate: number, complete: boolean, p50: number, p99: number, serverCpuUs: number, serverUserUs: number, serverSystemUs: number, idleCpuUsPerSec: number, serverCpuMinMax: [number, number],
   *     serverCpuLowest: { serverCpuUs: number, range: [number, number], met: boolean } | null } }> }> }}
   */
  const out = JSON.parse(r.stdout);
  assert.equal(out.measurement, 'capacity');
  assert.deepEqual([out.settings.connections, out.settings.window], [4, 8], 'enough in flight to load a server unless told otherwise');
  assert.deepEqual(out.transports.map((t) => [t.transport, t.rows.map((row) => row.format)]), [['ws', ['protobufjs-static', 'json-buffer']], ['http1', ['protobufjs-static', 'json-buffer']]]);
  for (const t of out.transports) {
    assert.ok(t.placement.pinned || t.placement.note, 'where the server ran, or why it was not pinned');
    assert.equal(t.halfRate, 200);
    for (const row of t.rows) {
      assert.deepEqual([row.capacity, row.below, row.perCore, row.floorRates], [null, 400, null, []]);
      // a failing rate is probed again before it counts as failed; a failure with both sides idle is a floor, and the
      // search tries up to three doublings past it (here every one fails, so the row still says "below 400")
      assert.deepEqual(row.probes.slice(0, 2).map((p) => [p.rate, p.ok, p.retry ?? false]), [[400, false, false], [400, false, true]]);
      const rates = [...new Set(row.probes.map((p) => p.rate))];
      assert.deepEqual(rates, [400, 800, 1600, 3200].slice(0, rates.length));
      assert.ok(row.probes.every((p) => !p.ok));
      const cores = { serverCores: t.serverCores, clientCores: t.clientCores, targetP99Ms: 0.001 };
      rates.forEach((rate, i) => {
        const last = row.probes.findLast((p) => p.rate === rate);
        assert.equal(rates[i + 1] !== undefined, i < 3 && isFloor(/** @type {CapacityProbe} */ (last), cores), `${t.transport} ${row.format}: after ${rate} ${JSON.stringify(last)}`);
      });
      // each probe knows how busy both sides were: the server's figures come from the server itself
      for (const p of row.probes) assert.ok(p.serverCpuShare != null && p.serverCpuShare > 0 && p.serverElu != null && p.clientCpuShare != null, JSON.stringify(p));
      assert.equal(row.atHalf.rate, 200);
      assert.ok(row.atHalf.complete, `${t.transport} ${row.format}: every message answered at half the rate`);
      assert.ok(row.atHalf.p50 > 0 && row.atHalf.p99 >= row.atHalf.p50);
      assert.ok(row.atHalf.serverCpuUs > 0 && row.atHalf.idleCpuUsPerSec >= 0, JSON.stringify(row.atHalf));
      // and as the kernel split it, user and system time (before the idle rate is subtracted)
      assert.ok(row.atHalf.serverUserUs > 0 && row.atHalf.serverSystemUs >= 0, JSON.stringify(row.atHalf));
      // the fastest passes beside the median: the lowest of the same passes whose min–max the cell shows
      const l = row.atHalf.serverCpuLowest;
      assert.ok(l && l.serverCpuUs > 0 && l.serverCpuUs === row.atHalf.serverCpuMinMax[0] && l.range[0] === l.serverCpuUs && typeof l.met === 'boolean', JSON.stringify(row.atHalf));
    }
  }
  const text = run('5', '--capacity', '--searches', '1', '--transports', 'ws', '--formats', 'protobufjs-static', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^\| ws +\| protobufjs-static +\| +below 400 \| +— \| neither|^\| ws +\| protobufjs-static +\| +below 400 \| +— \| (client|server) /m);
});

test('benchmark_transport.js --capacity --server-workers 2: each transport at one worker and at two, the report adding both', { timeout: 300_000 }, () => {
  const r = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'http1', '--formats', 'protobufjs-static', '--server-workers', '2', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {{ transports: Array<{ transport: string, serverWorkers: number, serverProcesses: number, serverCores: number, rows: Array<{ below: number, atHalf: { complete: boolean, serverCpuUs: number, serverUserUs: number, serverSystemUs: number },
   *   searches: Array<{ machineProbes: Array<number|null> }> }> }> }} */
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.transports.map((t) => [t.transport, t.serverWorkers]), [['http1', 1], ['http1', 2]]);
  // the machine probe: a server of one process answers it around its search; a primary of workers, whose own core
  // does none of the work, answers null
  assert.ok(out.transports[0].rows[0].searches[0].machineProbes.every((v) => typeof v === 'number' && v > 0), JSON.stringify(out.transports[0].rows[0].searches));
  assert.deepEqual(out.transports[1].rows[0].searches[0].machineProbes, [null, null]);
  for (const t of out.transports) {
    assert.equal(t.rows[0].below, 400);
    assert.ok(t.rows[0].atHalf.complete && t.rows[0].atHalf.serverCpuUs > 0, `${t.serverWorkers} workers: ${JSON.stringify(t.rows[0].atHalf)}`);
    // user and system time, over the workers and their primary too (server-workers.js mergeServerReports)
    assert.ok(t.rows[0].atHalf.serverUserUs > 0 && t.rows[0].atHalf.serverSystemUs >= 0, `${t.serverWorkers} workers: ${JSON.stringify(t.rows[0].atHalf)}`);
  }
  assert.equal(out.transports[1].serverCores, 2);
  // from the server itself, not from the plan: the processes that answered its report
  assert.deepEqual(out.transports.map((t) => t.serverProcesses), [1, 2]);
});
