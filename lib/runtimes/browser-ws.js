/**
 * `benchmark_ws.js --client chromium`: the transmission benchmark with the
 * client side in a headless Chromium page (browser-ws-page.js), against the
 * same server.js, started and shaped the same way as for the Node client.
 * Takes the options of measureTransmission and returns the same shape.
 */
import { UserError } from '../errors.js';
import { describePayload } from '../payload/index.js';
import { createLatency } from '../transmission/latency.js';
import { websocketHeaderBytes, SEQ_BYTES } from '../transmission/protocol.js';
import { identityQuery, payloadIdentity, startServerProcess, startShaping } from '../transmission/run.js';
import { describeCodec, measurable, prepareCodecs } from '../verify.js';
import { loadCodecs } from '../codecs/index.js';
import { bundlePage, pagePayloads } from './browser-runner.js';
import { runInChromium } from './chromium.js';
import { describeRuntime } from './describe.js';
import { locateChromium } from './install.js';

/**
 * One result row from what the page reported, as runPass makes it for the Node client.
 * @param {object} verdict describeCodec of the page's prepared codec
 * @param {Awaited<ReturnType<typeof import('./browser-ws-page.js').sendFromPage>>} run
 */
export function rowFromPage(verdict, run) {
  const latency = createLatency();
  for (const ms of run.latencies) latency.record(ms);
  const frames = run.sent ? (run.payloadBytes / run.sent) + SEQ_BYTES : 0;
  return {
    ...verdict,
    messages: run.messages, acked: run.acked, lost: run.lost, notSent: run.notSent, duplicated: run.duplicated, errors: run.errors,
    seconds: run.seconds,
    msgsPerSec: run.seconds > 0 ? run.acked / run.seconds : 0,
    payloadMBps: run.seconds > 0 && run.sent ? (run.payloadBytes * (run.acked / run.sent)) / 1e6 / run.seconds : 0,
    wireBytes: { payload: run.payloadBytes, frames: run.sent * (frames + websocketHeaderBytes(frames, true)) },
    latencyMs: latency.summary(),
    ended: run.ended,
  };
}

/**
 * measureTransmission with the client in Chromium (one connection, closed loop).
 * @param {Parameters<typeof import('../transmission/run.js').measureTransmission>[0] & { chromium?: string }} options
 */
export async function measureTransmissionInChromium({
  payload, codecs, messages = 10000, window = 1, connections = 1, rate, profile = 'none', rtt, down, up, shaper = 'auto', raw = false, warmup, chromium,
}) {
  if (connections !== 1 || rate) throw new UserError('--client chromium: one connection, closed loop (no --connections or --rate)');
  warmup ??= profile === 'none' ? Math.min(1000, messages) : 0;
  const runtime = locateChromium(chromium);
  const description = await describeRuntime(runtime.bin, 'chromium');
  const prepared = prepareCodecs(codecs, payload);
  const usable = prepared.filter(measurable).map((p) => p.codec.name);
  // a page per codec, bundling its file with what it declares for a browser: one that cannot load there
  // (or says it cannot run there) gets its row with the reason and takes no other codec down
  const files = (await loadCodecs()).filter((c) => usable.includes(c.name));
  const data = { payloads: pagePayloads([payload]), versions: Object.fromEntries(files.map((c) => [c.name, c.version])) };
  const server = await startServerProcess({ payload, formats: usable, raw });
  let shaping;
  const results = [];
  try {
    shaping = await startShaping({ url: server.url, profile, rtt, down, up, shaper });
    const base = shaping.url.replace(/\/+$/, '');
    for (const codec of files) {
      const host = describeCodec(prepared.find((p) => p.codec.name === codec.name));
      if (codec.browser?.unavailable) {
        results.push(notRun({ ...host, status: 'unsupported', reason: `in a browser page: ${codec.browser.unavailable}` }));
        continue;
      }
      const url = `${base}/${encodeURIComponent(codec.name)}${identityQuery(payloadIdentity(payload))}`;
      try {
        const script = await bundlePage([codec], [payload]);
        const out = await runInChromium(runtime, script, {
          call: 'pvjWsClient', args: [{ url, format: codec.name, messages, window, warmup }, data], timeoutMs: 600_000,
        });
        results.push(out.run ? rowFromPage(out.verdict, out.run) : notRun(out.verdict));
      } catch (err) {
        results.push(notRun({ ...host, status: 'failed', diff: null, normalised: [], reason: err.message }));
      }
    }
  } finally {
    await shaping?.stop();
    await server.stop();
  }
  for (const p of prepared.filter((x) => !measurable(x))) results.push(notRun(describeCodec(p)));
  return {
    payload: describePayload(payload),
    settings: {
      messages, window, connections, rate: null, profile, link: shaping?.link ?? null, shaper: shaping?.kind ?? 'none', shaperNote: shaping?.note ?? null,
      rounds: 1, raw, warmup, client: { runtime: 'chromium', label: 'chromium', ...description, source: runtime.source },
    },
    results,
  };
}

const notRun = (verdict) => ({ ...verdict, messages: 0, acked: 0, lost: 0, notSent: 0, duplicated: 0, errors: 0, seconds: 0,
  msgsPerSec: null, payloadMBps: null, wireBytes: null, latencyMs: null, ended: 'not run' });
