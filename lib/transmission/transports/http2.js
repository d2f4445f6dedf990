/**
 * HTTP/2: a node:http2 server, cleartext (h2c, prior knowledge) by default and over TLS (ALPN h2) with --tls,
 * and node:http2 sessions as the client: --connections sessions, each multiplexing --window streams. One message
 * is one stream with the same routes as HTTP/1.1 (http-common.js; the server is node:http2's compatibility API,
 * so the very same handler): POST /<format> answered 204 (up), GET /<format>/<i> answered 200 (down). HPACK makes
 * the repeated headers of every later request a few bytes of table references; the bytes per message are
 * counted at the sockets, so the figures show it.
 */
import http2 from 'node:http2';
import net from 'node:net';
import tls from 'node:tls';
import { UserError } from '../../errors.js';
import { ANSWER } from './index.js';
import { availableEncodings, connectionErrors, encodingOf, httpCounters, httpHandler, listenHttp, refusal } from './http-common.js';
import { connectionFailure, H2_FRAME, h2WindowUpdates, hpackLiteralBytes } from './shared.js';
import { withTlsRecords } from '../tls-records.js';

const { HTTP2_HEADER_METHOD: METHOD, HTTP2_HEADER_PATH: PATH, HTTP2_HEADER_STATUS: STATUS } = http2.constants;

/** Streams a session may have open at once (both ends), well above any --window the benchmark uses. */
const MAX_STREAMS = 1000;

/** @type {import('./index.js').Transport} */
export default {
  name: 'http2',
  library: 'node:http2',
  description: 'HTTP/2: node:http2 server and sessions, h2c by default, --window streams multiplexed per session',
  schemes: { plain: 'http', tls: 'https' },
  supports: { formats: 'any', directions: ['up', 'down'], compress: ['gzip', 'br', 'zstd'], multiplex: true, pipelining: false, tls: true },
  // REST JSON over HTTP/2 against gRPC (also HTTP/2) separates the format's share from HTTP/1.1's
  formatPair: { json: { format: 'json-buffer', label: 'REST JSON over HTTP/2', deployed: true }, protobuf: { format: 'protobufjs-static', label: 'protobuf over HTTP/2' } },
  framingBytes: (o) => http2FramingBytes(o),
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
  const settings = { maxConcurrentStreams: MAX_STREAMS };
  const server = options.tls
    ? http2.createSecureServer({ key: options.tls.key, cert: options.tls.cert, settings })
    : http2.createServer({ settings });
  server.on('request', handler);
  // bytes that are not HTTP/2 end their session (GOAWAY or a reset), never the server
  const { sessionError } = connectionErrors(counters);
  server.on('sessionError', sessionError);
  server.on('clientError', sessionError);
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('error', () => {});
    session.once('close', () => sessions.delete(session));
  });
  return listenHttp(server, options, counters, { transport: 'HTTP/2', dropConnections: () => { for (const s of sessions) s.destroy(); } });
}

/**
 * One session, over a socket this module opens (so its bytes can be counted).
 * @param {URL} target
 * @param {{ ca: string } | null} trust
 * @param {number} timeoutMs
 * @returns {Promise<{ session: http2.ClientHttp2Session, socket: net.Socket }>}
 */
function openSession(target, trust, timeoutMs) {
  return new Promise((resolve, reject) => {
    /** @type {net.Socket|undefined} */
    let socket;
    const session = http2.connect(target.origin, {
      settings: { maxConcurrentStreams: MAX_STREAMS },
      createConnection: () => {
        const port = Number(target.port) || (trust ? 443 : 80);
        const host = target.hostname.replace(/^\[|\]$/g, '');
        // with TLS the bytes are counted on the TCP socket under it (a TLS socket's own are the plaintext)
        socket = net.connect(port, host);
        return trust ? tls.connect({ socket, ca: trust.ca, servername: 'localhost', ALPNProtocols: ['h2'] }) : socket;
      },
    });
    const timer = setTimeout(() => { session.destroy(); reject(new Error('timed out')); }, timeoutMs);
    session.once('connect', () => {
      clearTimeout(timer);
      // createConnection ran before 'connect' could fire
      if (!socket) reject(new Error('HTTP/2 session connected without opening its socket'));
      else resolve({ session, socket });
    });
    session.once('error', (err) => { clearTimeout(timer); reject(err); });
  });
}

/**
 * @param {import('./index.js').ClientOptions} options
 * @returns {Promise<import('./index.js').TransportClient>}
 */
async function createClient({ url, codec, direction, window, connections, compress, tls: trust, raw, identity, timeoutMs, onAnswer, onLost, onClosed }) {
  if (compress && !availableEncodings().includes(compress)) throw new UserError(`--compress ${compress}: this runtime's zlib does not have it`);
  const target = new URL(url);
  const base = `/${encodeURIComponent(codec.name)}`;
  const shown = `${url}${base}`;
  const opened = await Promise.allSettled(Array.from({ length: connections }, () => openSession(target, trust, timeoutMs)));
  const links = opened.filter((o) => o.status === 'fulfilled').map((o) => o.value);
  const failed = opened.find((o) => o.status === 'rejected');
  if (failed) {
    for (const l of links) l.session.destroy();
    throw new UserError(`cannot connect to ${shown}: ${connectionFailure(failed.reason)}`);
  }
  // the check before a pass: format, payload and direction, answered 204 or refused with a reason
  const checked = await new Promise((resolve) => {
    // endStream: node:http2 ends only a GET's, HEAD's or DELETE's request by itself; an OPTIONS left open kept its
    // session from closing, so every pass's close() waited out its one-second grace (measured: 1,002 ms a pass)
    const stream = links[0].session.request({
      [METHOD]: 'OPTIONS', [PATH]: base, 'x-direction': direction,
      ...(identity ? { 'x-payload-hash': identity.hash, 'x-payload-name': encodeURIComponent(identity.id) } : {}),
    }, { endStream: true });
    let status = 0;
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (headers) => { status = Number(headers[STATUS]); });
    stream.on('data', (d) => { text += d; });
    stream.on('end', () => resolve(status === 204 ? null : refusal(status, text, shown)));
    stream.on('error', (err) => resolve(`cannot reach ${shown}: ${err.message}`));
  });
  if (checked) {
    for (const l of links) l.session.destroy();
    throw new UserError(/** @type {string} */ (checked));
  }
  const inFlight = new Int32Array(links.length);
  let open = links.length;
  for (const l of links) {
    l.session.on('error', () => {});
    l.session.once('close', () => {
      if (--open === 0) onClosed?.();
    });
  }
  const query = raw ? '?raw=1' : '';
  const encoder = compress ? encodingOf(compress) : null;
  const upHeaders = { [METHOD]: 'POST', [PATH]: base + query, 'content-type': codec.mediaType, ...(compress ? { 'content-encoding': compress } : {}) };

  return {
    capacity: window * links.length,
    send(seq) {
      let best = -1;
      for (let i = 0; i < links.length; i++) {
        if (!links[i].session.closed && !links[i].session.destroyed && (best < 0 || inFlight[i] < inFlight[best])) best = i;
      }
      if (best < 0) return false;
      inFlight[best]++;
      const { session } = links[best];
      let stream;
      try {
        stream = direction === 'up'
          ? session.request(upHeaders, { endStream: false })
          : session.request({ [METHOD]: 'GET', [PATH]: `${base}/${seq}${query}`, ...(compress ? { 'accept-encoding': compress } : {}) });
      } catch {
        inFlight[best]--;
        onAnswer(seq, ANSWER.error);
        return true;
      }
      let status = 0;
      /** @type {string|undefined} */
      let coding;
      /** @type {Buffer[]} */
      const chunks = [];
      let answered = false;
      const settle = (/** @type {number} */ s) => {
        if (answered) return;
        answered = true;
        inFlight[best]--;
        onAnswer(seq, s);
      };
      // a stream that ends without its answer: lost with its session when that has gone (the connection broke: no
      // server answered it, as ws counts a message whose connection closed under it), else the server reset it: an error
      const unanswered = () => {
        if (answered) return;
        if (!session.destroyed && !session.closed) return settle(ANSWER.error);
        answered = true;
        inFlight[best]--;
        onLost?.(seq);
      };
      stream.on('response', (headers) => {
        status = Number(headers[STATUS]);
        coding = headers['content-encoding'];
      });
      if (direction === 'up') stream.resume();
      else stream.on('data', (d) => chunks.push(d));
      stream.on('end', () => {
        // ended without an answer's headers: node:http2 ends a stream its destroyed session took with it
        if (!status) return unanswered();
        if (direction === 'up') return settle(status === 204 ? ANSWER.ok : status === 400 ? ANSWER.decodeError : ANSWER.error);
        if (status !== 200) return settle(ANSWER.error);
        try {
          const body = Buffer.concat(chunks);
          codec.decode(coding ? encodingOf(coding).decompress(body) : body);
          settle(ANSWER.ok);
        } catch {
          settle(ANSWER.decodeError);
        }
      });
      stream.on('error', unanswered);
      stream.on('close', unanswered);
      if (direction === 'up') {
        const bytes = codec.encodeMessage(seq);
        stream.end(encoder ? encoder.compress(bytes) : bytes);
      }
      return true;
    },
    wireBytes: () => links.reduce((n, l) => ({ up: n.up + l.socket.bytesWritten, down: n.down + l.socket.bytesRead }), { up: 0, down: 0 }),
    // each session closed gracefully (GOAWAY, its streams done), or destroyed after a second: how many were
    async close() {
      const forced = await Promise.all(links.map((l) => new Promise((resolve) => {
        if (l.session.closed || l.session.destroyed) return resolve(0);
        const timer = setTimeout(() => { l.session.destroy(); resolve(1); }, 1000);
        l.session.close(() => { clearTimeout(timer); resolve(0); });
      })));
      return { forced: forced.reduce((a, b) => a + b, 0) };
    },
  };
}

/**
 * HTTP/2's bytes per message beyond the codec's, both directions (see the comments for what each byte is).
 * @param {{ payloadBytes: number, direction: 'up'|'down', compress?: string|null, tls?: boolean, format?: string, path?: string }} options
 *   format: the codec, whose name is the path (default protobufjs-static); path: the request's, when not /<format> (and for 'down' /<format>/5000)
 * @returns {{ up: number, down: number }}
 */
export function http2FramingBytes({ payloadBytes, direction, compress = null, tls: overTls = false, format = 'protobufjs-static', path }) {
  // steady state, as node:http2 sends them (test/e2e/http-transports.test.js counts them at the socket): every
  // header already in both HPACK dynamic tables except the :path, which nghttp2 never indexes (a Huffman-coded
  // literal each time), and the answer's content-length; DATA frames carry 9-byte headers (one per 16 KiB); each
  // receiver's WINDOW_UPDATEs (13 bytes per 32 KiB) count on its side
  const frame = H2_FRAME;
  const dataFrames = (/** @type {number} */ n) => Math.max(1, Math.ceil(n / 16384)) * frame;
  const windowUpdates = h2WindowUpdates;
  if (direction === 'up') {
    // HEADERS: the :path literal; :method, :scheme, :authority, content-type (content-encoding) indexed, no
    // content-length; then DATA with END_STREAM. Answer: HEADERS with END_STREAM (:status 204 and date indexed)
    const request = frame + hpackLiteralBytes(path ?? `/${encodeURIComponent(format)}`) + 4 + (compress ? 1 : 0) + dataFrames(payloadBytes);
    const answer = frame + 2;
    return withTlsRecords({ up: request, down: answer + windowUpdates(payloadBytes + frame) }, overTls,
      { up: [request + payloadBytes], down: [answer] });
  }
  // GET: HEADERS only (:path /<format>/<i> a literal); answer HEADERS (:status 200, content-type, date indexed,
  // content-length a literal), DATA, and an empty DATA frame with END_STREAM; node:http2 writes the HEADERS apart
  // from the DATA frames (two records with TLS)
  const request = frame + hpackLiteralBytes(path ?? `/${encodeURIComponent(format)}/5000`) + 3 + (compress ? 1 : 0);
  const answerHeaders = frame + 4 + hpackLiteralBytes(String(Math.round(payloadBytes))) + (compress ? 1 : 0);
  const answerData = dataFrames(payloadBytes) + frame;
  return withTlsRecords({ up: request + windowUpdates(payloadBytes + 2 * frame), down: answerHeaders + answerData }, overTls,
    { up: [request], down: [answerHeaders, answerData + payloadBytes] });
}
