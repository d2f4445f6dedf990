/**
 * `--client chromium`: the transmission benchmark with the client side in a headless Chromium page
 * (browser-ws-page.js, the browser's own WebSocket), as one more client of the same owner
 * (measureTransmission): the same server.js, shaping, rounds, raw passes, verdicts and server CPU per
 * message; only the pass runs in the page. The page speaks the ws transport only.
 */
import { UserError, errorMessage } from '../../errors.js';
import { createLatency } from '../../transmission/latency.js';
import { measureTransmission, notRunRow, passFigures } from '../../transmission/run.js';
import { describeCodec, prepareCodecs } from '../../verify.js';
import { loadCodecs } from '../../codecs/index.js';
import { bundlePage } from './browser-runner.js';
import { portablePayload } from '../../payload/portable.js';
import { chromiumSession, runInChromium } from './chromium.js';
import { describeRuntime } from '../install/describe.js';
import { locateChromium } from '../install/install.js';

/** The transports a page client speaks. */
export const PAGE_TRANSPORTS = ['ws'];

/**
 * A pass's figures from what the page reported, as nodeClientPass makes them (no client CPU: a page cannot
 * measure its own). The page cannot see its socket either: its wire bytes are the WebSocket frames it sent and
 * received, counted frame by frame in the page (browser-ws-page.js), which is what the Node client counts at its
 * socket for the same pass (no extension, no TLS).
 * @param {Awaited<ReturnType<typeof import('./browser-ws-page.js').sendFromPage>>} run
 * @param {import('../../transmission/server-meter.js').ServerReport | null} [report] the server's report over the pass
 */
export function passFromPage(run, report = null) {
  const latency = createLatency();
  for (const ms of run.latencies) latency.record(ms);
  return {
    ...passFigures(run, run.payloadBytes),
    wireBytes: { payload: run.payloadBytes, frames: run.wire.up, up: run.wire.up, down: run.wire.down },
    latencyMs: latency.summary(),
    latencyUncorrectedMs: null,
    clientCpuUs: null,
    clientElu: null,
    serverCpuUs: report?.messages ? report.cpuUs / report.messages : null,
    serverElu: report?.elu ?? null,
    serverBusyUs: report?.messages ? (report.elu * report.seconds * 1e6) / report.messages : null,
  };
}

/**
 * measureTransmission with the client in Chromium (one connection, closed loop, the ws transport).
 * @param {Parameters<typeof measureTransmission>[0] & { chromium?: string }} options
 */
export async function measureTransmissionInChromium({ chromium, ...options }) {
  const { payload, codecs, connections = 1, rate, transport = 'ws', direction = 'up', compress, deflate, tls, messages = 10000, warmup } = options;
  if (connections !== 1 || rate) throw new UserError('--client chromium: one connection, closed loop (no --connections or --rate)');
  if (!PAGE_TRANSPORTS.includes(transport)) throw new UserError(`--client chromium: the page speaks ${PAGE_TRANSPORTS.join(', ')} only (not --transport ${transport})`);
  if (direction !== 'up' || compress || deflate || tls) throw new UserError('--client chromium: uploads only, without --compress, --deflate or --tls');
  const runtime = locateChromium(chromium);
  const description = await describeRuntime(runtime.bin, 'chromium');
  const files = await loadCodecs();
  // a codec that says it cannot run in a browser gets its row with the reason and takes no other codec down
  const inPage = codecs.filter((c) => !files.find((f) => f.name === c.name)?.browser?.unavailable);
  // message i of a pass is corpus[i % n], as the Node client sends it: the page gets the distinct messages a pass
  // sends (the warm-up, by default, sends at most as many as the pass)
  const sent = Math.max(messages, warmup ?? 0);
  const data = { payloads: [portablePayload(payload, { messages: sent })], versions: Object.fromEntries(files.map((c) => [c.name, c.version])) };
  /** @type {Map<string, string>} each codec's page script */
  const bundles = new Map();
  // each codec verified in a page of its own first, over every corpus message a pass sends: one that fails there
  // (or cannot be bundled) gets its row with the page's verdict and takes no other codec down; the others' rows
  // carry the page's verdict, since the page's build of the codec is what encodes
  /** @type {Map<string, PageReply['verdict']>} */
  const pageVerdicts = new Map();
  /** @param {string} name */
  const fileOf = (name) => {
    const file = files.find((f) => f.name === name);
    if (!file) throw new Error(`${name}: not in the codec registry`);
    return file;
  };
  /** @param {string} name */
  const verdictOf = (name) => {
    const verdict = pageVerdicts.get(name);
    if (!verdict) throw new Error(`${name}: no verdict from the page`);
    return verdict;
  };
  // one browser for the verifications and every pass, a fresh context (its own renderer) for each page
  const session = chromiumSession(runtime.bin);
  try {
    return await verifyAndMeasure();
  } finally {
    await session.close();
  }

  async function verifyAndMeasure() {
    for (const c of inPage) {
      try {
        const script = await bundlePage([fileOf(c.name)], [payload]);
        bundles.set(c.name, script);
        const job = { format: c.name, messages, warmup, verifyOnly: true };
        const out = pageReply(await runInChromium(runtime, script, { call: 'pvjWsClient', args: [job, data], timeoutMs: 120_000, session }));
        pageVerdicts.set(c.name, out.verdict);
      } catch (err) {
        const [p] = prepareCodecs([c], payload);
        pageVerdicts.set(c.name, { ...describeCodec(p), status: 'failed', diff: null, normalised: [], reason: errorMessage(err) });
      }
    }
    const measured = inPage.filter((c) => ['exact', 'equivalent', 'lossy'].includes(verdictOf(c.name).status));
    /** @param {import('../../transmission/run.js').PassOptions} pass */
    const clientPass = async (pass) => {
      const file = fileOf(pass.codec.name);
      if (!pass.identity) throw new Error(`${file.name}: a page pass names its payload (identity)`);
      const script = bundles.get(file.name);
      if (!script) throw new Error(`${file.name}: no page script (it was not verified in a page)`);
      const query = new URLSearchParams({ payload: pass.identity.hash, name: pass.identity.id, ...(pass.raw ? { raw: '1' } : {}) });
      const url = `${pass.url.replace(/\/+$/, '')}/${encodeURIComponent(file.name)}?${query}`;
      const context = await (await session.get()).newContext();
      const page = await context.newPage();
      try {
        await page.route('**/*', (route) => route.abort());
        await page.setContent('<!doctype html><meta charset="utf-8"><title>transmission</title>');
        // the page calls this before each pass's clock starts: the last call (after the warm-up) marks the server
        await page.exposeFunction('pvjBeforeStart', async () => { await pass.serverControl?.mark(); });
        await page.addScriptTag({ content: script });
        const out = await page.evaluate(async ({ job, pageData }) => {
          const client = /** @type {{ pvjWsClient?: unknown }} */ (globalThis).pvjWsClient;
          if (typeof client !== 'function') throw new Error('the page defines no globalThis.pvjWsClient');
          return JSON.stringify(await client(job, pageData));
        }, { job: { url, format: file.name, messages: pass.messages, window: pass.window, warmup: pass.warmup ?? 0 }, pageData: data });
        const { verdict, run } = pageReply(JSON.parse(out));
        if (!run) throw new UserError(`--client chromium: ${file.name} cannot run in the page: ${verdict.reason ?? verdict.status}`);
        const report = await pass.serverControl?.report() ?? null;
        return passFromPage(run, report);
      } finally {
        await context.close();
      }
    };
    const result = await measureTransmission({
      ...options, codecs: measured, clientPass, clientWarmsUp: true,
      client: { runtime: 'chromium', label: 'chromium', ...description, source: runtime.source },
    });
    for (const row of result.results) {
      const verdict = pageVerdicts.get(row.format);
      if (!verdict || !measured.some((c) => c.name === row.format)) continue;
      const { status, diff, normalised, reason } = verdict;
      const record = 'record' in verdict ? verdict.record : null;
      Object.assign(row, { status, diff, normalised, reason }, (record ?? 0) > 0 ? { record } : {});
    }
    for (const c of inPage.filter((x) => !measured.includes(x))) {
      result.results.push({ ...notRunRow(verdictOf(c.name)), transport, direction });
    }
    for (const c of codecs.filter((x) => !inPage.includes(x))) {
      const [p] = prepareCodecs([c], payload);
      const reason = `in a browser page: ${fileOf(c.name).browser?.unavailable}`;
      result.results.push({ ...notRunRow({ ...describeCodec(p), status: 'unsupported', reason }), transport, direction });
    }
    return result;
  }
}

/** @typedef {Awaited<ReturnType<typeof import('./browser-worker.js').runPageClient>>} PageReply what the page client returns */

/**
 * What the page's pvjWsClient gave back, through JSON, checked for the verdict and run the host reads.
 * @param {unknown} value
 * @returns {PageReply}
 */
function pageReply(value) {
  const ok = value !== null && typeof value === 'object' && 'verdict' in value && 'run' in value
    && value.verdict !== null && typeof value.verdict === 'object';
  if (!ok) throw new Error('the page client gave no verdict');
  return /** @type {PageReply} */ (value); // runPageClient's result, through JSON: checked above down to the verdict
}
