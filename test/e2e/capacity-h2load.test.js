// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity with h2load sending: a file of its own (it was capacity.test.js's third test)
// because its three runs took 70 s together on an idle 2-core VM, and its first run by itself over 180 s beside the
// suite's other files in CI (2026-11-28, AMD EPYC): a run may take up to RUN_TIMEOUT_MS, the test 540 s, within the
// runner's ten minutes a file. Nothing here is timed against a bound: a p99 target nothing meets keeps every search
// to its probes. Since the warm-up runs in chunks until the server settles (up to 10 s a format past its first two
// chunks), the first run's ten warm-ups take longer: it ran over 300 s beside CI's other files once (2026-11-29), so a
// run may take 450 s.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { CAPACITY_WARMUP_REQUESTS } from '../../lib/transmission/capacity-settings.js';
import { warmedInChunks } from '../helpers/warmup.js';

const RUN_TIMEOUT_MS = 450_000;
const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: RUN_TIMEOUT_MS });

/** h2load (Debian's nghttp2-client): CI installs it and sets REQUIRE_H2LOAD, where its absence fails instead of skipping. */
const h2load = spawnSync('h2load', ['--version'], { encoding: 'utf8' });
const noH2load = h2load.status === 0 ? false : 'h2load is not installed (apt-get install nghttp2-client)';
if (noH2load && process.env.REQUIRE_H2LOAD) throw new Error(`REQUIRE_H2LOAD is set but ${noH2load}`);

test('benchmark_transport.js --capacity --load-generator h2load: h2load drives http1, http2, connect, connect-h2 and grpc (probes, half-rate passes, the server\'s CPU); ws keeps the toolkit\'s client', { timeout: 540_000, skip: noH2load }, () => {
  const r = run('5', '--capacity', '--searches', '1', '--transports', 'ws,http1,http2,connect,connect-h2,grpc', '--load-generator', 'h2load', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /**
   * @type {{ settings: { loadGenerator: string }, transports: Array<{ transport: string, loadGenerator: string, halfRate: number,
   *   rows: Array<{ format: string, below: number|null, probes: Array<{ rate: number, ok: boolean, onSchedule?: boolean, p99: number|null, serverCpuShare: number|null, clientCpuShare: number|null,
   *     load?: { connections: number, streams: number } }>,
   *   atHalf: { rate: number, complete: boolean, p50: number, p99: number, serverCpuUs: number, serverCpuMinMax: [number, number] | null, serverCpuLowest: { serverCpuUs: number } | null } }>,
   *   warmup: Array<{ format: string, requests: number, answered: number, seconds: number, chunkCpuUs: Array<number|null>, settled: boolean }> | null }> }}
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
      // the fastest passes beside the median: the lowest of the same passes whose min–max the table's cell shows
      assert.ok(row.atHalf.serverCpuLowest && row.atHalf.serverCpuLowest.serverCpuUs === row.atHalf.serverCpuMinMax?.[0], `${t.transport} ${row.format}: ${JSON.stringify(row.atHalf)}`);
    }
  }
  assert.equal(out.transports[0].rows[0].probes.some((p) => 'onSchedule' in p), false, 'ws: the toolkit\'s client');
  // each fresh server first warmed up by h2load, every format, every request answered; ws's client warms up itself
  for (const t of out.transports.slice(1)) {
    assert.deepEqual(t.warmup?.map((w) => w.format).sort(), t.rows.map((row) => row.format).sort(), t.transport);
    for (const w of t.warmup ?? []) warmedInChunks(w, `${t.transport} ${w.format}`);
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
  assert.match(text.stdout, new RegExp(`^Load generator: h2load \\d\\S* \\(grpc\\); h2load sends the corpus's first message every time, releases its requests in 10 ms batches and times each from its actual send.*; each fresh server first took each format's requests from h2load in chunks of ${CAPACITY_WARMUP_REQUESTS.toLocaleString('en-US')}, as fast as it answered them, unmeasured, until its CPU per request stopped falling \\(a chunk less than 10% below the one before; 2 to 8 chunks, none begun after 10 s\\): [\\d,–]+ requests here`, 'm'));
});
