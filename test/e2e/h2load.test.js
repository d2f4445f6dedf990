// h2load as a capacity search's load generator (lib/transmission/h2load.js), against the transports' real servers
// (started in this process) and h2load itself or a stand-in for it: the request h2load will send checked on each
// server, a pass whose messages gRPC failed behind HTTP 200, a server that never answers, and which h2load is taken.
// The pure parts (arguments, summary, log, schedule, probe figures) are test/unit/transmission/h2load.test.js's.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { resolvePayloads } from '../../lib/payload/index.js';
import { selectCodecs } from '../../lib/codecs/index.js';
import { prepareCodecs } from '../../lib/verify.js';
import { wireCodec } from '../../lib/transmission/wire-codec.js';
import { createServerMeter } from '../../lib/transmission/server-meter.js';
import { UserError } from '../../lib/errors.js';
import { H2LOAD_MIN_VERSION, atLeastVersion, checkH2loadRequest, chooseLoadGenerator, h2loadPass, h2loadProblem, h2loadRequest, h2loadVersion, requireH2load } from '../../lib/transmission/h2load.js';
import http1Transport from '../../lib/transmission/transports/http1.js';
import http2Transport from '../../lib/transmission/transports/http2.js';
import grpcTransport from '../../lib/transmission/transports/grpc.js';
import connectTransport, { connectH2 } from '../../lib/transmission/transports/connect.js';

const [payload] = resolvePayloads({ numbers: ['3'] });
const corpus = payload.corpus ?? [payload.value];

/** @param {string} format */
async function codecOf(format) {
  const [prepared] = prepareCodecs(await selectCodecs(format), payload);
  return wireCodec(prepared, corpus);
}

/**
 * A transport's server for payload 3 in this process.
 * @param {import('node:test').TestContext} t
 * @param {import('../../lib/transmission/transports/index.js').Transport} transport
 * @param {string[]} formats
 */
async function serve(t, transport, formats) {
  const codecs = new Map(await Promise.all(formats.map(async (f) => /** @type {const} */ ([f, await codecOf(f)]))));
  const meter = createServerMeter();
  const server = await transport.startServer({ codecs, direction: 'up', host: '127.0.0.1', port: 0, tls: null, compress: null, maxPayload: 1 << 20, raw: false, identity: null, meter, schema: payload.schema });
  t.after(() => server.close());
  return { server, meter };
}

test('checkH2loadRequest: the request h2load will send is decoded by each real server; a body it refuses is named before h2load runs', async (t) => {
  const proto = await codecOf('protobufjs-static');
  for (const [transport, formats] of /** @type {const} */ ([[http1Transport, ['json-buffer', 'protobufjs-static']], [http2Transport, ['protobufjs-static']], [grpcTransport, ['protobufjs-static']], [connectH2, ['protobuf-es', 'protobuf-es-json']], [connectTransport, ['protobuf-es', 'protobuf-es-json']]])) {
    const { server, meter } = await serve(t, transport, [...formats]);
    for (const format of formats) {
      const before = meter.messages;
      assert.equal(await checkH2loadRequest(server.url, h2loadRequest(transport.name, await codecOf(format), payload.schema)), null, `${transport.name} ${format}`);
      assert.equal(meter.messages, before + 1, `${transport.name} ${format}: the server handled it`);
    }
  }
  // gRPC answers a body it cannot decode with HTTP 200 and grpc-status in the trailers, which h2load never reads
  const { server } = await serve(t, grpcTransport, ['protobufjs-static']);
  const good = h2loadRequest('grpc', proto, payload.schema);
  const unframed = { ...good, body: good.body.subarray(5) };
  assert.match(String(await checkH2loadRequest(server.url, unframed)), /grpc-status (?!0)\d+/);
  const h2 = await serve(t, http2Transport, ['protobufjs-static']);
  const garbage = { ...h2loadRequest('http2', proto, payload.schema), body: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]) };
  assert.match(String(await checkH2loadRequest(h2.server.url, garbage)), /answered 400 \(expected 204\)/);
  const h1 = await serve(t, http1Transport, ['protobufjs-static']);
  assert.match(String(await checkH2loadRequest(h1.server.url, { ...h2loadRequest('http1', proto, payload.schema), body: garbage.body })), /answered 400 \(expected 204\)/);
});

test('h2loadPass against the real gRPC server: a message the server failed behind HTTP 200 (grpc-status in the trailers) is not answered, whatever h2load counts', { skip: !h2loadVersion() && !process.env.REQUIRE_H2LOAD && 'h2load is not installed' }, async (t) => {
  const proto = await codecOf('protobufjs-static');
  const { server, meter } = await serve(t, grpcTransport, ['protobufjs-static']);
  const serverControl = { mark: async () => meter.mark(), report: async () => meter.report() };
  const good = h2loadRequest('grpc', proto, payload.schema);
  const pass = (/** @type {typeof good} */ request) => h2loadPass({ url: server.url, request, rate: 400, messages: 40, connections: 2, window: 4, serverControl });
  const ok = await pass(good);
  assert.deepEqual([ok.messages, ok.acked, ok.errors, ok.server?.failed], [40, 40, 0, 0]);
  // framed, but bytes no protobuf decoder takes: grpc-js answers each HTTP 200 with grpc-status 3
  const body = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]);
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(body.length, 1);
  const bad = await pass({ ...good, body: Buffer.concat([prefix, body]) });
  assert.deepEqual([bad.messages, bad.acked, bad.errors, bad.server?.messages, bad.server?.failed], [40, 0, 40, 40, 40]);
  // a server of two workers of which one did not report: its handled count is short, so it does not bound the answers
  const partial = { mark: serverControl.mark, report: async () => ({ ...meter.report(), messages: 20, workers: 2, answered: 1 }) };
  const half = await h2loadPass({ url: server.url, request: good, rate: 400, messages: 40, connections: 2, window: 4, serverControl: partial });
  assert.deepEqual([half.acked, half.errors], [40, 0]);
  // every worker reported and counted fewer than h2load's 2xx (refused before the handler): only what the server took
  const short = { mark: serverControl.mark, report: async () => ({ ...meter.report(), messages: 30, workers: 2, answered: 2 }) };
  const fewer = await h2loadPass({ url: server.url, request: good, rate: 400, messages: 40, connections: 2, window: 4, serverControl: short });
  assert.deepEqual([fewer.acked, fewer.errors], [30, 10]);
});

test('checkH2loadRequest: a server that never answers is named after the timeout, over HTTP/2 and HTTP/1.1', async (t) => {
  const silent = net.createServer(() => {});
  await new Promise((resolve) => { silent.listen(0, '127.0.0.1', () => resolve(undefined)); });
  t.after(() => silent.close());
  const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (silent.address()).port}`;
  const proto = await codecOf('protobufjs-static');
  assert.equal(await checkH2loadRequest(url, h2loadRequest('http2', proto, payload.schema), 300), '/protobufjs-static: no answer in 0.3 s');
  assert.equal(await checkH2loadRequest(url, h2loadRequest('http1', proto, payload.schema), 300), '/protobufjs-static: no answer in 0.3 s');
  // nothing listening: one line naming the server
  silent.close();
  assert.match(String(await checkH2loadRequest(url, h2loadRequest('http2', proto, payload.schema), 300)), /ECONNREFUSED/);
});

test('atLeastVersion, and an h2load older than 1.44.0 (no --rps) refused in one line', (t) => {
  assert.ok(atLeastVersion('1.52.0', H2LOAD_MIN_VERSION));
  assert.ok(atLeastVersion('1.44.0', '1.44.0'));
  assert.ok(atLeastVersion('2.0', '1.44.0'));
  assert.ok(!atLeastVersion('1.43.0', '1.44.0'));
  assert.ok(!atLeastVersion('1.9.10', '1.44.0'));
  // a stand-in h2load that says it is nghttp2 1.43.0 (Debian 11's)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'old-h2load-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const old = path.join(dir, 'h2load');
  fs.writeFileSync(old, '#!/bin/sh\necho "h2load nghttp2/1.43.0"\n', { mode: 0o755 });
  assert.equal(h2loadVersion(old), '1.43.0');
  assert.deepEqual(h2loadProblem(old), { version: '1.43.0', problem: 'h2load 1.43.0 is older than 1.44.0, the first with --rps, which paces every pass' });
  assert.throws(() => requireH2load(old), (err) => err instanceof UserError && err.message === '--load-generator h2load: h2load 1.43.0 is older than 1.44.0, the first with --rps, which paces every pass');
  // auto takes the toolkit's clients instead, saying why; asked for by name, it is refused in the run's own spelling
  assert.deepEqual(chooseLoadGenerator('auto', { option: '--capacity', bin: old }), { name: 'toolkit', why: 'h2load 1.43.0 is older than 1.44.0, the first with --rps, which paces every pass' });
  assert.throws(() => chooseLoadGenerator('h2load', { option: '--capacity', bin: old }), /^UserError: --capacity h2load: h2load 1\.43\.0 is older than 1\.44\.0/);
});

test('chooseLoadGenerator: auto sends with h2load only what h2load can send, else the toolkit\'s clients and why; a bad value in one line', () => {
  const o = { option: '--load-generator' };
  assert.deepEqual(chooseLoadGenerator('toolkit', o), { name: 'toolkit' });
  assert.deepEqual(chooseLoadGenerator('auto', { ...o, direction: 'down' }), { name: 'toolkit', why: 'h2load sends uploads only, without --compress or --tls' });
  assert.deepEqual(chooseLoadGenerator('auto', { ...o, tls: true }), { name: 'toolkit', why: 'h2load sends uploads only, without --compress or --tls' });
  assert.deepEqual(chooseLoadGenerator('auto', { ...o, compress: 'gzip' }), { name: 'toolkit', why: 'h2load sends uploads only, without --compress or --tls' });
  assert.deepEqual(chooseLoadGenerator('auto', { ...o, clientWorkers: 2 }), { name: 'toolkit', why: '--client-workers 2 asks for the toolkit\'s clients' });
  assert.deepEqual(chooseLoadGenerator('auto', { ...o, bin: '/nonexistent/h2load' }), { name: 'toolkit', why: 'h2load is not on the PATH (Debian/Ubuntu: apt-get install nghttp2-client)' });
  assert.throws(() => chooseLoadGenerator('wrk', o), (err) => err instanceof UserError && err.message === '--load-generator wrk: give auto, toolkit or h2load');
  const version = h2loadVersion();
  if (version) assert.deepEqual(chooseLoadGenerator('auto', o), { name: 'h2load', version });
});

test('requireH2load: without h2load, one line saying how to install it', () => {
  assert.equal(h2loadVersion('/nonexistent/h2load'), null);
  assert.throws(() => requireH2load('/nonexistent/h2load'), (err) => err instanceof UserError
    && err.message === '--load-generator h2load: h2load is not on the PATH (Debian/Ubuntu: apt-get install nghttp2-client)');
  // npm start's --capacity h2load is named as the option that asked
  assert.throws(() => requireH2load('/nonexistent/h2load', '--capacity h2load'), /^UserError: --capacity h2load: h2load is not on the PATH/);
});
