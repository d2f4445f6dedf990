// The open-loop rate search that --sweep (run.js) and --capacity (capacity.js) both run: one function, so the
// two searches agree on how they double and bisect.

/**
 * The search of a highest passing rate: rates double from fromRate until a probe fails (or maxRate is passed), then
 * `steps` bisections narrow the gap. probe(rate) says whether the rate held.
 *
 * A failure `pastFloor(rate)` calls a floor, not a limit (a p99 over the target while neither side ran out:
 * a server that answers slower when idle than when loaded, as gRPC and Connect over HTTP/2 do on a virtual machine
 * whose idle cores wake slowly), does not end the doubling: up to `floorRates` more rates are tried, and a rate above
 * that passes makes the search go on from there; the floor's rates are returned.
 * @param {(rate: number) => Promise<boolean>} probe
 * @param {{ fromRate: number, maxRate: number, steps: number, pastFloor?: (rate: number) => boolean, floorRates?: number }} o
 * @returns {Promise<{ good: number|null, bad: number|null, floor: number[] }>} good null: no rate held; bad null: maxRate held;
 *   floor: the rates below `good` that failed as a floor
 */
export async function searchRate(probe, { fromRate, maxRate, steps, pastFloor = () => false, floorRates = 3 }) {
  let good = null;
  let bad = null;
  /** @type {number[]} failed as a floor, in order */
  let failing = [];
  const floor = [];
  for (let rate = fromRate; bad === null && rate <= maxRate; rate *= 2) {
    if (await probe(rate)) {
      good = rate;
      floor.push(...failing);
      failing = [];
    } else if (pastFloor(rate) && failing.length < floorRates) {
      failing.push(rate);
    } else {
      bad = failing[0] ?? rate;
    }
  }
  // the doubling ran out (maxRate) on floor failures: the first of them is where the search stopped holding
  if (bad === null && failing.length) bad = failing[0];
  for (let i = 0; i < steps && good !== null && bad !== null; i++) {
    const mid = Math.round((good + bad) / 2);
    if (mid === good || mid === bad) break;
    if (await probe(mid)) good = mid;
    else bad = mid;
  }
  return { good, bad, floor };
}
