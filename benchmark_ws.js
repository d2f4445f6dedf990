#!/usr/bin/env node
// WebSocket transmission, compared: JSON and protobuf (or any formats) under each network profile.
import { exitOnSignals, numberOption, parseCli, PAYLOAD_OPTIONS, resolveSelection, runCli } from './lib/cli/index.js';
import { checkCustomLink, TRANSMISSION_OPTIONS, TRANSMISSION_USAGE, transmissionOptions } from './lib/cli/transmission.js';
import { BASELINE } from './lib/codecs/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { UserError } from './lib/errors.js';
import { payloadHeading } from './lib/report/terminal.js';
import { formatKbit, kneeLines, modelLines, passSettingsLine, profileTable, uncorrectedLines, verdictLines } from './lib/report/terminal-transmission.js';
import { breakEvenReports } from './lib/transmission/model.js';
import { createProgress } from './lib/cli/progress.js';
import { resolveProfile } from './lib/transmission/shaping/profiles.js';
import { measureSaturation, measureTransmission } from './lib/transmission/run.js';
import { exitCodeOf, problemsOf } from './lib/transmission/outcome.js';
import { clientMeasure } from './lib/runtimes/browser-ws-cli.js';

exitOnSignals();

const USAGE = `usage: node benchmark_ws.js N [options]   or   node benchmark_ws.js --data FILE [--proto FILE --type NAME] [options]
  Starts server.js on 127.0.0.1, runs a client per format under each profile, stops everything, and
  prints one comparison table.
  --messages M        per format, profile and round (default 10000 unthrottled, 40 under a throttled profile)
  --rounds R          passes per format and profile, the formats alternated (default 5); tables show
                      medians with min–max
  --profiles a,b      network profiles (default none,4g,3g): none, 3gslow, 3g, 3gfast, 3gem, 2g, edge, dial,
                      dsl, cable, 4g, lte, fois, or custom (with --rtt MS --down KBIT --up KBIT)
  --formats a,b       codecs (default json-buffer,protobufjs-static; 'all' for every available one)
  --raw               the server ACKs without decoding (transport ceiling)
  --client chromium   the client side in a headless Chromium page, with the browser's own WebSocket
  --sweep             instead: per format and profile, the highest open-loop rate whose p99 (from the scheduled
                      send time) stays under --target-p99 MS (default 10), rates doubling from 1,000 msgs/s, then bisected
  Tables lead with CPU per message (server, reported by it at the end of each pass; client) and event-loop
  utilization; unthrottled, each pass is followed by a raw one (server ACKs without decoding) for the decode share.
${TRANSMISSION_USAGE.split('\n').filter((l) => !/--throttle|or custom/.test(l)).join('\n').replace('--deflate           permessage-deflate', '--deflate           also each format with permessage-deflate').replace('--compress C        compression', '--compress C        also each format with compression')}
  Prints a verdict per pair of formats and profile: a winner only when every round of one beat every round
  of the other in msgs/s (at least 3 rounds), else "no clear difference".
  Exit code 1 when any message was lost, not sent, duplicated or answered with an error; a codec that cannot
  carry the payload is listed as unsupported and does not change the exit code (2 for bad input).`;

const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  ...TRANSMISSION_OPTIONS,
  messages: { type: 'string' },
  profiles: { type: 'string', default: 'none,4g,3g' },
  raw: { type: 'boolean', default: false },
  rounds: { type: 'string', default: '5' },
  sweep: { type: 'boolean', default: false },
  'target-p99': { type: 'string', default: '10' },
  client: { type: 'string' },
};

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.throttle !== 'none') throw new UserError('benchmark_ws takes --profiles a,b (the clients take --throttle)');
  const opts = transmissionOptions(values);
  const profiles = values.profiles.split(',').map((s) => s.trim()).filter(Boolean);
  checkCustomLink(values, profiles.includes('custom'), `add custom to --profiles (got ${profiles.join(',')})`);
  for (const p of profiles) resolveProfile(p, opts);
  const explicit = values.messages === undefined ? null : numberOption(values.messages, 'messages', { min: 1, integer: true });
  const messagesFor = (p) => explicit ?? (p === 'none' ? 10000 : 40);
  const rounds = numberOption(values.rounds, 'rounds', { min: 1, integer: true });
  const targetP99Ms = numberOption(values['target-p99'], 'target-p99', { min: 0.001 });
  if (values.sweep && (opts.rate || values.raw)) throw new UserError('--sweep chooses the rates itself and needs a decoding server: drop --rate and --raw');
  const { payloads, codecs } = await resolveSelection({ ...values, formats: values.formats ?? `${BASELINE},protobufjs-static` }, positionals);
  const payload = payloads[0];
  if (values.client === 'chromium' && values.sweep) throw new UserError('--client chromium: no --sweep (the page runs closed-loop passes)');
  if (opts.deflate && values.compress) throw new UserError('--deflate is --compress deflate: give one of them');
  if (values.sweep) {
    const sweeps = [];
    for (const profile of profiles) {
      const knees = await measureSaturation({
        payload, codecs, targetP99Ms,
        link: { profile, rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, connections: opts.connections, idleTimeoutMs: opts.idleTimeoutMs,
          transport: opts.transport, direction: opts.direction, compress: opts.compress, tls: opts.tls, pipelining: opts.pipelining, window: opts.window },
        onProbe: values.json || !process.stderr.isTTY ? undefined
          : (p) => process.stderr.write(`${profile} ${p.format} at ${p.rate} msgs/s: p99 ${p.p99 ?? '—'} ms ${p.ok ? 'ok' : 'over'}\n`),
      });
      sweeps.push({ profile, knees });
    }
    if (values.json) return void console.log(JSON.stringify({ measurement: 'saturation', payload: payload.id, targetP99Ms, sweeps }, null, 2));
    for (const { profile, knees } of sweeps) for (const line of kneeLines(profile, knees)) console.log(line);
    return;
  }
  const measure = values.client === undefined ? measureTransmission : await clientMeasure(values.client);

  const progress = createProgress({ total: profiles.reduce((n, p) => n + messagesFor(p) * codecs.length * rounds * (opts.compress ? 2 : 1), 0), quiet: values.json || !process.stderr.isTTY });
  const runs = [];
  for (const profile of profiles) {
    let last = 0;
    let lastPass = null;
    runs.push(await measure({
      payload, codecs, messages: messagesFor(profile), window: opts.window, connections: opts.connections, rate: opts.rate,
      profile, rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, raw: values.raw, warmup: opts.warmup, idleTimeoutMs: opts.idleTimeoutMs, rounds,
      transport: opts.transport, direction: opts.direction, tls: opts.tls, pipelining: opts.pipelining,
      // --compress (--deflate): each format plain and compressed, side by side
      compress: opts.compress ? [null, opts.compress] : null,
      // on a fast link CPU decides: raw passes give the decode share of the server's CPU
      rawPasses: profile === 'none' && !opts.rate,
      onProgress: ({ done, format, round }) => {
        if (`${format} ${round}` !== lastPass) { last = 0; lastPass = `${format} ${round}`; }
        progress.tick(`${profile} ${format} round ${round}/${rounds} ${done}/${messagesFor(profile)}`, done - last);
        last = done;
      },
    }));
  }
  progress.end();

  const model = breakEvenReports(runs);
  const environment = describeEnvironment(codecs.map((c) => c.library).concat('ws', 'hdr-histogram-js'));
  if (values.json) console.log(JSON.stringify({ measurement: 'transmission', environment, payload: runs[0].payload, runs, model }, null, 2));
  else {
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(runs[0].payload)}`);
    for (const run of runs) {
      console.log(`${run.settings.profile}: ${passSettingsLine(run.settings)}${run.settings.shaperNote ? ` (${run.settings.shaperNote})` : ''}`);
    }
    console.log(`\n${profileTable(runs, BASELINE)}\n`);
    for (const line of verdictLines(runs)) console.log(line);
    const uncorrected = uncorrectedLines(runs);
    if (uncorrected.length) console.log(`\nOpen loop, latency percentiles:\n${uncorrected.join('\n')}`);
    // the model needs CPU per message from the loopback pass: a client that cannot report it (chromium) gets none
    if (model.length && model[0].costs.length) {
      console.log(`\nBreak-even model (inputs from the none run) against each shaped run, seconds per ${model[0].messages.toLocaleString('en-US')} messages:`);
      for (const m of model) for (const line of modelLines(m)) console.log(line);
      for (const p of model[0].pairs) {
        console.log(p.always ? `${p.smaller} is faster than ${p.larger} at every bandwidth` : `${p.smaller} is faster than ${p.larger} below ${formatKbit(p.belowKbit)} (RTT ${model[0].rtt} ms)`);
      }
    }
  }
  const problems = problemsOf(runs, { withProfile: true });
  if (problems.length) process.stderr.write(`benchmark_ws: ${problems.join('; ')}\n`);
  process.exitCode = exitCodeOf(runs);
});
