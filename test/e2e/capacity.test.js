// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity: capacity per server core, p50/p99 and server CPU per message at half the lower
// capacity of each transport's pair. A p99 target nothing meets keeps every search to one probe whatever the load.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { isFloor } from '../../lib/transmission/capacity.js';
import { CAPACITY_WARMUP_REQUESTS } from '../../lib/transmission/capacity-settings.js';

/** @typedef {import('../../lib/transmission/capacity.js').CapacityProbe} CapacityProbe */

const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: 180_000 });

test('benchmark_transport.js --capacity: a search whose lowest rate fails says "below R"; both formats measured at half of it, CPU at that fixed rate', { timeout: 180_000 }, () => {
  // http1 has no report of its own in its protocol (ws and gRPC have): its probes get server figures only from the server asked over IPC
  const r = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'ws,http1', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /**
   * @type {{ measurement: string, settings: { connections: number, window: number, targetP99Ms: number },
   *   transports: Array<{ transport: string, halfRate: number, placement: { pinned: boolean, note: string|null }, serverCores: number, clientCores: number,
   *   rows: Array<{ format: string, capacity: number|null, below: number|null, perCore: number|null, floorRates: number[],
   *   probes: Array<CapacityProbe>,
   *   atHalf: { rate: number, complete: boolean, p50: number, p99: number, serverCpuUs: number, idleCpuUsPerSec: number } }> }> }}
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
    }
  }
  const text = run('5', '--capacity', '--searches', '1', '--transports', 'ws', '--formats', 'protobufjs-static', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^\| ws +\| protobufjs-static +\| +below 400 \| +— \| neither|^\| ws +\| protobufjs-static +\| +below 400 \| +— \| (client|server) /m);
});

test('benchmark_transport.js --capacity --server-workers 2: each transport at one worker and at two, the report adding both', { timeout: 180_000 }, () => {
  const r = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'http1', '--formats', 'protobufjs-static', '--server-workers', '2', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {{ transports: Array<{ transport: string, serverWorkers: number, serverProcesses: number, serverCores: number, rows: Array<{ below: number, atHalf: { complete: boolean, serverCpuUs: number } }> }> }} */
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.transports.map((t) => [t.transport, t.serverWorkers]), [['http1', 1], ['http1', 2]]);
  for (const t of out.transports) {
    assert.equal(t.rows[0].below, 400);
    assert.ok(t.rows[0].atHalf.complete && t.rows[0].atHalf.serverCpuUs > 0, `${t.serverWorkers} workers: ${JSON.stringify(t.rows[0].atHalf)}`);
  }
  assert.equal(out.transports[1].serverCores, 2);
  // from the server itself, not from the plan: the processes that answered its report
  assert.deepEqual(out.transports.map((t) => t.serverProcesses), [1, 2]);
});

/** h2load (Debian's nghttp2-client): CI installs it and sets REQUIRE_H2LOAD, where its absence fails instead of skipping. */
const h2load = spawnSync('h2load', ['--version'], { encoding: 'utf8' });
const noH2load = h2load.status === 0 ? false : 'h2load is not installed (apt-get install nghttp2-client)';
if (noH2load && process.env.REQUIRE_H2LOAD) throw new Error(`REQUIRE_H2LOAD is set but ${noH2load}`);

test('benchmark_transport.js --capacity --load-generator h2load: h2load drives http1, http2, connect, connect-h2 and grpc (probes, half-rate passes, the server\'s CPU); ws keeps the toolkit\'s client', { timeout: 180_000, skip: noH2load }, () => {
  const r = run('5', '--capacity', '--searches', '1', '--transports', 'ws,http1,http2,connect,connect-h2,grpc', '--load-generator', 'h2load', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /**
   * @type {{ settings: { loadGenerator: string }, transports: Array<{ transport: string, loadGenerator: string, halfRate: number,
   *   rows: Array<{ format: string, below: number|null, probes: Array<{ rate: number, ok: boolean, onSchedule?: boolean, p99: number|null, serverCpuShare: number|null, clientCpuShare: number|null,
   *     load?: { connections: number, streams: number } }>,
   *   atHalf: { rate: number, complete: boolean, p50: number, p99: number, serverCpuUs: number } }>,
   *   warmup: Array<{ format: string, requests: number, answered: number }> | null }> }}
   */
  const out = JSON.parse(r.stdout);
  assert.match(out.settings.loadGenerator, /^h2load \d+\.\d+/);
  assert.deepEqual(out.transports.map((t) => [t.transport, t.loadGenerator.split(' ')[0], t.rows.map((row) => row.format)]), [
    ['ws', 'toolkit', ['protobufjs-static', 'json-buffer']], ['http1', 'h2load', ['protobufjs-static', 'json-buffer']], ['http2', 'h2load', ['protobufjs-static', 'json-buffer']],
    ['connect', 'h2load', ['protobuf-es', 'protobuf-es-json']], ['connect-h2', 'h2load', ['protobuf-es', 'protobuf-es-json']], ['grpc', 'h2load', ['protobufjs-static']],
  ]);
  // 4 connections × window 8, on the wire as each transport's own client keeps them: http1 one request a connection
  // (its default --pipelining 1), the HTTP/2 transports 8 streams, Connect over HTTP/1.1 one request a connection
  /** @type {Record<string, { connections: number, streams: number }>} */
  const load = { http1: { connections: 4, streams: 1 }, http2: { connections: 4, streams: 8 }, connect: { connections: 4, streams: 1 }, 'connect-h2': { connections: 4, streams: 8 }, grpc: { connections: 4, streams: 8 } };
  for (const t of out.transports.slice(1)) {
    for (const row of t.rows) {
      assert.equal(row.below, 2000, `${t.transport} ${row.format}`);
      for (const p of row.probes) {
        assert.deepEqual(p.load, load[t.transport], `${t.transport} ${row.format}`);
        // h2load's own probes: its log's p99, whether it kept to the schedule, the server's CPU from the server, h2load's from /proc
        assert.equal(typeof p.onSchedule, 'boolean', JSON.stringify(p));
        assert.ok(p.p99 != null && p.serverCpuShare != null && p.serverCpuShare > 0 && p.clientCpuShare != null, `${t.transport} ${row.format}: ${JSON.stringify(p)}`);
      }
      assert.ok(row.atHalf.complete && row.atHalf.serverCpuUs > 0 && row.atHalf.p99 >= row.atHalf.p50, `${t.transport} ${row.format}: ${JSON.stringify(row.atHalf)}`);
    }
  }
  assert.equal(out.transports[0].rows[0].probes.some((p) => 'onSchedule' in p), false, 'ws: the toolkit\'s client');
  // each fresh server first warmed up by h2load, every format, every request answered; ws's client warms up itself
  for (const t of out.transports.slice(1)) {
    assert.deepEqual(t.warmup?.map((w) => [w.format, w.requests, w.answered]).sort(), t.rows.map((row) => [row.format, CAPACITY_WARMUP_REQUESTS, CAPACITY_WARMUP_REQUESTS]).sort(), t.transport);
  }
  assert.equal(out.transports[0].warmup, null);
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
  const text = run('5', '--capacity', '--searches', '1', '--transports', 'grpc', '--load-generator', 'h2load', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, new RegExp(`^Load generator: h2load \\d\\S* \\(grpc\\); h2load sends the corpus's first message every time, releases its requests in 10 ms batches and times each from its actual send.*; each fresh server first took ${CAPACITY_WARMUP_REQUESTS.toLocaleString('en-US')} requests of each format from h2load, as fast as it answered them, unmeasured \\(its JIT warmed up\\)$`, 'm'));
});
