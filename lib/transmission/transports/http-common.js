/**
 * What the HTTP transports share (http1 on node:http, http2 on node:http2's compatibility API, which gives the
 * same request/response objects): the routes, the server's handling of one request, compression, the
 * identity check. One message is one request:
 *
 *   up    POST /<format>        body: the codec's bytes (Content-Type: the codec's media type, Content-Encoding
 *                               when compressed); answer 204 No Content, or 400 when it does not decode
 *   down  GET  /<format>/<i>    answer 200 with message i's bytes (Content-Encoding as Accept-Encoding asked)
 *   both  OPTIONS /<format>     the client's check before a pass: x-payload-hash, x-payload-name and
 *                               x-direction headers; 204, or 404/409/422 with a one-line reason
 *
 * `?raw=1` on a message's path answers without decoding (up) or with bytes encoded once (down).
 * A body over maxPayload (before or after decompression) is answered 413 without reading the rest.
 */
import zlib from 'node:zlib';
import { listen } from './listen.js';
import { counted } from '../../text.js';

/** Bytes of an oversize HTTP/2 body read and dropped after its 413 before the stream is reset. */
const DRAIN_LIMIT = 1 << 20;

/**
 * One HTTP Content-Encoding: compress(bytes), and decompress(bytes, max), which throws a RangeError past max bytes
 * (no max: no limit).
 * @typedef {{ compress: (b: Uint8Array) => Buffer, decompress: (b: Uint8Array, max?: number) => Buffer }} Encoding
 */

/**
 * zstd's sync functions: @types/node declares them, but node:zlib has them only from Node 22.15 (Node 20 lacks them).
 * @typedef {Partial<Pick<typeof zlib, 'zstdCompressSync'|'zstdDecompressSync'>>} ZstdZlib
 */
const zstdZlib = /** @type {ZstdZlib} */ (zlib);

/**
 * Compressions as HTTP Content-Encoding names them, with the settings used (deployed dynamic-content levels).
 * @type {Record<'gzip'|'br'|'zstd', Encoding>}
 */
export const ENCODINGS = {
  gzip: { compress: (b) => zlib.gzipSync(b), decompress: (b, max) => zlib.gunzipSync(b, max ? { maxOutputLength: max } : {}) },
  br: {
    // quality 4: a common setting for dynamic responses (11, the default, is for static assets)
    compress: (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
    decompress: (b, max) => zlib.brotliDecompressSync(b, max ? { maxOutputLength: max } : {}),
  },
  zstd: {
    compress: (b) => zstdFunction('zstdCompressSync')(b),
    decompress: (b, max) => zstdFunction('zstdDecompressSync')(b, max ? { maxOutputLength: max } : {}),
  },
};

/**
 * One of node:zlib's zstd functions, or a clear error on a runtime without them.
 * @template {'zstdCompressSync'|'zstdDecompressSync'} K
 * @param {K} name
 * @returns {NonNullable<ZstdZlib[K]>}
 */
function zstdFunction(name) {
  const fn = zstdZlib[name];
  if (typeof fn !== 'function') throw new Error(`zstd: this runtime's node:zlib has no ${name} (Node >= 22.15 has it)`);
  return /** @type {NonNullable<ZstdZlib[K]>} */ (fn);
}

/** The Content-Encodings this runtime has. */
export const availableEncodings = () => Object.keys(ENCODINGS).filter((name) => name !== 'zstd' || typeof zstdZlib.zstdCompressSync === 'function');

/**
 * Whether a name is one of ENCODINGS (an HTTP Content-Encoding this toolkit knows).
 * @param {unknown} name
 * @returns {name is keyof typeof ENCODINGS}
 */
export const isEncoding = (name) => typeof name === 'string' && Object.hasOwn(ENCODINGS, name);

/**
 * The encoding a name the caller has checked (by --compress's validation or availableEncodings) stands for.
 * @param {string} name
 * @returns {Encoding}
 */
export function encodingOf(name) {
  if (!isEncoding(name)) throw new Error(`unknown Content-Encoding "${name}" (known: ${Object.keys(ENCODINGS).join(', ')})`);
  return ENCODINGS[name];
}

/**
 * Bytes a compressed body may take for a message of `n` bytes (incompressible data grows a little).
 * @param {number} n
 */
export const compressedBound = (n) => n + (n >>> 10) + 1024;

/**
 * A request as the HTTP transports' handler reads it: node:http's, or node:http2's compatibility one (which has
 * the stream).
 * @typedef {Pick<import('node:http').IncomingMessage, 'url'|'method'|'headers'> & { on(event: string, listener: (chunk: Buffer) => void): unknown,
 *   removeAllListeners(event: string): unknown, socket?: { destroySoon?: () => void } | null, resume?: () => unknown,
 *   stream?: import('node:http2').ServerHttp2Stream }} HttpRequest
 * @typedef {{ writeHead(status: number, headers?: Record<string, string|number>): unknown,
 *   end(body?: string|Uint8Array, done?: () => void): unknown }} HttpResponse what the handler calls of node:http's response (node:http2's compatibility one has the same)
 */

/** @typedef {ReturnType<typeof httpCounters>} HttpCounters */

/**
 * Server-side counters of an HTTP transport: requests, data messages and their bytes, decode errors, malformed
 * requests, connections the client reset or closed in the middle of a request (not malformed: wrk and load balancers
 * end with a reset after their last answer), HTTP/2 streams the client reset before its request ended (not a message:
 * the request never arrived whole), bodies over the limit, refusals (payload or format), unknown paths; per format
 * its messages and decode errors.
 */
export function httpCounters() {
  /** @type {Record<string, { messages: number, decodeErrors: number }>} */
  const byFormat = {};
  return { startedAt: Date.now(), requests: 0, messages: 0, bytes: 0, decodeErrors: 0, malformed: 0, resets: 0, streamResets: 0, tooLarge: 0, refused: 0, notFound: 0, byFormat };
}

/**
 * The request handler every HTTP transport serves with.
 * @param {import('./index.js').ServerOptions & { counters: ReturnType<typeof httpCounters> }} options
 * @returns {(req: HttpRequest, res: HttpResponse) => void} for node:http's request event, or node:http2's compatibility one
 */
export function httpHandler({ codecs, direction, maxPayload, raw, identity, meter, counters }) {
  const accepted = [...codecs].filter(([, c]) => !('refused' in c)).map(([name]) => name);
  // raw downloads: each message encoded once
  /** @type {Map<string, Uint8Array>} */
  const encodedOnce = new Map();
  /** @type {(res: HttpResponse, status: number, text: string) => void} */
  const textAnswer = (res, status, text) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) + 1 });
    res.end(`${text}\n`);
  };
  return (req, res) => {
    counters.requests++;
    let url;
    try {
      url = new URL(req.url ?? '', 'http://localhost');
    } catch {
      counters.malformed++;
      return textAnswer(res, 400, 'malformed URL');
    }
    const [, rawName = '', index] = url.pathname.split('/');
    let name;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      counters.malformed++;
      return textAnswer(res, 400, 'malformed URL');
    }
    const codec = codecs.get(name);
    if (!codec) {
      counters.notFound++;
      return textAnswer(res, 404, `unknown format "${name}"; this server accepts: ${accepted.join(', ')}`);
    }
    if ('refused' in codec) {
      counters.refused++;
      return textAnswer(res, 422, `${name} cannot carry this payload: ${codec.refused}`);
    }
    if (req.method === 'OPTIONS') return check(req, res);
    const rawHere = raw || url.searchParams.get('raw') === '1';
    const perFormat = (counters.byFormat[name] ??= { messages: 0, decodeErrors: 0 });
    if (direction === 'down') {
      if (req.method !== 'GET' || index === undefined || !/^\d+$/.test(index)) {
        counters.malformed++;
        return textAnswer(res, req.method === 'GET' ? 400 : 405, 'this server serves downloads: GET /<format>/<message index>');
      }
      counters.messages++;
      perFormat.messages++;
      meter.handled();
      const i = Number(index);
      let body = rawHere ? encodedOnce.get(`${name} ${i % codec.messageCount}`) : null;
      if (!body) {
        body = codec.encodeMessage(i);
        if (rawHere) encodedOnce.set(`${name} ${i % codec.messageCount}`, body);
      }
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      if (encoding) body = encodingOf(encoding).compress(body);
      res.writeHead(200, { 'content-type': codec.mediaType, 'content-length': body.length, ...(encoding ? { 'content-encoding': encoding } : {}) });
      return void res.end(body);
    }
    if (req.method !== 'POST' || index !== undefined) {
      counters.malformed++;
      return textAnswer(res, 405, 'this server takes uploads: POST /<format>');
    }
    const encoding = req.headers['content-encoding'];
    if (encoding && !(isEncoding(encoding) && availableEncodings().includes(encoding))) {
      counters.malformed++;
      return textAnswer(res, 415, `Content-Encoding ${encoding} is not one of ${availableEncodings().join(', ')}`);
    }
    const limit = encoding ? compressedBound(maxPayload) : maxPayload;
    const declared = Number(req.headers['content-length']);
    const tooLarge = () => {
      counters.tooLarge++;
      meter.handled();
      const text = `a message is at most ${maxPayload} bytes (--max-payload)\n`;
      // HTTP/2: the rest of the body is read and dropped (never buffered), so a client still uploading gets its
      // 413 instead of a reset it may report as a failed request; a body that goes on past DRAIN_LIMIT bytes has its
      // stream reset (RFC 9113 §8.1 allows a complete answer before the request ends). HTTP/1.1 closes the connection.
      const stream = req.stream;
      if (stream) {
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(text);
        let drained = 0;
        req.removeAllListeners('data');
        req.on('data', (/** @type {Buffer} */ chunk) => {
          drained += chunk.length;
          if (drained > DRAIN_LIMIT && !stream.closed) stream.close(0);
        });
        req.resume?.();
      } else {
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        res.end(text, () => req.socket?.destroySoon?.());
      }
    };
    if (declared > limit) return tooLarge();
    /** @type {Buffer[]} */
    const chunks = [];
    let length = 0;
    let over = false;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      if (over) return;
      length += chunk.length;
      if (length > limit) {
        over = true;
        chunks.length = 0;
        tooLarge();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => {});
    req.on('end', () => {
      if (over) return;
      // node:http2's compatibility request ends, with the bytes it had, on a stream the client reset (RST_STREAM)
      // before its body ended: that request never arrived whole (node:http's request errors instead, and its
      // connection is counted as reset)
      const stream = req.stream;
      if (stream && resetByClient(stream)) return void counters.streamResets++;
      /** @param {boolean} decodeError */
      const tally = (decodeError) => {
        counters.messages++;
        perFormat.messages++;
        counters.bytes += length;
        meter.handled();
        if (decodeError) {
          counters.decodeErrors++;
          perFormat.decodeErrors++;
        }
      };
      // over HTTP/2 a message counts once its stream has closed cleanly: a client that resets it before the answer
      // goes out (node:http2's close(), say, ends the request and resets it in one breath) cancelled it
      const count = (/** @type {boolean} */ decodeError) => (stream && !stream.closed
        ? void stream.once('close', () => (resetByClient(stream) ? counters.streamResets++ : tally(decodeError)))
        : tally(decodeError));
      if (rawHere) {
        count(false);
        return void answer(res, 204);
      }
      let body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
      try {
        if (encoding) body = encodingOf(encoding).decompress(body, maxPayload);
      } catch (err) {
        if (/** @type {NodeJS.ErrnoException} */ (err)?.code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
          count(false);
          return tooLarge();
        }
        count(true);
        return textAnswer(res, 400, `cannot decompress the ${encoding} body`);
      }
      try {
        codec.decode(body);
      } catch {
        count(true);
        return textAnswer(res, 400, `${name} cannot decode this body`);
      }
      count(false);
      answer(res, 204);
    });
  };

  /**
   * @param {HttpResponse} res
   * @param {number} status
   */
  function answer(res, status) {
    res.writeHead(status);
    res.end();
  }

  /**
   * @param {HttpRequest} req
   * @param {HttpResponse} res
   */
  function check(req, res) {
    const theirs = req.headers['x-payload-hash'];
    if (identity && theirs && theirs !== identity.hash) {
      const them = req.headers['x-payload-name'];
      return textAnswer(res, 409, `payload mismatch: server measures ${identity.id} (hash ${identity.hash}), `
        + `this client sends ${them ? `${decodeURIComponent(String(them))} (hash ${theirs})` : `hash ${theirs}`}`);
    }
    const theirDirection = req.headers['x-direction'] ?? 'up';
    if (theirDirection !== direction) {
      return textAnswer(res, 409, `direction mismatch: this server serves --direction ${direction}, the client asked for ${theirDirection}`);
    }
    answer(res, 204);
  }
}

/**
 * The first supported encoding an Accept-Encoding header lists (the benchmark's clients list one).
 * @param {string|undefined} header
 */
export function chooseEncoding(header) {
  if (!header) return null;
  const available = availableEncodings();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (available.includes(token)) return token;
  }
  return null;
}

/**
 * Listens and returns what startServer answers for an HTTP server: its URL, address, counters, a description and
 * close(), which first ends what `dropConnections` names (HTTP/1.1 keep-alive sockets, HTTP/2 sessions).
 * @param {import('node:net').Server} server
 * @param {{ host: string, port: number, tls?: unknown, raw?: boolean }} options
 * @param {ReturnType<typeof httpCounters>} counters
 * @param {{ transport: string, dropConnections: () => void }} how
 */
export async function listenHttp(server, options, counters, { transport, dropConnections }) {
  const address = await listen(server, options.host, options.port);
  return {
    url: `${options.tls ? 'https' : 'http'}://${address.shown}:${address.port}`,
    host: address.address,
    port: address.port,
    counters,
    describe: () => describeHttpCounters(counters, { raw: options.raw, transport }),
    async close() {
      dropConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/**
 * A few lines of an HTTP server's counters, for its exit.
 * @param {ReturnType<typeof httpCounters>} c
 * @param {{ raw?: boolean, transport: string }} how
 */
export function describeHttpCounters(c, { raw = false, transport }) {
  const seconds = (Date.now() - c.startedAt) / 1000;
  return [
    `${transport} server summary after ${seconds.toFixed(1)} s${raw ? ' (raw: no decoding)' : ''}: ${counted(c.requests, 'request')}, ${counted(c.messages, 'message')}, ${counted(c.bytes, 'body byte')}`,
    `errors: ${c.decodeErrors} decode (400), ${c.malformed} malformed (400/405/415), ${counted(c.resets, 'connection')} reset or closed mid-request by the client, `
      + `${transport === 'HTTP/2' ? `${counted(c.streamResets, 'stream')} reset by the client, ` : ''}${c.tooLarge} over --max-payload (413), ${c.notFound} unknown format (404), ${c.refused} refused format (422)`,
    ...Object.entries(c.byFormat).map(([format, f]) => `${format}: ${counted(f.messages, 'message')}, ${counted(f.decodeErrors, 'decode error')}`),
  ].join('\n');
}

/**
 * Whether an HTTP/2 stream was reset before its answer ended: an RST_STREAM with an error code, or with NO_ERROR
 * (code 0, as a clean end reads) while the answer was still open, which node:http2 marks `aborted`.
 * @param {import('node:http2').Http2Stream} stream
 */
const resetByClient = (stream) => Boolean(stream.rstCode) || stream.aborted;

/**
 * A server's handlers for what is not a request: an HTTP/1.1 server's 'clientError' answers bytes that are not HTTP
 * with a 400 and closes the connection (malformed), and only closes one the client reset or ended in the middle of a
 * request (a client going away, not sending bad bytes); an HTTP/2 server's 'sessionError' (a bad preface, a frame out
 * of place) counts the same two, node:http2 having ended the session. Never a crash.
 * @param {{ malformed: number } & Record<string, unknown>} counters the server's counters: `malformed`, and `resets`
 *   or the counter named by `reset` (Connect's `connectionResets`, whose `resets` counts requests)
 * @param {string} [reset]
 */
export function connectionErrors(counters, reset = 'resets') {
  const count = { malformed: () => { counters.malformed++; }, reset: () => { counters[reset] = Number(counters[reset]) + 1; } };
  return {
    /** @param {unknown} err @param {import('node:stream').Duplex} socket */
    clientError(err, socket) {
      if (isConnectionLoss(err)) {
        count.reset();
        return void socket.destroy();
      }
      count.malformed();
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      else socket.destroy();
    },
    /** @param {unknown} err */
    sessionError(err) {
      if (isConnectionLoss(err)) count.reset();
      else count.malformed();
    },
  };
}

/**
 * Whether a connection's error is the client going away (a reset, a broken pipe, a timeout, its end of the connection
 * closed in the middle of a request: HPE_INVALID_EOF_STATE, the bytes so far being HTTP) rather than bytes that are
 * not HTTP: node:http reports both as 'clientError', node:http2 as 'sessionError'.
 * @param {unknown} err
 */
export const isConnectionLoss = (err) => ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'HPE_INVALID_EOF_STATE'].includes(String(/** @type {NodeJS.ErrnoException|null} */ (err)?.code));

/**
 * Reads a refusal's text from an answer body (for the client's one line).
 * @param {number} status
 * @param {string} text
 * @param {string} shown the URL, for the message
 */
export const refusal = (status, text, shown) => `${shown}: server refused: ${status}${text.trim() ? `: ${text.trim()}` : ''}`;
