#!/usr/bin/env node
// The type check of `npm run lint`: tsc over the project with tsconfig.json's strict settings, held against the
// files still waiting to be made strict-clean (scripts/types-waiting.json, each with its error count; see
// scripts/lib/strict-types.js). Exit 1 with a line per problem, 0 when the tree matches the list.
//   node scripts/check-types.js            check
//   node scripts/check-types.js --update   lower the counts of files that got better, remove the clean ones
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from '../lib/paths.js';
import { runProcess } from '../lib/child-process.js';
import { parseTscOutput, ratchetProblems, shrinkWaiting } from './lib/strict-types.js';

const WAITING = path.join(ROOT, 'scripts', 'types-waiting.json');
const args = process.argv.slice(2);
const unknown = args.find((a) => a !== '--update');
if (unknown) {
  console.error(`check-types: unknown option ${unknown} (node scripts/check-types.js [--update])`);
  process.exit(2);
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const out = await runProcess(process.execPath, [tsc, '-p', ROOT, '--noEmit', '--pretty', 'false'], { cwd: ROOT });
if (out.error) throw out.error;
const errors = parseTscOutput(out.stdout);
if (out.code !== 0 && !errors.length) {
  // tsc failed without a diagnostic in a file (a bad tsconfig, say): show what it said
  process.stderr.write(out.stdout + out.stderr);
  process.exit(1);
}
/** @type {Record<string, number>} */
const waiting = JSON.parse(fs.readFileSync(WAITING, 'utf8'));

if (args.includes('--update')) {
  const next = shrinkWaiting(errors, waiting);
  fs.writeFileSync(WAITING, `${JSON.stringify(next, null, 2)}\n`);
  const before = Object.values(waiting).reduce((a, b) => a + b, 0);
  const after = Object.values(next).reduce((a, b) => a + b, 0);
  console.log(`check-types: ${Object.keys(next).length} files waiting with ${after} errors (was ${Object.keys(waiting).length} with ${before})`);
}
const problems = ratchetProblems(errors, args.includes('--update') ? shrinkWaiting(errors, waiting) : waiting);
if (problems.length) {
  console.error(`check-types: tsc (strict) against scripts/types-waiting.json:\n${problems.join('\n')}`);
  process.exit(1);
}
