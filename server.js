#!/usr/bin/env node
// WebSocket transmission server: decodes every message with the format named in the URL path and ACKs it.
import { numberOption, parseCli, PAYLOAD_OPTIONS, resolveSelection, runCli } from './lib/cli/index.js';
import { UserError } from './lib/errors.js';
import { payloadIdentity, prepareWireCodecs } from './lib/transmission/run.js';
import { DEFAULT_MAX_PAYLOAD, describeCounters, startWsServer } from './lib/transmission/server.js';

const USAGE = `usage: node server.js N [options]   or   node server.js --data FILE [--proto FILE --type NAME] [options]
  Serves payload N's schema (1–5) or your JSON's: clients connect to ws://HOST:PORT/<format>, send
  frames of [4-byte sequence number][codec bytes] and get [sequence number][status] back.
  --port P            port (default: $PORT, else 7070; 0 for any free port)
  --host H            address to bind (default 127.0.0.1; 0.0.0.0 to accept other machines)
  --formats a,b       codecs to accept (default: every available one)
  --raw               ACK without decoding: the transport's ceiling
  --max-payload B     largest codec payload in one message, bytes (default ${DEFAULT_MAX_PAYLOAD});
                      a larger frame closes that connection with code 1009
  Prints "listening on ws://HOST:PORT" when ready; a summary of its counters on SIGINT/SIGTERM.`;

const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  raw: { type: 'boolean', default: false },
  'max-payload': { type: 'string', default: String(DEFAULT_MAX_PAYLOAD) },
};

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.data && positionals.length) throw new UserError(`unexpected argument "${positionals[0]}"`);
  const port = numberOption(values.port ?? (process.env.PORT || '7070'), 'port', { min: 0, integer: true });
  if (port > 65535) throw new UserError(`--port: expected 0–65535, got ${port}`);
  const maxPayload = numberOption(values['max-payload'], 'max-payload', { min: 1, integer: true });
  const { payloads, codecs } = await resolveSelection({ ...values, formats: values.formats ?? 'all' }, positionals);
  const { usable, refused } = prepareWireCodecs(codecs, payloads[0]);
  // each entry is a [name, codec] pair
  const table = new Map(/** @type {[string, (typeof usable)[number] | { refused: string }][]} */ ([...usable.map((c) => [c.name, c]), ...refused.map((r) => [r.name, { refused: r.reason }])]));
  const server = await startWsServer({ codecs: table, identity: payloadIdentity(payloads[0]), host: values.host, port, raw: values.raw, maxPayload });
  const stop = async () => {
    console.log(describeCounters(server.counters, { raw: values.raw }));
    await server.close();
    process.exit(0);
  };
  // handlers first: a test (or script) may signal the moment it reads the line below
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // started by measureTransmission: end with the parent, however it ends (its IPC channel closes,
  // perhaps already while this process was loading)
  if (process.env.BENCH_SERVER_CHILD === 'ipc') {
    if (process.connected) process.once('disconnect', stop);
    else await stop();
  }
  console.log(`listening on ${server.url}`);
});
