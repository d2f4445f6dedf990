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

/** @typedef {'size'|'speed'|'latencyMedian'|'latencyTail'|'none'} RuleName */

/**
 * What a rule reads of the row a figure came from: its round-trip status, and the spread it carries (a speed
 * row's rounds, a transmission row's latency percentiles).
 * @typedef {{ status: string, rounds?: { hz: number, rme: number }[], latencyMs?: import('../transmission/rounds.js').Percentiles | null }} FigureRow
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
    return ra && rb ? disjoint(speedInterval({ rounds: ra }), speedInterval({ rounds: rb })) : null;
  },
  // the medians are apart when one run's p50 is beyond the other's p90
  latencyMedian: (a, b) => anyBeyond([latency(b, 'p50'), latency(a, 'p90')], [latency(a, 'p50'), latency(b, 'p90')]),
  // a tail percentile is apart when it is beyond the other run's maximum
  latencyTail: (a, b) => {
    const k = a.arg;
    if (k === undefined) throw new Error(`${a.key}: a latency tail figure names its percentile`);
    return anyBeyond([latency(b, k), latency(a, 'max')], [latency(a, k), latency(b, 'max')]);
  },
  none: () => null,
};

/**
 * Every comparable figure of a results object, keyed so two runs line up.
 * @param {import('./index.js').Results} results
 */
function figures(results) {
  /** @type {Map<string, Figure>} */
  const out = new Map();
  /** @type {(key: string, unit: string, value: number | null | undefined, rule: RuleName, row: FigureRow, arg?: string) => void} */
  const add = (key, unit, value, rule, row, arg) => {
    if (value == null || Number.isNaN(value)) return;
    out.set(key, { key, unit, value, rule, row, arg, status: row.status });
  };
  for (const { payload, sizes, speed, speedCorpus } of results.payloads) {
    for (const c of sizes) for (const k of /** @type {const} */ (['bytes', 'gzip', 'brotli'])) add(`${payload.id} ${c.format} size ${k}`, 'bytes', c[k], 'size', c);
    // a figure over a corpus of distinct messages is not the one-message figure of a run from before corpora,
    // which lines up with this run's one-message figure instead
    const overCorpus = (speedCorpus?.corpus.timed ?? 1) > 1;
    for (const r of speed) {
      add(`${payload.id} ${r.format} ${r.op}${overCorpus ? ' over the corpus' : ''}`, 'ops/s', r.opsPerSec, 'speed', r);
      if (r.oneMessage) add(`${payload.id} ${r.format} ${r.op}`, 'ops/s', r.oneMessage.opsPerSec, 'speed', { ...r, rounds: r.oneMessage.rounds });
    }
  }
  for (const t of results.transmission) {
    for (const r of t.results) {
      if (!r.latencyMs) continue;
      const at = `${t.payload} ${r.format} WebSocket ${t.profile}`;
      add(`${at} latency p50`, 'ms', r.latencyMs.p50, 'latencyMedian', r);
      for (const k of ['p99', 'p999']) add(`${at} latency ${k}`, 'ms', r.latencyMs[k], 'latencyTail', r, k);
      add(`${at} msgs/s`, 'messages/s', r.msgsPerSec, 'none', r);
    }
  }
  if (results.batch) {
    const { payload, steps } = results.batch;
    for (const step of steps) {
      const at = `batch ${payload.id}×${step.n}`;
      for (const c of step.sizes) add(`${at} ${c.format} size bytes`, 'bytes', c.bytes, 'size', c);
      for (const r of step.speed) add(`${at} ${r.format} ${r.op}`, 'ops/s', r.opsPerSec, 'speed', r);
    }
  }
  return out;
}

/**
 * Compares two runs figure by figure: the ratio B/A, and whether the change
 * is real (outside both runs' spread, by the rule of the figure's kind) or
 * within noise. A codec whose round-trip status changed is a real change too.
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
    const statusChanged = x.status !== y.status;
    const real = statusChanged || RULES[x.rule](x, y);
    rows.push({
      figure: key, unit: x.unit, a: x.value, b: y.value, ratio: x.value === 0 ? null : y.value / x.value,
      rule: x.rule, real, status: statusChanged ? `${x.status} → ${y.status}` : x.status,
    });
  }
  return {
    rows,
    onlyA: [...fa.keys()].filter((k) => !fb.has(k)),
    onlyB: [...fb.keys()].filter((k) => !fa.has(k)),
  };
}
