// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity, continued from capacity.test.js (split so that no file runs into the test
// runner's 10-minute limit on a loaded two-core machine): who sends without --load-generator, --cpu-rate, --searches.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { warmedInChunks } from '../helpers/warmup.js';

/** @typedef {import('../../lib/transmission/capacity.js').CapacityProbe} CapacityProbe */

const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: 300_000 });

const h2load = spawnSync('h2load', ['--version'], { encoding: 'utf8' });
const noH2load = h2load.status === 0 ? false : 'h2load is not installed (apt-get install nghttp2-client)';
if (noH2load && process.env.REQUIRE_H2LOAD) throw new Error(`REQUIRE_H2LOAD is set but ${noH2load}`);

test('benchmark_transport.js --capacity without --load-generator: h2load where it is on the PATH and the run uploads plain, else the toolkit\'s clients, the output saying which and why', { timeout: 300_000 }, () => {
  const args = ['5', '--capacity', '--searches', '1', '--transports', 'http1', '--formats', 'json-buffer', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--cpu-rate', '300'];
  /** @param {import('node:child_process').SpawnSyncReturns<string>} r @returns {[string, string[], string|null]} who sent, per transport, and why not h2load */
  const generators = (r) => {
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    return [out.settings.loadGenerator.split(' ')[0], out.transports.map((/** @type {{ loadGenerator: string }} */ t) => t.loadGenerator.split(' ')[0]), out.settings.loadGeneratorWhy ?? null];
  };
  if (!noH2load) {
    assert.deepEqual(generators(run(...args, '--json')), ['h2load', ['h2load'], null]);
    // h2load uploads only: a download falls back to the toolkit's client instead of being refused, and says why
    assert.deepEqual(generators(run(...args, '--json', '--direction', 'down')), ['toolkit', ['toolkit'], 'h2load sends uploads only, without --compress or --tls']);
    const text = run(...args, '--direction', 'down');
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^Load generator: the toolkit's own clients \(http1\); not h2load: h2load sends uploads only, without --compress or --tls$/m);
    // client worker threads are the toolkit's
    assert.deepEqual(generators(run(...args, '--json', '--client-workers', '2')), ['toolkit', ['toolkit'], '--client-workers 2 asks for the toolkit\'s clients']);
  }
  // without h2load on the PATH (an empty folder as the whole PATH; taskset goes too, so this run is not pinned): the toolkit's client
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-h2load-'));
  try {
    const bare = spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args, '--json'], { encoding: 'utf8', timeout: 300_000, env: { ...process.env, PATH: empty } });
    assert.deepEqual(generators(bare), ['toolkit', ['toolkit'], 'h2load is not on the PATH (Debian/Ubuntu: apt-get install nghttp2-client)']);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('benchmark_transport.js --capacity --cpu-rate R: every transport\'s formats measured at that one rate, not at half their capacity; the headline compares REST/JSON with gRPC/protobuf there', { timeout: 300_000 }, () => {
  const r = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'http1,grpc', '--formats', 'json-buffer,protobufjs-static', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--cpu-rate', '300', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {{ settings: { cpuRate: number }, transports: Array<{ transport: string, halfRate: number, rows: Array<{ format: string, atHalf: { rate: number, complete: boolean, serverCpuUs: number } }> }> }} */
  const out = JSON.parse(r.stdout);
  assert.equal(out.settings.cpuRate, 300);
  for (const t of out.transports) {
    assert.equal(t.halfRate, 300, t.transport);
    for (const row of t.rows) assert.ok(row.atHalf.rate === 300 && row.atHalf.complete && row.atHalf.serverCpuUs > 0, `${t.transport} ${row.format}: ${JSON.stringify(row.atHalf)}`);
  }
  const text = run('5', '--capacity', '--load-generator', 'toolkit', '--searches', '1', '--transports', 'http1,grpc', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--cpu-rate', '300');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^Headline: one server core takes fewer than 2,000 REST\/JSON messages\/s \(http1, json-buffer\) or fewer than 2,000 gRPC\/protobuf messages\/s \(grpc, protobufjs-static\) at p99 under 0\.001 ms; at 300 msgs\/s the server's CPU is \d+\.\d%( ~)? vs \d+\.\d%( ~)? of its core at their fastest passes \(medians \d+\.\d%(?: \([\d.]+–[\d.]+\)( ~)?| ~) vs \d+\.\d%(?: \([\d.]+–[\d.]+\)( ~)?| ~)\)\.$/m);
  assert.match(text.stdout, /^\| transport \| format +\| capacity msgs\/s \| per server core \| bound by \| client CPU at capacity \| +sustained \| rate \| p50 \/ p99 ms at rate \|/m);
});

test('benchmark_transport.js --capacity --searches 2: each format searched twice, from two points of the doubling, search 1 of every transport before search 2 of any, every probe tagged with its search, the median kept with the searches\' results', { timeout: 300_000 }, () => {
  const r = run('5', '--capacity', '--load-generator', 'toolkit', '--transports', 'ws,http1', '--searches', '2', '--target-p99', '0.001', '--from-rate', '400', '--probe-seconds', '0.1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {{ settings: { searches: number }, transports: Array<{ transport: string, rows: Array<{ format: string, capacity: number|null, below: number|null, capacityMinMax: number[]|null,
   *   searches: Array<{ capacity: number|null, below: number|null, serverPid: number|null, order: number, atSeconds: number }>, probes: Array<CapacityProbe & { search: number }> }> }> }} */
  const out = JSON.parse(r.stdout);
  assert.equal(out.settings.searches, 2);
  assert.deepEqual(out.transports.map((t) => t.transport), ['ws', 'http1']);
  // every search's place in the run: the first searches of both transports, then the second ones (a transport's
  // searches apart in time), each transport's formats one after the other within a visit
  const searches = out.transports.flatMap((t) => t.rows.flatMap((row) => row.searches.map((x, i) => ({ transport: t.transport, search: i + 1, order: x.order, at: x.atSeconds }))))
    .sort((a, b) => a.order - b.order);
  assert.deepEqual(searches.map((x) => x.order), searches.map((_, i) => i + 1));
  assert.deepEqual(searches.map((x) => `${x.transport} ${x.search}`), ['ws 1', 'ws 1', 'http1 1', 'http1 1', 'ws 2', 'ws 2', 'http1 2', 'http1 2']);
  assert.ok(searches.every((x, i) => i === 0 || x.at >= searches[i - 1].at), JSON.stringify(searches));
  for (const row of out.transports.flatMap((t) => t.rows)) {
    // each search from its own point of the doubling: 400, then 400 × 2^(1/2)
    assert.deepEqual(row.searches.map((x) => [x.capacity, x.below]), [[null, 400], [null, 566]], row.format);
    assert.deepEqual([row.capacity, row.below, row.capacityMinMax], [null, 400, null]);
    // and its first rate probed twice before it counts as failed
    assert.deepEqual(row.probes.filter((p) => p.rate === 400 || p.rate === 566).map((p) => [p.search, p.rate, p.retry ?? false]), [[1, 400, false], [1, 400, true], [2, 566, false], [2, 566, true]]);
    assert.deepEqual([...new Set(row.probes.map((p) => p.search))], [1, 2]);
    // each against a server process of its own
    assert.equal(new Set(row.searches.map((x) => x.serverPid)).size, 2, JSON.stringify(row.searches));
    // no search found a capacity: every one says "below", nothing to judge a precision by
    assert.equal(/** @type {any} */ (row).precision, null);
  }
  // protobuf over JSON per transport, search by search: no ratio where neither search found a capacity
  for (const t of out.transports) {
    const { pair } = /** @type {any} */ (t);
    assert.deepEqual([pair.json, pair.protobuf, pair.searchRatios, pair.ratio, pair.verdict], ['json-buffer', 'protobufjs-static', [null, null], null, 'a search found none'], t.transport);
  }
});

test('benchmark_transport.js --capacity --searches 2 --load-generator h2load: every search\'s fresh server is warmed up by h2load first, each format, every request answered', { timeout: 300_000, skip: noH2load }, () => {
  const r = run('5', '--capacity', '--load-generator', 'h2load', '--transports', 'http1', '--searches', '2', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--sustain', '0', '--cpu-rate', '300', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {{ transports: Array<{ transport: string, warmup: Array<{ format: string, requests: number, answered: number }>, machineProbe: { referenceOpsPerCpuUs: number },
   *   rows: Array<{ format: string, searches: Array<{ serverPid: number, machineProbes: Array<number|null>, slowed: boolean, warmup: { requests: number, answered: number, seconds: number, chunkCpuUs: Array<number|null>, settled: boolean } | null }> }> }> }} */
  const out = JSON.parse(r.stdout);
  const [t] = out.transports;
  assert.deepEqual(t.rows.map((row) => row.format), ['protobufjs-static', 'json-buffer']);
  for (const row of t.rows) {
    // two searches, two fresh servers, each warmed up with chunks of this format until its CPU per request stopped falling, all answered
    assert.equal(new Set(row.searches.map((x) => x.serverPid)).size, 2, JSON.stringify(row.searches));
    assert.equal(row.searches.length, 2);
    for (const x of row.searches) warmedInChunks(/** @type {NonNullable<typeof x.warmup>} */ (x.warmup), row.format);
    // the machine probe in each search's server, just before and just after the search
    for (const x of row.searches) assert.ok(x.machineProbes.length === 2 && x.machineProbes.every((v) => typeof v === 'number' && v > 0), JSON.stringify(x.machineProbes));
    // each search judged against the run's upper-quartile probe (a quarter of the way down from the fastest, at least
    // the third): slowed when either of its probes read below 80% of it
    const reference = t.machineProbe.referenceOpsPerCpuUs;
    const readings = out.transports.flatMap((u) => u.rows.flatMap((q) => q.searches.flatMap((x) => x.machineProbes))).sort((a, b) => /** @type {number} */ (b) - /** @type {number} */ (a));
    assert.equal(reference, readings[Math.max(3, Math.ceil(readings.length / 4)) - 1]);
    for (const x of row.searches) assert.equal(x.slowed, x.machineProbes.some((v) => /** @type {number} */ (v) < 0.8 * reference), JSON.stringify(x));
  }
  // the transport's own warmup is its last search's
  assert.deepEqual(t.warmup.map((w) => [w.format, w.requests]).sort(), t.rows.map((row) => [row.format, /** @type {NonNullable<typeof row.searches[1]['warmup']>} */ (row.searches[1].warmup).requests]).sort());
  // the toolkit's client warms up before each probe: its searches say null
  const toolkit = run('5', '--capacity', '--load-generator', 'toolkit', '--transports', 'http1', '--formats', 'json-buffer', '--searches', '1', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1', '--sustain', '0', '--cpu-rate', '300', '--json');
  assert.equal(toolkit.status, 0, toolkit.stderr);
  assert.deepEqual(JSON.parse(toolkit.stdout).transports[0].rows[0].searches.map((/** @type {{ warmup: unknown }} */ x) => x.warmup), [null]);
});
