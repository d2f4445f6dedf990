import { summariseRounds } from '../../measure/speed.js';

/**
 * A list turned left by n places: round n starts with item n, so no item is
 * always timed first (when the machine is coolest) or last.
 * @template T
 * @param {T[]} items
 * @param {number} n
 * @returns {T[]}
 */
export function rotate(items, n) {
  if (!items.length) return [];
  const k = ((n % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/**
 * Joins the speed rows of single-round runs of one runtime into the usual
 * per-benchmark figures (median ops/s with the min–max of rounds, and the
 * ratio to the baseline taken round by round on that runtime) with the same
 * summary the host uses. Rows are matched by format and op, whatever ops
 * there are; every other field of a row (verdict, extra figures) is kept
 * from its first round. Rows come out in `order` of formats, then op order
 * of the first round.
 * @param {{ format: string, op: string, rounds: object[], [key: string]: any }[][]} roundsOfRows rows of round 1, rows of round 2, …
 * @param {string} baseline
 * @param {string[]} [order] format order of the tables
 * @returns {SpeedRow[]}
 */
export function combineRounds(roundsOfRows, baseline, order = []) {
  const cases = new Map();
  for (const rows of roundsOfRows) {
    for (const row of rows) {
      const key = `${row.format}\u0000${row.op}`;
      if (!cases.has(key)) cases.set(key, { row, rounds: [] });
      cases.get(key).rounds.push(...row.rounds);
    }
  }
  const list = [...cases.values()];
  // a benchmark missing from some round cannot be paired round by round with the baseline
  const complete = list.filter((c) => c.rounds.length === roundsOfRows.length);
  const summaries = summariseRounds(complete.map(({ row, rounds }) => ({
    p: { codec: { name: row.format, library: row.library, version: row.version }, status: row.status, diff: row.diff, normalised: row.normalised, reason: row.reason },
    op: row.op, wireBytes: row.wireBytes, rounds,
  })), baseline);
  const ops = [...new Set(list.map((c) => c.row.op))];
  const rank = (format) => (order.includes(format) ? order.indexOf(format) : order.length);
  return complete.map(({ row }, i) => ({ ...row, ...summaries[i] }))
    .sort((a, b) => rank(a.format) - rank(b.format) || ops.indexOf(a.op) - ops.indexOf(b.op));
}

/**
 * One speed row as measureSpeed gives it: the codec's verdict, the op, and
 * its figures (more fields may come and are carried along).
 * @typedef {{ format: string, library: string|null, version: string|null, status: string, diff: object|null,
 *   normalised: string[], reason: string|null, op: string, opsPerSec: number, min: number, max: number,
 *   wireBytes: number, vsBaseline: number|null, vsBaselineMin: number|null, vsBaselineMax: number|null,
 *   rounds: { hz: number, rme: number, samples: number }[], [key: string]: any }} SpeedRow
 */
