import { precisionOf } from '../transmission/capacity-precision.js';
import { SLOWED_BASELINE_BELOW } from '../measure/slowed.js';
import { SLOWED_BELOW } from '../transmission/machine-probe.js';

/**
 * The interval a speed figure may land in by noise alone: from the slowest
 * round minus its Benchmark.js margin of error to the fastest round plus its
 * own. With several rounds this is their min–max widened a little; with one
 * round it is that round's ±RME, so a single-round run still has a spread.
 * @param {{ rounds: { hz: number, rme: number }[] }} row
 */
export function speedInterval(row) {
  return {
    low: Math.min(...row.rounds.map((r) => r.hz * (1 - r.rme / 100))),
    high: Math.max(...row.rounds.map((r) => r.hz * (1 + r.rme / 100))),
  };
}

/**
 * @param {{ low: number, high: number }} a
 * @param {{ low: number, high: number }} b
 */
const disjoint = (a, b) => a.high < b.low || b.high < a.low;

/**
 * A change smaller than this share of the figure is never CHANGED, however narrow the two intervals: two runs of
 * the same code on these machines differ by a few percent (a p99 of 288 ms against 287 ms, say), and a verdict
 * should name a difference worth a reader's attention.
 */
export const CHANGE_FLOOR = 0.05;

/**
 * A speed row's 95% confidence interval of its ratio to the baseline, where the run measured one (paired slices):
 * low/high bound vsBaseline, halfWidth is relative (0.03: ±3%), met is false when the run's time cap ran out before
 * the interval narrowed to its target.
 * @typedef {{ low: number, high: number, level?: number, halfWidth?: number, target?: number, met: boolean, pairs?: number }} RatioPrecision
 */

/**
 * A row's ratio precision, when it carries one (rows of runs from before paired timing do not).
 * @param {object} row
 * @returns {RatioPrecision | null}
 */
export function ratioPrecision(row) {
  const p = /** @type {{ precision?: unknown }} */ (row).precision;
  if (!p || typeof p !== 'object') return null;
  const { low, high, met } = /** @type {Record<string, unknown>} */ (p);
  return typeof low === 'number' && typeof high === 'number' && typeof met === 'boolean' ? /** @type {RatioPrecision} */ (p) : null;
}

/**
 * Whether a row's precision target was missed: precision.met false, whether or not it has an interval (a derived
 * round trip may have none).
 * @param {object} row
 */
export function missedTarget(row) {
  const p = /** @type {{ precision?: { met?: unknown } | null }} */ (row).precision;
  return Boolean(p && typeof p === 'object' && p.met === false);
}

/**
 * The interval a speed row's ratio to the baseline may land in by noise alone: its confidence interval when both
 * runs' rows carry one (`usePrecision`), else the min–max of its rounds' ratios. One round's min–max is a point, not
 * a spread: without a confidence interval such a row has none (null).
 * @param {{ vsBaselineMin?: number|null, vsBaselineMax?: number|null, rounds?: unknown[] }} row
 * @param {boolean} usePrecision
 * @returns {{ low: number, high: number } | null}
 */
export function ratioInterval(row, usePrecision) {
  const p = ratioPrecision(row);
  if (usePrecision && p) return { low: p.low, high: p.high };
  if (row.vsBaselineMin != null && row.vsBaselineMax != null && (row.rounds?.length ?? 0) > 1) return { low: row.vsBaselineMin, high: row.vsBaselineMax };
  return p ? { low: p.low, high: p.high } : null;
}

/** @typedef {'size'|'speed'|'ratio'|'range'|'latencyMedian'|'latencyTail'|'none'} RuleName */

/**
 * What a rule reads of the row a figure came from: its status (a codec's round trip, a capacity's bound), and the
 * spread it carries (a speed row's rounds, a transmission row's latency percentiles, the range of a figure measured
 * several times: its passes' min–max, its searches' min–max, its 95% interval), and whether it met its precision
 * target (precision.met); precisionFirst: a missed target leaves no verdict even where the status changed (a
 * capacity, whose status is what bound its kept search only); a transmission row's messages and acked (over its
 * rounds) and passes (one a round), which say how many messages lay beyond a latency tail percentile.
 * @typedef {{ status: string, rounds?: { hz: number, rme: number }[], latencyMs?: import('../transmission/rounds.js').Percentiles | null,
 *   vsBaselineMin?: number|null, vsBaselineMax?: number|null, range?: { low: number, high: number } | null,
 *   precision?: { met?: boolean } | null, precisionFirst?: boolean, messages?: number, acked?: number, passes?: unknown[] }} FigureRow
 */

/**
 * One comparable figure of a run: its key, unit and value, the rule that judges a change, the row it came from,
 * and for a latency tail the percentile (arg).
 * @typedef {{ key: string, unit: string, value: number, rule: RuleName, row: FigureRow, arg?: string, status: string }} Figure
 */

/**
 * Whether x is beyond y for one of the pairs; null when a figure of a pair is missing (a percentile not measured),
 * so there is no spread to judge by.
 * @param {...[number | null | undefined, number | null | undefined]} pairs
 * @returns {boolean | null}
 */
function anyBeyond(...pairs) {
  let beyond = false;
  for (const [x, y] of pairs) {
    if (x == null || y == null) return null;
    beyond ||= x > y;
  }
  return beyond;
}

/**
 * Messages a round must have beyond a latency tail percentile (p99: the slowest 1%, p99.9: the slowest 0.1%) in both
 * runs for the percentile to be compared. With fewer it is one of the few slowest messages of its round: p99.9 of
 * 1,000 messages is the slowest but one, next to the maximum it is judged against, so whether one run's lies beyond
 * the other's maximum is close to chance (most of the CHANGED verdicts between two consecutive npm starts of the same
 * code on 2026-11-29 were such p99.9s; two of the ten loopback ones of tonight's pair, 19:34Z and 19:37Z, would have
 * been). Ten: the percentile then lies among ten or more slower messages, below the maximum by their spread.
 */
export const TAIL_MIN_BEYOND = 10;

/** The share of messages slower than each latency tail percentile. */
const TAIL_SHARE = /** @type {Record<string, number>} */ ({ p99: 0.01, p999: 0.001 });

/**
 * Messages a round of a figure's row had beyond its tail percentile k: the row's answered messages (acked, of which
 * the latencies are; else messages), summed over its rounds, over its rounds (one where the row keeps no passes),
 * times the share beyond k; null where the row does not say how many messages it had.
 * @param {Figure} f
 * @param {string} k
 */
function beyondPerRound(f, k) {
  const { acked, messages, passes } = f.row;
  const answered = typeof acked === 'number' ? acked : messages;
  const share = TAIL_SHARE[k];
  if (typeof answered !== 'number' || share === undefined) return null;
  return (answered / Math.max(1, passes?.length ?? 1)) * share;
}

/**
 * A latency percentile of a figure's row, in ms.
 * @param {Figure} f
 * @param {string} k p50, p90, …, max
 */
const latency = (f, k) => f.row.latencyMs?.[k];

// The rules, as README documents them; each returns true (a real change),
// false (within the spread) or null (the figure carries no spread to judge by).
/** @type {Record<RuleName, (a: Figure, b: Figure) => boolean | null>} */
const RULES = {
  size: (a, b) => a.value !== b.value,
  speed: (a, b) => {
    const [ra, rb] = [a.row.rounds, b.row.rounds];
    // one round of width 0 is the paired timer's median of too few slices for an interval (speed-paired.js
    // percentWidth): a point, not a spread
    const point = (/** @type {{ rme: number }[]} */ rounds) => rounds.length === 1 && rounds[0].rme === 0;
    if (!ra || !rb || point(ra) || point(rb)) return null;
    return disjoint(speedInterval({ rounds: ra }), speedInterval({ rounds: rb }));
  },
  // the ratio to the baseline: the confidence intervals where both runs have them, else the rounds' min–max
  ratio: (a, b) => {
    const both = Boolean(ratioPrecision(a.row) && ratioPrecision(b.row));
    const [ia, ib] = [ratioInterval(a.row, both), ratioInterval(b.row, both)];
    return ia && ib ? disjoint(ia, ib) : null;
  },
  // a figure measured several times in each run (passes, rounds, searches): apart when the ranges do not overlap
  range: (a, b) => (a.row.range && b.row.range ? disjoint(a.row.range, b.row.range) : null),
  // the medians are apart when one run's p50 is beyond the other's p90
  latencyMedian: (a, b) => anyBeyond([latency(b, 'p50'), latency(a, 'p90')], [latency(a, 'p50'), latency(b, 'p90')]),
  // a tail percentile is apart when it is beyond the other run's maximum; no spread to judge where a round had fewer
  // than TAIL_MIN_BEYOND messages beyond it in either run (it is then next to the maximum itself)
  latencyTail: (a, b) => {
    const k = a.arg;
    if (k === undefined) throw new Error(`${a.key}: a latency tail figure names its percentile`);
    if ([a, b].some((f) => (beyondPerRound(f, k) ?? Infinity) < TAIL_MIN_BEYOND)) return null;
    return anyBeyond([latency(b, k), latency(a, 'max')], [latency(a, k), latency(b, 'max')]);
  },
  none: () => null,
};

/**
 * A transmission row's min–max of one figure over its rounds (rounds.js keeps it as minMax), or null with fewer than
 * two rounds: one pass's min–max is a point, not a spread.
 * @param {{ passes?: unknown[], minMax?: Record<string, any> | null }} row
 * @param {(minMax: Record<string, any>) => [number, number] | null | undefined} pick
 * @returns {{ low: number, high: number } | null}
 */
function passRange(row, pick) {
  const mm = (row.passes?.length ?? 0) > 1 && row.minMax ? pick(row.minMax) : null;
  return mm && mm[0] != null && mm[1] != null ? { low: mm[0], high: mm[1] } : null;
}

/**
 * An interval as a range, or null when it has no bounds.
 * @param {{ low?: number|null, high?: number|null } | null | undefined} interval
 */
const intervalOf = (interval) => (interval?.low != null && interval?.high != null ? { low: interval.low, high: interval.high } : null);

/**
 * Every comparable figure of a results object, keyed so two runs line up.
 * @param {import('./index.js').Results} results
 */
function figures(results) {
  /** @type {Map<string, Figure>} */
  const out = new Map();
  const { baseline } = results.settings.speed;
  /** @type {(key: string, unit: string, value: number | null | undefined, rule: RuleName, row: FigureRow, arg?: string) => void} */
  const add = (key, unit, value, rule, row, arg) => {
    if (value == null || Number.isNaN(value)) return;
    out.set(key, { key, unit, value, rule, row, arg, status: row.status });
  };
  for (const { payload, sizes, speed, speedCorpus } of results.payloads) {
    for (const c of sizes) for (const k of /** @type {const} */ (['bytes', 'gzip', 'brotli'])) add(`${payload.id} ${c.format} size ${k}`, 'bytes', c[k], 'size', c);
    // a figure over a corpus of distinct messages is not the one-message figure of a run from before corpora (or
    // of a --data file of one message), which lines up with this run's one-message figure instead; each is named
    // for what it timed
    const overCorpus = (speedCorpus?.corpus.timed ?? 1) > 1;
    for (const r of speed) {
      const at = `${payload.id} ${r.format} ${r.op}${overCorpus ? ' over the corpus' : ', one message'}`;
      add(at, 'ops/s', r.opsPerSec, 'speed', r);
      if (r.format !== baseline) add(`${at} ÷ ${baseline}`, '×', r.vsBaseline, 'ratio', r);
      if (r.oneMessage) add(`${payload.id} ${r.format} ${r.op}, one message`, 'ops/s', r.oneMessage.opsPerSec, 'speed', { ...r, rounds: r.oneMessage.rounds });
    }
  }
  for (const t of results.transmission) {
    for (const r of t.results) {
      if (!r.latencyMs) continue;
      const at = `${t.payload} ${r.format} WebSocket ${t.profile}`;
      add(`${at} latency p50`, 'ms', r.latencyMs.p50, 'latencyMedian', r);
      for (const k of ['p99', 'p999']) add(`${at} latency ${k}`, 'ms', r.latencyMs[k], 'latencyTail', r, k);
      // over several rounds a pass's figures have their rounds' min–max; one pass has no spread
      add(`${at} msgs/s`, 'messages/s', r.msgsPerSec, 'range', { ...r, range: passRange(r, (m) => m.msgsPerSec) });
    }
    // passes sent in bursts (cpuAtRate.burst) are another measurement than one message at a time: their own figure
    const inBursts = (t.cpuAtRate?.burst?.messages ?? 1) > 1 ? ` in writes of ${t.cpuAtRate?.burst?.messages}` : '';
    for (const c of t.cpuAtRate?.formats ?? []) {
      const status = c.complete === false ? 'incomplete' : 'complete';
      add(`${t.payload} ${c.format} WebSocket ${t.profile} server CPU at ${c.rate} msgs/s${inBursts}`, 'µs/message', c.serverCpuUs, 'range',
        { status, range: intervalOf(c.interval), precision: c.precision ?? null });
      // its fastest passes (cpu-at-rate.js lowestOf), with their spread as the range
      if (c.lowest) {
        add(`${t.payload} ${c.format} WebSocket ${t.profile} server CPU at ${c.rate} msgs/s${inBursts}, fastest passes`, 'µs/message', c.lowest.serverCpuUs, 'range',
          { status, range: { low: c.lowest.range[0], high: c.lowest.range[1] }, precision: { met: c.lowest.met } });
      }
    }
  }
  // the transport comparison: each transport × format over each link, its rounds' min–max
  for (const t of results.transports ?? []) {
    for (const r of t.results) {
      const at = `${t.payload} ${r.format} transport ${t.profile}`;
      add(`${at} msgs/s`, 'messages/s', r.msgsPerSec, 'range', { ...r, range: passRange(r, (m) => m.msgsPerSec) });
      for (const k of /** @type {const} */ (['p50', 'p99'])) {
        add(`${at} latency ${k}`, 'ms', r.latencyMs?.[k], 'range', { ...r, range: passRange(r, (m) => m.latencyMs?.[k]) });
      }
      add(`${at} server CPU`, 'µs/message', r.serverCpuUs, 'range', { ...r, range: passRange(r, (m) => m.serverCpuUs) });
    }
  }
  // the capacity pass: a capacity over several searches has their min–max (one search has no spread) and its
  // precision, and its status is what bound it (a capacity bound by the client in one run and the server in the other measured
  // different things); the server's CPU at the fixed rate has its 95% interval and its precision target
  for (const t of results.capacity?.transports ?? []) {
    for (const r of t.rows) {
      const at = `${results.capacity?.payload} capacity ${r.transport}${t.serverWorkers > 1 ? ` ×${t.serverWorkers}` : ''} ${r.format}`;
      // a search whose first rate failed found no capacity: its row holds that rate, and says so in its status
      // (a search that never failed, up to its last rate, was bound by nothing it reached)
      const status = r.capacity == null ? `below ${r.below} msgs/s` : r.bound === 'not reached' ? 'limit not reached' : `${r.bound ?? 'neither'}-bound`;
      const mm = r.capacityMinMax;
      const range = r.capacity != null && mm && (r.searches?.length ?? 1) > 1 && mm[0] != null && mm[1] != null ? { low: mm[0], high: mm[1] } : null;
      // a capacity whose searches spread wider than its target (capacity-precision.js; judged from its searches in a
      // results.json written before rows carried it) is unstable: no verdict, not even on what bound its kept search
      add(`${at} msgs/s`, 'messages/s', r.capacity ?? r.below, 'range', { status, range, precision: precisionOf(r), precisionFirst: true });
      const half = r.atHalf;
      if (half) {
        const halfStatus = half.complete === false ? 'incomplete' : 'complete';
        add(`${at} server CPU at ${half.rate} msgs/s`, 'µs/message', half.serverCpuUs, 'range',
          { status: halfStatus, range: intervalOf(half.serverCpuInterval), precision: { met: half.serverCpuMet } });
        // its fastest passes (cpu-at-rate.js lowestOf), with their spread as the range, as for the WebSocket pass's
        const l = half.serverCpuLowest;
        if (l) add(`${at} server CPU at ${half.rate} msgs/s, fastest passes`, 'µs/message', l.serverCpuUs, 'range', { status: halfStatus, range: { low: l.range[0], high: l.range[1] }, precision: { met: l.met } });
      }
    }
  }
  if (results.batch) {
    const { payload, steps } = results.batch;
    for (const step of steps) {
      const at = `batch ${payload.id}×${step.n}`;
      for (const c of step.sizes) add(`${at} ${c.format} size bytes`, 'bytes', c.bytes, 'size', c);
      for (const r of step.speed) {
        add(`${at} ${r.format} ${r.op}`, 'ops/s', r.opsPerSec, 'speed', r);
        if (r.format !== baseline) add(`${at} ${r.format} ${r.op} ÷ ${baseline}`, '×', r.vsBaseline, 'ratio', r);
      }
    }
  }
  return out;
}

/** @typedef {'CHANGED'|'within spread'|'under floor'|'unstable'|'no spread to judge'} Verdict */

/**
 * The verdict on one figure of two runs. CHANGED: the status changed (a codec's round trip, what bound a capacity),
 * or the two runs' intervals do not overlap and B differs from A by more than CHANGE_FLOOR; unstable: the figure
 * missed its precision target in either run (a speed ratio, a server CPU at a fixed rate), so it says nothing about
 * a change; under floor: apart, but by less than the floor.
 * @param {Figure} x the figure in run A
 * @param {Figure} y the same figure in run B
 * @returns {Verdict}
 */
export function verdictOf(x, y) {
  const unstable = missedTarget(x.row) || missedTarget(y.row);
  // a capacity's status is what bound its kept search: of searches that disagree, that says nothing either
  if (unstable && x.row.precisionFirst) return 'unstable';
  if (x.status !== y.status) return 'CHANGED';
  if (x.rule === 'size') return x.value !== y.value ? 'CHANGED' : 'within spread';
  if (unstable) return 'unstable';
  const apart = RULES[x.rule](x, y);
  if (apart === null) return 'no spread to judge';
  if (!apart) return 'within spread';
  const change = x.value === 0 ? Infinity : Math.abs(y.value / x.value - 1);
  return change > CHANGE_FLOOR ? 'CHANGED' : 'under floor';
}

/** The speed pass's settings that decide what its figures mean, as results.json names them (settings.speed). */
const SPEED_SETTINGS = [
  ['timer', (/** @type {any} */ s) => s.timer], ['V8 flags', (/** @type {any} */ s) => s.precision?.v8Flags],
  ['allocator', (/** @type {any} */ s) => s.precision?.allocator], ['clock', (/** @type {any} */ s) => s.precision?.clock],
  ['slice ms', (/** @type {any} */ s) => s.precision?.sliceMs], ['precision target', (/** @type {any} */ s) => s.precision?.target],
  ['minor GC', (/** @type {any} */ s) => s.precision?.gc],
  ['processes', (/** @type {any} */ s) => (s.processRange ? (s.processRange[0] === s.processRange[1] ? s.processRange[0] : s.processRange.join('–'))
    : s.processes === 0 ? 'none (timed in the command\'s own process)' : s.processes)],
  ['time cap per case (s)', (/** @type {any} */ s) => s.maxTime],
  // the wall-clock bounds (docs/speed.md, "A slowed machine's wall time"): results before 2026-12-02 recorded none
  ['wall clock per CPU-time cap', (/** @type {any} */ s) => s.precision?.wallFactor],
  ['wall-time budget (share of the caps)', (/** @type {any} */ s) => s.precision?.wallBudget],
];

/**
 * The speed settings two runs differ in: a ratio moved by a setting is no change of the code measured (the timing
 * processes' collector thread or heap setting moved single codecs by half: docs/speed.md).
 * @param {{ settings: { speed?: unknown } }} a
 * @param {{ settings: { speed?: unknown } }} b
 * @returns {{ setting: string, a: string, b: string }[]}
 */
export function speedSettingsDiffer(a, b) {
  if (!a.settings.speed || !b.settings.speed) return [];
  // a setting an older results.json did not record is said so, not taken for none
  const say = (/** @type {unknown} */ v) => (v === undefined ? 'not recorded' : v === null || (Array.isArray(v) && !v.length) ? 'none' : Array.isArray(v) ? v.join(' ') : String(v));
  return SPEED_SETTINGS.map(([setting, pick]) => ({ setting: /** @type {string} */ (setting), a: say(/** @type {Function} */ (pick)(a.settings.speed)), b: say(/** @type {Function} */ (pick)(b.settings.speed)) }))
    .filter((d) => d.a !== d.b);
}

/**
 * Whether two runs ran on the same CPU model and runtime: only then do their absolute rates say anything about the
 * machine's state (another CPU's or runtime's say nothing of it).
 * @param {import('./index.js').Results} a
 * @param {import('./index.js').Results} b
 */
const sameMachine = (a, b) => Boolean(a.environment?.cpu) && a.environment.cpu === b.environment?.cpu && a.environment.node === b.environment?.node;

/**
 * Where one run's reading lies below `share` of the other's, place by place (a place only one run has is skipped).
 * @param {Map<string, { at: string, value: number }>} ra run A's readings by key
 * @param {Map<string, { at: string, value: number }>} rb run B's
 * @param {number} share
 * @returns {{ slower: 'A'|'B', at: string, a: number, b: number }[]}
 */
function slowerRun(ra, rb, share) {
  /** @type {{ slower: 'A'|'B', at: string, a: number, b: number }[]} */
  const out = [];
  for (const [key, x] of ra) {
    const y = rb.get(key);
    if (!y) continue;
    const slower = y.value < share * x.value ? 'B' : x.value < share * y.value ? 'A' : null;
    if (slower) out.push({ slower, at: x.at, a: x.value, b: y.value });
  }
  return out;
}

/**
 * The fastest the speed pass's baseline ran in a run, per payload and operation: the highest of its rates beside any
 * ratio's pairs in any process (processes.baseRate; a run of one process: precision.baseRate). Keyed with the corpus's
 * size too: a rate over another corpus (--messages) is of other work.
 * @param {import('./index.js').Results} results
 * @returns {Map<string, { at: string, value: number }>}
 */
function baselineRates(results) {
  /** @type {Map<string, { at: string, value: number }>} */
  const out = new Map();
  for (const { payload, speed, speedCorpus } of results.payloads) {
    for (const r of /** @type {any[]} */ (speed)) {
      const rates = [...(r.processes?.baseRate ?? []), r.precision?.baseRate].filter((x) => typeof x === 'number' && x > 0);
      if (!rates.length) continue;
      const at = `${payload.id} ${r.op}`;
      const key = `${at} over ${speedCorpus?.corpus.timed ?? 1}`;
      out.set(key, { at, value: Math.max(out.get(key)?.value ?? 0, ...rates) });
    }
  }
  return out;
}

/**
 * Where one run's machine ran slower than the other's: per payload and operation, the fastest its speed pass's
 * baseline ran (baselineRates) below SLOWED_BASELINE_BELOW of the other run's. Within a run the slowed-machine rule
 * (lib/measure/slowed.js) sets such processes aside, but it has no reference when every process of a run ran slowed:
 * a run that spent its whole speed pass in one of the host's slow stretches reads its ratios lower throughout, encode
 * most (three fresh `node benchmark_dss.js 3`, 2026-11-29 14:51Z: the third's json-buffer encode at 119–148k ops/s
 * in every process against 209–252k, its ratios up to 33.5% from the others'). Two runs give that reference. Only
 * runs on the same machine (sameMachine) with the same baseline are judged.
 * @param {import('./index.js').Results} a
 * @param {import('./index.js').Results} b
 */
export function machineSpeedDiffers(a, b) {
  if (!sameMachine(a, b) || a.settings.speed?.baseline !== b.settings.speed?.baseline) return [];
  return slowerRun(baselineRates(a), baselineRates(b), SLOWED_BASELINE_BELOW);
}

/**
 * A run's machine probe references (lib/transmission/machine-probe.js: a fixed JSON loop each server times just
 * before and after its measured passes, operations per µs of its CPU; the reference is the run's upper-quartile
 * reading, probeReference, or in results from before 2026-11-30 its third-fastest): the WebSocket pass's fixed-rate
 * passes, per payload and link, and the capacity pass, each keyed with its rule.
 * @param {import('./index.js').Results} results
 * @returns {Map<string, { at: string, value: number }>}
 */
function probeReferences(results) {
  /** @type {Map<string, { at: string, value: number }>} */
  const out = new Map();
  // keyed with the rule that chose the reference too: a run from before the upper quartile (its third-fastest reading,
  // higher by construction) is not compared with one after it
  const add = (/** @type {string} */ at, /** @type {{ referenceOpsPerCpuUs?: number, rule?: string } | null | undefined} */ probe) => {
    if (probe?.referenceOpsPerCpuUs) out.set(`${at}\u0000${probe.rule ?? 'third-fastest'}`, { at, value: probe.referenceOpsPerCpuUs });
  };
  for (const t of results.transmission) add(`${t.payload} WebSocket ${t.profile} fixed-rate passes`, t.cpuAtRate?.probe);
  // one reference over every search of every transport of the capacity pass (capacity.js markSlowedSearches)
  add(`${results.capacity?.payload} capacity`, results.capacity?.transports?.map((t) => t.machineProbe).find((x) => x != null && x.referenceOpsPerCpuUs > 0));
  return out;
}

/**
 * Where one run's servers ran on a slower machine than the other's: the machine probe's reference (probeReferences)
 * below SLOWED_BELOW of the other run's, for the same pass. A server's CPU per message and a capacity move with the
 * machine's speed, and a run that spent a pass in one of the host's slow stretches has no faster reading of its own
 * to see it by. Four `npm start` on Node 20.20.2 (2026-11-29 10:12–10:22Z, AMD EPYC): the capacity pass's reference
 * read 0.063, 0.091, 0.065 and 0.098 operations per µs, and its http1 JSON capacity 23,000, 32,000, 14,000 and 30,000
 * msgs/s, gRPC protobuf 12,000, 19,000, 8,500 and 21,000 (one search each, no interval). Only runs on the same machine
 * (sameMachine) are judged.
 * @param {import('./index.js').Results} a
 * @param {import('./index.js').Results} b
 */
export function machineProbeDiffers(a, b) {
  return sameMachine(a, b) ? slowerRun(probeReferences(a), probeReferences(b), SLOWED_BELOW) : [];
}

/**
 * Compares two runs figure by figure: the ratio B/A and its verdict (verdictOf). `real` is true for CHANGED,
 * null where there is no spread to judge by, false otherwise.
 * @param {import('./index.js').Results} a results of run A
 * @param {import('./index.js').Results} b results of run B
 */
export function compareRuns(a, b) {
  const fa = figures(a);
  const fb = figures(b);
  const rows = [];
  for (const [key, x] of fa) {
    const y = fb.get(key);
    if (!y) continue;
    const verdict = verdictOf(x, y);
    rows.push({
      figure: key, unit: x.unit, a: x.value, b: y.value, ratio: x.value === 0 ? null : y.value / x.value,
      rule: x.rule, verdict, real: verdict === 'no spread to judge' ? null : verdict === 'CHANGED',
      status: x.status !== y.status ? `${x.status} → ${y.status}` : x.status,
    });
  }
  return {
    rows,
    settingsDiffer: speedSettingsDiffer(a, b),
    baseline: a.settings.speed?.baseline ?? null,
    machineSlower: machineSpeedDiffers(a, b),
    probeSlower: machineProbeDiffers(a, b),
    floor: CHANGE_FLOOR,
    onlyA: [...fa.keys()].filter((k) => !fb.has(k)),
    onlyB: [...fb.keys()].filter((k) => !fa.has(k)),
  };
}
