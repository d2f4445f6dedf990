/**
 * JSON bytes to bytes, as a socket carries it: the string is encoded to
 * UTF-8 on the way out and decoded from the received bytes on the way in.
 * This is the fair baseline for a binary format, as protobuf.js's own
 * benchmark measures it.
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'json-buffer',
  description: "JSON.stringify, then the string to UTF-8 bytes (Buffer.from); decode is JSON.parse of the bytes' text: bytes to bytes, as a socket carries them",
  library: 'node',
  mediaType: 'application/json',
  kind: { schema: false, binary: false, codegen: false },
  normalise: [],
  decoded: 'JSON.parse of the UTF-8 text of the bytes',
  // a page has no Buffer: the same bytes come from the browser's TextEncoder and TextDecoder
  browser: {
    create() {
      const encoder = new TextEncoder();
      const decoder = new TextDecoder();
      return { encode: (obj) => encoder.encode(JSON.stringify(obj)), decode: (/** @type {Uint8Array} */ bytes) => JSON.parse(decoder.decode(bytes)) };
    },
  },
  create() {
    return {
      encode: (obj) => Buffer.from(JSON.stringify(obj)),
      decode: (/** @type {Uint8Array} */ bytes) => JSON.parse(Buffer.isBuffer(bytes)
        ? bytes.toString('utf8')
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')),
    };
  },
});
