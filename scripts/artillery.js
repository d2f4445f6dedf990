#!/usr/bin/env node
// Runs the toolkit's Artillery: installed from the npm registry into the per-user cache on first use (pinned, one
// line says so), started with this Node (≥ 22.18) and with the toolkit's engine (packages/artillery-engine-pvj)
// resolvable by name. Every argument goes to Artillery:
//   node scripts/artillery.js run artillery.yml --output report.json
//   node scripts/artillery.js run-fargate --count 10 --region eu-west-1 artillery.yml --output report.json
import { spawn } from 'node:child_process';
import { runCli } from '../lib/cli/index.js';
import { ARTILLERY, artilleryEnv, ensureArtillery } from '../lib/runtimes/install/artillery.js';

const USAGE = `usage: node scripts/artillery.js COMMAND [ARGUMENTS]   (every argument goes to Artillery ${ARTILLERY.version})
  Runs the toolkit's Artillery: installed from the npm registry into the per-user cache on first use, started with
  this Node (Artillery needs Node ≥ ${ARTILLERY.node}) and with the toolkit's engine (packages/artillery-engine-pvj).
    node scripts/artillery.js run artillery.yml --output report.json
    node scripts/artillery.js run-fargate --count 10 --region eu-west-1 artillery.yml --output report.json
  Artillery's own help on a command: node scripts/artillery.js COMMAND --help. docs/artillery.md: the whole path.`;

runCli(import.meta.url, async () => {
  // the wrapper's own help, first: on any Node and without installing anything (a command's --help goes to Artillery)
  if (['--help', '-h'].includes(process.argv[2])) return void console.log(USAGE);
  const { bin } = await ensureArtillery({ onProgress: (line) => process.stderr.write(`${line}\n`) });
  const child = spawn(process.execPath, [bin, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, ...artilleryEnv() } });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  process.exitCode = code;
});
