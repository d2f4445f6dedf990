#!/usr/bin/env node
// Transmission across transports: JSON and protobuf (or any formats) over ws, HTTP/1.1, HTTP/2 (and Connect, gRPC
// where built), per network profile, rounds interleaving transports and formats, the pairs that matter first.
import { exitOnSignals, listOption, numberOption, parseCli, PAYLOAD_OPTIONS, payloadSourceUsage, payloadSynopsis, runCli, usageEntry } from './lib/cli/index.js';
import {
  breakEvenLines, matrixVerdictLines, probeLine, selectTransportFormats, sweepLines, TRANSMISSION_OPTIONS, TRANSMISSION_USAGE, benchmarkOptions, withoutOptions, transmissionProgress,
} from './lib/cli/transmission.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { UserError } from './lib/errors.js';
import { payloadHeading } from './lib/report/rows.js';
import { calibrationLines, capacityLines, passSettingsLine, passTable } from './lib/report/terminal-transmission.js';
import { int } from './lib/report/format.js';
import { describePayload } from './lib/payload/index.js';
import { CAPACITY_LOAD, CAPACITY_SEARCHES, CAPACITY_SUSTAIN_SECONDS, SUSTAIN_SHARES, capacityRefusals, measureCapacity } from './lib/transmission/capacity.js';
import { chooseLoadGenerator, loadGeneratorLabel, loadGeneratorSettings } from './lib/transmission/h2load.js';
import { matrixBreakEven, measureTransportMatrix, stopServers } from './lib/transmission/matrix.js';
import { pairFormats } from './lib/transmission/pairs.js';
import { sweepTransports } from './lib/transmission/sweep.js';
import { exitCodeOf, problemsOf } from './lib/transmission/outcome.js';
import { checkSettings, loadTransport, TRANSPORT_NAMES } from './lib/transmission/transports/index.js';

exitOnSignals();

/** The transports of a comparison, a sweep and (with connect-h2) a capacity run unless --transports says otherwise. */
const DEFAULT_TRANSPORTS = 'ws,http1,http2,connect,grpc';
const CAPACITY_TRANSPORTS = 'ws,http1,http2,connect,connect-h2,grpc';

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  ...TRANSMISSION_OPTIONS,
  transports: { type: 'string' },
  messages: { type: 'string' },
  profiles: { type: 'string', default: 'none' },
  rounds: { type: 'string', default: '3' },
  sweep: { type: 'boolean', default: false },
  // no defaults here for the options of --sweep and --capacity alone, so that one given without them is refused
  'target-p99': { type: 'string' },
  capacity: { type: 'boolean', default: false },
  'from-rate': { type: 'string' },
  'probe-seconds': { type: 'string' },
  searches: { type: 'string' },
  sustain: { type: 'string' },
  'server-workers': { type: 'string', default: '1' },
  calibrate: { type: 'boolean', default: false },
  'load-generator': { type: 'string', default: 'auto' },
  'cpu-rate': { type: 'string' },
};

const USAGE = `usage: node benchmark_transport.js ${payloadSynopsis('N')}
                                   [options]
  Per profile and round, each transport runs a pass of each of its formats against its own server.js
  (127.0.0.1, ephemeral port): rows "TRANSPORT FORMAT", medians of the rounds with min–max. Verdicts first for
  the pairs that matter, as the transports declare them (REST JSON over HTTP/1.1 and over HTTP/2 vs gRPC
  protobuf, Connect JSON vs Connect binary, each transport's JSON vs its protobuf), then for every other pair of
  formats on one transport and of transports on one format (a winner only when every round of one beat every
  round of the other in msgs/s, at least 3 rounds).
${payloadSourceUsage(OPTIONS, { column: 22 })}
${usageEntry('--transports a,b', `${TRANSPORT_NAMES.join(', ')} (default ${DEFAULT_TRANSPORTS}; with --capacity ${CAPACITY_TRANSPORTS})`, 22)}
  --formats a,b       codecs for every transport (default: each transport's own JSON and protobuf pair, below);
                      a cell a transport cannot carry is skipped with its reason (with one transport: refused)
  --profiles a,b      network profiles (default none): none, 3g, 4g, … or custom (with --rtt MS --down KBIT --up KBIT)
  --messages M        per format, transport, profile and round (default 5000 unthrottled, 40 throttled)
  --rounds R          default 3
  --sweep             instead: per transport, format and profile, the highest open-loop rate whose p99 (from the
                      scheduled send time) stays under --target-p99 MS, rates doubling from 1,000 msgs/s, then
                      bisected
  --capacity          instead: capacity per server core. Per transport (its server.js pinned to its own core, the
                      client on another) and format, the highest open-loop rate with nothing lost and p99 under
                      --target-p99 MS: rates doubling from --from-rate R (search k of N from R × 2^((k−1)/N)),
                      probes of --probe-seconds S, then 5 bisections; --searches N such searches per format, each
                      against a fresh server, search k of every transport before search k + 1 of any (with every
                      transport, about a minute apart), the pair's formats taking turns, the median kept with the
                      min–max of all (a capacity moves with the machine: one search has no spread; ~ unstable where
                      a search lies more than 10% from the kept one), and per transport protobuf ÷ JSON search by
                      search. Then each capacity held for --sustain S seconds in one pass, and where that fails at
                      ${SUSTAIN_SHARES.slice(1).join(', ')} of it until one holds: a probe is too short to meet the server's major GCs. A
                      rate the client (not the server) ran out at (CPU, event loop, or a GC pause of its own as
                      long as the target) is marked client-bound, not reported per core. Then both formats at half
                      the lower capacity of the pair: p50/p99 and server CPU per message at that fixed rate (3
                      rounds of two passes twice a probe's length, each after an idle interval of up to 0.25 s).
                      Default --connections 4 --window 8 when both are left at 1 (either given otherwise: both
                      kept). V8 flags for the servers (--max-semi-space-size=16, …) go in NODE_OPTIONS, which
                      every server.js the run starts inherits
  --target-p99 MS     with --sweep or --capacity: the p99 latency in milliseconds a rate must keep under (default 10)
  --from-rate R       with --capacity: the first rate of a search, msgs/s (default 500)
  --probe-seconds S   with --capacity: how long each rate of a search is sent (default 0.2)
  --searches N        with --capacity: searches per format (default ${CAPACITY_SEARCHES})
  --sustain S         with --capacity: seconds each capacity is then held (default ${CAPACITY_SUSTAIN_SECONDS}; 0 skips that)
  --calibrate         with --capacity on http1: autocannon against the same server, JSON body and connections
                      (closed loop, 3 passes): its requests/s beside the capacity (h2load's or the toolkit's), and
                      the toolkit's own client in the same closed loop, taking turns with it (like with like)
  --server-workers N  with --capacity: N server.js processes per transport (node:cluster, one port), pinned to N
                      cores where the machine has N more than the client needs
  --cpu-rate R        with --capacity: p50/p99 and server CPU per message at R msgs/s for every transport and
                      format (default: half the lower capacity of each transport's pair), so transports compare at
                      one rate
  --load-generator G  with --capacity: auto (default: h2load where 1.44.0 or later is on the PATH and the run
                      uploads without --compress, --tls or --client-workers, else the toolkit's clients; the
                      output says which sent, and why not h2load), toolkit (the toolkit's own clients) or h2load
                      (nghttp2's, Debian's nghttp2-client) for http1 and connect (over HTTP/1.1), http2,
                      connect-h2 and grpc (the toolkit's node:http2 clients run out long before their servers
                      do): h2load sends the corpus's first message at each rate (--rps per
                      connection, --window streams each; http1: --pipelining requests, connect: one request a
                      connection, as their own clients), its per-request log gives p50/p99 (from the actual send;
                      a pass that fell behind its schedule fails); uploads only; ws keeps the toolkit's client
${withoutOptions(TRANSMISSION_USAGE, /--throttle|--transport T|--deflate/)}
  Exit code 1 when any message was lost, not sent, duplicated or answered with an error (2 for bad input).
  Each transport's formats without --formats (the JSON and protobuf pair the transport declares as its own):`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) {
    const pairs = (await Promise.all(TRANSPORT_NAMES.map((n) => loadTransport(n)))).map((t) => `    ${t.name.padEnd(16)}${pairFormats(t).join(' vs ')}`);
    return void console.log(`${USAGE}\n${pairs.join('\n')}`);
  }
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.throttle !== 'none') throw new UserError('--throttle: this tool takes --profiles a,b (the clients take --throttle)');
  if (values.transport !== 'ws') throw new UserError('--transport: this tool takes --transports a,b (the clients take --transport)');
  if (values.deflate) throw new UserError('use --compress NAME (--deflate is the WebSocket clients\' spelling)');
  const { opts, profiles, messagesFor, rounds, targetP99Ms } = benchmarkOptions(values, { loopbackMessages: 5000 });
  // capacity is asked of every transport, Connect over HTTP/2 included (the comparison leaves it out: its passes
  // are Connect's on another HTTP, and the comparison's time grows with every cell)
  const names = listOption(values.transports ?? (values.capacity ? CAPACITY_TRANSPORTS : DEFAULT_TRANSPORTS), '--transports');
  if (!names.length) throw new UserError('--transports: give at least one transport');
  const transports = await Promise.all(names.map((n) => loadTransport(n, { option: '--transports' })));
  // every transport must take the settings before anything runs
  for (const t of transports) checkSettings(t, { direction: opts.direction, compress: opts.compress, tls: opts.tls, pipelining: opts.pipelining });
  if (values.sweep && opts.rate) throw new UserError('--sweep chooses the rates itself: drop --rate');
  if (values.capacity && (opts.rate || values.sweep)) throw new UserError('--capacity chooses the rates itself: drop --rate and --sweep');
  const serverWorkers = numberOption(values['server-workers'], 'server-workers', { min: 1, integer: true });
  if (values['target-p99'] !== undefined && !values.sweep && !values.capacity) throw new UserError(`--target-p99 ${values['target-p99']}: only with --sweep or --capacity`);
  // the search's first rate and probe length (500 msgs/s and 0.2 s unless told otherwise)
  const fromRate = numberOption(values['from-rate'] ?? '500', 'from-rate', { min: 0.001 });
  if (values['from-rate'] !== undefined && !values.capacity) throw new UserError(`--from-rate ${values['from-rate']}: only with --capacity`);
  const probeSeconds = numberOption(values['probe-seconds'] ?? '0.2', 'probe-seconds', { min: 0.05 });
  if (values['probe-seconds'] !== undefined && !values.capacity) throw new UserError(`--probe-seconds ${values['probe-seconds']}: only with --capacity`);
  if (values.calibrate && !values.capacity) throw new UserError('--calibrate: only with --capacity');
  // autocannon calibrates the http1 server alone (lib/transmission/capacity.js): without http1 it would do nothing
  if (values.calibrate && !names.includes('http1')) throw new UserError(`--calibrate: only with http1 among --transports (got ${names.join(',')})`);
  // three searches per format unless told otherwise (CAPACITY_SEARCHES)
  const searches = numberOption(values.searches ?? String(CAPACITY_SEARCHES), 'searches', { min: 1, integer: true });
  if (values.searches !== undefined && !values.capacity) throw new UserError(`--searches ${values.searches}: only with --capacity`);
  // each capacity then held for this long (CAPACITY_SUSTAIN_SECONDS unless told otherwise; 0: not checked)
  const sustainSeconds = numberOption(values.sustain ?? String(CAPACITY_SUSTAIN_SECONDS), 'sustain', { min: 0 });
  if (values.sustain !== undefined && !values.capacity) throw new UserError(`--sustain ${values.sustain}: only with --capacity`);
  if (serverWorkers > 1 && !values.capacity) throw new UserError(`--server-workers ${serverWorkers}: only with --capacity`);
  const cpuRate = values['cpu-rate'] === undefined ? null : numberOption(values['cpu-rate'], 'cpu-rate', { min: 0.001 });
  if (cpuRate !== null && !values.capacity) throw new UserError(`--cpu-rate ${values['cpu-rate']}: only with --capacity`);
  if (!values.capacity && values['load-generator'] === 'h2load') throw new UserError('--load-generator h2load: only with --capacity');
  /** @type {ReturnType<typeof chooseLoadGenerator>} who sends a capacity run (the other passes: the toolkit's clients) */
  const loadGenerator = chooseLoadGenerator(values.capacity ? values['load-generator'] : values['load-generator'] === 'auto' ? 'toolkit' : values['load-generator'],
    { option: '--load-generator', direction: opts.direction, compress: opts.compress, tls: opts.tls, clientWorkers: opts.clientWorkers ?? 1 });
  const { payload, codecs, codecsFor, skipped } = await selectTransportFormats(transports, values, positionals);
  const skipLines = skipped.map((s) => `${s.transport} ${s.format}: skipped, ${s.reason}`);
  // the machine and the libraries of the run, described at its end (the steal over the run is part of it)
  const runEnvironment = () => describeEnvironment(codecs.map((c) => c.library).concat(transports.map((t) => t.library).filter((l) => !l.startsWith('node:')), 'hdr-histogram-js'));
  const quiet = values.json || !process.stderr.isTTY;
  const link = { rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, connections: opts.connections, idleTimeoutMs: opts.idleTimeoutMs,
    direction: opts.direction, compress: opts.compress, tls: opts.tls, pipelining: opts.pipelining, window: opts.window, placement: opts.placement, clientWorkers: opts.clientWorkers };
  if (values.capacity) {
    // a server is saturated only with enough in flight: four connections of eight unless told otherwise
    /** @type {{ connections?: number, window?: number }} */
    const busy = values.connections === '1' && values.window === '1' ? CAPACITY_LOAD : {};
    // a format a transport cannot send of this payload (a schema buf refuses: no gRPC or Connect service) is skipped with its reason
    const sendable = await capacityRefusals(payload, codecsFor, names);
    skipped.push(...sendable.skipped);
    skipLines.push(...sendable.skipped.map((s) => `${s.transport} ${s.format}: skipped, ${s.reason}`));
    if (!sendable.transports.length) throw new UserError(`--capacity: nothing to send on ${names.join(', ')}: ${sendable.skipped.map((s) => `${s.transport} ${s.format}: ${s.reason}`).join('; ')}`);
    const capacity = await measureCapacity({
      payload, codecsFor: sendable.codecsFor, transports: sendable.transports, targetP99Ms, placement: opts.placement, serverWorkers, calibrate: values.calibrate, loadGenerator, search: { fromRate, seconds: probeSeconds, searches, sustainSeconds },
      // the passes at half capacity: twice a probe's length (0.4 s by default), three rounds
      atHalf: { rounds: 3, seconds: probeSeconds * 2, rate: cpuRate },
      link: { ...link, ...busy },
      onProbe: quiet ? undefined : (p) => process.stderr.write(`${p.transport} ${p.format} ${p.sustainSeconds ? `sustained ${p.sustainSeconds} s ` : ''}at ${int(p.rate)} msgs/s: p99 ${p.p99 ?? '—'} ms ${p.ok ? 'ok' : `${p.late ? 'behind its schedule' : 'over'} (${p.bound}-bound)`}\n`),
    });
    const environment = runEnvironment();
    // who sent, as the transports say (h2load drives only some of them), and why not h2load where auto chose otherwise
    const sentBy = capacity.find((t) => t.loadGenerator !== 'toolkit')?.loadGenerator ?? loadGeneratorLabel({ name: 'toolkit' });
    const settings = {
      targetP99Ms, direction: opts.direction, fromRate, probeSeconds, searches, sustainSeconds, serverWorkers, cpuRate, ...loadGeneratorSettings(loadGenerator), loadGenerator: sentBy,
      connections: busy.connections ?? opts.connections, window: busy.window ?? opts.window, pipelining: opts.pipelining,
    };
    if (values.json) return void console.log(JSON.stringify({ measurement: 'capacity', environment, payload: payload.id, settings, skipped, transports: capacity }, null, 2));
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(describePayload(payload))}; ${settings.connections} connections × window ${settings.window}\n`);
    for (const line of [...skipLines, ...capacityLines(capacity, settings)]) console.log(line);
    for (const line of calibrationLines(capacity)) console.log(line);
    return;
  }
  if (values.sweep) {
    const sweeps = await sweepTransports({ payload, transports: names, codecsFor, profiles, targetP99Ms, link, onProbe: quiet ? undefined : (p) => process.stderr.write(probeLine(p)) });
    // the machine, the libraries and the payload, as every other mode says them before its figures
    const environment = runEnvironment();
    if (values.json) return void console.log(JSON.stringify({ measurement: 'saturation', environment, payload: payload.id, targetP99Ms, transports: names, skipped, sweeps }, null, 2));
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(describePayload(payload))}\n`);
    for (const line of [...skipLines, ...sweepLines(sweeps)]) console.log(line);
    return;
  }
  const cells = names.reduce((/** @type {number} */ n, /** @type {string} */ t) => n + codecsFor[t].length, 0);
  const progress = transmissionProgress({ total: profiles.reduce((/** @type {number} */ n, /** @type {string} */ p) => n + messagesFor(p) * cells * rounds, 0), quiet, messagesFor, rounds });
  const runs = [];
  // one server per transport serves every profile (the first profile's warm-up warms it for the others)
  /** @type {Map<string, import('./lib/transmission/matrix.js').KeptServer>} */
  const servers = new Map();
  try {
    for (const profile of profiles) {
      const matrix = await measureTransportMatrix({
        ...link, payload, codecs: codecsFor, skipped, transports: names, messages: messagesFor(profile), rate: opts.rate, profile, warmup: opts.warmup, rounds,
        onProgress: progress.onProgress(profile), servers,
      });
      runs.push({ ...matrix, settings: { ...matrix.settings, profile } });
    }
  } finally {
    await stopServers(servers);
  }
  progress.end();
  const environment = runEnvironment();
  const model = matrixBreakEven(runs);
  if (values.json) console.log(JSON.stringify({ measurement: 'transports', environment, payload: runs[0].payload, runs, model }, null, 2));
  else {
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(runs[0].payload)}`);
    if (skipLines.length) console.log(`\n${skipLines.join('\n')}`);
    for (const run of runs) {
      console.log(`\n${run.settings.profile}: ${names.join(', ')}; ${passSettingsLine(run.settings, undefined, run.results)}${opts.direction === 'down' ? ', download' : ''}${opts.compress ? `, ${opts.compress}` : ''}${opts.tls ? ', TLS' : ''}\n\n${passTable(run)}\n`);
      const { named, others } = matrixVerdictLines(run);
      if (named.length) console.log(`The pairs that matter (the protobuf side against the JSON side):\n${named.join('\n')}\n`);
      if (others.length) console.log(`Every other pair:\n${others.join('\n')}`);
    }
    for (const { transport, reports } of model) {
      const lines = breakEvenLines(reports, transport);
      if (lines.length) console.log(`\n${lines.join('\n')}`);
    }
  }
  const problems = problemsOf(runs, { withProfile: true });
  if (problems.length) process.stderr.write(`benchmark_transport: ${problems.join('; ')}\n`);
  process.exitCode = exitCodeOf(runs);
});
