import { BASELINE } from '../codecs/baseline.js';
import { WALL_FACTOR } from '../measure/paired.js';
import { describeVerdict } from '../verify.js';
import { fixed, int, pct, ratioCell } from './format.js';
import { FLAGS_LEGEND, flagsCell } from './flags.js';
import { tableModel, toMarkdown } from './table.js';

// Tables are Markdown: aligned, they read well in a terminal and paste into an issue as they are.

/** @typedef {import('../measure/speed.js').SpeedRow} SpeedRow */
/**
 * A codec a pass did not measure, with its verdict (describeCodec; record: the corpus message that refused it).
 * @typedef {ReturnType<typeof import('../verify.js').describeCodec> & { record?: number|null }} SkippedCodec
 */

/**
 * The verdict column of a result row (naming the corpus record that made it, when a later one did).
 * @param {Parameters<typeof describeVerdict>[0]} row
 */
export function verdictOf(row) {
  return describeVerdict({ status: row.status, diff: row.diff, normalised: row.normalised, reason: row.reason, record: row.record });
}

/**
 * "54.1% smaller" / "12.0% larger" / "same size": the saving, worded correctly; '—' without a ratio.
 * @param {number|null|undefined} ofJson
 */
export function savingVsJson(ofJson) {
  if (ofJson == null) return '—';
  if (Math.abs(ofJson - 1) < 0.0005) return 'same size';
  return ofJson < 1 ? `${pct(1 - ofJson)} smaller` : `${pct(ofJson - 1)} larger`;
}

/**
 * Heading line naming a payload, its JSON size and its schema.
 * @param {ReturnType<typeof import('../payload/index.js').describePayload>} p
 */
export function payloadHeading(p) {
  // a user's file may be pretty-printed: its own size and the compact JSON that is measured, both labelled
  const size = p.fileBytes !== undefined && p.fileBytes !== p.jsonBytes
    ? `${int(p.jsonBytes)} bytes of compact JSON (the file: ${int(p.fileBytes)} bytes)` : `${int(p.jsonBytes)} bytes of JSON`;
  return `${p.id}: ${p.title} — ${size} (${p.dataFile.replace(/^.*\/data\//, 'data/')}, schema ${p.schema}, message ${p.type})`;
}

/**
 * The size table of one payload, as a row model.
 * @param {Pick<ReturnType<import('../measure/sizes.js').measureSizes>, 'codecs'>} result
 * @returns {import('./table.js').TableModel}
 */
export function sizeRows(result) {
  const columns = [{ title: 'format', align: 'l' }, { title: 'bytes' }, { title: '% of JSON' }, { title: 'vs JSON' },
    { title: 'gzip' }, { title: 'brotli' }, { title: 'round trip', align: 'l' }];
  return tableModel(/** @type {import('./table.js').Column[]} */ (columns), result.codecs.map((c) => ({
    status: c.status,
    cells: c.bytes == null
      ? [c.format, '—', '—', '—', '—', '—', verdictOf(c)]
      : [c.format, int(c.bytes), pct(c.ofJson), savingVsJson(c.ofJson), int(c.gzip), int(c.brotli), verdictOf(c)],
  })));
}

/**
 * The size table of one payload, in Markdown.
 * @param {Pick<ReturnType<import('../measure/sizes.js').measureSizes>, 'codecs'>} result
 */
export const sizeTable = (result) => toMarkdown(sizeRows(result));

/**
 * The speed table of one payload as a row model: a row per codec and operation, in the
 * order of the operations, the conversions that are the identity shown as
 * n/a rather than left out (SPEED_LEGEND explains the flags). The leading
 * ops/s are over the corpus (distinct messages in turn); the one-message ops/s
 * and the bias (their ratio, round by round) follow where they were measured.
 * A rate the work cannot reach is marked ‼ (speedNotes says why).
 * @param {{ settings: { rounds: number, baseline: string, operations?: string[] }, results: SpeedRow[], skipped: SkippedCodec[],
 *   notTimed?: { format: string, op: string, note: string }[] }} result
 *   what measureSpeed returns, or a payload entry of results.json
 * @returns {import('./table.js').TableModel}
 */
export function speedRows(result) {
  const { rounds, baseline } = result.settings;
  const paired = /** @type {{ timer?: string }} */ (result.settings).timer === 'paired';
  const flagsOf = new Map(result.results.map((r) => [r.format, r.flags]));
  // a paired row whose slices were too few for an interval of their median (fewer than 6 at 95%) carries its median
  // as min and max and 0 as its width (speed-paired.js rowOf): shown as no interval, never as a zero-width one
  const noInterval = (/** @type {SpeedRow} */ r) => paired && r.rme === 0 && r.min === r.opsPerSec && r.max === r.opsPerSec;
  /** @type {{ format: string, op: string, status: string|undefined, cells: string[] }[]} */
  const rows = result.results.map((r) => ({
    format: r.format, op: r.op, status: r.status,
    cells: [r.format, flagsCell(r.flags), r.derived ? `${r.op} (${r.derived})` : r.op, `${int(r.opsPerSec)}${r.implausible ? ' ‼' : ''}`,
      ...(noInterval(r) ? ['too few slices', '—'] : [`${int(r.min)}–${int(r.max)}`, `±${fixed(r.rme, 1)}%`]),
      String(Math.round(r.samplesPerRound)), int(r.oneMessage?.opsPerSec), biasCell(r), fixed(r.mbPerSec, 1), speedRatioCell(r),
      ...memoryCells(r.memory), verdictOf(r)],
  }));
  const blank = (/** @type {string[]} */ first) => [...first, ...Array(SPEED_TITLES.length - first.length - 1).fill('')];
  for (const n of result.notTimed ?? []) {
    rows.push({ format: n.format, op: n.op, status: undefined, cells: [...blank([n.format, flagsCell(flagsOf.get(n.format)), n.op, n.note]), ''] });
  }
  const ops = result.settings.operations ?? [];
  const order = (/** @type {{ format: string, op: string }} */ x) => [...flagsOf.keys()].indexOf(x.format) * 100 + ops.indexOf(x.op);
  rows.sort((a, b) => order(a) - order(b));
  const body = rows.map(({ cells, status }) => ({ cells, status }));
  for (const s of result.skipped) {
    body.push({ status: s.status, cells: [s.format, flagsCell(s.flags), ...Array(SPEED_TITLES.length - 3).fill('—'), verdictOf(s)] });
  }
  // the one-message columns only where some row has the figure: the default run times no one-message loop (lib/suite.js)
  const oneMessage = result.results.some((r) => r.oneMessage != null);
  const shown = (/** @type {string[]} */ cells) => (oneMessage ? cells : cells.filter((_, i) => !ONE_MESSAGE_COLUMNS.includes(i)));
  const titles = shown((paired ? PAIRED_TITLES : SPEED_TITLES).map((t) => t.replace('{rounds}', String(rounds)).replace('{baseline}', baseline)));
  return tableModel(titles.map((title, i) => ({ title, align: i < 3 || i === titles.length - 1 ? 'l' : 'r' })), body.map((b) => ({ ...b, cells: shown(b.cells) })));
}

/**
 * "1.42× (1.10–1.80)": how much faster the one-message loop ran than the corpus, median over rounds.
 * @param {Pick<SpeedRow, 'bias'|'biasMin'|'biasMax'>} row
 */
function biasCell({ bias, biasMin, biasMax }) {
  if (bias == null) return '—';
  return biasMin === biasMax ? `${fixed(bias, 2)}×` : `${fixed(bias, 2)}× (${fixed(biasMin, 2)}–${fixed(biasMax, 2)})`;
}

/**
 * The lines under a speed table that say what its corpus figures are: how
 * many distinct messages the corpus pass cycled through (and the sample, if
 * any), what the one-message bias is, what the cycling costs the harness, and
 * the rows whose rate is implausible for the work.
 * @param {{ settings: { corpus?: { messages: number, timed: number, sample: { size: number, seed: number } | null },
 *   oneMessageOps?: string[], splitTime?: boolean, oneMessage?: { ops: string[], payloads: string[] | 'all' }, harness?: { noopHz: number, cyclingNoopHz: number, cyclingNsPerCall: number, copyBytesPerSec: number, maxPlausibleHz?: number } | null },
 *   results: Pick<SpeedRow, 'format'|'op'|'implausible'>[] }} result
 * @returns {string[]}
 */
export function speedNotes(result) {
  const { corpus, oneMessageOps, oneMessage, harness, splitTime } = result.settings;
  const notes = [];
  const pairedNote = pairedTimerNote(/** @type {PairedSettings} */ (result.settings));
  if (pairedNote) notes.push(pairedNote);
  if (corpus) {
    const sample = corpus.sample ? ` (a seeded sample, seed ${corpus.sample.seed}, of the corpus's ${int(corpus.messages)})` : '';
    notes.push(corpus.timed > 1
      ? `Corpus: each operation cycles through ${int(corpus.timed)} distinct messages in turn${sample}, prepared before timing. `
        + (oneMessageOps?.length
          ? `One message: the first message alone, in the same loop, right beside it in every round (${oneMessageOps.join(', ')}`
            + `${splitTime ? '; each of the two runs gets half the benchmark time' : ''}); `
            + 'one-message bias = one-message ops/s ÷ corpus ops/s, median of the rounds or pairs (with its range): above 1, the one-message loop flatters the codec.'
          : Array.isArray(oneMessage?.payloads) && oneMessage.ops.length
            ? `The one-message loop, and so the bias, was timed on ${oneMessage.payloads.join(', ')} only in this mode (--full: every payload and operation).`
            : 'The one-message loop was not timed in this run (benchmark_dss.js times it on encode and decode, node benchmark.js --full on every payload and operation: docs/speed.md, "Streams of messages").')
      : 'Corpus: one message (the payload has no corpus), so there is no one-message bias to measure.');
  }
  if (harness) {
    notes.push(`Harness: an empty call runs at ${int(harness.noopHz)} ops/s, the empty cycling loop at ${int(harness.cyclingNoopHz)} ops/s `
      + `(${harness.cyclingNsPerCall > 0 ? `${fixed(harness.cyclingNsPerCall, 1)} ns per call for picking the next message` : 'picking the next message costs less than the noise'}); `
      + `memory copies ${fixed(harness.copyBytesPerSec / 1e9, 1)} GB/s, so a rate above ${int(harness.maxPlausibleHz ?? 50e6)} ops/s or moving wire bytes faster than that is flagged ‼.`);
  }
  for (const r of result.results) if (r.implausible) notes.push(`‼ ${r.format} ${r.op}: ${r.implausible}.`);
  return notes;
}

/** @typedef {import('../measure/speed-paired.js').PairedSettings} PairedSettings */

/**
 * What the timing process ran with, after "Timing: … slices …": V8's flags and the allocator's settings, either
 * or both, or nothing.
 * @param {{ v8Flags?: string[], allocator?: string|null }} p
 */
function processPhrase(p) {
  const flags = p.v8Flags?.length ? `V8's ${p.v8Flags.join(' ')}` : '';
  const heap = p.allocator ? `the ${p.allocator}` : '';
  return flags || heap ? ` in a process with ${[flags, heap].filter(Boolean).join(' and ')}` : '';
}

/** @typedef {{ op: string, cycles: number, stoppedBy: string, process?: number }} TimingGroup one operation's slices in one process (which, from 2026-11-30) */

/**
 * The timing groups of a speed pass in fresh processes, by the process each ran in (its `process`, which
 * measureSpeedInProcesses records), with that process's codecs (processGroups, one per process of a round); null for
 * one process (nothing to tell apart), or for results written before the groups carried their process.
 * @param {TimingGroup[]} groups
 * @param {{ processes?: number, processGroups?: string[][] }} settings
 * @returns {Array<{ process: number, of: number, codecs: string[], groups: TimingGroup[] }> | null}
 */
export function timingGroupsByProcess(groups, { processes = 1, processGroups = [] }) {
  const of = processes * Math.max(1, processGroups.length);
  if (of <= 1 || !groups.length || !groups.every((g) => typeof g.process === 'number')) return null;
  /** @type {Map<number, TimingGroup[]>} */
  const by = new Map();
  for (const g of groups) by.set(/** @type {number} */ (g.process), [...(by.get(/** @type {number} */ (g.process)) ?? []), g]);
  return [...by].sort(([x], [y]) => x - y).map(([process, own]) => ({ process, of, codecs: processGroups[(process - 1) % Math.max(1, processGroups.length)] ?? [], groups: own }));
}

/**
 * How a timing group ended: every ratio met, or which cap stopped it (the wall clock at `wallFactor` times the CPU-time
 * cap: the run's own, or WALL_FACTOR for results written before runs recorded theirs; or the pass's wall-time budget,
 * precision.wallBudget).
 * @param {string} stoppedBy
 * @param {number} [wallFactor]
 */
const stoppedText = (stoppedBy, wallFactor = WALL_FACTOR) => (stoppedBy === 'precision' ? 'every ratio at its target'
  : stoppedBy === 'time' ? 'stopped by its time cap'
    : stoppedBy === 'wall time' ? `stopped by the wall clock (${wallFactor}× its time cap)`
      : stoppedBy === 'deadline' ? 'stopped by the pass\'s wall-time budget' : `stopped (${stoppedBy})`);

/**
 * The paired timer in one note: how the figures were timed and to what precision, and how its ops/s compare with
 * Benchmark.js's on one case. null for the Benchmark.js timer. The cycles of each operation are said per process
 * where the pass ran in several (numbered in the order they ran, with their codecs where the processes' codecs differ).
 * @param {PairedSettings} settings
 * @returns {string|null}
 */
export function pairedTimerNote(settings) {
  if (settings.timer !== 'paired' || !settings.precision) return null;
  const p = settings.precision;
  const entry = (/** @type {TimingGroup} */ g) => `${g.op} ${g.cycles} cycles, ${stoppedText(g.stoppedBy, p.wallFactor)}`;
  const groups = p.groups ?? [];
  const byProcess = timingGroupsByProcess(groups, settings);
  const codecsDiffer = (settings.processGroups?.length ?? 0) > 1;
  const stopped = byProcess
    ? `. ${byProcess.map((x) => `Process ${x.process} of ${x.of}${codecsDiffer ? ` (${x.codecs.join(', ')})` : ''}: ${x.groups.map(entry).join('; ')}`).join('. ')}`
    : groups.length ? ` (${(settings.processes ?? 1) > 1 ? 'per operation, in the order the processes ran: ' : ''}${groups.map(entry).join('; ')})` : '';
  const check = settings.timerCheck
    ? ` On ${settings.timerCheck.payload ? `${settings.timerCheck.payload} ` : ''}${settings.timerCheck.case}, Benchmark.js measured ${int(settings.timerCheck.benchmarkHz)} ops/s and the slices ${int(settings.timerCheck.sliceHz)} (ratio ${fixed(settings.timerCheck.ratio, 2)}, both on the wall clock, alternating).`
    : '';
  return `Timing: paired slices of ${p.sliceMs} ms${p.clock ? ` on ${p.clock}` : ''}${p.gc ? `, ${p.gc} (outside its time)` : ''}${processPhrase(p)}, each codec taking turns with the baseline after a warm-up until its rate settles; `
    + `ops/s is the median of a case's slices, "vs" the median of its per-pair ratios, each with its ${fixed(p.level * 100, 0)}% interval (order statistics); `
    + `measured until every ratio is within ±${fixed(p.target * 100, 1)}% or its time cap ran out (~ unstable: missed, no verdict)${stopped}. `
    + `The round trip is encode + decode, derived from their figures. ±: the interval's half-width relative to the median.${check}`;
}

/** Titles of the memory columns, next to ops/s wherever speed rows are shown. */
export const MEMORY_COLUMNS = ['heap B/op', 'ext B/op', 'GC ms/1k ops'];

/** The speed table's column titles (Benchmark.js rounds); {rounds} and {baseline} are filled in per table. */
const SPEED_TITLES = ['format', 'flags', 'op', 'ops/s, corpus (median)', 'min–max of {rounds} rounds', '±RME', 'samples/round',
  'ops/s, one message', 'one-message bias (min–max)', 'wire MB/s', 'vs {baseline} (min–max)', ...MEMORY_COLUMNS, 'round trip'];

/** Where the one-message ops/s and its bias stand in SPEED_TITLES and PAIRED_TITLES. */
const ONE_MESSAGE_COLUMNS = [7, 8];

/** The same columns for the paired timer: medians of slices and their 95% intervals (docs/speed.md). */
const PAIRED_TITLES = ['format', 'flags', 'op', 'ops/s, corpus (median of slices)', '95% interval', '±', 'slices',
  'ops/s, one message', 'one-message bias (95%)', 'wire MB/s', 'vs {baseline} (95%)', ...MEMORY_COLUMNS, 'round trip'];

/**
 * Why an unstable ratio's fresh processes do not give one figure, by its `processes.agreement`
 * (lib/measure/processes.js): said once, in words, after "~ unstable".
 * @type {Readonly<Record<string, string>>}
 */
const DISAGREEMENT = {
  'process-dependent': 'its fresh processes disagree',
  bimodal: 'its fresh processes split into two groups',
  unjudged: 'fewer than two processes ran at full speed',
};

/**
 * The ratio cell of a speed row: the ratio with its interval, marked "unstable" when it missed its precision
 * target (paired timer), "derived" for a round trip computed from encode and decode.
 * @param {SpeedRow} r
 */
function speedRatioCell(r) {
  const cell = ratioCell(r);
  if (cell === '—' || !r.precision) return cell;
  const agreement = /** @type {{ agreement?: string } | undefined} */ (r.processes)?.agreement;
  const flag = agreement && Object.hasOwn(DISAGREEMENT, agreement) ? ` (${DISAGREEMENT[agreement]})` : '';
  const noInterval = r.vsBaselineMin == null || r.vsBaselineMax == null ? ' (too few pairs for an interval)' : '';
  return r.precision.met ? cell : `${cell}${noInterval} ~ unstable${flag}`;
}

/** What the memory columns mean. */
export const MEMORY_LEGEND = 'heap B/op: bytes allocated on the JS heap per operation; ext B/op: bytes of ArrayBuffer backing stores '
  + '(Buffer-returning encoders take them from shared 8 KiB slabs, so this is an amortised share); GC ms/1k ops: '
  + 'main-thread GC pauses per 1,000 operations. All three come from a memory pass in child processes after the timing '
  + '(docs/speed.md, "Memory per operation"); — where it did not run (--no-memory; GC ms/1k ops: in the default run, which measures bytes only); '
  + '~ after heap B/op: when the pass stopped, the last allocation windows still disagreed (by more than its settleTolerance, 1% by default), or had agreed over fewer calls than its settleSpan asks (the code may still have been changing).';

/**
 * The memory cells of a speed row: heap and external bytes per operation and GC ms per 1,000.
 * @param {{ heapBytesPerOp?: number|null, externalBytesPerOp?: number|null, gcMsPer1000Ops?: number|null, settled?: boolean|null } | null | undefined} m
 */
export function memoryCells(m) {
  // the harness's own allocation is subtracted, so a call that allocates nothing may read a byte or two below zero
  const bytes = (/** @type {number|null|undefined} */ n) => (n == null ? int(n) : int(Math.max(0, n)));
  // the settling rule judges heap bytes (memory.js, settledOver): external ones come in shared slabs
  const heap = m?.heapBytesPerOp == null || m.settled !== false ? bytes(m?.heapBytesPerOp) : `${bytes(m.heapBytesPerOp)} ~`;
  return [heap, bytes(m?.externalBytesPerOp), fixed(m?.gcMsPer1000Ops, 3)];
}

/** What the speed table's columns of figures mean: the terms a reader meets there undefined otherwise. */
export const SPEED_COLUMNS_LEGEND = 'Columns: ±RME: Benchmark.js\'s relative margin of error of a round\'s mean at 95% confidence, median of '
  + 'the rounds (the noise within a round; min–max shows the noise between rounds); samples/round: Benchmark.js samples '
  + 'per round; wire MB/s: encoded bytes moved per second (ops/s × the mean bytes per message ÷ 10^6), the same bytes '
  + 'a socket would carry; vs {baseline}: each row\'s ops/s ÷ {baseline}\'s in the same round, median of the rounds '
  + '(min–max): above 1 is faster than the baseline.';

/** The same for the paired timer's columns (the Timing note above the legend says how the slices were taken). */
export const PAIRED_COLUMNS_LEGEND = 'Columns: ops/s: the median over the case\'s slices, with its 95% interval; ±: the '
  + 'half-width of an interval relative to its median; slices: slices of the case timed; wire MB/s: encoded bytes moved per '
  + 'second (ops/s × the mean bytes per message ÷ 10^6), the same bytes a socket would carry; vs {baseline}: the median of '
  + 'the per-pair ratios to {baseline}\'s slices beside it, with its 95% interval: above 1 is faster than the baseline.';

/** What the speed table's flags and memory columns mean, printed under it. */
export const SPEED_LEGEND = `${FLAGS_LEGEND} ${MEMORY_LEGEND}`;

/**
 * A codec as a table's legend describes it: its name and what it does to the data (the codec file's description;
 * results written before descriptions have none).
 * @typedef {{ format: string, description?: string | null }} DescribedCodec
 */

/**
 * What the formats of a table are, and which is the baseline its ratios are to, in one line: "Formats: json: …;
 * json-buffer (the baseline, 1.00× by definition): …". Without descriptions only the baseline is named.
 * @param {string[]} formats the formats the table shows, in its order
 * @param {string} baseline
 * @param {DescribedCodec[]} codecs
 */
export function formatsLegend(formats, baseline, codecs) {
  const said = new Map(codecs.map((c) => [c.format, c.description]));
  const named = formats.map((f) => {
    const role = f === baseline ? ' (the baseline: every "vs" ratio is to its ops/s)' : '';
    const text = said.get(f);
    return text || role ? `${f}${role}${text ? `: ${text}` : ''}` : null;
  }).filter(Boolean);
  const missing = formats.includes(baseline) ? ''
    : ` The baseline, ${baseline}, was not measured in this table, so there are no ratios (add it to --formats, and let --filter match it).`;
  return `Formats: ${named.join('; ') || '—'}.${missing}`;
}

/**
 * The baseline's own figures on one payload, which a table of ratios to it leaves out: "json-buffer, the baseline,
 * ran at encode 20,691 ops/s (15,700–22,961), decode …; every ratio above is to these, round by round."
 * @param {Pick<SpeedRow, 'format'|'op'|'opsPerSec'|'min'|'max'>[]} rows the payload's speed rows
 * @param {string} baseline
 * @param {string[]} ops the operations to name, in order
 */
export function baselineLine(rows, baseline, ops) {
  const mine = ops.map((op) => rows.find((x) => x.format === baseline && x.op === op)).filter((r) => r !== undefined);
  if (!mine.length) return `${baseline}, the baseline, was not measured on this payload, so there are no ratios.`;
  // rows of the paired timer carry a precision: their min–max is the 95% interval of the slices, not rounds
  const paired = mine.some((r) => 'precision' in r);
  const figures = mine.map((r) => `${r.op} ${int(r.opsPerSec)} ops/s${r.min === r.max ? '' : ` (${int(r.min)}–${int(r.max)})`}`);
  return paired
    ? `${baseline}, the baseline, ran at ${figures.join(', ')} (median of its slices, 95% interval); every ratio is to its slices beside the codec's.`
    : `${baseline}, the baseline, ran at ${figures.join(', ')} (median of the rounds, min–max); every ratio is to its ops/s in the same round.`;
}

/**
 * The speed table of one payload in Markdown, with its legend.
 * @param {Parameters<typeof speedRows>[0] & Parameters<typeof speedNotes>[0] & { codecs?: DescribedCodec[] }} result
 *   codecs: what each format does, for the legend
 */
export const speedTable = (result) => [toMarkdown(speedRows(result)), ...speedNotes(result), ...speedLegends(result)].join('\n\n');

/**
 * The legend lines under a speed table: its formats and baseline, its columns, its flags and memory columns.
 * @param {Parameters<typeof speedRows>[0] & { codecs?: DescribedCodec[] }} result
 */
export function speedLegends(result) {
  const { baseline } = result.settings;
  const formats = [...new Set(result.results.map((r) => r.format))];
  const paired = /** @type {{ timer?: string }} */ (result.settings).timer === 'paired';
  const columns = paired ? PAIRED_COLUMNS_LEGEND : SPEED_COLUMNS_LEGEND;
  return [formatsLegend(formats, baseline, result.codecs ?? []), columns.replaceAll('{baseline}', baseline), SPEED_LEGEND];
}

/**
 * The codec list of --list: what each is and whether it can run here.
 * @param {import('../codecs/index.js').CodecInfo[]} codecs
 */
export function codecListTable(codecs) {
  const does = (/** @type {import('../codecs/index.js').CodecInfo} */ c) => (c.name === BASELINE
    ? `the baseline every speed ratio is to: ${c.description}` : c.description);
  const columns = ['format', 'what it does to the data', 'library', 'version', 'schema', 'code', 'wire', 'available'].map((title) => ({ title, align: 'l' }));
  return toMarkdown(tableModel(/** @type {import('./table.js').Column[]} */ (columns), codecs.map((c) => ({
    cells: [c.name, does(c), c.library ?? '—', c.version ?? '—', c.kind.schema ? 'schema' : 'schemaless',
      c.kind.codegen ? 'codegen' : 'reflection', c.kind.binary ? 'binary' : 'text', c.available ? 'yes' : `no: ${c.reason}`],
  }))));
}
