import fs from 'node:fs';
import path from 'node:path';
import { UserError } from './errors.js';

/**
 * Reads and parses a JSON file; errors become one-line UserErrors naming the file.
 * @param {string} file
 * @param {string} [label] how errors name the file
 * @returns {unknown}
 */
export function readJsonFile(file, label = file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`${label}: ${describeIoError(err)}`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')); // a BOM is not JSON, but editors write it
  } catch (err) {
    throw new UserError(`${label}: ${describeJsonError(err, text.replace(/^\uFEFF/, ''))}`);
  }
}

/**
 * Writes a file atomically: a temp file in the same folder, then rename, so
 * readers never see half a file and a failure leaves no partial output.
 * @param {string} file
 * @param {string} text
 */
export function writeFileAtomic(file, text) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw new UserError(`${file}: cannot write: ${describeIoError(err)}`);
  }
}

/** A file system error in words: 'no such file or directory', 'is a directory', … */
export function describeIoError(err) {
  const known = { ENOENT: 'no such file or directory', EISDIR: 'is a directory', EACCES: 'permission denied' };
  return known[err.code] ?? oneLine(err.message);
}

function describeJsonError(err, text) {
  const message = oneLine(err.message);
  const match = /at position (\d+)/.exec(message);
  if (!match) return `invalid JSON: ${message}`;
  const position = Number(match[1]);
  const before = text.slice(0, position).split('\n');
  return `invalid JSON at line ${before.length}, column ${before[before.length - 1].length + 1}: ${message}`;
}

const oneLine = (text) => String(text).replace(/\s*\n\s*/g, ' ');
