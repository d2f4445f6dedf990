/** Median of numbers (the mean of the middle two for an even count). */
export function median(values) {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Smallest and largest value. */
export function range(values) {
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** (max - min) / median, as a fraction: how far apart the rounds landed. */
export function spread(values) {
  const { min, max } = range(values);
  return (max - min) / median(values);
}
