import { alternate, median } from '../measure/statistics.js';
import { payloadIdentity, prepareWireCodecs, runPass, serverArgs, startServerProcess } from './run.js';
import { loadTransport } from './transports/index.js';

/**
 * TLS's share of the CPU per message: the same passes over one transport in cleartext and over TLS, against two
 * server.js children (one started with --tls), alternated round by round (which goes first alternates too), so
 * machine load falls on both. Per format and side: the medians of CPU µs per message, and TLS's share,
 * 1 − cleartext ÷ TLS (the part of a TLS message's CPU that encryption, decryption and record handling add;
 * the handshake happens before each pass and is not in it).
 * @param {object} o
 * @param {import('../payload/index.js').Payload} o.payload
 * @param {import('../codecs/index.js').CodecInfo[]} o.codecs
 * @param {string} o.transport
 * @param {'up'|'down'} [o.direction]
 * @param {number} [o.messages] per pass
 * @param {number} [o.rounds]
 * @param {number} [o.window]
 * @param {number} [o.pipelining]
 * @param {(p: { format: string, round: number, tls: boolean }) => void} [o.onPass]
 * @returns {Promise<Array<{ format: string, server: Share, client: Share, msgsPerSec: { plain: number, tls: number } }>>}
 * @typedef {{ plainUs: number|null, tlsUs: number|null, share: number|null }} Share
 */
export async function measureTlsShare({ payload, codecs, transport: name, direction = 'up', messages = 2000, rounds = 3, window = 1, pipelining = 1, onPass }) {
  const transport = await loadTransport(name);
  const { usable } = prepareWireCodecs(codecs, payload, transport);
  const formats = usable.map((c) => c.name);
  const identity = payloadIdentity(payload);
  /** @typedef {Extract<Awaited<ReturnType<typeof runPass>>, { acked: number }>} Pass a pass that ran */
  /** @type {Record<string, Awaited<ReturnType<typeof startServerProcess>>>} by String(tls) */
  const servers = {};
  try {
    for (const tls of [false, true]) servers[String(tls)] = await startServerProcess({ payload, formats, extraArgs: serverArgs({ transport: name, direction, tls }) });
    /** @type {Array<{ format: string, plain: Pass[], tls: Pass[] }>} */
    const rows = usable.map((c) => ({ format: c.name, plain: [], tls: [] }));
    for (let round = 1; round <= rounds; round++) {
      for (const [i, codec] of usable.entries()) {
        for (const tls of alternate([false, true], round)) {
          const server = servers[String(tls)];
          const r = await runPass({
            transport, url: server.url, codec, schema: payload.schema, identity, messages, direction, window, pipelining,
            tls: server.cert ? { ca: server.cert } : null, serverControl: server.control, warmup: round === 1 ? Math.min(1000, messages) : 0,
          });
          if (r.acked !== messages) throw new Error(`${codec.name}${tls ? ' over TLS' : ''}: ${r.acked} of ${messages} answered (${r.ended})`);
          rows[i][tls ? 'tls' : 'plain'].push(r);
          onPass?.({ format: codec.name, round, tls });
        }
      }
    }
    /** @type {(row: (typeof rows)[number], key: 'serverCpuUs'|'clientCpuUs') => Share} */
    const side = (row, key) => tlsShare(row.plain.map((r) => r[key]), row.tls.map((r) => r[key]));
    return rows.map((row) => ({
      format: row.format, server: side(row, 'serverCpuUs'), client: side(row, 'clientCpuUs'),
      msgsPerSec: { plain: median(row.plain.map((r) => r.msgsPerSec)), tls: median(row.tls.map((r) => r.msgsPerSec)) },
    }));
  } finally {
    for (const s of Object.values(servers)) await s.stop();
  }
}

/**
 * TLS's share of one side's CPU per message, from the figures of its cleartext and its TLS passes (a pass without
 * the figure is left out): the median of each, and 1 − cleartext ÷ TLS; null where either has no figure (or TLS's is 0).
 * @param {Array<number|null|undefined>} plain CPU µs per message of the cleartext passes
 * @param {Array<number|null|undefined>} tls the same over TLS
 * @returns {Share}
 */
export function tlsShare(plain, tls) {
  const of = (/** @type {Array<number|null|undefined>} */ list) => {
    const values = list.filter((v) => typeof v === 'number');
    return values.length ? median(values) : null;
  };
  const [plainUs, tlsUs] = [of(plain), of(tls)];
  return { plainUs, tlsUs, share: plainUs != null && tlsUs ? 1 - plainUs / tlsUs : null };
}
