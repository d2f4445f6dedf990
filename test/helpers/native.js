import { completeInstance } from '../../lib/codecs/index.js';

/** @typedef {import('../../lib/codecs/native-form.js').CodecInstance} CodecInstance */

/**
 * Encodes a plain value the way the toolkit does (plain → native → bytes)
 * and decodes it back to plain (bytes → native → plain).
 * @param {Partial<CodecInstance>} created what a codec's create() returned
 * @param {Parameters<CodecInstance['fromPlain']>[0]} value
 * @returns {{ bytes: ReturnType<CodecInstance['encode']>, decoded: ReturnType<CodecInstance['toPlain']>, native: ReturnType<CodecInstance['decode']> }}
 */
export function plainRoundTrip(created, value) {
  const instance = completeInstance(created);
  const bytes = instance.encode(instance.fromPlain(value));
  return { bytes, decoded: instance.toPlain(instance.decode(bytes)), native: instance.decode(bytes) };
}
