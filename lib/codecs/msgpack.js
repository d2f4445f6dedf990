import { Decoder, Encoder } from '@msgpack/msgpack';

/**
 * MessagePack by @msgpack/msgpack, the msgpack organisation's reference
 * implementation for JavaScript. One Encoder and Decoder are reused, as the
 * library advises for speed.
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'msgpack',
  description: 'MessagePack by @msgpack/msgpack, the reference implementation: binary, field names on the wire, reused Encoder/Decoder',
  library: '@msgpack/msgpack',
  mediaType: 'application/vnd.msgpack',
  kind: { schema: false, binary: true, codegen: false },
  normalise: [],
  decoded: 'plain objects and arrays (Decoder.decode)',
  create() {
    const encoder = new Encoder();
    const decoder = new Decoder();
    return { encode: (obj) => encoder.encode(obj), decode: (/** @type {Uint8Array} */ bytes) => decoder.decode(bytes) };
  },
});
