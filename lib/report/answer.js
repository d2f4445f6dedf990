// "The answer first": per payload, each codec's size against JSON and its
// encode, decode and roundtrip speed against the baseline, with the spread
// over the rounds, and which differences lie outside that spread. One row
// model, rendered as Markdown (report.md and the terminal) and as HTML.
import { columnsOf, tableModel, toMarkdown } from './table.js';
import { fixed, pct } from './format.js';
import { flagsCell } from './flags.js';
import { baselineLine, formatsLegend } from './rows.js';

/** @typedef {import('../results/index.js').Results} Results */
/** @typedef {'faster'|'slower'|'tie'|'one-round'} Standing */
/**
 * One operation's ratio to the baseline: the median of the rounds, their min–max, and where it stands.
 * @typedef {{ ratio: number, min: number|null, max: number|null, standing: Standing }} AnswerCell
 */

/** The operations the answer compares with the baseline. */
export const ANSWER_OPS = ['encode', 'decode', 'roundtrip'];

/**
 * Where a ratio to the baseline stands: 'faster' or 'slower' when every round
 * fell on the same side of 1 (the difference lies outside the spread), 'tie'
 * when the rounds straddle 1, 'one-round' when a single round gives no
 * spread to judge by (or a row without the min–max of its rounds), null when there is no ratio.
 * @param {{ vsBaseline: number|null, vsBaselineMin: number|null, vsBaselineMax: number|null, rounds?: unknown[] } | undefined} row
 * @returns {Standing|null}
 */
export function standing(row) {
  if (!row || row.vsBaseline == null) return null;
  const { vsBaselineMin: min, vsBaselineMax: max } = row;
  if ((row.rounds && row.rounds.length < 2) || min == null || max == null) return 'one-round';
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
        return [op, r && r.vsBaseline != null && where
          ? { ratio: r.vsBaseline, min: r.vsBaselineMin, max: r.vsBaselineMax, standing: where } : null];
      })),
    })),
  }));
}

/** @type {Record<Standing, string>} */
const MARK = { faster: '▲', slower: '▼', tie: '≈', 'one-round': '?' };

/**
 * "1.36× (1.21–1.48) ▲": a ratio, its spread over the rounds, and where it stands.
 * @param {AnswerCell|null|undefined} cell
 */
export function ratioWithSpread(cell) {
  if (!cell) return '—';
  const range = cell.min === cell.max ? '' : ` (${fixed(cell.min, 2)}–${fixed(cell.max, 2)})`;
  return `${fixed(cell.ratio, 2)}×${range} ${MARK[cell.standing]}`;
}

/**
 * The differences of one payload that lie outside the spread, in words.
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
  const out = [`Speed is the ratio to ${model[0]?.baseline ?? 'the baseline'}'s ops/s in the same round (median of the rounds, min–max in brackets): `
    + '▲ faster and ▼ slower in every round, so outside the spread; ≈ the rounds disagree, no winner; ? one round, no spread to judge by. '
    + 'Encode starts from each library\'s native form, decode ends in it (docs/speed.md).'];
  if (model[0]) out.push('', formatsLegend([...new Set(model.flatMap((e) => e.rows.map((r) => r.format))), model[0].baseline], model[0].baseline, results.codecs));
  for (const [i, entry] of model.entries()) {
    out.push('', `**${entry.payload.id}** (${entry.payload.title}, ${entry.payload.jsonBytes} bytes of JSON)`, '', toMarkdown(answerRows(entry)));
    out.push('', baselineLine(results.payloads[i].speed, entry.baseline, ANSWER_OPS));
    const outside = outsideSpread(entry);
    out.push('', `Outside the spread: ${outside.length ? outside.join('; ') : 'none'}.`);
  }
  return out.join('\n');
}
