import { runProcess } from '../../child-process.js';
import { UserError, firstLine } from '../../errors.js';
import { launchChromium } from '../page/chromium.js';
import { stderrMessage } from '../run/run.js';

/**
 * What each kind of runtime is asked to print about itself: its own version
 * and its engine's. Bun's process.versions.v8 is a compatibility value, not
 * its engine's: Bun runs JavaScriptCore from its WebKit fork, which has no
 * release numbers, so the engine version is that fork's commit.
 * @type {Record<string, { args: string[], code: string, engine: string }>}
 */
const PROBES = {
  node: { args: ['-e'], code: 'console.log(JSON.stringify({ version: process.versions.node, engineVersion: process.versions.v8 }))', engine: 'V8' },
  bun: { args: ['-e'], code: 'console.log(JSON.stringify({ version: Bun.version, engineVersion: process.versions.webkit }))', engine: 'JavaScriptCore' },
  deno: { args: ['eval'], code: 'console.log(JSON.stringify({ version: Deno.version.deno, engineVersion: Deno.version.v8 }))', engine: 'V8' },
};

/**
 * The command line that makes a runtime describe itself (not for chromium).
 * @param {string} kind 'node', 'bun' or 'deno' (anything else is a TypeError)
 * @returns {string[]} arguments after the binary
 */
export function describeArgs(kind) {
  const probe = PROBES[kind];
  if (!probe) throw new TypeError(`no describe command for runtime kind ${kind}`);
  return [...probe.args, probe.code];
}

/**
 * Runs a runtime's binary once and reports what it is. Chromium is started
 * headless and asked over the DevTools protocol, which gives its V8 version.
 * A binary that is not the kind it was given as (bun=/usr/bin/node) fails
 * here, as a UserError, before anything is measured on it.
 * @param {string} binPath
 * @param {string} kind 'node', 'bun', 'deno' or 'chromium'
 * @returns {Promise<RuntimeDescription>}
 */
export async function describeRuntime(binPath, kind) {
  if (kind === 'chromium') return describeChromium(binPath);
  const probe = PROBES[kind];
  if (!probe) throw new TypeError(`unknown runtime kind ${kind}`);
  const out = await runProcess(binPath, describeArgs(kind), { timeoutMs: 30_000, env: { NO_COLOR: '1' } });
  const { stdout } = out;
  const error = out.error?.message ?? (out.timedOut ? 'did not answer in 30 s'
    : out.code !== 0 ? stderrMessage(out.stderr) || `exited with ${out.signal ?? `code ${out.code}`}` : null);
  const parsed = error ? null : parseLastLine(stdout);
  if (!parsed || typeof parsed.version !== 'string' || typeof parsed.engineVersion !== 'string') {
    throw new UserError(`${binPath} does not run as ${kind}: ${error ? firstLine(error) : `it printed ${JSON.stringify(firstLine(stdout))}`}`);
  }
  return { name: kind, version: parsed.version, engine: probe.engine, engineVersion: parsed.engineVersion };
}

/**
 * @param {string} binPath
 * @returns {Promise<RuntimeDescription>}
 */
async function describeChromium(binPath) {
  let browser;
  try {
    browser = await launchChromium(binPath);
  } catch (err) {
    throw new UserError(`${binPath} does not start as chromium: ${firstLine(err)}`);
  }
  try {
    const session = await browser.newBrowserCDPSession();
    const info = await session.send('Browser.getVersion');
    // product is "Chrome/156.0.8078.79" (Chromium builds say Chrome here too)
    return { name: 'chromium', version: info.product.slice(info.product.lastIndexOf('/') + 1), engine: 'V8', engineVersion: info.jsVersion };
  } finally {
    await browser.close();
  }
}

/**
 * @param {string} text
 * @returns {{ version?: unknown, engineVersion?: unknown } | null}
 */
function parseLastLine(text) {
  const last = text.trim().split('\n').pop();
  try {
    return JSON.parse(last ?? '');
  } catch {
    return null;
  }
}


/**
 * @typedef {object} RuntimeDescription
 * @property {string} name 'node', 'bun', 'deno' or 'chromium'
 * @property {string} version exact, as the runtime reports it (26.10.0, 1.4.5, 2.9.6, 156.0.8078.79)
 * @property {string} engine 'V8' or 'JavaScriptCore'
 * @property {string} engineVersion V8's version, or for Bun the commit of its WebKit fork
 */
