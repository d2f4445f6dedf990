import os from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { libraryVersion } from '../codecs/index.js';
import { median } from '../measure/statistics.js';
import { nodeClientPass, prepareWireCodecs, serverArgs, startServerProcess } from './run.js';
import { loadTransport } from './transports/index.js';

/**
 * The toolkit's HTTP/1.1 client against autocannon, the field's load generator, on the same server, so a reader
 * knows whether the client is the bottleneck of an http1 figure. Both POST the same distinct corpus messages
 * (the codec's bytes, its media type) to the toolkit's http1 server (a server.js child, its own core) with the same
 * connections and pipelining; rounds alternate the two (which goes first alternates too), so machine load falls
 * on both. Each pass is timed from its first request to its last answer.
 * @param {object} o
 * @param {import('../payload/index.js').Payload} o.payload
 * @param {import('../codecs/index.js').CodecInfo[]} o.codecs
 * @param {number} [o.requests] per pass
 * @param {number} [o.rounds]
 * @param {number} [o.connections]
 * @param {number} [o.pipelining]
 * @param {(p: { format: string, round: number, client: string, requestsPerSec: number }) => void} [o.onPass]
 * @returns {Promise<{ settings: object, environment: object, formats: Array<{ format: string, mediaType: string, bodyBytes: number,
 *   toolkit: number[], autocannon: number[], ratio: number, ratios: number[] }> }>} requests/s per round; ratio: the medians'
 */
export async function calibrateHttp1({ payload, codecs, requests = 20000, rounds = 5, connections = 1, pipelining = 1, onPass }) {
  const transport = await loadTransport('http1');
  const { usable } = prepareWireCodecs(codecs, payload, transport, { verifyMessages: requests });
  const server = await startServerProcess({ payload, formats: usable.map((c) => c.name), extraArgs: serverArgs({ transport: 'http1' }) });
  const formats = [];
  try {
    for (const codec of usable) {
      const path = `/${encodeURIComponent(codec.name)}`;
      // the corpus's messages as bodies, as the toolkit's client sends them (message i of the pass is corpus[i mod n])
      const bodies = Array.from({ length: codec.messageCount }, (_, i) => codec.encodeMessage(i));
      // each resolves with the pass's seconds, from its first request to its last answer (connections already open)
      const passes = {
        toolkit: async (n) => {
          const r = await nodeClientPass({ transport, url: server.url, codec, messages: n, window: pipelining, connections, pipelining, askServer: false });
          if (r.acked !== n) throw new Error(`toolkit client: ${r.acked} of ${n} answered (${r.ended})`);
          return r.seconds;
        },
        autocannon: (n) => new Promise((resolve, reject) => {
          let started = 0;
          let last = 0;
          // autocannon notices `amount` on its once-a-second tick: its own duration would round the pass up to it
          const instance = autocannon({
            url: server.url, connections, pipelining, amount: n,
            requests: bodies.map((body) => ({ method: 'POST', path, headers: { 'content-type': codec.mediaType }, body })),
          }, (err, r) => {
            if (err) return reject(err);
            if (r['2xx'] !== n || r.errors || r.non2xx) return reject(new Error(`autocannon: ${r['2xx']} of ${n} answered 2xx, ${r.non2xx} other, ${r.errors} errors`));
            resolve((last - started) / 1000);
          });
          instance.once('start', () => { started = performance.now(); });
          instance.on('response', () => { last = performance.now(); });
        }),
      };
      // warm-up, unmeasured: the JIT of both clients and of the server's path for this format
      for (const run of Object.values(passes)) await run(Math.min(2000, requests));
      const perSec = { toolkit: [], autocannon: [] };
      for (let round = 1; round <= rounds; round++) {
        const order = round % 2 ? ['toolkit', 'autocannon'] : ['autocannon', 'toolkit'];
        for (const client of order) {
          const requestsPerSec = requests / await passes[client](requests);
          perSec[client].push(requestsPerSec);
          onPass?.({ format: codec.name, round, client, requestsPerSec });
        }
      }
      formats.push({
        format: codec.name, mediaType: codec.mediaType, bodyBytes: bodies.reduce((n, b) => n + b.length, 0) / bodies.length,
        ...perSec, ratio: median(perSec.toolkit) / median(perSec.autocannon), ratios: perSec.toolkit.map((t, i) => t / perSec.autocannon[i]),
      });
    }
  } finally {
    await server.stop();
  }
  return {
    settings: { payload: payload.id, requests, rounds, connections, pipelining, method: 'POST', answer: 204 },
    environment: {
      node: process.version, cpu: os.cpus()[0]?.model ?? null, cores: os.availableParallelism(), loadavg: os.loadavg(),
      undici: libraryVersion('undici'), autocannon: libraryVersion('autocannon'),
    },
    formats,
  };
}
