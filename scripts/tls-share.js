#!/usr/bin/env node
// TLS's share of the CPU per message on one transport: the same passes in cleartext and over TLS (a certificate
// made at run time), against two server.js children, alternated round by round; prints each side's CPU µs per
// message both ways and TLS's share of it. A benchmark script, not a test.
import { numberOption, parseCli, runCli } from '../lib/cli/index.js';
import { selectCodecs } from '../lib/codecs/index.js';
import { describeEnvironment, environmentLine } from '../lib/measure/environment.js';
import { resolvePayloads } from '../lib/payload/index.js';
import { measureTlsShare } from '../lib/transmission/tls-share.js';
import { checkSettings, loadTransport } from '../lib/transmission/transports/index.js';

const USAGE = `usage: node scripts/tls-share.js [N] [--transport T] [--formats a,b] [--direction up|down] [--messages M]
                                 [--rounds R] [--window W] [--pipelining P] [--json]
  N               bundled payload (default 3)
  --transport T   ws, http1, http2, connect, connect-h2 or grpc (default http1)
  --formats a,b   codecs (default protobufjs-static,json-buffer; the transport refuses what it cannot carry)
  --direction D   up (default: the client sends the payload, the server decodes it) or down (the client asks,
                  the server encodes and the client decodes)
  --messages M    messages per pass (default 2000)
  --rounds R      rounds, each a cleartext and a TLS pass per format, their order alternated (default 3)
  --window W      messages in flight on the pass's one connection, closed loop (default 1: one at a time)
  --pipelining P  HTTP/1.1 requests in flight on that connection (default 1; http1 only, refused elsewhere)
  --json          print the settings and each format's figures as one JSON object`;

const pct = (/** @type {number | null | undefined} */ s) => (s == null ? '—' : `${(s * 100).toFixed(0)}%`);
const us = (/** @type {number | null | undefined} */ v) => (v == null ? '—' : v.toFixed(1));

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), {
    transport: { type: 'string', default: 'http1' }, formats: { type: 'string', default: 'protobufjs-static,json-buffer' },
    direction: { type: 'string', default: 'up' }, messages: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' },
    window: { type: 'string', default: '1' }, pipelining: { type: 'string', default: '1' }, json: { type: 'boolean', default: false },
  });
  if (values.help) return void console.log(USAGE);
  const pipelining = numberOption(values.pipelining, 'pipelining', { min: 1, integer: true });
  checkSettings(await loadTransport(values.transport), { direction: values.direction, tls: true, pipelining });
  const options = {
    transport: values.transport, direction: /** @type {'up'|'down'} */ (values.direction), pipelining,
    messages: numberOption(values.messages, 'messages', { min: 1, integer: true }),
    rounds: numberOption(values.rounds, 'rounds', { min: 1, integer: true }),
    window: numberOption(values.window, 'window', { min: 1, integer: true }),
  };
  const [payload] = resolvePayloads({ numbers: positionals.length ? positionals.slice(0, 1) : ['3'] });
  const rows = await measureTlsShare({
    payload, codecs: await selectCodecs(values.formats), ...options,
    onPass: (p) => process.stderr.write(`round ${p.round}/${options.rounds} ${p.format}${p.tls ? ' over TLS' : ''}\n`),
  });
  if (values.json) return void console.log(JSON.stringify({ settings: { payload: payload.id, ...options }, rows }, null, 2));
  console.log(environmentLine(describeEnvironment([])));
  console.log(`${options.transport}, payload ${payload.id}, ${options.direction}, window ${options.window}, ${options.messages} messages per pass, ${options.rounds} alternating rounds; medians\n`);
  for (const r of rows) {
    console.log(`${r.format}: TLS's share of CPU per message: server ${pct(r.server.share)} (${us(r.server.plainUs)} → ${us(r.server.tlsUs)} µs), `
      + `client ${pct(r.client.share)} (${us(r.client.plainUs)} → ${us(r.client.tlsUs)} µs); msgs/s ${Math.round(r.msgsPerSec.plain)} → ${Math.round(r.msgsPerSec.tls)}`);
  }
});
