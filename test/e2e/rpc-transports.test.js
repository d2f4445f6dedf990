// The connect and grpc transports on sockets: both directions, both Connect formats over HTTP/1.1 and HTTP/2,
// real peers (curl and node:http for Connect, a grpc-js client built only from the .proto for gRPC), bad input,
// and the framing bytes each declares against the bytes counted at the client's sockets.
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import selfsigned from 'selfsigned';
import { ROOT } from '../../lib/paths.js';
import { UserError } from '../../lib/errors.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { selectCodecs } from '../../lib/codecs/index.js';
import { compareWithPayload, prepareCodecs } from '../../lib/verify.js';
import { wireCodec } from '../../lib/transmission/wire-codec.js';
import { createServerMeter } from '../../lib/transmission/server-meter.js';
import { loadService } from '../../lib/transmission/transports/rpc-service.js';
import { create } from '@bufbuild/protobuf';
import { ANSWER, checkSettings } from '../../lib/transmission/transports/index.js';
import connect, { connectH2, connectFramingBytes } from '../../lib/transmission/transports/connect.js';
import grpcTransport, { grpcFramingBytes } from '../../lib/transmission/transports/grpc.js';
import { field, record } from '../helpers/narrow.js';
import { cancelH2Streams, resetH1Requests, resetH2Streams, settled } from '../helpers/cancelled-requests.js';

/** @typedef {import('../../lib/transmission/transports/index.js').Transport} Transport */
/** @typedef {import('../../lib/transmission/transports/index.js').TransportServer} TransportServer */
/** @typedef {import('../../lib/transmission/wire-codec.js').WireCodec} WireCodec */

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 120000 }, fn);
const run = promisify(execFile);

const [payload] = resolvePayloads({ numbers: ['3'] });
const corpus = payload.corpus ?? [payload.value];
const identity = { id: 'test3', hash: 'abc123' };
const PROTO_NORMALISE = ['null-as-absent', 'empty-as-absent', 'default-as-absent'];

/**
 * WireCodecs by format, as the owner builds them.
 * @param {string[]} formats
 * @returns {Promise<Map<string, WireCodec>>}
 */
async function wireCodecs(formats) {
  const prepared = prepareCodecs(await selectCodecs(formats.join(',')), payload);
  return new Map(prepared.map((p) => [p.codec.name, wireCodec(p, corpus)]));
}

/**
 * The WireCodec of one format; fails the test when it cannot be built.
 * @param {string} format
 */
async function wireCodecOf(format) {
  const codec = (await wireCodecs([format])).get(format);
  assert.ok(codec, format);
  return codec;
}

/**
 * A server of one transport for payload 3, closed after the test.
 * @param {import('node:test').TestContext} t
 * @param {Transport} transport
 * @param {{ formats: string[], direction?: 'up'|'down', compress?: string|null, maxPayload?: number, tls?: { key: string, cert: string } | null, raw?: boolean }} options
 */
async function serve(t, transport, { formats, direction = 'up', compress = null, maxPayload = 1 << 20, tls = null, raw = false }) {
  const codecs = await wireCodecs(formats);
  const meter = createServerMeter();
  const server = await transport.startServer({ codecs, direction, host: '127.0.0.1', port: 0, tls, compress, maxPayload, raw, identity, meter, schema: payload.schema });
  t.after(() => server.close());
  return { server, codecs, meter };
}

/**
 * A client and a driver that keeps `capacity` messages in flight and counts the answers.
 * @param {import('node:test').TestContext} t
 * @param {Transport} transport
 * @param {TransportServer} server
 * @param {WireCodec} codec
 * @param {{ direction?: 'up'|'down', window?: number, connections?: number, compress?: string|null, tls?: { ca: string } | null, raw?: boolean, id?: { id: string, hash: string } | null }} [options]
 */
async function client(t, transport, server, codec, { direction = 'up', window = 8, connections = 1, compress = null, tls = null, raw = false, id = identity } = {}) {
  const counts = { [ANSWER.ok]: 0, [ANSWER.decodeError]: 0, [ANSWER.error]: 0 };
  /** @type {((seq: number) => void) | null} */
  let pending = null;
  const c = await transport.createClient({
    url: server.url, codec, direction, window, connections, pipelining: 1, compress, tls, raw, identity: id, timeoutMs: 5000, schema: payload.schema,
    onAnswer: (seq, status) => {
      counts[status]++;
      pending?.(seq);
    },
  });
  t.after(() => c.close());
  /**
   * Sends messages from..from+n-1, keeping c.capacity in flight; resolves when all are answered.
   * @param {number} from
   * @param {number} n
   */
  const drive = (from, n) => new Promise((resolve) => {
    let next = from;
    let answered = 0;
    pending = () => {
      if (++answered === n) resolve(undefined);
      else if (next < from + n) c.send(next++);
    };
    for (let i = 0; i < Math.min(c.capacity, n); i++) c.send(next++);
  });
  return { c, counts, drive };
}

/** @type {(n: number, f: (i: number) => number) => number} */
const sum = (n, f) => Array.from({ length: n }, (_, i) => f(i)).reduce((a, b) => a + b, 0);

for (const transport of [connect, connectH2]) {
  test(`${transport.name}: JSON and binary, up and down, every message answered; the bytes at the socket are what framingBytes declares`, async (t) => {
    // a server serves one direction
    const servers = {
      up: await serve(t, transport, { formats: ['protobuf-es', 'protobuf-es-json'], direction: 'up' }),
      down: await serve(t, transport, { formats: ['protobuf-es', 'protobuf-es-json'], direction: 'down' }),
    };
    for (const format of ['protobuf-es', 'protobuf-es-json']) {
      for (const direction of /** @type {const} */ (['up', 'down'])) {
        const { server, codecs, meter } = servers[direction];
        const codec = codecs.get(format);
        assert.ok(codec, format);
        const { c, counts, drive } = await client(t, transport, server, codec, { direction });
        await drive(1, 50); // warm HPACK tables and keep-alive connections
        const before = c.wireBytes();
        const handled = meter.messages;
        const [from, n] = [1000, 300];
        await drive(from, n);
        const after = c.wireBytes();
        assert.deepEqual(counts, { [ANSWER.ok]: 350, [ANSWER.decodeError]: 0, [ANSWER.error]: 0 }, `${format} ${direction}`);
        assert.equal(meter.messages - handled, n, 'the server counted every message once');
        const declared = (/** @type {number} */ i) => connectFramingBytes({ payloadBytes: codec.encodeMessage(from + i).length, direction, compress: null,
          httpVersion: transport.name === 'connect' ? '1.1' : '2', format, authority: `127.0.0.1:${server.port}`, index: from + i });
        const payloadBytes = sum(n, (i) => codec.encodeMessage(from + i).length);
        const measured = {
          up: (after.up - before.up - (direction === 'up' ? payloadBytes : 0)) / n,
          down: (after.down - before.down - (direction === 'down' ? payloadBytes : 0)) / n,
        };
        const expected = { up: sum(n, (i) => declared(i).up) / n, down: sum(n, (i) => declared(i).down) / n };
        t.diagnostic(`${transport.name} ${format} ${direction}: framing measured ${measured.up.toFixed(2)} up / ${measured.down.toFixed(2)} down, declared ${expected.up.toFixed(2)} / ${expected.down.toFixed(2)}`);
        // within half a byte per message: HTTP/2's Date header changes once a second, a WINDOW_UPDATE lands when it does
        assert.ok(Math.abs(measured.up - expected.up) <= 0.5, `up: measured ${measured.up}, declared ${expected.up}`);
        assert.ok(Math.abs(measured.down - expected.down) <= 0.5, `down: measured ${measured.down}, declared ${expected.down}`);
        await c.close();
      }
    }
  });
}

for (const transport of [connect, connectH2]) {
  test(`${transport.name}: requests the client resets before their answer are counted as reset, not as messages or HTTP statuses`, async (t) => {
    const { server, codecs, meter } = await serve(t, transport, { formats: ['protobuf-es'] });
    const path = loadService(payload.schema, 'connect').path('send');
    const o = { path, contentType: 'application/proto', n: 5 };
    const partial = Buffer.from([0x0a, 0x40, 0x01]); // a field that declares 64 bytes, then one
    if (transport === connect) {
      await resetH1Requests(server.port, o);
      await resetH1Requests(server.port, { ...o, body: partial });
    } else {
      await resetH2Streams(server.port, o);
      await resetH2Streams(server.port, { ...o, body: partial });
      await cancelH2Streams(server.url, o);
      await cancelH2Streams(server.url, { ...o, body: partial });
    }
    const resets = transport === connect ? 10 : 20;
    await settled(() => field(server.counters, 'resets') === resets);
    assert.equal(field(server.counters, 'resets'), resets);
    assert.equal(field(server.counters, 'messages'), 0);
    assert.equal(field(server.counters, 'ok'), 0);
    assert.deepEqual(field(server.counters, 'byStatus'), {});
    assert.equal(meter.messages, 0, 'the meter counts no message');
    assert.match(server.describe(), new RegExp(`^errors: none; ${resets} requests reset by the client before their answer; 0 malformed \\(not HTTP(/2)?\\), `, 'm'));
    // whole requests still count, each once
    const codec = codecs.get('protobuf-es');
    assert.ok(codec);
    const { counts, drive } = await client(t, transport, server, codec);
    await drive(0, 20);
    assert.equal(counts[ANSWER.ok], 20);
    // and the client's first call, its check of the server
    await settled(() => meter.messages === 21);
    assert.equal(meter.messages, 21);
    assert.equal(field(server.counters, 'messages'), 21);
    assert.equal(field(server.counters, 'ok'), 21);
  });
}

test('grpc: server.js on a port in use says so in one line (grpc-js logs nothing of its own), exit 2; the logger is put back', async () => {
  const holder = net.createServer();
  await /** @type {Promise<void>} */ (new Promise((resolve) => holder.listen(0, '127.0.0.1', resolve)));
  const { port } = /** @type {net.AddressInfo} */ (holder.address());
  const { getLogger } = await import('@grpc/grpc-js/build/src/logging.js');
  const original = getLogger();
  try {
    const r = await run(process.execPath, [path.join(ROOT, 'server.js'), '3', '--transport', 'grpc', '--port', String(port)], { cwd: ROOT }).then(
      () => assert.fail('server.js started on a port in use'),
      (/** @type {{ code: number, stdout: string, stderr: string }} */ err) => err);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stderr, `server: port ${port} on 127.0.0.1 is already in use\n`);
    assert.equal(r.stdout, '');
    // in this process: the failed bind is refused as one UserError, and grpc-js's logger is the one it had before
    /** @type {string[]} */
    const logged = [];
    const logger = { error: (/** @type {unknown[]} */ ...args) => { logged.push(args.join(' ')); } };
    grpc.setLogger(logger);
    const codecs = await wireCodecs(['protobufjs-static']);
    await assert.rejects(grpcTransport.startServer({ codecs, direction: 'up', host: '127.0.0.1', port, tls: null, compress: null, maxPayload: 1 << 20, raw: false, identity, meter: createServerMeter(), schema: payload.schema }),
      (err) => err instanceof UserError && err.message === `port ${port} on 127.0.0.1 is already in use`);
    assert.deepEqual(logged, []);
    assert.equal(getLogger(), logger, 'the logger in place before is put back');
  } finally {
    holder.close();
    grpc.setLogger(original);
  }
});

test('grpc: up and down with two protobuf codecs, every message answered; the bytes at the socket are what framingBytes declares', async (t) => {
  // a server serves one direction
  const servers = {
    up: await serve(t, grpcTransport, { formats: ['protobufjs-static', 'protobuf-es'], direction: 'up' }),
    down: await serve(t, grpcTransport, { formats: ['protobufjs-static', 'protobuf-es'], direction: 'down' }),
  };
  for (const format of ['protobufjs-static', 'protobuf-es']) {
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      const { server, codecs, meter } = servers[direction];
      const codec = codecs.get(format);
      assert.ok(codec, format);
      const { c, counts, drive } = await client(t, grpcTransport, server, codec, { direction });
      await drive(1, 50);
      const before = c.wireBytes();
      const handled = meter.messages;
      const [from, n] = [1000, 300];
      await drive(from, n);
      const after = c.wireBytes();
      assert.deepEqual(counts, { [ANSWER.ok]: 350, [ANSWER.decodeError]: 0, [ANSWER.error]: 0 }, `${format} ${direction}`);
      assert.equal(meter.messages - handled, n);
      assert.equal(server.counters.byFormat[format].messages, 351, 'the server decoded with the codec the client named');
      const payloadBytes = sum(n, (i) => codec.encodeMessage(from + i).length);
      const declared = (/** @type {number} */ i) => grpcFramingBytes({ payloadBytes: codec.encodeMessage(from + i).length, direction, compress: null, index: from + i });
      const measured = {
        up: (after.up - before.up - (direction === 'up' ? payloadBytes : 0)) / n,
        down: (after.down - before.down - (direction === 'down' ? payloadBytes : 0)) / n,
      };
      const expected = { up: sum(n, (i) => declared(i).up) / n, down: sum(n, (i) => declared(i).down) / n };
      t.diagnostic(`grpc ${format} ${direction}: framing measured ${measured.up.toFixed(2)} up / ${measured.down.toFixed(2)} down, declared ${expected.up.toFixed(2)} / ${expected.down.toFixed(2)}`);
      assert.ok(Math.abs(measured.up - expected.up) <= 0.5, `up: measured ${measured.up}, declared ${expected.up}`);
      assert.ok(Math.abs(measured.down - expected.down) <= 0.5, `down: measured ${measured.down}, declared ${expected.down}`);
      await c.close();
    }
  }
});

/**
 * One plain HTTP/1.1 request; resolves with status, headers and body.
 * @param {string} url
 * @param {Buffer} body
 * @param {http.OutgoingHttpHeaders} headers
 * @returns {Promise<{ status: number|undefined, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function post(url, body, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': body.length } }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Resolves once `statuses` holds n answers; rejects after 5 s with how many came.
 * @param {number[]} statuses
 * @param {number} n
 */
const answers = (statuses, n) => new Promise((resolve, reject) => {
  const until = Date.now() + 5000;
  const poll = setInterval(() => {
    if (statuses.length >= n) resolve(clearInterval(poll));
    else if (Date.now() > until) reject(new Error(`${statuses.length} of ${n} answered`, { cause: clearInterval(poll) }));
  }, 5);
});

for (const transport of [connect, connectH2, grpcTransport]) {
  test(`${transport.name}: once the server has closed every connection, send() says "not sent" (false) and onClosed is called, no message counts as an error`, async (t) => {
    const format = transport === grpcTransport ? 'protobufjs-static' : 'protobuf-es';
    const { server, codecs } = await serve(t, transport, { formats: [format] });
    const codec = codecs.get(format);
    assert.ok(codec, format);
    let closed = 0;
    /** @type {number[]} */
    const statuses = [];
    const c = await transport.createClient({
      url: server.url, codec, direction: 'up', window: 4, connections: 2, pipelining: 1, compress: null, tls: null, raw: false, identity, timeoutMs: 5000,
      schema: payload.schema, onAnswer: (seq, status) => { statuses.push(status); }, onClosed: () => { closed++; },
    });
    t.after(() => c.close());
    const answered = (/** @type {number} */ n) => answers(statuses, n);
    for (let i = 0; i < 4; i++) assert.notEqual(c.send(i), false);
    await answered(4);
    assert.deepEqual(statuses, [ANSWER.ok, ANSWER.ok, ANSWER.ok, ANSWER.ok]);
    await server.close();
    const until = Date.now() + 5000;
    while (!closed && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(closed, 1, 'onClosed once every connection is gone');
    for (let i = 4; i < 8; i++) assert.equal(c.send(i), false, `message ${i}: not sent`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(statuses, [ANSWER.ok, ANSWER.ok, ANSWER.ok, ANSWER.ok], 'no answer (an error) for a message not sent');
    assert.equal(closed, 1);
  });
}

/**
 * A TCP relay in front of a server: each connection a client opens is one pair of sockets here, in the order opened,
 * so a test can cut one connection and count the connections the client opens.
 * @param {import('node:test').TestContext} t
 * @param {string} target the server's URL
 */
async function relay(t, target) {
  const to = new URL(target);
  /** @type {Array<[net.Socket, net.Socket]>} */
  const pairs = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(to.port), to.hostname);
    pairs.push([inbound, outbound]);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    for (const [a, b] of [[inbound, outbound], [outbound, inbound]]) {
      a.on('error', () => {});
      a.on('close', () => b.destroy());
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  t.after(() => {
    for (const pair of pairs) for (const socket of pair) socket.destroy();
    server.close();
  });
  const address = /** @type {net.AddressInfo} */ (server.address());
  return { url: `${to.protocol}//127.0.0.1:${address.port}${to.pathname === '/' ? '' : to.pathname}`, pairs };
}

for (const transport of [connect, connectH2, grpcTransport]) {
  test(`${transport.name}: when one of two connections closes, the messages after go to the other one, all answered, none an error, no connection reopened`, async (t) => {
    const format = transport === grpcTransport ? 'protobufjs-static' : 'protobuf-es';
    const { server, codecs } = await serve(t, transport, { formats: [format] });
    const codec = codecs.get(format);
    assert.ok(codec, format);
    const { url, pairs } = await relay(t, server.url);
    let closed = 0;
    /** @type {number[]} */
    const statuses = [];
    const c = await transport.createClient({
      url, codec, direction: 'up', window: 4, connections: 2, pipelining: 1, compress: null, tls: null, raw: false, identity, timeoutMs: 5000,
      schema: payload.schema, onAnswer: (seq, status) => { statuses.push(status); }, onClosed: () => { closed++; },
    });
    t.after(() => c.close());
    const answered = (/** @type {number} */ n) => answers(statuses, n);
    for (let i = 0; i < 4; i++) assert.notEqual(c.send(i), false);
    await answered(4);
    assert.equal(pairs.length, 2, 'two connections, one pair of sockets each');
    // the server ends one connection (here: the relay cuts it, both ways)
    for (const socket of pairs[0]) socket.destroy();
    // time for the client to see it (a socket's close; grpc-js's connectivity watch): a second, since a loaded
    // machine can take a few hundred milliseconds, and a message sent on the cut connection would be an error
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(closed, 0, 'one connection is left: the pass goes on');
    for (let i = 4; i < 12; i++) assert.notEqual(c.send(i), false, `message ${i}: sent on the connection left`);
    await answered(12);
    assert.deepEqual(statuses, Array(12).fill(ANSWER.ok), 'every message answered, none counted as an error');
    assert.equal(pairs.length, 2, 'the closed connection was not opened again');
  });
}

test('connect: real peers — curl POSTs the payload\'s JSON, node:http its protobuf bytes (made by protobufjs from the .proto), both accepted; Get answers the corpus message', async (t) => {
  const { server } = await serve(t, connect, { formats: ['protobuf-es', 'protobuf-es-json'] });
  const { server: down } = await serve(t, connect, { formats: ['protobuf-es', 'protobuf-es-json'], direction: 'down' });
  const json = JSON.stringify(payload.value);
  const { stdout } = await run('curl', ['-sS', '-X', 'POST', '-H', 'Content-Type: application/json', '--data-binary', json, '-w', '\n%{http_code}', `${server.url}/bench.Bench/Send`]);
  assert.deepEqual(stdout.split('\n'), ['{}', '200'], 'curl: an empty Ack in JSON');

  const Order = protobuf.loadSync(path.join(ROOT, 'proto', 'test3.proto')).lookupType('Order');
  const bytes = Buffer.from(Order.encode(Order.fromObject(record(payload.value, 'payload 3'))).finish());
  const binary = await post(`${server.url}/bench.Bench/Send`, bytes, { 'content-type': 'application/proto' });
  assert.equal(binary.status, 200);
  assert.equal(binary.headers['content-type'], 'application/proto');
  assert.equal(binary.body.length, 0, 'an empty Ack in binary');

  const got = await post(`${down.url}/bench.Bench/Get`, Buffer.from('{"index": 2}'), { 'content-type': 'application/json' });
  assert.equal(got.status, 200);
  assert.notEqual(compareWithPayload(corpus[2], JSON.parse(got.body.toString()), PROTO_NORMALISE).status, 'lossy');
  const gotBinary = await post(`${down.url}/bench.Bench/Get`, Buffer.from([0x08, 0x03]), { 'content-type': 'application/proto' });
  const decoded = Order.toObject(Order.decode(gotBinary.body), { longs: Number, enums: String, defaults: false });
  assert.notEqual(compareWithPayload(corpus[3], decoded, PROTO_NORMALISE).status, 'lossy');
  assert.equal(field(server.counters, 'ok'), 2);
  assert.equal(field(down.counters, 'ok'), 2);
});

test('connect: a payload with google.protobuf.Any travels as JSON and binary (the service\'s type registry), both ways; curl POSTs its JSON', async (t) => {
  const fixtures = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const [anyPayload] = resolvePayloads({ data: path.join(fixtures, 'wellknown-any.json'), proto: path.join(fixtures, 'wellknown.proto'), type: 'telemetry.Envelope' });
  const formats = ['protobuf-es', 'protobuf-es-json'];
  const prepared = prepareCodecs(await selectCodecs(formats.join(',')), anyPayload);
  const codecs = new Map(prepared.map((p) => [p.codec.name, wireCodec(p, anyPayload.corpus ?? [anyPayload.value])]));
  for (const [name, codec] of codecs) assert.equal(connect.carries?.(codec, anyPayload.schema), null, `Connect carries ${name}`);
  // an Any whose type is in no file of the schema: Connect's JSON cannot write it, so the cell is refused with the reason
  const envelope = loadService(anyPayload.schema).message;
  const stray = create(envelope, { id: 'x', payload: { typeUrl: 'type.googleapis.com/nowhere.Missing', value: new Uint8Array([8, 1]) } });
  const jsonCodec = codecs.get('protobuf-es-json');
  assert.ok(jsonCodec);
  assert.match(String(connect.carries?.({ ...jsonCodec, messageCount: 1, decode: () => stray }, anyPayload.schema)),
    /^Connect cannot write or read the JSON of record 1: .*nowhere\.Missing.* is not in the type registry/);
  for (const transport of [connect, connectH2]) {
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      const server = await transport.startServer({ codecs, direction, host: '127.0.0.1', port: 0, tls: null, compress: null, maxPayload: 1 << 20, raw: false, identity: null, meter: createServerMeter(), schema: anyPayload.schema });
      t.after(() => server.close());
      for (const format of formats) {
        const codec = codecs.get(format);
        assert.ok(codec, format);
        /** @type {number[]} */
        const statuses = [];
        const c = await transport.createClient({ url: server.url, codec, direction, window: 1, connections: 1, pipelining: 1, compress: null, tls: null, raw: false,
          identity: null, timeoutMs: 5000, schema: anyPayload.schema, onAnswer: (seq, status) => { statuses.push(status); } });
        for (let i = 1; i <= 5; i++) c.send(i);
        const until = Date.now() + 5000;
        while (statuses.length < 5 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
        await c.close();
        assert.deepEqual(statuses, [0, 0, 0, 0, 0].map(() => ANSWER.ok), `${transport.name} ${format} ${direction}`);
      }
      if (transport === connect && direction === 'up') {
        const { stdout } = await run('curl', ['-s', '-w', '\n%{http_code}', '-X', 'POST', '-H', 'content-type: application/json', '--data-binary',
          `@${path.join(fixtures, 'wellknown-any.json')}`, `${server.url}/telemetry.bench.Bench/Send`]);
        assert.equal(stdout.trim().split('\n').pop(), '200', stdout);
      }
    }
  }
});

test('connect-h2: a node:http2 peer (h2c, prior knowledge) POSTs the payload\'s JSON and gets the Ack', async (t) => {
  const { server } = await serve(t, connectH2, { formats: ['protobuf-es-json'] });
  const session = http2.connect(server.url);
  t.after(() => session.close());
  const answer = await new Promise((resolve, reject) => {
    const req = session.request({ ':method': 'POST', ':path': '/bench.Bench/Send', 'content-type': 'application/json' });
    let body = '';
    /** @type {number|undefined} */
    let status;
    req.on('response', (h) => { status = h[':status']; });
    req.on('data', (d) => { body += d; });
    req.on('end', () => resolve({ status, body }));
    req.on('error', reject);
    req.end(JSON.stringify(payload.value));
  });
  assert.deepEqual(answer, { status: 200, body: '{}' });
});

test('connect: a malformed body gets the protocol\'s error and the server keeps serving; a refused format and another payload are refused with the reason', async (t) => {
  const { server } = await serve(t, connect, { formats: ['protobuf-es', 'protobuf-es-json'] });
  const send = `${server.url}/bench.Bench/Send`;
  const badJson = await post(send, Buffer.from('{"orderId": "not a number"'), { 'content-type': 'application/json' });
  assert.equal(badJson.status, 400);
  assert.equal(JSON.parse(badJson.body.toString()).code, 'invalid_argument');
  const badBinary = await post(send, Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]), { 'content-type': 'application/proto' });
  // connect-es answers a binary body it cannot parse with internal (HTTP 500), a JSON one with invalid_argument
  assert.equal(badBinary.status, 500);
  assert.match(JSON.parse(badBinary.body.toString()).message, /parse binary/);
  // bytes that are not HTTP at all: a 400 and counted as malformed, as the http1 transport does (they were dropped
  // uncounted); a valid start cut short is a client gone, not malformed
  const answerTo = (/** @type {number} */ port, /** @type {string} */ bytes) => new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.from(bytes, 'latin1')));
    socket.on('data', (d) => { answer += d.toString('latin1'); });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
  assert.match(String(await answerTo(server.port, '\x16\x03\x01garbage\r\n\r\n')), /^HTTP\/1\.1 400 /);
  assert.equal(String(await answerTo(server.port, 'POST /bench.Bench/Send HTTP/1.1\r\nhost: 127.0.0.1\r\n')), '');
  const ok = await post(send, Buffer.from(JSON.stringify(payload.value)), { 'content-type': 'application/json' });
  assert.equal(ok.status, 200, 'still serving');
  assert.equal(field(server.counters, 'malformed'), 1);
  assert.equal(field(server.counters, 'connectionResets'), 1);
  assert.match(server.describe(), /; 1 malformed \(not HTTP\), 1 connection reset or closed mid-request by the client$/m);
  // and over HTTP/2: bytes that are no HTTP/2 preface end their session, counted as malformed
  const h2 = await serve(t, connectH2, { formats: ['protobuf-es'] });
  await answerTo(h2.server.port, 'GET / HTTP/1.1\r\n\r\n');
  await settled(() => field(h2.server.counters, 'malformed') === 1);
  assert.equal(field(h2.server.counters, 'malformed'), 1);
  assert.match(h2.server.describe(), /; 1 malformed \(not HTTP\/2\), 0 connections reset/m);

  // the toolkit's client: another payload is refused with the server's reason, one line
  await assert.rejects(client(t, connect, server, await wireCodecOf('protobuf-es'), { id: { id: 'test4', hash: 'other' } }),
    (err) => err instanceof UserError && /payload mismatch: server measures test3 \(hash abc123\), this client sends test4 \(hash other\)/.test(err.message));
  // a format the server does not serve
  const only = await serve(t, connect, { formats: ['protobuf-es'] });
  const refusedJson = await post(`${only.server.url}/bench.Bench/Send`, Buffer.from('{}'), { 'content-type': 'application/json' });
  assert.equal(refusedJson.status, 400);
  assert.match(JSON.parse(refusedJson.body.toString()).message, /does not serve protobuf-es-json/);
});

test('connect: an oversize body is refused before it has all arrived (the server does not wait for, or keep, the whole of it)', async (t) => {
  const maxPayload = 64 * 1024;
  for (const transport of [connect, connectH2]) {
    const { server } = await serve(t, transport, { formats: ['protobuf-es'], maxPayload });
    // a 64 MiB body announced, then streamed in 16 KiB pieces until the server answers
    const piece = Buffer.alloc(16 * 1024, 0x0a);
    /** @type {{ status: number|null|undefined, written: number }} */
    const { status, written } = await new Promise((resolve, reject) => {
      let written = 0;
      /** @type {number|null|undefined} */
      let answered = null;
      const onAnswer = (/** @type {number|undefined} */ s) => { answered = s; };
      /** @type {http.ClientRequest | http2.ClientHttp2Stream} */
      let req;
      /** @type {http2.ClientHttp2Session|undefined} */
      let session;
      if (transport === connectH2) {
        session = http2.connect(server.url);
        req = session.request({ ':method': 'POST', ':path': '/bench.Bench/Send', 'content-type': 'application/proto', 'content-length': String(64 << 20) });
        req.on('response', (h) => onAnswer(h[':status']));
      } else {
        req = http.request(`${server.url}/bench.Bench/Send`, { method: 'POST', headers: { 'content-type': 'application/proto', 'transfer-encoding': 'chunked' } }, (res) => { onAnswer(res.statusCode); res.resume(); });
      }
      req.on('error', () => {});
      const pump = () => {
        if (answered !== null || written >= 64 << 20) {
          req.destroy();
          session?.destroy();
          return resolve({ status: answered, written });
        }
        written += piece.length;
        req.write(piece, () => setImmediate(pump));
      };
      pump();
      setTimeout(() => reject(new Error('no answer')), 30000).unref();
    });
    assert.equal(status, 429, `${transport.name}: resource_exhausted`);
    assert.ok(written < 4 * 1024 * 1024, `${transport.name}: answered after ${written} bytes of a 64 MiB body`);
    const { counts, drive } = await client(t, transport, server, await wireCodecOf('protobuf-es'));
    await drive(1, 10);
    assert.equal(counts[ANSWER.ok], 10, `${transport.name}: still serving`);
  }
});

test('grpc: a client built only from the .proto (proto-loader + grpc-js\'s generic client) is answered by the method of the server\'s direction; the other gets UNIMPLEMENTED, counted', async (t) => {
  // the served schema's folder alone: the payload's .proto it imports sits beside it
  const definition = protoLoader.loadSync(path.join(ROOT, 'generated', 'rpc', 'test3_bench.proto'),
    { includeDirs: [path.join(ROOT, 'generated', 'rpc')], keepCase: true, longs: Number, enums: String, defaults: false });
  // any: grpc-js types a client loaded from a definition without its methods (they are looked up by name)
  const { Bench } = /** @type {any} */ (grpc.loadPackageDefinition(definition)).bench;
  /** @typedef {(err: grpc.ServiceError | null, r: unknown) => void} Callback */
  /** @type {(peer: any, method: string, request: unknown) => Promise<{ err: grpc.ServiceError | null, r: unknown }>} */
  const call = (peer, method, request) => new Promise((resolve) => peer[method](request, /** @type {Callback} */ ((err, r) => resolve({ err, r }))));
  for (const direction of /** @type {const} */ (['up', 'down'])) {
    const { server, meter } = await serve(t, grpcTransport, { formats: ['protobufjs-static'], direction });
    const peer = new Bench(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    t.after(() => peer.close());
    const send = await call(peer, 'Send', payload.value);
    const get = await call(peer, 'Get', { index: 5 });
    const [served, other] = direction === 'up' ? [send, get] : [get, send];
    assert.equal(served.err, null, direction);
    if (direction === 'up') assert.deepEqual(send.r, {});
    else assert.notEqual(compareWithPayload(corpus[5], get.r, PROTO_NORMALISE).status, 'lossy');
    assert.equal(other.err?.code, grpc.status.UNIMPLEMENTED, `${direction}: the other direction's method`);
    assert.match(String(other.err?.details), new RegExp(`direction mismatch: this server serves --direction ${direction}`));
    assert.deepEqual(server.counters.byFormat, { 'protobufjs-static': { messages: 1 } }, `${direction}: the other call is no message`);
    assert.equal(meter.messages, 1);
    assert.equal(field(server.counters, 'otherDirection'), 1);
    assert.match(server.describe(), /^errors: .*\b1 calls? of the other direction's method \(UNIMPLEMENTED/m);
    // our own client is refused in one line, before a pass
    await assert.rejects(client(t, grpcTransport, server, await wireCodecOf('protobufjs-static'), { direction: direction === 'up' ? 'down' : 'up' }),
      (err) => err instanceof UserError && /server refused: direction mismatch/.test(err.message));
  }
});

test('connect: a server answers only the method of its direction; the other gets unimplemented (404), counted, and our client is refused in one line', async (t) => {
  for (const transport of [connect, connectH2]) {
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      const { server, meter } = await serve(t, transport, { formats: ['protobuf-es-json'], direction });
      const other = direction === 'up' ? ['Get', '{"index": 2}'] : ['Send', JSON.stringify(payload.value)];
      if (transport === connect) {
        const { stdout } = await run('curl', ['-sS', '-X', 'POST', '-H', 'Content-Type: application/json', '--data-binary', other[1], '-w', '\n%{http_code}', `${server.url}/bench.Bench/${other[0]}`]);
        const [body, status] = stdout.split('\n');
        assert.equal(status, '404', `${direction}: curl`);
        assert.equal(JSON.parse(body).code, 'unimplemented');
        assert.match(JSON.parse(body).message, new RegExp(`direction mismatch: this server serves --direction ${direction}`));
        // a path the service does not have: Connect's own 404, counted apart from the other direction's method
        const unknown = await run('curl', ['-sS', '-X', 'POST', '-H', 'Content-Type: application/json', '--data-binary', '{}', '-o', '/dev/null', '-w', '%{http_code}', `${server.url}/bench.Bench/Nope`]);
        assert.equal(unknown.stdout, '404');
        assert.equal(field(server.counters, 'unknownPath'), 1);
        assert.match(server.describe(), /\b1 request for paths it does not have \(404\)/);
      }
      await assert.rejects(client(t, transport, server, await wireCodecOf('protobuf-es-json'), { direction: direction === 'up' ? 'down' : 'up' }),
        (err) => err instanceof UserError && /server refused: direction mismatch: .*\(Unimplemented\)/.test(err.message));
      const calls = transport === connect ? 2 : 1;
      assert.equal(field(server.counters, 'otherDirection'), calls, `${transport.name} ${direction}`);
      assert.equal(field(server.counters, 'messages'), 0, 'no message');
      assert.equal(meter.messages, 0);
      assert.match(server.describe(), new RegExp(`\\b${calls} calls? of the other direction's method \\(unimplemented, 404`));
    }
  }
});

test('buf curl --schema on the served service .proto alone (no other include path) calls grpc, connect and connect-h2', async (t) => {
  const BUF = path.join(path.dirname(createRequire(import.meta.url).resolve('@bufbuild/buf/package.json')), 'bin', 'buf');
  const schema = path.join(ROOT, 'generated', 'rpc', 'test3_bench.proto');
  const cases = /** @type {Array<[Transport, string, string[]]>} */ ([
    [grpcTransport, 'protobufjs-static', ['--protocol', 'grpc', '--http2-prior-knowledge']],
    [connect, 'protobuf-es', ['--protocol', 'connect']],
    [connectH2, 'protobuf-es', ['--protocol', 'connect', '--http2-prior-knowledge']],
  ]);
  for (const [transport, format, protocol] of cases) {
    const { server } = await serve(t, transport, { formats: [format], direction: 'down' });
    // buf runs in an empty folder, so that only the schema's own folder can resolve its imports; removed after the test
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'buf-curl-'));
    t.after(() => fs.rmSync(cwd, { recursive: true, force: true }));
    const { stdout } = await run(process.execPath, [BUF, 'curl', '--schema', schema, ...protocol, '-d', '{"index": 5}', `${server.url}/bench.Bench/Get`],
      { cwd, timeout: 60000 });
    assert.notEqual(compareWithPayload(corpus[5], JSON.parse(stdout), PROTO_NORMALISE).status, 'lossy', transport.name);
  }
});

test('grpc: malformed bytes get INVALID_ARGUMENT and the server keeps serving; an oversize message gets RESOURCE_EXHAUSTED before it has all arrived, an unknown method UNIMPLEMENTED, a request that is not gRPC HTTP 415, each counted; JSON is refused', async (t) => {
  const maxPayload = 64 * 1024;
  const { server } = await serve(t, grpcTransport, { formats: ['protobufjs-static'], maxPayload });
  const raw = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  t.after(() => raw.close());
  /** @type {(bytes: Buffer) => Promise<number>} */
  const call = (bytes) => new Promise((resolve) => {
    raw.makeUnaryRequest('/bench.Bench/Send', (b) => b, (b) => b, bytes, (err) => resolve(err?.code ?? grpc.status.OK));
  });
  assert.equal(await call(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f])), grpc.status.INVALID_ARGUMENT);
  assert.equal(await call(Buffer.from([0x0a, 0x05, 0x01])), grpc.status.INVALID_ARGUMENT, 'a length past the end');
  assert.equal(field(server.counters, 'decodeErrors'), 2);
  // a whole message over the server's limit (64 KiB here; grpc-js's own default would be 4 MiB)
  assert.equal(await call(Buffer.alloc(128 * 1024, 0x0a)), grpc.status.RESOURCE_EXHAUSTED);
  // a gRPC message announcing 64 MiB, streamed in 16 KiB DATA frames until the server answers
  const session = http2.connect(server.url);
  t.after(() => session.destroy());
  /** @type {{ status: number|null, written: number }} */
  const { status, written } = await new Promise((resolve) => {
    const req = session.request({ ':method': 'POST', ':path': '/bench.Bench/Send', 'content-type': 'application/grpc', te: 'trailers' });
    let written = 0;
    /** @type {number|null} */
    let answered = null;
    req.on('trailers', (h) => { answered = Number(h['grpc-status']); });
    req.on('response', (h) => { if (h['grpc-status'] !== undefined) answered = Number(h['grpc-status']); });
    req.on('error', () => {});
    req.on('close', () => { answered ??= -1; });
    const prefix = Buffer.alloc(5);
    prefix.writeUInt32BE(64 << 20, 1);
    req.write(prefix);
    const piece = Buffer.alloc(16 * 1024);
    const pump = () => {
      if (answered !== null || written >= 64 << 20) {
        req.destroy();
        return resolve({ status: answered, written });
      }
      written += piece.length;
      req.write(piece, () => setImmediate(pump));
    };
    pump();
  });
  assert.equal(status, grpc.status.RESOURCE_EXHAUSTED);
  assert.ok(written < 4 * 1024 * 1024, `answered after ${written} bytes of a 64 MiB message`);
  const proto = await wireCodecOf('protobufjs-static');
  assert.equal(await call(proto.encodeMessage(0)), grpc.status.OK, 'still serving');
  // a method the service does not have: grpc-js answers it before any handler, as it does an oversize message; both counted
  const unknown = await new Promise((resolve) => {
    raw.makeUnaryRequest('/bench.Bench/Nope', (b) => b, (b) => b, Buffer.alloc(0), (err) => resolve(err?.code ?? grpc.status.OK));
  });
  assert.equal(unknown, grpc.status.UNIMPLEMENTED);
  // a request that is not gRPC (no application/grpc content type): grpc-js answers HTTP 415 itself, counted too
  const notGrpc = await new Promise((resolve) => {
    const req = session.request({ ':method': 'POST', ':path': '/bench.Bench/Send', 'content-type': 'application/json' });
    req.on('response', (h) => resolve(h[':status']));
    req.on('error', () => resolve(-1));
    req.end('{}');
  });
  assert.equal(notGrpc, 415);
  await settled(() => field(server.counters, 'tooLarge') === 2 && field(server.counters, 'unknownMethod') === 1 && field(server.counters, 'notGrpc') === 1);
  assert.equal(field(server.counters, 'tooLarge'), 2, 'the whole oversize message and the streamed one');
  assert.equal(field(server.counters, 'unknownMethod'), 1);
  assert.equal(field(server.counters, 'otherDirection'), 0);
  assert.match(server.describe(), /^errors: 2 decode \(INVALID_ARGUMENT\), 0 malformed requests, 2 over --max-payload \(RESOURCE_EXHAUSTED\), 1 call of unknown methods \(UNIMPLEMENTED\), 0 calls of the other direction's method .*, 1 request not gRPC \(HTTP 415/m);

  const json = await wireCodecOf('json');
  await assert.rejects(client(t, grpcTransport, server, json), (err) => err instanceof UserError && /gRPC carries protobuf's binary wire format/.test(err.message));
  await assert.rejects(client(t, grpcTransport, server, proto, { id: { id: 'test4', hash: 'other' } }),
    (err) => err instanceof UserError && /payload mismatch/.test(err.message));
});

test('compression (gzip) and TLS: Connect and gRPC carry every message, and compressed JSON takes fewer bytes at the socket', async (t) => {
  const json = await wireCodecOf('protobuf-es-json');
  for (const transport of [connect, connectH2]) {
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      /** @type {Record<string, number>} */
      const bytesPer = {};
      for (const compress of [null, 'gzip']) {
        const { server } = await serve(t, transport, { formats: ['protobuf-es-json'], direction, compress });
        const { c, counts, drive } = await client(t, transport, server, json, { direction, compress });
        const before = c.wireBytes();
        await drive(1, 100);
        const after = c.wireBytes();
        assert.equal(counts[ANSWER.ok], 100, `${transport.name} ${direction} ${compress}`);
        bytesPer[compress ?? 'none'] = direction === 'up' ? (after.up - before.up) / 100 : (after.down - before.down) / 100;
      }
      t.diagnostic(`${transport.name} ${direction}: ${bytesPer.none.toFixed(0)} B/msg plain, ${bytesPer.gzip.toFixed(0)} gzip`);
      assert.ok(bytesPer.gzip < bytesPer.none * 0.8, `${transport.name} ${direction}: gzip ${bytesPer.gzip} vs ${bytesPer.none}`);
    }
  }
  // gRPC compresses what the client sends: the bytes at the socket shrink; the answers (grpc-js's server never
  // compresses them) cannot, so --compress with --direction down is refused before anything starts
  const proto = await wireCodecOf('protobufjs-static');
  /** @type {Record<string, number>} */
  const grpcUp = {};
  for (const compress of [null, 'gzip']) {
    const { server } = await serve(t, grpcTransport, { formats: ['protobufjs-static'], direction: 'up', compress });
    const { c, counts, drive } = await client(t, grpcTransport, server, proto, { direction: 'up', compress });
    await drive(1, 20);
    const before = c.wireBytes();
    await drive(21, 100);
    const after = c.wireBytes();
    assert.equal(counts[ANSWER.ok], 120, `grpc gzip up ${compress}`);
    grpcUp[compress ?? 'none'] = (after.up - before.up) / 100;
  }
  // test3's protobuf barely compresses (gzip saves about 10 of 374 bytes): the socket must show exactly what gzip
  // saves on these messages, less the one byte of the grpc-encoding header
  const saved = sum(100, (i) => proto.encodeMessage(21 + i).length - zlib.gzipSync(proto.encodeMessage(21 + i)).length) / 100;
  t.diagnostic(`grpc up: ${grpcUp.none.toFixed(1)} B/msg plain, ${grpcUp.gzip.toFixed(1)} gzip; gzip saves ${saved.toFixed(1)} B/msg on the messages`);
  assert.ok(saved > 1, `gzip saves ${saved} bytes per message`);
  assert.ok(Math.abs(grpcUp.none - grpcUp.gzip - (saved - 1)) <= 0.5, `grpc up: ${grpcUp.none} plain, ${grpcUp.gzip} gzip, gzip saves ${saved}`);
  assert.throws(() => checkSettings(grpcTransport, { direction: 'down', compress: 'gzip' }),
    (err) => err instanceof UserError && err.message === '--compress gzip: grpc compresses --direction up only (@grpc/grpc-js cannot compress its answers)');
  checkSettings(grpcTransport, { direction: 'up', compress: 'gzip' });

  const { private: key, cert } = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }],
    { keySize: 2048, extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }] });
  for (const [transport, codec] of /** @type {Array<[Transport, WireCodec]>} */ ([[connect, json], [connectH2, json], [grpcTransport, proto]])) {
    const { server } = await serve(t, transport, { formats: [codec.name], tls: { key, cert } });
    assert.match(server.url, /^https:/);
    const { counts, drive } = await client(t, transport, server, codec, { tls: { ca: cert } });
    await drive(1, 50);
    assert.equal(counts[ANSWER.ok], 50, `${transport.name} over TLS`);
  }
});

test('raw passes: a client asking for raw answers is answered without decoding (up) or with bytes encoded once (down), every message accounted for', async (t) => {
  for (const [transport, format] of /** @type {Array<[Transport, string]>} */ ([[connect, 'protobuf-es-json'], [connectH2, 'protobuf-es'], [grpcTransport, 'protobufjs-static']])) {
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      const { server, codecs } = await serve(t, transport, { formats: [format], direction });
      assert.ok('raw' in server.counters, `${transport.name} counts its raw answers`);
      /** @type {number} */
      const rawBefore = server.counters.raw;
      const codec = codecs.get(format);
      assert.ok(codec, format);
      const { c, counts, drive } = await client(t, transport, server, codec, { direction, raw: true });
      await drive(1, 40);
      assert.equal(counts[ANSWER.ok], 40, `${transport.name} ${direction}`);
      assert.equal(server.counters.raw - rawBefore, 41, `${transport.name} ${direction}: every message (and the first call) answered raw`);
      await c.close();
    }
  }
});
