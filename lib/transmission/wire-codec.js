import { SEQ_BYTES } from './protocol.js';

/**
 * A prepared codec as the transmission benchmark uses it: encode the
 * payload's native form straight into a frame, decode from the received bytes
 * into the native form. A codec whose encode returns
 * a string (say, plain JSON) travels as UTF-8 and is handed a string again on
 * decode, so every codec sees its own interface and the wire sees bytes.
 * @param {import('../verify.js').Prepared} prepared a measurable prepared codec
 * @param {any} value the payload value, to learn what encode returns
 */
export function wireCodec(prepared, value) {
  const { decode, fromPlain } = prepared.instance;
  // a sender holds its message in the library's native form: the payload's was built once by prepareCodecs
  const encode = /** @type {(obj: any) => any} */ ((obj) => prepared.instance.encode(obj === value ? prepared.native : fromPlain(obj)));
  const textual = typeof encode(value) === 'string';
  return {
    name: prepared.codec.name,
    prepared,
    textual,
    /** A frame: sequence number, then this codec's bytes of `obj`. */
    frame: textual
      ? (seq, obj) => {
        const text = encode(obj);
        const frame = Buffer.allocUnsafe(SEQ_BYTES + Buffer.byteLength(text));
        frame.writeUInt32BE(seq, 0);
        frame.write(text, SEQ_BYTES, 'utf8');
        return frame;
      }
      : (seq, obj) => {
        const bytes = encode(obj);
        const frame = Buffer.allocUnsafe(SEQ_BYTES + bytes.length);
        frame.writeUInt32BE(seq, 0);
        frame.set(bytes, SEQ_BYTES);
        return frame;
      },
    /** Decodes the bytes after the sequence number (throws on bad input). */
    decode: textual ? (bytes) => decode(bytes.toString('utf8')) : decode,
  };
}
