#!/usr/bin/env node
// The main job (npm start): sizes, speed, memory, a WebSocket pass and the transport comparison, written to results/<date-time>/.
import path from 'node:path';
import { exitOnSignals, listOption, numberOption, parseCli, PAYLOAD_OPTIONS, payloadSourceUsage, payloadSynopsis, resolveSelection, runCli, usageEntry } from './lib/cli/index.js';
import { DEFAULT_FORMATS, selectCodecs } from './lib/codecs/index.js';
import { batchBase, parseBatchCounts } from './lib/payload/batch.js';
import { UserError } from './lib/errors.js';
import { ROOT } from './lib/paths.js';
import { renderHtml } from './lib/report/html.js';
import { renderMarkdown } from './lib/report/markdown.js';
import { checkOutFolder, resultsJsonText, runDirName, writeRunDir } from './lib/results/index.js';
import { resolveProfile } from './lib/transmission/shaping/profiles.js';
import { CAPACITY_GENERATORS, MODES, planCapacity, planTransportComparison, runSuite, SLOW_LINK, START_FORMATS, TRANSMISSION_FORMATS } from './lib/suite.js';
import { TRANSPORT_NAMES } from './lib/transmission/transports/index.js';
import { CAPACITY_TARGET_P99_MS } from './lib/transmission/capacity-settings.js';
import { refuseRuntimeOptionsAlone, RUNTIME_OPTIONS, runtimeUsage, runtimesFromOptions } from './lib/cli/runtimes.js';
import { progressReporter } from './lib/cli/progress.js';
import { PRECISION_OPTIONS, precisionFromOptions } from './lib/cli/speed.js';

exitOnSignals();

/** @typedef {import('./lib/suite.js').CapacityGenerator} CapacityGenerator */

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  quick: { type: 'boolean', default: false },
  full: { type: 'boolean', default: false },
  rounds: { type: 'string' },
  'max-time': { type: 'string' },
  'min-time': { type: 'string' },
  ...PRECISION_OPTIONS,
  messages: { type: 'string' },
  'ws-formats': { type: 'string' },
  profiles: { type: 'string', default: 'none' },
  'slow-link': { type: 'string', default: SLOW_LINK.profile },
  transports: { type: 'string' },
  capacity: { type: 'string', default: 'auto' },
  batch: { type: 'string' },
  'batch-payload': { type: 'string' },
  out: { type: 'string' },
  ...RUNTIME_OPTIONS,
  'no-memory': { type: 'boolean', default: false },
};

const USAGE = `usage: node benchmark.js ${payloadSynopsis('N ...')}
                         [options]
  Sizes (raw, gzip, brotli), encode/decode speed, a loopback WebSocket pass and the
  transport comparison (HTTP/1.1, HTTP/2, Connect, gRPC; --full adds WebSocket and Connect
  over HTTP/2) for the bundled
  payloads (default: all five), written to results/<date-time>/
  (results.json, report.md, report.html).
  Speed is timed in paired slices: every codec takes turns with json-buffer, each ratio measured until its 95%
  interval is within the mode's target or its time cap runs out (docs/speed.md, "Paired slices").
  --quick            a fast, rough run (speed to ±${MODES.quick.precision.target * 100}%, ≤ ${MODES.quick.maxTime} s per case, ${MODES.quick.messages} messages)
  (default)          speed to ±${MODES.default.precision.target * 100}% at 95%, ≤ ${MODES.default.maxTime} s per case (encode and decode; the round trip
                     derived), ${MODES.default.messages} messages; under 3 minutes
  --full             publication grade: speed to ±${MODES.full.precision.target * 100}%, ≤ ${MODES.full.maxTime} s per case, every operation, the
                     one-message bias on every payload (the default times none), ${MODES.full.messages} messages
  --precision P      override the mode's precision target (0 < P < 1; 0.05 is ±5%)
  --max-time S       override the mode's time cap per speed case, in seconds of CPU (the default mode also
                     bounds each case at 1.25× its cap on the wall clock, and each payload's pass in a
                     process at about 0.9 of its cases' caps: docs/speed.md, "A slowed machine's wall time")
  --warmup S         override the mode's longest warm-up per speed case, in seconds of CPU
  --slice MS         override the mode's slice length
  --rounds R         override the mode's Benchmark.js rounds of --runtimes (the runtime matrix)
  --min-time S       override the mode's seconds per Benchmark.js sample of --runtimes (its minTime)
  --messages M       override the mode's WebSocket messages per format
${usageEntry('--formats a,b', `codecs for sizes and speed (default: ${START_FORMATS.join(',')}; `
    + `with --full ${DEFAULT_FORMATS.join(',')}; 'all' for every available one). `
    + `Speed is timed in ${MODES.default.speedProcesses} fresh processes per group of codecs `
    + '(a group holds no two codecs of one library), their pairs pooled; '
    + `--quick: ${MODES.quick.speedProcesses} (in this process when the codecs make one group); `
    + `--full: ${MODES.full.speedProcesses}, up to ${MODES.full.speedMaxProcesses} `
    + 'while some ratio\'s processes disagree or too few ran at full speed', 21)}
${payloadSourceUsage(OPTIONS, { column: 21 })}
  --ws-formats a,b   codecs of the WebSocket pass (default: ${TRANSMISSION_FORMATS.join(',')}; 'none' to skip it)
  --profiles p,q     link profiles of the WebSocket pass (default: none, i.e. plain loopback)
  --slow-link P      one pipelined pass (window ${SLOW_LINK.window}) over an emulated link, for test3 (or the first payload):
                     profile P (default ${SLOW_LINK.profile}; 'none' to skip), ${MODES.default.slowLinkMessages} messages per format and round
  --transports a,b   the transport comparison: test3 (or the first payload) over each transport with its own JSON and
                     protobuf codecs, on loopback and over the --slow-link profile, ${MODES.default.transportRounds} rounds
                     (default: ${MODES.default.comparisonTransports.join(',')}; with --full ${MODES.full.comparisonTransports.join(',')};
                     'none' to skip it)
  --capacity G       the capacity headline: how many REST/JSON (http1, json-buffer) and gRPC/protobuf (grpc,
                     protobufjs-static) messages/s of test3 (or the first payload) one server core takes at p99 under
                     ${CAPACITY_TARGET_P99_MS} ms (one short search each; ${MODES.full.capacity.searches} with --full), and the server's CPU for both at
                     ${MODES.default.capacity.cpuRate} msgs/s; G sends them: auto (default: h2load when it is on the PATH, else the toolkit's
                     clients), h2load, toolkit, or none to skip it
  --no-memory        skip the memory pass (bytes allocated and GC ms per operation, in child processes after the
                     timing)
  --batch 1,10,100   also wrap one payload N times in a repeated field and report how size and time grow
  --batch-payload N  the payload --batch wraps (default: the first one chosen, or 3 when all five run)
  --out DIR          parent folder of the run's folder (default: results/)
  --json             print results.json to stdout instead of the tables
${runtimeUsage({ column: 21, adds: 'the speed suite again on each runtime, as a runtime × codec matrix per payload' })}`;

runCli(import.meta.url, async () => {
  const argv = process.argv.slice(2);
  const { values, positionals } = parseCli(argv, OPTIONS);
  if (values.help) return void console.log(USAGE);
  refuseRuntimeOptionsAlone(values);
  if (values.quick && values.full) throw new UserError('choose --quick or --full, not both');
  const mode = values.quick ? 'quick' : values.full ? 'full' : 'default';
  const overrides = {};
  if (values.rounds !== undefined) overrides.rounds = numberOption(values.rounds, 'rounds', { min: 1, integer: true });
  if (values['max-time'] !== undefined) overrides.maxTime = numberOption(values['max-time'], 'max-time', { min: 0.01 });
  // the paired timer's settings, checked against the time cap (a cap below the warm-up is refused)
  overrides.precision = precisionFromOptions(values, overrides.maxTime ?? MODES[mode].maxTime, MODES[mode].precision);
  if (values['min-time'] !== undefined) overrides.minTime = numberOption(values['min-time'], 'min-time', { min: 0.005 });
  if (values.messages !== undefined) overrides.messages = numberOption(values.messages, 'messages', { min: 1, integer: true });
  const profiles = listOption(values.profiles, '--profiles');
  if (!profiles.length) throw new UserError('--profiles: expected profile names such as none,4g');
  // checked now, not after minutes of measuring
  for (const profile of profiles) {
    if (profile === 'custom') throw new UserError('--profiles: custom needs --rtt/--down/--up, which benchmark_ws.js and the clients take; use a named profile here');
    resolveProfile(profile);
  }
  const slowProfile = values['slow-link'].trim();
  if (slowProfile === 'custom') throw new UserError('--slow-link: custom needs --rtt/--down/--up, which benchmark_ws.js and the clients take; use a named profile here');
  if (slowProfile !== 'none') resolveProfile(slowProfile);
  const outParent = path.resolve(values.out ?? path.join(ROOT, 'results'));
  const counts = values.batch === undefined ? null : parseBatchCounts(values.batch);
  const transportsGiven = values.transports ?? MODES[mode].comparisonTransports.join(',');
  const transportNames = transportsGiven.trim() === 'none' ? [] : listOption(transportsGiven, '--transports');
  const unknownTransport = transportNames.find((/** @type {string} */ t) => !TRANSPORT_NAMES.includes(t));
  if (unknownTransport !== undefined) throw new UserError(`--transports: unknown transport "${unknownTransport}" (known: ${TRANSPORT_NAMES.join(', ')}; or none)`);
  if (transportsGiven.trim() !== 'none' && !transportNames.length) throw new UserError('--transports: expected transport names such as ws,http1, or none');
  if (![...CAPACITY_GENERATORS, 'none'].includes(values.capacity)) throw new UserError(`--capacity ${values.capacity}: give ${CAPACITY_GENERATORS.join(', ')} or none`);

  const selected = await resolveSelection(values, positionals);
  const { payloads } = selected;
  // without --formats, the mode's codecs out of the default ones (a default codec that cannot load is a bug, said so
  // by selectCodecs, not a usage error)
  const codecs = values.formats ? selected.codecs : selected.codecs.filter((c) => MODES[mode].formats.includes(c.name));
  const wsFormats = values['ws-formats'] ?? TRANSMISSION_FORMATS.join(',');
  const transmissionCodecs = wsFormats === 'none' ? [] : await selectCodecs(wsFormats, '--ws-formats');
  const runtimes = values.runtimes === undefined ? [] : await runtimesFromOptions(values);
  const transportComparison = transportNames.length ? await planTransportComparison(transportNames) : null;
  const capacity = values.capacity === 'none' ? null : await planCapacity(/** @type {CapacityGenerator} */ (values.capacity));
  if (values['batch-payload'] !== undefined && !counts) throw new UserError(`--batch-payload ${values['batch-payload']}: only with --batch, whose payload it names`);
  const batch = counts && { payload: batchBase(payloads, values['batch-payload'], positionals.length > 0 || Boolean(values.data)), counts };
  // checked now, not after minutes of measuring, and after the inputs: it creates the folder, which a refused payload
  // must not leave behind
  checkOutFolder(outParent);

  const results = await runSuite({
    mode, payloads, codecs, transmissionCodecs, profiles, batch, overrides, memory: !values['no-memory'],
    slowLink: slowProfile === 'none' ? null : { ...SLOW_LINK, profile: slowProfile },
    transportComparison, capacity, runtimes,
    command: ['node benchmark.js', ...argv].join(' '), onProgress: progressReporter(),
  });
  // checked as it will be written (a NaN is a number until JSON writes it as null)
  const json = resultsJsonText(results, 'the results');

  const markdown = renderMarkdown(results);
  const dir = writeRunDir(outParent, runDirName(new Date(/** @type {{ createdAt: string }} */ (results).createdAt)), {
    'results.json': json,
    'report.md': markdown,
    'report.html': renderHtml(results),
  });
  if (values.json) return void process.stdout.write(json);
  console.log(markdown);
  console.log(`Written: ${path.relative(process.cwd(), dir) || dir}/ (results.json, report.md, report.html)`);
});
