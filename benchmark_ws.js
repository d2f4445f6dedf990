#!/usr/bin/env node
// WebSocket transmission, compared: JSON and protobuf (or any formats) under each network profile.
import { exitOnSignals, numberOption, parseCli, PAYLOAD_OPTIONS, payloadSourceUsage, payloadSynopsis, runCli } from './lib/cli/index.js';
import {
  breakEvenLines, probeLine, selectTransportFormats, sweepLines, TRANSMISSION_OPTIONS, TRANSMISSION_USAGE, benchmarkOptions, rewordOption, transmissionProgress, withoutOptions,
} from './lib/cli/transmission.js';
import { BASELINE } from './lib/codecs/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { UserError } from './lib/errors.js';
import { payloadHeading } from './lib/report/rows.js';
import { describePayload } from './lib/payload/index.js';
import { cpuAtRateLines, passSettingsLine, profileTable, uncorrectedLines, verdictLines } from './lib/report/terminal-transmission.js';
import { breakEvenReports } from './lib/transmission/model.js';
import { measureTransmission } from './lib/transmission/run.js';
import { sweepProfiles } from './lib/transmission/sweep.js';
import { loadTransport } from './lib/transmission/transports/index.js';
import { exitCodeOf, problemsOf } from './lib/transmission/outcome.js';
import { clientMeasure } from './lib/cli/ws-client.js';

exitOnSignals();

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  ...TRANSMISSION_OPTIONS,
  messages: { type: 'string' },
  profiles: { type: 'string', default: 'none,4g,3g' },
  raw: { type: 'boolean', default: false },
  rounds: { type: 'string', default: '5' },
  sweep: { type: 'boolean', default: false },
  /** no default here (benchmarkOptions gives it), so that one given without --sweep is refused */
  'target-p99': { type: 'string' },
  client: { type: 'string' },
  'cpu-rate': { type: 'string', default: '2000' },
  'cpu-seconds': { type: 'string', default: '1' },
  'cpu-max-seconds': { type: 'string', default: '0' },
};

const USAGE = `usage: node benchmark_ws.js ${payloadSynopsis('N')}
                            [options]
  Starts server.js on 127.0.0.1, runs a client per format under each profile, stops everything, and
  prints one comparison table.
${payloadSourceUsage(OPTIONS, { column: 22 })}
  --messages M        per format, profile and round (default 10000 unthrottled, 40 under a throttled profile)
  --rounds R          passes per format and profile, the formats alternated (default 5); tables show
                      medians with min–max
  --profiles a,b      network profiles (default none,4g,3g): none, 3gslow, 3g, 3gfast, 3gem, 2g, edge, dial,
                      dsl, cable, 4g, lte, fois, or custom (with --rtt MS --down KBIT --up KBIT)
  --formats a,b       codecs (default: the transport's own JSON and protobuf pair, json-buffer,protobufjs-static
                      on ws; 'all' for every available one); one the transport cannot carry is refused
  --raw               the server ACKs without decoding (transport ceiling)
  --client chromium   the client side in a headless Chromium page, with the browser's own WebSocket
  --sweep             instead: per format and profile, the highest open-loop rate whose p99 (from the scheduled
                      send time) stays under --target-p99 MS, rates doubling from 1,000 msgs/s, then bisected
  --target-p99 MS     with --sweep: the p99 latency in milliseconds a rate must keep under (default 10)
  --cpu-rate R        on the unthrottled profile, also server CPU per message at a fixed R msgs/s (default 2000;
                      off to skip): two open-loop passes per format and round, formats alternated, one on the
                      run's server and one on a fresh one beside it (over ws with one connection: in writes of
                      R's messages in 2 ms, 4 at 2000, no more than 64 KiB of the largest message holds, so
                      every pass hands the server as many messages a read), each after an idle interval (as long
                      as the pass, at most 0.25 s) whose server CPU rate is subtracted; the fastest passes (each
                      server's, and whether they agree) and the median with its 95% interval, ~ unstable beyond
                      ±5%; how many passes ran on a slowed core (a fixed JSON loop the server times around each
                      pass)
  --cpu-seconds S     length of each of those passes (default 1)
  --cpu-max-seconds S then, while the formats' ratio (from passes back to back) is wider than ±5% at 95%,
                      rounds of those passes alone, up to S seconds of them (default 0: none; a noisy
                      machine may need minutes)
  Tables lead with CPU per message (server, reported by it at the end of each pass; client) and event-loop
  utilization; unthrottled, each pass is followed by a raw one (server ACKs without decoding) for the decode share.
${['--deflate', '--compress'].reduce((usage, option) => rewordOption(usage, option, (d) => `also each format with ${d}`, 22), withoutOptions(TRANSMISSION_USAGE, /--throttle/))}
  Prints a verdict per pair of formats and profile: a winner only when every round of one beat every round
  of the other in msgs/s (at least 3 rounds), else "no clear difference".
  Exit code 1 when any message was lost, not sent, duplicated or answered with an error; a codec that cannot
  carry the payload is listed as unsupported and does not change the exit code (2 for bad input).`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.throttle !== 'none') throw new UserError('--throttle: this tool takes --profiles a,b (the clients take --throttle)');
  const { opts, profiles, messagesFor, rounds, targetP99Ms } = benchmarkOptions(values, { loopbackMessages: 10000 });
  if (values['target-p99'] !== undefined && !values.sweep) throw new UserError(`--target-p99 ${values['target-p99']}: only with --sweep`);
  if (values.sweep && (opts.rate || values.raw)) throw new UserError('--sweep chooses the rates itself and needs a decoding server: drop --rate and --raw');
  const transport = await loadTransport(opts.transport);
  // the machine and the libraries of the run, described at its end (the steal over the run is part of it)
  const runEnvironment = () => describeEnvironment(codecs.map((c) => c.library).concat(transport.library.startsWith('node:') ? [] : [transport.library], 'hdr-histogram-js'));
  // without --formats, the transport's own JSON and protobuf (ws: json-buffer and protobufjs-static)
  const { payload, codecs } = await selectTransportFormats([transport], values, positionals);
  const baseline = transport.formatPair?.json?.format ?? BASELINE;
  if (values.client === 'chromium' && values.sweep) throw new UserError('--client chromium: no --sweep (the page runs closed-loop passes)');
  if (opts.deflate && values.compress) throw new UserError('--deflate is --compress deflate: give one of them');
  const quiet = values.json || !process.stderr.isTTY;
  if (values.sweep) {
    const sweeps = await sweepProfiles({
      payload, codecs, profiles, targetP99Ms,
      link: { rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, connections: opts.connections, idleTimeoutMs: opts.idleTimeoutMs,
        transport: opts.transport, direction: opts.direction, compress: opts.compress, tls: opts.tls, pipelining: opts.pipelining, window: opts.window, placement: opts.placement, clientWorkers: opts.clientWorkers },
      onProbe: quiet ? undefined : (p) => process.stderr.write(probeLine(p)),
    });
    // the machine, the libraries and the payload, as every other mode says them before its figures
    const environment = runEnvironment();
    if (values.json) return void console.log(JSON.stringify({ measurement: 'saturation', environment, payload: payload.id, targetP99Ms, sweeps }, null, 2));
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(describePayload(payload))}\n`);
    for (const line of sweepLines(sweeps)) console.log(line);
    return;
  }
  const cpuRate = values['cpu-rate'] === 'off' || values.client !== undefined ? null : numberOption(values['cpu-rate'], 'cpu-rate', { min: 0.001 });
  const cpuSeconds = numberOption(values['cpu-seconds'], 'cpu-seconds', { min: 0.05 });
  const cpuMaxSeconds = numberOption(values['cpu-max-seconds'], 'cpu-max-seconds', { min: 0 });
  if (cpuMaxSeconds > 0 && (!cpuRate || !profiles.includes('none'))) {
    throw new UserError('--cpu-max-seconds: adds fixed-rate passes, which run only on the none profile and without --cpu-rate off or --client');
  }
  const measure = values.client === undefined ? measureTransmission : await clientMeasure(values.client);

  const progress = transmissionProgress({ total: profiles.reduce((/** @type {number} */ n, /** @type {string} */ p) => n + messagesFor(p) * codecs.length * rounds * (opts.compress ? 2 : 1), 0), quiet, messagesFor, rounds });
  const runs = [];
  for (const profile of profiles) {
    runs.push(await measure({
      payload, codecs, messages: messagesFor(profile), window: opts.window, connections: opts.connections, rate: opts.rate,
      profile, rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, raw: values.raw, warmup: opts.warmup, idleTimeoutMs: opts.idleTimeoutMs, rounds,
      transport: opts.transport, direction: opts.direction, tls: opts.tls, pipelining: opts.pipelining, placement: opts.placement, clientWorkers: opts.clientWorkers,
      // --compress (--deflate): each format plain and compressed, side by side
      compress: opts.compress ? [null, opts.compress] : null,
      // on a fast link CPU decides: raw passes give the decode share of the server's CPU
      rawPasses: profile === 'none' && !opts.rate,
      // and CPU per message at one offered rate for every format, which the closed loop's figure is not
      cpuAtRate: profile === 'none' && cpuRate ? { rate: cpuRate, seconds: cpuSeconds, maxSeconds: cpuMaxSeconds } : null,
      onProgress: progress.onProgress(profile),
    }));
  }
  progress.end();

  const model = breakEvenReports(runs);
  const environment = runEnvironment();
  if (values.json) console.log(JSON.stringify({ measurement: 'transmission', environment, payload: runs[0].payload, runs, model }, null, 2));
  else {
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(runs[0].payload)}`);
    for (const run of runs) {
      console.log(`${run.settings.profile}: ${passSettingsLine(run.settings, undefined, run.results)}${run.settings.shaperNote ? ` (${run.settings.shaperNote})` : ''}`);
    }
    console.log(`\n${profileTable(runs, baseline)}\n`);
    for (const line of verdictLines(runs)) console.log(line);
    for (const run of runs) {
      const lines = cpuAtRateLines(run);
      if (lines.length) console.log(`\n${lines.join('\n')}`);
    }
    const uncorrected = uncorrectedLines(runs);
    if (uncorrected.length) console.log(`\nOpen loop, latency percentiles:\n${uncorrected.join('\n')}`);
    // the model needs CPU per message from the loopback pass: a client that cannot report it (chromium) gets none
    const breakEven = breakEvenLines(model);
    if (breakEven.length) console.log(`\n${breakEven.join('\n')}`);
  }
  const problems = problemsOf(runs, { withProfile: true });
  if (problems.length) process.stderr.write(`benchmark_ws: ${problems.join('; ')}\n`);
  process.exitCode = exitCodeOf(runs);
});
