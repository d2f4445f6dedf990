// Assertions that narrow: a test reads a message or result it only knows as `unknown` (a corpus record, a parsed
// JSON file) through these, so a missing field fails the test with its name instead of being cast away.
import assert from 'node:assert/strict';

/**
 * The value as an object with string keys; fails the test when it is not one.
 * @param {unknown} value
 * @param {string} [what] names the value in the failure
 * @returns {Record<string, unknown>}
 */
export function record(value, what = 'value') {
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), `${what} is an object`);
  return /** @type {Record<string, unknown>} */ (value);
}

/**
 * One field of an object; fails the test when the value is no object or lacks the field.
 * @param {unknown} value
 * @param {string} key
 * @returns {unknown}
 */
export function field(value, key) {
  const object = record(value);
  assert.ok(key in object, `has a field ${key}`);
  return object[key];
}

/**
 * The value as an array; fails the test when it is not one.
 * @param {unknown} value
 * @param {string} [what]
 * @returns {unknown[]}
 */
export function array(value, what = 'value') {
  assert.ok(Array.isArray(value), `${what} is an array`);
  return value;
}

/**
 * A prepared codec's instance; fails the test, with the codec's verdict, when it could not be built.
 * @param {import('../../lib/verify.js').Prepared} p
 * @returns {import('../../lib/codecs/native-form.js').CodecInstance}
 */
export function instanceOf(p) {
  assert.ok(p.instance, `${p.codec.name} is measurable (${p.status}: ${p.reason})`);
  return p.instance;
}

/**
 * A codec made up by a test, or a codec file's declaration taken without the registry, with the registry's fields
 * it lacks filled in (a library of its own, no version, no kind, available), so it goes where a listed codec goes.
 * @param {Pick<import('../../lib/codecs/index.js').CodecInfo, 'name' | 'create'> & Partial<import('../../lib/codecs/index.js').CodecInfo>} codec
 * @returns {import('../../lib/codecs/index.js').CodecInfo}
 */
export function standInCodec(codec) {
  return { description: 'a stand-in made up by a test', library: 'stand-in', version: null, kind: {}, normalise: [], decoded: 'what the test returns', available: true, reason: null, ...codec };
}

/**
 * For preparations whose codecs read no schema (stand-ins, schemaless codecs, codecs that infer their own):
 * prepareCodecs' payload type asks for one, these tests hand it none, as a payload without a schema would.
 * @type {import('../../lib/schema/index.js').Schema}
 */
export const NO_SCHEMA = /** @type {import('../../lib/schema/index.js').Schema} */ (/** @type {unknown} */ (null));
