import http from 'node:http';
import { WebSocketServer } from 'ws';
import { UserError } from '../errors.js';
import { performance } from 'node:perf_hooks';
import { ACK_STATUS, CONTROL, encodeAck, NO_SEQ, SEQ_BYTES } from './protocol.js';

/** Default limit on one message's codec bytes (ws's own default is 100 MiB). */
export const DEFAULT_MAX_PAYLOAD = 16 * 1024 * 1024;

/**
 * Starts the benchmark's WebSocket server: one URL path per format; each
 * message is decoded with that format's codec (or not, with `raw`) and
 * answered with an ACK carrying its sequence number. It keeps counters and
 * never logs per message. Bad frames are counted and answered with an error
 * ACK; a frame over `maxPayload` closes only its connection (code 1009).
 * @param {object} options
 * @param {Map<string, (ReturnType<import('./wire-codec.js').wireCodec> & { refused?: undefined }) | { refused: string }>} options.codecs by format name
 * @param {string} [options.host] default 127.0.0.1
 * @param {number} [options.port] 0 for an ephemeral port
 * @param {{ id: string, hash: string }} [options.identity] the payload this server decodes; a client
 *   naming another (`?payload=HASH&name=ID` in its URL) is refused with 409 at the upgrade
 * @param {boolean} [options.raw] ACK without decoding: the transport's ceiling
 * @param {number} [options.maxPayload] codec bytes allowed in one message
 */
export async function startWsServer({ codecs, identity, host = '127.0.0.1', port = 0, raw = false, maxPayload = DEFAULT_MAX_PAYLOAD }) {
  const counters = createCounters();
  // CPU and event-loop accounting since a client's `mark` control frame (process-wide)
  let mark = null;
  const markNow = () => ({ cpu: process.cpuUsage(), elu: performance.eventLoopUtilization(), messages: counters.messages, at: performance.now() });
  const report = () => {
    const from = mark ?? markNow();
    const cpu = process.cpuUsage(from.cpu);
    return JSON.stringify({
      messages: counters.messages - from.messages, cpuUs: cpu.user + cpu.system,
      elu: performance.eventLoopUtilization(from.elu).utilization, seconds: (performance.now() - from.at) / 1000,
    });
  };
  const accepted = [...codecs].filter(([, c]) => !c.refused).map(([name]) => name);
  const server = http.createServer((req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    // a plain GET shows how to connect, and the counters so far (handy to watch a long run)
    res.end(`WebSocket only: connect to ws://HOST:PORT/<format>; formats: ${accepted.join(', ')}\n${describeCounters(counters, { raw })}\n`);
  });
  // permessage-deflate is accepted when a client offers it (the --deflate passes); ACKs stay under its threshold,
  // so they travel uncompressed
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxPayload + SEQ_BYTES, perMessageDeflate: { threshold: 1024 } });

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {});
    let name;
    let query;
    try {
      const url = new URL(req.url, 'http://localhost');
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
    const codec = codecs.get(name);
    if (!codec) return refuse(socket, 404, `unknown format "${name}"; this server accepts: ${accepted.join(', ')}`);
    if (codec.refused) return refuse(socket, 422, `${name} cannot carry this payload: ${codec.refused}`);
    // ?raw=1: this connection is ACKed without decoding, so one server can measure both (the decode share)
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, /** @type {import('node:net').Socket} */ (socket), name, codec, raw || query.get('raw') === '1'));
  });

  function refuse(socket, status, message) {
    counters.refused++;
    const body = `${message}\n`;
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: text/plain; charset=utf-8\r\n`
      + `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  }

  /**
   * @param {import('ws').WebSocket} ws
   * @param {import('node:net').Socket} socket the connection's socket, from the upgrade request
   */
  function serve(ws, socket, name, codec, rawHere = raw) {
    counters.connections++;
    counters.open++;
    const perFormat = (counters.byFormat[name] ??= { connections: 0, messages: 0, decodeErrors: 0 });
    perFormat.connections++;
    // ACKs for the frames of one read go out in one write: cork now, uncork once this batch is handled
    let corked = false;
    const uncork = () => {
      corked = false;
      socket.uncork();
    };
    const ack = (seq, status) => {
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      ws.send(encodeAck(seq, status));
    };
    // binaryType is ws's default 'nodebuffer': every message arrives as one Buffer
    ws.on('message', (/** @type {Buffer} */ data) => {
      if (data.length > SEQ_BYTES && data.readUInt32BE(0) === NO_SEQ) {
        if (data[SEQ_BYTES] === CONTROL.mark) mark = markNow();
        else if (data[SEQ_BYTES] === CONTROL.report) ws.send(report(), { binary: false });
        return;
      }
      counters.messages++;
      perFormat.messages++;
      counters.bytes += data.length;
      if (data.length < SEQ_BYTES) {
        counters.malformed++;
        ack(NO_SEQ, ACK_STATUS.malformed);
        return;
      }
      let status = ACK_STATUS.ok;
      if (!rawHere) {
        try {
          codec.decode(data.subarray(SEQ_BYTES));
        } catch {
          status = ACK_STATUS.decodeError;
          counters.decodeErrors++;
          perFormat.decodeErrors++;
        }
      }
      ack(data.readUInt32BE(0), status);
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

  await /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ err) => {
      if (err.code === 'EADDRINUSE') reject(new UserError(`port ${port} on ${host} is already in use`));
      else if (err.code === 'EACCES') reject(new UserError(`no permission to listen on ${host}:${port}`));
      else if (err.code === 'EADDRNOTAVAIL') reject(new UserError(`--host ${host}: not an address of this machine`));
      else if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'EAI_NONAME') {
        reject(new UserError(`--host ${host}: cannot resolve this name to an address of this machine (${err.code})`));
      }
      else reject(err);
    });
    server.listen(port, host, resolve);
  }));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `ws://${shownHost}:${address.port}`,
    host: address.address,
    port: address.port,
    counters,
    raw,
    /** Closes every connection and the listening socket. */
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(() => resolve()));
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function createCounters() {
  return {
    startedAt: Date.now(),
    connections: 0,
    open: 0,
    refused: 0,
    messages: 0,
    bytes: 0,
    decodeErrors: 0,
    malformed: 0,
    tooLarge: 0,
    protocolErrors: 0,
    byFormat: {},
  };
}

/** The server's counters as a few lines, for its exit. */
export function describeCounters(c, { raw = false } = {}) {
  const seconds = (Date.now() - c.startedAt) / 1000;
  const formats = Object.entries(c.byFormat)
    .map(([name, f]) => `${name}: ${f.messages} messages on ${f.connections} connections, ${f.decodeErrors} decode errors`);
  return [
    `server summary after ${seconds.toFixed(1)} s${raw ? ' (raw: no decoding)' : ''}: ${c.messages} messages, ${c.bytes} bytes, `
      + `${c.connections} connections (${c.open} open), ${c.refused} refused upgrades`,
    `errors: ${c.decodeErrors} decode, ${c.malformed} malformed frames, ${c.tooLarge} over --max-payload (closed 1009), ${c.protocolErrors} protocol`,
    ...formats,
  ].join('\n');
}
