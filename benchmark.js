#!/usr/bin/env node
// The main job (npm start): size and speed for every bundled payload, quick settings.
import { numberOption, parseCli, PAYLOAD_OPTIONS, resolveSelection, runCli } from './lib/cli.js';
import { describeEnvironment, environmentLine } from './lib/environment.js';
import { measureSizes } from './lib/measure-sizes.js';
import { measureSpeed, planBenchmarks } from './lib/measure-speed.js';
import { payloadHeading, sizeTable, speedTable } from './lib/print-results.js';
import { createProgress } from './lib/progress.js';
import { prepareCodecs } from './lib/verify.js';

const USAGE = `usage: node benchmark.js [N ...] [--data FILE [--proto FILE [--type NAME]]] [--formats a,b] [--rounds R] [--max-time S] [--json]
  Sizes and encode/decode speed for the bundled payloads (default: all five).
  --rounds R     interleaved speed rounds (default 2)
  --max-time S   seconds per benchmark per round (default 0.3)`;

const OPTIONS = { ...PAYLOAD_OPTIONS, rounds: { type: 'string', default: '2' }, 'max-time': { type: 'string', default: '0.3' } };

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  const rounds = numberOption(values.rounds, 'rounds', { min: 1, integer: true });
  const maxTime = numberOption(values['max-time'], 'max-time', { min: 0.05 });
  const { payloads, codecs } = await resolveSelection(values, positionals);
  const prepared = payloads.map((p) => prepareCodecs(codecs, p));
  const sizes = payloads.map((p, i) => measureSizes(prepared[i], p));
  const steps = prepared.reduce((n, ps) => n + planBenchmarks(ps).length * rounds, 0);
  const progress = createProgress({ total: steps });
  const speeds = payloads.map((p, i) => measureSpeed(prepared[i], p, {
    rounds, maxTime, onProgress: (e) => progress.tick(`${p.id} ${e.name}, round ${e.round}`),
  }));
  progress.end();
  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ environment, sizes, speeds }, null, 2));
  console.log(environmentLine(environment));
  for (let i = 0; i < payloads.length; i++) {
    console.log(`\n## ${payloadHeading(sizes[i].payload)}\n\nSize\n\n${sizeTable(sizes[i])}\n\nSpeed\n\n${speedTable(speeds[i])}`);
  }
});
