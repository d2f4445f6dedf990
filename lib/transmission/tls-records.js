/**
 * What TLS adds to the bytes a socket carries: every write of plaintext becomes one or more TLS 1.3 records
 * (RFC 8446 §5.2), each up to 16 KiB of plaintext, with a 5-byte record header, the 1-byte inner content type
 * and the AEAD tag (16 bytes for AES-GCM and ChaCha20-Poly1305, the suites Node negotiates). A transport's
 * framingBytes() names the writes one message makes in each direction when nothing else is queued; writes that
 * leave together (a pipelined or multiplexed burst, corked) share records, so under load the overhead per
 * message is at most this.
 */

/** Bytes one TLS 1.3 record adds to its plaintext: header 5, content type 1, AEAD tag 16. */
export const TLS_RECORD_OVERHEAD = 5 + 1 + 16;

/** Most plaintext one record carries. */
export const TLS_MAX_PLAINTEXT = 16384;

/**
 * TLS's bytes for writes of these plaintext sizes, each its own records.
 * @param {...number} writes plaintext bytes of each write
 * @returns {number}
 */
export function tlsRecordBytes(...writes) {
  let bytes = 0;
  for (const w of writes) bytes += Math.max(1, Math.ceil(w / TLS_MAX_PLAINTEXT)) * TLS_RECORD_OVERHEAD;
  return bytes;
}

/**
 * Adds TLS's record bytes to a transport's framing when the run is over TLS.
 * @param {{ up: number, down: number }} framing the transport's own bytes per message beyond the codec's
 * @param {boolean} tls
 * @param {{ up: number[], down: number[] }} writes plaintext bytes of each write one message makes, each way
 * @returns {{ up: number, down: number }}
 */
export function withTlsRecords(framing, tls, writes) {
  if (!tls) return framing;
  return { up: framing.up + tlsRecordBytes(...writes.up), down: framing.down + tlsRecordBytes(...writes.down) };
}
