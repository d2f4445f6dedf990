// Small helpers over JSON values: paths as error messages name them, walking, keys.

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

/**
 * Sets a key on a plain object, including "__proto__", which plain
 * assignment would turn into a change of prototype instead of a key.
 */
export function setKey(obj, key, value) {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
