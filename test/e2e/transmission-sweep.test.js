// test-runner: long (started first: see scripts/run-tests.js)
// --sweep, moved from benchmark_ws.js into lib/transmission/sweep.js: per profile (and per transport for
// benchmark_transport.js), each format's highest open-loop rate under a p99 target, through both entry points.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { selectCodecs } from '../../lib/codecs/index.js';
import { ROOT } from '../../lib/paths.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { sweepProfiles, sweepTransports } from '../../lib/transmission/sweep.js';

/**
 * A sweep of --sweep --json, as far as these tests read it.
 * @typedef {{ profile: string, transport?: string, knees: { format: string, maxRate: number|null, failedRate: number|null, probes: unknown[] }[] }} Sweep
 */

const run = (/** @type {string} */ script, /** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, script), ...args], { encoding: 'utf8', timeout: 120_000 });
// a microsecond is below what the histogram records: the first probe (1,000 msgs/s, 500 messages) fails, no bisection
const IMPOSSIBLE = ['--target-p99', '0.001'];

test('sweepProfiles and sweepTransports: a knee per format, profile and transport, each transport with its own codecs', { timeout: 120_000 }, async () => {
  const [payload] = resolvePayloads({ numbers: ['5'] });
  const [json, protobuf] = await Promise.all([selectCodecs('json-buffer'), selectCodecs('protobufjs-static')]);
  // a target nothing meets, so each format's sweep is one probe of 200 messages whatever the machine's load
  const probes = { fromRate: 250, seconds: 0.2 };
  /** @type {{ profile: string, format: string, rate: number, ok: boolean }[]} */
  const seen = [];
  const sweeps = await sweepProfiles({ payload, codecs: protobuf, profiles: ['none'], targetP99Ms: 0.001, probes, onProbe: (p) => seen.push(p) });
  assert.deepEqual(sweeps.map((s) => [s.profile, s.knees.map((k) => [k.format, k.maxRate, k.failedRate, k.probes.length])]), [['none', [['protobufjs-static', null, 250, 1]]]]);
  assert.deepEqual(seen.map((p) => `${p.profile} ${p.format} ${p.rate} ${p.ok}`), ['none protobufjs-static 250 false']);
  const across = await sweepTransports({ payload, transports: ['http1', 'grpc', 'connect'], codecsFor: { http1: [...json, ...protobuf], grpc: [...json, ...protobuf], connect: [] },
    profiles: ['none'], targetP99Ms: 0.001, probes });
  assert.deepEqual(across.map((s) => [s.transport, s.profile, s.knees.map((k) => `${k.format} ${k.failedRate}`)]),
    [['http1', 'none', ['json-buffer 250', 'protobufjs-static 250']], ['grpc', 'none', ['protobufjs-static 250']]],
    'the probes ran on each transport (gRPC itself drops JSON), and a transport with no codecs is not swept');
});

test('benchmark_ws.js --sweep: the same JSON and lines as before the move', { timeout: 120_000 }, () => {
  const r = run('benchmark_ws.js', '5', '--sweep', '--profiles', 'none', '--formats', 'protobufjs-static', ...IMPOSSIBLE, '--json');
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out), ['measurement', 'environment', 'payload', 'targetP99Ms', 'sweeps']);
  assert.deepEqual([out.measurement, out.payload, out.targetP99Ms], ['saturation', 'test5', 0.001]);
  assert.deepEqual(out.sweeps.map((/** @type {Sweep} */ s) => [s.profile, s.knees.map((k) => [k.format, k.maxRate, k.failedRate, k.probes.length])]), [['none', [['protobufjs-static', null, 1000, 1]]]]);
  const text = run('benchmark_ws.js', '5', '--sweep', '--profiles', 'none', '--formats', 'protobufjs-static', ...IMPOSSIBLE);
  assert.equal(text.status, 0, text.stderr);
  // the machine and the payload first, as every other mode says them (the sweep's lines used to stand alone)
  assert.match(text.stdout, /^Node [\d.]+ .*\n\ntest5: .*\n\nnone protobufjs-static: p99 over 0\.001 ms even at 1,000 msgs\/s; at 1,000 msgs\/s p99 was [\d.]+ ms \([\d.]+ ms uncorrected\)\n$/);
});

test('benchmark_transport.js --sweep: per transport, its own formats, a skipped cell said once', { timeout: 120_000 }, () => {
  const r = run('benchmark_transport.js', '5', '--sweep', '--transports', 'http1,grpc', '--formats', 'json-buffer,protobufjs-static', ...IMPOSSIBLE, '--json');
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.measurement, 'saturation');
  assert.deepEqual(out.transports, ['http1', 'grpc']);
  assert.deepEqual(out.skipped.map((/** @type {{ transport: string, format: string }} */ s) => `${s.transport} ${s.format}`), ['grpc json-buffer']);
  assert.deepEqual(out.sweeps.map((/** @type {Sweep} */ s) => `${s.profile} ${s.transport}: ${s.knees.map((k) => `${k.format} ${k.failedRate}`).join(', ')}`),
    ['none http1: protobufjs-static 1000, json-buffer 1000', 'none grpc: protobufjs-static 1000']);
  const text = run('benchmark_transport.js', '5', '--sweep', '--transports', 'grpc', ...IMPOSSIBLE);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^Node [\d.]+ .*\n\ntest5: .*\n\nnone grpc protobufjs-static: p99 over 0\.001 ms even at 1,000 msgs\/s; .*\n$/, 'gRPC without --formats: its protobuf codec only');
  assert.ok(out.environment?.node, 'the JSON says the machine too');
  assert.equal(run('benchmark_transport.js', '5', '--sweep', '--rate', '100').stderr, 'benchmark_transport: --sweep chooses the rates itself: drop --rate\n');
});
