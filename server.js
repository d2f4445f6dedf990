#!/usr/bin/env node
// Transmission server: decodes every message with the format the client names and answers it, over any transport.
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { numberOption, parseCli, portFromEnvironment, PAYLOAD_SELECTION_OPTIONS, payloadSourceUsage, payloadSynopsis, resolveSelection, runCli } from './lib/cli/index.js';
import { UserError } from './lib/errors.js';
import { tempFolder } from './lib/files.js';
import { payloadIdentity, prepareWireCodecs } from './lib/transmission/wire-codec.js';
import { createServerMeter } from './lib/transmission/server-meter.js';
import { startServerWorkers } from './lib/transmission/server-workers.js';
import { DEFAULT_MAX_PAYLOAD } from './lib/transmission/serve.js';
import { makeCertificate } from './lib/transmission/certificate.js';
import { machineProbe } from './lib/transmission/machine-probe.js';
import { checkSettings, DEFAULT_TRANSPORT, loadTransport, TRANSPORT_NAMES } from './lib/transmission/transports/index.js';

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = {
  ...PAYLOAD_SELECTION_OPTIONS,
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  raw: { type: 'boolean', default: false },
  'max-payload': { type: 'string', default: String(DEFAULT_MAX_PAYLOAD) },
  transport: { type: 'string', default: DEFAULT_TRANSPORT },
  direction: { type: 'string', default: 'up' },
  compress: { type: 'string' },
  tls: { type: 'boolean', default: false },
  workers: { type: 'string', default: '1' },
};

const USAGE = `usage: node server.js ${payloadSynopsis('N')} [options]
  Serves payload N's schema (1–5) or your JSON's over one transport. With the default, ws, clients connect
  to ws://HOST:PORT/<format>, send frames of [4-byte sequence number][codec bytes] and get
  [sequence number][status] back; docs/transmission.md describes every transport's messages.
${payloadSourceUsage(OPTIONS, { column: 22 })}
  --transport T       ${TRANSPORT_NAMES.join(', ')} (default ${DEFAULT_TRANSPORT})
  --direction D       up (default: clients send the payload, the server decodes it) or down (clients ask
                      for message i, the server encodes it)
  --compress C        the compression answers use when a client asks for it (the server accepts every one
                      its transport knows): gzip, br, zstd for HTTP; deflate, deflate-context for ws
  --tls               serve with a certificate made now for localhost (written to a temporary file, path
                      printed, for the clients' --ca; removed when the server stops)
  --port P            port (default: $PORT, else 7070; 0 for any free port)
  --host H            address to bind (default 127.0.0.1; 0.0.0.0 to accept other machines)
  --formats a,b       codecs to accept (default: every available one)
  --raw               answer without decoding (down: with bytes encoded once): the transport's ceiling
  --max-payload B     largest message, bytes of codec payload after any decompression (default ${DEFAULT_MAX_PAYLOAD});
                      a larger one is refused (ws: its connection closes with 1009; HTTP: 413)
  --workers N         N server processes sharing the port (node:cluster; default 1): the primary hands each
                      connection to a worker in turn and adds their CPU and message counts in its reports; a
                      worker that dies is reported, never replaced
  Prints "listening on SCHEME://HOST:PORT" when ready; a summary of its counters on SIGINT/SIGTERM.`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.data && positionals.length) throw new UserError(`unexpected argument "${positionals[0]}"`);
  const port = values.port !== undefined ? numberOption(values.port, 'port', { min: 0, integer: true })
    : process.env.PORT ? portFromEnvironment(process.env.PORT) : 7070;
  if (port > 65535) throw new UserError(`--port: expected 0–65535, got ${port}`);
  const maxPayload = numberOption(values['max-payload'], 'max-payload', { min: 1, integer: true });
  const transport = await loadTransport(values.transport);
  const direction = /** @type {'up'|'down'} */ (values.direction);
  checkSettings(transport, { direction, compress: values.compress ?? null, tls: values.tls });
  const { payloads, codecs } = await resolveSelection({ ...values, formats: values.formats ?? 'all' }, positionals);
  // a transport that serves a service generated from the schema cannot start on one its generator refuses
  const unserved = payloads[0].schema ? transport.servesSchema?.(payloads[0].schema) : null;
  if (unserved) throw new UserError(unserved);
  const { usable, refused } = prepareWireCodecs(codecs, payloads[0], transport);
  // a server with no format to serve would only refuse every client: refused here, as the clients and benchmarks do
  if (!usable.length) {
    const reasons = [...new Set(refused.map((r) => r.reason))];
    throw new UserError(`--formats ${values.formats ?? 'all'}: the ${transport.name} server would serve no format: `
      + (reasons.length === 1 ? reasons[0] : refused.map((r) => `${r.name}: ${r.reason}`).join('; ')));
  }
  // each entry is a [name, codec] pair
  const table = new Map(/** @type {[string, (typeof usable)[number] | { refused: string }][]} */ ([...usable.map((c) => [c.name, c]), ...refused.map((r) => [r.name, { refused: r.reason }])]));
  const workers = numberOption(values.workers, 'workers', { min: 1, integer: true });
  const child = process.env.BENCH_SERVER_CHILD === 'ipc';
  // a cluster worker gets the primary's certificate: every worker serves with the same one
  const inherited = cluster.isWorker && process.env.BENCH_SERVER_TLS ? /** @type {{ key: string, cert: string }} */ (JSON.parse(process.env.BENCH_SERVER_TLS)) : null;
  const keys = inherited ?? (values.tls ? await makeCertificate() : null);
  if (workers > 1 && cluster.isPrimary) return void await servePrimary(workers, keys, child);
  const meter = createServerMeter();
  const server = await transport.startServer({
    codecs: table, direction, host: values.host, port, tls: keys, compress: values.compress ?? null, maxPayload, raw: values.raw,
    identity: payloadIdentity(payloads[0]), meter, schema: payloads[0].schema,
  });
  const owned = await serveOwner({
    child, keys,
    stop: async () => {
      console.log(server.describe());
      await server.close();
    },
    mark: () => meter.mark(),
    report: () => meter.report(),
    // how fast this process's core runs just now (the fixed-rate passes ask before and after each pass)
    probe: () => machineProbe(),
  });
  if (owned) console.log(`listening on ${server.url}`);
});

/**
 * How a server process answers whoever started it: a signal, or (started by measureTransmission, an IPC channel) the
 * parent going away, stops it; the channel also carries the CPU accounting (mark, report: answered under the request's
 * id), the machine probe (probe: answered null by a primary of workers, whose own core does none of the work) and,
 * with TLS, the certificate; without a parent the certificate goes to a file for the clients' --ca. Handlers
 * come first: a test or script may signal the moment it reads the listening line.
 * @param {{ child: boolean, keys: { key: string, cert: string } | null, stop: () => Promise<void>,
 *   mark: () => unknown, report: () => unknown, probe?: () => unknown }} o
 * @returns {Promise<boolean>} false when the parent had already gone (the server is stopping)
 */
async function serveOwner({ child, keys, stop, mark, report, probe }) {
  const end = async () => {
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  if (child) {
    // end with the parent, however it ends (its IPC channel closes, perhaps already while this process was loading)
    if (!process.connected) { await end(); return false; }
    process.once('disconnect', end);
    process.on('message', async (/** @type {unknown} */ message) => {
      if (message === null || typeof message !== 'object') return;
      /** @type {{ op?: unknown, id?: unknown }} what measureTransmission asks: mark, report or probe (answered under its id) */
      const m = message;
      if (m.op === 'mark') await mark();
      if (m.op === 'mark' || m.op === 'report') process.send?.({ id: m.id, report: m.op === 'report' ? await report() : null });
      if (m.op === 'probe') process.send?.({ id: m.id, report: probe ? probe() : null });
    });
    if (keys) process.send?.({ op: 'tls', cert: keys.cert });
  } else if (keys) {
    // removed when the server stops (its signal handler exits: the folder goes with the process)
    const file = path.join(tempFolder('pvj-tls-').dir, 'cert.pem');
    fs.writeFileSync(file, keys.cert);
    console.log(`certificate ${file} (give it to the clients as --ca)`);
  }
  return true;
}

/**
 * The primary of --workers N: forks the workers (this script again), answers the owner's accounting with their
 * figures added (lib/transmission/server-workers.js), prints one listening line, and stops them all on a signal or
 * when the parent goes.
 * @param {number} workers
 * @param {{ key: string, cert: string } | null} keys
 * @param {boolean} child started by measureTransmission (an IPC channel to the parent)
 */
async function servePrimary(workers, keys, child) {
  const group = await startServerWorkers({ workers, env: keys ? { BENCH_SERVER_TLS: JSON.stringify(keys) } : {} });
  const owned = await serveOwner({
    child, keys,
    stop: async () => { console.log(await group.stop()); },
    mark: () => group.control.mark(),
    report: () => group.control.report(),
  });
  if (!owned) return;
  console.log(`${workers} server workers (node:cluster), one port`);
  console.log(`listening on ${group.url}`);
}
