// "The answer first": per payload, a short paragraph written only from figures that met their precision, then
// each codec's size against JSON and its encode, decode and roundtrip speed against the baseline, with each
// ratio's interval (95% from paired slices; min–max of rounds for results written by the Benchmark.js timer).
// One row model, rendered as Markdown (report.md and the terminal) and as HTML.
import { columnsOf, tableModel, toMarkdown } from './table.js';
import { bound, fixed, pct } from './format.js';
import { flagsCell } from './flags.js';
import { median } from '../measure/statistics.js';
import { SLOWED_BASELINE_BELOW } from '../measure/slowed.js';
import { REFERENCE_PROTOBUF } from '../codecs/index.js';
import { baselineLine, formatsLegend } from './rows.js';
import { headlineSentence } from './terminal-transmission.js';

/** @typedef {import('../results/index.js').Results} Results */
/** @typedef {'faster'|'slower'|'tie'|'one-round'|'unstable'} Standing */
/**
 * One operation's ratio to the baseline: the ratio, its interval, where it stands, and (paired timer) the
 * interval's relative half-width.
 * @typedef {{ ratio: number, min: number|null, max: number|null, standing: Standing, halfWidth?: number|null, processes?: (number|null)[],
 *   slowed?: number, unjudged?: boolean }} AnswerCell
 */

/** The operations the answer compares with the baseline. */
export const ANSWER_OPS = ['encode', 'decode', 'roundtrip'];

/**
 * Where a ratio to the baseline stands. A row measured by the paired timer carries `precision`: 'unstable' when
 * its interval missed the precision target (no verdict, whatever side of 1 it fell on), else 'faster' or 'slower'
 * when the whole interval lies on one side of 1, 'tie' when it holds 1. A row from Benchmark.js rounds: 'faster'
 * or 'slower' when every round fell on the same side of 1, 'tie' when the rounds straddle 1, 'one-round' when a
 * single round gives no spread to judge by (or a row without the min–max of its rounds). null: no ratio.
 * @param {{ vsBaseline: number|null, vsBaselineMin: number|null, vsBaselineMax: number|null, rounds?: unknown[],
 *   precision?: { met: boolean } | null } | undefined} row
 * @returns {Standing|null}
 */
export function standing(row) {
  if (!row || row.vsBaseline == null) return null;
  const { vsBaselineMin: min, vsBaselineMax: max } = row;
  if (row.precision) {
    if (!row.precision.met || min == null || max == null) return 'unstable';
  } else if ((row.rounds && row.rounds.length < 2) || min == null || max == null) return 'one-round';
  if (min > 1) return 'faster';
  if (max < 1) return 'slower';
  return 'tie';
}

/**
 * The answer's row model for a run.
 * @param {Results} results
 * @returns {{ payload: Results['payloads'][number]['payload'], baseline: string, rows: { format: string, status: string,
 *   flags: import('../codecs/native-form.js').FairnessFlags|null, ofJson: number|null, ops: Record<string, AnswerCell|null> }[] }[]}
 */
export function answerModel(results) {
  const baseline = results.settings.speed.baseline;
  return results.payloads.map(({ payload, sizes, speed }) => ({
    payload,
    baseline,
    rows: sizes.filter((c) => c.format !== baseline).map((c) => ({
      format: c.format,
      status: c.status,
      flags: c.flags ?? null,
      ofJson: c.ofJson ?? null,
      ops: Object.fromEntries(ANSWER_OPS.map((op) => {
        const r = speed.find((x) => x.format === c.format && x.op === op);
        const where = standing(r);
        const procs = /** @type {{ agreement?: string, vsBaseline?: (number|null)[], slowed?: (boolean|null)[] } | undefined} */ (r?.processes);
        const slowed = procs?.slowed?.filter((x) => x === true).length ?? 0;
        return [op, r && r.vsBaseline != null && where
          ? {
            ratio: r.vsBaseline, min: r.vsBaselineMin, max: r.vsBaselineMax, standing: where, ...(r.precision && { halfWidth: r.precision.halfWidth }),
            // the own ratios of the processes that ran at full speed, where they disagreed (npm start's speed pass runs
            // in fresh processes), and how many ran on a slowed machine and were set aside
            ...(procs?.agreement && procs.agreement !== 'agree' && procs.vsBaseline && { processes: procs.vsBaseline.filter((_, i) => procs.slowed?.[i] !== true) }),
            ...(slowed > 0 && { slowed }),
            ...(procs?.agreement === 'unjudged' && { unjudged: true }),
          } : null];
      })),
    })),
  }));
}

/** @type {Record<Standing, string>} */
const MARK = { faster: '▲', slower: '▼', tie: '≈', 'one-round': '?', unstable: '~ unstable' };

/**
 * "1.36× (1.21–1.48) ▲": a ratio, its spread over the rounds, and where it stands.
 * @param {AnswerCell|null|undefined} cell
 */
export function ratioWithSpread(cell) {
  if (!cell) return '—';
  const range = cell.min == null || cell.max == null ? (cell.standing === 'unstable' ? ' (too few pairs for an interval)' : '')
    : cell.min === cell.max ? '' : ` (${bound(cell.min)}–${bound(cell.max)})`;
  return `${fixed(cell.ratio, 2)}×${range} ${MARK[cell.standing]}`;
}

/**
 * The differences of one payload that lie outside the interval, in words.
 * @param {ReturnType<typeof answerModel>[number]} entry
 */
export function outsideSpread(entry) {
  const out = [];
  for (const r of entry.rows) {
    for (const op of ANSWER_OPS) {
      const c = r.ops[op];
      if (c && (c.standing === 'faster' || c.standing === 'slower')) out.push(`${r.format} ${op} ${fixed(c.ratio, 2)}× (${c.standing})`);
    }
  }
  return out;
}

/**
 * How precise a run's speed ratios came out: how many there are (the baseline's own left out), the median
 * relative half-width of their intervals, and how many missed the target; null for results without paired
 * figures (the Benchmark.js timer's).
 * @param {{ payloads: { speed: { precision?: import('../measure/speed.js').RatioPrecision | null }[] }[] }} results results.json, or
 *   benchmark_dss's rows as { payloads: [{ speed }] }
 * @returns {{ ratios: number, medianHalfWidth: number, missed: number, target: number|null, level: number|null, slowed: number, unjudged: number } | null}
 */
export function speedPrecision(results) {
  const rows = results.payloads.flatMap((p) => p.speed).filter((r) => r.precision);
  if (!rows.length) return null;
  const widths = rows.map((r) => /** @type {{ halfWidth: number }} */ (r.precision).halfWidth).filter(Number.isFinite);
  return {
    ratios: rows.length,
    medianHalfWidth: widths.length ? median(widths) : Infinity,
    missed: rows.filter((r) => !r.precision?.met).length,
    target: rows[0].precision?.target ?? null,
    level: rows[0].precision?.level ?? null,
    // ratios that set aside a process which ran on a slowed machine (lib/measure/slowed.js, fullSpeed)
    slowed: rows.filter((r) => /** @type {{ processes?: { slowed?: (boolean|null)[] } }} */ (r).processes?.slowed?.includes(true)).length,
    // of those, the ratios left with fewer than two processes at full speed, so not compared across processes at all
    // (a derived round trip inherits the verdict without processes of its own set aside: not counted)
    unjudged: rows.filter((r) => {
      const pr = /** @type {{ processes?: { agreement?: string, slowed?: (boolean|null)[] } }} */ (r).processes;
      return pr?.agreement === 'unjudged' && pr.slowed?.includes(true);
    }).length,
  };
}

/**
 * "Speed precision: 46 ratios to the baseline, median interval ±3.0% at 95%, 2 over the target (target ±5%), …"
 * (or '' without paired figures).
 * @param {Parameters<typeof speedPrecision>[0]} results
 */
export function speedPrecisionLine(results) {
  const p = speedPrecision(results);
  if (!p) return '';
  const target = p.target == null ? '' : ` (target ±${fixed(p.target * 100, 0)}%)`;
  const slowed = p.slowed ? ` ${p.slowed} set aside a process that ran on a slowed machine (its baseline below ${fixed(SLOWED_BASELINE_BELOW * 100, 0)}% of the fastest it ran in the run, its ratio no higher: docs/speed.md, "A slowed machine").` : '';
  const level = p.level == null ? '' : ` at ${fixed(p.level * 100, 0)}%`;
  // no ratio with an interval (every one on too few pairs: a run of a few slices) has no median width to give
  const width = Number.isFinite(p.medianHalfWidth) ? `median interval ±${fixed(p.medianHalfWidth * 100, 1)}%${level}` : `none with enough pairs for an interval${level}`;
  // a run where most ratios missed and some were left with one full-speed process ran on a machine whose speed
  // changed under it (2026-11-30 04:27Z, AMD EPYC VM, the host slow: 44 of 45 over, 16 of the 30 encode and decode
  // ratios unjudged, one process's baseline at 1.4–2× the other two's): say what states more
  const advice = p.missed > p.ratios / 2 && p.unjudged > 0
    ? ` Most ratios missed the target on a machine whose speed changed during the run (${p.unjudged} of the ${p.slowed} with a process set aside had fewer than two left at full speed): a run when it is quieter, or with more fresh processes (node benchmark.js --full, up to six a ratio; benchmark_dss.js --max-rounds 12), can state more.`
    : '';
  return `Speed precision: ${p.ratios} ratios to the baseline, ${width}, ${p.missed} over the target${target}, shown as ~ unstable with no verdict.${slowed}${advice}`;
}

/** The media type a protobuf codec declares (lib/codecs/*.js, mediaType). */
const PROTOBUF_MEDIA_TYPE = 'application/x-protobuf';

/**
 * "encodes 1.62× as fast (1.58–1.66)", or what can be said instead: no measurable difference, not measured
 * precisely enough, or one round only.
 * @param {AnswerCell|null|undefined} cell
 * @param {string} verb
 */
function ratioPhrase(cell, verb) {
  if (!cell) return null;
  const range = cell.min != null && cell.max != null ? ` (${bound(cell.min)}–${bound(cell.max)})` : '';
  if (cell.standing === 'faster' || cell.standing === 'slower') return `${verb} ${fixed(cell.ratio, 2)}× as fast${range}`;
  if (cell.standing === 'tie') return `${verb} no measurably differently${range}`;
  const aside = cell.slowed ? `; ${cell.slowed} more ran on a slowed machine` : '';
  if (cell.standing === 'unstable' && cell.unjudged) {
    // a derived round trip inherits its encode's or decode's verdict without a count of its own
    return `${verb} at a rate not compared across processes (${cell.slowed
      ? `${cell.slowed} of its ${(cell.processes?.length ?? 0) + cell.slowed} fresh processes ran on a slowed machine`
      : 'too few of its fresh processes ran at full speed'})`;
  }
  if (cell.standing === 'unstable' && cell.processes?.length) {
    return `${verb} at a rate that depended on the process it ran in (${cell.processes.map((x) => (x == null ? '—' : `${fixed(x, 2)}×`)).join(', ')} in ${cell.processes.length} fresh processes${aside})`;
  }
  if (cell.standing === 'unstable') {
    const width = cell.halfWidth != null && Number.isFinite(cell.halfWidth) ? `±${fixed(cell.halfWidth * 100, 1)}%` : 'too few pairs for an interval';
    return `${verb} at a rate not measured precisely enough to state (${width})`;
  }
  return `${verb} at a rate measured in one round only`;
}

/**
 * A transmission verdict between JSON and a protobuf codec, in words, or null when the run has none.
 * @param {Results['transmission'][number] | undefined} entry
 * @param {string} json
 * @param {string} protobuf
 */
function transmissionPhrase(entry, json, protobuf) {
  const v = entry?.verdicts?.find((x) => x.formats.includes(json) && x.formats.includes(protobuf));
  if (!v) return null;
  const where = entry?.profile === 'none' ? 'on loopback over WebSocket' : `over the emulated ${entry?.profile} link (WebSocket)`;
  if (!v.winner) return `${where}, no clear difference in messages per second between ${json} and ${protobuf} (${v.rounds} rounds)`;
  const loser = v.formats.find((f) => f !== v.winner);
  return `${where}, ${v.winner} moved ${fixed(v.ratio, 2)}× the messages per second of ${loser} (every one of ${v.rounds} rounds)`;
}

/**
 * The answer of one payload in a few sentences, written only from figures that met their precision: protobuf's
 * size as a share of JSON's (raw, gzip, brotli), the speed of the most used protobuf codec (REFERENCE_PROTOBUF)
 * and of the fastest one against JSON (encode and decode), and what the WebSocket passes showed on loopback and
 * over the slow link. A ratio whose interval holds 1 is said to show no measurable difference; one that missed
 * its target is said to be imprecise; a codec is named the fastest only when its round-trip interval lies above
 * every other protobuf codec's.
 * @param {Results} results
 * @param {ReturnType<typeof answerModel>[number]} entry
 * @returns {string}
 */
export function answerParagraph(results, entry) {
  const { baseline } = entry;
  const payloadResults = results.payloads.find((p) => p.payload.id === entry.payload.id);
  const sizes = payloadResults?.sizes ?? [];
  const json = sizes.find((c) => c.format === baseline);
  const codecs = /** @type {{ format: string, mediaType?: string|null }[]} */ (results.codecs ?? []);
  const protobufNames = new Set(codecs.filter((c) => c.mediaType === PROTOBUF_MEDIA_TYPE).map((c) => c.format));
  // a lossy or unmeasured codec is no answer: only those whose round trip came back exact or equivalent
  const rows = entry.rows.filter((r) => protobufNames.has(r.format) && (r.status === 'exact' || r.status === 'equivalent'));
  const reference = rows.find((r) => r.format === REFERENCE_PROTOBUF) ?? rows[0];
  if (!reference) return `No protobuf codec was measured on ${entry.payload.id}.`;
  const parts = [];
  const size = sizes.find((c) => c.format === reference.format);
  if (size?.bytes != null && json?.bytes) {
    const share = (/** @type {number|undefined} */ a, /** @type {number|undefined} */ b) => (a != null && b ? pct(a / b) : '—');
    parts.push(`Size: protobuf (${reference.format}) is ${share(size.bytes, json.bytes)} of JSON's bytes, ${share(size.gzip, json.gzip)} once both are gzipped and ${share(size.brotli, json.brotli)} with brotli.`);
  }
  const speedOf = (/** @type {typeof reference} */ r) => [ratioPhrase(r.ops.encode, 'encodes'), ratioPhrase(r.ops.decode, 'decodes')].filter(Boolean).join(' and ');
  const said = speedOf(reference);
  const who = reference.format === REFERENCE_PROTOBUF ? `${reference.format}, the most used protobuf library,` : reference.format;
  if (said) parts.push(`Speed against ${baseline} (JSON, bytes to bytes): ${who} ${said}.`);
  // the fastest: a round-trip interval above every other protobuf codec's; none is named while any of them was not
  // measured precisely (its true place is unknown)
  const timed = rows.filter((r) => r.ops.roundtrip);
  const measured = timed.filter((r) => r.ops.roundtrip?.standing !== 'unstable' && r.ops.roundtrip?.standing !== 'one-round');
  const top = measured.length === timed.length
    ? measured.find((r) => measured.every((o) => o === r || (/** @type {number} */ (r.ops.roundtrip?.min) > /** @type {number} */ (o.ops.roundtrip?.max))))
    : undefined;
  if (top && measured.length > 1) {
    // the most used one may be the fastest too: said, rather than left for the reader to infer from the silence
    parts.push(top === reference ? `It is also the fastest protobuf codec here (its round trip's interval lies above the others').`
      : `The fastest protobuf codec here is ${top.format}: it ${speedOf(top)}.`);
  }
  else if (!top && timed.length > 1) {
    parts.push(measured.length === timed.length
      ? `No protobuf codec is clearly the fastest here: their round-trip intervals overlap (${measured.map((r) => r.format).join(', ')}).`
      : `Which protobuf codec is fastest here is not stated: ${timed.filter((r) => !measured.includes(r)).map((r) => r.format).join(', ')} missed the precision target.`);
  }
  const runs = results.transmission.filter((t) => t.payload === entry.payload.id);
  const said2 = [transmissionPhrase(runs.find((t) => t.profile === 'none'), baseline, reference.format),
    transmissionPhrase(runs.find((t) => t.profile !== 'none'), baseline, reference.format)].filter(Boolean);
  if (said2.length) parts.push(`Transmission: ${said2.join('; ')}.`);
  const capacity = capacityPhrase(results, entry.payload.id);
  if (capacity) parts.push(capacity);
  return parts.join(' ');
}

/**
 * The capacity headline of a run's short capacity pass, on the payload it ran on: how many REST/JSON and gRPC/protobuf
 * messages one server core took under the p99 target, and the server's CPU for each at one rate (headlineSentence),
 * with who sent them, and what a reader must know to weigh it: how many searches each capacity is (one: no interval),
 * a capacity the server did not bound is not the server's, and ~ marks a CPU share measured less precisely than ±5%
 * (at the fastest passes, where the run has them, or the median).
 * @param {Results} results
 * @param {string} payloadId
 * @returns {string|null}
 */
export function capacityPhrase(results, payloadId) {
  const settings = results.settings.capacity;
  if (!results.capacity || !settings || results.capacity.payload !== payloadId) return null;
  const sentence = headlineSentence(results.capacity.transports, settings.targetP99Ms);
  const skipped = results.capacity.skipped ?? [];
  if (!sentence) {
    return skipped.length ? `Capacity: not measured for ${skipped.map((s) => `${s.transport} ${s.format} (${s.reason})`).join('; ')}.` : null;
  }
  const rows = results.capacity.transports.flatMap((t) => t.rows);
  const notServer = rows.some((r) => r.perCore == null);
  const moved = 'such figures moved by up to half between runs on a 2-core VM: docs/transmission.md';
  const notes = [
    (settings.searches ?? 1) > 1 ? `Each capacity is the median of ${settings.searches} searches, with what the others found (${moved})` : `Each capacity is one short search, without an interval (${moved})`,
    ...(rows.some((r) => r.atHalf && r.atHalf.serverCpuShare != null && !r.atHalf.serverCpuMet) || rows.some((r) => r.atHalf?.serverCpuLowest?.met === false)
      ? [rows.some((r) => r.atHalf?.serverCpuLowest) ? '~ marks a CPU share measured less precisely than ±5% (its three fastest passes further from their middle, or a median\'s 95% interval wider)' : '~ marks a CPU share whose 95% interval is wider than ±5%'] : []),
    ...(notServer && settings.loadGenerator === 'toolkit' ? ['h2load (Debian: apt-get install nghttp2-client) sends faster than the toolkit\'s own clients'] : []),
  ];
  return `Capacity (sent by ${settings.loadGenerator === 'toolkit' ? 'the toolkit\'s own clients' : settings.loadGenerator}): ${sentence} ${notes.join('; ')}.`;
}

/**
 * One payload's answer table as a row model: size against JSON and the
 * ratio of each operation to the baseline with its spread.
 * @param {ReturnType<typeof answerModel>[number]} entry
 * @returns {import('./table.js').TableModel}
 */
export function answerRows(entry) {
  return tableModel(columnsOf(['format', 'flags', 'size of JSON', ...ANSWER_OPS.map((op) => `${op} vs ${entry.baseline}`), 'round trip'],
    ['format', 'flags', 'round trip']),
  entry.rows.map((r) => ({ status: r.status, cells: [r.format, flagsCell(r.flags), r.ofJson == null ? '—' : pct(r.ofJson),
    ...ANSWER_OPS.map((op) => ratioWithSpread(r.ops[op])), r.status] })));
}

/**
 * The answer in Markdown: one table per payload, then the differences
 * outside the spread and those within it.
 * @param {Results} results
 */
export function answerMarkdown(results) {
  const model = answerModel(results);
  const paired = speedPrecision(results);
  const out = [paired
    ? `Speed is the ratio to ${model[0]?.baseline ?? 'the baseline'}'s ops/s, timed in slices taking turns with it: the median of the pairs, `
      + `with its ${fixed((paired.level ?? 0.95) * 100, 0)}% confidence interval in brackets. ▲ faster and ▼ slower: the whole interval lies on one side of 1; `
      + '≈ the interval holds 1, no winner; ~ unstable: the interval missed its precision target, no verdict. The round trip is derived from encode and decode. '
      + 'Encode starts from each library\'s native form, decode ends in it (docs/speed.md).'
    : `Speed is the ratio to ${model[0]?.baseline ?? 'the baseline'}'s ops/s in the same round (median of the rounds, min–max in brackets): `
      + '▲ faster and ▼ slower in every round, so outside the spread; ≈ the rounds disagree, no winner; ? one round, no spread to judge by. '
      + 'Encode starts from each library\'s native form, decode ends in it (docs/speed.md).'];
  if (paired) out.push('', speedPrecisionLine(results));
  if (model[0]) out.push('', formatsLegend([...new Set(model.flatMap((e) => e.rows.map((r) => r.format))), model[0].baseline], model[0].baseline, results.codecs));
  for (const [i, entry] of model.entries()) {
    out.push('', `**${entry.payload.id}** (${entry.payload.title}, ${entry.payload.jsonBytes} bytes of JSON)`, '', answerParagraph(results, entry), '', toMarkdown(answerRows(entry)));
    out.push('', baselineLine(results.payloads[i].speed, entry.baseline, ANSWER_OPS));
  }
  return out.join('\n');
}

/**
 * The answer of a run in a few lines of Markdown, for README: the run's precision, then per payload its paragraph
 * (answerParagraph), each under the payload's name.
 * @param {Results} results
 * @returns {string}
 */
export function answerSummary(results) {
  const lines = [];
  const precision = speedPrecisionLine(results);
  if (precision) lines.push(precision, '');
  for (const entry of answerModel(results)) {
    lines.push(`- **${entry.payload.id}** (${entry.payload.title}, ${entry.payload.jsonBytes} bytes of JSON): ${answerParagraph(results, entry)}`);
  }
  return lines.join('\n');
}
