import { tableModel, toMarkdown } from './table.js';
import { firstFew } from '../errors.js';
import { SLOWED_BASELINE_BELOW } from '../measure/slowed.js';
import { SLOWED_BELOW } from '../transmission/machine-probe.js';

// The comparison of two runs (lib/results/compare.js) as a row model, and in Markdown with its summary lines.

/** A figure as the comparison shows it: three significant digits below 100, whole numbers with separators above. */
const num = (/** @type {number|null} */ n) => (n == null ? '—'
  : Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : Number(n.toPrecision(3)).toString());

/** @param {{ verdict: import('../results/compare.js').Verdict }} row @param {number} floor */
const changeText = (row, floor) => (row.verdict === 'under floor' ? `under ${Math.round(floor * 100)}%` : row.verdict);

const COLUMNS = /** @type {import('./table.js').Column[]} */ ([
  { title: 'figure', align: 'l' }, { title: 'unit', align: 'l' }, { title: 'A' }, { title: 'B' }, { title: 'B/A' },
  { title: 'change', align: 'l' }, { title: 'status', align: 'l' },
]);

/**
 * The comparison as a row model: a row per figure both runs have, its values, the ratio B/A and whether it changed.
 * @param {ReturnType<typeof import('../results/compare.js').compareRuns>} comparison
 * @param {{ changedOnly?: boolean }} [options] changedOnly: only the figures that changed beyond the spread
 * @returns {import('./table.js').TableModel}
 */
export function comparisonRows({ rows, floor }, { changedOnly = false } = {}) {
  const shown = changedOnly ? rows.filter((r) => r.real) : rows;
  return tableModel(COLUMNS, shown.map((r) => ({
    cells: [r.figure, r.unit, num(r.a), num(r.b), r.ratio == null ? '—' : `${r.ratio.toFixed(3)}×`, changeText(r, floor), r.status],
  })));
}

/**
 * The comparison as a Markdown table, a summary line, and the figures only one run has.
 * @param {ReturnType<typeof import('../results/compare.js').compareRuns>} comparison
 * @param {{ changedOnly?: boolean }} [options]
 * @returns {string}
 */
export function runComparisonTable(comparison, options = {}) {
  const { rows, onlyA, onlyB } = comparison;
  const count = (/** @type {string} */ v) => rows.filter((r) => r.verdict === v).length;
  const pct = `${Math.round(comparison.floor * 100)}%`;
  const table = comparisonRows(comparison, options);
  // a header with no rows under it reads as a broken table: one line says why it is empty
  const shown = table.rows.length ? toMarkdown(table)
    : rows.length ? 'Nothing changed beyond its spread: no figure is marked CHANGED, so --changed has no row to show.'
      : 'The two runs share no figure to compare.';
  const lines = [shown, '',
    `${count('CHANGED')} of ${rows.length} figures CHANGED: outside both runs' intervals and by more than ${pct} (or the status changed: a round trip, what bound a capacity).`];
  const notes = [
    [count('unstable'), 'unstable (a run missed the precision target of that figure: no verdict)'],
    [count('under floor'), `apart but under ${pct}`],
    [count('no spread to judge'), 'without a spread to judge by'],
  ].filter(([n]) => n).map(([n, text]) => `${n} ${text}`);
  if (notes.length) lines.push(`Also: ${notes.join('; ')}.`);
  if (onlyA.length) lines.push(`Only in A (${onlyA.length}): ${firstFew(onlyA)}`);
  if (onlyB.length) lines.push(`Only in B (${onlyB.length}): ${firstFew(onlyB)}`);
  return lines.join('\n');
}

/**
 * What to read before the table: the speed settings the runs differ in, and where one run's machine ran slower
 * (its speed baseline, its servers' machine probe), each a paragraph; none where there is nothing to say.
 * @param {ReturnType<typeof import('../results/compare.js').compareRuns>} comparison
 * @returns {string[]}
 */
export function comparisonPreamble({ settingsDiffer, machineSlower, probeSlower, baseline }) {
  const out = [];
  if (settingsDiffer.length) {
    out.push(`The speed pass ran with other settings, so its ratios may differ for that alone: ${settingsDiffer.map((d) => `${d.setting} ${d.a} in A, ${d.b} in B`).join('; ')}.`);
  }
  if (machineSlower.length) {
    out.push(`The speed pass's baseline (${baseline ?? 'json-buffer'}) ran slower in one run, at its fastest below ${Math.round(SLOWED_BASELINE_BELOW * 100)}% of the other run's on the same CPU and runtime: ${
      machineSlower.map((d) => `${d.at} ${num(d.a)} ops/s in A, ${num(d.b)} in B`).join('; ')}. Where the machine ran slowed, every ratio to the baseline there fell, encode most; where only the baseline did (its own JIT state), its ratios rose. Either way a ratio that moved there may be that, not the code (docs/speed.md, "A slowed machine").`);
  }
  if (probeSlower.length) {
    out.push(`The machine probe (a fixed JSON loop each server times just before and after its measured passes) read slower in one run, its reference below ${Math.round(SLOWED_BELOW * 100)}% of the other run's on the same CPU and runtime: ${
      probeSlower.map((d) => `${d.at} ${d.a.toFixed(3)} operations per µs in A, ${d.b.toFixed(3)} in B`).join('; ')}. A server's CPU per message rises and a capacity falls on a slowed machine, so those figures there may have moved with the machine, not the code (docs/transmission.md, "The machine probe").`);
  }
  return out;
}
