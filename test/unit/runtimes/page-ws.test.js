// The page client's pass (browser-ws-page.js) against a stand-in for the browser's WebSocket that answers every
// frame with the server's ACK: its wire bytes are counted frame by frame, as the Node client counts them at its socket.
import test from 'node:test';
import assert from 'node:assert/strict';
import { sendFromPage } from '../../../lib/runtimes/page/browser-ws-page.js';
import { passFromPage } from '../../../lib/runtimes/page/browser-ws.js';
import { ACK_BYTES, SEQ_BYTES } from '../../../lib/transmission/protocol.js';

/** A WebSocket of the page's shape: opens at once, answers each frame with a 5-byte ACK (sequence number, status 0). */
class AckingSocket {
  /** @param {string} url */
  constructor(url) {
    this.url = url;
    this.binaryType = 'blob';
    /** @type {((e: unknown) => void) | null} */ this.onopen = null;
    /** @type {((e: { data: ArrayBuffer }) => void) | null} */ this.onmessage = null;
    /** @type {(() => void) | null} */ this.onclose = null;
    /** @type {(() => void) | null} */ this.onerror = null;
    setImmediate(() => this.onopen?.({}));
  }

  /** @param {Uint8Array} frame */
  send(frame) {
    const ack = new Uint8Array(ACK_BYTES);
    ack.set(frame.subarray(0, SEQ_BYTES));
    setImmediate(() => this.onmessage?.({ data: ack.buffer }));
  }

  close() {}
}

test('the page counts its frames\' bytes message by message (a header per frame length, the mask, each ACK), not from the average size', async (t) => {
  const saved = Reflect.get(globalThis, 'WebSocket');
  Reflect.set(globalThis, 'WebSocket', AckingSocket);
  t.after(() => Reflect.set(globalThis, 'WebSocket', saved));
  // 10 and 70,000 bytes: their frames' headers are 6 and 14 bytes (2, the 8-byte length, the mask); 120 bytes: 8
  const natives = [10, 70000, 120].map((n) => new Uint8Array(n).fill(7));
  const run = await sendFromPage({ url: 'ws://127.0.0.1:1/x', encode: (n) => /** @type {Uint8Array} */ (n), natives, messages: 6 });
  assert.equal(run.sent, 6);
  assert.equal(run.payloadBytes, 2 * (10 + 70000 + 120));
  const frame = (/** @type {number} */ n) => n + SEQ_BYTES + (n + SEQ_BYTES > 65535 ? 14 : n + SEQ_BYTES > 125 ? 8 : 6);
  assert.equal(run.wire.up, 2 * (frame(10) + frame(70000) + frame(120)));
  assert.equal(run.wire.down, 6 * (2 + ACK_BYTES));
  const pass = passFromPage(run);
  assert.deepEqual(pass.wireBytes, { payload: run.payloadBytes, frames: run.wire.up, up: run.wire.up, down: run.wire.down });
  // the average's header (8 bytes for 23,376 bytes) would have missed the 10-byte message's shorter one and the large one's longer one
  assert.notEqual(pass.wireBytes.up, run.payloadBytes + 6 * (SEQ_BYTES + 8));
});
