// The codec interface's native form, apart from the registry so that code
// running in a browser page (which cannot load the registry: it reads files)
// can import it: the identity conversion, completing an instance, and the
// fairness flags a codec declares or has detected.

/**
 * The conversion of a codec whose native form is the plain JSON-shaped object
 * itself (JSON, the schemaless codecs): nothing to convert, nothing to time.
 * A codec's create() may leave fromPlain or toPlain out to mean this.
 * @template T
 * @param {T} value
 * @returns {T}
 */
export const IDENTITY = (value) => value;

/**
 * A codec instance with both conversions present: a missing one is IDENTITY.
 * @param {Partial<CodecInstance>} instance what create() returned (encode and decode at least)
 * @returns {CodecInstance}
 */
export function completeInstance(instance) {
  return /** @type {CodecInstance} */ ({ fromPlain: IDENTITY, toPlain: IDENTITY, ...instance });
}

/**
 * True when a conversion of an instance is the identity (the native form is the plain object).
 * @param {unknown} conversion
 */
export const isIdentity = (conversion) => conversion === IDENTITY;

/**
 * The fairness flags of a codec on one payload, declared by the codec file
 * (`flags`) or detected now: where its schema came from, whether it runs
 * generated code, whether a native addon is loaded, which stateful or
 * non-standard extension it uses, whether it writes into a buffer it keeps
 * between calls.
 * @param {import('./index.js').CodecInfo} codec
 * @param {{ schemaSource?: string, schemaOrigin?: 'user'|'inferred' }} payload schemaOrigin: who wrote its schema
 *   (a bundled payload's proto/testN.proto was inferred by the toolkit); without it, a schema from a file is the user's
 * @returns {FairnessFlags}
 */
export function fairnessFlags(codec, payload) {
  const declared = codec.flags ?? {};
  const from = declared.schema ?? (codec.kind?.schema ? 'payload' : 'none');
  const origin = payload.schemaOrigin ?? (payload.schemaSource === 'inferred' ? 'inferred' : 'user');
  const schema = from === 'payload' ? origin : from;
  const addon = typeof declared.nativeAddon === 'function' ? declared.nativeAddon() : declared.nativeAddon;
  return {
    schema,
    codegen: Boolean(codec.kind?.codegen),
    nativeAddon: addon || null,
    extension: declared.extension ?? null,
    bufferReused: Boolean(declared.bufferReused),
  };
}

/**
 * A codec built for one payload. The native form is what the library's users hold in memory: what encode takes and
 * decode gives. It differs from codec to codec, so here it is `unknown`: the four are methods, whose parameters
 * TypeScript compares both ways, so a codec states its own native form on its parameters (a protobuf-es Message, an
 * avsc record, a Buffer to decode) and still is a CodecInstance; only what the same instance's fromPlain or decode
 * gave is passed back to it.
 * @typedef {{
 *   fromPlain(plain: unknown): unknown,
 *   toPlain(native: unknown): unknown,
 *   encode(native: unknown): Uint8Array | string,
 *   decode(encoded: Uint8Array | string): unknown,
 * }} CodecInstance
 *   fromPlain: the plain JSON-shaped object → the native form (IDENTITY when they are the same); toPlain: back;
 *   encode: the native form → bytes (or text, for text codecs); decode: bytes (or text) → the native form
 */

/**
 * What a codec file may declare about itself, for the fairness flags.
 * @typedef {object} CodecFlags
 * @property {'payload'|'inferred'|'none'} [schema] 'payload': the payload's schema (the user's --proto, or the
 *   toolkit's inference: on the fly, or the bundled proto/testN.proto); 'inferred': the codec infers its own from the value; 'none': schemaless. Default: from kind.schema.
 * @property {string | (() => string|null)} [nativeAddon] the native addon in use, detected when a function
 * @property {string} [extension] a stateful or non-standard extension in use (off by default, so only variants name one)
 * @property {boolean} [bufferReused] encode writes into a buffer the library keeps between calls
 */

/**
 * The fairness flags of a row, as results.json records them.
 * @typedef {object} FairnessFlags
 * @property {'user'|'inferred'|'none'} schema where the schema came from: written by the user (--proto), inferred
 *   by the toolkit (on the fly, or the bundled proto/testN.proto), or none
 * @property {boolean} codegen code generated from the schema
 * @property {string|null} nativeAddon the native addon in use, or null
 * @property {string|null} extension a stateful or non-standard extension in use, or null
 * @property {boolean} bufferReused encode writes into a buffer kept between calls
 */
