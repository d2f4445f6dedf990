#!/usr/bin/env node
// Prints docs/codecs.md's codec table: every codec (unavailable ones included) on the
// five bundled payloads, round-trip status and encoded bytes, in Markdown.
// --write replaces the table between the codec-status markers in docs/codecs.md.
import fs from 'node:fs';
import path from 'node:path';
import { loadCodecs } from '../lib/codecs/index.js';
import { codecStatuses, codecStatusMarkdown, STATUS_MARKERS } from './lib/codec-status.js';
import { resolvePayloads, ROOT } from '../lib/payload/index.js';
import { parseCli, runCli } from '../lib/cli/index.js';
import { UserError } from '../lib/errors.js';
import { writeFileAtomic } from '../lib/files.js';

const USAGE = `usage: node scripts/codec-table.js [--write]
  Prints docs/codecs.md's codec table (Markdown): every codec, unavailable ones included, on the five bundled
  payloads, with its round-trip status and encoded bytes.
  --write   replace the table between the codec-status markers in docs/codecs.md instead of printing it`;

runCli(import.meta.url, async () => {
  // through parseCli: --help shows the usage, an unknown option or an argument is refused rather than ignored
  const { values, positionals } = parseCli(process.argv.slice(2), { write: { type: 'boolean', default: false } });
  if (values.help) return void console.log(USAGE);
  if (positionals.length) throw new UserError(`unexpected argument "${positionals[0]}" (--help lists the options)`);
  const payloads = resolvePayloads();
  const markdown = codecStatusMarkdown(codecStatuses(await loadCodecs(), payloads), payloads);
  if (!values.write) return void process.stdout.write(markdown);
  const file = path.join(ROOT, 'docs', 'codecs.md');
  const readme = fs.readFileSync(file, 'utf8');
  const [start, end] = STATUS_MARKERS;
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) throw new UserError(`docs/codecs.md: no ${start} … ${end} block to replace`);
  writeFileAtomic(file, `${readme.slice(0, i + start.length)}\n${markdown}${readme.slice(j)}`);
});
