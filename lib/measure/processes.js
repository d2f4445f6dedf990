/**
 * Speed figures repeated in fresh processes (benchmark_dss.js --rounds R on the paired timer): a figure can depend
 * on the process it ran in (its heap layout, what the JIT chose: Kalibera & Jones 2013; Barrett et al. 2017), which
 * no number of slices within one process reveals. Each process measures every ratio with its own interval; a row
 * keeps each process's figure, takes the median of them, and is flagged when the processes disagree beyond their
 * intervals: 'process-dependent' when no one value lies inside every process's interval, 'bimodal' when the
 * processes fall into two groups of at least two that each agree within while the groups do not (so at least four
 * processes). A flagged ratio
 * has not met its precision: it is shown unstable, never as a winner.
 */
import { median } from './statistics.js';

/**
 * How a ratio measured in several processes agrees with itself.
 * @param {{ ratio: number, low: number|null, high: number|null }[]} runs one per process
 * @returns {'agree'|'process-dependent'|'bimodal'}
 */
export function processAgreement(runs) {
  if (runs.some((r) => r.low == null || r.high == null)) return 'process-dependent';
  const lows = runs.map((r) => /** @type {number} */ (r.low));
  const highs = runs.map((r) => /** @type {number} */ (r.high));
  if (Math.max(...lows) <= Math.min(...highs)) return 'agree';
  // two groups: a gap between neighbours in ratio order that neither side's interval bridges, with every process
  // on each side agreeing among themselves
  const sorted = [...runs].sort((a, b) => a.ratio - b.ratio);
  for (let i = 1; i < sorted.length; i++) {
    const left = sorted.slice(0, i);
    const right = sorted.slice(i);
    const fits = (/** @type {typeof runs} */ g) => Math.max(...g.map((r) => /** @type {number} */ (r.low))) <= Math.min(...g.map((r) => /** @type {number} */ (r.high)));
    // two modes need two processes each: one process apart from the rest is an outlier, not a mode
    if (left.length >= 2 && right.length >= 2 && fits(left) && fits(right)) return 'bimodal';
  }
  return 'process-dependent';
}

/**
 * Speed rows of one payload from several processes, merged row by row (matched by format and op): ops/s and the
 * ratio (and the one-message bias) are the medians over the processes, the intervals span every process's (± is
 * that span's half-width relative to the median), `processes` keeps each
 * process's figures and the agreement, and a ratio whose processes disagree, or whose spanning interval is wider
 * than the target, has not met its precision.
 * @template {{ format: string, op: string, opsPerSec: number, min: number, max: number, rme: number, bias?: number|null, biasMin?: number|null, biasMax?: number|null, vsBaseline: number|null,
 *   vsBaselineMin: number|null, vsBaselineMax: number|null, precision?: { met: boolean, halfWidth: number|null, low: number|null, high: number|null } | null,
 *   rounds: { hz: number, rme: number, samples: number }[] }} Row
 * @param {Row[][]} runs each process's rows of the payload, in the same order
 * @returns {(Row & { processes: { agreement: string, vsBaseline: (number|null)[] } })[]}
 */
export function mergeProcessRows(runs) {
  const [first] = runs;
  return first.map((row) => {
    const mine = runs.map((rows) => rows.find((r) => r.format === row.format && r.op === row.op)).filter((r) => r !== undefined);
    const ratios = mine.map((r) => r.vsBaseline);
    const withRatio = mine.filter((r) => r.vsBaseline != null && r.precision);
    const agreement = withRatio.length === mine.length && withRatio.length > 0
      ? processAgreement(withRatio.map((r) => ({ ratio: /** @type {number} */ (r.vsBaseline), low: r.vsBaselineMin, high: r.vsBaselineMax })))
      : 'agree';
    const lows = withRatio.map((r) => r.vsBaselineMin).filter((x) => x != null);
    const highs = withRatio.map((r) => r.vsBaselineMax).filter((x) => x != null);
    const vs = withRatio.length ? median(withRatio.map((r) => /** @type {number} */ (r.vsBaseline))) : row.vsBaseline;
    const low = lows.length === withRatio.length && lows.length ? Math.min(.../** @type {number[]} */ (lows)) : row.vsBaselineMin;
    const high = highs.length === withRatio.length && highs.length ? Math.max(.../** @type {number[]} */ (highs)) : row.vsBaselineMax;
    const precision = row.precision && vs != null && low != null && high != null
      ? {
        ...row.precision, low, high,
        halfWidth: Math.max(high / vs - 1, 1 - low / vs),
        met: agreement === 'agree' && withRatio.every((r) => r.precision?.met) && Math.max(high / vs - 1, 1 - low / vs) <= (/** @type {{ target?: number }} */ (row.precision).target ?? Infinity),
      }
      : row.precision;
    const opsPerSec = median(mine.map((r) => r.opsPerSec));
    const min = Math.min(...mine.map((r) => r.min));
    const max = Math.max(...mine.map((r) => r.max));
    // the one-message bias over the processes too: the median, and the span of the processes' intervals
    const biased = mine.filter((r) => r.bias != null);
    return {
      ...row,
      opsPerSec, min, max,
      // ±: the half-width of the span above relative to the median, as the table's column defines it
      rme: opsPerSec > 0 ? Math.max(max / opsPerSec - 1, 1 - min / opsPerSec) * 100 : row.rme,
      ...(biased.length === mine.length && biased.length > 1 ? {
        bias: median(biased.map((r) => /** @type {number} */ (r.bias))),
        biasMin: Math.min(...biased.map((r) => r.biasMin ?? /** @type {number} */ (r.bias))),
        biasMax: Math.max(...biased.map((r) => r.biasMax ?? /** @type {number} */ (r.bias))),
      } : {}),
      vsBaseline: vs, vsBaselineMin: low, vsBaselineMax: high,
      precision,
      rounds: mine.flatMap((r) => r.rounds),
      processes: { agreement, vsBaseline: ratios },
    };
  });
}
