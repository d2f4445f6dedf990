/**
 * The wire protocol of the transmission benchmark, the same for every format
 * so the comparison stays fair:
 *
 *   client → server  one binary WebSocket message: 4-byte big-endian sequence
 *                    number, then the codec's bytes (strings as UTF-8)
 *   server → client  one binary message of 5 bytes: the sequence number and a
 *                    status byte (ACK_STATUS)
 *
 * The format is chosen once per connection by the URL path (ws://HOST:PORT/<format>).
 *
 * Control frames: a client → server frame whose sequence number is NO_SEQ
 * carries one CONTROL byte instead of codec bytes. `mark` starts the server's
 * CPU and event-loop accounting for a measured pass; `report` asks for it, and
 * the server answers with one text message, the JSON of ServerReport.
 */

/** Bytes of the sequence-number prefix. */
export const SEQ_BYTES = 4;

/** Bytes of one ACK. */
export const ACK_BYTES = SEQ_BYTES + 1;

/** Status byte of an ACK. */
export const ACK_STATUS = { ok: 0, decodeError: 1, malformed: 2 };

/** Sequence number an ACK carries when the frame was too short to have one. */
export const NO_SEQ = 0xffffffff;

/** Control requests (the byte after NO_SEQ). */
export const CONTROL = { mark: 1, report: 2 };

/**
 * One control frame.
 * @param {number} op a CONTROL value
 */
export function encodeControl(op) {
  return encodeAck(NO_SEQ, op);
}

/**
 * @typedef {{ messages: number, cpuUs: number, elu: number, seconds: number }} ServerReport
 *   since the last mark: data messages handled (all connections), process CPU (user + system, µs),
 *   event-loop utilization (0–1) and wall time
 */

/** Close code the server uses when a frame exceeds --max-payload (RFC 6455: message too big). */
export const CLOSE_TOO_LARGE = 1009;

/**
 * One frame: sequence number + encoded bytes.
 * @param {number} seq
 * @param {Uint8Array} bytes
 */
export function encodeFrame(seq, bytes) {
  const frame = Buffer.allocUnsafe(SEQ_BYTES + bytes.length);
  frame.writeUInt32BE(seq, 0);
  frame.set(bytes, SEQ_BYTES);
  return frame;
}

/**
 * One ACK frame.
 * @param {number} seq
 * @param {number} status
 */
export function encodeAck(seq, status) {
  const ack = Buffer.allocUnsafe(ACK_BYTES);
  ack.writeUInt32BE(seq, 0);
  ack[SEQ_BYTES] = status;
  return ack;
}

/**
 * Reads an ACK; null when the message is not one.
 * @param {Buffer} data
 * @returns {{ seq: number, status: number } | null}
 */
export function decodeAck(data) {
  if (data.length !== ACK_BYTES) return null;
  return { seq: data.readUInt32BE(0), status: data[SEQ_BYTES] };
}

/**
 * Bytes of the WebSocket frame header (RFC 6455 §5.2) for a message of
 * `length` bytes: 2, plus 2 or 8 for extended lengths, plus 4 for the mask
 * every client-to-server frame carries.
 * @param {number} length
 * @param {boolean} masked
 */
export function websocketHeaderBytes(length, masked) {
  const extended = length > 65535 ? 8 : length > 125 ? 2 : 0;
  return 2 + extended + (masked ? 4 : 0);
}
