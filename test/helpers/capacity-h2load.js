import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { warmedInChunks } from './warmup.js';

/**
 * How long one benchmark_transport.js run of the h2load tests may take. Since the warm-up runs in chunks until the
 * server settles (up to 10 s a format past its first two chunks), a run of six transports' ten warm-ups once took
 * over 300 s beside CI's other files (2026-11-29, AMD EPYC); the tests split the six over two files
 * (capacity-h2load.test.js, capacity-h2load-rpc.test.js), three each, and keep this cap.
 */
export const RUN_TIMEOUT_MS = 450_000;

/** @param {string[]} args benchmark_transport.js's */
export const run = (...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: RUN_TIMEOUT_MS });

/** h2load (Debian's nghttp2-client): CI installs it and sets REQUIRE_H2LOAD, where its absence fails instead of skipping. */
const h2load = spawnSync('h2load', ['--version'], { encoding: 'utf8' });
export const noH2load = h2load.status === 0 ? false : 'h2load is not installed (apt-get install nghttp2-client)';
if (noH2load && process.env.REQUIRE_H2LOAD) throw new Error(`REQUIRE_H2LOAD is set but ${noH2load}`);

/** Each transport's formats in the capacity pass. */
const FORMATS = /** @type {Record<string, string[]>} */ ({
  ws: ['protobufjs-static', 'json-buffer'], http1: ['protobufjs-static', 'json-buffer'], http2: ['protobufjs-static', 'json-buffer'],
  connect: ['protobuf-es', 'protobuf-es-json'], 'connect-h2': ['protobuf-es', 'protobuf-es-json'], grpc: ['protobufjs-static'],
});

/**
 * 4 connections × window 8, on the wire as each transport's own client keeps them: http1 one request a connection
 * (its default --pipelining 1), the HTTP/2 transports 8 streams, Connect over HTTP/1.1 one request a connection.
 * @type {Record<string, { connections: number, streams: number }>}
 */
const LOAD = { http1: { connections: 4, streams: 1 }, http2: { connections: 4, streams: 8 }, connect: { connections: 4, streams: 1 }, 'connect-h2': { connections: 4, streams: 8 }, grpc: { connections: 4, streams: 8 } };

/**
 * Runs `node benchmark_transport.js 5 --capacity --load-generator h2load` over `transports` with a p99 target nothing
 * meets (every search stops at its probes) and checks what h2load did: on every transport but ws (which keeps the
 * toolkit's client) h2load sent each probe with the transport's own connections and streams, the probes carry its
 * p99, its schedule and both sides' CPU, each row's half-rate passes measured the server's CPU, and each fresh server
 * was first warmed up by h2load in chunks.
 * @param {string[]} transports in the run's order
 */
export function checkH2loadDrives(transports) {
  const r = run('5', '--capacity', '--searches', '1', '--transports', transports.join(','), '--load-generator', 'h2load', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--json');
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
  assert.deepEqual(out.transports.map((t) => [t.transport, t.loadGenerator.split(' ')[0], t.rows.map((row) => row.format)]),
    transports.map((t) => [t, t === 'ws' ? 'toolkit' : 'h2load', FORMATS[t]]));
  for (const t of out.transports) {
    if (t.transport === 'ws') {
      assert.equal(t.rows[0].probes.some((p) => 'onSchedule' in p), false, 'ws: the toolkit\'s client');
      // ws's client warms up itself
      assert.equal(t.warmup, null);
      continue;
    }
    for (const row of t.rows) {
      assert.equal(row.below, 2000, `${t.transport} ${row.format}`);
      for (const p of row.probes) {
        assert.deepEqual(p.load, LOAD[t.transport], `${t.transport} ${row.format}`);
        // h2load's own probes: its log's p99, whether it kept to the schedule, the server's CPU from the server, h2load's from /proc
        assert.equal(typeof p.onSchedule, 'boolean', JSON.stringify(p));
        assert.ok(p.p99 != null && p.serverCpuShare != null && p.serverCpuShare > 0 && p.clientCpuShare != null, `${t.transport} ${row.format}: ${JSON.stringify(p)}`);
      }
      assert.ok(row.atHalf.complete && row.atHalf.serverCpuUs > 0 && row.atHalf.p99 >= row.atHalf.p50, `${t.transport} ${row.format}: ${JSON.stringify(row.atHalf)}`);
      // the fastest passes beside the median: the lowest of the same passes whose min–max the table's cell shows
      assert.ok(row.atHalf.serverCpuLowest && row.atHalf.serverCpuLowest.serverCpuUs === row.atHalf.serverCpuMinMax?.[0], `${t.transport} ${row.format}: ${JSON.stringify(row.atHalf)}`);
    }
    // each fresh server first warmed up by h2load, every format, every request answered
    assert.deepEqual(t.warmup?.map((w) => w.format).sort(), t.rows.map((row) => row.format).sort(), t.transport);
    for (const w of t.warmup ?? []) warmedInChunks(w, `${t.transport} ${w.format}`);
  }
}
