import { childPath } from './errors.js';

/**
 * The JSON path of the first value (depth first, the root included) for which
 * test(value, key) is true, or null. Codecs use it to name the place a payload
 * stops fitting their format.
 * @param {any} value
 * @param {(value: any, key: string|number|null) => boolean} test
 * @returns {string|null}
 */
export function findPath(value, test, path = '$', key = null) {
  if (test(value, key)) return path;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findPath(value[i], test, childPath(path, i), i);
      if (found) return found;
    }
    return null;
  }
  for (const k of Object.keys(value)) {
    const found = findPath(value[k], test, childPath(path, k), k);
    if (found) return found;
  }
  return null;
}

/** True for a JSON object (not an array, not null). */
export const isJsonObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
