/**
 * Rounds and their statistics, for every measurement that runs in rounds
 * (speed, memory, transmission, the runtime matrix): the order of each round
 * (rotate, alternate), and what a figure's values over the rounds come to
 * (median, min–max, spread). A difference is only named outside that spread
 * (docs/speed.md), so every pass summarises its rounds with these same
 * functions. And the distribution-free interval of a median (medianInterval)
 * with its relative width, which the paired timer's ratios and the fixed-rate
 * CPU figures are judged by.
 */

/**
 * A list turned left by n places: round n starts with item n, so no item is
 * always timed first (when the machine is coolest) or last.
 * @template T
 * @param {readonly T[]} items
 * @param {number} n
 * @returns {T[]}
 */
export function rotate(items, n) {
  if (!items.length) return [];
  const k = ((n % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/**
 * A list in its order in odd rounds and reversed in even ones (ABBA), rounds
 * counted from 1: of two things measured back to back, or of a few, none is
 * always the first (on a JIT still tiering up, a cold cache) or the last.
 * @template T
 * @param {readonly T[]} items
 * @param {number} round 1-based
 * @returns {T[]}
 */
export function alternate(items, round) {
  return round % 2 ? [...items] : [...items].reverse();
}

/**
 * Median of numbers (the mean of the middle two for an even count; NaN for none).
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Smallest and largest value.
 * @param {readonly number[]} values
 * @returns {{ min: number, max: number }}
 */
export function range(values) {
  return { min: Math.min(...values), max: Math.max(...values) };
}

/**
 * (max - min) / median, as a fraction: how far apart the rounds landed.
 * @param {readonly number[]} values
 * @returns {number}
 */
export function spread(values) {
  const { min, max } = range(values);
  return (max - min) / median(values);
}

/**
 * A figure over its rounds: the median, and the min–max around it.
 * @param {readonly number[]} values one per round
 * @returns {{ median: number, min: number, max: number }}
 */
export function overRounds(values) {
  return { median: median(values), ...range(values) };
}

/**
 * The largest of the values that are there (null and undefined left out), or null when none is: a worst case over
 * passes or workers, where some could not measure it.
 * @param {readonly (number|null|undefined)[]} values
 * @returns {number|null}
 */
export function largest(values) {
  const known = /** @type {number[]} */ (values.filter((v) => v != null));
  return known.length ? Math.max(...known) : null;
}

/**
 * ln of n choose k, for the binomial weights of medianInterval.
 * @param {number} n
 * @param {number} k
 */
function logChoose(n, k) {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i);
  return s;
}

/**
 * A confidence interval for the median of values, free of any assumption on their distribution: the k-th
 * smallest and k-th largest values, k the largest count with P(Binomial(n, ½) < k) ≤ (1 − level) / 2. With too few
 * values for the level (fewer than 6 at 95%) the bounds are null.
 * @param {readonly number[]} values
 * @param {number} [level] e.g. 0.95
 * @returns {{ median: number, low: number|null, high: number|null, level: number, n: number }}
 */
export function medianInterval(values, level = 0.95) {
  const n = values.length;
  const sorted = [...values].sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  // cumulative binomial(n, ½) from 0 upwards, until the tail is exceeded
  let k = 0;
  let cum = 0;
  for (let i = 0; i < n; i++) {
    cum += Math.exp(logChoose(n, i) - n * Math.LN2);
    if (cum > tail) break;
    k = i + 1;
  }
  if (k < 1) return { median: median(sorted), low: null, high: null, level, n };
  return { median: median(sorted), low: sorted[k - 1], high: sorted[n - k], level, n };
}

/**
 * How wide an interval is against its centre, as a fraction: the larger of high/median − 1 and 1 − low/median
 * (Infinity when there are no bounds).
 * @param {{ median: number, low: number|null, high: number|null }} ci
 */
export function relativeHalfWidth({ median: m, low, high }) {
  if (low == null || high == null || !(m > 0)) return Infinity;
  return Math.max(high / m - 1, 1 - low / m);
}
