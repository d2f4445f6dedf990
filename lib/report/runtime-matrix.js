import { fixed, int, ratioCell } from './format.js';
import { verdictOf } from './rows.js';
import { tableModel, toMarkdown } from './table.js';
import { IDENTITY_NOTE } from '../measure/speed.js';

/** @typedef {import('../runtimes/matrix/matrix.js').RuntimeSpeed} RuntimeSpeed */
/** @typedef {import('../runtimes/matrix/matrix.js').RuntimeDescription} RuntimeDescription */
/** @typedef {import('../runtimes/matrix/matrix.js').RuntimeVerdict} RuntimeVerdict */
/**
 * What a matrix reads of a speed row from one runtime: its figures against the baseline, its verdict, and what
 * the runtime noted about it.
 * @typedef {Pick<import('../measure/speed.js').SpeedRow, 'format'|'op'|'opsPerSec'|'vsBaseline'|'vsBaselineMin'|'vsBaselineMax'
 *   |'status'|'diff'|'normalised'|'reason'|'record'> & { runtimeNotes?: string[] }} MatrixRow
 */
/**
 * One runtime's rows of one payload (measureAcrossRuntimes, or results.payloads[].runtimes).
 * @typedef {{ runtime: string, error: string|null, results?: MatrixRow[], skipped?: RuntimeVerdict[], verdicts?: RuntimeVerdict[] }} RuntimeResult
 */
/** A codec's cell on one runtime: its speed row, or its verdict where it was not measured. @typedef {MatrixRow | RuntimeVerdict} MatrixCell */

/**
 * The runtime × codec matrices of one payload, one per operation (whatever
 * operations the rows carry): per runtime, each codec's row (measured) or
 * verdict (not measured, with the reason).
 * @param {{ runtimes: RuntimeResult[] }} entry one payload of measureAcrossRuntimes
 * @param {RuntimeDescription[]} runtimes
 * @param {string[]} [order] column order (the run's formats); others follow as found
 * @returns {MatrixModel[]}
 */
export function runtimeMatrices(entry, runtimes, order = []) {
  const formats = [...order];
  /** @type {string[]} */
  const ops = [];
  for (const r of entry.runtimes) {
    for (const row of [...(r.results ?? []), ...(r.skipped ?? [])]) if (!formats.includes(row.format)) formats.push(row.format);
    for (const row of r.results ?? []) if (!ops.includes(row.op)) ops.push(row.op);
  }
  return ops.map((op) => ({
    op,
    formats,
    rows: entry.runtimes.map((r) => {
      const description = runtimes.find((d) => d.runtime === r.runtime);
      /** @type {MatrixModel['rows'][number]['cells']} */
      const cells = {};
      for (const format of formats) {
        cells[format] = r.results?.find((x) => x.format === format && x.op === op)
          ?? r.skipped?.find((x) => x.format === format) ?? null;
      }
      // a codec timed on this runtime but without a row for this op has nothing to convert (identity conversion)
      const timed = new Set((r.results ?? []).map((x) => x.format));
      return { label: description?.label ?? r.runtime, description, cells, timed };
    }),
  }));
}

/** The two columns that lead a runtime matrix: the runtime's label, and its exact version and engine. */
const RUNTIME_COLUMNS = /** @type {import('./table.js').Column[]} */ ([{ title: 'runtime', align: 'l' }, { title: 'version, engine', align: 'l' }]);

/**
 * One matrix as a row model, for any printer: a row per runtime (with its exact
 * version and engine), a column per codec, each cell the median ops/s and the
 * ratio to the baseline on the same runtime. A codec without a figure, or
 * with a flag, shows a note number; the notes give the reason.
 * @param {MatrixModel} matrix
 * @returns {{ table: import('./table.js').TableModel, notes: string[] }}
 */
export function runtimeMatrixRows(matrix) {
  /** @type {string[]} */
  const notes = [];
  const rows = matrix.rows.map((r) => ({ cells: [r.label, describeRuntimeCell(r.description), ...matrix.formats.map((format) => {
    const cell = r.cells[format];
    if (cell && 'opsPerSec' in cell && cell.opsPerSec != null) {
      return `${int(cell.opsPerSec)} · ${ratioCell(cell)}${cell.runtimeNotes ? ` [${noteFor(notes, `${r.label}, ${format}: ${cell.runtimeNotes.join('; ')}`)}]` : ''}`;
    }
    const why = cell ? verdictOf(cell) : r.timed?.has(format) ? IDENTITY_NOTE : 'not measured';
    return `— [${noteFor(notes, `${r.label}, ${format}: ${why}`)}]`;
  })] }));
  return { table: tableModel([...RUNTIME_COLUMNS, ...matrix.formats.map((title) => ({ title }))], rows), notes };
}

/** @param {RuntimeDescription | undefined} d */
const describeRuntimeCell = (d) => (d ? `${d.name} ${d.version}, ${d.engine} ${shortEngine(d.engineVersion)}` : '');

/**
 * One matrix as a Markdown table with its notes under it.
 * @param {MatrixModel} matrix
 * @returns {string}
 */
export function runtimeMatrixTable(matrix) {
  const { table, notes } = runtimeMatrixRows(matrix);
  const text = toMarkdown(table);
  return notes.length ? `${text}\n\n${notes.map((n, i) => `[${i + 1}] ${n}`).join('\n')}` : text;
}

/**
 * The round-trip verdict of every codec on every runtime, as a row model
 * (benchmark_dtq.js --runtimes): verdicts are words, so every column is left-aligned.
 * @param {{ runtimes: RuntimeResult[] }} entry one payload of a verifyOnly run
 * @param {RuntimeDescription[]} runtimes
 * @returns {import('./table.js').TableModel}
 */
export function verdictMatrixRows(entry, runtimes) {
  const formats = [...new Set(entry.runtimes.flatMap((r) => (r.verdicts ?? []).map((v) => v.format)))];
  const rows = entry.runtimes.map((r) => {
    const d = runtimes.find((x) => x.runtime === r.runtime);
    return { cells: [d?.label ?? r.runtime, describeRuntimeCell(d), ...formats.map((f) => {
      const v = r.verdicts?.find((x) => x.format === f);
      if (!v) return 'not verified';
      return `${verdictOf(v)}${v.runtimeNotes ? ` (${v.runtimeNotes.join('; ')})` : ''}`;
    })] };
  });
  return tableModel([...RUNTIME_COLUMNS, ...formats.map((title) => ({ title, align: /** @type {const} */ ('l') }))], rows);
}

/**
 * The verdict matrix in Markdown.
 * @param {Parameters<typeof verdictMatrixRows>[0]} entry
 * @param {Parameters<typeof verdictMatrixRows>[1]} runtimes
 */
export const verdictMatrixTable = (entry, runtimes) => toMarkdown(verdictMatrixRows(entry, runtimes));

/**
 * The number of a note, added to the list when it is new.
 * @param {string[]} notes
 * @param {string} text
 */
function noteFor(notes, text) {
  const i = notes.indexOf(text);
  if (i >= 0) return i + 1;
  notes.push(text);
  return notes.length;
}

// a WebKit commit is 40 hex digits: its first 10 identify it
const shortEngine = (/** @type {string} */ v) => (/^[0-9a-f]{40}$/.test(v) ? v.slice(0, 10) : v);

/**
 * Where the answer to "is this codec faster than the baseline?" changes from
 * one runtime to another, for one operation: a change is named only when on
 * one runtime every round put the codec above the baseline and on another
 * every round put it below, so the spread of rounds cannot explain it. For
 * each codec the clearest pair is named (highest ratio above, lowest below).
 * @param {MatrixModel} matrix
 * @param {string} baseline
 * @returns {string[]} one clause per codec whose answer changes, e.g.
 *   "protobufjs-static beats json-buffer on node@20 (host) (1.60×) but not on node@26 (0.70×)"
 */
export function answerChanges(matrix, baseline) {
  const clauses = [];
  for (const format of matrix.formats) {
    if (format === baseline) continue;
    // the runtimes with a ratio to the baseline and its min–max over the rounds
    const measured = matrix.rows.flatMap((r) => {
      const cell = r.cells[format];
      if (!cell || !('vsBaseline' in cell) || cell.vsBaseline == null || cell.vsBaselineMin == null || cell.vsBaselineMax == null) return [];
      return [{ label: r.label, ratio: cell.vsBaseline, min: cell.vsBaselineMin, max: cell.vsBaselineMax }];
    });
    const above = measured.filter((m) => m.min > 1).sort((a, b) => b.ratio - a.ratio);
    const below = measured.filter((m) => m.max < 1).sort((a, b) => a.ratio - b.ratio);
    if (above.length && below.length) {
      clauses.push(`${format} beats ${baseline} on ${above[0].label} (${fixed(above[0].ratio, 2)}×) `
        + `but not on ${below[0].label} (${fixed(below[0].ratio, 2)}×)`);
    }
  }
  return clauses;
}

/**
 * The one sentence under a payload's matrices saying where the answer changes
 * across runtimes, operation by operation, or that it does not.
 * @param {MatrixModel[]} matrices
 * @param {string} baseline
 * @returns {string}
 */
export function answerSentence(matrices, baseline) {
  const runtimes = matrices[0]?.rows.length ?? 0;
  if (runtimes < 2) return `Only one runtime was measured, so nothing can change across runtimes.`;
  const parts = matrices.map((m) => ({ op: m.op, clauses: answerChanges(m, baseline) })).filter((p) => p.clauses.length);
  if (!parts.length) {
    return `No answer changes across runtimes: no codec is faster than ${baseline} on one runtime and slower on another beyond the spread of rounds.`;
  }
  return `The answer changes across runtimes: ${parts.map((p) => `${p.op}: ${p.clauses.join(', and ')}`).join('; ')}.`;
}

/**
 * Every payload's matrices and sentence, as text for the terminal (Markdown).
 * @param {RuntimeSpeed} speed
 * @param {(payload: RuntimeSpeed['results'][number]['payload']) => string} heading
 * @returns {string}
 */
export function runtimeMatrixReport(speed, heading) {
  return speed.results.map((entry) => `${heading(entry.payload)}\n\n${runtimeSection(entry, speed.runtimes, speed.settings)}`).join('\n\n');
}

/**
 * One payload's matrices, a caption each, and the sentence, as Markdown.
 * @param {Parameters<typeof runtimeMatrices>[0]} entry
 * @param {RuntimeDescription[]} runtimes
 * @param {{ baseline: string, rounds: number, formats?: string[] }} settings
 * @returns {string}
 */
export function runtimeSection(entry, runtimes, { baseline, rounds, formats = [] }) {
  const matrices = runtimeMatrices(entry, runtimes, formats);
  const parts = matrices.map((m) => `${m.op}: ops/s (median of ${rounds} rounds) · ratio to ${baseline} on the same runtime (min–max of rounds)\n\n${runtimeMatrixTable(m)}`);
  return [...parts, answerSentence(matrices, baseline)].join('\n\n');
}

/**
 * @typedef {object} MatrixModel
 * @property {string} op
 * @property {string[]} formats columns, in registry order
 * @property {{ label: string, description: RuntimeDescription|undefined,
 *   cells: Record<string, MatrixCell|null>, timed?: Set<string> }[]} rows one per runtime; timed: the codecs measured there
 */
