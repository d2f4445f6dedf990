/**
 * What several transports share and no library provides: HTTP/2 and HPACK sizes for the framingBytes
 * declarations (http2, connect-h2, grpc), a protobuf varint's size, and a failed connection in a few words. It
 * imports no transport library, so a transport that uses it loads only its own (a gRPC run does not load
 * connect-node, an HTTP run does not load ws; test/unit/transmission/transports/imports.test.js checks it).
 */
import { errorMessage } from '../../errors.js';

/** An HTTP/2 frame's header: 9 bytes. */
export const H2_FRAME = 9;

/**
 * The WINDOW_UPDATE bytes a receiver sends for `dataBytes` of DATA: one 13-byte frame per half of the 64 KiB
 * default window, averaged over the bytes.
 * @param {number} dataBytes
 */
export const h2WindowUpdates = (dataBytes) => (13 * dataBytes) / 32768;

/**
 * HPACK's Huffman code lengths in bits (RFC 7541, Appendix B) for the printable ASCII characters, 32 (space)
 * to 126 (~), in order.
 */
const HUFFMAN_BITS_PRINTABLE = [
  6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, // space ! " # $ % & ' ( ) * + , - . /
  5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10, // 0-9 : ; < = > ?
  13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, // @ A-O
  7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6, // P-Z [ \ ] ^ _
  15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, // ` a-o
  6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, // p-z { | } ~
];

/**
 * Bits of one byte's Huffman code (RFC 7541 Appendix B); bytes outside printable ASCII, which headers here never
 * carry, count 8 (their codes are longer; an encoder would send such a value raw).
 * @param {number} byte
 */
const huffmanBits = (byte) => (byte >= 32 && byte <= 126 ? HUFFMAN_BITS_PRINTABLE[byte - 32] : 8);

/**
 * Bytes of a string literal in HPACK (RFC 7541 §5.2): its length prefix (7-bit prefix integer) and the shorter
 * of its Huffman code (padded to whole bytes) and its raw bytes, as nghttp2 and Node's HPACK encoder choose.
 * @param {string} value
 */
export function hpackStringBytes(value) {
  const bytes = Buffer.from(value, 'latin1');
  let bits = 0;
  for (const b of bytes) bits += huffmanBits(b);
  const length = Math.min(Math.ceil(bits / 8), bytes.length);
  return hpackIntegerBytes(length, 7) + length;
}

/**
 * Bytes of an HPACK integer with an N-bit prefix (RFC 7541 §5.1).
 * @param {number} n
 * @param {number} prefixBits
 */
export function hpackIntegerBytes(n, prefixBits) {
  const max = 2 ** prefixBits - 1;
  if (n < max) return 1;
  let bytes = 2;
  for (let rest = n - max; rest >= 128; rest = Math.floor(rest / 128)) bytes++;
  return bytes;
}

/**
 * Bytes of a header sent as a literal with an indexed name (a 1-byte name index, then the value as an HPACK
 * string): what an HPACK encoder spends on a value not in its tables, such as the :path of every request
 * (nghttp2 never indexes :path). The one estimator of the HTTP/2 transports' framingBytes.
 * @param {string} value
 */
export const hpackLiteralBytes = (value) => 1 + hpackStringBytes(value);

/**
 * Bytes of a protobuf varint.
 * @param {number} n
 */
export const varintBytes = (n) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/** @type {Record<string, string>} */
const FAILURES = {
  ECONNREFUSED: 'connection refused (is the server running?)',
  ENOTFOUND: 'no such host',
  EHOSTUNREACH: 'host unreachable',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'connection reset',
};

/**
 * Why a connection failed, in a few words.
 * @param {unknown} err
 * @returns {string}
 */
export function connectionFailure(err) {
  const code = /** @type {NodeJS.ErrnoException|null|undefined} */ (err)?.code;
  return (code && Object.hasOwn(FAILURES, code) ? FAILURES[code] : null) ?? errorMessage(err);
}
