#!/usr/bin/env node
/**
 * Infers a proto3 schema from a JSON file, read as `--data FILE` reads it: one JSON document, a JSON array of
 * records, NDJSON, or the records at --records PATH; with several records the schema is the record's, inferred from
 * them all (the schema `--data FILE` infers on the fly).
 *
 *   node scripts/json2proto.js FILE [--name Message] [--records PATH] [--mixed-as-value] [--out FILE]
 *   node scripts/json2proto.js --help
 *
 * Prints the .proto to stdout, or writes it atomically to --out. Bad input
 * (unreadable file, invalid JSON, a value proto cannot carry exactly, --out naming the input) prints
 * one line `json2proto: <file>: <message>` on stderr and exits with code 2. What JSON.parse does not say
 * (a key given twice, an integer beyond 2^53 it rounds) is a warning on stderr, as the benchmarks print it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCli } from '../lib/cli/index.js';
import { UserError, oneLine, shellWord } from '../lib/errors.js';
import { readUtf8File, writeFileAtomic } from '../lib/files.js';
import { inspectDataFile } from '../lib/payload/index.js';
import { checkCorpusFits, readCorpusFile } from '../lib/payload/corpus.js';
import { inferSchema, isMixedKinds, pascalCase } from '../lib/schema/infer.js';
import { parseSchema } from '../lib/schema/index.js';

const USAGE = 'usage: node scripts/json2proto.js FILE [--name Message] [--records PATH] [--mixed-as-value] [--strict] [--out FILE]';

const HELP = `${USAGE}
  Infers the proto3 schema that carries the JSON in FILE exactly, loads it as --proto would, checks the JSON
  fits it, and prints it (or writes it to --out FILE). FILE is read as --data FILE reads it: one JSON
  document is one message; a JSON array of objects or NDJSON (one message per line) is a stream of records,
  and the schema is then the record's, inferred from every record (numbers widened to cover them all, a key
  missing from some made optional): the schema --data FILE infers for itself. A value proto cannot carry
  exactly (an array mixing types, null in a list, records that cannot share one schema) is refused with its
  JSON path, unless --mixed-as-value types a place of mixed kinds, or a null in a list or map,
  google.protobuf.Value. docs/schemas.md says
  what it infers and why.
  --name Message  the root message's name (default: the file's name in PascalCase)
  --records PATH  the records are the array at PATH inside FILE (as --data FILE --records PATH)
  --mixed-as-value  where values of one place mix kinds (GeoJSON's coordinates: numbers in a Point, arrays in a
                  LineString), or an array or map holds null, type that place google.protobuf.Value, which carries
                  any JSON value, instead of refusing the file; the schema then imports google/protobuf/struct.proto
  --strict        refuse a FILE with a key given twice in one object (JSON.parse keeps the last; default: a warning)
  --out FILE      write the .proto there (atomically) instead of printing it; never FILE itself
  -h, --help      this text`;

/**
 * Whether two paths name one file: the same path once resolved, or (where both exist) the same file on disk.
 * @param {string} a
 * @param {string} b
 */
function sameFile(a, b) {
  if (path.resolve(a) === path.resolve(b)) return true;
  try {
    const [x, y] = [fs.statSync(a), fs.statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}


/**
 * Runs the CLI. Returns the exit code instead of exiting, so it is testable.
 * @param {string[]} argv arguments after the script name
 * @param {{ stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown } }} io
 */
export function main(argv, io = process) {
  let args;
  try {
    // the toolkit's option parser: an unknown or malformed option is one line naming it, as in every other command
    args = parseCli(argv, {
      name: { type: 'string' }, out: { type: 'string' }, records: { type: 'string' }, 'mixed-as-value': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
    });
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
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
  const { out, records, 'mixed-as-value': mixedAsValue } = args.values;
  try {
    // the .proto written over the JSON it was inferred from would lose the data
    if (out !== undefined && sameFile(out, file)) throw new UserError(`--out ${out} is the input file; give another path`);
    const text = readUtf8File(file);
    const { corpus } = readCorpusFile(file, { records, text });
    const { warnings } = inspectDataFile(file, { text, strict: args.values.strict });
    // as --data FILE infers: several records give the record's schema from them all, one message its own
    const value = corpus.length > 1 ? corpus : corpus[0];
    const name = args.values.name ?? pascalCase(path.basename(file).replace(/\.[^.]*$/, ''), 'Message');
    let schemaText;
    try {
      // the header names the command that writes this file again, not the bundled payloads' generator
      const regenerate = ['node scripts/json2proto.js', file, '--name', name, ...(records !== undefined ? ['--records', records] : []),
        ...(mixedAsValue ? ['--mixed-as-value'] : []), ...(out ? ['--out', out] : [])]
        .map((w, i) => (i === 0 ? w : shellWord(w))).join(' ');
      ({ text: schemaText } = inferSchema(value, { name, source: file.split(path.sep).join('/'), regenerate, records: corpus.length > 1, mixedAsValue }));
    } catch (err) {
      if (isMixedKinds(err)) throw new UserError(`${file}: ${/** @type {Error} */ (err).message}; --mixed-as-value types such places google.protobuf.Value`);
      if (err instanceof UserError) throw new UserError(`${file}: ${err.message}`);
      throw err;
    }
    // never write a .proto the toolkit would refuse: load it as the benchmarks do, and check the data fits it
    let type;
    try {
      ({ type } = parseSchema(schemaText, { file: 'the inferred schema', typeName: name }));
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${file}: the inferred schema does not load, so nothing was written: ${err.message}`);
      throw err;
    }
    try {
      checkCorpusFits(type, corpus, file);
    } catch (err) {
      // the data itself (a lone surrogate no UTF-8 string holds), not the schema; the message names the file
      if (err instanceof UserError) throw new UserError(`${err.message}; nothing was written`);
      throw err;
    }
    for (const w of warnings) io.stderr.write(`json2proto: warning: ${file}: ${oneLine(w)}\n`);
    if (out) writeFileAtomic(out, schemaText);
    else io.stdout.write(schemaText);
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
