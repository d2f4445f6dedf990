import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { GENERATED_DIR, CACHE_DIR as CACHE_ROOT } from './paths.js';

const require = createRequire(import.meta.url);
const PBJS = path.join(path.dirname(require.resolve('protobufjs-cli/package.json')), 'bin', 'pbjs');

export { GENERATED_DIR };
const CACHE_DIR = path.join(CACHE_ROOT, 'pbjs');

/**
 * Runs pbjs to write static code for a .proto file. CommonJS output because
 * pbjs's ES module wrapper imports 'protobufjs/minimal' without the '.js'
 * that Node's ESM resolver needs. --keep-case keeps the JSON keys as field
 * names. Each module gets its own protobuf.roots name, so two schemas with a
 * message of the same name can be loaded in one process. Written to a
 * temporary file first, so a failed run leaves nothing.
 * @param {string} protoFile
 * @param {string} outFile
 * @param {string} rootName
 */
export function generateStaticCode(protoFile, outFile, rootName) {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const tmp = `${outFile}.${process.pid}.tmp`;
  try {
    execFileSync(process.execPath, [PBJS, '-t', 'static-module', '-w', 'commonjs', '--keep-case',
      '--no-comments', '-r', rootName, '-p', path.dirname(protoFile), '-o', tmp, protoFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    fs.renameSync(tmp, outFile);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * The static module for a schema: the committed one for a bundled payload,
 * otherwise one generated into .cache/pbjs/ keyed by the schema's hash.
 * @param {import('./schema.js').Schema} schema
 * @returns {object} the module's root namespace
 */
export function loadStaticModule(schema) {
  let file = schema.generated;
  if (!file) {
    file = path.join(CACHE_DIR, `${schema.hash}.cjs`);
    if (!fs.existsSync(file)) {
      let protoFile = schema.sourceFile;
      if (!protoFile) {
        protoFile = path.join(CACHE_DIR, `${schema.hash}.proto`);
        fs.mkdirSync(CACHE_DIR, { recursive: true });
        fs.writeFileSync(protoFile, schema.text);
      }
      generateStaticCode(protoFile, file, `s${schema.hash}`);
    }
  }
  return require(file);
}
