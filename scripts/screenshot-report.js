#!/usr/bin/env node
// Screenshot of a report.html for the README: node scripts/screenshot-report.js results/X/report.html docs/report.png
import fs from 'node:fs';
import { parseCli, runCli } from '../lib/cli/index.js';
import { chromiumMissing, openInChromium } from '../test/helpers/browser.js';
import { UserError } from '../lib/errors.js';

const USAGE = `usage: node scripts/screenshot-report.js REPORT.html [OUT.png] [HEIGHT]
  Opens REPORT.html in a headless Chromium 1280 pixels wide and HEIGHT high (default 1500) and writes a
  screenshot of it to OUT.png (default docs/report.png).`;

runCli(import.meta.url, async () => {
  // options through parseCli, so --help shows this (no browser started) and any other option is refused, not opened as a file
  const { values, positionals } = parseCli(process.argv.slice(2), {});
  if (values.help) return void console.log(USAGE);
  const [html, png = 'docs/report.png', height = '1500', extra] = positionals;
  if (!html) throw new UserError('give a REPORT.html (--help shows the usage)');
  if (extra !== undefined) throw new UserError(`unexpected argument "${extra}" (--help shows the usage)`);
  const pixels = Number(height);
  if (!Number.isInteger(pixels) || pixels < 1) throw new UserError(`HEIGHT: expected a whole number of pixels ≥ 1, got ${JSON.stringify(height)}`);
  // checked before a browser starts: Chromium would show its own error page for a file that is not there
  if (!fs.statSync(html, { throwIfNoEntry: false })?.isFile()) throw new UserError(`${html}: no such file`);
  const missing = chromiumMissing();
  if (missing) throw new UserError(missing);
  const { page, errors, close } = await openInChromium(html, { width: 1280, height: pixels });
  try {
    await page.screenshot({ path: png });
  } finally {
    await close();
  }
  if (errors.length) throw new UserError(`the page logged errors: ${errors.join(' | ')}`);
  console.log(`${png} written`);
});
