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
