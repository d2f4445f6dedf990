import test from 'node:test';
import assert from 'node:assert/strict';
import {
  ACK_BYTES, ACK_STATUS, CLOSE_TOO_LARGE, CONTROL, decodeAck, encodeAck, encodeControl, encodeFrame, NO_SEQ, websocketHeaderBytes,
} from '../../../lib/transmission/protocol.js';

// ws exports its Sender class (wrapper.mjs), which @types/ws does not declare
const { Sender } = /** @type {{ Sender: { frame(data: Buffer, options: object): Buffer[] } }} */ (/** @type {unknown} */ (await import('ws')));

test('a data frame is the 4-byte big-endian sequence number, then the codec bytes unchanged', () => {
  const frame = encodeFrame(0x01020304, Uint8Array.of(0xaa, 0xbb));
  assert.deepEqual([...frame], [1, 2, 3, 4, 0xaa, 0xbb]);
  assert.deepEqual([...encodeFrame(0xfffffffe, new Uint8Array(0))], [0xff, 0xff, 0xff, 0xfe]);
});

test('an ACK is 5 bytes: sequence number and status; decodeAck reads it back', () => {
  const ack = encodeAck(258, ACK_STATUS.decodeError);
  assert.equal(ACK_BYTES, 5);
  assert.deepEqual([...ack], [0, 0, 1, 2, 1]);
  assert.deepEqual(decodeAck(ack), { seq: 258, status: ACK_STATUS.decodeError });
  assert.deepEqual(decodeAck(encodeAck(0xffffffff, ACK_STATUS.malformed)), { seq: NO_SEQ, status: 2 });
});

test('decodeAck refuses anything that is not exactly 5 bytes (a stray text message, a truncated ACK)', () => {
  assert.equal(decodeAck(Buffer.from([0, 0, 0, 1])), null);
  assert.equal(decodeAck(Buffer.from([0, 0, 0, 1, 0, 0])), null);
  assert.equal(decodeAck(Buffer.alloc(0)), null);
});

test('a control frame is NO_SEQ (0xffffffff) and one CONTROL byte', () => {
  assert.deepEqual([...encodeControl(CONTROL.mark)], [0xff, 0xff, 0xff, 0xff, 1]);
  assert.deepEqual([...encodeControl(CONTROL.report)], [0xff, 0xff, 0xff, 0xff, 2]);
});

test('the close code for an oversize message is RFC 6455\'s "message too big"', () => {
  assert.equal(CLOSE_TOO_LARGE, 1009);
});

test('WebSocket frame header bytes follow RFC 6455 §5.2 at each length boundary', () => {
  // 7-bit length up to 125; 126 → 16-bit extended length; above 65535 → 64-bit; a client's mask adds 4
  const cases = [[0, 2], [125, 2], [126, 4], [65535, 4], [65536, 10], [1 << 24, 10]];
  for (const [length, bytes] of cases) {
    assert.equal(websocketHeaderBytes(length, false), bytes, `server frame of ${length} bytes`);
    assert.equal(websocketHeaderBytes(length, true), bytes + 4, `client (masked) frame of ${length} bytes`);
  }
});

test('websocketHeaderBytes agrees with the header the ws library writes', () => {
  for (const length of [0, 5, 125, 126, 1000, 65535, 65536, 70000]) {
    for (const mask of [false, true]) {
      const [header] = Sender.frame(Buffer.alloc(length), { fin: true, opcode: 2, mask, readOnly: false, rsv1: false });
      assert.equal(websocketHeaderBytes(length, mask), header.length, `${length} bytes, mask ${mask}`);
    }
  }
});
