#!/usr/bin/env node
// Screenshot of a report.html for the README: node scripts/screenshot-report.js results/X/report.html docs/report.png
import { runCli } from '../lib/cli/index.js';
import { chromiumMissing, openInChromium } from '../test/helpers/browser.js';
import { UserError } from '../lib/errors.js';

runCli(import.meta.url, async () => {
  const [html, png = 'docs/report.png', height = '1500'] = process.argv.slice(2);
  if (!html) throw new UserError('usage: node scripts/screenshot-report.js REPORT.html [OUT.png] [HEIGHT]');
  const missing = chromiumMissing();
  if (missing) throw new UserError(missing);
  const { page, errors, close } = await openInChromium(html, { width: 1280, height: Number(height) });
  try {
    await page.screenshot({ path: png });
  } finally {
    await close();
  }
  if (errors.length) throw new UserError(`the page logged errors: ${errors.join(' | ')}`);
  console.log(`${png} written`);
});
