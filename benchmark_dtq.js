#!/usr/bin/env node
// Data transmission quantity: how many bytes each format puts on the wire.
import { parseCli, PAYLOAD_OPTIONS, resolveSelection, runCli } from './lib/cli/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { measureSizes } from './lib/measure/sizes.js';
import { payloadHeading, sizeTable } from './lib/report/terminal.js';
import { prepareCodecs } from './lib/verify.js';
import { RUNTIME_OPTIONS, RUNTIME_USAGE, verifyAcrossRuntimes } from './lib/runtimes/cli.js';
import { verdictMatrixTable } from './lib/report/runtime-matrix.js';

const USAGE = `usage: node benchmark_dtq.js [N ...] [--data FILE [--proto FILE [--type NAME]]] [--formats a,b] [--json]
  N             bundled payload 1–5 (default: all five)
  --data FILE   your own JSON file; its schema is inferred unless --proto is given
  --proto FILE  a .proto schema to use instead; --type NAME picks the message (default: the first)
  --strict      refuse a --data file with a key given twice in one object (default: a warning)
  --formats     comma-separated codecs (default: the classic four, protobuf-es, msgpackr; 'all' for every available one)
  --json        print the results as one JSON object
${RUNTIME_USAGE}
                (sizes are the host's; --runtimes adds each codec's round-trip verdict on each runtime)`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), { ...PAYLOAD_OPTIONS, ...RUNTIME_OPTIONS });
  if (values.help) return void console.log(USAGE);
  const { payloads, codecs } = await resolveSelection(values, positionals);
  const results = payloads.map((p) => measureSizes(prepareCodecs(codecs, p), p));
  const across = values.runtimes === undefined ? null : await verifyAcrossRuntimes(values, positionals, payloads, codecs);
  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ measurement: 'size', environment, results, ...(across && { runtimes: across.runtimes, verdicts: across.results }) }, null, 2));
  console.log(environmentLine(environment));
  results.forEach((r, i) => console.log(`\n${payloadHeading(r.payload)}\n\n${sizeTable(r)}${across ? `\n\nRound trip on each runtime:\n\n${verdictMatrixTable(across.results[i], across.runtimes)}` : ''}`));
});
