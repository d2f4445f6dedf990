/**
 * The one error type for the user's mistakes: a bad file, a schema that does
 * not parse, a value that does not fit. Entry points catch it once, print its
 * message as one line on stderr and exit with code 2. Anything else is a bug.
 */
export class UserError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UserError';
  }
}

/** Thrown by a codec's create() when it cannot carry a payload at all. */
export class Unsupported extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'Unsupported';
  }
}

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
