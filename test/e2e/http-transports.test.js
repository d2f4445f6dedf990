// The HTTP transports against real peers: curl (HTTP/1.1 and HTTP/2 with prior knowledge), raw sockets sending
// garbage, and the toolkit's own clients, every message accounted for in both directions.
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import net from 'node:net';
import http2 from 'node:http2';
import zlib from 'node:zlib';
import semver from 'semver';
import { selectCodecs } from '../../lib/codecs/index.js';
import { UserError } from '../../lib/errors.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { measureTransmission, nodeClientPass, payloadIdentity, prepareWireCodecs } from '../../lib/transmission/run.js';
import { serveTransport } from '../../lib/transmission/serve.js';
import { checkSettings, loadTransport } from '../../lib/transmission/transports/index.js';
import { field } from '../helpers/narrow.js';
import { cancelH2Streams, resetH2Streams, settled } from '../helpers/cancelled-requests.js';

/**
 * @param {string} name
 * @param {import('node:test').TestOptions | import('node:test').TestFn} options
 * @param {import('node:test').TestFn} [fn]
 */
const test = (name, options, fn) => (typeof options === 'function' ? nodeTest(name, { timeout: 180000 }, options) : nodeTest(name, { timeout: 180000, ...options }, fn));

const [payload] = resolvePayloads({ numbers: ['3'] });
const codecs = await selectCodecs('protobufjs-static,json-buffer');
const { usable } = prepareWireCodecs(codecs, payload);
const byName = Object.fromEntries(usable.map((c) => [c.name, c]));
const table = () => new Map(usable.map((c) => [c.name, c]));
const json = JSON.stringify(payload.value);
const hasCurl = spawnSync('curl', ['--version']).status === 0;
const curlHttp2 = hasCurl && /HTTP2/.test(spawnSync('curl', ['--version'], { encoding: 'utf8' }).stdout);

/**
 * curl with its arguments; resolves with { status, body } (the -w line is the status).
 * @param {string[]} args
 * @param {string|Buffer} [input] written to curl's stdin
 * @returns {Promise<{ status: number, body: string }>}
 */
function curl(args, input) {
  return new Promise((resolve, reject) => {
    const child = execFile('curl', ['-s', '-o', '-', '-w', '\n%{http_code}', ...args], { encoding: 'buffer', maxBuffer: 1 << 24 }, (err, stdout) => {
      if (err && !stdout?.length) return reject(err);
      const text = stdout.toString('utf8');
      const cut = text.lastIndexOf('\n');
      resolve({ status: Number(text.slice(cut + 1)), body: text.slice(0, cut) });
    });
    assert.ok(child.stdin, 'execFile gives a stdin pipe');
    if (input) child.stdin.end(input);
    else child.stdin.end();
  });
}

/**
 * @template T
 * @param {string} transport
 * @param {Partial<import('../../lib/transmission/transports/index.js').ServerOptions>} options
 * @param {(server: Awaited<ReturnType<typeof serveTransport>>) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withServer(transport, options, fn) {
  const server = await serveTransport(transport, { codecs: table(), identity: payloadIdentity(payload), ...options });
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

/**
 * Writes bytes on a raw socket; resolves with what came back before the server closed it (or 1 s passed).
 * @param {number} port
 * @param {Buffer} bytes
 * @returns {Promise<string>}
 */
function rawSocket(port, bytes) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => { got += d.toString('latin1'); });
    socket.on('error', () => {});
    const timer = setTimeout(() => { socket.destroy(); resolve(got); }, 1000);
    socket.on('close', () => { clearTimeout(timer); resolve(got); });
    socket.write(bytes);
  });
}

for (const name of ['http1', 'http2']) {
  test(`${name}: every message accounted for, up and down, closed loop with a window and open loop`, async () => {
    const transport = await loadTransport(name);
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      await withServer(name, { direction }, async (server) => {
        for (const codec of usable) {
          const r = await nodeClientPass({ transport, url: server.url, codec, identity: payloadIdentity(payload), messages: 500, direction, window: 8, connections: 2, pipelining: 4 });
          assert.deepEqual([r.acked, r.lost, r.duplicated, r.errors, r.notSent, r.ended], [500, 0, 0, 0, 0, 'complete'], `${name} ${direction} ${codec.name}`);
          assert.ok(r.wireBytes.up > 0 && r.wireBytes.down > 0);
          // the payload travels the way asked: its direction carries at least the codec's bytes
          const carrying = direction === 'up' ? r.wireBytes.up : r.wireBytes.down;
          assert.ok(carrying >= r.wireBytes.payload, `${name} ${direction} ${codec.name}: ${carrying} < ${r.wireBytes.payload}`);
        }
        assert.equal(field(server.counters, 'decodeErrors'), 0);
        assert.equal(server.meter.messages, 1000);
      });
    }
    await withServer(name, {}, async (server) => {
      const r = await nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], messages: 300, rate: 2000 });
      assert.equal(r.acked, 300);
      const p50 = r.latencyUncorrectedMs?.p50;
      assert.ok(p50 != null && p50 > 0, 'an open-loop pass has an uncorrected p50');
    });
  });
}

// the same as ws, http2 and grpc (ws-cli.test.js, rpc-transports.test.js): undici's pool opened a connection again for
// every request after the server had gone, and each refused one was an error ACK that no server gave: a dead
// server's pass "completed" with tens of thousands of them, and the bytes per message went negative
test('http1: once the server has gone mid-pass, the messages after it are not sent (not error ACKs) and the pass ends saying so', async () => {
  const transport = await loadTransport('http1');
  const server = await serveTransport('http1', { codecs: table(), identity: payloadIdentity(payload) });
  const { meter } = server;
  const handled = meter.handled.bind(meter);
  let n = 0;
  /** @type {Promise<void>|undefined} */
  let closed;
  // the server closes its connections and its port once it has handled 200 messages
  meter.handled = () => {
    handled();
    if (++n === 200) closed = server.close();
  };
  const window = 4;
  const connections = 2;
  const r = await nodeClientPass({ transport, url: server.url, codec: byName['protobufjs-static'], identity: payloadIdentity(payload), messages: 3000, window, connections, pipelining: 2, askServer: false });
  await closed;
  assert.equal(r.ended, 'the server closed every connection');
  assert.equal(r.acked + r.lost + r.errors + r.notSent, 3000, 'every message accounted for once');
  // at most the messages in flight when it went are lost (their connection broke under them), none an error answer
  assert.equal(r.errors, 0, 'a message whose connection broke is lost, not an error');
  assert.ok(r.lost <= window * connections, `${r.lost} lost`);
  assert.ok(r.notSent >= 3000 - 200 - window * connections, `${r.notSent} not sent`);
  assert.ok(r.wireBytes.frames >= r.wireBytes.payload, `the bytes sent hold the payloads sent: ${r.wireBytes.frames} < ${r.wireBytes.payload}`);
});

test('http2: the client closes every session gracefully after a pass (the check before it included), none cut after the grace', async () => {
  const transport = await loadTransport('http2');
  await withServer('http2', {}, async (server) => {
    let answered = 0;
    /** @type {() => void} */
    let done = () => {};
    const all = new Promise((resolve) => { done = () => resolve(undefined); });
    const c = await transport.createClient({
      url: server.url, codec: byName['json-buffer'], schema: payload.schema, direction: 'up', window: 4, connections: 3, pipelining: 1, compress: null, tls: null, raw: false,
      identity: payloadIdentity(payload), timeoutMs: 5000, onAnswer: (_, status) => { assert.equal(status, 0); if (++answered === 12) done(); },
    });
    for (let i = 0; i < 12; i++) c.send(i);
    await all;
    // before the OPTIONS check ended its request, the session that carried it waited out the grace every pass
    assert.deepEqual(await c.close(), { forced: 0 });
  });
});

test('http1 and http2 headers are real bytes on the wire: HTTP/1.1 repeats its headers, HPACK shrinks HTTP/2\'s to a few bytes', async () => {
  /** @type {Record<string, { up: number, down: number }>} */
  const perMessage = {};
  for (const name of ['http1', 'http2']) {
    const transport = await loadTransport(name);
    await withServer(name, {}, async (server) => {
      const r = await nodeClientPass({ transport, url: server.url, codec: byName['protobufjs-static'], messages: 500, window: 4 });
      perMessage[name] = { up: (r.wireBytes.up - r.wireBytes.payload) / 500, down: r.wireBytes.down / 500 };
      const declared = transport.framingBytes({ payloadBytes: r.wireBytes.payload / 500, direction: 'up', compress: null, tls: false });
      // the declared framing is what the sockets counted within a byte (a content-length digit, HTTP/2's
      // WINDOW_UPDATEs landing when they do)
      assert.ok(Math.abs(declared.up - perMessage[name].up) <= 1, `${name} up: declared ${declared.up}, counted ${perMessage[name].up}`);
      assert.ok(Math.abs(declared.down - (perMessage[name].down)) <= 1, `${name} down: declared ${declared.down}, counted ${perMessage[name].down}`);
    });
  }
  assert.ok(perMessage.http1.up > 100, `HTTP/1.1 request line and headers: ${perMessage.http1.up} bytes per message`);
  assert.ok(perMessage.http2.up < 60, `HTTP/2 after HPACK: ${perMessage.http2.up} bytes per message`);
  assert.ok(perMessage.http2.down < perMessage.http1.down / 3, JSON.stringify(perMessage));
});

test('each codec\'s own media type on the wire: a JSON POST says application/json, a protobuf one application/x-protobuf', async () => {
  const transport = await loadTransport('http1');
  await withServer('http1', {}, async (server) => {
    for (const [name, mediaType] of [['json-buffer', 'application/json'], ['protobufjs-static', 'application/x-protobuf']]) {
      assert.equal(byName[name].mediaType, mediaType);
      const r = await nodeClientPass({ transport, url: server.url, codec: byName[name], messages: 200, window: 1 });
      const counted = (r.wireBytes.up - r.wireBytes.payload) / 200;
      // the request's headers as counted at the socket are the ones declared with this media type, and (for JSON) 8
      // bytes off the ones declared with application/octet-stream (x-protobuf is 2 bytes shorter: within the check's slack)
      const declared = (/** @type {string} */ type) => transport.framingBytes({ payloadBytes: r.wireBytes.payload / 200, direction: 'up', compress: null, tls: false, format: name, mediaType: type }).up;
      assert.ok(Math.abs(declared(mediaType) - counted) <= 1, `${name}: declared ${declared(mediaType)}, counted ${counted}`);
      if (name === 'json-buffer') assert.ok(Math.abs(declared('application/octet-stream') - counted) > 4, `${name}: not sent as application/octet-stream`);
    }
  });
});

test('http1 with curl: a JSON POST is 204, a malformed body 400, an oversize one 413 without reading it, garbage bytes 400; the server keeps serving', { skip: !hasCurl && 'no curl' }, async () => {
  await withServer('http1', { maxPayload: 2000 }, async (server) => {
    const post = (/** @type {string} */ body, /** @type {string[]} */ extra = []) => curl(['-X', 'POST', '-H', 'content-type: application/json', '--data-binary', '@-', ...extra, `${server.url}/json-buffer`], body);
    assert.equal((await post(json)).status, 204);
    const bad = await post('{"id": 1,, ');
    assert.equal(bad.status, 400);
    assert.match(bad.body, /json-buffer cannot decode this body/);
    // declared too large: refused at the headers
    assert.equal((await post('x'.repeat(5000))).status, 413);
    // chunked, no length: refused once the bytes pass the limit
    assert.equal((await post('x'.repeat(50000), ['-H', 'transfer-encoding: chunked'])).status, 413);
    // a gzip body that inflates past the limit
    assert.equal((await curl(['-X', 'POST', '-H', 'content-encoding: gzip', '--data-binary', '@-', `${server.url}/json-buffer`], zlib.gzipSync(Buffer.alloc(100000)))).status, 413);
    assert.equal((await curl([`${server.url}/nope`, '-X', 'POST', '-d', 'x'])).status, 404);
    assert.match(await rawSocket(server.port, Buffer.from([0x16, 0x03, 0x01, 0xff, 0xfe, 0x00, 0x0d, 0x0a, 0x0d, 0x0a])), /^HTTP\/1\.1 400 /);
    assert.equal((await post(json)).status, 204, 'still serving');
    assert.equal(field(server.counters, 'tooLarge'), 3);
    assert.equal(field(server.counters, 'decodeErrors'), 1);
  });
  await withServer('http1', { direction: 'down' }, async (server) => {
    const r = await curl([`${server.url}/json-buffer/3`]);
    assert.equal(r.status, 200);
    assert.ok(payload.corpus, 'test3 is a corpus');
    assert.deepEqual(JSON.parse(r.body), payload.corpus[3], 'message 3 of the corpus');
    const gz = await curl(['--compressed', '-H', 'accept-encoding: br', `${server.url}/json-buffer/0`]);
    assert.deepEqual(JSON.parse(gz.body), payload.value);
  });
});

test('http1: a client that resets its connection after a complete, answered POST is not a malformed request; garbage still is', async () => {
  await withServer('http1', {}, async (server) => {
    const request = Buffer.from(`POST /json-buffer HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
    for (let i = 0; i < 3; i++) {
      const socket = net.connect(server.port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(request);
      const answer = await new Promise((resolve) => socket.once('data', (d) => resolve(d.toString('latin1'))));
      assert.match(String(answer), /^HTTP\/1\.1 204 /);
      // RST instead of FIN, as wrk and load balancers do at the end of a run
      socket.resetAndDestroy();
      await new Promise((resolve) => socket.once('close', resolve));
    }
    // the server sees the reset after the client has gone: wait for it to arrive
    await settled(() => field(server.counters, 'resets') === 3);
    assert.equal(field(server.counters, 'messages'), 3);
    assert.equal(field(server.counters, 'malformed'), 0, 'a reset after an answered request');
    assert.equal(field(server.counters, 'resets'), 3, 'counted as connections reset');
    assert.match(await rawSocket(server.port, Buffer.from('NOT HTTP\r\n\r\n')), /^HTTP\/1\.1 400 /);
    assert.equal(field(server.counters, 'malformed'), 1, 'garbage is malformed');
  });
});

test('http1: a client that closes its connection (FIN) in the middle of a request is counted as gone, not as a malformed request', async () => {
  await withServer('http1', {}, async (server) => {
    const cut = [
      'POST /json-buffer HTTP/1.1\r\nhost: 127.0.0.1\r\n', // mid-headers
      `POST /json-buffer HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n\r\n${json.slice(0, 10)}`, // mid-body
    ];
    for (const start of cut) {
      const socket = net.connect(server.port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (d) => { answer += d.toString('latin1'); });
      socket.end(start);
      // the server closes its side once it has seen the client's
      await new Promise((resolve) => socket.once('close', resolve));
      assert.equal(answer, '', 'no 400 for a request the client gave up');
    }
    assert.equal(field(server.counters, 'malformed'), 0, 'a valid start cut short is not malformed');
    assert.equal(field(server.counters, 'resets'), 2, 'counted as connections closed by the client');
    assert.equal(field(server.counters, 'messages'), 0);
    assert.match(server.describe(), /\b2 connections reset or closed mid-request by the client\b/);
    assert.match(await rawSocket(server.port, Buffer.from('NOT HTTP\r\n\r\n')), /^HTTP\/1\.1 400 /);
    assert.equal(field(server.counters, 'malformed'), 1, 'garbage is still malformed');
  });
});

test('http2: streams the client resets before their request ends, or cancels as it ends, are streams reset: not messages, not decode errors', async () => {
  await withServer('http2', {}, async (server) => {
    const contentType = 'application/json';
    await resetH2Streams(server.port, { path: '/json-buffer', contentType, n: 5 });
    await resetH2Streams(server.port, { path: '/json-buffer', contentType, n: 5, body: Buffer.from(json.slice(0, 10)) });
    await cancelH2Streams(server.url, { path: '/json-buffer', contentType, n: 5 });
    await cancelH2Streams(server.url, { path: '/json-buffer', contentType, n: 5, body: Buffer.from(json.slice(0, 10)) });
    // RST_STREAM with NO_ERROR, not CANCEL, mid-body: node:http2 closes such a stream with error code 0, which reads
    // like a stream that ended cleanly; it was counted as a message (and its cut body as a decode error)
    await resetH2Streams(server.port, { path: '/json-buffer', contentType, n: 5, body: Buffer.from(json.slice(0, 10)), code: http2.constants.NGHTTP2_NO_ERROR });
    await settled(() => field(server.counters, 'streamResets') === 25);
    assert.equal(field(server.counters, 'streamResets'), 25);
    assert.equal(field(server.counters, 'messages'), 0);
    assert.equal(field(server.counters, 'decodeErrors'), 0);
    assert.equal(server.meter.messages, 0, 'the meter counts no message');
    assert.match(server.describe(), /\b0 messages\b.*\n.*\b0 decode \(400\).*\b25 streams reset by the client\b/);
    // a whole request still counts, a body that does not decode still is a decode error
    const transport = await loadTransport('http2');
    const r = await nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], identity: payloadIdentity(payload), messages: 3 });
    assert.equal(r.acked, 3);
    await settled(() => field(server.counters, 'messages') === 3);
    assert.equal(field(server.counters, 'messages'), 3);
    assert.equal(server.meter.messages, 3);
  });
});

test('http2 with curl (prior knowledge, h2c): a JSON POST is 204, a malformed body 400, oversize 413; garbage bytes end only their session', { skip: !curlHttp2 && 'no curl with HTTP/2' }, async () => {
  await withServer('http2', { maxPayload: 2000 }, async (server) => {
    const post = (/** @type {string} */ body) => curl(['--http2-prior-knowledge', '-X', 'POST', '-H', 'content-type: application/json', '--data-binary', '@-', `${server.url}/json-buffer`], body);
    assert.equal((await post(json)).status, 204);
    assert.equal((await post('{"id": 1,, ')).status, 400);
    assert.equal((await post('x'.repeat(50000))).status, 413);
    await rawSocket(server.port, Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff', 'latin1'));
    await rawSocket(server.port, Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    assert.equal((await post(json)).status, 204, 'still serving');
  });
});

test('a client of another payload or direction, or an unknown format, is refused with one line', async () => {
  const transport = await loadTransport('http1');
  await withServer('http1', {}, async (server) => {
    const [other] = resolvePayloads({ numbers: ['4'] });
    await assert.rejects(nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], identity: payloadIdentity(other), messages: 1 }),
      (err) => err instanceof UserError && /409: payload mismatch: server measures test3/.test(err.message));
    await assert.rejects(nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], messages: 1, direction: 'down' }),
      (err) => err instanceof UserError && /409: direction mismatch: this server serves --direction up/.test(err.message));
    await assert.rejects(nodeClientPass({ transport, url: server.url, codec: { ...byName['json-buffer'], name: 'nope' }, messages: 1 }),
      (err) => err instanceof UserError && /404: unknown format "nope"/.test(err.message));
  });
  await assert.rejects(nodeClientPass({ transport, url: 'http://127.0.0.1:1', codec: byName['json-buffer'], messages: 1 }),
    (err) => err instanceof UserError && /cannot connect to http:\/\/127\.0\.0\.1:1\/json-buffer: connection refused/.test(err.message));
});

test('a server that stops answering (a POST held open, as a dead server worker leaves it): the pass gives up and the client closes; it does not wait for the answer forever', async () => {
  const transport = await loadTransport('http1');
  const http = await import('node:http');
  /** @type {import('node:http').ServerResponse[]} */
  const held = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    req.resume();
    held.push(res); // never answered
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  try {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const r = await nodeClientPass({ transport, url: `http://127.0.0.1:${port}`, codec: byName['json-buffer'], messages: 3, window: 1, connections: 3, idleTimeoutMs: 1000 });
    assert.equal(held.length, 3, 'the server holds every POST');
    assert.deepEqual([r.acked, r.lost], [0, 3]);
    assert.match(String(r.ended), /^no answer for 1 s$/);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }
});

test('compression as deployed: gzip and br bodies up, compressed answers down, fewer bytes on the wire; zstd refused where zlib lacks it', async () => {
  const transport = await loadTransport('http1');
  for (const direction of /** @type {const} */ (['up', 'down'])) {
    await withServer('http1', { direction }, async (server) => {
      const plain = await nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], messages: 300, window: 4, direction });
      for (const compress of ['gzip', 'br']) {
        const r = await nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], messages: 300, window: 4, direction, compress });
        assert.deepEqual([r.acked, r.errors], [300, 0], `${direction} ${compress}`);
        assert.ok(r.wireBytes.frames < 0.8 * plain.wireBytes.frames, `${direction} ${compress}: ${r.wireBytes.frames} vs ${plain.wireBytes.frames}`);
      }
      assert.equal(field(server.counters, 'decodeErrors'), 0);
    });
  }
  const hasZstd = typeof Reflect.get(zlib, 'zstdCompressSync') === 'function'; // Node 22.15+; @types/node 20 lacks it
  assert.throws(() => checkSettings(transport, { compress: 'zstd' }, { hasZstd: false }), { message: /^--compress zstd: this runtime's zlib has no zstd/ });
  if (!hasZstd) assert.throws(() => checkSettings(transport, { compress: 'zstd' }), UserError);
  assert.throws(() => checkSettings(transport, { compress: 'deflate' }), { message: '--compress deflate: http1 takes gzip, br, zstd' });
  const ws = await loadTransport('ws');
  assert.throws(() => checkSettings(ws, { pipelining: 4 }), { message: /^--pipelining 4: only for HTTP\/1\.1/ });
});

// where Node has zstd (22.15+, 23.8+) this must run, not skip: CI's Node 24 pass
const nodeHasZstd = semver.satisfies(process.versions.node, '>=22.15.0 <23 || >=23.8.0');

test('zstd as deployed (HTTP Content-Encoding: zstd): http1 and http2 bodies up and answers down, every message decoded, fewer bytes on the wire', { skip: !nodeHasZstd && `Node ${process.versions.node} has no zstd (22.15+)` }, async () => {
  assert.ok(typeof Reflect.get(zlib, 'zstdCompressSync') === 'function', `Node ${process.versions.node}'s zlib should have zstd`);
  for (const name of ['http1', 'http2']) {
    const transport = await loadTransport(name);
    checkSettings(transport, { compress: 'zstd' });
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      await withServer(name, { direction }, async (server) => {
        const plain = await nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], messages: 300, window: 4, direction });
        const r = await nodeClientPass({ transport, url: server.url, codec: byName['json-buffer'], messages: 300, window: 4, direction, compress: 'zstd' });
        assert.deepEqual([r.acked, r.errors], [300, 0], `${name} ${direction} zstd`);
        assert.ok(r.wireBytes.frames < 0.8 * plain.wireBytes.frames, `${name} ${direction} zstd: ${r.wireBytes.frames} vs ${plain.wireBytes.frames}`);
        assert.equal(field(server.counters, 'decodeErrors'), 0);
      });
    }
  }
});

test('TLS: a certificate made at run time, both HTTP transports measured through it with the server\'s CPU reported', async () => {
  for (const transport of ['http1', 'http2']) {
    const run = await measureTransmission({ payload, codecs: [codecs[0]], transport, tls: true, messages: 300, warmup: 50 });
    const [row] = run.results;
    assert.deepEqual([row.acked, row.errors, row.lost], [300, 0, 0], transport);
    assert.equal(run.settings.tls, true);
    assert.ok((row.serverCpuUs ?? 0) > 0, `${transport}: server CPU over TLS`);
  }
});
