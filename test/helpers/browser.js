import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's chromium package; nothing ever downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Headless, and quiet on the network: no first-run, sync, updates or QUIC.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Why Chromium cannot be used here, or null when it can. */
export function chromiumMissing() {
  return fs.existsSync(CHROMIUM) ? null : `${CHROMIUM} not found (apt-get install chromium, or set CHROMIUM_PATH)`;
}

/**
 * Opens a local HTML file in headless Chromium (playwright-core, the system
 * browser, a fresh profile that is removed on close) and collects what the
 * page logged as errors.
 * @param {string} file
 * @param {{ width: number, height: number }} [viewport]
 * @returns {Promise<{ page: import('playwright-core').Page, errors: string[], close: () => Promise<void> }>}
 */
export async function openInChromium(file, viewport = { width: 1280, height: 900 }) {
  const { chromium } = await import('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'report-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: ARGS, viewport, offline: true,
  });
  /** @type {string[]} */
  const errors = [];
  const page = context.pages()[0] ?? await context.newPage();
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(err.message));
  // a self-contained report asks for nothing; anything it asks for is a defect
  page.on('request', (req) => { if (!req.url().startsWith('file:')) errors.push(`network request: ${req.url()}`); });
  await page.goto(`file://${path.resolve(file)}`, { waitUntil: 'load' });
  return {
    page,
    errors,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * What each chart of a report page drew: its id, whether Chart.js owns it,
 * and how many pixels inside its plot area (axes, title and legend excluded)
 * carry one of its datasets' colours, i.e. how much data it actually drew.
 * @param {import('playwright-core').Page} page
 */
export function chartStates(page) {
  return page.evaluate(() => [...document.querySelectorAll('canvas')].map((canvas) => {
    // the report page inlines Chart.js, which sets window.Chart
    const chart = /** @type {Window & { Chart?: typeof import('chart.js').Chart }} */ (window).Chart?.getChart(canvas);
    if (!chart) return { id: canvas.id, chart: false, width: canvas.width, height: canvas.height, dataPixels: 0, area: 0 };
    /** '#rrggbb' → 'r,g,b' as getImageData gives pixels, null for any other colour form. */
    const rgb = (/** @type {unknown} */ colour) => {
      if (typeof colour !== 'string') return null;
      const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
      return m ? m.slice(1).map((h) => parseInt(h, 16)).join(',') : null;
    };
    const colours = new Set(chart.data.datasets.flatMap((ds) => [ds.backgroundColor, ds.borderColor].flat()).map(rgb).filter(Boolean));
    const r = chart.currentDevicePixelRatio;
    const { left, top, right, bottom } = chart.chartArea;
    const x = Math.ceil(left * r);
    const y = Math.ceil(top * r);
    const w = Math.floor((right - left) * r);
    const h = Math.floor((bottom - top) * r);
    const context = canvas.getContext('2d');
    if (!context) throw new Error(`canvas ${canvas.id} has no 2d context`);
    const pixels = context.getImageData(x, y, w, h).data;
    let dataPixels = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3] === 255 && colours.has(`${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`)) dataPixels++;
    }
    return { id: canvas.id, chart: true, width: canvas.width, height: canvas.height, dataPixels, area: w * h };
  }));
}
