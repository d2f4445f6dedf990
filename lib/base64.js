/**
 * Bytes to and from base64, the form the proto3 JSON mapping gives bytes fields, in every runtime the codecs and the
 * verification run in. Node, Bun and Deno have Buffer, and keep it: it is the fastest there, and these conversions
 * run inside the timed to-plain and from-plain operations. A Chromium page has none: there the built-in
 * Uint8Array.fromBase64 and Uint8Array.prototype.toBase64 (TC39's proposal-arraybuffer-base64, in Chromium since 140,
 * Firefox 133, Safari 18.2) convert, and atob and btoa in a page older than those.
 *
 * fromBase64 reads what ProtoJSON parsers read: the standard or the URL-safe alphabet, padded or not (the mapping:
 * "either standard or URL-safe base64 encoding with/without paddings are accepted"). toBase64 writes the standard
 * alphabet, padded, as Buffer does and as protobuf.js's toObject({ bytes: String }) does. A string outside those
 * forms (isBase64; lib/schema/fit.js refuses it before anything converts it) is read differently: Buffer skips what
 * it cannot read, the others throw.
 */

/**
 * @typedef {object} Base64
 * @property {(bytes: Uint8Array) => string} toBase64 standard base64, padded
 * @property {(text: string) => Uint8Array} fromBase64 the bytes base64 in either alphabet, padded or not, holds
 * @property {'Buffer' | 'Uint8Array' | 'atob' | null} via which built-in converts (null: none, and each call throws)
 */

/**
 * What converts in a runtime, from its global object's Buffer, Uint8Array, atob and btoa (a page's globals lack
 * Buffer; a test passes its own).
 * @typedef {{ Buffer?: typeof Buffer, Uint8Array?: Uint8ArrayConstructor, atob?: (s: string) => string,
 *   btoa?: (s: string) => string }} Scope
 */

/**
 * Uint8Array.fromBase64 and toBase64, which TypeScript's lib does not declare yet.
 * @typedef {Uint8ArrayConstructor & { fromBase64?: (text: string, options?: { alphabet: 'base64' | 'base64url' }) => Uint8Array,
 *   prototype: { toBase64?: (this: Uint8Array) => string } }} Uint8ArrayWithBase64
 */

/**
 * Bytes as ProtoJSON parsers read them: base64 in the standard or the URL-safe alphabet (one of them in a string),
 * padded to a multiple of 4 characters or not padded at all, as the mapping says and Go's protojson decodes it.
 * Anything else ("!!", "YQ=") is no bytes a parser reads, where Buffer.from(value, 'base64') would silently skip or
 * stop at what it cannot read.
 */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const BASE64_URL = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$/;
const URL_SAFE = /[-_]/;
// String.fromCharCode takes its arguments on the stack: a chunk this size stays well within every engine's limit
const CHUNK = 0x2000;

/**
 * The base64 conversions a scope offers, the fastest first: Buffer, then the Uint8Array built-ins, then atob/btoa.
 * @param {Scope} scope
 * @returns {Base64}
 */
export function base64For(scope) {
  const NodeBuffer = scope.Buffer;
  if (NodeBuffer) {
    return {
      toBase64: (bytes) => NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
      fromBase64: (text) => NodeBuffer.from(text, 'base64'),
      via: 'Buffer',
    };
  }
  const U8 = /** @type {Uint8ArrayWithBase64 | undefined} */ (scope.Uint8Array);
  const fromBuiltin = U8?.fromBase64;
  const toBuiltin = U8?.prototype.toBase64;
  if (U8 && fromBuiltin && toBuiltin) {
    return {
      toBase64: (bytes) => toBuiltin.call(bytes),
      fromBase64: (text) => fromBuiltin.call(U8, text, { alphabet: URL_SAFE.test(text) ? 'base64url' : 'base64' }),
      via: 'Uint8Array',
    };
  }
  const { atob, btoa } = scope;
  if (U8 && atob && btoa) {
    return {
      toBase64: (bytes) => {
        let binary = '';
        for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
        return btoa(binary);
      },
      fromBase64: (text) => {
        // atob reads the standard alphabet, padded or not
        const binary = atob(URL_SAFE.test(text) ? text.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')) : text);
        const bytes = new U8(binary.length);
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        return bytes;
      },
      via: 'atob',
    };
  }
  const none = () => {
    throw new Error('no base64 conversion in this runtime: it has no Buffer, Uint8Array.fromBase64 or atob');
  };
  return { toBase64: none, fromBase64: none, via: null };
}

/**
 * Whether a string is base64 as ProtoJSON parsers read it (BASE64): what fromBase64 reads alike in every runtime.
 * @param {string} text
 */
export const isBase64 = (text) => BASE64.test(text) || BASE64_URL.test(text);

const here = base64For(globalThis);

/** This runtime's conversion of bytes to standard padded base64 (base64For). */
export const toBase64 = here.toBase64;
/** This runtime's reading of base64, standard or URL-safe, padded or not (base64For). */
export const fromBase64 = here.fromBase64;
