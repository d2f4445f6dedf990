#!/usr/bin/env node
// Re-renders report.md and report.html from a results.json, next to it (or into --out DIR).
import path from 'node:path';
import { parseCli, runCli } from './lib/cli/index.js';
import { UserError } from './lib/errors.js';
import { writeFileAtomic } from './lib/files.js';
import { renderHtml } from './lib/report/html.js';
import { renderMarkdown } from './lib/report/markdown.js';
import { checkOutFolder, readResultsFile, resultsFilePath } from './lib/results/index.js';

const USAGE = `usage: node report.js results/X/results.json [--out DIR]
       node report.js --artillery REPORT.json [--script artillery.yml] [--out DIR]
  Writes report.md and report.html from a results file (default: in its folder;
  --out DIR writes them there instead, creating DIR and its parents if missing).
  --artillery FILE   an Artillery JSON report (artillery run --output FILE) of a benchmark_artillery.js script:
                     writes results.json, report.md and report.html (default: beside it); --script names the
                     script it ran, for the payload and the settings`;

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = { out: { type: 'string' }, artillery: { type: 'string' }, script: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } };

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (values.artillery) {
    if (positionals.length) throw new UserError(`--artillery: unexpected argument "${positionals[0]}"`);
    const { writeArtilleryReport } = await import('./lib/cli/artillery.js');
    const written = await writeArtilleryReport({ file: values.artillery, scriptFile: values.script, out: values.out, command: `node report.js ${process.argv.slice(2).join(' ')}` });
    return void console.log(`${written.join(', ')} written`);
  }
  // --script names the script an Artillery report ran: a results file carries its own payload and settings
  if (values.script !== undefined) throw new UserError(`--script ${values.script}: only with --artillery`);
  if (positionals.length !== 1) throw new UserError('expected one results file: node report.js results/X/results.json');
  const file = positionals[0];
  const results = readResultsFile(file);
  // beside the results file, inside the run's folder when the folder was given
  const dir = values.out ?? path.dirname(resultsFilePath(file));
  // both rendered before either is written, so a rendering bug leaves the old pair intact
  const markdown = renderMarkdown(results);
  const html = renderHtml(results);
  checkOutFolder(dir);
  writeFileAtomic(path.join(dir, 'report.md'), markdown);
  writeFileAtomic(path.join(dir, 'report.html'), html);
  console.log(`${path.join(dir, 'report.md')} and ${path.join(dir, 'report.html')} written`);
});
