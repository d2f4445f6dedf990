import { summariseSpeedRounds } from '../../measure/speed.js';

/**
 * The runtime matrix's rounds: joins the speed rows of single-round runs of
 * one runtime into the usual per-benchmark figures (median ops/s with the
 * min–max of rounds, and the ratio to the baseline taken round by round on
 * that runtime) with the same summary the host uses (summariseSpeedRounds). Rows are matched by format and op, whatever ops
 * there are; every other field of a row (verdict, extra figures) is kept
 * from its first round. Rows come out in `order` of formats, then op order
 * of the first round.
 * @param {OneRoundRow[][]} roundsOfRows rows of round 1, rows of round 2, …
 * @param {string} baseline
 * @param {string[]} [order] format order of the tables
 * @returns {SpeedRow[]}
 */
export function joinSpeedRounds(roundsOfRows, baseline, order = []) {
  /** @type {Map<string, { row: OneRoundRow, rounds: RoundFigures[] }>} */
  const cases = new Map();
  for (const rows of roundsOfRows) {
    for (const row of rows) {
      const key = `${row.format}\u0000${row.op}`;
      let c = cases.get(key);
      if (!c) cases.set(key, (c = { row, rounds: [] }));
      c.rounds.push(...row.rounds);
    }
  }
  const list = [...cases.values()];
  // a benchmark missing from some round cannot be paired round by round with the baseline
  const complete = list.filter((c) => c.rounds.length === roundsOfRows.length);
  const summaries = summariseSpeedRounds(complete.map(({ row, rounds }) => ({
    p: { codec: { name: row.format, library: row.library, version: row.version }, status: row.status, diff: row.diff, normalised: row.normalised, reason: row.reason },
    op: row.op, wireBytes: row.wireBytes, rounds,
  })), baseline);
  const ops = [...new Set(list.map((c) => c.row.op))];
  const rank = (/** @type {string} */ format) => (order.includes(format) ? order.indexOf(format) : order.length);
  return complete.map(({ row }, i) => ({ ...row, ...summaries[i] }))
    .sort((a, b) => rank(a.format) - rank(b.format) || ops.indexOf(a.op) - ops.indexOf(b.op));
}

/** @typedef {import('../../measure/speed.js').SpeedRow} SpeedRow */

/**
 * What joinSpeedRounds reads of a speed row from one round (any other field is carried along).
 * @typedef {{ format: string, op: string, library?: string|null, version?: string|null, status: string, diff?: object|null,
 *   normalised?: string[], reason?: string|null, wireBytes: number, rounds: RoundFigures[], [key: string]: unknown }} OneRoundRow
 */
/** @typedef {import('../../measure/speed.js').RoundFigures} RoundFigures */
