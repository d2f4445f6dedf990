// h2load as a capacity search's load generator (lib/transmission/h2load.js): the request each HTTP/2 transport's
// server takes, h2load's arguments, its summary and per-request log, the schedule check, and the probe's figures.
// The cases that start servers, h2load or a stand-in for it are test/e2e/h2load.test.js's (no sockets or processes here).
import test from 'node:test';
import assert from 'node:assert/strict';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { prepareCodecs } from '../../../lib/verify.js';
import { wireCodec } from '../../../lib/transmission/wire-codec.js';
import { UserError } from '../../../lib/errors.js';
import { inFlight } from '../../../lib/transmission/model.js';
import { boundOf, h2loadProbeFigures } from '../../../lib/transmission/capacity.js';
import { childCpuPerMessage, endedChildrenCpuUs, h2loadArgs, h2loadLoad, h2loadRequest, keptSchedule, parseH2loadSummary, readH2loadLog } from '../../../lib/transmission/h2load.js';
import http1Transport from '../../../lib/transmission/transports/http1.js';
import http2Transport from '../../../lib/transmission/transports/http2.js';
import grpcTransport from '../../../lib/transmission/transports/grpc.js';
import connectTransport, { connectH2 } from '../../../lib/transmission/transports/connect.js';

const [payload] = resolvePayloads({ numbers: ['3'] });
const corpus = payload.corpus ?? [payload.value];

/** @param {string} format */
async function codecOf(format) {
  const [prepared] = prepareCodecs(await selectCodecs(format), payload);
  return wireCodec(prepared, corpus);
}

// h2load 1.52.0's summary of a pass (Debian 12's nghttp2-client), trimmed to the lines read
const SUMMARY = `starting benchmark...
spawning thread #0: 4 total client(s). 6000 total requests
Application protocol: h2c
finished in 3.00s, 1999.53 req/s, 21.80KB/s
requests: 6000 total, 6000 started, 6000 done, 5990 succeeded, 10 failed, 0 errored, 0 timeout
status codes: 5990 2xx, 0 3xx, 10 4xx, 0 5xx
traffic: 65.41KB (66979) total, 18.13KB (18565) headers (space savings 91.07%), 0B (0) data
                     min         max         mean         sd        +/- sd
time for request:      212us     26.78ms      1.13ms      1.50ms    93.55%
`;

test('parseH2loadSummary: seconds (s or ms), the request counts and status classes; null for anything else', () => {
  assert.deepEqual(parseH2loadSummary(SUMMARY), {
    seconds: 3, total: 6000, started: 6000, done: 6000, succeeded: 5990, failed: 10, errored: 0, timeout: 0,
    status: { '2xx': 5990, '3xx': 0, '4xx': 10, '5xx': 0 },
  });
  assert.equal(parseH2loadSummary(SUMMARY.replace('finished in 3.00s', 'finished in 799.50ms'))?.seconds, 0.7995);
  assert.equal(parseH2loadSummary(SUMMARY.replace('finished in 3.00s', 'finished in 306us'))?.seconds, 0.000306);
  assert.equal(parseH2loadSummary('connect to 127.0.0.1:1 failed\n'), null);
});

test('readH2loadLog: latencies of the requests answered with the expected status only, in an HDR histogram', () => {
  // 100 requests at 1,000 msgs/s, each sent on time (1 ms apart), 0.1 … 10 ms each
  const lines = [];
  for (let i = 1; i <= 100; i++) lines.push(`${1795750693300000 + (i - 1) * 1000}\t204\t${i * 100}`);
  lines.push('1795750693400000\t400\t50', '1795750693400001\t0\t-1', '');
  const log = readH2loadLog(lines.join('\n'), 204, 1000);
  assert.equal(log.answered, 100);
  assert.equal(log.otherStatus, 2);
  // the 400's 0.05 ms left out; on time, the corrected latencies are h2load's own
  assert.ok(Math.abs(/** @type {number} */ (log.latency.p50) - 5) < 0.01, String(log.latency.p50));
  assert.ok(Math.abs(/** @type {number} */ (log.latency.p99) - 9.9) < 0.01, String(log.latency.p99));
  assert.equal(log.latency.max, 10);
  assert.deepEqual(log.scheduled, log.latency, 'on time, the latency from the schedule is the one from the send');
  assert.equal(readH2loadLog('', 204, 1000).latency.p99, null);
});

test('readH2loadLog: from a uniform schedule, a request that left h2load late counts the wait (kept beside, not judged)', () => {
  // 100 requests due 1 ms apart, sent in bursts of 10 every 10 ms (h2load's --rps timer), one after another 1.5 ms
  // apart (one stream free): request k of a burst leaves 1.5 k ms after the burst, k ms after its due time + 0.5 k
  const lines = [];
  for (let i = 0; i < 100; i++) {
    const burst = Math.floor(i / 10);
    lines.push(`${1795750693300000 + burst * 10000 + (i % 10) * 1500}\t204\t500`);
  }
  const log = readH2loadLog(lines.join('\n'), 204, 1000);
  assert.equal(log.latency.p99, 0.5, 'from the actual send, every request took 0.5 ms');
  // request k of a burst was due k ms after its first, left 1.5 k ms after: 0.5 k ms late, 4.5 ms for the last
  assert.ok(Math.abs(/** @type {number} */ (log.scheduled.max) - 5) < 0.01, String(log.scheduled.max));
  assert.ok(/** @type {number} */ (log.scheduled.p50) > 2, String(log.scheduled.p50));
});

test('h2loadArgs: the rate split over the connections, the window as streams each, headers and the body file', () => {
  assert.deepEqual(h2loadArgs({ url: 'http://127.0.0.1:7070', path: '/bench.Bench/Send', headers: { 'content-type': 'application/grpc', te: 'trailers' },
    bodyFile: '/tmp/b', logFile: '/tmp/l', messages: 2000, rate: 4000, connections: 4, window: 8 }), [
    '-n', '2000', '-c', '4', '-m', '8', '--rps=1000', '-N', '10', '-d', '/tmp/b', '--log-file=/tmp/l',
    '-H', 'content-type: application/grpc', '-H', 'te: trailers', 'http://127.0.0.1:7070/bench.Bench/Send',
  ]);
  // HTTP/1.1: --h1, the streams a connection's pipelined requests
  assert.deepEqual(h2loadArgs({ url: 'http://127.0.0.1:7070', path: '/json-buffer', headers: {}, bodyFile: '/tmp/b', logFile: '/tmp/l', messages: 200, rate: 1000, connections: 4, window: 1, h1: true }).slice(0, 7),
    ['--h1', '-n', '200', '-c', '4', '-m', '1']);
});

test('h2loadRequest: each HTTP/2 transport\'s upload as its own client sends it; a transport or format it cannot carry is refused', async () => {
  const proto = await codecOf('protobufjs-static');
  const bytes = Buffer.from(proto.encodeMessage(0));
  const h2 = h2loadRequest('http2', proto, payload.schema);
  assert.deepEqual([h2.path, h2.headers, h2.status, h2.grpc, h2.h1], ['/protobufjs-static', { 'content-type': proto.mediaType }, 204, false, false]);
  const h1 = h2loadRequest('http1', await codecOf('json-buffer'), payload.schema);
  assert.deepEqual([h1.path, h1.headers, h1.status, h1.h1], ['/json-buffer', { 'content-type': 'application/json' }, 204, true]);
  assert.deepEqual(h2.body, bytes);
  const grpc = h2loadRequest('grpc', proto, payload.schema);
  assert.equal(grpc.path, '/bench.Bench/Send');
  assert.deepEqual(grpc.headers, { 'content-type': 'application/grpc', te: 'trailers' });
  // gRPC's length-prefixed message: flag 0, the length big-endian, the bytes
  assert.deepEqual([...grpc.body.subarray(0, 5)], [0, 0, 0, bytes.length >> 8, bytes.length & 0xff]);
  assert.deepEqual(grpc.body.subarray(5), bytes);
  const es = await codecOf('protobuf-es');
  const esJson = await codecOf('protobuf-es-json');
  assert.equal(h2loadRequest('connect-h2', es, payload.schema).headers['content-type'], 'application/proto');
  assert.equal(h2loadRequest('connect-h2', esJson, payload.schema).headers['content-type'], 'application/json');
  assert.throws(() => h2loadRequest('connect-h2', proto, payload.schema), (err) => err instanceof UserError && /not protobufjs-static/.test(err.message));
  assert.throws(() => h2loadRequest('ws', proto, payload.schema), (err) => err instanceof UserError && /http1, http2, connect, connect-h2, grpc, not ws/.test(err.message));
  // Connect over HTTP/1.1: the same request as over HTTP/2, sent over HTTP/1.1, one at a time on each connection
  const h2Connect = h2loadRequest('connect-h2', es, payload.schema);
  const h1Connect = h2loadRequest('connect', es, payload.schema);
  assert.deepEqual([h1Connect.path, h1Connect.headers, h1Connect.status, h1Connect.grpc, h1Connect.h1, h1Connect.serial], [h2Connect.path, h2Connect.headers, 200, false, true, true]);
  assert.equal(h2Connect.serial, false);
  assert.equal(h2loadRequest('connect', esJson, payload.schema).headers['content-type'], 'application/json');
  assert.throws(() => h2loadRequest('connect', proto, payload.schema), (err) => err instanceof UserError && /connect carries protobuf-es and protobuf-es-json, not protobufjs-static/.test(err.message));
});

test('h2loadLoad: h2load keeps on the wire what the transport\'s own client keeps, from the window capacity.js gives it (inFlight)', async () => {
  const es = await codecOf('protobuf-es');
  const proto = await codecOf('protobufjs-static');
  // 4 connections × window 8, pipelining 1 (the capacity default): what each toolkit client puts on the wire
  /** @type {Array<{ transport: import('../../../lib/transmission/transports/index.js').Transport, codec: typeof proto, expected: { connections: number, window: number } }>} */
  const onTheWire = [
    { transport: http1Transport, codec: proto, expected: { connections: 4, window: 1 } }, // one request a connection unless --pipelining
    { transport: http2Transport, codec: proto, expected: { connections: 4, window: 8 } }, // eight streams a session
    { transport: grpcTransport, codec: proto, expected: { connections: 4, window: 8 } },
    { transport: connectH2, codec: es, expected: { connections: 4, window: 8 } },
    { transport: connectTransport, codec: es, expected: { connections: 4, window: 1 } }, // a keep-alive agent of one socket per connection, no pipelining
  ];
  for (const { transport, codec, expected } of onTheWire) {
    const window = inFlight(transport, { window: 8, pipelining: 1 });
    assert.deepEqual(h2loadLoad(h2loadRequest(transport.name, codec, payload.schema), { connections: 4, window }), expected, transport.name);
  }
  // pipelined http1 keeps its pipelining
  assert.deepEqual(h2loadLoad(h2loadRequest('http1', proto, payload.schema), { connections: 4, window: inFlight(http1Transport, { window: 8, pipelining: 4 }) }), { connections: 4, window: 4 });
});

test('keptSchedule: at most 2.5% and 10 ms longer than the schedule', () => {
  assert.ok(keptSchedule(0.52, 0.5));
  assert.ok(keptSchedule(0.522, 0.5));
  assert.ok(!keptSchedule(0.53, 0.5));
  assert.ok(!keptSchedule(0.545, 0.5), 'a server 8% behind (h2load held requests back) fails');
});

test('h2loadProbeFigures: a pass behind its schedule fails whatever its p99; shares over h2load\'s own time; a busy server bounds it', () => {
  const pass = {
    messages: 16000, acked: 16000, errors: 0, seconds: 0.55, scheduledSeconds: 0.5, msgsPerSec: 29090, latencyMs: { p50: 0.8, p99: 2.1, max: 5 }, latencyScheduledMs: { p50: 0.8, p99: 2.1, max: 5 },
    server: { messages: 16000, cpuUs: 539000, elu: 0.9, seconds: 0.6, gcMaxMs: 1.2 }, clientCpuUs: 8, clientUserUs: 6, clientSystemUs: 2, onSchedule: false, load: { connections: 4, streams: 8 },
  };
  const p = h2loadProbeFigures(32000, pass, 10);
  assert.equal(p.ok, false);
  assert.equal(p.complete, true);
  assert.ok(Math.abs(/** @type {number} */ (p.serverCpuShare) - 0.98) < 1e-9, 'the server\'s CPU over h2load\'s 0.55 s, not its report\'s 0.6');
  assert.ok(Math.abs(/** @type {number} */ (p.serverElu) - 0.9 * 0.6 / 0.55) < 1e-9);
  assert.ok(Math.abs(/** @type {number} */ (p.clientCpuShare) - 8 * 16000 / 0.55e6) < 1e-9);
  assert.equal(boundOf(p, { serverCores: 1, clientCores: 1, targetP99Ms: 10 }), 'server');
  assert.equal(h2loadProbeFigures(32000, { ...pass, onSchedule: true }, 10).ok, true);
  assert.equal(h2loadProbeFigures(32000, { ...pass, onSchedule: true, acked: 15999, errors: 1 }, 10).ok, false, 'one request not answered as expected');
  assert.equal(h2loadProbeFigures(32000, { ...pass, onSchedule: true, latencyMs: { p50: 1, p99: 10, max: 12 } }, 10).ok, false);
});

test('h2load\'s CPU per message keeps the kernel\'s user/system split; null without /proc or without an answer', () => {
  const split = childCpuPerMessage({ user: 10000, system: 20000 }, { user: 50000, system: 30000 }, 1000);
  assert.deepEqual(split, { clientCpuUs: 50, clientUserUs: 40, clientSystemUs: 10 });
  const none = { clientCpuUs: null, clientUserUs: null, clientSystemUs: null };
  assert.deepEqual(childCpuPerMessage(null, { user: 1, system: 1 }, 10), none);
  assert.deepEqual(childCpuPerMessage({ user: 1, system: 1 }, { user: 2, system: 2 }, 0), none);
  // this process's own ended children, as /proc gives them: two whole numbers of 10 ms ticks
  const own = endedChildrenCpuUs();
  if (own) {
    assert.ok(Number.isInteger(own.user / 1e4) && own.user >= 0, String(own.user));
    assert.ok(Number.isInteger(own.system / 1e4) && own.system >= 0, String(own.system));
  }
});
