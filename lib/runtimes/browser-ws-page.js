/**
 * The WebSocket client of the transmission benchmark in a browser page, with the browser's own WebSocket:
 * the ws transport's frames (lib/transmission/transports/ws.js: 4-byte big-endian sequence number, then the
 * codec's bytes; a 5-byte ACK back) against the same server.js, driven and accounted for by the same module
 * as the Node client (lib/transmission/accounting.js). Latencies go back to the host, which summarises them
 * with the same HDR histogram as every other client.
 */
import { ACK_BYTES, SEQ_BYTES } from '../transmission/protocol.js';
import { drivePass } from '../transmission/accounting.js';
import { toBytes } from '../measure/baseline.js';

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
 * Sends `messages` frames of one codec (closed loop, `window` in flight) and accounts for every one. Before
 * the clock starts it awaits globalThis.pvjBeforeStart (the host's hook that marks the server's CPU
 * accounting), when the host defined one.
 * @param {{ url: string, encode: (value: any) => any, value: any, messages: number, window?: number, idleTimeoutMs?: number }} options
 */
export async function sendFromPage({ url, encode, value, messages, window = 1, idleTimeoutMs = 10000 }) {
  const latencies = [];
  let payloadBytes = 0;
  /** @type {WebSocket | null} */
  let ws = null;
  const r = await drivePass({
    messages, idleTimeoutMs, record: (ms) => latencies.push(ms),
    open: async ({ onAnswer, onClosed }) => {
      const socket = await connect(url);
      ws = socket;
      socket.onmessage = (event) => {
        const data = new Uint8Array(event.data);
        // not an ACK of ours: a stray, counted as the Node client counts it
        if (data.length !== ACK_BYTES) return void onAnswer(-1, 2);
        onAnswer(new DataView(data.buffer).getUint32(0), data[SEQ_BYTES]);
      };
      socket.onclose = () => onClosed();
      return {
        capacity: window,
        send(seq) {
          const bytes = toBytes(encode(value));
          const frame = new Uint8Array(SEQ_BYTES + bytes.length);
          new DataView(frame.buffer).setUint32(0, seq);
          frame.set(bytes, SEQ_BYTES);
          payloadBytes += bytes.length;
          socket.send(frame);
        },
      };
    },
    beforeStart: async () => { await /** @type {any} */ (globalThis).pvjBeforeStart?.(); },
  });
  /** @type {WebSocket | null} */ (ws)?.close(1000);
  const { client: _client, ...run } = r;
  return { ...run, payloadBytes, latencies };
}
