import net from 'node:net';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import WebSocket from 'ws';
import { UserError } from '../errors.js';
import { createLatency } from './latency.js';
import { ACK_STATUS, CONTROL, decodeAck, encodeControl, SEQ_BYTES, websocketHeaderBytes } from './protocol.js';

const UNSENT = 0;
const IN_FLIGHT = 1;
const ANSWERED = 2;

/**
 * Sends `messages` frames of one codec to a benchmark server and accounts
 * for each by its sequence number: acked exactly once, answered with an
 * error, duplicated, lost (sent, never answered) or not sent at all. Closed loop (default): at most `window`
 * messages in flight per connection, the next one sent as an ACK arrives,
 * no timer in the way. Open loop (`rate`): message i is due at
 * start + i/rate and its latency counts from then, so a stall shows in the
 * percentiles instead of silently slowing the sender (coordinated omission).
 * @param {object} options
 * @param {string} options.url ws://HOST:PORT/<format>
 * @param {ReturnType<import('./wire-codec.js').wireCodec>} options.codec
 * @param {any} options.value the payload, encoded afresh for every message
 * @param {number} options.messages
 * @param {number} [options.window] messages in flight per connection (closed loop)
 * @param {number} [options.connections]
 * @param {number} [options.rate] msgs/s over all connections (open loop)
 * @param {number} [options.idleTimeoutMs] give up when no ACK arrives for this long
 * @param {(p: { done: number, total: number }) => void} [options.onProgress]
 * @param {boolean} [options.deflate] offer permessage-deflate (compressing every message); the wire bytes are then
 *   counted at the socket
 * @param {boolean} [options.serverReport] ask the server for its CPU and event-loop figures over the
 *   pass (control frames on the first connection; null in the result when it does not answer)
 */
export async function runClient({ url, codec, value, messages, window = 1, connections = 1, rate, idleTimeoutMs = 10000, onProgress, serverReport = false, deflate = false }) {
  if (messages > 0xfffffffe) throw new UserError('at most 4294967294 messages per run (32-bit sequence numbers)');
  const opened = await Promise.allSettled(Array.from({ length: connections }, () => connect(url, { deflate })));
  const sockets = opened.filter((o) => o.status === 'fulfilled').map((o) => o.value);
  const failed = opened.find((o) => o.status === 'rejected');
  if (failed) {
    await Promise.all(sockets.map(closeSocket));
    throw failed.reason;
  }
  const state = new Uint8Array(messages);
  const due = new Float64Array(messages);
  const latency = createLatency();
  // open loop: also from the actual send time, which hides the wait behind a stall (coordinated omission)
  const sentAt = rate ? new Float64Array(messages) : null;
  const uncorrected = rate ? createLatency() : null;
  const progressStep = Math.max(1, Math.floor(messages / 100));
  let nextSeq = 0;
  let answered = 0;
  let acked = 0;
  let errors = 0;
  let duplicated = 0;
  let unexpected = 0;
  let payloadBytes = 0;
  let frameBytes = 0;
  let lastProgress = performance.now();
  let end = 0;
  /** @type {(value?: unknown) => void} resolves `finished` */
  let finish;
  const finished = new Promise((resolve) => { finish = resolve; });
  const interval = rate ? 1000 / rate : 0;
  let reportArrived;
  const reported = new Promise((resolve) => { reportArrived = resolve; });
  if (serverReport) sockets[0].send(encodeControl(CONTROL.mark));
  const writtenAt = () => sockets.reduce((n, ws) => n + rawSockets.get(ws).bytesWritten(), 0);
  const writtenStart = writtenAt();
  const cpuStart = process.cpuUsage();
  const eluStart = performance.eventLoopUtilization();
  const start = performance.now();

  // frames sent while handling one read's ACKs go out in one write: at window 64 on loopback this
  // doubles to triples msgs/s (figures in docs/transmission.md)
  const corked = new Set();
  const uncorkAll = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };

  function send(ws, seq, dueAt) {
    if (!corked.size) process.nextTick(uncorkAll);
    const socket = rawSockets.get(ws);
    if (!corked.has(socket)) {
      corked.add(socket);
      socket.cork();
    }
    const frame = codec.frame(seq, value);
    payloadBytes += frame.length - SEQ_BYTES;
    frameBytes += frame.length + websocketHeaderBytes(frame.length, true);
    state[seq] = IN_FLIGHT;
    due[seq] = dueAt ?? performance.now();
    if (sentAt) sentAt[seq] = performance.now();
    ws.send(frame);
  }

  function onAck(ws, data) {
    const ack = decodeAck(data);
    if (!ack || ack.seq >= messages || state[ack.seq] === UNSENT) {
      unexpected++;
      return;
    }
    if (state[ack.seq] === ANSWERED) {
      duplicated++;
      return;
    }
    const now = performance.now();
    state[ack.seq] = ANSWERED;
    answered++;
    lastProgress = now;
    if (ack.status === ACK_STATUS.ok) {
      acked++;
      latency.record(now - due[ack.seq]);
      uncorrected?.record(now - sentAt[ack.seq]);
    } else {
      errors++;
    }
    if (onProgress && answered % progressStep === 0) onProgress({ done: answered, total: messages });
    if (answered === messages) {
      end = now;
      finish();
    } else if (!rate && nextSeq < messages) {
      send(ws, nextSeq++);
    }
  }

  let open = sockets.length;
  for (const ws of sockets) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) onAck(ws, data);
      else reportArrived(parseReport(data));
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (--open === 0 && answered < messages) finish();
    });
  }

  let pump;
  if (rate) {
    let turn = 0;
    const tick = () => {
      const now = performance.now();
      while (nextSeq < messages && start + nextSeq * interval <= now) {
        const ws = nextOpen();
        if (!ws) return;
        send(ws, nextSeq, start + nextSeq * interval);
        nextSeq++;
      }
      if (nextSeq < messages) pump = setTimeout(tick, Math.max(0, start + nextSeq * interval - performance.now()));
    };
    const nextOpen = () => {
      for (let i = 0; i < sockets.length; i++) {
        const ws = sockets[turn++ % sockets.length];
        if (ws.readyState === WebSocket.OPEN) return ws;
      }
      return null;
    };
    tick();
  } else {
    for (let i = 0; i < window; i++) {
      for (const ws of sockets) if (nextSeq < messages) send(ws, nextSeq++);
    }
  }

  // a watchdog, not a pacer: it only ends a run that stopped getting answers
  const watchdog = setInterval(() => {
    if (performance.now() - lastProgress > idleTimeoutMs) finish();
  }, Math.min(1000, idleTimeoutMs));
  if (messages === 0) finish();
  await finished;
  clearInterval(watchdog);
  clearTimeout(pump);
  if (!end) end = performance.now();
  const cpu = process.cpuUsage(cpuStart);
  // compressed frames are only known to the socket
  if (deflate) frameBytes = writtenAt() - writtenStart;
  const clientElu = performance.eventLoopUtilization(eluStart).utilization;
  let server = null;
  if (serverReport && sockets[0].readyState === WebSocket.OPEN) {
    sockets[0].send(encodeControl(CONTROL.report));
    let timer;
    server = await Promise.race([reported, new Promise((resolve) => { timer = setTimeout(resolve, 2000, null); })]);
    clearTimeout(timer);
  }
  const timedOut = answered < messages && open > 0;
  const disconnected = answered < messages && open === 0;
  await Promise.all(sockets.map(closeSocket));

  const seconds = (end - start) / 1000;
  const sent = state.reduce((n, s) => n + Number(s !== UNSENT), 0);
  return {
    messages,
    sent,
    acked,
    lost: sent - answered,
    // never sent (the server went away first): not lost on the wire, and not part of any per-message figure
    notSent: messages - sent,
    duplicated: duplicated + unexpected,
    errors,
    seconds,
    msgsPerSec: seconds > 0 ? acked / seconds : 0,
    payloadMBps: seconds > 0 && sent ? (payloadBytes * (acked / sent)) / 1e6 / seconds : 0,
    wireBytes: { payload: payloadBytes, frames: frameBytes },
    latency,
    // open loop only: latency from the actual send time (null in closed loop, where it is the same)
    latencyUncorrected: uncorrected,
    // CPU per message acked; the server's over the messages it handled since the mark
    clientCpuUs: acked ? (cpu.user + cpu.system) / acked : null,
    clientElu,
    serverCpuUs: server?.messages ? server.cpuUs / server.messages : null,
    serverElu: server?.elu ?? null,
    // wall time the server's event loop was busy per message (its CPU, plus any time it blocked or waited for a core)
    serverBusyUs: server?.messages ? (server.elu * server.seconds * 1e6) / server.messages : null,
    ended: timedOut ? `no ACK for ${idleTimeoutMs / 1000} s` : disconnected ? 'the server closed every connection' : 'complete',
  };
}

// each client WebSocket's TCP (or TLS) socket, kept when ws creates it, to cork it
const rawSockets = new WeakMap();

/**
 * Opens one WebSocket; a failure becomes one line saying what happened.
 * @param {string} url
 * @param {{ timeoutMs?: number, deflate?: boolean }} [options] deflate: offer permessage-deflate
 */
export function connect(url, { timeoutMs = 10000, deflate = false } = {}) {
  const shown = url.split('?')[0]; // the payload identity in the query would only clutter the message
  return new Promise((resolve, reject) => {
    let socket;
    // ws passes http.request's options; their `path` is the URL's, not a Unix socket's
    const createConnection = (options) => {
      socket = url.startsWith('wss:')
        ? tls.connect({ ...options, path: undefined, servername: options.servername ?? options.host })
        : net.connect({ ...options, path: undefined });
      return socket;
    };
    // deflate: every message compressed on its own (ws's default threshold would leave messages under 1 KiB
    // alone; and with context takeover, a benchmark that sends one payload over and over would compress each
    // repeat to a back-reference, ~20 bytes, which no real stream of different messages gets)
    const perMessageDeflate = deflate ? { threshold: 0, clientNoContextTakeover: true, serverNoContextTakeover: true } : false;
    const ws = new WebSocket(url, { perMessageDeflate, createConnection });
    rawSockets.set(ws, { cork: () => socket.cork(), uncork: () => socket.uncork(), bytesWritten: () => socket.bytesWritten });
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
      resolve(ws);
    });
    ws.once('unexpected-response', (req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => {
        reject(new UserError(`${shown}: server refused: ${res.statusCode} ${res.statusMessage}${body.trim() ? `: ${body.trim()}` : ''}`));
        req.destroy();
      });
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      const why = {
        ECONNREFUSED: 'connection refused (is the server running?)',
        ENOTFOUND: 'no such host',
        EHOSTUNREACH: 'host unreachable',
        ETIMEDOUT: 'timed out',
        ECONNRESET: 'connection reset',
      }[/** @type {NodeJS.ErrnoException} */ (err).code] ?? err.message;
      reject(new UserError(`cannot connect to ${shown}: ${why}`));
    });
  });
}

/** The server's text answer to a report request, or null when it is not one. */
function parseReport(data) {
  try {
    const r = JSON.parse(data.toString('utf8'));
    return Number.isFinite(r?.cpuUs) && Number.isFinite(r?.messages) ? r : null;
  } catch {
    return null;
  }
}

function closeSocket(ws) {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => { ws.terminate(); resolve(); }, 1000);
    ws.once('close', () => { clearTimeout(timer); resolve(); });
    ws.close(1000);
  });
}
