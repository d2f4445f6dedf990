#!/usr/bin/env node
// Transmission across transports: JSON and protobuf (or any formats) over ws, HTTP/1.1, HTTP/2 (and Connect, gRPC
// where built), per network profile, rounds interleaving transports and formats, a verdict per pair.
import { exitOnSignals, numberOption, parseCli, PAYLOAD_OPTIONS, resolveSelection, runCli } from './lib/cli/index.js';
import { checkCustomLink, TRANSMISSION_OPTIONS, TRANSMISSION_USAGE, transmissionOptions } from './lib/cli/transmission.js';
import { BASELINE } from './lib/codecs/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { UserError } from './lib/errors.js';
import { payloadHeading } from './lib/report/terminal.js';
import { passSettingsLine, passTable, verdictLines } from './lib/report/terminal-transmission.js';
import { createProgress } from './lib/cli/progress.js';
import { resolveProfile } from './lib/transmission/shaping/profiles.js';
import { measureTransportMatrix } from './lib/transmission/matrix.js';
import { exitCodeOf, problemsOf } from './lib/transmission/outcome.js';
import { checkSettings, loadTransport, TRANSPORT_NAMES } from './lib/transmission/transports/index.js';

exitOnSignals();

const USAGE = `usage: node benchmark_transport.js N [options]   or   node benchmark_transport.js --data FILE [--proto FILE --type NAME] [options]
  Per profile and round, each transport runs a pass of every format against its own server.js (127.0.0.1,
  ephemeral port): rows "TRANSPORT FORMAT", medians of the rounds with min–max, and a verdict for every pair of
  formats on one transport and every pair of transports on one format (a winner only when every round of one
  beat every round of the other in msgs/s, at least 3 rounds).
  --transports a,b    ${TRANSPORT_NAMES.join(', ')} (default ws,http1,http2); a transport not built yet is refused
  --formats a,b       codecs (default json-buffer,protobufjs-static); one a transport cannot carry gets its reason
  --profiles a,b      network profiles (default none): none, 3g, 4g, … or custom (with --rtt MS --down KBIT --up KBIT)
  --messages M        per format, transport, profile and round (default 5000 unthrottled, 40 throttled)
  --rounds R          default 3
${TRANSMISSION_USAGE.split('\n').filter((l) => !/--throttle|or custom|--transport T|--deflate|--\S+ \(default ws\)/.test(l)).join('\n')}
  Exit code 1 when any message was lost, not sent, duplicated or answered with an error (2 for bad input).`;

const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  ...TRANSMISSION_OPTIONS,
  transports: { type: 'string', default: 'ws,http1,http2' },
  messages: { type: 'string' },
  profiles: { type: 'string', default: 'none' },
  rounds: { type: 'string', default: '3' },
};

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.throttle !== 'none') throw new UserError('benchmark_transport takes --profiles a,b (the clients take --throttle)');
  if (values.transport !== 'ws') throw new UserError('benchmark_transport takes --transports a,b (the clients take --transport)');
  if (values.deflate) throw new UserError('benchmark_transport: use --compress NAME (--deflate is the WebSocket clients\' spelling)');
  const opts = transmissionOptions(values);
  const transports = values.transports.split(',').map((s) => s.trim()).filter(Boolean);
  if (!transports.length) throw new UserError('--transports: give at least one transport');
  // every transport must take the settings before anything runs
  for (const name of transports) checkSettings(await loadTransport(name), { direction: opts.direction, compress: opts.compress, tls: opts.tls, pipelining: opts.pipelining });
  const profiles = values.profiles.split(',').map((s) => s.trim()).filter(Boolean);
  checkCustomLink(values, profiles.includes('custom'), `add custom to --profiles (got ${profiles.join(',')})`);
  for (const p of profiles) resolveProfile(p, opts);
  const explicit = values.messages === undefined ? null : numberOption(values.messages, 'messages', { min: 1, integer: true });
  const messagesFor = (p) => explicit ?? (p === 'none' ? 5000 : 40);
  const rounds = numberOption(values.rounds, 'rounds', { min: 1, integer: true });
  const { payloads, codecs } = await resolveSelection({ ...values, formats: values.formats ?? `${BASELINE},protobufjs-static` }, positionals);
  const payload = payloads[0];
  const progress = createProgress({ total: profiles.reduce((n, p) => n + messagesFor(p) * codecs.length * transports.length * rounds, 0), quiet: values.json || !process.stderr.isTTY });
  const runs = [];
  for (const profile of profiles) {
    let last = 0;
    let lastPass = null;
    const matrix = await measureTransportMatrix({
      payload, codecs, transports, messages: messagesFor(profile), window: opts.window, connections: opts.connections, pipelining: opts.pipelining,
      rate: opts.rate, profile, rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, warmup: opts.warmup, idleTimeoutMs: opts.idleTimeoutMs,
      rounds, direction: opts.direction, compress: opts.compress, tls: opts.tls,
      onProgress: ({ done, format, transport, round }) => {
        if (`${transport} ${format} ${round}` !== lastPass) { last = 0; lastPass = `${transport} ${format} ${round}`; }
        progress.tick(`${profile} ${transport} ${format} round ${round}/${rounds} ${done}/${messagesFor(profile)}`, done - last);
        last = done;
      },
    });
    runs.push({ ...matrix, settings: { ...matrix.settings, profile } });
  }
  progress.end();
  const libraries = await Promise.all(transports.map(async (t) => (await loadTransport(t)).library));
  const environment = describeEnvironment(codecs.map((c) => c.library).concat(libraries.filter((l) => !l.startsWith('node:')), 'hdr-histogram-js'));
  if (values.json) console.log(JSON.stringify({ measurement: 'transports', environment, payload: runs[0].payload, runs }, null, 2));
  else {
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(runs[0].payload)}`);
    for (const run of runs) {
      console.log(`\n${run.settings.profile}: ${transports.join(', ')}; ${passSettingsLine(run.settings)}${opts.direction === 'down' ? ', download' : ''}${opts.compress ? `, ${opts.compress}` : ''}${opts.tls ? ', TLS' : ''}\n\n${passTable(run)}\n`);
      for (const line of verdictLines([run])) console.log(line);
    }
  }
  const problems = problemsOf(runs, { withProfile: true });
  if (problems.length) process.stderr.write(`benchmark_transport: ${problems.join('; ')}\n`);
  process.exitCode = exitCodeOf(runs);
});
