/**
 * The one error type for the user's mistakes: a bad file, a schema that does
 * not parse, a value that does not fit. Entry points catch it once, print its
 * message as one line on stderr and exit with code 2. Anything else is a bug.
 */
export class UserError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UserError';
  }
}

/** Thrown by a codec's create() when it cannot carry a payload at all. */
export class Unsupported extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.name = 'Unsupported';
  }
}

/**
 * What a thrown value says: an Error's message, anything else (a string, a rejection that is no Error) as text.
 * @param {unknown} err
 * @returns {string}
 */
export function errorMessage(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A message folded onto one line, for the one line an entry point prints: each run of white space that holds a line
 * break becomes one space, and the ends are trimmed. Spaces inside a line stay as they are.
 * @param {unknown} text
 * @returns {string}
 */
export function oneLine(text) {
  return String(text).replace(/\s*[\r\n]\s*/g, ' ').trim();
}

/**
 * Text with its control characters (but tab and line feed) written as \xNN escapes, for a line a terminal or a
 * Markdown table shows: a library's message can quote a user's key holding a NUL, which would otherwise reach the
 * output raw (grep then calls it binary).
 * @param {unknown} text
 * @returns {string}
 */
export function printable(text) {
  // eslint-disable-next-line no-control-regex
  return String(text).replace(/[\x00-\x08\x0b-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * A word for a POSIX shell, for a command a message tells the user to run: as is when it is plain, else in single
 * quotes (a quote inside closed, escaped and reopened).
 * @param {string} s
 */
export const shellWord = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/**
 * The first non-blank line of a message, for tools whose later lines are a stack trace or a usage dump. Given an
 * error, it reads what the failing child process wrote on stderr (execFile and spawnSync errors carry it), else the
 * error's message.
 * @param {unknown} textOrError
 * @returns {string}
 */
export function firstLine(textOrError) {
  const text = textOrError instanceof Error
    ? /** @type {Error & { stderr?: unknown }} */ (textOrError).stderr || textOrError.message
    : textOrError;
  return String(text).trim().split(/\r?\n/)[0].trim();
}

/**
 * A list for a message, shortened: its first `max` items joined with ", ", and ", …" after them where there were
 * more (the count, where a message wants it, is the caller's to give).
 * @param {readonly string[]} items
 * @param {number} [max]
 * @returns {string}
 */
export function firstFew(items, max = 8) {
  return `${items.slice(0, max).join(', ')}${items.length > max ? ', …' : ''}`;
}

/**
 * A record of a corpus as messages name it: counted from 1, as line numbers are (an NDJSON file's record N is its
 * Nth line, blank lines aside), while a JSONPath beside it (`$.items[3]`) and results.json's `record` count from 0.
 * @param {number} index the record's index, from 0
 */
export function recordName(index) {
  return `record ${index + 1}`;
}

/**
 * The first name a list gives twice, or undefined: a name repeated in a list option (--formats, --transports,
 * --profiles, payload numbers) is refused with it, since its passes would run twice and merge into one row.
 * @param {readonly string[]} names
 * @returns {string|undefined}
 */
export function namedTwice(names) {
  return names.find((n, i) => names.indexOf(n) !== i);
}
