// Requests a client gives up on, as the servers see them: HTTP/2 streams reset (RST_STREAM CANCEL) before their
// request ended, or in the same breath as it ended (node:http2's close() sends END_STREAM, then the reset), and
// HTTP/1.1 connections reset before or in the middle of the body.
import http2 from 'node:http2';
import net from 'node:net';

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One HTTP/2 frame.
 * @param {number} type
 * @param {number} flags
 * @param {number} stream
 * @param {Buffer} payload
 */
const frame = (type, flags, stream, payload) => {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream, 5);
  return Buffer.concat([head, payload]);
};

/**
 * An HPACK literal header field with incremental indexing, its name from the static table (no Huffman coding).
 * @param {number} index the name's index (below 63)
 * @param {string} value (below 127 bytes)
 */
const literal = (index, value) => Buffer.concat([Buffer.from([0x40 | index, value.length]), Buffer.from(value, 'latin1')]);

/**
 * Opens `n` HTTP/2 POST streams on one raw h2c connection and resets each (RST_STREAM CANCEL, or `code`) without
 * ever ending it: before any body, or after `body` (mid-body). node:http2's own client cannot do this: its close()
 * ends the request (END_STREAM) before the reset.
 * @param {number} port
 * @param {{ path: string, contentType: string, n: number, body?: Buffer, code?: number }} o
 */
export async function resetH2Streams(port, { path, contentType, n, body, code = http2.constants.NGHTTP2_CANCEL }) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.resume();
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1'), frame(4, 0, 0, Buffer.alloc(0))]));
  // :method POST and :scheme http from the static table (0x83, 0x86); :authority (1), :path (4), content-type (31)
  const headers = Buffer.concat([Buffer.from([0x83, 0x86]), literal(1, 'localhost'), literal(4, path), literal(31, contentType)]);
  for (let i = 0; i < n; i++) {
    const id = 2 * i + 1;
    socket.write(frame(1, 0x4, id, headers)); // HEADERS, END_HEADERS, no END_STREAM
    if (body) socket.write(frame(0, 0, id, body)); // DATA, no END_STREAM
    socket.write(frame(3, 0, id, Buffer.from([0, 0, 0, code])));
  }
  await sleep(100);
  socket.end();
  await new Promise((resolve) => socket.once('close', resolve));
}

/**
 * Opens `n` POST streams with node:http2's client and cancels each with close(NGHTTP2_CANCEL), optionally after
 * writing `body`: the request ends (END_STREAM, with what was written) and the stream is reset before any answer.
 * @param {string} url
 * @param {{ path: string, contentType: string, n: number, body?: Buffer }} o
 */
export async function cancelH2Streams(url, { path, contentType, n, body }) {
  const session = http2.connect(url);
  session.on('error', () => {});
  for (let i = 0; i < n; i++) {
    const req = session.request({ ':method': 'POST', ':path': path, 'content-type': contentType });
    req.on('error', () => {});
    if (body) req.write(body);
    req.close(http2.constants.NGHTTP2_CANCEL);
    await new Promise((resolve) => req.once('close', resolve));
  }
  await new Promise((resolve) => session.close(() => resolve(undefined)));
}

/**
 * Sends `n` HTTP/1.1 POSTs that declare a body, each on its own connection, and resets the connection before the
 * body ends (after `body`, if given).
 * @param {number} port
 * @param {{ path: string, contentType: string, n: number, body?: Buffer }} o
 */
export async function resetH1Requests(port, { path, contentType, n, body }) {
  for (let i = 0; i < n; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST ${path} HTTP/1.1\r\nhost: localhost\r\ncontent-type: ${contentType}\r\ncontent-length: 1000\r\n\r\n`);
    if (body) socket.write(body);
    await sleep(20);
    socket.resetAndDestroy();
    await new Promise((resolve) => socket.once('close', resolve));
  }
}

/**
 * Waits until `check` holds (the server sees a reset a moment after the client sent it); gives up after `tries`
 * looks, leaving the caller's assertions to say what differs.
 * @param {() => boolean} check
 * @param {number} [tries]
 */
export async function settled(check, tries = 100) {
  for (let i = 0; i < tries && !check(); i++) await sleep(20);
}
