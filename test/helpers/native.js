import { completeInstance } from '../../lib/codecs/index.js';

/**
 * Encodes a plain value the way the toolkit does (plain → native → bytes)
 * and decodes it back to plain (bytes → native → plain).
 * @param {object} created what a codec's create() returned
 * @param {any} value
 * @returns {{ bytes: any, decoded: any, native: any }}
 */
export function plainRoundTrip(created, value) {
  const instance = completeInstance(created);
  const bytes = instance.encode(instance.fromPlain(value));
  return { bytes, decoded: instance.toPlain(instance.decode(bytes)), native: instance.decode(bytes) };
}
