// The open-loop rate search that --sweep (run.js) and --capacity (capacity.js) both run: one function, so the
// two searches agree on how they double and bisect.

/**
 * The search of a highest passing rate: rates double from fromRate until a probe fails (or maxRate is passed), then
 * `steps` bisections narrow the gap. probe(rate) says whether the rate held.
 * @param {(rate: number) => Promise<boolean>} probe
 * @param {{ fromRate: number, maxRate: number, steps: number }} o
 * @returns {Promise<{ good: number|null, bad: number|null }>} good null: even fromRate failed; bad null: maxRate held
 */
export async function searchRate(probe, { fromRate, maxRate, steps }) {
  let good = null;
  let bad = null;
  for (let rate = fromRate; bad === null && rate <= maxRate; rate *= 2) {
    if (await probe(rate)) good = rate;
    else bad = rate;
  }
  for (let i = 0; i < steps && good !== null && bad !== null; i++) {
    const mid = Math.round((good + bad) / 2);
    if (mid === good || mid === bad) break;
    if (await probe(mid)) good = mid;
    else bad = mid;
  }
  return { good, bad };
}
