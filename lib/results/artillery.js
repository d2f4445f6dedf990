/**
 * Artillery's JSON report (`artillery run --output report.json`) read back into the toolkit's transmission rows:
 * one row per transport × format whose metrics the engine (lib/transmission/artillery/engine.js) emitted, with
 * the message accounting and latency percentiles of the measured phase (warm-up users are reported apart and left
 * out), and, per Artillery period (its 10-second windows), msgs/s: the periods are the rounds, so a verdict names a
 * winner only when every period of one beat every period of the other, as the toolkit's rounds do.
 */
import { UserError } from '../errors.js';
import { UNITS } from './index.js';
import { COUNTERS, LATENCY, parseMetricName, VERIFIED } from '../transmission/artillery/metrics.js';
import { matrixVerdicts } from '../transmission/matrix.js';
import { namedPairs, namedVerdicts } from '../transmission/pairs.js';
import { MIN_ROUNDS_FOR_WINNER, summariseTransmissionRounds } from '../transmission/rounds.js';
import { median } from '../measure/statistics.js';

/**
 * One Artillery period (or the aggregate): counters and summaries by metric name, times in ms since the epoch.
 * @typedef {{ period?: number|string, counters: Record<string, number>, summaries: Record<string, Record<string, number>>,
 *   firstMetricAt?: number, lastMetricAt?: number }} ArtilleryPeriod
 */

/** @typedef {{ aggregate: ArtilleryPeriod, intermediate: ArtilleryPeriod[] }} ArtilleryReport */

/**
 * Checks that a parsed file is an Artillery report with the engine's metrics in it; one line naming the file otherwise.
 * @param {unknown} value
 * @param {string} file
 * @returns {ArtilleryReport}
 */
export function checkArtilleryReport(value, file) {
  const r = /** @type {Partial<ArtilleryReport> | null} */ (value);
  const isPeriod = (/** @type {unknown} */ p) => {
    const q = /** @type {Partial<ArtilleryPeriod> | null} */ (p);
    return Boolean(q && typeof q === 'object' && q.counters && typeof q.counters === 'object' && q.summaries && typeof q.summaries === 'object');
  };
  if (!r || typeof r !== 'object' || !isPeriod(r.aggregate) || !Array.isArray(r.intermediate) || !r.intermediate.every(isPeriod)) {
    throw new UserError(`--artillery ${file}: not an Artillery JSON report (expected "aggregate" and "intermediate" with counters and summaries, as artillery run --output writes)`);
  }
  const report = /** @type {ArtilleryReport} */ (r);
  if (!Object.keys(report.aggregate.counters).some((k) => parseMetricName(k))) {
    throw new UserError(`--artillery ${file}: an Artillery report without the pvj engine's metrics (pvj.<transport>.<format>.*): write its script with node benchmark_artillery.js`);
  }
  return report;
}

/**
 * The scenarios (transport × format) a report has metrics for, in the order they first appear.
 * @param {ArtilleryPeriod} period
 * @returns {Array<{ transport: string, format: string }>}
 */
export function scenariosOf(period) {
  /** @type {Map<string, { transport: string, format: string }>} */
  const found = new Map();
  for (const name of [...Object.keys(period.counters), ...Object.keys(period.summaries)]) {
    const m = parseMetricName(name);
    if (m && !found.has(`${m.transport} ${m.format}`)) found.set(`${m.transport} ${m.format}`, { transport: m.transport, format: m.format });
  }
  return [...found.values()];
}

/**
 * A scenario's counters and latency in one period.
 * @param {ArtilleryPeriod} period
 * @param {{ transport: string, format: string }} s
 * @param {boolean} warmup
 */
export function scenarioFigures(period, { transport, format }, warmup = false) {
  const prefix = `pvj.${warmup ? 'warmup.' : ''}${transport}.${format}.`;
  /** @type {Record<string, number>} */
  const counts = Object.fromEntries(COUNTERS.map((c) => [c, Number(period.counters[`${prefix}${c}`] ?? 0)]));
  const statuses = Object.keys(period.counters).filter((k) => k.startsWith(`${prefix}${VERIFIED}`)).map((k) => k.slice(prefix.length + VERIFIED.length));
  return { counts, latency: period.summaries[`${prefix}${LATENCY}`] ?? null, statuses };
}

/** Whether a period holds metrics of warm-up users. */
const hasWarmup = (/** @type {ArtilleryPeriod} */ p) => Object.keys(p.counters).some((k) => parseMetricName(k)?.warmup);

/** Seconds a period's metrics span (a whole period is 10 s). */
const secondsOf = (/** @type {ArtilleryPeriod} */ p) => Math.max(0.001, ((p.lastMetricAt ?? 0) - (p.firstMetricAt ?? 0)) / 1000);

/**
 * The periods that count as rounds: those with measured metrics and none of warm-up users, without the last one
 * (users draining after the phase ended) when there are more; when every period holds warm-up metrics (a run of a
 * few seconds), every period with measured metrics.
 * @param {ArtilleryPeriod[]} periods
 */
export function roundPeriods(periods) {
  const measured = periods.filter((p) => Object.keys(p.counters).some((k) => parseMetricName(k)?.warmup === false));
  const clean = measured.filter((p) => !hasWarmup(p));
  const chosen = clean.length ? clean : measured;
  return chosen.length > 1 ? chosen.slice(0, -1) : chosen;
}

/**
 * The rounds of a report: roundPeriods, unless a scenario that has messages acked has none in one of them (a run of a
 * few seconds, cut by the periods' 10-second boundaries); then one round, every period with measured metrics merged
 * (its msgs/s is over their span, warm-up seconds included where a period held both).
 * @param {ArtilleryReport} report
 * @param {Array<{ transport: string, format: string }>} scenarios
 * @returns {{ periods: ArtilleryPeriod[], merged: boolean }}
 */
export function chooseRounds(report, scenarios) {
  const periods = roundPeriods(report.intermediate);
  const acked = (/** @type {ArtilleryPeriod} */ p, /** @type {{ transport: string, format: string }} */ s) => scenarioFigures(p, s).counts.acked;
  const live = scenarios.filter((s) => acked(report.aggregate, s) > 0);
  if (periods.length && periods.every((p) => live.every((s) => acked(p, s) > 0))) return { periods, merged: false };
  const measured = report.intermediate.filter((p) => Object.keys(p.counters).some((k) => parseMetricName(k)?.warmup === false));
  if (!measured.length) return { periods: [], merged: false };
  /** @type {Record<string, number>} */
  const counters = {};
  for (const p of measured) for (const [k, v] of Object.entries(p.counters)) counters[k] = (counters[k] ?? 0) + v;
  const at = (/** @type {'firstMetricAt'|'lastMetricAt'} */ k) => measured.map((p) => p[k] ?? 0);
  return { periods: [{ counters, summaries: report.aggregate.summaries, firstMetricAt: Math.min(...at('firstMetricAt')), lastMetricAt: Math.max(...at('lastMetricAt')) }], merged: true };
}

/**
 * Latency percentiles as the toolkit's rows hold them, from an Artillery summary (null: no message answered).
 * @param {Record<string, number> | null} s
 */
const percentiles = (s) => ({ p50: s?.p50 ?? null, p90: s?.p90 ?? null, p99: s?.p99 ?? null, p999: s?.p999 ?? null, max: s?.max ?? null, mean: s?.mean ?? null });

/**
 * The transport comparison of an Artillery report: rows "TRANSPORT FORMAT" with their rounds (periods), and the
 * verdicts (named pairs from the transports' declarations, then every pair within a transport or on one format).
 * @param {ArtilleryReport} report
 * @param {{ transports: import('../transmission/transports/index.js').Transport[], codecs: Array<{ name: string, library?: string|null, version?: string|null }>,
 *   direction?: 'up'|'down' }} known the transports and codecs the metrics name, for labels and the codecs' libraries
 */
export function artilleryRows(report, { transports, codecs, direction = 'up' }) {
  const scenarios = scenariosOf(report.aggregate);
  const { periods: rounds, merged } = chooseRounds(report, scenarios);
  /** @type {import('../transmission/rounds.js').TransmissionRow[]} */
  const results = [];
  const warmups = [];
  for (const s of scenarios) {
    const all = scenarioFigures(report.aggregate, s);
    const codec = codecs.find((c) => c.name === s.format);
    const described = {
      format: s.format, library: codec?.library ?? null, version: codec?.version ?? null,
      // the engine verified the codec over the corpus before sending, and said so; a report without it says so too
      status: all.statuses.length === 1 ? all.statuses[0] : 'failed',
      diff: null, normalised: [],
      reason: all.statuses.length === 1 ? null : all.statuses.length ? `the workers disagree on its round trip (${all.statuses.sort().join(', ')})` : 'the report carries no round-trip verdict for it',
      flags: null,
    };
    const passes = rounds.map((p) => {
      const f = scenarioFigures(p, s);
      const seconds = secondsOf(p);
      const lost = f.counts.lost;
      return {
        ...described, messages: f.counts.messages, acked: f.counts.acked, lost, notSent: f.counts.not_sent, duplicated: 0, errors: f.counts.errors, seconds,
        msgsPerSec: f.counts.acked / seconds, payloadMBps: f.counts.payload_bytes / 1e6 / seconds,
        wireBytes: { payload: f.counts.payload_bytes, frames: direction === 'up' ? f.counts.bytes_up : f.counts.bytes_down, up: f.counts.bytes_up, down: f.counts.bytes_down },
        latencyMs: percentiles(f.latency), ended: lost ? `${lost} lost` : 'complete',
      };
    });
    const { counts } = all;
    const lost = counts.lost;
    const summed = passes.length ? summariseTransmissionRounds(passes) : null;
    results.push({
      ...(summed ?? described),
      format: `${s.transport} ${s.format}`, codec: s.format, transport: s.transport, direction,
      // the accounting and latency are the whole measured phase's (the aggregate), not the rounds' alone
      messages: counts.messages, acked: counts.acked, lost, notSent: counts.not_sent, duplicated: 0, errors: counts.errors,
      msgsPerSec: summed?.msgsPerSec ?? null,
      seconds: summed?.seconds ?? 0,
      payloadMBps: summed?.payloadMBps ?? null,
      wireBytes: { payload: counts.payload_bytes, frames: direction === 'up' ? counts.bytes_up : counts.bytes_down, up: counts.bytes_up, down: counts.bytes_down },
      latencyMs: all.latency ? percentiles(all.latency) : null,
      ended: lost ? `${lost} of ${counts.messages} messages lost (no answer)` : 'complete',
    });
    const w = scenarioFigures(report.aggregate, s, true);
    if (w.counts.messages) warmups.push({ transport: s.transport, format: s.format, messages: w.counts.messages, acked: w.counts.acked, lost: w.counts.lost, errors: w.counts.errors });
  }
  const used = transports.filter((t) => scenarios.some((s) => s.transport === t.name));
  const named = namedVerdicts(namedPairs(used), results);
  return {
    results,
    named,
    latency: latencyVerdicts(named, results),
    verdicts: matrixVerdicts(results),
    rounds: rounds.length,
    merged,
    warmup: warmups,
  };
}

/** The latency percentiles a pair is judged on, period by period. */
export const LATENCY_PERCENTILES = /** @type {const} */ (['p50', 'p99']);

/**
 * The latency verdicts on the named pairs, one per percentile: in each period (a round) the two sides ran side by
 * side, so a side is named only when its percentile was lower in every period (at least MIN_ROUNDS_FOR_WINNER
 * periods); latencyRatio is the median over the periods of the protobuf side's percentile over the JSON side's. Under an
 * offered rate this is the comparison the rate does not set (msgs/s follows the arrivals).
 * @param {import('../transmission/pairs.js').NamedVerdict[]} named
 * @param {import('../transmission/rounds.js').TransmissionRow[]} rows
 * @returns {LatencyVerdict[]}
 */
export function latencyVerdicts(named, rows) {
  const rowOf = (/** @type {import('../transmission/pairs.js').PairSide} */ side) => rows.find((r) => r.transport === side.transport && (r.codec ?? r.format) === side.format);
  /** @type {LatencyVerdict[]} */
  const verdicts = [];
  for (const v of named) {
    const [json, protobuf] = [rowOf(v.json), rowOf(v.protobuf)];
    if (!json?.passes || !protobuf?.passes || v.missing) continue;
    const rounds = Math.min(json.passes.length, protobuf.passes.length);
    for (const percentile of LATENCY_PERCENTILES) {
      const pairs = json.passes.slice(0, rounds).map((p, i) => [p.latencyMs[percentile], protobuf.passes?.[i].latencyMs[percentile]]);
      const both = /** @type {Array<[number, number]>} */ (pairs.filter(([a, b]) => a != null && b != null && a > 0));
      if (both.length < rounds || !rounds) continue;
      const judged = rounds >= MIN_ROUNDS_FOR_WINNER;
      const winner = !judged ? null : both.every(([a, b]) => a < b) ? 'json' : both.every(([a, b]) => b < a) ? 'protobuf' : null;
      verdicts.push({ label: v.label, percentile, json: String(json.format), protobuf: String(protobuf.format), winner,
        latencyRatio: median(both.map(([a, b]) => b / a)), rounds });
    }
  }
  return verdicts;
}

/**
 * @typedef {{ label: string, percentile: (typeof LATENCY_PERCENTILES)[number], json: string, protobuf: string,
 *   winner: 'json'|'protobuf'|null, latencyRatio: number, rounds: number }} LatencyVerdict
 */

/**
 * results.json from an Artillery report: the transport comparison (results.transports, one entry: the run), the
 * Artillery settings the script carried (settings.artillery), no size or speed figures (the payload entry has none).
 * @param {ArtilleryReport} report
 * @param {{ file: string, command: string, transports: import('../transmission/transports/index.js').Transport[],
 *   codecs: Array<{ name: string, library?: string|null, version?: string|null, kind?: object }>,
 *   payload: { id: string, title: string, dataFile: string, schema: string, type: string, jsonBytes: number } | null,
 *   script: Record<string, unknown> | null, environment: import('./index.js').Results['environment'] }} o
 *   script: the script's config.pvj.settings when --script was given
 */
export function artilleryResults(report, { file, command, transports, codecs, payload, script, environment }) {
  const direction = script?.direction === 'down' ? 'down' : 'up';
  const { results, named, latency, verdicts, rounds, merged, warmup } = artilleryRows(report, { transports, codecs, direction });
  // an id, not a sentence: it leads every figure's name in compare.js; the title says how to name it
  const id = payload?.id ?? 'unnamed';
  const formats = [...new Set(results.map((r) => String(r.codec)))];
  const names = [...new Set(results.map((r) => String(r.transport)))];
  const messages = results.reduce((n, r) => Math.max(n, r.messages), 0);
  const window = Number(script?.window ?? 1);
  return {
    format: /** @type {const} */ ('protobuf-vs-json-bench/results@1'),
    createdAt: new Date(report.aggregate.firstMetricAt ?? Date.now()).toISOString(),
    command,
    settings: {
      mode: /** @type {const} */ ('default'), payloads: [id], formats,
      speed: { rounds: 0, maxTime: 0, baseline: '' },
      memory: null, transmission: null, batch: null,
      transports: { payload: id, transports: names, rounds, links: [{ profile: 'none', window, connections: 1, messages }] },
      artillery: { report: file, rounds, merged, script, warmup },
    },
    environment,
    units: UNITS,
    codecs: codecs.filter((c) => formats.includes(c.name)).map((c) => ({ format: c.name, library: c.library ?? null, version: c.version ?? null, kind: c.kind ?? {} })),
    payloads: [{ payload: payload ?? { id, title: 'the payload the script sent, unnamed (give --script to name it)', dataFile: '', schema: '', type: '', jsonBytes: 0 }, sizes: [], speed: [] }],
    transmission: [],
    transports: [{
      payload: id, profile: 'none',
      settings: { transport: null, transports: names, direction, window, connections: 1, messages, rounds, rate: Number(script?.offeredPerScenario ?? 0) || null },
      results, named, latency, verdicts, skipped: [],
    }],
    batch: null,
  };
}
