// The transmission path in one process: framing, accounting by sequence number, faults, open vs closed loop.
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import WebSocket from 'ws';
import { selectCodecs } from '../../lib/codecs/index.js';
import { UserError } from '../../lib/errors.js';
import { createLatency } from '../../lib/transmission/latency.js';
import { ROOT } from '../../lib/paths.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { nodeClientPass, payloadIdentity, prepareWireCodecs } from '../../lib/transmission/run.js';
import { ACK_STATUS, CLOSE_TOO_LARGE, decodeAck, encodeAck, encodeFrame, NO_SEQ, websocketHeaderBytes } from '../../lib/transmission/protocol.js';
import { serveTransport } from '../../lib/transmission/serve.js';
import ws, { connect as connectLink } from '../../lib/transmission/transports/ws.js';
import { field } from '../helpers/narrow.js';

/** @typedef {import('../../lib/transmission/transports/index.js').TransportServer} TransportServer */
/** @typedef {import('../../lib/transmission/wire-codec.js').WireCodec} WireCodec */

const startWsServer = (/** @type {Parameters<typeof serveTransport>[1]} */ options) => serveTransport(ws, options);
const connect = (/** @type {string} */ url) => connectLink(url).then((l) => l.ws);
/**
 * One pass of the Node client over ws. `url` is the server's, ending in the format's path (ignored: the path
 * is the codec's name) and perhaps ?raw=1.
 * @param {{ url: string, codec: WireCodec, messages: number, window?: number, connections?: number, rate?: number, idleTimeoutMs?: number, compress?: string, serverReport?: boolean,
 *   onProgress?: (p: { done: number, total: number }) => void }} o
 */
const runClient = ({ url, serverReport = false, ...o }) => nodeClientPass({
  transport: ws, url: url.replace(/\/[^/]*$/, ''), raw: url.endsWith('?raw=1'), askServer: serverReport, ...o,
});
/**
 * A frame of message 0 of a wire codec, with a sequence number.
 * @param {WireCodec} codec
 * @param {number} seq
 */
const frameOf = (codec, seq) => encodeFrame(seq, codec.encodeMessage(0));

// a hung socket fails its test instead of hanging the suite
const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 20000 }, fn);
test.after = nodeTest.after;

const [payload] = resolvePayloads({ numbers: ['3'] });
const codecs = await selectCodecs('protobufjs-static,json,json-buffer');
const { usable } = prepareWireCodecs(codecs, payload);
const byName = Object.fromEntries(usable.map((c) => [c.name, c]));

// whatever a timed-out test left open is closed at the end, so the file's process can exit
/** @type {Set<{ close?: () => unknown, terminate?: () => void }>} */
const leftOpen = new Set();
nodeTest.after(async () => {
  for (const thing of leftOpen) await thing.close?.();
  for (const thing of leftOpen) thing.terminate?.();
});

/**
 * @template T
 * @param {Partial<import('../../lib/transmission/transports/index.js').ServerOptions>} options
 * @param {(server: TransportServer) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withServer(options, fn) {
  const server = await startWsServer({ codecs: new Map(usable.map((c) => [c.name, c])), ...options });
  leftOpen.add(server);
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

/**
 * A hand-rolled server that answers each frame with whatever `answer` says: for faking loss, duplicates and stalls.
 * @template T
 * @param {(ws: WebSocket, seq: number) => void} answer
 * @param {(url: string) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withFakeServer(answer, fn) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  leftOpen.add({ close: () => { for (const c of wss.clients) c.terminate(); return new Promise((resolve) => wss.close(() => resolve(undefined))); } });
  await new Promise((resolve) => wss.once('listening', resolve));
  // binaryType is nodebuffer (ws's default): a message is one Buffer
  wss.on('connection', (ws) => ws.on('message', (data) => answer(ws, /** @type {Buffer} */ (data).readUInt32BE(0))));
  try {
    return await fn(`ws://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (wss.address()).port}/x`);
  } finally {
    for (const c of wss.clients) c.terminate();
    await new Promise((resolve) => wss.close(resolve));
  }
}

/**
 * @param {string} url
 * @returns {Promise<WebSocket>}
 */
function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    leftOpen.add(ws);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** @type {(ws: WebSocket) => Promise<Buffer>} binaryType is nodebuffer (ws's default): a message is one Buffer */
const nextMessage = (ws) => new Promise((resolve) => ws.once('message', (d) => resolve(/** @type {Buffer} */ (d))));

test('frame header sizes follow RFC 6455: 2 bytes, +2 or +8 for the length, +4 for the client mask', () => {
  assert.equal(websocketHeaderBytes(125, false), 2);
  assert.equal(websocketHeaderBytes(126, true), 8);
  assert.equal(websocketHeaderBytes(65535, true), 8);
  assert.equal(websocketHeaderBytes(65536, true), 14);
  assert.deepEqual(decodeAck(encodeAck(0xabcdef01, 1)), { seq: 0xabcdef01, status: 1 });
  assert.equal(decodeAck(Buffer.alloc(4)), null);
});

test('the latency histogram reports percentiles in ms', () => {
  const l = createLatency();
  for (let i = 1; i <= 1000; i++) l.record(i);
  const s = l.summary();
  assert.ok(s.p50 !== null && s.p99 !== null && s.max !== null, JSON.stringify(s));
  assert.ok(Math.abs(s.p50 - 500) <= 1, String(s.p50));
  assert.ok(Math.abs(s.p99 - 990) <= 1, String(s.p99));
  assert.ok(Math.abs(s.max - 1000) <= 1, String(s.max));
  assert.equal(createLatency().summary().p50, null);
});

test('10,000 messages of each format: every one acked once, in strict request/response and with a window', async () => {
  await withServer({}, async (server) => {
    for (const name of ['protobufjs-static', 'json-buffer', 'json']) {
      const r = await runClient({ url: `${server.url}/${name}`, codec: byName[name], messages: 10000, window: name === 'json' ? 1 : 32 });
      assert.equal(r.acked, 10000, name);
      assert.equal(r.lost + r.duplicated + r.errors, 0, name);
      const { p50, max } = r.latencyMs;
      assert.equal(p50 !== null && max !== null && p50 > 0 && max >= p50, true, name);
      // message i is corpus[i % corpus.length]: its bytes, each encoded here afresh
      const { corpus } = payload;
      assert.ok(corpus, 'test3 is a corpus');
      const sizes = corpus.map((m) => Buffer.byteLength(JSON.stringify(m)));
      if (name === 'protobufjs-static') {
        const { instance } = byName[name].prepared;
        assert.ok(instance, name);
        corpus.forEach((m, i) => { sizes[i] = instance.encode(instance.fromPlain(m)).length; });
      }
      const sent = Array.from({ length: 10000 }, (_, i) => sizes[i % sizes.length]);
      assert.equal(r.wireBytes.payload, sent.reduce((a, b) => a + b, 0), name);
      assert.equal(r.wireBytes.frames, sent.reduce((n, bytes) => n + bytes + 4 + websocketHeaderBytes(bytes + 4, true), 0), name);
      assert.equal(r.wireBytes.down, (5 + websocketHeaderBytes(5, false)) * 10000, `${name}: an ACK and its frame header per message`);
    }
    assert.equal(server.counters.messages, 30000);
    assert.equal(field(server.counters, 'decodeErrors'), 0);
    assert.deepEqual(Object.keys(server.counters.byFormat).sort(), ['json', 'json-buffer', 'protobufjs-static']);
  });
});

test('several connections share the messages; each one is accounted for', async () => {
  await withServer({}, async (server) => {
    const r = await runClient({ url: `${server.url}/protobufjs-static`, codec: byName['protobufjs-static'], messages: 3001, window: 4, connections: 5 });
    assert.equal(r.acked, 3001);
    assert.equal(r.lost + r.duplicated + r.errors, 0);
    assert.equal(field(server.counters, 'connections'), 5);
  });
});

test('lost and duplicated ACKs are reported, not hidden', async () => {
  /** @type {(ws: WebSocket, seq: number) => void} */
  const answer = (ws, seq) => {
    if (seq % 10 === 3) return; // lost
    ws.send(encodeAck(seq, ACK_STATUS.ok));
    if (seq === 7) ws.send(encodeAck(seq, ACK_STATUS.ok)); // duplicated
    if (seq === 8) ws.send(encodeAck(999999, ACK_STATUS.ok)); // never sent
  };
  await withFakeServer(answer, async (url) => {
    // the pass ends after 1.5 s with no answer: long enough that a process descheduled for a moment still reads the
    // answers waiting on its socket before its watchdog fires
    const r = await runClient({ url, codec: byName['json-buffer'], messages: 100, window: 100, idleTimeoutMs: 1500 });
    assert.equal(r.acked, 90);
    assert.equal(r.lost, 10);
    assert.equal(r.duplicated, 2);
    assert.match(r.ended, /no answer for 1\.5 s/);
  });
});

test('error ACKs count as errors, not as acked', async () => {
  await withFakeServer((ws, seq) => ws.send(encodeAck(seq, seq < 5 ? ACK_STATUS.decodeError : ACK_STATUS.ok)), async (url) => {
    const r = await runClient({ url, codec: byName['json-buffer'], messages: 20 });
    assert.equal(r.errors, 5);
    assert.equal(r.acked, 15);
    assert.equal(r.lost, 0);
  });
});

test('open loop counts latency from the scheduled send time, so a stall shows (coordinated omission)', async () => {
  // the server holds every ACK for 300 ms once, from message 50 on
  const stalled = () => {
    let holdUntil = 0;
    /** @type {number[]} */
    const held = [];
    return (/** @type {WebSocket} */ ws, /** @type {number} */ seq) => {
      if (seq === 50) {
        holdUntil = Date.now() + 300;
        setTimeout(() => { for (const s of held.splice(0)) ws.send(encodeAck(s, 0)); }, 300);
      }
      if (Date.now() < holdUntil) held.push(seq);
      else ws.send(encodeAck(seq, 0));
    };
  };
  await withFakeServer(stalled(), async (url) => {
    const open = await runClient({ url, codec: byName['json-buffer'], messages: 400, rate: 1000 });
    assert.equal(open.acked, 400);
    // messages 50–350 were due during the stall; most of them waited over 50 ms for it
    const s = open.latencyMs;
    assert.ok(s.p50 !== null && s.p50 > 50, `open loop p50 ${s.p50} ms`);
  });
  await withFakeServer(stalled(), async (url) => {
    const closed = await runClient({ url, codec: byName['json-buffer'], messages: 400, window: 1 });
    assert.equal(closed.acked, 400);
    // closed loop: the sender waited too, so only the stalled message itself looks slow: the 99th percentile lies
    // below the stall (under a loaded machine's slow round trips, not under a quiet one's 50 ms)
    const s = closed.latencyMs;
    assert.ok(s.max !== null && s.max >= 250, `closed loop max ${s.max} ms`);
    assert.ok(s.p99 !== null && s.p99 < 200, `closed loop p99 ${s.p99} ms`);
  });
});

test('open loop: a stalled sender (a GC pause, a blocked event loop) shows too: latency counts from when a message was due', async () => {
  await withFakeServer((ws, seq) => ws.send(encodeAck(seq, 0)), async (url) => {
    // block this process's event loop for 300 ms, 50 ms into the run: when the 48th message is answered (the pass
    // reports every 4th), not by a timer started before the pass, whose clock starts only once it has connected
    let blocked = false;
    const onProgress = (/** @type {{ done: number }} */ p) => {
      if (blocked || p.done < 48) return;
      blocked = true;
      const until = Date.now() + 300;
      while (Date.now() < until);
    };
    const r = await runClient({ url, codec: byName['json-buffer'], messages: 400, rate: 1000, onProgress });
    assert.ok(blocked, 'the block was planted during the pass');
    assert.equal(r.acked, 400);
    // messages due 50–350 ms into the run waited for the sender, those due before 300 ms over 50 ms: 250 of 400;
    // timed from their actual send they would all look instant
    const s = r.latencyMs;
    assert.ok(s.p50 !== null && s.p50 > 50, `p50 ${s.p50} ms`);
    assert.ok(s.max !== null && s.max >= 250, `max ${s.max} ms`);
  });
});

test('garbage on the protobuf path, invalid JSON on the JSON path, short frames: error ACKs, and a valid client keeps being served', async () => {
  await withServer({}, async (server) => {
    const valid = runClient({ url: `${server.url}/protobufjs-static`, codec: byName['protobufjs-static'], messages: 5000, window: 4 });
    const pb = await openSocket(`${server.url}/protobufjs-static`);
    const js = await openSocket(`${server.url}/json-buffer`);
    for (let i = 0; i < 20; i++) {
      pb.send(encodeFrame(i, Buffer.alloc(16, 0xff)));
      assert.deepEqual(decodeAck(await nextMessage(pb)), { seq: i, status: ACK_STATUS.decodeError });
      js.send(encodeFrame(i, Buffer.from('{"id": 1,, ')));
      assert.deepEqual(decodeAck(await nextMessage(js)), { seq: i, status: ACK_STATUS.decodeError });
    }
    js.send(Buffer.from([1, 2]));
    assert.deepEqual(decodeAck(await nextMessage(js)), { seq: NO_SEQ, status: ACK_STATUS.malformed });
    // a text frame is no message of the protocol, whatever it holds: its first four characters are no sequence number
    js.send('abcdefg{"id": 1}');
    assert.deepEqual(decodeAck(await nextMessage(js)), { seq: NO_SEQ, status: ACK_STATUS.malformed });
    // the same connection still works after its bad frames
    pb.send(frameOf(byName['protobufjs-static'], 77));
    assert.deepEqual(decodeAck(await nextMessage(pb)), { seq: 77, status: ACK_STATUS.ok });
    const r = await valid;
    assert.equal(r.acked, 5000);
    assert.equal(r.lost + r.errors + r.duplicated, 0);
    assert.equal(field(server.counters, 'decodeErrors'), 40);
    assert.equal(field(server.counters, 'malformed'), 2);
    pb.close();
    js.close();
  });
});

test('a frame over --max-payload closes only that connection, with code 1009', async () => {
  await withServer({ maxPayload: 1000 }, async (server) => {
    const big = await openSocket(`${server.url}/json-buffer`);
    const other = await openSocket(`${server.url}/json-buffer`);
    /** @type {Promise<number>} */
    const closed = new Promise((resolve) => big.once('close', (code) => resolve(code)));
    big.send(encodeFrame(1, Buffer.alloc(1001, 0x20)));
    assert.equal(await closed, CLOSE_TOO_LARGE);
    other.send(frameOf(byName['json-buffer'], 5));
    assert.deepEqual(decodeAck(await nextMessage(other)), { seq: 5, status: ACK_STATUS.ok });
    assert.equal(field(server.counters, 'tooLarge'), 1);
    other.close();
  });
});

test('--max-payload limits the message after inflation: an incompressible message just under it passes deflated, a compressible one over it is refused', async () => {
  await withServer({ maxPayload: 1000, raw: true }, async (server) => {
    // a client that offers permessage-deflate and compresses everything (as browsers do, threshold aside)
    /** @type {() => Promise<WebSocket>} */
    const open = () => new Promise((resolve, reject) => {
      const socket = new WebSocket(`${server.url}/json-buffer`, { perMessageDeflate: { threshold: 0 } });
      leftOpen.add(socket);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
    const deflating = await open();
    assert.match(deflating.extensions, /permessage-deflate/, 'the server accepted deflate');
    // 995 random bytes: deflate makes them longer, so the frame is over 1,000 + 4 bytes while the message is not
    deflating.send(encodeFrame(1, crypto.randomBytes(995)));
    assert.deepEqual(decodeAck(await nextMessage(deflating)), { seq: 1, status: ACK_STATUS.ok });
    // 1,001 zero bytes compress to a tiny frame; inflated, the message is over the limit
    /** @type {Promise<number>} */
    const closed = new Promise((resolve) => deflating.once('close', (code) => resolve(code)));
    deflating.send(encodeFrame(2, Buffer.alloc(1001)));
    assert.equal(await closed, CLOSE_TOO_LARGE);
    assert.equal(field(server.counters, 'tooLarge'), 1);
  });
});

test('raw mode ACKs without decoding: garbage is acknowledged ok', async () => {
  await withServer({ raw: true }, async (server) => {
    const ws = await openSocket(`${server.url}/protobufjs-static`);
    ws.send(encodeFrame(3, Buffer.alloc(16, 0xff)));
    assert.deepEqual(decodeAck(await nextMessage(ws)), { seq: 3, status: ACK_STATUS.ok });
    ws.close();
  });
});

test('an unknown format is refused at the upgrade with a clear status; a dead server is one clear line', async () => {
  await withServer({}, async (server) => {
    await assert.rejects(connect(`${server.url}/nope`), (err) => err instanceof UserError
      && /server refused: 404 Not Found: unknown format "nope"; this server accepts: protobufjs-static, json, json-buffer/.test(err.message));
    const port = server.port;
    await server.close();
    await assert.rejects(connect(`ws://127.0.0.1:${port}/json`), /cannot connect to ws:\/\/127\.0\.0\.1:\d+\/json: connection refused \(is the server running\?\)/);
  });
});

test('a codec that cannot carry the payload is refused with its reason (422)', async () => {
  const server = await startWsServer({ codecs: new Map([['odd', { refused: 'unsupported: no maps' }]]) });
  try {
    await assert.rejects(connect(`${server.url}/odd`), /422 Unprocessable Entity: odd cannot carry this payload: unsupported: no maps/);
  } finally {
    await server.close();
  }
});

test('a port in use is a user error naming the port', async () => {
  await withServer({}, async (server) => {
    await assert.rejects(startWsServer({ codecs: new Map(), port: server.port }), (err) => err instanceof UserError
      && err.message === `port ${server.port} on 127.0.0.1 is already in use`);
  });
});

test('payloadIdentity: the same data and schema from other paths hash alike; other data or schema does not', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-identity-'));
  try {
    // the same file under two paths (as on two machines), with the same schema under two paths
    fs.mkdirSync(path.join(dir, 'b'));
    for (const d of [dir, path.join(dir, 'b')]) {
      fs.copyFileSync(path.join(ROOT, 'data/test3.json'), path.join(d, 'copy.json'));
      fs.copyFileSync(path.join(ROOT, 'proto/test3.proto'), path.join(d, 'copy.proto'));
    }
    const [bundled] = resolvePayloads({ numbers: ['3'] });
    const [copied] = resolvePayloads({ data: path.join(dir, 'copy.json'), proto: path.join(dir, 'copy.proto'), type: bundled.schema.typeName });
    const [elsewhere] = resolvePayloads({ data: path.join(dir, 'b', 'copy.json'), proto: path.join(dir, 'b', 'copy.proto'), type: bundled.schema.typeName });
    const [inferred] = resolvePayloads({ data: path.join(dir, 'copy.json') });
    const [other] = resolvePayloads({ numbers: ['4'] });
    assert.equal(payloadIdentity(elsewhere).hash, payloadIdentity(copied).hash);
    assert.notEqual(payloadIdentity(inferred).hash, payloadIdentity(copied).hash);
    assert.notEqual(payloadIdentity(other).hash, payloadIdentity(bundled).hash);
    // the bundled payload is its whole corpus, of which data/test3.json is only the first message
    assert.notEqual(payloadIdentity(copied).hash, payloadIdentity(bundled).hash);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a --host that does not resolve is a UserError (one line, exit 2), not a stack trace', async () => {
  // the lookup is stubbed: a real one for example.invalid would ask the network's DNS server
  const real = dns.lookup;
  for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
    // a stub: without the __promisify__ that @types/node declares on the real one
    dns.lookup = /** @type {typeof dns.lookup} */ ((host, options, callback) => {
      const err = Object.assign(new Error(`getaddrinfo ${code} ${host}`), { code });
      process.nextTick(typeof options === 'function' ? options : callback, err);
    });
    try {
      await assert.rejects(startWsServer({ codecs: new Map(), host: 'example.invalid' }),
        (err) => err instanceof UserError && /^--host example\.invalid: cannot resolve/.test(err.message) && err.message.includes(code));
    } finally {
      dns.lookup = real;
    }
  }
});

test('CPU per message: the server reports its CPU over the pass; a planted decode cost shows as the decode share, ?raw=1 skips it', async () => {
  const json = byName['json-buffer'];
  // spun on the process's CPU clock, not the wall clock: on a slowed machine the pass's own work costs more CPU,
  // and a wall-clock spin that the scheduler preempts costs less, so their share could fall to the bound
  const spin = (/** @type {number} */ us) => {
    const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
    const until = cpu() + us;
    while (cpu() < until) { /* the planted decode cost */ }
  };
  // the same frames as json-buffer; decoding costs 1,000 µs of CPU more
  const slow = { ...json, name: 'slow', decode: (/** @type {Buffer} */ bytes) => { spin(1000); return json.decode(bytes); } };
  const server = await startWsServer({ codecs: new Map([['slow', slow]]) });
  leftOpen.add(server);
  try {
    const pass = (/** @type {string} */ query) => runClient({ url: `${server.url}/slow${query}`, codec: slow, messages: 300, window: 4, serverReport: true });
    const decoding = await pass('');
    const raw = await pass('?raw=1');
    for (const r of [decoding, raw]) {
      assert.equal(r.acked, 300);
      assert.ok(r.serverCpuUs !== null && r.clientCpuUs !== null && r.serverCpuUs > 0 && r.clientCpuUs > 0, JSON.stringify(r));
      assert.ok(r.serverElu !== null && r.serverElu > 0 && r.serverElu <= 1 && r.clientElu > 0 && r.clientElu <= 1);
    }
    // generous: the planted 1,000 µs dwarfs the work per message (client and server share this process here: about
    // 135 µs a message at full speed, so about 0.88 of the decoding pass's CPU is the planted cost, and above 0.7 with
    // the raw pass's work doubled)
    assert.ok(raw.serverCpuUs !== null && decoding.serverCpuUs !== null && 1 - raw.serverCpuUs / decoding.serverCpuUs > 0.5, `decoding ${decoding.serverCpuUs} µs, raw ${raw.serverCpuUs} µs per message`);
    // a pass that does not ask gets no server figures
    const silent = await runClient({ url: `${server.url}/slow`, codec: slow, messages: 10 });
    assert.equal(silent.serverCpuUs, null);
  } finally {
    await server.close();
  }
});

test('permessage-deflate on both ends: every message acked and decoded, the wire bytes counted compressed at the socket', async () => {
  await withServer({}, async (server) => {
    const plain = await runClient({ url: `${server.url}/json-buffer`, codec: byName['json-buffer'], messages: 300, window: 8 });
    const deflated = await runClient({ url: `${server.url}/json-buffer`, codec: byName['json-buffer'], messages: 300, window: 8, compress: 'deflate' });
    for (const r of [plain, deflated]) assert.deepEqual([r.acked, r.lost, r.errors], [300, 0, 0]);
    assert.equal(field(server.counters, 'decodeErrors'), 0);
    assert.equal(deflated.wireBytes.payload, plain.wireBytes.payload, 'the codec bytes are the same before compression');
    // each message compressed on its own (no context takeover): well under the plain frames, well above a back-reference
    assert.ok(deflated.wireBytes.frames < 0.8 * plain.wireBytes.frames, `${deflated.wireBytes.frames} vs ${plain.wireBytes.frames}`);
    assert.ok(deflated.wireBytes.frames > 0.2 * plain.wireBytes.frames, `${deflated.wireBytes.frames} vs ${plain.wireBytes.frames}`);
  });
});

