import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { Pool } from 'undici';
import { libraryVersion } from '../codecs/index.js';
import { median } from '../measure/statistics.js';
import { nodeClientPass, prepareWireCodecs, serverArgs, startServerProcess } from './run.js';
import { loadTransport } from './transports/index.js';
import { answerHandler } from './transports/http1.js';
import { detectPlacement, withClientPinned } from './placement.js';

/**
 * The part of autocannon's API used here. autocannon ships no type declarations, so it is loaded with require
 * (an import would be an untyped `any` module) and given this type.
 * @typedef {{ '2xx': number, non2xx: number, errors: number, latency: { p50: number, p99: number } }} AutocannonResult
 * @typedef {import('node:events').EventEmitter} AutocannonInstance
 * @typedef {(options: { url: string, connections: number, pipelining: number, amount: number,
 *   requests: Array<{ method: string, path: string, headers: Record<string, string>, body: Uint8Array }> },
 *   done: (err: Error|null, result: AutocannonResult) => void) => AutocannonInstance} Autocannon
 */
const autocannon = /** @type {Autocannon} */ (createRequire(import.meta.url)('autocannon'));

/**
 * The toolkit's HTTP/1.1 client against autocannon, the field's load generator, on the same server, so a reader
 * knows whether the client is the bottleneck of an http1 figure. Both POST the same distinct corpus messages
 * (the codec's bytes, its media type) to the toolkit's http1 server (a server.js child, its own core) with the same
 * connections and pipelining; rounds alternate them (the order reverses every other round), so machine load falls
 * on all. A third client, undici's Pool alone with the bodies encoded ahead, splits the gap between the library's
 * cost and what the toolkit adds. Each pass is timed from its first request to its last answer.
 * @param {object} o
 * @param {import('../payload/index.js').Payload} o.payload
 * @param {import('../codecs/index.js').CodecInfo[]} o.codecs
 * @param {number} [o.requests] per pass
 * @param {number} [o.rounds]
 * @param {number} [o.connections]
 * @param {number} [o.pipelining]
 * @param {(p: { format: string, round: number, client: string, requestsPerSec: number }) => void} [o.onPass]
 * @param {'auto'|'off'} [o.placement] the server and the clients on disjoint cores (placement.js)
 * @returns {Promise<{ settings: object, environment: { node: string, cpu: string | null, cores: number, loadavg: number[],
 *   undici: string | null, autocannon: string | null }, formats: Array<{ format: string, mediaType: string, bodyBytes: number,
 *   toolkit: number[], undici: number[], autocannon: number[], ratio: number, ratios: number[], undiciRatio: number,
 *   cpuUsPerRequest: { toolkit: number, undici: number, autocannon: number } }> }>} requests/s per
 *   round; ratios: the toolkit's over autocannon's in each round, ratio: their median; undiciRatio: the same for undici alone;
 *   cpuUsPerRequest: each client's CPU per request (this process's, medians of the rounds)
 */
export async function calibrateHttp1({ payload, codecs, requests = 20000, rounds = 5, connections = 1, pipelining = 1, onPass, placement = 'auto' }) {
  const transport = await loadTransport('http1');
  const { usable } = prepareWireCodecs(codecs, payload, transport, { verifyMessages: requests });
  const plan = detectPlacement({ mode: placement });
  const server = await startServerProcess({ payload, formats: usable.map((c) => c.name), plan, extraArgs: serverArgs({ transport: 'http1' }) });
  let where = server.placement;
  /** @typedef {ReturnType<typeof calibrationFigures> & { format: string, mediaType: string, bodyBytes: number }} FormatCalibration */
  /** @type {FormatCalibration[]} */
  const formats = [];
  try {
    const { problem } = await withClientPinned(where.pinned ? plan : { ...plan, pinned: false }, calibrateEach);
    if (problem) where = { ...where, client: null, note: `client not pinned: ${problem}` };
  } finally {
    await server.stop();
  }
  return {
    settings: { payload: payload.id, requests, rounds, connections, pipelining, method: 'POST', answer: 204, placement: where },
    environment: {
      node: process.version, cpu: os.cpus()[0]?.model ?? null, cores: os.availableParallelism(), loadavg: os.loadavg(),
      undici: libraryVersion('undici'), autocannon: libraryVersion('autocannon'),
    },
    formats,
  };

  async function calibrateEach() {
    for (const codec of usable) {
      const path = `/${encodeURIComponent(codec.name)}`;
      // the corpus's messages as bodies, as the toolkit's client sends them (message i of the pass is corpus[i mod n])
      const bodies = Array.from({ length: codec.messageCount }, (_, i) => codec.encodeMessage(i));
      // each resolves with the pass's seconds, from its first request to its last answer (connections already open),
      // or with the seconds and the requests answered
      /** @type {Record<'toolkit'|'undici'|'autocannon', (n: number) => Promise<number | { seconds: number, answered: number }>>} */
      const passes = {
        toolkit: async (n) => {
          const r = await nodeClientPass({ transport, url: server.url, codec, messages: n, window: pipelining, connections, pipelining, askServer: false });
          if (r.acked !== n) throw new Error(`toolkit client: ${r.acked} of ${n} answered (${r.ended})`);
          return r.seconds;
        },
        // undici's Pool with the bodies encoded ahead and nothing else per request, through dispatch and the same
        // handler as the toolkit's client (answerHandler), callbacks only: the client library's own cost, apart from
        // what the toolkit adds (encoding each message, accounting, the latency histogram)
        undici: async (n) => {
          const pool = new Pool(server.url, { connections, pipelining });
          const headers = { 'content-type': codec.mediaType };
          const pipelined = pipelining > 1 ? { idempotent: true, blocking: false } : {};
          /** @type {(i: number, answered: (err: Error|null) => void) => void} */
          const post = (i, answered) => {
            pool.dispatch({ path, method: 'POST', headers, body: bodies[i % bodies.length], ...pipelined }, answerHandler(
              (status) => answered(status === 204 ? null : new Error(`undici: answered ${status}`)),
              () => answered(new Error('undici: the request failed')),
            ));
          };
          try {
            // the connections opened first, outside the time
            await Promise.all(Array.from({ length: connections }, (_, i) => new Promise((resolve, reject) => post(i, (err) => (err ? reject(err) : resolve(null))))));
            return await new Promise((resolve, reject) => {
              const started = performance.now();
              let sent = 0;
              let answered = 0;
              let failed = false;
              const next = (/** @type {Error|null} */ err) => {
                if (failed) return;
                if (err) { failed = true; return reject(err); }
                if (++answered === n) return resolve((performance.now() - started) / 1000);
                if (sent < n) post(sent++, next);
              };
              for (let k = 0; k < Math.min(n, connections * pipelining); k++) post(sent++, next);
            });
          } finally {
            await pool.close();
          }
        },
        autocannon: (n) => autocannonPass({ url: server.url, connections, pipelining, path, mediaType: codec.mediaType, bodies, amount: n }),
      };
      // warm-up, unmeasured: the JIT of both clients and of the server's path for this format
      for (const run of Object.values(passes)) await run(Math.min(2000, requests));
      /** @type {{ toolkit: number[], undici: number[], autocannon: number[] }} */
      const perSec = { toolkit: [], undici: [], autocannon: [] };
      /** @type {{ toolkit: number[], undici: number[], autocannon: number[] }} */
      const cpuUs = { toolkit: [], undici: [], autocannon: [] };
      for (let round = 1; round <= rounds; round++) {
        for (const client of clientOrder(round)) {
          const cpuFrom = process.cpuUsage();
          const pass = await passes[client](requests);
          const cpu = process.cpuUsage(cpuFrom);
          const requestsPerSec = passRate(requests, pass);
          perSec[client].push(requestsPerSec);
          // this process's CPU per request: the client's own (the server runs in its child)
          cpuUs[client].push((cpu.user + cpu.system) / requests);
          onPass?.({ format: codec.name, round, client, requestsPerSec });
        }
      }
      formats.push({
        format: codec.name, mediaType: codec.mediaType, bodyBytes: bodies.reduce((n, b) => n + b.length, 0) / bodies.length,
        ...calibrationFigures(perSec, cpuUs),
      });
    }
  }
}

/**
 * One closed-loop autocannon pass: `amount` POSTs of the bodies in turn (the codec's media type) to `url + path`
 * over `connections` keep-alive connections with `pipelining` in flight on each, timed from its start to its last
 * answer; resolves with the seconds, the requests answered 2xx, and autocannon's own p50/p99 latency (ms).
 * @param {{ url: string, connections: number, pipelining: number, path: string, mediaType: string, bodies: Uint8Array[], amount: number }} o
 * @returns {Promise<{ seconds: number, answered: number, p50: number, p99: number }>}
 */
export function autocannonPass({ url, connections, pipelining, path, mediaType, bodies, amount }) {
  return new Promise((resolve, reject) => {
    let started = 0;
    let last = 0;
    // autocannon notices `amount` on its once-a-second tick: its own duration would round the pass up to it
    const instance = autocannon({
      url, connections, pipelining, amount,
      requests: bodies.map((body) => ({ method: 'POST', path, headers: { 'content-type': mediaType }, body })),
    }, (err, r) => {
      if (err) return reject(err);
      // with pipelining autocannon stops with the last few requests of `amount` still unanswered
      if (r['2xx'] < amount - connections * pipelining || r.errors || r.non2xx) {
        return reject(new Error(`autocannon: ${r['2xx']} of ${amount} answered 2xx, ${r.non2xx} other, ${r.errors} errors`));
      }
      resolve({ seconds: (last - started) / 1000, answered: r['2xx'], p50: r.latency.p50, p99: r.latency.p99 });
    });
    instance.once('start', () => { started = performance.now(); });
    instance.on('response', () => { last = performance.now(); });
  });
}

/**
 * The order the three clients run in a round: reversed every other round, so none always runs first (on a
 * cold machine) or last.
 * @param {number} round from 1
 * @returns {Array<'toolkit'|'undici'|'autocannon'>}
 */
export const clientOrder = (round) => (round % 2 ? ['toolkit', 'undici', 'autocannon'] : ['autocannon', 'undici', 'toolkit']);

/**
 * Requests per second of one pass: the requests over its seconds, or, for a pass that answers fewer than it was
 * asked (autocannon with pipelining), the requests answered over its seconds.
 * @param {number} requests
 * @param {number | { seconds: number, answered: number }} pass
 */
export const passRate = (requests, pass) => (typeof pass === 'number' ? requests / pass : pass.answered / pass.seconds);

/**
 * One format's figures from its rounds: requests/s per client and round, each round's toolkit ÷ autocannon ratio
 * and their median (ratios within a round, whose passes ran back to back, then their median: load that varies
 * between rounds cancels), the same median for undici alone, and each client's median CPU per request.
 * @param {{ toolkit: number[], undici: number[], autocannon: number[] }} perSec
 * @param {{ toolkit: number[], undici: number[], autocannon: number[] }} cpuUs
 */
export function calibrationFigures(perSec, cpuUs) {
  const ratios = perSec.toolkit.map((t, i) => t / perSec.autocannon[i]);
  return {
    ...perSec, ratios, ratio: median(ratios),
    undiciRatio: median(perSec.undici.map((u, i) => u / perSec.autocannon[i])),
    cpuUsPerRequest: { toolkit: median(cpuUs.toolkit), undici: median(cpuUs.undici), autocannon: median(cpuUs.autocannon) },
  };
}
