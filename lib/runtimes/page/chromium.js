/**
 * Chromium as a runtime: code bundled for the browser with esbuild, run in a
 * headless page of the system's Chromium driven by playwright-core (which
 * never downloads a browser). Both are imported only when Chromium is used.
 */

// Headless and quiet on the network: no first run, sync or component updates.
export const CHROMIUM_ARGS = Object.freeze(['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run']);

/**
 * Starts a headless Chromium from a binary path.
 * @param {string} binPath
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(binPath) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: binPath, headless: true, args: [...CHROMIUM_ARGS] });
}

/**
 * Bundles an ES module and what it imports into one script for a page
 * (an IIFE, so it runs from a plain <script>). Node built-ins have no browser
 * form: importing one fails the build, naming the module that asked for it.
 * @param {string} entry path of the module
 * @param {{ nodePaths?: string[], loader?: Record<string, import('esbuild').Loader>, define?: Record<string, string>, plugins?: import('esbuild').Plugin[] }} [options]
 *   nodePaths: folders to resolve bare imports from when entry lies outside the project; plugins: esbuild plugins
 * @returns {Promise<string>} the script's text
 */
export async function bundleForBrowser(entry, options = {}) {
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', write: false, logLevel: 'silent',
      nodePaths: options.nodePaths, loader: options.loader, define: options.define, plugins: options.plugins,
    });
    return result.outputFiles[0].text;
  } catch (err) {
    // esbuild's BuildFailure: an Error with the build's messages
    /** @type {import('esbuild').Message[]} */
    const errors = err instanceof Error && 'errors' in err && Array.isArray(err.errors) ? err.errors : [];
    if (!errors.length) throw err;
    const first = errors[0];
    const where = first.location ? `${first.location.file}:${first.location.line}: ` : '';
    throw new Error(`cannot bundle ${entry} for the browser: ${where}${first.text}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`, { cause: err });
  }
}

/** @typedef {ReturnType<typeof chromiumSession>} ChromiumSession */

/**
 * One browser for many pages: `get()` launches it on first use (and again if it went away), `close()` ends it.
 * Launching costs about 1.5 s of a 2-core machine; a fresh context per page keeps the pages as apart as fresh
 * browsers would (each context's page gets its own renderer process, so no JIT state carries over).
 * @param {string} binPath
 */
export function chromiumSession(binPath) {
  /** @type {import('playwright-core').Browser | null} */
  let browser = null;
  return {
    async get() {
      if (!browser?.isConnected()) browser = await launchChromium(binPath);
      return browser;
    },
    async close() {
      const b = browser;
      browser = null;
      await b?.close();
    },
  };
}

/**
 * Runs bundled code in a fresh headless page and returns what a global
 * function it defines returns (awaited, and passed through JSON). Errors the
 * page throws become the rejection, with the page's own message.
 * @param {{ bin: string }} runtime from ensureRuntime('chromium')
 * @param {string} script the bundle's text
 * @param {{ call: string, args?: unknown[], timeoutMs?: number, session?: ChromiumSession }} job
 *   call: the name of a function the script puts on globalThis; session: a browser to open the page in (a fresh
 *   context of it), instead of one launched for this page alone
 * @returns {Promise<unknown>} the function's result as JSON.parse gives it back
 */
export async function runInChromium(runtime, script, { call, args = [], timeoutMs = 120_000, session }) {
  const own = session ? null : await launchChromium(runtime.bin);
  const context = own ? null : await /** @type {NonNullable<typeof session>} */ (session).get().then((b) => b.newContext());
  try {
    const page = own ? await own.newPage() : await /** @type {import('playwright-core').BrowserContext} */ (context).newPage();
    /** @type {string[]} */
    const pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.setDefaultTimeout(timeoutMs);
    // offline and empty: a measurement page asks for nothing
    await page.route('**/*', (route) => route.abort());
    await page.setContent('<!doctype html><meta charset="utf-8"><title>runtime</title>');
    await page.addScriptTag({ content: script });
    if (pageErrors.length) throw new Error(`chromium: the script failed to load: ${pageErrors[0]}`);
    const result = await Promise.race([
      page.evaluate(async ({ name, params }) => {
        const fn = /** @type {Record<string, unknown>} */ (globalThis)[name];
        if (typeof fn !== 'function') throw new Error(`the script defines no function globalThis.${name}`);
        return JSON.stringify(await fn(...params));
      }, { name: call, params: args }),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`chromium: ${call}() did not finish in ${timeoutMs} ms`)), timeoutMs).unref()),
    ]);
    return result === undefined ? undefined : JSON.parse(result);
  } finally {
    await (own ?? context)?.close();
  }
}
