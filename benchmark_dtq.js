#!/usr/bin/env node
// Data transmission quantity: how many bytes each format puts on the wire.
import fs from 'node:fs';
import { numberOption, parseCli, PAYLOAD_OPTIONS, payloadSourceUsage, payloadSynopsis, resolveSelection, runCli } from './lib/cli/index.js';
import { createProgress } from './lib/cli/progress.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { CORPUS_DEFAULTS, measureCorpusSizes, measureSizes } from './lib/measure/sizes.js';
import { payloadHeading } from './lib/report/rows.js';
import { corpusSizeReport } from './lib/report/corpus-sizes.js';
import { prepareCodecs } from './lib/verify.js';
import { corpusOf } from './lib/payload/index.js';
import { refuseRuntimeOptionsAlone, RUNTIME_OPTIONS, runtimeUsage, verifyAcrossRuntimes } from './lib/cli/runtimes.js';
import { DEFAULT_FORMATS } from './lib/codecs/index.js';
import { verdictMatrixTable } from './lib/report/runtime-matrix.js';

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = { ...PAYLOAD_OPTIONS, ...RUNTIME_OPTIONS, sample: { type: 'string' }, train: { type: 'string' } };

const USAGE = `usage: node benchmark_dtq.js ${payloadSynopsis('N ...')}
                             [--formats a,b] [--sample N] [--train N] [--strict] [--json]
  N             bundled payload 1–5 (default: all five), each a corpus of 1,000 distinct messages
${payloadSourceUsage(OPTIONS, { column: 16 })}
  --sample N    messages compressed one by one: a seeded sample when the corpus is larger (default ${CORPUS_DEFAULTS.sample});
                raw sizes and verification always cover every message
  --train N     the first N messages train the dictionaries, measured on the others (default ${CORPUS_DEFAULTS.train}, or half
                the corpus when that is fewer; given, up to one fewer than the corpus holds)
  --formats     comma-separated codecs ('all' for every available one; default:
                ${DEFAULT_FORMATS.join(',')})
  --json        print the results as one JSON object
${runtimeUsage({ column: 16, adds: 'each codec\'s round-trip verdict on each runtime (the sizes are the host\'s)' })}`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  refuseRuntimeOptionsAlone(values);
  const sample = values.sample === undefined ? undefined : numberOption(values.sample, 'sample', { min: 1, integer: true });
  const train = values.train === undefined ? undefined : numberOption(values.train, 'train', { min: 1, integer: true });
  const big = values.data && (fs.statSync(values.data, { throwIfNoEntry: false })?.size ?? 0) >= 10 * 2 ** 20;
  if (big) process.stderr.write(`reading ${values.data}: parsing it and checking every record against the schema\n`);
  const { payloads, codecs } = await resolveSelection(values, positionals);
  /** @type {Array<ReturnType<typeof measureSizes>>} */
  const results = [];
  /** @type {Array<Awaited<ReturnType<typeof measureCorpusSizes>>>} */
  const corpus = [];
  for (const p of payloads) {
    const prepared = prepareCodecs(codecs, p);
    results.push(measureSizes(prepared, p));
    // a large corpus takes seconds: say where the pass is (small ones stay quiet, so logs and tests do not fill up)
    const tty = Boolean(process.stderr.isTTY);
    const progress = tty || corpusOf(p).length >= 10000 ? createProgress({ total: prepared.length }) : null;
    /** @type {string|null} */
    let current = null;
    corpus.push(await measureCorpusSizes(prepared, p, { sample, train, onProgress: progress ? ((s) => {
      const next = s.codec !== current;
      current = s.codec;
      // a plain log gets a line per codec and stage; a terminal's line also counts the records
      if (!tty && s.done > 0) return;
      progress.tick(`${p.id}: ${s.codec}: ${s.stage}${tty && s.total ? ` ${s.done.toLocaleString('en-US')}/${s.total.toLocaleString('en-US')}` : ''}`, next ? 1 : 0);
    }) : undefined }));
    progress?.end();
  }
  const across = values.runtimes === undefined ? null : await verifyAcrossRuntimes(values, positionals, payloads, codecs);
  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ measurement: 'size', environment, results, corpus, ...(across && { runtimes: across.runtimes, verdicts: across.results }) }, null, 2));
  console.log(environmentLine(environment));
  results.forEach((r, i) => console.log(`\n${payloadHeading(r.payload)}\n\n${corpusSizeReport(corpus[i])}${across ? `\n\nRound trip on each runtime:\n\n${verdictMatrixTable(across.results[i], across.runtimes)}` : ''}`));
});
