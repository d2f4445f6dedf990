// The one set of number formatters every printer uses (terminal, Markdown,
// HTML), so a figure reads the same wherever it is shown.

/**
 * A formatter that shows '—' where there is no figure (null, undefined or NaN), and the figure otherwise.
 * @param {(n: number) => string} show
 * @returns {(n: number | null | undefined) => string}
 */
const orDash = (show) => (n) => (n == null || Number.isNaN(n) ? '—' : show(n));

/** A whole number with thousands separators; '—' when there is none. */
export const int = orDash((n) => Math.round(n).toLocaleString('en-US'));

/**
 * A number with d decimals; '—' when there is none.
 * @param {number | null | undefined} n
 * @param {number} d
 */
export const fixed = (n, d) => orDash((x) => x.toFixed(d))(n);

/** A fraction as a percentage with one decimal. */
export const pct = orDash((x) => `${(x * 100).toFixed(1)}%`);

/**
 * A latency in milliseconds: three decimals below 10 ms (loopback latencies
 * are tens of microseconds), two below 100 ms, one above.
 */
export const ms = orDash((n) => (n < 10 ? n.toFixed(3) : n < 100 ? n.toFixed(2) : n.toFixed(1)));

/** Microseconds (CPU per message): two decimals below 10 µs, one above. */
export const us = orDash((n) => (n < 10 ? n.toFixed(2) : n.toFixed(1)));

/**
 * "1.36× (1.21–1.48)": a row's median ratio to the baseline and its range over the rounds; the ratio alone when
 * the rounds agree, '—' for the baseline itself and for rows without one.
 * @param {{ vsBaseline?: number|null, vsBaselineMin?: number|null, vsBaselineMax?: number|null } | null | undefined} row
 */
export function ratioCell(row) {
  if (row?.vsBaseline == null) return '—';
  const { vsBaseline, vsBaselineMin: min, vsBaselineMax: max } = row;
  return min === max ? `${fixed(vsBaseline, 2)}×` : `${fixed(vsBaseline, 2)}× (${bound(min)}–${bound(max)})`;
}

/**
 * An interval's bound with two decimals, or as many more as it takes not to read as 1.00 when it is not 1: ▲ and ▼
 * say the whole interval lies on one side of 1, and "(0.96–1.00) ▼" would seem to say otherwise (0.9969 → 0.997).
 * @param {number | null | undefined} x
 */
export function bound(x) {
  if (x == null || Number.isNaN(x)) return fixed(x, 2);
  for (let d = 2; d < 6; d++) if (x.toFixed(d) !== (1).toFixed(d) || x === 1) return x.toFixed(d);
  return x.toFixed(6);
}
