import { recordName } from './errors.js';

// Small helpers over JSON values: paths as error messages name them, walking, keys.

/** @typedef {Record<string, unknown>} JsonObject a JSON object as parsed: string keys, values unknown until checked */

/** JSON nested deeper than this is refused rather than overflowing the stack (protobuf parsers stop at 100 too). */
export const MAX_DEPTH = 100;

/**
 * Formats a JSON path the way error messages and verification report it:
 * `$`, `.key` for identifiers, `["odd key"]` otherwise, `[3]` for indexes.
 * @param {string} parent
 * @param {string|number} key
 */
export function childPath(parent, key) {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The JSON path of the first value (depth first, the root included) for which
 * test(value, key) is true, or null. Codecs use it to name the place a payload
 * stops fitting their format.
 * @param {unknown} value
 * @param {(value: unknown, key: string|number|null) => boolean} test
 * @param {string} [path] the value's own path
 * @param {string|number|null} [key] the key or index the value has in its parent (null for the root)
 * @returns {string|null}
 */
export function findPath(value, test, path = '$', key = null) {
  if (test(value, key)) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findPath(value[i], test, childPath(path, i), i);
      if (found) return found;
    }
    return null;
  }
  if (!isJsonObject(value)) return null;
  for (const k of Object.keys(value)) {
    const found = findPath(value[k], test, childPath(path, k), k);
    if (found) return found;
  }
  return null;
}

/**
 * True for a JSON object (not an array, not null).
 * @param {unknown} v
 * @returns {v is JsonObject}
 */
export const isJsonObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The member `key` of a value whose shape is not known yet (parsed JSON, what require() or a page handed back, a
 * generated module's namespace or class), or undefined when it is not an object or function or has no such member.
 * @param {unknown} value
 * @param {string} key
 * @returns {unknown}
 */
export const memberOf = (value, key) => ((value !== null && typeof value === 'object') || typeof value === 'function'
  ? /** @type {Record<string, unknown>} */ (value)[key] : undefined);

/**
 * Sets a key on a plain object, including "__proto__", which plain
 * assignment would turn into a change of prototype instead of a key.
 * @template T
 * @param {Record<string, T>} obj
 * @param {string} key
 * @param {NoInfer<T>} value
 */
export function setKey(obj, key, value) {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/**
 * What JSON.parse does not say about a JSON text: keys given twice in one
 * object (JSON.parse keeps the last silently), integer literals it rounded
 * (beyond 2^53, written without fraction or exponent, whose double is not the
 * integer written) and number literals beyond a double's range (1e400, which
 * it reads as Infinity: JSON has no Infinity, and JSON.stringify writes it as
 * null). Each is named by its JSON path and, for numbers, quoted as written.
 * The text must be valid JSON: one value, or several separated by whitespace
 * (NDJSON), whose paths are then prefixed with their record index.
 * @param {string} text
 * @returns {{ duplicates: string[], roundedIntegers: { path: string, written: string }[],
 *   infinite: { path: string, written: string }[] }}
 */
export function scanJsonText(text) {
  /** @type {{ record: number, path: string }[]} */
  const duplicates = [];
  /** @type {{ record: number, path: string, written: string }[]} */
  const roundedIntegers = [];
  /** @type {{ record: number, path: string, written: string }[]} */
  const infinite = [];
  /** @type {{ keys: Set<string> | null, path: string, index: number, key: string | null }[]} */
  const stack = [];
  let record = 0; // index of the top-level value being read
  let i = 0;
  const n = text.length;
  // the path of the value starting now: inside an object, its key; inside an array, its index
  const valuePath = () => {
    const top = stack[stack.length - 1];
    if (!top) return '$';
    if (!top.keys) return childPath(top.path, top.index);
    // in valid JSON (which the text must be) a value inside an object comes after its key
    if (top.key === null) throw new Error(`scanJsonText: a value without a key in the object at ${top.path}: not valid JSON`);
    return childPath(top.path, top.key);
  };
  const afterValue = () => {
    const top = stack[stack.length - 1];
    if (!top) record++;
    else if (!top.keys) top.index++;
  };
  /** @returns {string} the JSON string starting at i, decoded; i moves past it */
  const readString = () => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === ',' || c === ':') {
      i++;
    } else if (c === '{' || c === '[') {
      const path = valuePath();
      stack.push({ keys: c === '{' ? new Set() : null, path, index: 0, key: null });
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i++;
      afterValue();
    } else if (c === '"') {
      const top = stack[stack.length - 1];
      // a string in an object where a key is expected: the next non-space character is ':'
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      let k = j + 1;
      while (k < n && /\s/.test(text[k])) k++;
      if (top && top.keys && text[k] === ':') {
        const key = readString();
        if (top.keys.has(key)) duplicates.push({ record, path: childPath(top.path, key) });
        top.keys.add(key);
        top.key = key;
      } else {
        readString();
        afterValue();
      }
    } else {
      const start = i;
      while (i < n && !/[\s,\]}:]/.test(text[i])) i++;
      const literal = text.slice(start, i);
      if (/^-?\d{16,}$/.test(literal) && BigInt(literal) !== BigInt(Number(literal))) {
        roundedIntegers.push({ record, path: valuePath(), written: literal });
      }
      // true, false and null are literals too (Number() of them is not a number, not Infinity)
      if (/^-?\d/.test(literal) && Math.abs(Number(literal)) === Infinity) {
        infinite.push({ record, path: valuePath(), written: literal });
      }
      afterValue();
    }
  }
  const many = record > 1;
  const label = (/** @type {number} */ r, /** @type {string} */ p) => `${many ? `${recordName(r)}: ` : ''}${p}`;
  return {
    duplicates: duplicates.map((d) => label(d.record, d.path)),
    roundedIntegers: roundedIntegers.map((r) => ({ path: label(r.record, r.path), written: r.written })),
    infinite: infinite.map((r) => ({ path: label(r.record, r.path), written: r.written })),
  };
}

/**
 * The text of a JSON file's bytes, which RFC 8259 requires to be UTF-8. A UTF-8
 * byte-order mark is dropped (editors write it); UTF-16 and UTF-32, known by
 * their byte-order mark or by the NUL bytes ASCII text has in them, are named;
 * any other invalid UTF-8 is refused at its byte offset, rather than measured
 * with U+FFFD in place of the user's bytes.
 * @param {Uint8Array} bytes
 * @param {(bytes: Uint8Array) => boolean} [isUtf8] a faster check of the same rule (node:buffer's isUtf8, where there
 *   is one): the byte-by-byte scan then runs only to find where a file that fails it goes wrong
 * @returns {{ text: string } | { problem: string }}
 */
export function decodeJsonBytes(bytes, isUtf8) {
  const encoding = wideEncoding(bytes);
  if (encoding) return { problem: `the file is ${encoding}, and JSON files must be UTF-8 (convert it: iconv -f ${encoding.split(' ')[0]} -t UTF-8)` };
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const bad = isUtf8?.(bytes.subarray(start)) ? -1 : firstInvalidUtf8(bytes, start);
  if (bad >= 0) {
    const shown = [...bytes.subarray(bad, bad + 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    return { problem: `not UTF-8: invalid byte sequence at byte offset ${bad} (${shown}); JSON files must be UTF-8 (a Latin-1 file converts with iconv -f LATIN1 -t UTF-8)` };
  }
  return { text: Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start).toString('utf8') };
}

/**
 * UTF-16 or UTF-32 by byte-order mark, or by the NUL pattern of its first ASCII characters (RFC 4627, section 3).
 * @param {Uint8Array} b
 * @returns {string|null}
 */
function wideEncoding(b) {
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0xfe && b[3] === 0xff) return 'UTF-32BE (byte-order mark)';
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0x00 && b[3] === 0x00) return 'UTF-32LE (byte-order mark)';
  if (b[0] === 0xfe && b[1] === 0xff) return 'UTF-16BE (byte-order mark)';
  if (b[0] === 0xff && b[1] === 0xfe) return 'UTF-16LE (byte-order mark)';
  if (b.length >= 4) {
    const z = [0, 1, 2, 3].map((k) => b[k] === 0);
    if (z[0] && z[1] && z[2] && !z[3]) return 'UTF-32BE (NUL bytes before each character)';
    if (!z[0] && z[1] && z[2] && z[3]) return 'UTF-32LE (NUL bytes after each character)';
    if (z[0] && !z[1] && z[2] && !z[3]) return 'UTF-16BE (a NUL byte before each character)';
    if (!z[0] && z[1] && !z[2] && z[3]) return 'UTF-16LE (a NUL byte after each character)';
  }
  return null;
}

/**
 * The offset of the first byte that does not start or continue a well-formed UTF-8 sequence, or -1.
 * @param {Uint8Array} b
 * @param {number} [start]
 * @returns {number}
 */
export function firstInvalidUtf8(b, start = 0) {
  let i = start;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need;
    let min;
    if (c >= 0xc2 && c <= 0xdf) [need, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [need, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const x = b[i + k];
      if (x === undefined || (x & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (x & 0x3f);
    }
    // overlong forms, UTF-16 surrogates and values beyond U+10FFFF are not UTF-8
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += need + 1;
  }
  return -1;
}
