/**
 * WebSocket (the ws library, RFC 6455), one binary message per benchmark message:
 *
 *   up    client → server  [4-byte big-endian sequence number][codec bytes]
 *         server → client  [sequence number][status byte]                     (an ACK, 5 bytes)
 *   down  client → server  [sequence number]                                  (a request, 4 bytes)
 *         server → client  [sequence number][status byte][codec bytes]
 *
 * The format is chosen once per connection by the URL path (ws://HOST:PORT/<format>); the query names the
 * payload (?payload=HASH&name=ID, 409 at the upgrade when it is another one) and may ask for raw answers
 * (&raw=1). Control frames (sequence number NO_SEQ, one CONTROL byte) carry the server's CPU accounting for a
 * server given by URL: `mark` starts it, `report` asks for it (answered with one text message, JSON).
 * Compression: 'deflate' is permessage-deflate with every message compressed on its own (no context
 * takeover either way), 'deflate-context' keeps the sliding window across messages (as browsers negotiate by
 * default). --max-payload limits the message after inflation (see startServer).
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import WebSocket, { WebSocketServer } from 'ws';
import { UserError } from '../../errors.js';
import { ACK_BYTES, CLOSE_TOO_LARGE, CONTROL, encodeAck, encodeControl, NO_SEQ, SEQ_BYTES, websocketHeaderBytes } from '../protocol.js';
import { ANSWER } from './index.js';
import { listen } from './listen.js';
import { connectionFailure } from './shared.js';
import { withTlsRecords } from '../tls-records.js';
import { parseServerReport } from '../server-meter.js';
import { counted } from '../../text.js';

/** @typedef {import('../server-meter.js').ServerReport} ServerReport */

/**
 * Bytes permessage-deflate may add to an incompressible message (zlib's deflateBound, plus the frame's tail).
 * @param {number} n
 */
const deflateBound = (n) => n + (n >>> 12) + (n >>> 14) + 64;

/** @type {import('./index.js').Transport} */
export default {
  name: 'ws',
  library: 'ws',
  description: 'WebSocket: one binary message per benchmark message, a 5-byte ACK back',
  schemes: { plain: 'ws', tls: 'wss' },
  supports: { formats: 'any', directions: ['up', 'down'], compress: ['deflate', 'deflate-context'], multiplex: true, pipelining: false, tls: true },
  formatPair: { json: { format: 'json-buffer', label: 'JSON over WebSocket' }, protobuf: { format: 'protobufjs-static', label: 'protobuf over WebSocket' } },
  framingBytes({ payloadBytes, direction, tls: overTls = false }) {
    // sizes before compression: a compressed message's frame is counted at the socket
    const request = direction === 'up' ? payloadBytes + SEQ_BYTES : SEQ_BYTES;
    const answer = direction === 'up' ? ACK_BYTES : ACK_BYTES + payloadBytes;
    const frames = { up: request + websocketHeaderBytes(request, true), down: answer + websocketHeaderBytes(answer, false) };
    // with TLS: one write (one record up to 16 KiB) per frame each way
    return withTlsRecords({
      up: frames.up - (direction === 'up' ? payloadBytes : 0),
      down: frames.down - (direction === 'down' ? payloadBytes : 0),
    }, overTls, { up: [frames.up], down: [frames.down] });
  },
  startServer,
  createClient,
};

/**
 * What a ws server counts: connections (and those open now), refused upgrades, data messages and their bytes, errors
 * by kind; per format its connections, messages and decode errors.
 * @typedef {{ startedAt: number, connections: number, open: number, refused: number, messages: number, bytes: number,
 *   decodeErrors: number, malformed: number, tooLarge: number, protocolErrors: number,
 *   byFormat: Record<string, { connections: number, messages: number, decodeErrors: number }> }} WsCounters
 */

/**
 * @param {import('./index.js').ServerOptions} options
 * @returns {Promise<import('./index.js').TransportServer>}
 */
async function startServer({ codecs, direction, host, port, tls: keys, maxPayload, raw, identity, meter }) {
  /** @type {Record<string, { connections: number, messages: number, decodeErrors: number }>} */
  const byFormat = {};
  /** @type {WsCounters} */
  const counters = { startedAt: Date.now(), connections: 0, open: 0, refused: 0, messages: 0, bytes: 0, decodeErrors: 0, malformed: 0, tooLarge: 0, protocolErrors: 0, byFormat };
  const accepted = [...codecs].filter(([, c]) => !('refused' in c)).map(([name]) => name);
  /** @type {(req: http.IncomingMessage, res: http.ServerResponse) => void} */
  const onRequest = (req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    // a plain GET shows how to connect, and the counters so far (handy to watch a long run)
    res.end(`WebSocket only: connect to ${keys ? 'wss' : 'ws'}://HOST:PORT/<format>; formats: ${accepted.join(', ')}\n${describe()}\n`);
  };
  const server = keys ? https.createServer({ key: keys.key, cert: keys.cert }, onRequest) : http.createServer(onRequest);
  server.on('clientError', (err, socket) => socket.destroy());
  // permessage-deflate is accepted whenever a client offers it (every browser does), so the limit must hold
  // after inflation: frames may be a little larger than the message (deflate's worst case), and the inflated
  // message is checked against maxPayload below. Downloads are compressed whenever the client negotiated it; ACKs
  // stay under the threshold, uncompressed.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: deflateBound(maxPayload + SEQ_BYTES),
    perMessageDeflate: { threshold: direction === 'down' ? 0 : 1024 },
  });

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {});
    let name;
    let query;
    try {
      const url = new URL(req.url ?? '', 'http://localhost');
      name = decodeURIComponent(url.pathname.slice(1));
      query = url.searchParams;
    } catch {
      return refuse(socket, 400, 'malformed URL');
    }
    const theirs = query.get('payload');
    if (identity && theirs !== null && theirs !== identity.hash) {
      const them = query.get('name');
      return refuse(socket, 409, `payload mismatch: server measures ${identity.id} (hash ${identity.hash}), `
        + `this client sends ${them ? `${them} (hash ${theirs})` : `hash ${theirs}`}`);
    }
    const theirDirection = query.get('direction') ?? 'up';
    if (theirDirection !== direction) return refuse(socket, 409, `direction mismatch: this server serves --direction ${direction}, the client asked for ${theirDirection}`);
    const codec = codecs.get(name);
    if (!codec) return refuse(socket, 404, `unknown format "${name}"; this server accepts: ${accepted.join(', ')}`);
    if ('refused' in codec) return refuse(socket, 422, `${name} cannot carry this payload: ${codec.refused}`);
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, /** @type {import('node:net').Socket} */ (socket), name, codec, raw || query.get('raw') === '1'));
  });

  /**
   * Answers an upgrade request with an HTTP error and closes the connection.
   * @param {import('node:stream').Duplex} socket
   * @param {number} status
   * @param {string} message
   */
  function refuse(socket, status, message) {
    counters.refused++;
    const body = `${message}\n`;
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: text/plain; charset=utf-8\r\n`
      + `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  }

  /**
   * @param {WebSocket} ws
   * @param {import('node:net').Socket} socket
   * @param {string} name
   * @param {import('../wire-codec.js').WireCodec} codec
   * @param {boolean} rawHere
   */
  function serve(ws, socket, name, codec, rawHere) {
    // the socket reads this connection's messages arrive in: at a fixed offered rate the server's CPU per message
    // is mostly its cost per read (a wake-up) over the messages a read carries (cpu-at-rate.js serverMsgsPerRead)
    socket.on('data', () => meter.read());
    counters.connections++;
    counters.open++;
    const perFormat = (counters.byFormat[name] ??= { connections: 0, messages: 0, decodeErrors: 0 });
    perFormat.connections++;
    // answers to the frames of one read go out in one write: cork now, uncork once this batch is handled
    let corked = false;
    const uncork = () => {
      corked = false;
      socket.uncork();
    };
    const reply = (/** @type {Buffer} */ data) => {
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      ws.send(data);
    };
    // raw downloads: each message encoded once, then only copied into its answer
    /** @type {Map<number, Buffer>|null} */
    const encoded = rawHere && direction === 'down' ? new Map() : null;
    /** @type {(seq: number, i: number) => Buffer} */
    const answerWith = (seq, i) => {
      let frame;
      if (encoded) {
        const k = i % codec.messageCount;
        let bytes = encoded.get(k);
        if (!bytes) {
          bytes = codec.encodeMessage(i);
          encoded.set(k, bytes);
        }
        frame = withHeader(bytes);
      } else {
        frame = codec.encodeMessage(i, ACK_BYTES);
      }
      frame.writeUInt32BE(seq, 0);
      frame[SEQ_BYTES] = ANSWER.ok;
      return frame;
    };
    // binaryType is ws's default 'nodebuffer': every message arrives as one Buffer
    ws.on('message', (/** @type {Buffer} */ data, /** @type {boolean} */ isBinary) => {
      if (!isBinary) {
        // every message of the protocol is a binary frame: a text frame's first bytes are no sequence number (its
        // "abcd" was read as seq 0x61626364 and decoded), so it is malformed, answered as a short frame is
        counters.messages++;
        perFormat.messages++;
        counters.bytes += data.length;
        meter.handled();
        counters.malformed++;
        reply(encodeAck(NO_SEQ, ANSWER.error));
        return;
      }
      if (data.length > SEQ_BYTES && data.readUInt32BE(0) === NO_SEQ) {
        if (data[SEQ_BYTES] === CONTROL.mark) meter.mark();
        else if (data[SEQ_BYTES] === CONTROL.report) ws.send(JSON.stringify(meter.report()), { binary: false });
        return;
      }
      counters.messages++;
      perFormat.messages++;
      counters.bytes += data.length;
      meter.handled();
      if (data.length > maxPayload + SEQ_BYTES) {
        // the frame fitted, the inflated message does not
        counters.tooLarge++;
        ws.close(CLOSE_TOO_LARGE, 'message too big');
        return;
      }
      const seq = data.length >= SEQ_BYTES ? data.readUInt32BE(0) : NO_SEQ;
      if (direction === 'down') {
        if (data.length !== SEQ_BYTES) {
          counters.malformed++;
          reply(encodeAck(seq, ANSWER.error));
          return;
        }
        reply(answerWith(seq, seq));
        return;
      }
      if (data.length < SEQ_BYTES) {
        counters.malformed++;
        reply(encodeAck(NO_SEQ, ANSWER.error));
        return;
      }
      let status = ANSWER.ok;
      if (!rawHere) {
        try {
          codec.decode(data.subarray(SEQ_BYTES));
        } catch {
          status = ANSWER.decodeError;
          counters.decodeErrors++;
          perFormat.decodeErrors++;
        }
      }
      reply(encodeAck(seq, status));
    });
    ws.on('error', (/** @type {NodeJS.ErrnoException} */ err) => {
      // ws closes the connection itself (1009 for too large, 1002 for protocol errors)
      if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') counters.tooLarge++;
      else counters.protocolErrors++;
    });
    ws.on('close', () => {
      counters.open--;
    });
  }

  function describe() {
    const seconds = (Date.now() - counters.startedAt) / 1000;
    const formats = Object.entries(counters.byFormat)
      .map(([format, f]) => `${format}: ${counted(f.messages, 'message')} on ${counted(f.connections, 'connection')}, ${counted(f.decodeErrors, 'decode error')}`);
    return [
      `server summary after ${seconds.toFixed(1)} s${raw ? ' (raw: no decoding)' : ''}: ${counted(counters.messages, 'message')}, ${counted(counters.bytes, 'byte')}, `
        + `${counted(counters.connections, 'connection')} (${counters.open} open), ${counted(counters.refused, 'refused upgrade')}`,
      `errors: ${counters.decodeErrors} decode, ${counted(counters.malformed, 'malformed frame')}, ${counters.tooLarge} over --max-payload (closed 1009), ${counters.protocolErrors} protocol`,
      ...formats,
    ].join('\n');
  }

  const address = await listen(server, host, port);
  return {
    url: `${keys ? 'wss' : 'ws'}://${address.shown}:${address.port}`,
    host: address.address,
    port: address.port,
    counters,
    describe,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(() => resolve(undefined)));
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/**
 * A raw download's pre-encoded bytes behind a fresh 5-byte header.
 * @param {Uint8Array} bytes
 */
function withHeader(bytes) {
  const frame = Buffer.allocUnsafe(ACK_BYTES + bytes.length);
  frame.set(bytes, ACK_BYTES);
  return frame;
}

/**
 * @param {import('./index.js').ClientOptions} options
 * @returns {Promise<import('./index.js').TransportClient>}
 */
async function createClient({ url, codec, direction, window, connections, compress, tls: trust, raw, identity, timeoutMs, onAnswer, onLost, onClosed }) {
  const query = new URLSearchParams();
  if (identity) {
    query.set('payload', identity.hash);
    query.set('name', identity.id);
  }
  if (raw) query.set('raw', '1');
  if (direction !== 'up') query.set('direction', direction);
  const target = `${url.replace(/\/+$/, '')}/${encodeURIComponent(codec.name)}${query.size ? `?${query}` : ''}`;
  const opened = await Promise.allSettled(Array.from({ length: connections }, () => connect(target, { timeoutMs, compress, ca: trust?.ca })));
  const links = opened.filter((o) => o.status === 'fulfilled').map((o) => o.value);
  const failed = opened.find((o) => o.status === 'rejected');
  if (failed) {
    await Promise.all(links.map((l) => closeSocket(l.ws)));
    throw failed.reason;
  }
  const inFlight = new Int32Array(links.length);
  // each connection's messages sent and not yet answered: lost, each by its sequence number, when that connection
  // closes under them (as the HTTP clients count theirs), so the pass goes on over the others and ends without waiting
  const unanswered = links.map(() => /** @type {Set<number>} */ (new Set()));
  let closing = false;
  /** @type {((report: ServerReport|null) => void)|null} */
  let reportArrived = null;
  for (const [i, { ws }] of links.entries()) {
    ws.on('message', (/** @type {Buffer} */ data, isBinary) => {
      if (!isBinary) {
        reportArrived?.(parseServerReport(data.toString('utf8')));
        return;
      }
      if (inFlight[i] > 0) inFlight[i]--;
      if (data.length < ACK_BYTES || (direction === 'up' && data.length !== ACK_BYTES)) return void onAnswer(-1, ANSWER.error);
      const seq = data.readUInt32BE(0);
      unanswered[i].delete(seq);
      let status = data[SEQ_BYTES];
      if (direction === 'down' && status === ANSWER.ok) {
        try {
          codec.decode(data.subarray(ACK_BYTES));
        } catch {
          status = ANSWER.decodeError;
        }
      }
      onAnswer(seq, status);
    });
    ws.on('error', () => {});
    ws.on('close', (/** @type {number} */ code, /** @type {Buffer} */ reason) => {
      const lost = [...unanswered[i]];
      unanswered[i].clear();
      inFlight[i] = 0;
      // a close the client asked for ends a pass that is over: what it left unanswered is counted at the pass's end
      if (!closing) for (const seq of lost) onLost?.(seq);
      if (links.every((l) => l.ws.readyState === WebSocket.CLOSED)) onClosed?.(closeText(code, reason));
    });
  }
  // frames sent while handling one read's answers go out in one write: at window 64 on loopback this
  // doubles to triples msgs/s (figures in docs/transmission.md)
  /** @type {Set<import('node:net').Socket>} */
  const corked = new Set();
  const uncorkAll = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  const request = Buffer.allocUnsafe(SEQ_BYTES);
  return {
    capacity: window * links.length,
    send(seq) {
      // the open connection with the fewest messages in flight
      let best = -1;
      for (let i = 0; i < links.length; i++) {
        if (links[i].ws.readyState === WebSocket.OPEN && (best < 0 || inFlight[i] < inFlight[best])) best = i;
      }
      if (best < 0) return false; // every connection closed: never sent
      const { ws, socket } = links[best];
      if (!corked.size) process.nextTick(uncorkAll);
      if (!corked.has(socket)) {
        corked.add(socket);
        socket.cork();
      }
      inFlight[best]++;
      unanswered[best].add(seq);
      if (direction === 'up') {
        const frame = codec.encodeMessage(seq, SEQ_BYTES);
        frame.writeUInt32BE(seq, 0);
        ws.send(frame);
      } else {
        request.writeUInt32BE(seq, 0);
        ws.send(request);
      }
      return true;
    },
    wireBytes: () => links.reduce((n, l) => ({ up: n.up + l.wire.bytesWritten, down: n.down + l.wire.bytesRead }), { up: 0, down: 0 }),
    mark() {
      links[0].ws.send(encodeControl(CONTROL.mark));
    },
    async report() {
      if (links[0].ws.readyState !== WebSocket.OPEN) return null;
      /** @type {Promise<ServerReport|null>} */
      const reported = new Promise((resolve) => { reportArrived = resolve; });
      links[0].ws.send(encodeControl(CONTROL.report));
      /** @type {ReturnType<typeof setTimeout>|undefined} */
      let timer;
      /** @type {Promise<null>} */
      const timedOut = new Promise((resolve) => { timer = setTimeout(resolve, 2000, null); });
      const r = await Promise.race([reported, timedOut]);
      clearTimeout(timer);
      return r;
    },
    async close() {
      closing = true;
      await Promise.all(links.map((l) => closeSocket(l.ws)));
    },
  };
}

/**
 * Opens one WebSocket; a failure becomes one line saying what happened.
 * @param {string} url
 * @param {{ timeoutMs?: number, compress?: string|null, ca?: string }} [options]
 * @returns {Promise<{ ws: WebSocket, socket: import('node:net').Socket, wire: import('node:net').Socket }>} wire: the TCP
 *   socket (under the TLS one with wss:), whose counts are the bytes on the wire
 */
export function connect(url, { timeoutMs = 10000, compress = null, ca } = {}) {
  const shown = url.split('?')[0]; // the payload identity in the query would only clutter the message
  return new Promise((resolve, reject) => {
    /** @type {import('node:net').Socket|undefined} */
    let socket;
    /** @type {import('node:net').Socket|undefined} */
    let wire;
    // ws passes http.request's options; their `path` is the URL's, not a Unix socket's. With TLS the bytes are
    // counted on the TCP socket under it (a TLS socket's own counts are the plaintext, without the records)
    // (ws types the option as net.createConnection with all its overloads; it calls it with the options object)
    /** @type {(options: object|number|string) => import('node:net').Socket} */
    const createConnection = (options) => {
      if (typeof options !== 'object') throw new TypeError('ws: createConnection expected the request options');
      const request = /** @type {import('node:net').TcpNetConnectOpts & import('node:tls').ConnectionOptions} */ (options);
      wire = net.connect({ ...request, path: undefined });
      socket = url.startsWith('wss:') ? tls.connect({ ...request, path: undefined, socket: wire, ca, servername: 'localhost' }) : wire;
      return socket;
    };
    // 'deflate': every message compressed on its own (ws's default threshold would leave messages under 1 KiB
    // alone; and with context takeover, a benchmark that sends one payload over and over would compress each
    // repeat to a back-reference, which a stream of different messages does not get); 'deflate-context' is
    // that variant, as browsers negotiate it
    const perMessageDeflate = compress === 'deflate' ? { threshold: 0, clientNoContextTakeover: true, serverNoContextTakeover: true }
      : compress === 'deflate-context' ? { threshold: 0 } : false;
    const ws = new WebSocket(url, { perMessageDeflate, createConnection });
    ws.binaryType = 'nodebuffer';
    // covers the TCP connect too, which the OS may otherwise retry for minutes
    const timer = setTimeout(() => {
      reject(new UserError(`cannot connect to ${shown}: no answer within ${timeoutMs / 1000} s`));
      ws.terminate();
    }, timeoutMs);
    ws.once('close', () => clearTimeout(timer));
    ws.once('open', () => {
      clearTimeout(timer);
      ws.removeAllListeners('error');
      // ws called createConnection before it could open
      if (!socket || !wire) reject(new Error(`${shown}: the WebSocket opened without its socket`));
      else resolve({ ws, socket, wire });
    });
    ws.once('unexpected-response', (req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (/** @type {string} */ chunk) => { body += chunk; });
      res.on('end', () => {
        reject(new UserError(`${shown}: server refused: ${res.statusCode} ${res.statusMessage}${body.trim() ? `: ${body.trim()}` : ''}`));
        req.destroy();
      });
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(new UserError(`cannot connect to ${shown}: ${connectionFailure(err)}`));
    });
  });
}

/**
 * Closes a WebSocket, terminating it when the close handshake takes over a second.
 * @param {WebSocket} ws
 * @returns {Promise<void>}
 */
function closeSocket(ws) {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => { ws.terminate(); resolve(); }, 1000);
    ws.once('close', () => { clearTimeout(timer); resolve(); });
    ws.close(1000);
  });
}

/** What the close codes a server sends mean (RFC 6455, 7.4.1), for the line that says why a pass ended. */
const CLOSE_CODES = /** @type {Record<number, string>} */ ({
  1000: 'normal closure', 1001: 'going away', 1002: 'protocol error', 1003: 'unsupported data', 1006: 'closed without a close frame',
  1007: 'invalid payload data', 1008: 'policy violation', 1009: 'message too big: over the server\'s --max-payload', 1011: 'server error',
});

/**
 * A WebSocket close in words: "with close code 1009 (message too big: …)", the reason the peer gave after it.
 * @param {number} code
 * @param {Buffer | undefined} reason
 */
export function closeText(code, reason) {
  const said = reason?.length ? `: ${printableReason(reason.toString('utf8'))}` : '';
  return `with close code ${code}${CLOSE_CODES[code] ? ` (${CLOSE_CODES[code]})` : ''}${said}`;
}

/** A peer's close reason on one line, at most 123 bytes by the protocol, without control characters. @param {string} s */
const printableReason = (s) => JSON.stringify(s.slice(0, 123));
