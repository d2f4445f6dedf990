#!/usr/bin/env node
// Data transmission quantity: how many bytes each format puts on the wire.
import { parseCli, PAYLOAD_OPTIONS, resolveSelection, runCli } from './lib/cli/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { measureSizes } from './lib/measure/sizes.js';
import { payloadHeading, sizeTable } from './lib/report/terminal.js';
import { prepareCodecs } from './lib/verify.js';

const USAGE = `usage: node benchmark_dtq.js [N ...] [--data FILE [--proto FILE [--type NAME]]] [--formats a,b] [--json]
  N             bundled payload 1–5 (default: all five)
  --data FILE   your own JSON file; its schema is inferred unless --proto is given
  --proto FILE  a .proto schema to use instead; --type NAME picks the message (default: the first)
  --formats     comma-separated codecs (default: the classic four, protobuf-es, msgpackr; 'all' for every available one)
  --json        print the results as one JSON object`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), PAYLOAD_OPTIONS);
  if (values.help) return void console.log(USAGE);
  const { payloads, codecs } = await resolveSelection(values, positionals);
  const results = payloads.map((p) => measureSizes(prepareCodecs(codecs, p), p));
  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ measurement: 'size', environment, results }, null, 2));
  console.log(environmentLine(environment));
  for (const r of results) console.log(`\n${payloadHeading(r.payload)}\n\n${sizeTable(r)}`);
});
