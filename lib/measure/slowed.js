/**
 * Which processes of a speed ratio ran on a slowed machine: the rule lib/measure/processes.js applies when it merges
 * the processes of one run, and its threshold, which the report names. No imports, so the report can load it.
 */

/**
 * A process whose baseline ran below this share of the fastest it ran in the run, on the same payload and operation, ran on
 * a slowed machine. On this project's 2-core VM the host slows the whole machine for seconds to minutes, and not all
 * code alike: the baseline (json-buffer: JSON.stringify, then a copy into a Buffer) loses up to half its rate and the
 * codecs timed against it more, so every ratio to it falls together. 46 fresh processes timing test3's encode
 * (2026-11-29, AMD EPYC, Node 20.20.2; docs/speed.md, "A slowed machine"): those whose json-buffer ran at 0.83–1.0 of
 * the fastest's read msgpackr 1.84–2.02×, protobufjs-static 1.88–2.13×; at 0.50–0.60 of it, 1.45–1.65× and
 * 1.71–1.91×; between, in between. Pairing cannot cancel that: both sides of each pair ran slowed, unequally.
 */
// Not the machine probe's SLOWED_BELOW (lib/transmission/machine-probe.js), which judges the transmission passes' cores
// by a JSON loop timed around them: this one judges a speed process by the baseline timed in its own slices.
export const SLOWED_BASELINE_BELOW = 0.8;

/**
 * Which processes of one ratio ran at the machine's full speed. A process ran slowed when both hold:
 * - its baseline's rate beside the ratio's pairs (precision.baseRate) is below SLOWED_BASELINE_BELOW of the fastest: `fastest`
 *   when given (the run's fastest baseline on that payload and operation, over every codec's rows: fastestBaseline),
 *   else the fastest of these rows;
 * - and its ratio is no higher than `tolerance` above the ratio of the process among these whose baseline ran fastest.
 *   A slowed host slows the codecs at least as much as the baseline, so their ratios fall or hold. Where the ratio
 *   rose instead, only the baseline ran slower in that process (its own JIT state: on Node 24.22.3, test4's
 *   json-buffer encode ran at 68–72k ops/s in two processes and 82–90k in a third, while every codec ran alike in all
 *   three, so the ratios were higher where the baseline was slow, protobuf-es 0.60–0.61× against 0.50×). That process
 *   is kept, and the processes' agreement judges the difference as any other.
 * A row without a baseRate counts as at full speed (rows of the Benchmark.js timer, results written before it, a
 * ratio of no pairs).
 * @param {{ vsBaseline?: number|null, precision?: { baseRate?: number, [key: string]: unknown } | null }[]} rows one per
 *   process, each with a ratio
 * @param {number} [fastest]
 * @param {number} [tolerance] how far above the reference process's ratio a slowed process's may lie (default 0.05,
 *   the precision target)
 * @returns {boolean[]}
 */
export function fullSpeed(rows, fastest, tolerance = 0.05) {
  const rates = rows.map((r) => r.precision?.baseRate);
  const has = (/** @type {unknown} */ x) => typeof x === 'number' && x > 0;
  const known = /** @type {number[]} */ (rates.filter(has));
  const reference = Math.max(fastest ?? 0, ...known);
  // the ratio of the process whose baseline ran fastest among these
  let top = -1;
  for (const [i, x] of rates.entries()) if (has(x) && (top < 0 || /** @type {number} */ (x) > /** @type {number} */ (rates[top]))) top = i;
  const topRatio = top < 0 ? null : rows[top].vsBaseline ?? null;
  return rates.map((x, i) => {
    // a process without a rate (no pairs, or a row of another timer) cannot be judged: it counts as at full speed
    if (!has(x) || /** @type {number} */ (x) >= SLOWED_BASELINE_BELOW * reference) return true;
    const ratio = rows[i].vsBaseline;
    return topRatio != null && ratio != null && ratio > topRatio * (1 + tolerance);
  });
}

/**
 * The fastest the baseline ran, per operation, over every row of a payload in every process: the reference of
 * fullSpeed. A run's codecs of one operation are timed in separate groups of processes (codecs of one library apart)
 * but beside the same baseline on the same machine, so the machine's full speed is the fastest any of them saw: in a
 * run whose one group's processes all fell in a slow stretch, that group's own fastest would pass a slowed process as
 * full speed (three fresh `node benchmark_dss.js 3`, 2026-11-29 13:18Z: one run's protobufjs-static group read its
 * baseline at 123–211k ops/s, the protobufjs-dynamic group's at up to 242k; its process at 188k read msgpackr encode
 * 1.58× where processes at full speed read 1.77–1.93×).
 * @param {{ op: string, precision?: { baseRate?: number, [key: string]: unknown } | null }[]} rows
 * @returns {Map<string, number>}
 */
export function fastestBaseline(rows) {
  /** @type {Map<string, number>} */
  const out = new Map();
  for (const r of rows) {
    const rate = r.precision?.baseRate;
    if (typeof rate === 'number' && rate > 0) out.set(r.op, Math.max(out.get(r.op) ?? 0, rate));
  }
  return out;
}
