#!/usr/bin/env node
// Runs node's test runner on every *.test.js below the folders given (a file
// given is run as it is). Node 20
// takes a folder but no glob, Node 22+ a glob but no folder; naming the files
// works on both.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const files = (dir) => (fs.statSync(dir).isFile() ? [dir] : fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return e.name === 'fixtures' ? [] : files(p);
  return e.name.endsWith('.test.js') ? [p] : [];
}));

const dirs = process.argv.slice(2);
const found = dirs.flatMap(files).sort();
if (!found.length) {
  console.error(`run-tests: no *.test.js under ${dirs.join(', ') || '(no folder given)'}`);
  process.exit(2);
}
const r = spawnSync(process.execPath, ['--test', ...found], { stdio: 'inherit' });
process.exit(r.status ?? 1);
