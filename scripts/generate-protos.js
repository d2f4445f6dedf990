#!/usr/bin/env node
/**
 * Regenerates proto/test1.proto … proto/test5.proto from data/test1.json …
 * data/test5.json with the schema inference of lib/schema/infer.js.
 *
 *   node scripts/generate-protos.js [--check]
 *
 * --check writes nothing and exits 1, listing the stale files, if a committed
 * .proto differs from what would be generated. Bad input exits 2 with one line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { UserError } from '../lib/errors.js';
import { inferSchema } from '../lib/schema/infer.js';
import { BUNDLED, ROOT } from '../lib/payload/index.js';
import { readJsonFile, writeFileAtomic } from '../lib/files.js';

/**
 * The .proto text every bundled payload should have, inferred from its data file.
 * @returns {{ file: string, text: string }[]} file: absolute path of proto/testN.proto
 */
export function renderBundledProtos() {
  return BUNDLED.map((p) => {
    const source = path.relative(ROOT, p.dataFile).split(path.sep).join('/');
    const value = readJsonFile(p.dataFile, source);
    try {
      return { file: p.protoFile, text: inferSchema(value, { name: p.type, source }).text };
    } catch (err) {
      throw err instanceof UserError ? new UserError(`${source}: ${err.message}`) : err;
    }
  });
}

/**
 * @param {string} file
 * @returns {string | null} null when there is no such file
 */
function readOrNull(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Runs the script; returns the exit code.
 * @param {string[]} argv
 * @param {{ stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown } }} io
 */
export function main(argv, io = process) {
  let check;
  try {
    ({ values: { check } } = parseArgs({ args: argv, options: { check: { type: 'boolean', default: false } } }));
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    io.stderr.write(`generate-protos: ${err.message.replace(/\s+/g, ' ')}; usage: node scripts/generate-protos.js [--check]\n`);
    return 2;
  }
  let protos;
  try {
    protos = renderBundledProtos();
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    io.stderr.write(`generate-protos: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
    return 2;
  }
  const stale = protos.filter(({ file, text }) => readOrNull(file) !== text);
  const rel = (/** @type {string} */ file) => path.relative(ROOT, file).split(path.sep).join('/');
  if (check) {
    if (!stale.length) return 0;
    io.stderr.write(`generate-protos: stale (run npm run generate:proto): ${stale.map((s) => rel(s.file)).join(', ')}\n`);
    return 1;
  }
  try {
    for (const { file, text } of stale) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      writeFileAtomic(file, text);
      io.stdout.write(`wrote ${rel(file)}\n`);
    }
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    io.stderr.write(`generate-protos: ${err.message}\n`);
    return 2;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
