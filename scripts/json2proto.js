#!/usr/bin/env node
/**
 * Infers a proto3 schema from a JSON file.
 *
 *   node scripts/json2proto.js FILE [--name Message] [--out FILE]
 *   node scripts/json2proto.js --help
 *
 * Prints the .proto to stdout, or writes it atomically to --out. Bad input
 * (unreadable file, invalid JSON, a value proto cannot carry exactly) prints
 * one line `json2proto: <file>: <message>` on stderr and exits with code 2.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { UserError, oneLine } from '../lib/errors.js';
import { readJsonFile, writeFileAtomic } from '../lib/files.js';
import { inferSchema, pascalCase } from '../lib/schema/infer.js';
import { checkFits, parseSchema } from '../lib/schema/index.js';

const USAGE = 'usage: node scripts/json2proto.js FILE [--name Message] [--out FILE]';

const HELP = `${USAGE}
  Infers the proto3 schema that carries the JSON in FILE exactly, loads it as --proto would, checks the JSON
  fits it, and prints it (or writes it to --out FILE). A value proto cannot carry exactly (an array mixing
  types, null in a list) is refused with its JSON path. docs/schemas.md says what it infers and why.
  --name Message  the root message's name (default: the file's name in PascalCase)
  --out FILE      write the .proto there (atomically) instead of printing it
  -h, --help      this text`;

/** A word for a POSIX shell: as is when it is plain, else in single quotes. */
const shellWord = (/** @type {string} */ s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/**
 * Runs the CLI. Returns the exit code instead of exiting, so it is testable.
 * @param {string[]} argv arguments after the script name
 * @param {{ stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown } }} io
 */
export function main(argv, io = process) {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    io.stderr.write(`json2proto: ${oneLine(err.message)}; ${USAGE}\n`);
    return 2;
  }
  if (args.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (args.positionals.length !== 1) {
    io.stderr.write(`json2proto: ${USAGE}\n`);
    return 2;
  }
  const [file] = args.positionals;
  try {
    const value = readJsonFile(file);
    const name = args.values.name ?? pascalCase(path.basename(file).replace(/\.[^.]*$/, ''), 'Message');
    let text;
    try {
      // the header names the command that writes this file again, not the bundled payloads' generator
      const regenerate = ['node scripts/json2proto.js', file, '--name', name, ...(args.values.out ? ['--out', args.values.out] : [])]
        .map((w, i) => (i === 0 ? w : shellWord(w))).join(' ');
      ({ text } = inferSchema(value, { name, source: file.split(path.sep).join('/'), regenerate }));
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${file}: ${err.message}`);
      throw err;
    }
    // never write a .proto the toolkit would refuse: load it as the benchmarks do, and check the data fits it
    try {
      checkFits(parseSchema(text, { file: 'the inferred schema', typeName: name }).type, value);
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${file}: the inferred schema does not load, so nothing was written: ${err.message}`);
      throw err;
    }
    if (args.values.out) writeFileAtomic(args.values.out, text);
    else io.stdout.write(text);
    return 0;
  } catch (err) {
    if (!(err instanceof UserError)) throw err; // a bug: keep the stack trace
    io.stderr.write(`json2proto: ${oneLine(err.message)}\n`);
    return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
