/**
 * Speed figures repeated in fresh processes (npm start's speed pass, benchmark_dss.js --rounds R on the paired
 * timer): a figure can depend on the process it ran in (its heap layout, what the JIT chose: Kalibera & Jones 2013;
 * Barrett et al. 2017), which no number of slices within one process reveals. Each process measures every ratio with
 * its own interval; a row keeps each process's figure, pools the processes' pairs into one ratio (pooledRatio), and
 * is flagged when the processes disagree beyond their intervals and beyond the precision target:
 * 'process-dependent', or 'bimodal' when they fall into two groups of at least two that each agree within while the
 * groups do not (so at least four processes). A flagged ratio has not met its precision: it is shown unstable, never
 * as a winner.
 */
import { roundtripFrom } from './speed-paired.js';
import { fastestBaseline, fullSpeed } from './slowed.js';
import { median, medianInterval, relativeHalfWidth } from './statistics.js';

/**
 * How a ratio measured in several processes agrees with itself: 'agree' when one value lies in every process's
 * interval, or when the processes' ratios lie within `tolerance` of each other (largest ÷ smallest − 1: two
 * processes 2.7% apart, each to ±1%, differ beyond their intervals but not by what the figure is stated to, ±5%);
 * else 'bimodal' for two groups that each agree, or 'process-dependent'.
 * @param {{ ratio: number, low: number|null, high: number|null }[]} runs one per process
 * @param {number} [tolerance] the figure's precision target (default 0: the intervals alone decide)
 * @returns {'agree'|'process-dependent'|'bimodal'}
 */
export function processAgreement(runs, tolerance = 0) {
  const ratios = runs.map((r) => r.ratio);
  if (tolerance > 0 && Math.min(...ratios) > 0 && Math.max(...ratios) / Math.min(...ratios) - 1 <= tolerance) return 'agree';
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
    const fits = (/** @type {typeof runs} */ g) => Math.max(...g.map((r) => /** @type {number} */ (r.low))) <= Math.min(...g.map((r) => /** @type {number} */ (r.high)))
      || (tolerance > 0 && Math.max(...g.map((r) => r.ratio)) / Math.min(...g.map((r) => r.ratio)) - 1 <= tolerance);
    // two modes need two processes each: one process apart from the rest is an outlier, not a mode
    if (left.length >= 2 && right.length >= 2 && fits(left) && fits(right)) return 'bimodal';
  }
  return 'process-dependent';
}

/**
 * One ratio over several processes. Where every process kept its per-pair ratios (the paired timer's rows), they are
 * pooled: the ratio is the median of all the pairs and its interval the median's distribution-free interval over
 * them (medianInterval), widened to take in every process's own median, so that what the processes disagree by is in
 * the interval as well as what the pairs scatter by. Otherwise (a derived round trip, rows without their pairs) the
 * median of the processes' ratios, in the median of their bounds widened the same way.
 * @param {{ vsBaseline: number|null, vsBaselineMin: number|null, vsBaselineMax: number|null, precision?: { level?: number, pairRatios?: number[] } | null }[]} rows one per process, each with a ratio
 * @param {number} [level] the interval's confidence (default: the rows')
 * @returns {{ ratio: number, low: number|null, high: number|null, pairs: number|null }}
 */
export function pooledRatio(rows, level) {
  const ratios = rows.map((r) => /** @type {number} */ (r.vsBaseline));
  const pairs = rows.map((r) => r.precision?.pairRatios);
  if (pairs.every((v) => Array.isArray(v) && v.length > 0)) {
    const all = /** @type {number[][]} */ (pairs).flat();
    const ci = medianInterval(all, level ?? rows[0].precision?.level ?? 0.95);
    return {
      ratio: ci.median,
      low: ci.low == null ? null : Math.min(ci.low, ...ratios),
      high: ci.high == null ? null : Math.max(ci.high, ...ratios),
      pairs: all.length,
    };
  }
  const lows = rows.map((r) => r.vsBaselineMin);
  const highs = rows.map((r) => r.vsBaselineMax);
  const bounded = lows.every((x) => x != null) && highs.every((x) => x != null);
  return {
    ratio: median(ratios),
    low: bounded ? Math.min(median(/** @type {number[]} */ (lows)), ...ratios) : null,
    high: bounded ? Math.max(median(/** @type {number[]} */ (highs)), ...ratios) : null,
    pairs: null,
  };
}

/**
 * Speed rows of one payload from several processes, merged row by row (matched by format and op): ops/s (and the
 * one-message bias) are the medians over the processes, ops/s's min–max spans every process's (± is that span's
 * half-width relative to the median); `processes` keeps each process's ratio and interval and their agreement.
 * The ratio pools the processes' pairs (pooledRatio): where the processes agree they measured one value, and the span
 * of their intervals would be no interval of it, only growing with every process added (three processes per group
 * left 13 of 15 rows unstable in runs whose medians agreed within 10%: docs/speed.md); the pooled interval is taken
 * wide enough to hold every process's median. A derived round trip is derived again from the merged encode and
 * decode (roundtripFrom, at the joint level), so it stays between them. A process that ran on a slowed machine
 * (fullSpeed: its baseline below SLOWED_BASELINE_BELOW of the fastest any row of that operation saw) is set aside: it is neither pooled nor
 * compared, and `processes.slowed` says which; with fewer than two processes left the agreement is 'unjudged' and the
 * figure pools every process, as if none had been set aside. A
 * ratio has met its precision only when the processes agree (one value in every process's interval, or their ratios
 * within the target of each other: processAgreement) and its interval is within the target; one whose processes
 * disagree, or could not be compared, is shown unstable with the reason named, never as a winner.
 * @template {{ format: string, op: string, opsPerSec: number, min: number, max: number, rme: number, spread?: number, mbPerSec?: number|null, wireBytes?: number,
 *   oneMessage?: { opsPerSec: number, min: number, max: number, rme: number, rounds?: { hz: number, rme: number, samples: number }[] } | null,
 *   bias?: number|null, biasMin?: number|null, biasMax?: number|null, vsBaseline: number|null,
 *   vsBaselineMin: number|null, vsBaselineMax: number|null, precision?: { met: boolean, halfWidth: number|null, low: number|null, high: number|null, level?: number, target?: number,
 *   pairs?: number|null, minPairs?: number, pairRatios?: number[], encodeShare?: number, baseRate?: number } | null,
 *   rounds: { hz: number, rme: number, samples: number }[] }} Row
 * @param {Row[][]} runs each process's rows of the payload, in the same order
 * @returns {(Row & { processes: { agreement: string, vsBaseline: (number|null)[], low: (number|null)[], high: (number|null)[], baseRate?: (number|null)[], slowed?: (boolean|null)[] } })[]}
 */
export function mergeProcessRows(runs) {
  // every row any process has, in the first order they appear (a codec one process could not time is still a row)
  const keys = [...new Map(runs.flat().map((r) => [`${r.format}\u0000${r.op}`, r])).values()];
  const fastest = fastestBaseline(runs.flat());
  const merged = keys.map((row) => {
    // one entry per process, undefined where that process has no such row
    const each = runs.map((rows) => rows.find((r) => r.format === row.format && r.op === row.op));
    const mine = each.filter((r) => r !== undefined);
    const withRatio = mine.filter((r) => r.vsBaseline != null && r.precision);
    const complete = withRatio.length === runs.length;
    // the processes that ran at full speed: a slowed one is set aside (its ratio kept in `processes`), and where
    // fewer than two are left the processes cannot be compared at all
    const full = fullSpeed(withRatio, fastest.get(row.op), row.precision?.target);
    const judged = withRatio.filter((_, i) => full[i]);
    const agreement = withRatio.length === mine.length && withRatio.length > 0
      ? (judged.length < Math.min(2, withRatio.length) ? 'unjudged'
        : processAgreement(judged.map((r) => ({ ratio: /** @type {number} */ (r.vsBaseline), low: r.vsBaselineMin, high: r.vsBaselineMax })), row.precision?.target ?? 0))
      : 'agree';
    // where fewer than two ran at full speed, the figure pools them all and is shown unjudged: one process alone is
    // no better than the others (every one slowed beside another codec's faster ones), and it may be the outlier.
    // On the AMD EPYC VM on a slow evening (npm start 2026-11-30 01:26Z and 01:36Z) the lone "full-speed" process was
    // the one whose baseline ran fast (124k ops/s against 82–89k in the run's other five processes, test3 decode), and
    // its ratio (protobufjs-static 2.03×; msgpackr encode on test4 1.00×) lay 15–19% from what the other processes and
    // the run before read (1.67–1.81×, 0.87–0.89×); pooled, the figure sits with them and its interval spans both
    const pooledFrom = judged.length >= 2 ? judged : withRatio;
    const pooled = pooledFrom.length ? pooledRatio(pooledFrom) : null;
    const vs = pooled ? pooled.ratio : row.vsBaseline;
    const low = pooled ? pooled.low : row.vsBaselineMin;
    const high = pooled ? pooled.high : row.vsBaselineMax;
    const target = row.precision?.target ?? Infinity;
    const halfWidth = vs != null && low != null && high != null ? Math.max(high / vs - 1, 1 - low / vs) : null;
    const { pairRatios: _own, baseRate: _rate, ...ownPrecision } = row.precision ?? /** @type {NonNullable<Row['precision']>} */ ({});
    const precision = row.precision && pooled
      ? {
        ...ownPrecision, low, high, halfWidth,
        // pooled pairs where every process kept its own; else the pairs are no one process's to show
        ...(pooled.pairs != null ? { pairs: pooled.pairs, pairRatios: pooledFrom.flatMap((r) => r.precision?.pairRatios ?? []) } : {}),
        met: agreement === 'agree' && complete && halfWidth != null && halfWidth <= target
          && (pooled.pairs == null || pooled.pairs >= (row.precision.minPairs ?? 0)),
      }
      : row.precision;
    const opsPerSec = median(mine.map((r) => r.opsPerSec));
    const min = Math.min(...mine.map((r) => r.min));
    const max = Math.max(...mine.map((r) => r.max));
    // the one-message bias over the processes too: the median, and the span of the processes' intervals
    const biased = mine.filter((r) => r.bias != null);
    const ones = mine.map((r) => r.oneMessage).filter((o) => o != null);
    return {
      ...row,
      opsPerSec, min, max,
      spread: opsPerSec > 0 ? (max - min) / opsPerSec : row.spread,
      // ±: the half-width of the span above relative to the median, as the table's column defines it
      rme: opsPerSec > 0 ? Math.max(max / opsPerSec - 1, 1 - min / opsPerSec) * 100 : row.rme,
      ...(row.mbPerSec != null && row.wireBytes != null ? { mbPerSec: (opsPerSec * row.wireBytes) / 1e6 } : {}),
      ...(ones.length === mine.length && ones.length > 1 ? {
        oneMessage: {
          ...ones[0], opsPerSec: median(ones.map((o) => o.opsPerSec)), min: Math.min(...ones.map((o) => o.min)), max: Math.max(...ones.map((o) => o.max)), rounds: ones.flatMap((o) => o.rounds ?? []),
        },
      } : {}),
      ...(biased.length === mine.length && biased.length > 1 ? {
        bias: median(biased.map((r) => /** @type {number} */ (r.bias))),
        biasMin: Math.min(...biased.map((r) => r.biasMin ?? /** @type {number} */ (r.bias))),
        biasMax: Math.max(...biased.map((r) => r.biasMax ?? /** @type {number} */ (r.bias))),
      } : {}),
      vsBaseline: vs, vsBaselineMin: low, vsBaselineMax: high,
      precision,
      rounds: mine.flatMap((r) => r.rounds),
      // per process, in order: null where a process had no such row (or no ratio)
      processes: {
        agreement, vsBaseline: each.map((r) => r?.vsBaseline ?? null), low: each.map((r) => r?.vsBaselineMin ?? null), high: each.map((r) => r?.vsBaselineMax ?? null),
        // each process's baseline ops/s beside the ratio's pairs, and which of them ran on a slowed machine
        // (fullSpeed) and were set aside: only where one was
        ...(withRatio.some((r) => r.precision?.baseRate != null) && { baseRate: each.map((r) => r?.precision?.baseRate ?? null) }),
        ...(full.includes(false) && { slowed: each.map((r) => (r === undefined || !withRatio.includes(r) ? null : !full[withRatio.indexOf(r)])) }),
      },
    };
  });
  return merged.map((row) => (row.op === 'roundtrip' && row.precision?.encodeShare != null ? roundtripAgain(row, merged, runs, fastest) : row));
}

/**
 * A derived round trip over the processes: from the merged encode and decode ratios, their pairs pooled at the joint
 * level (each at half the error, as within a process), and the baseline's encode share (the processes' median).
 * @template {{ format: string, op: string, vsBaseline: number|null, vsBaselineMin: number|null, vsBaselineMax: number|null,
 *   precision?: { met: boolean, halfWidth: number|null, low: number|null, high: number|null, level?: number, target?: number, pairs?: number|null, minPairs?: number, pairRatios?: number[], encodeShare?: number } | null,
 *   processes: { agreement: string } }} R
 * @param {R} row the round trip, merged as any row
 * @param {R[]} merged every merged row of the payload
 * @param {any[][]} runs each process's rows
 * @param {Map<string, number>} fastest the baseline's fastest per operation (fastestBaseline)
 * @returns {R}
 */
function roundtripAgain(row, merged, runs, fastest) {
  const enc = merged.find((r) => r.format === row.format && r.op === 'encode');
  const dec = merged.find((r) => r.format === row.format && r.op === 'decode');
  if (!enc?.precision || !dec?.precision || enc.vsBaseline == null || dec.vsBaseline == null || !row.precision) return row;
  const level = row.precision.level ?? 0.95;
  const joint = 1 - (1 - level) / 2;
  const perProcess = (/** @type {string} */ op) => runs.map((rows) => rows.find((r) => r.format === row.format && r.op === op)).filter((r) => r?.vsBaseline != null && r.precision);
  // the pairs of the processes that ran at full speed, as for the encode and decode rows themselves (and, as there,
  // every process's where fewer than two ran at full speed)
  const atFullSpeed = (/** @type {string} */ op) => {
    const rows = perProcess(op);
    const full = fullSpeed(rows, fastest.get(op), rows[0]?.precision?.target);
    const kept = rows.filter((_, i) => full[i]);
    return kept.length >= 2 ? kept : rows;
  };
  const e = pooledRatio(atFullSpeed('encode'), joint);
  const d = pooledRatio(atFullSpeed('decode'), joint);
  const shares = runs.map((rows) => rows.find((r) => r.format === row.format && r.op === 'roundtrip')?.precision?.encodeShare).filter((x) => x != null);
  const a = median(shares);
  const mid = roundtripFrom({ ratio: enc.vsBaseline, low: null, high: null }, { ratio: dec.vsBaseline, low: null, high: null }, a);
  const bounds = roundtripFrom({ ratio: enc.vsBaseline, low: e.low, high: e.high }, { ratio: dec.vsBaseline, low: d.low, high: d.high }, a);
  const halfWidth = relativeHalfWidth({ median: mid.ratio, low: bounds.low, high: bounds.high });
  // the round trip is derived, not measured: it agrees across processes exactly when its encode and decode do
  const agreement = enc.processes.agreement !== 'agree' ? enc.processes.agreement : dec.processes.agreement;
  const pairs = Math.min(enc.precision.pairs ?? 0, dec.precision.pairs ?? 0);
  return {
    ...row,
    vsBaseline: mid.ratio, vsBaselineMin: bounds.low, vsBaselineMax: bounds.high,
    precision: {
      ...row.precision, low: bounds.low, high: bounds.high, halfWidth: Number.isFinite(halfWidth) ? halfWidth : null, encodeShare: a, pairs,
      met: agreement === 'agree' && e.pairs !== 0 && perProcess('encode').length === runs.length && perProcess('decode').length === runs.length
        && halfWidth <= (row.precision.target ?? Infinity) && pairs >= (row.precision.minPairs ?? 0),
    },
    processes: { ...row.processes, agreement },
  };
}
