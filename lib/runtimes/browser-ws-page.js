/**
 * The WebSocket client of the transmission benchmark, in a browser page, with
 * the browser's own WebSocket: the same frames as lib/transmission/client.js
 * (4-byte big-endian sequence number, then the codec's bytes) against the same
 * server.js, and every message accounted for the same way by its sequence
 * number: acked exactly once, answered with an error, duplicated, lost (sent,
 * never answered) or never sent. Closed loop: at most `window` messages in
 * flight, the next sent as an ACK arrives. Latencies go back to the host,
 * which summarises them with the same HDR histogram as every other client.
 */
import { ACK_BYTES, ACK_STATUS, SEQ_BYTES } from '../transmission/protocol.js';
import { toBytes } from '../measure/baseline.js';

const UNSENT = 0;
const IN_FLIGHT = 1;
const ANSWERED = 2;

/**
 * Opens a WebSocket that carries binary frames as ArrayBuffers.
 * @param {string} url
 * @returns {Promise<WebSocket>}
 */
function connect(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => resolve(ws);
    ws.onerror = () => reject(new Error(`cannot connect to ${url.split('?')[0]} from the page`));
  });
}

/**
 * Sends `messages` frames of one codec and accounts for every one.
 * @param {{ url: string, encode: (value: any) => any, value: any, messages: number, window?: number, idleTimeoutMs?: number }} options
 */
export async function sendFromPage({ url, encode, value, messages, window = 1, idleTimeoutMs = 10000 }) {
  const ws = await connect(url);
  const state = new Uint8Array(messages);
  const due = new Float64Array(messages);
  const latencies = [];
  let nextSeq = 0;
  let answered = 0;
  let acked = 0;
  let errors = 0;
  let duplicated = 0;
  let payloadBytes = 0;
  let lastProgress = performance.now();
  let end = 0;
  /** @type {(value?: unknown) => void} */
  let finish = () => {};
  const finished = new Promise((resolve) => { finish = resolve; });

  const send = (seq) => {
    const bytes = toBytes(encode(value));
    const frame = new Uint8Array(SEQ_BYTES + bytes.length);
    new DataView(frame.buffer).setUint32(0, seq);
    frame.set(bytes, SEQ_BYTES);
    payloadBytes += bytes.length;
    state[seq] = IN_FLIGHT;
    due[seq] = performance.now();
    ws.send(frame);
  };
  ws.onmessage = (event) => {
    const data = new Uint8Array(event.data);
    const seq = data.length === ACK_BYTES ? new DataView(data.buffer).getUint32(0) : -1;
    if (seq < 0 || seq >= messages || state[seq] === UNSENT) return void duplicated++; // not an ACK of ours: counted as client.js does
    if (state[seq] === ANSWERED) return void duplicated++;
    const now = performance.now();
    state[seq] = ANSWERED;
    answered++;
    lastProgress = now;
    if (data[SEQ_BYTES] === ACK_STATUS.ok) {
      acked++;
      latencies.push(now - due[seq]);
    } else {
      errors++;
    }
    if (answered === messages) {
      end = now;
      finish();
    } else if (nextSeq < messages) {
      send(nextSeq++);
    }
  };
  ws.onclose = () => finish();
  const start = performance.now();
  for (let i = 0; i < window && nextSeq < messages; i++) send(nextSeq++);
  const watchdog = setInterval(() => { if (performance.now() - lastProgress > idleTimeoutMs) finish(); }, Math.min(1000, idleTimeoutMs));
  if (messages === 0) finish();
  await finished;
  clearInterval(watchdog);
  if (!end) end = performance.now();
  const disconnected = answered < messages && ws.readyState !== WebSocket.OPEN;
  ws.close(1000);
  const sent = state.reduce((n, s) => n + Number(s !== UNSENT), 0);
  return {
    messages, sent, acked, lost: sent - answered, notSent: messages - sent, duplicated, errors,
    seconds: (end - start) / 1000, payloadBytes, latencies,
    ended: answered === messages ? 'complete' : disconnected ? 'the server closed every connection' : `no ACK for ${idleTimeoutMs / 1000} s`,
  };
}
