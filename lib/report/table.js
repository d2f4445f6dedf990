import { markdownTable } from 'markdown-table';

// A table is built once as a row model and rendered by whichever printer
// shows it: Markdown for the terminal and report.md (aligned, it reads well in
// a terminal and pastes into an issue as it is), HTML for report.html.

/**
 * @typedef {object} Column
 * @property {string} title
 * @property {'l'|'r'} [align] left for words, right for figures (default)
 */

/**
 * @typedef {object} Row
 * @property {string[]} cells already formatted, one per column
 * @property {string} [status] the round-trip status the row carries (exact, lossy, …), for highlighting
 */

/**
 * @typedef {object} TableModel
 * @property {Column[]} columns
 * @property {Row[]} rows
 */

/**
 * A table model from columns and rows of cells.
 * @param {Column[]} columns
 * @param {Row[]} rows
 * @returns {TableModel}
 */
export const tableModel = (columns, rows) => ({ columns, rows });

/**
 * Columns from their titles: figures right-aligned, the titles named in
 * `words` (names, verdicts, notes) left-aligned.
 * @param {string[]} titles
 * @param {string[]} [words]
 * @returns {Column[]}
 */
export const columnsOf = (titles, words = []) => titles.map((title) => ({ title, align: words.includes(title) ? 'l' : 'r' }));

/**
 * The model as an aligned Markdown table.
 * @param {TableModel} model
 * @returns {string}
 */
export function toMarkdown({ columns, rows }) {
  return markdownTable([columns.map((c) => c.title), ...rows.map((r) => r.cells.map(markdownCell))],
    { align: columns.map((c) => c.align ?? 'r') });
}

/**
 * A cell's text as one Markdown table cell: its line breaks (a library's error message can run over several lines:
 * a code generator's failure names its command, then its output) and the runs of spaces around them made one
 * space (and such a cell trimmed), and a pipe escaped, so that neither ends the row or the cell early.
 * @param {string} cell
 */
export const markdownCell = (cell) => (/[\r\n]/.test(cell) ? String(cell).replace(/\s*[\r\n]+\s*/g, ' ').trim() : String(cell)).replace(/\|/g, '\\|');

/** @type {Record<string, string>} */
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML content and attribute values; null and undefined are empty.
 * @param {unknown} s
 */
export const escapeHtml = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The model as an HTML table; a row carrying a status gets the class
 * status-<status>, so lossy and unmeasured rows stand out.
 * @param {TableModel} model
 * @returns {string}
 */
export function toHtml({ columns, rows }) {
  const align = (/** @type {Column} */ c) => (c.align === 'l' ? ' class="l"' : '');
  const head = columns.map((c) => `<th${align(c)}>${escapeHtml(c.title)}</th>`).join('');
  const body = rows.map((r) => `<tr${r.status ? ` class="status-${escapeHtml(r.status)}"` : ''}>${
    r.cells.map((cell, i) => `<td${align(columns[i])}>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
