/**
 * The page's side of a round in Chromium, bundled with the codecs: what
 * worker.js does in Node, Bun and Deno. The payloads arrive as data (the value,
 * and the resolved schema as protobuf.js JSON, since a page has no files);
 * each codec is created from its browser form when it declares one, verified
 * by the same rules and timed by the same measureSpeed.
 */
import { rebuildPayload } from '../../payload/portable.js';
import { describeCodec, prepareCodecs } from '../../verify.js';
import { measureSpeed } from '../../measure/speed.js';
import { registerGenerated, registerUnsupported } from './browser-codegen.js';
import { rotate } from '../../measure/statistics.js';
import { pageMessages, sendFromPage } from './browser-ws-page.js';

/**
 * The shortest sample Benchmark.js can time in a page. It finds no high-resolution clock there (it knows
 * process.hrtime, microtime and chrome.Interval, not performance.now) and falls back to Date, whose resolution it
 * takes as at least 1.5 ms; for its 1% uncertainty a sample must last 50 such ticks, 0.075 s. A shorter minTime
 * times garbage (0 ops/s was seen at 0.005 s), so a shorter one asked for is raised to this.
 */
export const PAGE_MIN_TIME = 0.075;

/**
 * A codec as the page runs it: what it declares as `browser` replaces the
 * same fields of the codec (a create() without Buffer, say). A bundled codec runs in the page (one that declares
 * it cannot was not bundled), so it is listed as available.
 * @param {import('../../codecs/index.js').Codec} codec its file's default export
 * @param {string|null} version the library's version, read on the host
 * @returns {import('../../codecs/index.js').CodecInfo}
 */
export function browserForm(codec, version) {
  return { ...codec, ...(codec.browser ?? {}), version, available: true, reason: null };
}

/**
 * Runs one round in the page and returns what worker.js prints.
 * @param {Omit<import('../matrix/matrix.js').WorkerJob, 'payloads'>} job
 * @param {{ payloads: PortablePayload[], versions: Record<string, string|null> }} data
 * @param {Bundled} bundled
 */
export function runPageRound(job, data, bundled) {
  const codecs = pageCodecs(job.formats.split(','), data, bundled);
  const filter = job.filter ? new RegExp(job.filter) : undefined;
  const results = data.payloads.map((p) => {
    const payload = rebuildPayload(p);
    const prepared = prepareCodecs(rotate(codecs, job.round ?? 0), payload);
    if (job.verifyOnly) return { verdicts: prepared.map(describeCodec) };
    return measureSpeed(prepared, payload, {
      timer: 'benchmark', rounds: 1, maxTime: job.maxTime, minTime: job.minTime == null ? undefined : Math.max(job.minTime, PAGE_MIN_TIME), filter,
    });
  });
  return { results };
}

/**
 * The bundled codecs wanted, in their page form, with the generated code they need registered first.
 * @param {string[]} wanted
 * @param {{ versions: Record<string, string|null> }} data
 * @param {Bundled} bundled
 */
function pageCodecs(wanted, data, bundled) {
  for (const g of bundled.generated) {
    if ('unsupported' in g) registerUnsupported(g.codec, g, g.unsupported);
    else registerGenerated(g.codec, g, g.exports);
  }
  return bundled.codecs.filter((c) => wanted.includes(c.name)).map((c) => browserForm(c, data.versions[c.name] ?? null));
}

/**
 * The browser as a WebSocket client: one codec, built and verified in the
 * page, sends the payload's corpus to server.js (warm-up first, unmeasured),
 * message i being corpus[i % corpusLength] as the Node client sends it, and
 * returns its accounting and latencies (see browser-ws-page.js). Every corpus
 * message it sends is verified first, in the page (pageMessages); with
 * `verifyOnly` that verdict is all it returns.
 * @param {{ url?: string, format: string, messages: number, window?: number, warmup?: number, verifyOnly?: boolean }} job url: with the format and payload identity
 * @param {{ payloads: PortablePayload[], versions: Record<string, string|null> }} data one payload, with its corpus (portablePayload's messages)
 * @param {Bundled} bundled
 */
export async function runPageClient(job, data, bundled) {
  const [codec] = pageCodecs([job.format], data, bundled);
  const payload = rebuildPayload(data.payloads[0]);
  const [prepared] = prepareCodecs([codec], payload);
  if (!prepared.instance) return { verdict: describeCodec(prepared), run: null };
  const sent = Math.max(job.messages, job.warmup ?? 0);
  const { natives, verdict } = pageMessages(prepared, payload.corpus ?? [payload.value], { sent, corpusLength: data.payloads[0].corpusLength, type: payload.schema.type });
  const described = { ...describeCodec(prepared), ...verdict };
  if (job.verifyOnly || !natives) return { verdict: described, run: null };
  // a sender holds its messages in the library's native form, built before the clock starts, as the Node client does
  const { encode } = prepared.instance;
  const { url } = job;
  if (!url) throw new Error(`${job.format}: a pass needs the server's url`);
  /** @param {number} messages */
  const send = (messages) => sendFromPage({ url, encode, natives, messages, window: job.window });
  if (job.warmup) await send(job.warmup);
  return { verdict: described, run: await send(job.messages) };
}

/** @typedef {import('../../payload/portable.js').PortablePayload} PortablePayload */
/**
 * @typedef {{ codecs: import('../../codecs/index.js').Codec[],
 *   generated: ({ codec: string, hash: string, typeFile?: string, exports: object }
 *     | { codec: string, hash: string, typeFile?: string, unsupported: string })[] }} Bundled
 *   what the page's bundle carries: codec modules as their files export them, and each generated module, or why the
 *   host could not generate it, for a schema (its hash) and the file declaring its message (typeFile, when not its own)
 */
