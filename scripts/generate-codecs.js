#!/usr/bin/env node
// Regenerates generated/<codec>/ from proto/testN.proto for every codec that
// declares a generator (protobuf-es, protobuf-ts, pbf, ...), and generated/rpc/ (the RPC transports' service).
// --check writes nothing and exits 1 naming the files that are stale.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCodecs } from '../lib/codecs/index.js';
import { generateBundled, generatedDir, staleGeneratedFiles } from '../lib/codecs/codegen.js';
import { BUNDLED_SERVICE } from '../lib/transmission/transports/rpc-service.js';

/** The available codecs that generate code from the bundled protos. */
export async function generatingCodecs() {
  // the filter leaves only codecs with a generator
  return /** @type {(import('../lib/codecs/index.js').CodecInfo & { generator: import('../lib/codecs/codegen.js').Generator })[]} */ (
    (await loadCodecs()).filter((c) => c.available && c.generator));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const codecs = [...await generatingCodecs(), BUNDLED_SERVICE];
  if (process.argv.includes('--check')) {
    const stale = codecs.flatMap(staleGeneratedFiles);
    if (stale.length) {
      console.error(`stale generated code (run npm run generate:codecs): ${stale.join(', ')}`);
      process.exit(1);
    }
  } else {
    for (const codec of codecs) {
      fs.rmSync(generatedDir(codec.name), { recursive: true, force: true });
      generateBundled(codec, generatedDir(codec.name));
    }
  }
}
