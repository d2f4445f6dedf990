import { listed } from '../text.js';
import { environmentLine } from '../measure/environment.js';
import { payloadHeading, sizeTable, speedTable, verdictOf } from './rows.js';
import { corpusSizeReport } from './corpus-sizes.js';
import { runtimeSection } from './runtime-matrix.js';
import { describeLink } from '../transmission/shaping/profiles.js';
import { columnsOf, tableModel, toMarkdown } from './table.js';
import { fixed, int, ms } from './format.js';
import { answerMarkdown } from './answer.js';
import { artilleryNotes, artilleryTable } from './artillery.js';
import { capacityLines, capacityPassText, CPU_HEADINGS, cpuAtRateLines, cpuCells, formatKbit, minMaxOf, namedVerdictText, transportComparisonRows, verdictText } from './terminal-transmission.js';

/** @typedef {import('../results/index.js').Results} Results */
/** @typedef {import('../results/index.js').TransmissionEntry} TransmissionEntry */
/** @typedef {import('../results/index.js').TransportEntry} TransportEntry */
/** @typedef {ReturnType<typeof import('../transmission/model.js').breakEvenReport>} BreakEvenReport */

/**
 * The settings of a run in one line.
 * @param {Pick<Results, 'settings'>} results
 */
export function runSettingsLine(results) {
  const { mode, speed, memory, transmission, transports, batch, artillery } = results.settings;
  if (artillery) return `Artillery report ${artillery.report} read back (node report.js --artillery): no size or speed pass`;
  const oneMessage = speed.oneMessage?.ops?.length
    ? `, one-message bias on ${speed.oneMessage.ops.join(' and ')} of ${speed.oneMessage.payloads === 'all' ? 'every payload' : speed.oneMessage.payloads.join(', ')}` : '';
  const p = speed.timer === 'paired' ? speed.precision : null;
  const parts = [`mode ${mode}`, p
    ? `speed: paired slices of ${p.sliceMs} ms${p.clock ? ` (${p.clock}${p.gc ? `, ${p.gc}` : ''}${p.v8Flags?.length ? `, V8 ${p.v8Flags.join(' ')}` : ''}${p.allocator ? `, ${p.allocator}` : ''})` : ''} taking turns with ${speed.baseline}, each ratio to ±${fixed(p.target * 100, 1)}% at ${fixed(p.level * 100, 0)}% or at most ${speed.maxTime} s per case`
      + `${speed.processes && speed.processes > 1 ? `, in ${speed.processes} fresh processes (their pairs pooled, a ratio they disagree on flagged)` : ''}`
      + `${speed.processGroups && speed.processGroups.length > 1 ? `, codecs of one library in processes of their own (${speed.processGroups.map((g) => g.join(', ')).join(' | ')})` : ''}, ops ${(speed.operations ?? []).join(', ')} (round trip derived) over each payload's corpus${oneMessage}`
    : `speed: ${speed.rounds} round(s) × ${speed.maxTime} s per benchmark over each payload's corpus${oneMessage}, baseline ${speed.baseline}`];
  // results written before the memory pass joined the suite have no memory settings
  if (memory) {
    // a run without the gc pass (the default run's) measured bytes per call only
    const gc = !memory.passes || memory.passes.includes('gc');
    // results written before the settling rule have no maxRounds: their windows were the first ones
    // and those before the call-span rule have no settleSpan: four agreeing windows were enough
    const span = memory.settleSpan ? ` over at least ${memory.settleSpan === 0.5 ? 'half' : `${memory.settleSpan} ×`} the calls of ${memory.rounds} full windows` : '';
    const settling = memory.maxRounds ? `the last ${memory.rounds} of ≤ ${memory.maxRounds} allocation windows (once they agree within ${fixed((memory.settleTolerance ?? 0.01) * 100, 0)}%${span})` : `${memory.rounds} allocation windows`;
    parts.push(`memory: ${settling} of ≤ ${memory.maxOpsPerRound} calls${gc ? `, ${memory.gcRounds} GC loop(s) of ~${Math.round(memory.gcAllocationBytes / 2 ** 20)} MiB` : ''} per operation, in child processes after the timing${gc ? '' : ' (GC time per operation: --full)'}`);
  }
  else if (memory === null) parts.push('memory: not measured (--no-memory)');
  if (transmission) {
    // which payloads' loopback passes had raw ones beside them (the decode share); runs before the setting had them on all
    const raw = transmission.rawPasses && transmission.rawPasses.length < results.settings.payloads.length ? `, raw passes (the decode share) on ${transmission.rawPasses.join(', ') || 'none'}` : '';
    parts.push(`WebSocket: ${transmission.messages} messages${(transmission.rounds ?? 1) > 1 ? ` × ${transmission.rounds} rounds` : ''}, window ${transmission.window}, ${transmission.connections} connection(s), profiles ${transmission.profiles.join(', ')}${raw}`);
  }
  if (transmission?.slowLink) {
    const sl = transmission.slowLink;
    parts.push(`slow link: ${sl.profile}, ${sl.payload}, ${sl.messages} messages × ${sl.rounds} rounds, window ${sl.window}`);
  }
  if (transports) {
    const links = transports.links.map((l) => `${l.profile === 'none' ? 'loopback' : l.profile} ${l.messages} messages, ${l.connections} connection(s) × window ${l.window}`);
    parts.push(`transports: ${transports.transports.join(', ')} on ${transports.payload}, ${links.join('; ')}, × ${transports.rounds} rounds`);
  }
  if (results.settings.capacity) parts.push(`capacity: ${results.settings.capacity.transports.join(' and ')} on ${results.settings.capacity.payload} (below)`);
  if (batch) {
    // timed in the run's own process: said where that process timed otherwise than the speed pass's
    const t = batch.timing;
    const differs = t && p && (t.allocator !== (p.allocator ?? null) || (t.v8Flags ?? []).join(' ') !== (p.v8Flags ?? []).join(' '));
    parts.push(`batch: ${batch.payload} × ${batch.counts.join(', ')}${differs ? ` (timed in the run's own process: ${t.v8Flags.length ? `V8 ${t.v8Flags.join(' ')}` : 'no V8 flags'}, ${t.allocator ?? 'the allocator as started'})` : ''}`);
  }
  return parts.join('; ');
}

/** The skipped (unmeasurable) codecs of a payload, from its size rows. */
const skippedOf = (/** @type {import('../measure/sizes.js').SizeRow[]} */ sizes) => sizes.filter((c) => c.bytes == null);

/**
 * A payload entry of results.json as the speed table takes it: the run's speed settings with the payload's
 * corpus settings (results written before corpora had none), and the codecs skipped by sizes or by the corpus.
 * @param {Results['payloads'][number]} entry a payload entry of results.json
 * @param {Results['settings']['speed']} speed results.settings.speed
 * @param {import('./rows.js').DescribedCodec[]} [codecs] results.codecs: what each format does, for the legend
 * @param {string} [lastPayload] the run's last payload (results.settings.payloads), where the timer check of results
 *   that do not name its payload ran
 */
export function payloadSpeed(entry, speed, codecs = [], lastPayload = undefined) {
  const { skipped = [], ...corpus } = entry.speedCorpus ?? { skipped: [] };
  // the check of the two timers ran on one payload's case: its figures go with that payload's table only. Results
  // written before the check named its payload ran it on the run's last payload (lib/suite.js).
  const { timerCheck, ...rest } = speed;
  const on = /** @type {{ payload?: string } | null | undefined} */ (timerCheck)?.payload ?? lastPayload;
  const check = timerCheck && (on === undefined || on === entry.payload.id) ? { timerCheck: { ...timerCheck, ...(on !== undefined && { payload: on }) } } : {};
  return { settings: { ...rest, ...check, ...corpus }, results: entry.speed, skipped: [...skippedOf(entry.sizes), ...skipped], notTimed: entry.notTimed, codecs };
}

/**
 * The WebSocket table of one profile: a row per payload and format.
 * @param {TransmissionEntry[]} runs transmission entries of one profile
 * @returns {import('./table.js').TableModel}
 */
export function transmissionRows(runs) {
  const rows = runs.flatMap((run) => run.results.map((r) => ({ status: r.status, cells: [
    run.payload, r.format, ...cpuCells(r), int(r.acked ?? r.messages), int(r.msgsPerSec), minMaxOf(r.minMax?.msgsPerSec), fixed(r.payloadMBps, 2),
    ms(r.latencyMs?.p50), ms(r.latencyMs?.p90), ms(r.latencyMs?.p99), ms(r.latencyMs?.p999), ms(r.latencyMs?.max),
    `${int(r.lost)} / ${int(r.notSent ?? 0)} / ${int(r.errors)}`, verdictOf(r),
  ] })));
  return tableModel(columnsOf(['payload', 'format', ...CPU_HEADINGS, 'messages', 'msgs/s', 'min–max', 'MB/s', 'p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms',
    'lost / not sent / errors', 'round trip'], ['payload', 'format', 'round trip']), rows);
}

/**
 * The WebSocket table of one profile, in Markdown.
 * @param {TransmissionEntry[]} runs transmission entries of one profile
 */
export const transmissionTable = (runs) => toMarkdown(transmissionRows(runs));

/**
 * The batch scaling table: per N and codec, size and encode/decode speed.
 * @param {NonNullable<Results['batch']>} batch results.batch
 * @returns {import('./table.js').TableModel}
 */
export function batchRows(batch) {
  /** @type {import('./table.js').Row[]} */
  const rows = [];
  for (const step of batch.steps) {
    for (const c of step.sizes) {
      const speed = (/** @type {string} */ op) => step.speed.find((r) => r.format === c.format && r.op === op);
      const cell = (/** @type {string} */ op) => { const r = speed(op); return r ? `${int(r.opsPerSec)} (${int(r.min)}–${int(r.max)})` : '—'; };
      const items = (/** @type {string} */ op) => int(speed(op)?.itemsPerSec);
      rows.push({ status: c.status, cells: [int(step.n), c.format, int(c.bytes), c.bytes == null ? '—' : fixed(c.bytes / step.n, 1), int(c.gzip),
        cell('encode'), items('encode'), cell('decode'), items('decode'), verdictOf(c)] });
    }
  }
  return tableModel(columnsOf(['N', 'format', 'bytes', 'bytes/item', 'gzip', 'encode ops/s (min–max)', 'encode items/s',
    'decode ops/s (min–max)', 'decode items/s', 'round trip'], ['format', 'round trip']), rows);
}

/**
 * The batch scaling table, in Markdown.
 * @param {NonNullable<Results['batch']>} batch results.batch
 */
export const batchTable = (batch) => toMarkdown(batchRows(batch));

/**
 * report.md: every table of a run, fit for pasting into an issue.
 * @param {Results} results a validated results object
 */
export function renderMarkdown(results) {
  const out = [
    '# Serialization benchmark',
    '',
    `${results.createdAt}${results.command ? `, \`${results.command}\`` : ''}`,
    '',
    `Environment: ${environmentLine(results.environment)}`,
    '',
    `Settings: ${runSettingsLine(results)}`,
    '',
    'Every codec\'s round trip is verified before it is timed; the last column says how faithfully the payload came back '
      + '(exact, equivalent under a declared normalisation, LOSSY with the first difference, or why it was not measured).',
    '',
  ];
  // an Artillery run read back has transmission figures only: its section instead of the answer and the payloads'
  if (results.settings.artillery && results.transports?.[0]) {
    const run = results.transports[0];
    // the payload's warnings (its script carries them), as a payload's section would show them
    const warnings = results.payloads.flatMap((p) => p.payload.warnings ?? []).flatMap((w) => [`Warning: ${w}`, '']);
    out.push(`## Artillery: JSON vs protobuf by transport (${run.payload})`, '', ...warnings, ...artilleryNotes(results, run), '', toMarkdown(artilleryTable(run)));
    return noRawHtml(`${out.join('\n')}\n`);
  }
  out.push('## The answer', '', answerMarkdown(results), '', 'The detail follows.');
  const speed = results.settings.speed;
  for (const entry of results.payloads) {
    out.push('', `## ${payloadHeading(entry.payload)}`, ...(entry.payload.warnings ?? []).flatMap((w) => ['', `Warning: ${w}`]),
      '', '### Size', '', sizeTable({ codecs: entry.sizes }));
    if (entry.corpusSizes) out.push('', '### Size over the corpus', '', corpusSizeReport({ payload: entry.payload, ...entry.corpusSizes }));
    out.push('', '### Speed', '', speedTable(payloadSpeed(entry, speed, results.codecs, results.settings.payloads?.at(-1))));
    if (entry.runtimes) {
      // results.runtimes describes each runtime; without it a matrix names them as --runtimes did
      out.push('', '### Speed across runtimes', '', runtimeSection({ runtimes: entry.runtimes }, results.runtimes ?? [], { ...speed, formats: results.settings.formats }));
    }
  }
  if (results.transmission.length) {
    out.push('', '## WebSocket transmission', '',
      'Latency is from send to the server\'s acknowledgement, per message (HDR percentiles). With several rounds, figures are',
      'medians of the rounds (formats alternated), msgs/s with its min–max; a verdict names a winner only when every round',
      'of one beat every round of the other. CPU is per message: the server\'s process (user + system) over the pass,',
      'reported by the server at its end; the decode share compares it with passes the server ACKed without decoding;',
      'ELU is the event loops\' utilization.');
    for (const profile of [...new Set(results.transmission.map((t) => t.profile))]) {
      const runs = results.transmission.filter((t) => t.profile === profile);
      const window = (runs[0].settings.window ?? 1) > 1 ? `, window ${runs[0].settings.window} (pipelined)` : '';
      out.push('', `### Profile ${profile}: ${shapingOf(runs[0].settings)}${window}`, '', transmissionTable(runs));
      const verdicts = runs.flatMap((run) => (run.verdicts ?? []).map((v) => `- ${run.payload}: ${verdictText(v)}`));
      if (verdicts.length) out.push('', ...verdicts);
      for (const run of runs) {
        const atRate = cpuAtRateLines(run);
        if (atRate.length) out.push('', `${run.payload}: ${atRate[0]}`, '', ...atRate.slice(1).map((l) => `- ${l.trim()}`));
      }
    }
  }
  if (results.transports?.length) out.push('', ...transportSection(results.transports));
  if (results.breakEven) out.push('', ...breakEvenSection(results.breakEven));
  if (results.capacity && results.settings.capacity) out.push('', ...capacitySection(results.capacity, results.settings.capacity));
  if (results.batch) {
    out.push('', `## Batch scaling: ${payloadHeading(results.batch.payload)}`, '',
      'The payload repeated N times in one message (a repeated field in protobuf, an array under "items" in JSON).',
      '', batchTable(results.batch));
  }
  return noRawHtml(`${out.join('\n')}\n`);
}

/**
 * report.md with no raw HTML: the report writes none of its own, but names what users gave it (a data file's name, a
 * JSON key in a LOSSY verdict, a schema's path), and a name like `a<img src=x onerror=…>.ndjson` would be a tag to a
 * Markdown viewer. Every `<` that could open a tag (before a letter, `/`, `!` or `?`) becomes `&lt;`, which renders
 * as `<`; inside a code span (between backticks), where Markdown shows text as it is, nothing changes.
 * @param {string} markdown
 */
export function noRawHtml(markdown) {
  return markdown.split(/(`[^`\n]*`)/).map((part, i) => (i % 2 ? part : part.replace(/<(?=[A-Za-z/!?])/g, '&lt;'))).join('');
}

/**
 * The capacity pass of npm start (a short search per side of the headline): its heading, what it measured and how,
 * then benchmark_transport.js --capacity's own lines (the headline, the table, its legend).
 * @param {NonNullable<Results['capacity']>} capacity
 * @param {NonNullable<Results['settings']['capacity']>} settings
 * @returns {string[]} lines
 */
export function capacitySection(capacity, settings) {
  const skipped = capacitySkippedLines(capacity);
  return [`## Capacity per server core (${capacity.payload})`, '', capacityPassText(settings), ...(skipped.length ? ['', ...skipped] : []),
    ...(capacity.transports.length ? ['', ...capacityLines(capacity.transports, settings).filter((line, i, all) => !(line === '' && all[i - 1] === ''))] : [])];
}

/**
 * A line for each side of the capacity pass this payload could not travel on, with why (a schema buf refuses: no gRPC
 * service can be built of it), as benchmark_transport.js prints a skipped cell.
 * @param {NonNullable<Results['capacity']>} capacity
 * @returns {string[]}
 */
export function capacitySkippedLines(capacity) {
  return (capacity.skipped ?? []).map((s) => `${s.transport} ${s.format}: not measured, ${s.reason}`);
}

/**
 * The heading of one link of the transport comparison.
 * @param {Pick<TransportEntry, 'profile'|'settings'>} run
 */
export function transportLinkHeading(run) {
  const { window = 1, connections = 1 } = run.settings;
  const load = `${connections} connection${connections === 1 ? '' : 's'}, window ${window} each (HTTP/1.1: one request per connection in flight)`;
  return run.profile === 'none' ? `Loopback, ${load}` : `Link ${run.profile}: ${shapingOf(run.settings)}, ${load}`;
}

/**
 * The transport comparison: per link, the pairs that matter (named verdicts), then the compact table.
 * @param {TransportEntry[]} runs results.transports
 * @returns {string[]} lines
 */
export function transportSection(runs) {
  // what the run compared, named from its own transports (npm start's leaves WebSocket and Connect over HTTP/2 to --full)
  const ran = new Set(runs.flatMap((r) => r.settings.transports ?? r.results.map((x) => x.transport ?? '')));
  const plain = [['ws', 'WebSocket'], ['http1', 'HTTP/1.1 (REST: POST, answered 204)'], ['http2', 'HTTP/2']].filter(([t]) => ran.has(t)).map(([, name]) => name);
  const connect = [['connect', 'HTTP/1.1'], ['connect-h2', 'HTTP/2']].filter(([t]) => ran.has(t)).map(([, name]) => name);
  const parts = [
    ...(plain.length ? [`json-buffer and protobufjs-static over ${listed(plain)}`] : []),
    ...(connect.length ? [`Connect's own JSON and binary through one generated service (over ${listed(connect)})`] : []),
    ...(ran.has('grpc') ? ['gRPC with protobuf only'] : []),
  ];
  const out = [`## JSON vs protobuf by transport (${runs[0].payload})`, '',
    `Each transport with the JSON and protobuf codecs it is deployed with: ${parts.join('; ')}.`,
    'Per round every transport runs each of its formats against its own server process, so rounds',
    'interleave transports and formats; msgs/s is the median with its min–max, wire bytes count everything the sockets',
    'carried per message in both directions (payload, headers, frames, acknowledgements). The ratios are the protobuf',
    'side against the JSON side; a winner is named only when every round of one beat every round of the other.'];
  for (const run of runs) {
    out.push('', `### ${transportLinkHeading(run)}`, '', ...run.named.map((v) => `- ${namedVerdictText(v)}`));
    if (run.skipped?.length) out.push(...run.skipped.map((x) => `- not run: ${x.transport} ${x.format} (${x.reason})`));
    out.push('', toMarkdown(transportComparisonRows(run)));
  }
  return out;
}

/**
 * The break-even section: the model's inputs per format, the bandwidth below which the smaller format wins,
 * and the model against the measured slow-link pass.
 * @param {BreakEvenReport} be results.breakEven
 * @returns {string[]} lines
 */
export function breakEvenSection(be) {
  return [
    `### Break-even: ${be.payload}, bytes against CPU`, '',
    `Inputs from the loopback pass; the model predicts a pipelined link's throughput from the slowest of uplink, downlink, server CPU `
      + `and client CPU per message (lib/transmission/model.js).`, '',
    toMarkdown(breakEvenInputRows(be)),
    '',
    ...be.pairs.map((p) => `- ${p.always ? `${p.smaller} is faster than ${p.larger} at every bandwidth (fewer bytes, no more CPU)`
      : `${p.smaller} is faster than ${p.larger} below ${formatKbit(p.belowKbit)} (RTT ${be.rtt} ms)`}`),
    '',
    toMarkdown(breakEvenCheckRows(be)),
  ];
}

/**
 * The break-even model's inputs per format, as a row model.
 * @param {BreakEvenReport} be results.breakEven
 * @returns {import('./table.js').TableModel}
 */
export function breakEvenInputRows(be) {
  return tableModel(columnsOf(['format', 'bytes/msg up', 'server µs/msg', 'client µs/msg'], ['format']),
    be.costs.map((c) => ({ cells: [c.format, fixed(c.upBytes, 1), fixed(c.serverCpuUs, 1), fixed(c.clientCpuUs, 1)] })));
}

/**
 * The model against the measured slow-link pass, as a row model.
 * @param {BreakEvenReport} be results.breakEven
 * @returns {import('./table.js').TableModel}
 */
export function breakEvenCheckRows(be) {
  const n = int(be.messages);
  return tableModel(columnsOf(['format', 'link', `measured s per ${n}`, `predicted s per ${n}`, 'measured / predicted'], ['format', 'link']),
    be.measured.map((m) => ({ cells: [m.format, `${be.profile}: up ${m.up} kbit/s, down ${m.down} kbit/s, RTT ${m.rtt} ms`, fixed(m.measuredSeconds, 1),
      fixed(m.predictedSeconds, 1), fixed(m.measuredSeconds / m.predictedSeconds, 2)] })));
}

/**
 * How a WebSocket pass was shaped, in words: the shaper in use and the link it emulated
 * ("emulator (built-in link emulator), 4g: RTT 85 ms, down 9000 kbit/s, up 9000 kbit/s").
 * @param {{ shaper?: string, link?: Parameters<typeof describeLink>[0], shaperNote?: string|null }} settings
 */
export function shapingOf(settings) {
  if (!settings.link || settings.shaper === 'none') return 'loopback, no shaping';
  const shaper = settings.shaper === 'os' ? 'os shaper (@sitespeed.io/throttle)' : 'built-in link emulator';
  return `${shaper}, ${describeLink(settings.link)}${settings.shaperNote ? ` (${settings.shaperNote})` : ''}`;
}
