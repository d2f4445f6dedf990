/**
 * Rounds and their statistics, for every measurement that runs in rounds
 * (speed, memory, transmission, the runtime matrix): the order of each round
 * (rotate, alternate), and what a figure's values over the rounds come to
 * (median, min–max, spread). A difference is only named outside that spread
 * (docs/speed.md), so every pass summarises its rounds with these same
 * functions.
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
