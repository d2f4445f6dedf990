/**
 * HTTP/1.1: a node:http server (node:https with --tls) and undici's Pool as the client (the client behind
 * Node's own fetch), keep-alive, --connections sockets, --pipelining requests in flight on each. One message is
 * one request (routes in http-common.js): POST /<format> with the codec's media type answered 204 (up), or
 * GET /<format>/<i> answered 200 with message i (down). Every header byte is real and counted at the sockets.
 * --window is the messages in flight per connection, as for every transport: beyond --pipelining they wait in
 * the client's queue, as an application's concurrent calls do.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { UserError } from '../../errors.js';
import { ANSWER } from './index.js';
import { availableEncodings, connectionErrors, encodingOf, httpCounters, httpHandler, listenHttp, refusal } from './http-common.js';
import { connectionFailure } from './shared.js';
import { withTlsRecords } from '../tls-records.js';

/** @type {import('./index.js').Transport} */
export default {
  name: 'http1',
  library: 'undici',
  description: 'HTTP/1.1: node:http server, undici client with keep-alive and pipelining; a POST (or GET) per message',
  schemes: { plain: 'http', tls: 'https' },
  supports: { formats: 'any', directions: ['up', 'down'], compress: ['gzip', 'br', 'zstd'], multiplex: false, pipelining: true, tls: true },
  // REST as most services run it: JSON bodies over HTTP/1.1
  formatPair: { json: { format: 'json-buffer', label: 'REST JSON over HTTP/1.1', deployed: true }, protobuf: { format: 'protobufjs-static', label: 'protobuf over HTTP/1.1' } },
  framingBytes({ payloadBytes, direction, compress, tls = false, format = 'protobufjs-static', mediaType = 'application/x-protobuf' }) {
    // undici's request and node:http's answer as they are written, with a 15-character host (127.0.0.1:PORT),
    // the format's name in the path (default a 17-character one), the codec's media type (default protobuf's) and
    // today's date; a real pass's headers differ by a byte or two
    const length = String(Math.round(payloadBytes)).length;
    const coding = compress ? `content-encoding: ${compress}\r\n`.length : 0;
    const path = `/${encodeURIComponent(format)}`;
    if (direction === 'up') {
      const request = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:65535\r\nconnection: keep-alive\r\n`.length
        + `content-type: ${mediaType}\r\n`.length + `content-length: ${'0'.repeat(length)}\r\n\r\n`.length + coding;
      const answer = 'HTTP/1.1 204 No Content\r\nDate: Mon, 23 Nov 2026 16:00:00 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n'.length;
      // with TLS: undici corks the request's head and body into one write, node:http writes the answer in one
      return withTlsRecords({ up: request, down: answer }, tls, { up: [request + payloadBytes], down: [answer] });
    }
    const request = `GET ${path}/1234 HTTP/1.1\r\nhost: 127.0.0.1:65535\r\nconnection: keep-alive\r\n\r\n`.length
      + (compress ? `accept-encoding: ${compress}\r\n`.length : 0);
    const answer = `HTTP/1.1 200 OK\r\ncontent-type: ${mediaType}\r\n`.length + `content-length: ${'0'.repeat(length)}\r\n`.length
      + 'Date: Mon, 23 Nov 2026 16:00:00 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n'.length + coding;
    return withTlsRecords({ up: request, down: answer }, tls, { up: [request], down: [answer + payloadBytes] });
  },
  startServer,
  createClient,
};

/**
 * @param {import('./index.js').ServerOptions} options
 * @returns {Promise<import('./index.js').TransportServer>}
 */
async function startServer(options) {
  const counters = httpCounters();
  const handler = httpHandler({ ...options, counters });
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler) : http.createServer(handler);
  // bytes that are not HTTP: a 400 and the connection closed, never a crash; a client that resets its connection, or
  // closes it in the middle of a request (a valid start, cut short), is not sending bad bytes: counted as going away
  server.on('clientError', connectionErrors(counters).clientError);
  // a pass's client keeps its connections open between messages
  server.keepAliveTimeout = 60_000;
  return listenHttp(server, options, counters, { transport: 'HTTP/1.1', dropConnections: () => server.closeAllConnections() });
}

/**
 * @param {import('./index.js').ClientOptions} options
 * @returns {Promise<import('./index.js').TransportClient>}
 */
async function createClient({ url, codec, direction, window, connections, pipelining, compress, tls, raw, identity, timeoutMs, onAnswer, onUnsent, onLost, onClosed }) {
  if (compress && !availableEncodings().includes(compress)) throw new UserError(`--compress ${compress}: this runtime's zlib does not have it`);
  const sockets = new Set();
  // undici is the client's alone: imported here, so a server does not load it (a third of a second of its start)
  const { buildConnector, Pool } = await import('undici');
  const connector = buildConnector({ ...(tls ? { ca: tls.ca, servername: 'localhost' } : {}), timeout: timeoutMs });
  const pool = new Pool(url, {
    connections,
    pipelining,
    connectTimeout: timeoutMs,
    keepAliveTimeout: 600_000,
    connect: (opts, callback) => {
      // with TLS, the TCP socket under it: a TLS socket's own counts are the plaintext, without the records
      const tcp = tls ? net.connect({ host: opts.hostname.replace(/^\[|\]$/g, ''), port: Number(opts.port) || 443 }) : null;
      connector(tcp ? { ...opts, httpSocket: tcp } : opts, (err, socket) => {
        const counted = tcp ?? socket;
        if (socket && counted) {
          sockets.add(counted);
          // bytes of sockets that closed stay counted
          counted.once('close', () => { closedBytes.up += counted.bytesWritten; closedBytes.down += counted.bytesRead; sockets.delete(counted); });
        } else tcp?.destroy();
        if (err) {
          callback(err, null);
          // a connection the pass cannot open while no other is open: the server is gone (undici has just failed the
          // requests waiting for it); with others still open, one failed connect (a timeout on a busy machine) is not
          // the end of the pass, as the other transports end it only once every connection is gone
          if (checked && sockets.size === 0) serverGone();
        } else callback(null, socket);
      });
    },
  });
  const closedBytes = { up: 0, down: 0 };
  // the check below passed: a connection that cannot be opened from then on is the server gone, not a refused pass
  let checked = false;
  let gone = false;
  /** @type {Set<number>} messages handed to undici that have not started on a connection: none of their bytes has left */
  const waiting = new Set();
  /** @param {number} seq a message that never left: not sent, as the owner counts a message send() refused */
  const notSent = (seq) => {
    if (waiting.delete(seq)) onUnsent?.(seq);
  };
  // undici's Pool opens a connection again for the next request after the server closed one, and fails the requests
  // waiting for it when that is refused: without this each would be an error answer no server gave (a dead server's
  // pass "completed" with tens of thousands of them). Instead, as ws, http2 and grpc do once the server has closed
  // every connection, the messages that never left are not sent, send() sends no more, and the pass ends
  const serverGone = () => {
    if (gone) return;
    gone = true;
    for (const seq of [...waiting]) notSent(seq);
    onClosed?.();
  };
  const base = `/${encodeURIComponent(codec.name)}`;
  const shown = `${url}${base}`;
  // the check before a pass: format, payload and direction, answered 204 or refused with a reason
  try {
    const res = await pool.request({
      path: base, method: 'OPTIONS',
      headers: { ...(identity ? { 'x-payload-hash': identity.hash, 'x-payload-name': encodeURIComponent(identity.id) } : {}), 'x-direction': direction },
    });
    const text = await res.body.text();
    if (res.statusCode !== 204) throw new UserError(refusal(res.statusCode, text, shown));
    checked = true;
  } catch (err) {
    await pool.destroy();
    if (err instanceof UserError) throw err;
    throw new UserError(`cannot connect to ${shown}: ${connectionFailure(/** @type {Error} */ (err).cause ?? err)}`);
  }
  const query = raw ? '?raw=1' : '';
  const upHeaders = { 'content-type': codec.mediaType, ...(compress ? { 'content-encoding': compress } : {}) };
  // undici pipelines only requests it may replay (idempotent) and that do not block the pipeline: without these a
  // POST waits for the answer before it, whatever --pipelining says
  const pipelined = pipelining > 1 ? { idempotent: true, blocking: false } : {};
  const downHeaders = compress ? { 'accept-encoding': compress } : {};
  const encoder = compress ? encodingOf(compress) : null;
  /**
   * A request that failed: one that had started on a connection lost it before its answer (sent, no answer: lost, as
   * ws counts a message whose connection closed under it; no server answered it with an error), one that never left
   * is not sent.
   * @param {number} seq @param {boolean} started
   */
  const failed = (seq, started) => (started ? onLost?.(seq) : notSent(seq));
  const onStart = (/** @type {number} */ seq) => { waiting.delete(seq); };
  return {
    capacity: window * connections,
    // each message through undici's dispatch with a handler of its own, not pool.request, which wraps every answer
    // in a promise and a Readable body: the client's CPU per request fell from ~129 µs to 93–114 (docs/transmission.md,
    // "The http1 client on undici's dispatch"); the handler sees the status, the body's chunks and the end, which is
    // all a pass reads
    send(seq) {
      if (gone) return false;
      waiting.add(seq);
      if (direction === 'up') {
        const bytes = codec.encodeMessage(seq);
        pool.dispatch({ path: base + query, method: 'POST', headers: upHeaders, body: encoder ? encoder.compress(bytes) : bytes, ...pipelined }, answerHandler((status) => {
          onAnswer(seq, status === 204 ? ANSWER.ok : status === 400 ? ANSWER.decodeError : ANSWER.error);
        }, (started) => failed(seq, started), undefined, () => onStart(seq)));
      } else {
        /** @type {Buffer[]} */
        const chunks = [];
        pool.dispatch({ path: `${base}/${seq}${query}`, method: 'GET', headers: downHeaders, ...pipelined }, answerHandler((status, coding) => {
          if (status !== 200) return onAnswer(seq, ANSWER.error);
          try {
            const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
            codec.decode(coding ? encodingOf(coding).decompress(body) : body);
            onAnswer(seq, ANSWER.ok);
          } catch {
            onAnswer(seq, ANSWER.decodeError);
          }
        }, (started) => failed(seq, started), chunks, () => onStart(seq)));
      }
      return true;
    },
    wireBytes() {
      let up = closedBytes.up;
      let down = closedBytes.down;
      for (const s of sockets) {
        up += s.bytesWritten;
        down += s.bytesRead;
      }
      return { up, down };
    },
    // a request left unanswered (its connection in the hands of a server worker that died, say) would hold
    // pool.close() forever: the pass is over, so after a second the pool is destroyed, as ws and http2 do
    async close() {
      gone = true;
      /** @type {NodeJS.Timeout|undefined} */
      let timer;
      const late = new Promise((resolve) => { timer = setTimeout(resolve, 1000, 'late'); });
      const closed = await Promise.race([pool.close().then(() => 'closed', () => 'failed'), late]);
      clearTimeout(timer);
      if (closed !== 'closed') await pool.destroy().catch(() => {});
    },
  };
}

/**
 * An undici dispatch handler for one request: `done(status, contentEncoding)` once the answer has ended (its body's
 * chunks pushed to `chunks` when given, else dropped), or `failed(started)` once if the request fails first: started
 * true when it had started on a connection (undici calls `onStart` then, as it writes the request), false when it
 * never left (its connection could not be opened). A final status after 1xx answers is the one kept. undici calls a
 * handler inside its own try/catch, so an exception thrown by `done` would come back as an error and be lost: it is
 * thrown again outside undici, where it stops the process as any bug does. A request refused before it started
 * (undici calls onResponseError inside dispatch itself) is failed on the next microtask, never inside the caller's
 * dispatch.
 * @param {(status: number, coding: string|null) => void} done
 * @param {(started: boolean) => void} failed
 * @param {Buffer[]} [chunks]
 * @param {() => void} [onStart]
 * @returns {import('undici').Dispatcher.DispatchHandler}
 */
export function answerHandler(done, failed, chunks, onStart) {
  let status = 0;
  /** @type {string|null} */
  let coding = null;
  let settled = false;
  let started = false;
  return {
    // undici takes a handler as one of its new API by this method (without it, the older onConnect/onHeaders one)
    onRequestStart() {
      started = true;
      onStart?.();
    },
    onResponseStart(_controller, statusCode, headers) {
      status = statusCode;
      const value = headers['content-encoding'];
      coding = value == null ? null : String(value);
    },
    onResponseData(_controller, chunk) {
      chunks?.push(chunk);
    },
    onResponseEnd() {
      if (settled) return;
      settled = true;
      try {
        done(status, coding);
      } catch (err) {
        process.nextTick(() => { throw err; });
      }
    },
    onResponseError() {
      if (settled) return;
      settled = true;
      const fail = () => {
        try {
          failed(started);
        } catch (err) {
          process.nextTick(() => { throw err; });
        }
      };
      if (started) fail();
      else queueMicrotask(fail);
    },
  };
}
