#!/usr/bin/env node
// Regenerates generated/<codec>/ from proto/testN.proto for every codec that
// declares a generator (protobuf-es, protobuf-ts, pbf, ...), and generated/rpc/ (the RPC transports' service).
// Writes only the stale folders; --check writes nothing and exits 1 naming the files that are stale.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCodecs } from '../lib/codecs/index.js';
import { generateBundled, generatedDir, staleGeneratedFiles } from '../lib/codecs/codegen.js';
import { BUNDLED_SERVICE } from '../lib/transmission/transports/rpc-service.js';
import { checkOrWrite, projectPath } from './lib/generated-files.js';

/** The available codecs that generate code from the bundled protos. */
export async function generatingCodecs() {
  // the filter leaves only codecs with a generator
  return /** @type {(import('../lib/codecs/index.js').CodecInfo & { generator: import('../lib/codecs/codegen.js').Generator })[]} */ (
    (await loadCodecs()).filter((c) => c.available && c.generator));
}

/**
 * A generating codec's committed folder as a generator output (and the RPC service's, which generates the same way).
 * @param {{ name: string, generator: import('../lib/codecs/codegen.js').Generator }} codec
 * @returns {import('./lib/generated-files.js').Output}
 */
export function codecOutput(codec) {
  const dir = generatedDir(codec.name);
  return {
    name: projectPath(dir),
    stale: () => staleGeneratedFiles(codec),
    write: () => {
      fs.rmSync(dir, { recursive: true, force: true });
      generateBundled(codec, dir);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const codecs = [...await generatingCodecs(), BUNDLED_SERVICE];
  process.exitCode = checkOrWrite(process.argv.slice(2), () => codecs.map(codecOutput),
    { script: 'generate-codecs', regenerate: 'npm run generate:codecs' });
}
