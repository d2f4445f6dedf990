import fs from 'node:fs';
import { listOption, numberOption, parseCli, portFromEnvironment, PAYLOAD_OPTIONS, payloadSourceUsage, payloadSynopsis, resolveSelection, usageEntry } from './index.js';
import { UserError } from '../errors.js';
import { MAX_TIMEOUT_MS } from '../transmission/artillery/script.js';
import { resolveProfile } from '../transmission/shaping/profiles.js';
import { describeEnvironment, environmentLine } from '../measure/environment.js';
import { payloadHeading } from '../report/rows.js';
import { formatKbit, kneeLines, modelLines, namedVerdictText, passSettingsLine, passTable, profilePrefix, uncorrectedLines, verdictLines } from '../report/terminal-transmission.js';
import { createProgress } from './progress.js';
import { placementOption } from '../transmission/placement.js';

import { measureTransmission } from '../transmission/run.js';
import { exitCodeOf, problemsOf } from '../transmission/outcome.js';
import { assignFormats, pairFormats } from '../transmission/pairs.js';
import { DEFAULT_TRANSPORT, loadTransport, TRANSPORT_NAMES } from '../transmission/transports/index.js';

/**
 * Options shared by the clients and the orchestrator.
 * @satisfies {import('node:util').ParseArgsOptionsConfig}
 */
export const TRANSMISSION_OPTIONS = {
  window: { type: 'string', default: '1' },
  connections: { type: 'string', default: '1' },
  rate: { type: 'string' },
  throttle: { type: 'string', default: 'none' },
  rtt: { type: 'string' },
  down: { type: 'string' },
  up: { type: 'string' },
  shaper: { type: 'string', default: 'auto' },
  timeout: { type: 'string', default: '10' },
  warmup: { type: 'string' },
  deflate: { type: 'boolean', default: false },
  transport: { type: 'string', default: DEFAULT_TRANSPORT },
  direction: { type: 'string', default: 'up' },
  compress: { type: 'string' },
  tls: { type: 'boolean', default: false },
  pipelining: { type: 'string', default: '1' },
  placement: { type: 'string', default: 'auto' },
  'client-workers': { type: 'string', default: '1' },
};

/** @typedef {import('./index.js').CliResult<typeof TRANSMISSION_OPTIONS>['values']} TransmissionValues TRANSMISSION_OPTIONS as parseCli gives them */

export const TRANSMISSION_USAGE = `  --window W          messages in flight per connection, closed loop (default 1: strict request/response)
  --connections C     connections at once, sharing the messages (default 1)
  --rate R            open loop instead: R msgs/s over all connections; latency counts from each
                      message's scheduled send time, so stalls are not hidden (coordinated omission)
  --throttle PROFILE  none (default), 3gslow, 3g, 3gfast, 3gem, 2g, edge, dial, dsl, cable, 4g, lte, fois,
                      or custom with --rtt MS --down KBIT --up KBIT
  --rtt MS            the custom link's round-trip time in milliseconds (default 0)
  --down KBIT         the custom link's bandwidth from server to client, kbit/s (default: unlimited)
  --up KBIT           the custom link's bandwidth from client to server, kbit/s (default: unlimited)
  --shaper S          auto (default), os (@sitespeed.io/throttle: tc/netem, needs sudo) or emulator
                      (built-in TCP relay with per-direction delay and bandwidth, no privileges)
  --warmup N          unmeasured chunks of N messages (a count, not seconds) sent before each format's first
                      pass until its rate stops rising (4 chunks to tell, none begun after 1 s), so the JIT
                      has warmed up (default N = min(1000, M) unthrottled, 0 = none throttled)
  --deflate           permessage-deflate on both ends (every message compressed): wire bytes as compressed,
                      CPU per message with compression
  --transport T       ${TRANSPORT_NAMES.join(', ')} (default ${DEFAULT_TRANSPORT})
  --direction D       up (default: the client sends the payload, the server decodes it) or down (the client
                      asks, the server encodes message i and the client decodes it)
  --compress C        compression as deployed: gzip, br, zstd (HTTP Content-Encoding; zstd where the runtime's
                      zlib has it), deflate or deflate-context (ws permessage-deflate)
  --tls               TLS with a certificate made at run time
  --pipelining P      HTTP/1.1 requests in flight per connection (default 1)
  --placement auto|off  auto (default): a server this run starts and the client on disjoint cores (taskset; on two
                      cores one each), said in the output; off: leave both where the OS puts them
  --client-workers N  the client's connections and messages spread over N worker threads (default 1), one
                      accounting, merged latency histograms; needs --connections ≥ N
  --timeout S         give up when no answer arrives for S seconds while a message awaits one (not milliseconds;
                      default 10, at most 600)
  --json              print the results as one JSON object`;

/**
 * A usage text without the options whose line matches `drop`, each dropped with its continuation lines (the
 * deeper-indented lines under it).
 * @param {string} usage
 * @param {RegExp} drop
 * @returns {string}
 */
export function withoutOptions(usage, drop) {
  let dropping = false;
  return usage.split('\n').filter((line) => {
    if (/^ {2}--/.test(line)) dropping = drop.test(line);
    return !dropping;
  }).join('\n');
}

/**
 * A usage text with one option's entry said anew: its description (the entry's line after `column` and the
 * deeper-indented lines under it, as one line) passed through `reword`, laid out again by usageEntry at `column`, so
 * a longer description wraps as the others do. An option the text has no entry for is a bug here, not a silent no-op.
 * @param {string} usage
 * @param {string} option the entry's first word, e.g. `--deflate`
 * @param {(description: string) => string} reword
 * @param {number} column where the usage text's descriptions start
 * @returns {string}
 */
export function rewordOption(usage, option, reword, column) {
  const lines = usage.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`  ${option} `));
  if (start < 0) throw new Error(`rewordOption: no entry for ${option}`);
  let end = start + 1;
  while (end < lines.length && /^ {3,}\S/.test(lines[end])) end++;
  const description = lines.slice(start, end).map((line, i) => (i === 0 ? line.slice(column) : line).trim()).join(' ');
  const entry = usageEntry(lines[start].slice(0, column).trim(), reword(description), column);
  return [...lines.slice(0, start), entry, ...lines.slice(end)].join('\n');
}

/**
 * --rtt, --down and --up describe the custom link only; given without it they
 * would be silently ignored, so they are refused.
 * @param {{ rtt?: string, down?: string, up?: string }} values parsed options
 * @param {boolean} custom whether the custom profile is in use
 * @param {string} hint how to ask for it
 */
export function checkCustomLink(values, custom, hint) {
  const given = /** @type {const} */ (['rtt', 'down', 'up']).filter((k) => values[k] !== undefined);
  if (given.length && !custom) throw new UserError(`${given.map((k) => `--${k}`).join(', ')} ${given.length > 1 ? 'are' : 'is'} only for the custom link: ${hint}`);
}

/**
 * The payload and each transport's codecs. Without --formats every transport runs its own declared JSON-vs-protobuf
 * pair (formatPair); with --formats every transport runs the given codecs it can carry, and skips the others
 * (`skipped`, one line each in the matrix). A run on one transport refuses a format named in --formats that it
 * cannot carry instead (UserError: one line, exit 2), since that run would measure nothing in its place.
 * @param {import('../transmission/transports/index.js').Transport[]} transports
 * @param {Parameters<typeof resolveSelection>[0]} values parsed options (formats, data, records, proto, type, strict)
 * @param {string[]} positionals
 */
export async function selectTransportFormats(transports, values, positionals) {
  const explicit = values.formats !== undefined;
  const formats = explicit ? values.formats : [...new Set(transports.flatMap(pairFormats))].join(',');
  const { payloads, codecs } = await resolveSelection({ ...values, formats }, positionals);
  const { codecsFor, skipped } = assignFormats(transports, codecs, { explicit, schema: payloads[0]?.schema });
  // 'all' asks for whatever exists: the ones a transport cannot carry are listed, not refused
  if (transports.length === 1 && skipped.length && values.formats !== 'all') throw new UserError(`--formats ${skipped[0].format}: ${skipped[0].reason}`);
  if (!transports.some((t) => codecsFor[t.name].length)) throw new UserError(`--formats ${formats}: none of them can travel on ${transports.map((t) => t.name).join(', ')} (${skipped[0]?.reason})`);
  return { payload: payloads[0], codecs, codecsFor, skipped };
}

/**
 * The progress line of a transmission run: onProgress callbacks for each profile's run, which turn each pass's
 * cumulative count into ticks (a new pass starts when its transport, format or round changes).
 * @param {{ total: number, quiet: boolean, messagesFor: (profile: string) => number, rounds: number, stream?: import('./progress.js').ProgressStream }} options
 */
export function transmissionProgress({ total, quiet, messagesFor, rounds, stream }) {
  const progress = createProgress({ total, quiet, stream });
  return {
    /** @param {string} profile */
    onProgress(profile) {
      let last = 0;
      /** @type {string|null} */
      let lastPass = null;
      return (/** @type {{ done: number, format: string, round: number, transport?: string }} */ { done, format, round, transport }) => {
        const pass = `${transport ? `${transport} ` : ''}${format}`;
        if (`${pass} ${round}` !== lastPass) { last = 0; lastPass = `${pass} ${round}`; }
        progress.tick(`${profile} ${pass} round ${round}/${rounds} ${done}/${messagesFor(profile)}`, done - last);
        last = done;
      };
    },
    end: () => progress.end(),
  };
}

/**
 * A line on stderr per probe of --sweep, when a person watches.
 * @param {{ profile: string, transport?: string, format: string, rate: number, p99: number|null, ok: boolean }} p
 */
export const probeLine = (p) => `${p.profile}${p.transport ? ` ${p.transport}` : ''} ${p.format} at ${p.rate} msgs/s: p99 ${p.p99 ?? '—'} ms ${p.ok ? 'ok' : 'over'}\n`;

/**
 * The lines of --sweep: each format's knee per profile (and transport, when the sweep has several).
 * @param {Array<{ profile: string, transport?: string, knees: Parameters<typeof kneeLines>[1] }>} sweeps
 */
export const sweepLines = (sweeps) => sweeps.flatMap(({ profile, transport, knees }) => kneeLines(transport ? `${profile} ${transport}` : profile, knees));

/**
 * The break-even model's lines: its inputs against each shaped run, then per pair the bandwidth below which the
 * smaller format is faster. None when the loopback run could not give CPU per message (a Chromium client).
 * @param {ReturnType<typeof import('../transmission/model.js').breakEvenReports>} model
 * @param {string} [transport] whose model it is, when a run has several
 * @returns {string[]}
 */
export function breakEvenLines(model, transport) {
  if (!model.length || !model[0].costs.length) return [];
  return [
    `Break-even model${transport ? ` of ${transport}` : ''} (inputs from the none run) against each shaped run, seconds per ${model[0].messages.toLocaleString('en-US')} messages:`,
    ...model.flatMap((m) => modelLines(m)),
    ...model[0].pairs.map((p) => (p.always ? `${p.smaller} is faster than ${p.larger} at every bandwidth`
      : `${p.smaller} is faster than ${p.larger} below ${formatKbit(p.belowKbit)} (RTT ${model[0].rtt} ms)`)),
  ];
}

/**
 * The verdicts of one matrix run: the named pairs first, then every other pair (those the named block already
 * gave left out).
 * @param {{ settings: { profile: string }, named: import('../transmission/pairs.js').NamedVerdict[], verdicts: ReturnType<typeof import('../transmission/rounds.js').pairVerdict>[] }} run
 * @returns {{ named: string[], others: string[] }}
 */
export function matrixVerdictLines(run) {
  const key = (/** @type {string} */ a, /** @type {string} */ b) => [a, b].sort().join('\n');
  const given = new Set(run.named.map((v) => key(`${v.json.transport} ${v.json.format}`, `${v.protobuf.transport} ${v.protobuf.format}`)));
  const others = run.verdicts.filter((v) => !given.has(key(v.formats[0], v.formats[1])));
  return { named: run.named.map((v) => `${profilePrefix(run.settings.profile)}${namedVerdictText(v)}`), others: verdictLines([{ ...run, verdicts: others }]) };
}

/**
 * What both benchmark entry points (benchmark_ws, benchmark_transport) read the same way: the transmission
 * options, the link profiles (each checked, custom with its --rtt/--down/--up), the messages per profile (the
 * given --messages, else loopbackMessages unthrottled and 40 throttled), the rounds and the sweep's p99 target (10 ms
 * when not given: the option tables leave it without a default, so an entry point can tell it was given).
 * @param {TransmissionValues & { profiles: string, messages?: string, rounds: string, 'target-p99'?: string }} values parsed options
 * @param {{ loopbackMessages: number }} defaults
 */
export function benchmarkOptions(values, { loopbackMessages }) {
  const opts = transmissionOptions(values);
  const profiles = listOption(values.profiles, '--profiles');
  checkCustomLink(values, profiles.includes('custom'), `add custom to --profiles (got ${profiles.join(',')})`);
  for (const p of profiles) resolveProfile(p, opts, '--profiles');
  const explicit = values.messages === undefined ? null : numberOption(values.messages, 'messages', { min: 1, integer: true });
  return {
    opts, profiles,
    messagesFor: (/** @type {string} */ p) => explicit ?? (p === 'none' ? loopbackMessages : 40),
    rounds: numberOption(values.rounds, 'rounds', { min: 1, integer: true }),
    targetP99Ms: numberOption(values['target-p99'] ?? '10', 'target-p99', { min: 0.001 }),
  };
}

/**
 * --shaper, checked as chooseShaper (lib/transmission/shaping/os.js) checks it, with the same line, so the options
 * carry one of its three names and a wrong one is refused before any server starts.
 * @param {string} value
 */
function shaperOption(value) {
  const shaper = /** @type {const} */ (['auto', 'os', 'emulator']).find((s) => s === value);
  if (!shaper) throw new UserError(`--shaper: expected auto, os or emulator, got "${value}"`);
  return shaper;
}

/**
 * The longest --timeout taken, in seconds: benchmark_artillery.js's bound in milliseconds (MAX_TIMEOUT_MS, ten
 * minutes without an answer: a 1 MB message over the 2g profile's 256 kbit/s takes about 33 s). From 1,000 on a value
 * reads as milliseconds, and is refused with the seconds meant.
 */
export const MAX_TIMEOUT_SECONDS = MAX_TIMEOUT_MS / 1000;

/**
 * --timeout in seconds: at least 0.1 and at most MAX_TIMEOUT_SECONDS. A larger value is refused in one line, and
 * where it reads as milliseconds (1,000 and more, and the seconds that would be are taken) with the seconds meant:
 * `--timeout 5000` meant as milliseconds was 83 minutes, and from about 24.8 days (2^31 ms) Node's timers fire after
 * 1 ms, so the pass gave up at once.
 * @param {unknown} value
 * @returns {number}
 */
export function timeoutSeconds(value) {
  const s = numberOption(value, 'timeout', { min: 0.1 });
  if (s > MAX_TIMEOUT_SECONDS) {
    const meant = s >= 1000 && s / 1000 <= MAX_TIMEOUT_SECONDS ? ` (${value} milliseconds is --timeout ${s / 1000})` : '';
    throw new UserError(`--timeout ${value}: expected seconds without an answer, at most ${MAX_TIMEOUT_SECONDS}${meant}`);
  }
  return s;
}

/**
 * The transmission options, checked (the numbers and --shaper).
 * @param {TransmissionValues} values parsed options
 */
export function transmissionOptions(values) {
  /** @type {(name: 'window'|'connections'|'rate'|'rtt'|'down'|'up'|'warmup'|'pipelining', o: { min?: number, integer?: boolean }) => number|undefined} */
  const opt = (name, o) => (values[name] === undefined ? undefined : numberOption(values[name], name, o));
  return {
    window: opt('window', { min: 1, integer: true }),
    connections: opt('connections', { min: 1, integer: true }),
    rate: opt('rate', { min: 0.001 }),
    profile: values.throttle,
    rtt: opt('rtt', { min: 0 }),
    down: opt('down', { min: 0 }),
    up: opt('up', { min: 0 }),
    shaper: shaperOption(values.shaper),
    // --timeout has a default (TRANSMISSION_OPTIONS): always given
    idleTimeoutMs: timeoutSeconds(values.timeout) * 1000,
    warmup: opt('warmup', { min: 0, integer: true }),
    deflate: values.deflate,
    transport: values.transport,
    direction: /** @type {'up'|'down'} */ (values.direction),
    compress: values.compress ?? (values.deflate ? 'deflate' : null),
    tls: values.tls,
    pipelining: opt('pipelining', { min: 1, integer: true }),
    placement: placementOption(values.placement),
    clientWorkers: numberOption(values['client-workers'], 'client-workers', { min: 1, integer: true }),
  };
}

/**
 * The client command line: node client.js --format NAME N M [options].
 * @param {string[]} argv
 * @param {{ name: string, format?: string }} entry the script's name and its fixed format, if any
 * @returns {Promise<number>} the exit code the entry point should end with (see outcome.js)
 */
export async function clientMain(argv, { name, format }) {
  // not --placement: a client sends to a server already running, which nothing here pins (refused, not ignored)
  const { placement: _placement, ...clientTransmission } = TRANSMISSION_OPTIONS;
  /** @satisfies {import('node:util').ParseArgsOptionsConfig} */
  const options = { ...PAYLOAD_OPTIONS, ...clientTransmission, format: { type: 'string' }, url: { type: 'string' }, rounds: { type: 'string' }, ca: { type: 'string' } };
  const { values: given, positionals } = parseCli(argv, options);
  const values = { ...given, placement: 'auto' };
  const usage = `usage: node ${name}.js ${format ? '' : '--format NAME '}${payloadSynopsis('N')}
${' '.repeat(`usage: node ${name}.js `.length)}[M] [options]
  Sends payload N (1–5) or your JSON M times (default 10000) to a running server.js and reports
  msgs/s, payload MB/s, bytes on the wire and latency percentiles (HDR histogram).${format ? `\n  Format: ${format} (same as node client.js --format ${format}).` : '\n  --format NAME       the codec (any available one; comma-separated for several, one after another)\n  --formats a,b       the same as --format a,b'}
${payloadSourceUsage(options, { column: 22 })}
  --url URL           the server (default SCHEME://127.0.0.1:$PORT, the transport's scheme, PORT defaulting to 7070)
  --ca FILE           with --tls against a server you started: the certificate it printed
${format ? `  --rounds R          passes, one after another (default 1)`
    : `  --rounds R          passes per format, formats alternated (default 1 for one format, 5 for several);
                      with several, a verdict per pair: a winner only when every round of one beat every
                      round of the other in msgs/s (at least 3 rounds), else "no clear difference"`}
${withoutOptions(TRANSMISSION_USAGE, /--placement/)}
  Exit code 0 when every message was acked exactly once; 1 when any was lost, duplicated or refused.`;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const formats = format ?? values.format ?? values.formats;
  if (!formats) throw new UserError('give --format NAME (see node client.js --help)');
  if (format && (values.format || values.formats)) throw new UserError(`${name} always sends ${format}; use client.js --format NAME for another`);
  const numbers = values.data ? [] : positionals.slice(0, 1);
  const rest = values.data ? positionals : positionals.slice(1);
  if (!values.data && !numbers.length) throw new UserError('give a payload number N (1–5) or --data FILE');
  if (rest.length > 1) throw new UserError(`unexpected argument "${rest[1]}"`);
  // M is an argument, not an option (there is no --messages here): named as the usage names it
  const messages = rest.length ? Number(rest[0]) : 10000;
  if (!Number.isInteger(messages) || messages < 1) throw new UserError(`M (the message count): expected a whole number ≥ 1, got ${JSON.stringify(rest[0])}`);
  const opts = transmissionOptions(values);
  checkCustomLink(values, opts.profile === 'custom', `add --throttle custom (got --throttle ${opts.profile})`);
  if (opts.deflate && values.compress) throw new UserError('--deflate is --compress deflate: give one of them');
  const transport = await loadTransport(opts.transport);
  const scheme = opts.tls ? transport.schemes.tls : transport.schemes.plain;
  // $PORT, where no --url is given: named as what it is, as server.js names it
  const port = values.url === undefined && process.env.PORT ? portFromEnvironment(process.env.PORT, { min: 1 }) : 7070;
  const url = (values.url ?? `${scheme}://127.0.0.1:${port}`).replace(/\/+$/, '');
  // a URL of the transport's TLS scheme without --tls (or the plain one with it): say which option it wants
  const other = opts.tls ? transport.schemes.plain : transport.schemes.tls;
  if (values.url !== undefined && other !== scheme && new RegExp(`^${other}://[^/]+$`).test(url)) {
    throw new UserError(`--url ${url}: ${other}:// is ${opts.tls ? 'plain: leave --tls out' : 'TLS: add --tls (and --ca FILE, the certificate server.js --tls printed)'}`);
  }
  if (!new RegExp(`^${scheme}://[^/]+$`).test(url)) throw new UserError(`--url: expected ${scheme}://HOST:PORT for --transport ${transport.name}${opts.tls ? ' with --tls' : ''}, got "${url}"`);
  // the shape is right, but is it a URL (a port of letters or over 65535, an unclosed [ of an IPv6 address)?
  if (!URL.canParse(url)) throw new UserError(`--url ${url}: not a valid URL (HOST a name or an address, PORT 0–65535)`);
  if (values.ca && !opts.tls) throw new UserError('--ca is for --tls');
  let trust;
  if (opts.tls) {
    if (!values.ca) throw new UserError('--tls: give --ca FILE, the certificate server.js --tls printed');
    try {
      trust = { ca: fs.readFileSync(values.ca, 'utf8') };
    } catch (err) {
      const e = /** @type {NodeJS.ErrnoException} */ (err);
      throw new UserError(`--ca ${values.ca}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
    }
  }

  const roundsGiven = values.rounds === undefined ? null : numberOption(values.rounds, 'rounds', { min: 1, integer: true });
  const { payloads, codecs } = await resolveSelection({ ...values, formats }, numbers);
  const rounds = roundsGiven ?? (codecs.length > 1 ? 5 : 1);
  let last = 0;
  /** @type {string|null} */
  let lastPass = null;
  const progress = createProgress({ total: codecs.length * messages * rounds, quiet: values.json || !process.stderr.isTTY });
  let result;
  try {
    result = await measureTransmission({
      payload: payloads[0], codecs, url, messages, window: opts.window, connections: opts.connections, rate: opts.rate,
      profile: opts.profile, rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, warmup: opts.warmup,
      idleTimeoutMs: opts.idleTimeoutMs, strict: true, rounds, transport: opts.transport, direction: opts.direction, compress: opts.compress,
      tls: opts.tls, trust, pipelining: opts.pipelining, placement: opts.placement, clientWorkers: opts.clientWorkers,
      onProgress: ({ done, format, round }) => {
        if (`${format} ${round}` !== lastPass) { last = 0; lastPass = `${format} ${round}`; }
        progress.tick(`${format} round ${round}/${rounds} ${done}/${messages}`, done - last);
        last = done;
      },
    });
  } finally {
    progress.end();
  }
  if (result.settings.shaperNote) process.stderr.write(`${name}: ${result.settings.shaperNote}\n`);
  const environment = describeEnvironment(codecs.map((c) => c.library).concat(transport.library, 'hdr-histogram-js'));
  if (values.json) console.log(JSON.stringify({ measurement: 'transmission', url, environment, ...result }, null, 2));
  else {
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(result.payload)}\n${passSettingsLine(result.settings, url, result.results)}\n\n${passTable(result)}`);
    const verdicts = verdictLines([result]);
    if (verdicts.length) console.log(`\n${verdicts.join('\n')}`);
    const uncorrected = uncorrectedLines([result]);
    if (uncorrected.length) console.log(`\nOpen loop, latency percentiles:\n${uncorrected.join('\n')}`);
  }
  const problems = problemsOf([result]);
  if (problems.length) process.stderr.write(`${name}: ${problems.join('; ')}\n`);
  return exitCodeOf([result]);
}
