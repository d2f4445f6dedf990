// The tables of the type-by-type micro-suite (benchmark_dss.js --shapes): a
// row per family and codec with its size and speed against JSON, and a matrix
// of the same ratios, a family a row, a codec a column.
import { fixed, int, pct, ratioCell } from './format.js';
import { columnsOf, tableModel, toMarkdown } from './table.js';
import { verdictOf } from './rows.js';

/** @typedef {ReturnType<typeof import('../measure/speed.js').measureSpeed>} SpeedResult */
/** @typedef {SpeedResult['results'][number]} SpeedRow */

/**
 * The figures of one codec on one family against JSON's (the baseline codec's
 * rows): mean wire bytes per message and their ratio to JSON's, encode and
 * decode ops/s over the corpus and their round-by-round ratios.
 * @param {SpeedResult} result
 */
export function shapeFigures(result) {
  const { baseline } = result.settings;
  /** @type {Map<string, { format: string, verdict: SpeedRow, ops: Record<string, SpeedRow | undefined> }>} */
  const byCodec = new Map();
  for (const r of result.results) {
    let codec = byCodec.get(r.format);
    if (!codec) {
      codec = { format: r.format, verdict: r, ops: {} };
      byCodec.set(r.format, codec);
    }
    codec.ops[r.op] = r;
  }
  const json = byCodec.get(baseline);
  const jsonBytes = json?.ops.encode?.wireBytes ?? json?.ops.decode?.wireBytes ?? null;
  return [...byCodec.values()].map(({ format, verdict, ops }) => {
    const bytes = ops.encode?.wireBytes ?? ops.decode?.wireBytes ?? null;
    return {
      format, verdict, bytes,
      ofJson: bytes != null && jsonBytes ? bytes / jsonBytes : null,
      encode: ops.encode ?? null,
      decode: ops.decode ?? null,
    };
  });
}

/** @param {SpeedRow | null} r */
const opsCell = (r) => (r ? `${int(r.opsPerSec)}${r.implausible ? ' ‼' : ''}` : '—');

/**
 * The long table: a row per family and codec.
 * @param {SpeedResult[]} results one per family
 * @returns {import('./table.js').TableModel}
 */
export function shapeRows(results) {
  const baseline = results[0]?.settings.baseline ?? 'json-buffer';
  const rows = results.flatMap((result) => [
    ...shapeFigures(result).map((f) => ({
      status: f.verdict.status,
      cells: [result.payload.id, f.format, int(f.bytes), pct(f.ofJson), opsCell(f.encode), ratioCell(f.encode), opsCell(f.decode), ratioCell(f.decode), verdictOf(f.verdict)],
    })),
    ...result.skipped.map((s) => ({ status: s.status, cells: [result.payload.id, s.format, '—', '—', '—', '—', '—', '—', verdictOf(s)] })),
  ]);
  const titles = ['family', 'format', 'bytes/msg (mean)', '% of JSON', 'encode ops/s', `encode vs ${baseline}`, 'decode ops/s', `decode vs ${baseline}`, 'round trip'];
  return tableModel(columnsOf(titles, ['family', 'format', 'round trip']), rows);
}

/**
 * The matrix: a family a row, a codec a column (the baseline left out), each
 * cell "size % of JSON · encode× / decode×" against JSON.
 * @param {SpeedResult[]} results one per family
 * @returns {import('./table.js').TableModel}
 */
export function shapeMatrix(results) {
  const baseline = results[0]?.settings.baseline ?? 'json-buffer';
  const formats = [...new Set(results.flatMap((r) => [...r.results.map((x) => x.format), ...r.skipped.map((x) => x.format)]))]
    .filter((f) => f !== baseline);
  const rows = results.map((result) => {
    const figures = new Map(shapeFigures(result).map((f) => [f.format, f]));
    return {
      cells: [`${result.payload.id} (${int(result.payload.jsonBytes)} B)`, ...formats.map((format) => {
        const f = figures.get(format);
        if (!f) return 'n/a';
        const x = (/** @type {SpeedRow | null} */ r) => (r?.vsBaseline == null ? '—' : `${fixed(r.vsBaseline, 2)}×`);
        const lossy = f.verdict.status === 'lossy' ? ' LOSSY' : '';
        return `${pct(f.ofJson)} · ${x(f.encode)} / ${x(f.decode)}${lossy}`;
      })],
    };
  });
  return tableModel(columnsOf(['family (JSON bytes of its first message)', ...formats], ['family (JSON bytes of its first message)']), rows);
}

/**
 * What every family holds, one line each.
 * @param {SpeedResult[]} results
 */
export const shapeLegend = (results) => results.map((r) => `- ${r.payload.id}: ${r.payload.title}, ${int(r.settings.corpus.timed)} distinct messages`).join('\n');

/**
 * Everything --shapes prints, in Markdown.
 * @param {SpeedResult[]} results one per family
 */
export function shapesReport(results) {
  const baseline = results[0]?.settings.baseline ?? 'json-buffer';
  const { rounds, maxTime } = results[0]?.settings ?? {};
  const flagged = results.flatMap((r) => r.results.filter((x) => x.implausible).map((x) => `‼ ${r.payload.id} ${x.format} ${x.op}: ${x.implausible}.`));
  return [
    `Against JSON (${baseline}), family by family: each cell is bytes per message as a % of JSON's · encode× / decode× `
      + `(ops/s over the family's corpus divided by ${baseline}'s in the same round, median of ${rounds} round(s) × ${maxTime} s). `
      + 'Below 100% is smaller, above 1× faster.',
    toMarkdown(shapeMatrix(results)),
    'The families (schemas inferred from their messages, like any payload):',
    shapeLegend(results),
    'In full, with the min–max of the rounds:',
    toMarkdown(shapeRows(results)),
    ...flagged,
  ].join('\n\n');
}
