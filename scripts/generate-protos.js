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
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../lib/errors.js';
import { inferSchema } from '../lib/schema/infer.js';
import { BUNDLED, ROOT } from '../lib/payload/index.js';
import { readJsonFile } from '../lib/files.js';
import { checkOrWrite, fileOutput } from './lib/generated-files.js';

const REGENERATE = 'npm run generate:proto';

/**
 * The .proto text every bundled payload should have, inferred from its data file.
 * @returns {{ file: string, text: string }[]} file: absolute path of proto/testN.proto
 */
export function renderBundledProtos() {
  return BUNDLED.map((p) => {
    const source = path.relative(ROOT, p.dataFile).split(path.sep).join('/');
    const value = readJsonFile(p.dataFile, source);
    try {
      return { file: p.protoFile, text: inferSchema(value, { name: p.type, source, regenerate: REGENERATE }).text };
    } catch (err) {
      throw err instanceof UserError ? new UserError(`${source}: ${err.message}`) : err;
    }
  });
}

/**
 * Runs the script; returns the exit code.
 * @param {string[]} argv
 * @param {{ stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown } }} [io]
 */
export function main(argv, io = process) {
  return checkOrWrite(argv, () => renderBundledProtos().map(({ file, text }) => fileOutput(file, text)),
    { script: 'generate-protos', regenerate: REGENERATE, io });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
