import test from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import zlib from 'node:zlib';
import {
  availableEncodings, chooseEncoding, compressedBound, describeHttpCounters, ENCODINGS, httpCounters, httpHandler, refusal,
} from '../../../../lib/transmission/transports/http-common.js';

// The request handler on stand-in request and response objects (what node:http hands it): routes, status codes,
// limits and counters, no sockets. test/e2e/http-transports.test.js runs it behind real servers.

const messages = [{ id: 0, name: 'zero' }, { id: 1, name: 'one' }, { id: 2, name: 'two' }];
/** A JSON wire codec stand-in: message i is messages[i mod 3]; decode throws on anything but JSON. */
const encoded = { calls: 0 };
const jsonCodec = {
  name: 'json', textual: true, mediaType: 'application/json', messageCount: 3,
  encodeMessage: (/** @type {number} */ i) => { encoded.calls++; return Buffer.from(JSON.stringify(messages[i % 3])); },
  decode: (/** @type {Buffer} */ b) => JSON.parse(b.toString('utf8')),
  byteLength: (/** @type {number} */ i) => JSON.stringify(messages[i % 3]).length,
};

/** What the handler wrote: status, headers and body. */
class StandInResponse {
  status = 0;
  /** @type {Record<string, string|number>} */
  headers = {};
  body = Buffer.alloc(0);
  ended = false;
  /** @param {number} status @param {Record<string, string|number>} [headers] */
  writeHead(status, headers = {}) {
    this.status = status;
    this.headers = headers;
  }
  /** @param {string|Buffer} [body] @param {() => void} [done] */
  end(body, done) {
    if (body !== undefined) this.body = Buffer.from(body);
    this.ended = true;
    done?.();
  }
  get text() { return this.body.toString('utf8'); }
}

/**
 * Sends one request through a handler and waits for its answer.
 * @param {ReturnType<typeof httpHandler>} handler
 * @param {{ method: string, url: string, headers?: Record<string, string>, body?: Buffer[] }} request body: in these chunks
 */
async function send(handler, { method, url, headers = {}, body = [] }) {
  const req = Object.assign(new EventEmitter(), { method, url, headers, socket: { destroyed: false, destroySoon() { this.destroyed = true; } } });
  const res = new StandInResponse();
  handler(req, res);
  for (const chunk of body) req.emit('data', chunk);
  req.emit('end');
  return { res, req };
}

/**
 * A handler of an up or down server for json (and a refused xml), with its counters and meter.
 * @param {Partial<{ direction: 'up'|'down', maxPayload: number, raw: boolean, identity: { id: string, hash: string } | null }>} [over]
 */
function server(over = {}) {
  const counters = httpCounters();
  const meter = { handled: 0 };
  const codecs = new Map(/** @type {Array<[string, unknown]>} */ ([['json', jsonCodec], ['xml', { refused: 'xml cannot carry arrays of arrays' }]]));
  const options = { codecs, direction: 'up', maxPayload: 1000, raw: false, identity: null, counters, meter: { handled: () => { meter.handled++; } }, ...over };
  const handler = httpHandler(/** @type {Parameters<typeof httpHandler>[0]} */ (/** @type {unknown} */ (options)));
  return { handler, counters, meter };
}

test('up: a POST whose body decodes is answered 204 and counted; one that does not is 400 and a decode error', async () => {
  const { handler, counters, meter } = server();
  const ok = await send(handler, { method: 'POST', url: '/json', headers: { 'content-type': 'application/json' }, body: [Buffer.from('{"id":'), Buffer.from('7}')] });
  assert.equal(ok.res.status, 204);
  assert.equal(ok.res.body.length, 0);
  const bad = await send(handler, { method: 'POST', url: '/json', body: [Buffer.from('{nope')] });
  assert.equal(bad.res.status, 400);
  assert.equal(bad.res.text, 'json cannot decode this body\n');
  assert.equal(bad.res.headers['content-length'], bad.res.body.length);
  assert.deepEqual([counters.requests, counters.messages, counters.bytes, counters.decodeErrors, meter.handled], [2, 2, 13, 1, 2]);
  assert.deepEqual(counters.byFormat, { json: { messages: 2, decodeErrors: 1 } });
});

test('up: ?raw=1 answers 204 without decoding', async () => {
  const { handler, counters } = server();
  const { res } = await send(handler, { method: 'POST', url: '/json?raw=1', body: [Buffer.from('not json')] });
  assert.equal(res.status, 204);
  assert.equal(counters.decodeErrors, 0);
});

test('routes: unknown format 404 naming the accepted ones, a refused one 422 with its reason, a broken path 400', async () => {
  const { handler, counters } = server();
  const unknown = await send(handler, { method: 'POST', url: '/yaml' });
  assert.deepEqual([unknown.res.status, unknown.res.text], [404, 'unknown format "yaml"; this server accepts: json\n']);
  const refused = await send(handler, { method: 'POST', url: '/xml' });
  assert.deepEqual([refused.res.status, refused.res.text], [422, 'xml cannot carry this payload: xml cannot carry arrays of arrays\n']);
  const broken = await send(handler, { method: 'POST', url: '/%E0%A4%A' });
  assert.deepEqual([broken.res.status, broken.res.text], [400, 'malformed URL\n']);
  const encoded = await send(handler, { method: 'POST', url: `/${encodeURIComponent('json')}`, body: [Buffer.from('1')] });
  assert.equal(encoded.res.status, 204);
  // the length is in bytes: "ü" is two
  const umlaut = await send(handler, { method: 'POST', url: '/%C3%BC' });
  assert.equal(umlaut.res.headers['content-length'], umlaut.res.body.length);
  assert.equal(umlaut.res.text, 'unknown format "ü"; this server accepts: json\n');
  assert.deepEqual([counters.notFound, counters.refused, counters.malformed], [2, 1, 1]);
});

test('up: a GET or a message index on an upload server is 405', async () => {
  const { handler, counters } = server();
  assert.equal((await send(handler, { method: 'GET', url: '/json' })).res.status, 405);
  assert.equal((await send(handler, { method: 'POST', url: '/json/3' })).res.status, 405);
  assert.equal(counters.malformed, 2);
  assert.equal(counters.messages, 0);
});

test('up: a body declared over --max-payload is 413 at once, and HTTP/1.1 closes the connection', async () => {
  const { handler, counters, meter } = server({ maxPayload: 10 });
  const { res, req } = await send(handler, { method: 'POST', url: '/json', headers: { 'content-length': '11' } });
  assert.equal(res.status, 413);
  assert.equal(res.headers.connection, 'close');
  assert.equal(res.text, 'a message is at most 10 bytes (--max-payload)\n');
  assert.equal(req.socket.destroyed, true);
  assert.deepEqual([counters.tooLarge, counters.messages, meter.handled], [1, 0, 1]);
  // exactly the limit is fine
  assert.equal((await send(handler, { method: 'POST', url: '/json', headers: { 'content-length': '10' }, body: [Buffer.from('1234567890')] })).res.status, 204);
});

test('up: a body that grows past --max-payload without declaring it is 413 once, and nothing else is answered', async () => {
  const { handler, counters } = server({ maxPayload: 10 });
  const { res } = await send(handler, { method: 'POST', url: '/json', body: [Buffer.from('123456'), Buffer.from('78901'), Buffer.from('2')] });
  assert.equal(res.status, 413);
  assert.deepEqual([counters.tooLarge, counters.messages, counters.decodeErrors], [1, 0, 0]);
});

test('up: a compressed body is decompressed first; past --max-payload once decompressed it is 413; an unknown encoding 415', async () => {
  const { handler, counters } = server({ maxPayload: 100 });
  const gz = await send(handler, { method: 'POST', url: '/json', headers: { 'content-encoding': 'gzip' }, body: [zlib.gzipSync('{"id":1}')] });
  assert.equal(gz.res.status, 204);
  const br = await send(handler, { method: 'POST', url: '/json', headers: { 'content-encoding': 'br' }, body: [zlib.brotliCompressSync('[1,2]')] });
  assert.equal(br.res.status, 204);
  // 101 bytes of JSON compress to far fewer: the limit is on what it becomes
  const bomb = await send(handler, { method: 'POST', url: '/json', headers: { 'content-encoding': 'gzip' }, body: [zlib.gzipSync(`"${'a'.repeat(99)}"`)] });
  assert.equal(bomb.res.status, 413);
  const notGzip = await send(handler, { method: 'POST', url: '/json', headers: { 'content-encoding': 'gzip' }, body: [Buffer.from('plain')] });
  assert.deepEqual([notGzip.res.status, notGzip.res.text], [400, 'cannot decompress the gzip body\n']);
  // incompressible text grows when gzipped: a body over the limit on the wire, within it once decompressed, is fine
  const random = `"${Array.from({ length: 96 }, (_, i) => String.fromCharCode(33 + ((i * 2654435761) >>> 7) % 90)).join('').replaceAll('"', "'").replaceAll('\\', '/')}"`;
  const grown = zlib.gzipSync(random);
  assert.ok(grown.length > 100 && random.length <= 100, `gzip of ${random.length} bytes is ${grown.length} bytes`);
  assert.equal((await send(handler, { method: 'POST', url: '/json', headers: { 'content-encoding': 'gzip' }, body: [grown] })).res.status, 204);
  const lzma = await send(handler, { method: 'POST', url: '/json', headers: { 'content-encoding': 'lzma' }, body: [Buffer.from('x')] });
  assert.equal(lzma.res.status, 415);
  assert.match(lzma.res.text, /^Content-Encoding lzma is not one of gzip, br/);
  assert.deepEqual([counters.messages, counters.tooLarge, counters.decodeErrors, counters.malformed], [5, 1, 1, 1]);
});

test('down: GET /<format>/<i> answers message i mod n with the codec\'s media type, compressed as Accept-Encoding asks', async () => {
  const { handler, counters, meter } = server({ direction: 'down' });
  const plain = await send(handler, { method: 'GET', url: '/json/4' });
  assert.equal(plain.res.status, 200);
  assert.equal(plain.res.text, '{"id":1,"name":"one"}');
  assert.equal(plain.res.headers['content-type'], 'application/json');
  assert.equal(plain.res.headers['content-length'], 21);
  assert.equal(plain.res.headers['content-encoding'], undefined);
  const gz = await send(handler, { method: 'GET', url: '/json/2', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.res.headers['content-encoding'], 'gzip');
  assert.equal(gz.res.headers['content-length'], gz.res.body.length);
  assert.equal(zlib.gunzipSync(gz.res.body).toString(), '{"id":2,"name":"two"}');
  assert.deepEqual([counters.messages, meter.handled], [2, 2]);
});

test('down: ?raw=1 encodes each corpus message once and serves those bytes again', async () => {
  const { handler } = server({ direction: 'down' });
  const before = encoded.calls;
  const first = await send(handler, { method: 'GET', url: '/json/1?raw=1' });
  const again = await send(handler, { method: 'GET', url: '/json/4?raw=1' });
  assert.equal(encoded.calls - before, 1, 'message 4 of 3 is message 1: encoded once');
  assert.deepEqual(again.res.body, first.res.body);
  await send(handler, { method: 'GET', url: '/json/4' });
  assert.equal(encoded.calls - before, 2, 'without raw, every download is encoded');
});

test('down: a POST is 405, a GET without a numeric index 400', async () => {
  const { handler, counters } = server({ direction: 'down' });
  assert.equal((await send(handler, { method: 'POST', url: '/json/1' })).res.status, 405);
  assert.equal((await send(handler, { method: 'GET', url: '/json' })).res.status, 400);
  assert.equal((await send(handler, { method: 'GET', url: '/json/-1' })).res.status, 400);
  assert.equal((await send(handler, { method: 'GET', url: '/json/1e3' })).res.status, 400);
  assert.deepEqual([counters.malformed, counters.messages], [4, 0]);
});

test('OPTIONS: the client\'s check of payload and direction, 409 with both sides named when they differ', async () => {
  const identity = { id: 'test3 as Person from test3.proto', hash: 'abc123abc123' };
  const { handler } = server({ identity });
  const same = await send(handler, { method: 'OPTIONS', url: '/json', headers: { 'x-payload-hash': 'abc123abc123', 'x-direction': 'up' } });
  assert.equal(same.res.status, 204);
  const other = await send(handler, { method: 'OPTIONS', url: '/json', headers: { 'x-payload-hash': 'ffffffffffff', 'x-payload-name': encodeURIComponent('test1 as Person from a b.proto') } });
  assert.equal(other.res.status, 409);
  assert.equal(other.res.text, 'payload mismatch: server measures test3 as Person from test3.proto (hash abc123abc123), this client sends test1 as Person from a b.proto (hash ffffffffffff)\n');
  const down = await send(handler, { method: 'OPTIONS', url: '/json', headers: { 'x-direction': 'down' } });
  assert.deepEqual([down.res.status, down.res.text], [409, 'direction mismatch: this server serves --direction up, the client asked for down\n']);
});

test('chooseEncoding: the first listed encoding this runtime has, skipping those refused with q=0 (RFC 9110 §12.5.3)', () => {
  assert.equal(chooseEncoding(undefined), null);
  assert.equal(chooseEncoding('gzip'), 'gzip');
  assert.equal(chooseEncoding('deflate, br;q=0.5, gzip'), 'br');
  assert.equal(chooseEncoding('br;q=0, gzip;q=0.8'), 'gzip');
  assert.equal(chooseEncoding('gzip; q=0.000'), null);
  assert.equal(chooseEncoding('gzip;q=0.01'), 'gzip', 'a small q is still acceptable');
  assert.equal(chooseEncoding('identity, compress'), null);
});

test('the encodings round-trip, and decompress stops at the limit with a RangeError', () => {
  const text = Buffer.from('protobuf or JSON? '.repeat(50));
  for (const name of availableEncodings()) {
    const e = ENCODINGS[/** @type {keyof typeof ENCODINGS} */ (name)];
    assert.deepEqual(e.decompress(e.compress(text)), text, name);
    assert.throws(() => e.decompress(e.compress(text), text.length - 1), RangeError, `${name} past its limit`);
    assert.deepEqual(e.decompress(e.compress(text), text.length), text, `${name} at its limit`);
  }
  assert.deepEqual(availableEncodings().slice(0, 2), ['gzip', 'br']);
  assert.equal(availableEncodings().includes('zstd'), typeof (/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (zlib))).zstdCompressSync === 'function');
});

test('compressedBound: room for incompressible data to grow (1 KiB plus 1/1024 of the message)', () => {
  assert.equal(compressedBound(0), 1024);
  assert.equal(compressedBound(1 << 20), (1 << 20) + 1024 + 1024);
  // gzip's worst case on random bytes fits
  const random = Buffer.from(Array.from({ length: 100000 }, (_, i) => (i * 2654435761) >>> 24));
  assert.ok(zlib.gzipSync(random).length <= compressedBound(random.length));
});

test('describeHttpCounters and refusal: the lines a server prints at exit and a client prints when refused', () => {
  const c = { ...httpCounters(), startedAt: Date.now(), requests: 7, messages: 5, bytes: 300, decodeErrors: 1, malformed: 2, resets: 4, tooLarge: 0, refused: 0, notFound: 0, byFormat: { json: { messages: 5, decodeErrors: 1 } } };
  const lines = describeHttpCounters(c, { raw: true, transport: 'http2' }).split('\n');
  assert.match(lines[0], /^http2 server summary after \d+\.\d s \(raw: no decoding\): 7 requests, 5 messages, 300 body bytes$/);
  assert.equal(lines[1], 'errors: 1 decode (400), 2 malformed (400/405/415), 4 connections reset or closed mid-request by the client, 0 over --max-payload (413), 0 unknown format (404), 0 refused format (422)');
  assert.equal(lines[2], 'json: 5 messages, 1 decode error');
  assert.equal(refusal(409, 'payload mismatch: x\n', 'http://127.0.0.1:1/json'), 'http://127.0.0.1:1/json: server refused: 409: payload mismatch: x');
  assert.equal(refusal(503, '  ', 'u'), 'u: server refused: 503');
});
