#!/usr/bin/env node
// Regenerates generated/protobufjs/testN.cjs from proto/testN.proto with pbjs.
// --check writes nothing and exits 1 naming the files that are stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED } from '../lib/payloads.js';
import { GENERATED_DIR, ROOT } from '../lib/paths.js';
import { generateStaticCode } from '../lib/static-code.js';

/** Files that differ from what pbjs would generate now (all of them are regenerated into a temp folder). */
export function staleStaticFiles() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pbjs-check-'));
  try {
    return BUNDLED.filter((p) => {
      const fresh = path.join(tmp, `${p.name}.cjs`);
      generateStaticCode(p.protoFile, fresh, p.name);
      const committed = path.join(GENERATED_DIR, `${p.name}.cjs`);
      return !fs.existsSync(committed) || fs.readFileSync(committed, 'utf8') !== fs.readFileSync(fresh, 'utf8');
    }).map((p) => path.relative(ROOT, path.join(GENERATED_DIR, `${p.name}.cjs`)));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = staleStaticFiles();
    if (stale.length) {
      console.error(`stale generated code (run npm run generate:static): ${stale.join(', ')}`);
      process.exit(1);
    }
  } else {
    for (const p of BUNDLED) generateStaticCode(p.protoFile, path.join(GENERATED_DIR, `${p.name}.cjs`), p.name);
  }
}
