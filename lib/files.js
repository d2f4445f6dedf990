import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as jsonc from 'jsonc-parser';
import { UserError, oneLine, printable } from './errors.js';
import { decodeJsonBytes } from './json.js';

/**
 * Reads and parses a JSON file; errors become one-line UserErrors naming the file.
 * @param {string} file
 * @param {string} [label] how errors name the file
 * @returns {unknown}
 */
export function readJsonFile(file, label = file) {
  return parseJsonText(readUtf8File(file, label), label);
}

/**
 * Parses the text of a JSON file; a syntax error becomes a one-line UserError naming the file and the place.
 * @param {string | Uint8Array} text
 * @param {string} label how errors name the file
 * @returns {unknown}
 */
export function parseJsonText(text, label) {
  const source = typeof text === 'string' ? text : Buffer.from(text).toString('utf8');
  try {
    return JSON.parse(source);
  } catch (err) {
    throw new UserError(`${label}: ${describeJsonError(/** @type {Error} */ (err), source)}`);
  }
}

/**
 * Reads a text file that must be UTF-8 (JSON, NDJSON): a UTF-8 byte-order mark is dropped; UTF-16/32 and
 * invalid UTF-8 are one-line UserErrors naming the encoding or the byte offset (lib/json.js decodeJsonBytes).
 * @param {string} file
 * @param {string} [label] how errors name the file
 * @returns {string}
 */
export function readUtf8File(file, label = file) {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new UserError(`${label}: ${describeIoError(err)}`);
  }
  const decoded = decodeJsonBytes(bytes, isUtf8);
  if ('problem' in decoded) throw new UserError(`${label}: ${decoded.problem}`);
  return decoded.text;
}

/**
 * Writes a file atomically: a temp file in the same folder, then rename, so
 * readers never see half a file and a failure leaves no partial output. A
 * symbolic link is written through: the file it names is replaced and the link
 * stays (a rename over the link would have put a plain file in its place, and a
 * schema shared by a link would quietly stop being shared). What is not a
 * regular file (/dev/stdout, /dev/null, a pipe) is written in place: renaming
 * over it would replace a device with a file.
 * @param {string} file
 * @param {string | Uint8Array} text
 */
export function writeFileAtomic(file, text) {
  const target = writeTarget(file);
  if (target.inPlace) {
    try {
      fs.writeFileSync(file, text);
    } catch (err) {
      throw new UserError(`${file}: cannot write: ${describeIoError(err)}`);
    }
    return;
  }
  const tmp = path.join(path.dirname(target.file), `.${path.basename(target.file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, target.file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw new UserError(`${file}: cannot write: ${describeIoError(err)}`);
  }
}

/**
 * Where writeFileAtomic puts a file: `inPlace` where the path names something other than a regular file or a folder
 * (a device, a pipe, a socket: written as it is); else the file at the end of its symbolic links, a dangling link's
 * target included (the path itself where it is no link).
 * @param {string} file
 * @returns {{ inPlace: boolean, file: string }}
 */
function writeTarget(file) {
  /** @type {fs.Stats|null} */
  let st = null;
  try {
    st = fs.statSync(file);
  } catch {
    // nothing there yet, or a dangling link: followed below
  }
  if (st && !st.isFile() && !st.isDirectory()) return { inPlace: true, file };
  let at = file;
  // a chain of links, at most as many as the kernel follows (40 on Linux); past that the rename says what is wrong
  for (let hops = 0; hops < 40; hops++) {
    let link;
    try {
      if (!fs.lstatSync(at).isSymbolicLink()) break;
      link = fs.readlinkSync(at);
    } catch {
      break;
    }
    at = path.resolve(path.dirname(at), link);
  }
  return { inPlace: false, file: at };
}

/**
 * A file system error in words: 'no such file or directory', 'is a directory', …
 * @param {unknown} err
 */
export function describeIoError(err) {
  /** @type {Record<string, string>} */
  const known = { ENOENT: 'no such file or directory', EISDIR: 'is a directory', ENOTDIR: 'not a directory', EACCES: 'permission denied' };
  const { code, message } = /** @type {NodeJS.ErrnoException} */ (err);
  return (code ? known[code] : undefined) ?? oneLine(message);
}

/**
 * @param {Error} err what JSON.parse threw
 * @param {string} text
 */
function describeJsonError(err, text) {
  // JSON.parse quotes the text around the error: control characters in it would garble the one line
  const message = printable(oneLine(err.message));
  const position = jsonErrorOffset(message, text);
  if (position == null) return `invalid JSON: ${message}`;
  const before = text.slice(0, position).split('\n');
  return `invalid JSON at line ${before.length}, column ${before[before.length - 1].length + 1}: ${message}`;
}

/**
 * Where in `text` the error JSON.parse threw is: the position its message gives, else the offset of the first error
 * jsonc-parser finds reading the same text as strictly (no comments, no trailing commas), since V8 says where only
 * for some errors ("Unexpected token ',', ..."[1, 2,, 3]" is not valid JSON" has no position); null when neither says.
 * @param {string} message JSON.parse's error message
 * @param {string} text what it was given
 * @returns {number|null}
 */
export function jsonErrorOffset(message, text) {
  const match = /at position (\d+)/.exec(message);
  if (match) return Number(match[1]);
  /** @type {import('jsonc-parser').ParseError[]} */
  const errors = [];
  jsonc.parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors.length ? errors[0].offset : null;
}

/** Folders tempFolder made and nothing has removed yet: the process's 'exit' removes them. */
const leftovers = new Set();

/**
 * A fresh folder under the system's temporary folder (`prefix` then random characters). remove() removes it; what is
 * not removed by then goes when the process exits, however it exits short of a kill: an entry point's signal handler
 * (exitOnSignals, server.js's) calls process.exit, which runs no `finally`, but runs the 'exit' handlers.
 * @param {string} prefix
 * @returns {{ dir: string, remove: () => void }}
 */
export function tempFolder(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (!leftovers.size) process.once('exit', removeLeftovers);
  leftovers.add(dir);
  return {
    dir,
    remove() {
      leftovers.delete(dir);
      if (!leftovers.size) process.off('exit', removeLeftovers);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Removes the folders tempFolder made that are still there (an 'exit' handler: synchronous, never throws). */
function removeLeftovers() {
  for (const dir of leftovers) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // nothing more can be done on the way out
    }
  }
  leftovers.clear();
}
