#!/usr/bin/env node
// Runs the toolkit's Artillery: installed from the npm registry into the per-user cache on first use (pinned, one
// line says so), started with this Node (≥ 22.18) and with the toolkit's engine (packages/artillery-engine-pvj)
// resolvable by name. Every argument goes to Artillery:
//   node scripts/artillery.js run artillery.yml --output report.json
//   node scripts/artillery.js run-fargate --count 10 --region eu-west-1 artillery.yml --output report.json
import { spawn } from 'node:child_process';
import { runCli } from '../lib/cli/index.js';
import { artilleryEnv, ensureArtillery } from '../lib/runtimes/install/artillery.js';

runCli(import.meta.url, async () => {
  const { bin } = await ensureArtillery({ onProgress: (line) => process.stderr.write(`${line}\n`) });
  const child = spawn(process.execPath, [bin, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, ...artilleryEnv() } });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  process.exitCode = code;
});
