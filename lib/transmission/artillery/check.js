import { UserError } from '../../errors.js';
import { drivePass } from '../accounting.js';

/**
 * Sends one message of a scenario to its target, as the engine will, so that a server that is down, serves another
 * payload (409) or another direction, or does not take the format is found before a script is written: one line naming
 * the target (UserError). The transport's own refusals are UserErrors already.
 * @param {{ transport: import('../transports/index.js').Transport, codec: import('../wire-codec.js').WireCodec, url: string,
 *   schema: import('../../schema/index.js').Schema, identity: { id: string, hash: string }, direction: 'up'|'down', timeoutMs: number }} o
 */
export async function checkTarget({ transport, codec, url, schema, identity, direction, timeoutMs }) {
  /** @type {import('../transports/index.js').TransportClient | null} */
  let client = null;
  const r = await drivePass({
    open: async (/** @type {import('../accounting.js').PassHandlers} */ handlers) => {
      client = await transport.createClient({ url, codec, schema, direction, window: 1, connections: 1, pipelining: 1, compress: null, tls: null,
        raw: false, identity, timeoutMs, ...handlers });
      return client;
    },
    messages: 1, idleTimeoutMs: timeoutMs, record: () => {},
  }).finally(() => /** @type {import('../transports/index.js').TransportClient | null} */ (client)?.close());
  if (r.acked !== 1) throw new UserError(`--target ${url}: ${transport.name} ${codec.name}: the check message was not acknowledged (${r.errors ? 'answered with an error' : r.ended})`);
}
