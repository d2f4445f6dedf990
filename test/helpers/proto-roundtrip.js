// Compiling inferred .proto text and checking a value survives it, shared by
// the inference unit tests and the json2proto CLI tests.
import assert from 'node:assert/strict';
import protobuf from 'protobufjs';

export const TO_OBJECT = { longs: Number, enums: String, bytes: String, defaults: true, arrays: true, objects: true };

/**
 * Parses generated text the way the codecs do; throws if protobufjs rejects it.
 * @param {string} text .proto source
 * @param {string} typeName the message to look up, e.g. 'Root'
 * @returns {protobuf.Type}
 */
export function compile(text, typeName) {
  const { root } = protobuf.parse(text, { keepCase: true, alternateCommentMode: true });
  root.resolveAll();
  return root.lookupType(typeName);
}

/**
 * Sorts keys recursively: protobufjs toObject orders keys by field, not as given.
 * @param {unknown} value
 * @returns {unknown}
 */
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/**
 * Encodes, decodes and compares with the input, key order aside.
 * @param {protobuf.Type} type
 * @param {Record<string, unknown>} value
 * @param {unknown} [expected] what decoding gives back, when not the input itself
 */
export function assertRoundTrip(type, value, expected = value) {
  const decoded = type.toObject(type.decode(type.encode(value).finish()), TO_OBJECT);
  assert.deepStrictEqual(canonical(decoded), canonical(expected));
}

