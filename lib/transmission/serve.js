import { createServerMeter } from './server-meter.js';
import { loadTransport } from './transports/index.js';

/** Default limit on one message's codec bytes, after decompression (ws's own default is 100 MiB). */
export const DEFAULT_MAX_PAYLOAD = 16 * 1024 * 1024;

/**
 * Starts one transport's server in this process with the defaults every entry point uses (127.0.0.1, an
 * ephemeral port, upload, no TLS or compression, DEFAULT_MAX_PAYLOAD, a fresh meter).
 * @param {string | import('./transports/index.js').Transport} transport
 * @param {Partial<import('./transports/index.js').ServerOptions> & { codecs: import('./transports/index.js').ServerOptions['codecs'] }} options
 */
export async function serveTransport(transport, options) {
  const t = typeof transport === 'string' ? await loadTransport(transport) : transport;
  const meter = options.meter ?? createServerMeter();
  const server = await t.startServer({
    direction: 'up', host: '127.0.0.1', port: 0, tls: null, compress: null, maxPayload: DEFAULT_MAX_PAYLOAD, raw: false, identity: null, ...options, meter,
  });
  return Object.assign(server, { meter, transport: t });
}
