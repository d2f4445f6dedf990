/**
 * The WebSocket client of the transmission benchmark in a browser page, with the browser's own WebSocket:
 * the ws transport's frames (lib/transmission/transports/ws.js: 4-byte big-endian sequence number, then the
 * codec's bytes; a 5-byte ACK back) against the same server.js, driven and accounted for by the same module
 * as the Node client (lib/transmission/accounting.js). Latencies go back to the host, which summarises them
 * with the same HDR histogram as every other client.
 */
import { ACK_BYTES, SEQ_BYTES, websocketHeaderBytes } from '../../transmission/protocol.js';
import { drivePass } from '../../transmission/accounting.js';
import { toBytes } from '../../codecs/baseline.js';
import { corpusVerdict } from '../../verify.js';

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
 * The messages a page client sends, in the library's native form, built before any clock starts: message i of
 * a pass is corpus[i % corpusLength], as the Node client sends it, so the first min(sent, corpusLength) messages
 * of the corpus are needed. Each is verified as the Node client's are (corpusVerdict: encoded, decoded and
 * compared with the record; message 0 was verified by prepareCodecs): the first that changes makes the verdict
 * lossy, naming its index; one the codec throws on makes it unsupported or failed, and nothing is sent.
 * @param {import('../../verify.js').Prepared} prepared a measurable prepared codec
 * @param {unknown[]} corpus at least the first min(sent, corpusLength) messages of the payload's corpus
 * @param {{ sent: number, corpusLength: number, type?: import('protobufjs').Type | null }} options
 * @returns {{ natives: unknown[] | null, verdict: import('../../verify.js').CorpusVerdict }}
 */
export function pageMessages(prepared, corpus, { sent, corpusLength, type = null }) {
  const count = Math.min(Math.max(1, sent), corpusLength);
  if (corpus.length < count) throw new Error(`the page holds ${corpus.length} messages of the corpus, and a pass sends ${count} distinct ones`);
  if (!prepared.instance) throw new Error(`${prepared.codec.name}: not measurable (${prepared.reason ?? prepared.status}), no messages to send`);
  const { fromPlain, toPlain, encode, decode } = prepared.instance;
  const verdict = corpusVerdict(prepared, type);
  const natives = [prepared.native];
  for (let i = 1; i < count; i++) {
    try {
      natives.push(fromPlain(corpus[i]));
      if (!verdict.settled) verdict.check(i, corpus[i], toPlain(decode(encode(natives[i]))));
    } catch (err) {
      return { natives: null, verdict: verdict.refuse(i, err) };
    }
  }
  // with as many natives as the corpus has messages, or more than a pass sends, natives[seq % length] is corpus[seq % corpusLength]
  return { natives, verdict: verdict.result() };
}

/**
 * Sends `messages` frames of one codec (closed loop, `window` in flight), frame `seq` carrying message
 * natives[seq % natives.length] (pageMessages), and accounts for every one. Before the clock starts it awaits
 * globalThis.pvjBeforeStart (the host's hook that marks the server's CPU accounting), when the host defined one.
 * @param {{ url: string, encode: (native: unknown) => Uint8Array | string, natives: unknown[], messages: number, window?: number, idleTimeoutMs?: number }} options
 *   encode: the codec's, natives: its messages in native form
 */
export async function sendFromPage({ url, encode, natives, messages, window = 1, idleTimeoutMs = 10000 }) {
  /** @type {number[]} */
  const latencies = [];
  const count = natives.length;
  let payloadBytes = 0;
  // the page cannot see its socket: the frames' bytes are counted as they are made, each message's frame header
  // (RFC 6455: 2 bytes, 2 or 8 more for its length, the 4-byte mask) and each ACK's unmasked one, which without
  // extensions or TLS (the page client has neither) is every byte after the handshake
  const wire = { up: 0, down: 0 };
  /** @type {WebSocket | null} */
  let ws = null;
  const r = await drivePass({
    messages, idleTimeoutMs, record: (ms) => latencies.push(ms),
    open: async (/** @type {import('../../transmission/accounting.js').PassHandlers} */ { onAnswer, onClosed }) => {
      const socket = await connect(url);
      ws = socket;
      socket.onmessage = (event) => {
        const data = new Uint8Array(event.data);
        wire.down += websocketHeaderBytes(data.length, false) + data.length;
        // not an ACK of ours: a stray, counted as the Node client counts it
        if (data.length !== ACK_BYTES) return void onAnswer(-1, 2);
        onAnswer(new DataView(data.buffer).getUint32(0), data[SEQ_BYTES]);
      };
      socket.onclose = () => onClosed();
      return {
        capacity: window,
        send(seq) {
          const bytes = toBytes(encode(natives[seq % count]));
          const frame = new Uint8Array(SEQ_BYTES + bytes.length);
          new DataView(frame.buffer).setUint32(0, seq);
          frame.set(bytes, SEQ_BYTES);
          payloadBytes += bytes.length;
          wire.up += websocketHeaderBytes(frame.length, true) + frame.length;
          socket.send(frame);
        },
      };
    },
    beforeStart: async () => {
      const hook = /** @type {{ pvjBeforeStart?: unknown }} */ (globalThis).pvjBeforeStart;
      if (typeof hook === 'function') await hook();
    },
  });
  /** @type {WebSocket | null} */ (ws)?.close(1000);
  const { client: _client, ...run } = r;
  return { ...run, payloadBytes, wire, latencies };
}
