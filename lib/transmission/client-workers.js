/**
 * A load generator that keeps up: --client-workers N spreads a pass's connections and messages over N worker
 * threads (client-worker.js), as autocannon's `workers` does, with one accounting and one set of histograms. Each
 * worker opens its share of the connections with the transport's createClient and drives its share of the messages
 * (open loop: its share of the rate, so all end together); the host waits until every worker has opened, marks the
 * server (over IPC, or over the transport's own protocol: transportControl), starts them together, then adds their
 * accounting (every message answered exactly once across workers: each worker accounts for its own, disjoint share)
 * and merges their HDR histograms (hdr-histogram-js's encoding). `clientPass` has nodeClientPass's shape, so
 * measureTransmission runs it as any other client.
 */
import { Worker } from 'node:worker_threads';
import * as hdr from 'hdr-histogram-js';
import { UserError } from '../errors.js';
import { portablePayload } from '../payload/portable.js';
import { createLatency } from './latency.js';
import { clientCpuFigures, passFigures } from './run.js';
import { deathsNote } from './server-workers.js';
import { largest } from '../measure/statistics.js';

/**
 * Each worker's share of a count: as even as it goes, the first ones one more (10 over 4: 3, 3, 2, 2).
 * @param {number} total
 * @param {number} workers
 * @returns {number[]}
 */
export function shares(total, workers) {
  return Array.from({ length: workers }, (_, i) => Math.floor(total / workers) + (i < total % workers ? 1 : 0));
}

/**
 * The pass's accounting over every worker's: the counts added, the pass as long as its slowest worker, the first
 * worker's ending that was not 'complete' (else 'complete').
 * @param {Array<{ messages: number, sent: number, acked: number, lost: number, notSent: number, duplicated: number, errors: number,
 *   seconds: number, ended: string }>} parts
 */
export function mergeAccounting(parts) {
  const sum = (/** @type {'messages'|'sent'|'acked'|'lost'|'notSent'|'duplicated'|'errors'} */ k) => parts.reduce((n, p) => n + p[k], 0);
  return {
    messages: sum('messages'), sent: sum('sent'), acked: sum('acked'), lost: sum('lost'), notSent: sum('notSent'), duplicated: sum('duplicated'), errors: sum('errors'),
    seconds: Math.max(0, ...parts.map((p) => p.seconds)),
    ended: parts.find((p) => p.ended !== 'complete')?.ended ?? 'complete',
  };
}

/**
 * Starts N client workers for one payload, transport and set of formats.
 * @param {{ workers: number, payload: import('../payload/index.js').Payload, formats: string[], transport: string }} o
 */
export async function startClientWorkers({ workers: n, payload, formats, transport }) {
  const portable = portablePayload(payload);
  const workers = Array.from({ length: n }, () => new Worker(new URL('./client-worker.js', import.meta.url), { workerData: { payload: portable, formats, transport } }));
  /** @type {Error|null} */
  let died = null;
  /** @type {Set<(err: Error) => void>} the waits in progress, failed when a worker ends */
  const pending = new Set();
  let closing = false;
  for (const [i, w] of workers.entries()) {
    w.on('error', (err) => { died ??= new Error(`client worker ${i + 1} failed: ${err.message}`); });
    w.on('exit', (code) => {
      if (!closing) died ??= new Error(`client worker ${i + 1} exited (code ${code}) during the run`);
      for (const reject of pending) reject(died ?? new Error(`client worker ${i + 1} exited`));
    });
  }
  let nextId = 0;
  /** whether the transport's client carries the server's accounting (transportControl): yes until a pass found not */
  let transportControls = true;

  /**
   * Waits for one message of this pass from every worker.
   * @param {number} id
   * @param {string} op
   * @returns {Promise<any[]>}
   */
  const fromAll = (id, op) => Promise.all(workers.map((w, i) => new Promise((resolve, reject) => {
    const fail = (/** @type {Error} */ err) => { end(); reject(err); };
    const end = () => { w.off('message', on); pending.delete(fail); };
    /** @param {{ op: string, id: number, message?: string, user?: boolean }} m */
    const on = (m) => {
      if (m.id !== id) return;
      if (m.op === 'error') fail(m.user ? new UserError(/** @type {string} */ (m.message)) : new Error(`client worker ${i + 1}: ${m.message}`));
      else if (m.op === op) {
        end();
        resolve(m);
      }
    };
    w.on('message', on);
    pending.add(fail);
  })));

  /**
   * One pass over every worker: nodeClientPass's options and result.
   * @param {import('./run.js').PassOptions} o
   * @returns {Promise<import('./run.js').PassResult>}
   */
  async function clientPass({ transport, schema, codec, url, messages, direction = 'up', window = 1, connections = 1, pipelining = 1, rate, compress = null, tls = null, raw = false,
    idleTimeoutMs = 10000, serverControl = null, askServer = true, identity = null }) {
    if (died) throw died;
    if (connections < n) throw new UserError(`--client-workers ${n}: needs --connections ≥ ${n} (each worker opens its own; got ${connections})`);
    const own = serverControl || !askServer ? null : await transportControl({ transport, schema, codec, url, direction, compress, tls, raw, identity });
    try {
      return await workersPass({ codec, url, messages, direction, window, connections, pipelining, rate, compress, tls, raw, idleTimeoutMs, identity, control: serverControl ?? own });
    } finally {
      await own?.close();
    }
  }

  /**
   * The server's CPU accounting for a pass whose server this run did not start (a server at --url): over the
   * transport's own protocol where it has one (ws's control frames, grpc's control calls), as nodeClientPass asks it
   * without workers, on a connection of the host's own that carries no message. Null for a transport without one
   * (http1, http2, Connect: their server's figures are not measured, with workers or without), learnt once per pool.
   * @param {Pick<import('./run.js').PassOptions, 'transport'|'schema'|'codec'|'url'|'direction'|'compress'|'tls'|'raw'|'identity'>} o
   */
  async function transportControl({ transport, schema, codec, url, direction = 'up', compress = null, tls = null, raw = false, identity = null }) {
    if (!transportControls) return null;
    const client = await transport.createClient({ url, codec, schema, direction, window: 1, connections: 1, pipelining: 1, compress, tls, raw, identity, timeoutMs: 10000, onAnswer: () => {} });
    const { mark, report } = client;
    if (!mark || !report) {
      transportControls = false;
      await client.close();
      return null;
    }
    return { mark: async () => mark.call(client), report: () => report.call(client), close: () => client.close() };
  }

  /**
   * The pass itself, over every worker, the server's accounting (if any) asked through `control`.
   * @param {Required<Pick<import('./run.js').PassOptions, 'codec'|'url'|'messages'|'direction'|'window'|'connections'|'pipelining'|'compress'|'tls'|'raw'|'idleTimeoutMs'|'identity'>>
   *   & { rate?: number, control: { mark(): Promise<void>, report(): Promise<import('./server-meter.js').ServerReport|null> } | null }} o
   * @returns {Promise<import('./run.js').PassResult>}
   */
  async function workersPass({ codec, url, messages, direction, window, connections, pipelining, rate, compress, tls, raw, idleTimeoutMs, identity, control: serverControl }) {
    const id = ++nextId;
    const counts = shares(messages, n);
    const conns = shares(connections, n);
    const opened = fromAll(id, 'opened');
    const done = fromAll(id, 'done');
    // a rejection of one waits for the other: neither may go unhandled
    done.catch(() => {});
    workers.forEach((w, i) => w.postMessage({
      op: 'pass', id, format: codec.name, url, messages: counts[i], offset: counts.slice(0, i).reduce((a, b) => a + b, 0), rate: rate ? (rate * counts[i]) / messages : undefined, connections: conns[i], window, pipelining,
      direction, compress, tls, raw, idleTimeoutMs, identity,
    }));
    await opened;
    await serverControl?.mark();
    const cpuStart = process.cpuUsage();
    for (const w of workers) w.postMessage({ op: 'go', id });
    /** @type {import('./client-worker.js').PassAnswer[]} */
    const answers = await done;
    const cpu = process.cpuUsage(cpuStart);
    const server = await serverControl?.report() ?? null;
    const merged = mergeAccounting(answers);
    const deaths = deathsNote(server?.died, merged);
    const r = deaths ? { ...merged, ended: deaths } : merged;
    const latency = createLatency();
    const uncorrected = rate ? createLatency() : null;
    for (const a of answers) {
      latency.merge({ histogram: hdr.decodeFromCompressedBase64(a.latency, 'packed') });
      if (uncorrected && a.uncorrected) uncorrected.merge({ histogram: hdr.decodeFromCompressedBase64(a.uncorrected, 'packed') });
    }
    const up = answers.reduce((s, a) => s + a.wire.up, 0);
    const down = answers.reduce((s, a) => s + a.wire.down, 0);
    const payloadBytes = answers.reduce((s, a) => s + a.payloadBytes, 0);
    return {
      ...passFigures(r, payloadBytes),
      wireBytes: { payload: payloadBytes, frames: direction === 'up' ? up : down, up, down },
      latencyMs: latency.summary(),
      latencyUncorrectedMs: uncorrected?.summary() ?? null,
      // the process's CPU (every worker thread: process.cpuUsage counts them all, so nothing to merge) per message
      // acked, and its user and system parts; the busiest worker's event loop
      ...clientCpuFigures(cpu, r.acked),
      clientElu: Math.max(...answers.map((a) => a.elu)),
      // the longest GC pause of any worker thread, and the server's
      clientGcMaxMs: largest(answers.map((a) => a.gcMaxMs)),
      serverCpuUs: server?.messages ? server.cpuUs / server.messages : null,
      serverElu: server?.elu ?? null,
      serverGcMaxMs: server?.gcMaxMs ?? null,
      serverBusyUs: server?.messages ? (server.elu * server.seconds * 1e6) / server.messages : null,
    };
  }

  return {
    clientPass,
    workers: n,
    async close() {
      closing = true;
      for (const w of workers) w.postMessage({ op: 'stop' });
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
