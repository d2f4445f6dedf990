/**
 * One load-generating worker thread of client-workers.js: it rebuilds the payload and the codecs the host measures
 * with, and for each pass opens its share of the connections with the transport's own createClient (the same
 * per-connection client a Node pass uses), waits for the host's go (every worker opened, the server marked), drives
 * its share of the messages with drivePass, and answers its accounting, its HDR histograms (encoded) and its event
 * loop's utilization. Nothing here prints.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import * as hdr from 'hdr-histogram-js';
import { selectCodecs } from '../codecs/index.js';
import { rebuildPayload } from '../payload/portable.js';
import { drivePass } from './accounting.js';
import { createLatency } from './latency.js';
import { loadTransport } from './transports/index.js';
import { payloadBytesSent, prepareWireCodecs } from './wire-codec.js';
import { watchGcPauses } from './gc-pauses.js';

/**
 * What the host asks of a worker for one pass (its share).
 * @typedef {{ op: 'pass', id: number, format: string, url: string, messages: number, offset: number, rate?: number, connections: number, window: number,
 *   pipelining: number, direction: 'up'|'down', compress: string|null, tls: { ca: string }|null, raw: boolean, idleTimeoutMs: number,
 *   identity: { id: string, hash: string }|null }} PassRequest
 */

/**
 * What a worker answers when its share is done.
 * @typedef {{ op: 'done', id: number, messages: number, sent: number, acked: number, lost: number, notSent: number, duplicated: number,
 *   errors: number, seconds: number, ended: string, latency: string, uncorrected: string|null, elu: number, wire: { up: number, down: number },
 *   gcMaxMs: number|null, payloadBytes: number }} PassAnswer
 */

if (parentPort) {
  const port = parentPort;
  const { payload: portable, formats, transport: transportName } = /** @type {{ payload: import('../payload/portable.js').PortablePayload, formats: string[], transport: string }} */ (workerData);
  const setup = (async () => {
    const payload = rebuildPayload(portable);
    const transport = await loadTransport(transportName);
    const { usable } = prepareWireCodecs(await selectCodecs(formats.join(',')), payload, transport);
    return { payload, transport, codecs: new Map(usable.map((c) => [c.name, c])) };
  })();
  /** @type {Map<number, () => void>} */
  const go = new Map();
  port.on('message', async (/** @type {PassRequest | { op: 'go', id: number } | { op: 'stop' }} */ m) => {
    if (m.op === 'go') return void go.get(m.id)?.();
    if (m.op === 'stop') return void port.close();
    try {
      const { payload, transport, codecs } = await setup;
      const own = codecs.get(m.format);
      if (!own) throw new Error(`client worker: no codec ${m.format}`);
      // uploads: this worker's share is messages offset… of the pass, as one client would have sent them (a download
      // asks the server for message seq, which the server's codec picks)
      const codec = m.offset && m.direction === 'up'
        ? { ...own, encodeMessage: (/** @type {number} */ i, /** @type {number} */ p = 0) => own.encodeMessage(i + m.offset, p), byteLength: (/** @type {number} */ i) => own.byteLength(i + m.offset) }
        : own;
      const latency = createLatency();
      const uncorrected = m.rate ? createLatency() : null;
      const started = new Promise((resolve) => { go.set(m.id, () => resolve(undefined)); });
      let wireStart = { up: 0, down: 0 };
      let eluStart = performance.eventLoopUtilization();
      /** @type {ReturnType<typeof watchGcPauses>|undefined} */
      let gc;
      const r = await drivePass({
        open: (/** @type {import('./accounting.js').PassHandlers} */ handlers) => transport.createClient({
          url: m.url, codec, schema: payload.schema, direction: m.direction, window: m.window, connections: m.connections, pipelining: m.pipelining,
          compress: m.compress, tls: m.tls, raw: m.raw, identity: m.identity, timeoutMs: 10000, ...handlers,
        }),
        messages: m.messages, rate: m.rate, idleTimeoutMs: m.idleTimeoutMs,
        record: (ms) => latency.record(ms),
        recordUncorrected: uncorrected ? (ms) => uncorrected.record(ms) : undefined,
        beforeStart: async (client) => {
          port.postMessage({ op: 'opened', id: m.id });
          await started;
          wireStart = client.wireBytes();
          eluStart = performance.eventLoopUtilization();
          gc = watchGcPauses();
        },
      });
      const gcMaxMs = gc?.stop().maxMs ?? null;
      go.delete(m.id);
      const elu = performance.eventLoopUtilization(eluStart).utilization;
      const client = /** @type {import('./transports/index.js').TransportClient} */ (r.client);
      const wireEnd = client.wireBytes();
      await client.close();
      const payloadBytes = payloadBytesSent(codec, r.sent);
      const { client: _client, ...summary } = r;
      /** @type {PassAnswer} */
      const answer = {
        op: 'done', id: m.id, ...summary, elu, gcMaxMs, payloadBytes,
        latency: hdr.encodeIntoCompressedBase64(latency.histogram), uncorrected: uncorrected ? hdr.encodeIntoCompressedBase64(uncorrected.histogram) : null,
        wire: { up: wireEnd.up - wireStart.up, down: wireEnd.down - wireStart.down },
      };
      port.postMessage(answer);
    } catch (err) {
      port.postMessage({ op: 'error', id: m.id, message: err instanceof Error ? err.message : String(err), user: err instanceof Error && err.name === 'UserError' });
    }
  });
}
