/**
 * A prepared codec as the transmission benchmark uses it, the same on both ends of every transport: message i
 * of a pass is corpus[i % corpus.length], held in the library's native form (built once, as the library's
 * users hold their messages), encoded into bytes per send and decoded from the received bytes into the native
 * form. A codec whose encode returns a string (say, plain JSON) travels as UTF-8 and is handed a string again
 * on decode, so every codec sees its own interface and the wire sees bytes.
 *
 * @typedef {object} WireCodec
 * @property {string} name the format
 * @property {import('../verify.js').Prepared} prepared
 * @property {boolean} textual its encode returns a string
 * @property {string} mediaType what an HTTP Content-Type carries for it
 * @property {number} messageCount distinct messages in the corpus
 * @property {(i: number, prefixBytes?: number) => Buffer} encodeMessage message i's bytes; with prefixBytes, that
 *   many bytes are left (unset) before them for the transport's own header, so it needs no second copy
 * @property {(bytes: Buffer) => any} decode throws on bad input
 * @property {(i: number) => number} byteLength the codec bytes of message i (measured once per corpus message)
 */

/**
 * @param {import('../verify.js').Prepared} prepared a measurable prepared codec
 * @param {unknown[]} corpus the payload's messages (payload.corpus ?? [payload.value]); corpus[0] is the value
 *   prepared.native was built from
 * @returns {WireCodec}
 */
export function wireCodec(prepared, corpus) {
  const { decode, fromPlain, encode } = prepared.instance;
  const natives = corpus.map((value, i) => (i === 0 ? prepared.native : fromPlain(value)));
  const count = natives.length;
  const textual = typeof encode(natives[0]) === 'string';
  const encodeMessage = textual
    ? (i, prefixBytes = 0) => {
      const text = /** @type {string} */ (encode(natives[i % count]));
      const out = Buffer.allocUnsafe(prefixBytes + Buffer.byteLength(text));
      out.write(text, prefixBytes, 'utf8');
      return out;
    }
    : (i, prefixBytes = 0) => {
      const bytes = /** @type {Uint8Array} */ (encode(natives[i % count]));
      if (!prefixBytes) return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const out = Buffer.allocUnsafe(prefixBytes + bytes.length);
      out.set(bytes, prefixBytes);
      return out;
    };
  const sizes = natives.map((_, i) => encodeMessage(i).length);
  return {
    name: prepared.codec.name,
    prepared,
    textual,
    mediaType: /** @type {any} */ (prepared.codec).mediaType ?? (textual ? 'text/plain; charset=utf-8' : 'application/octet-stream'),
    messageCount: count,
    encodeMessage,
    byteLength: (i) => sizes[i % count],
    decode: textual ? (bytes) => decode(bytes.toString('utf8')) : decode,
  };
}
