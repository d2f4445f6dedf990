// What every generator script does with its outputs: `--check` writes nothing and fails naming the stale files (a
// committed file that differs from what the script would write now, a missing one included); without it, the stale
// outputs are written and named. One function, so the four generators agree on flags, messages and exit codes.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UserError, oneLine } from '../../lib/errors.js';
import { writeFileAtomic } from '../../lib/files.js';
import { ROOT } from '../../lib/paths.js';

/**
 * One output a generator keeps up to date.
 * @typedef {object} Output
 * @property {string} name how messages name it: its path relative to the project
 * @property {() => string[]} stale its files that differ from what would be written now, relative to the project;
 *   [] when it is current
 * @property {() => void} write writes it as it should be
 */

/** A path relative to the project, with / on every platform. */
export const projectPath = (/** @type {string} */ file) => path.relative(ROOT, file).split(path.sep).join('/');

/**
 * An output that is one file whose content is known: stale when the file reads differently or cannot be read.
 * @param {string} file absolute path
 * @param {string} content what it should hold, as `read` returns it
 * @param {{ read?: (file: string) => string, write?: (file: string, content: string) => void }} [io] how the file is
 *   read and written when it is not UTF-8 text as it stands (a compressed file compares by its decompressed text)
 * @returns {Output}
 */
export function fileOutput(file, content, { read = (f) => fs.readFileSync(f, 'utf8'), write = writeFileAtomic } = {}) {
  const name = projectPath(file);
  return {
    name,
    stale: () => (readOrNull(file, read) === content ? [] : [name]),
    write: () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      write(file, content);
    },
  };
}

/**
 * @param {string} file
 * @param {(file: string) => string} read
 */
function readOrNull(file, read) {
  try {
    return read(file);
  } catch {
    return null; // missing or unreadable: stale either way, and the write says why if it cannot write either
  }
}

/**
 * Runs a generator script: parses `--check`, builds the outputs, then checks or writes them. Returns the exit code:
 * 0 done (or nothing stale), 1 stale under --check, 2 a bad argument or a UserError while building or writing, as
 * one line.
 * @param {string[]} argv the arguments after the script name
 * @param {() => Output[]} outputs builds the outputs (called once, after the arguments parse)
 * @param {{ script: string, regenerate: string,
 *   io?: { stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown } } }} how
 *   script names the script in messages; regenerate is the command that brings the outputs up to date
 * @returns {number}
 */
export function checkOrWrite(argv, outputs, { script, regenerate, io = process }) {
  let check;
  let help;
  try {
    ({ values: { check, help } } = parseArgs({ args: argv, options: { check: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } }));
  } catch (err) {
    io.stderr.write(`${script}: ${oneLine(/** @type {Error} */ (err).message)}; usage: ${regenerate} [--check]\n`);
    return 2;
  }
  if (help) {
    io.stdout.write(`usage: ${regenerate} [--check]\n  writes the files it generates where they are stale; --check writes nothing and exits 1 when any is stale\n`);
    return 0;
  }
  try {
    const built = outputs();
    const stale = built.map((output) => ({ output, files: output.stale() })).filter((s) => s.files.length);
    if (check) {
      if (!stale.length) return 0;
      io.stderr.write(`${script}: stale (run ${regenerate}): ${stale.flatMap((s) => s.files).join(', ')}\n`);
      return 1;
    }
    for (const { output } of stale) {
      output.write();
      io.stdout.write(`wrote ${output.name}\n`);
    }
    if (!stale.length) io.stdout.write(`${script}: every output is up to date\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof UserError)) throw err; // a bug: keep the stack trace
    io.stderr.write(`${script}: ${oneLine(err.message)}\n`);
    return 2;
  }
}
