import { median } from '../measure/statistics.js';

/** The latency percentiles whose min–max across rounds a row keeps. */
const SPREAD_PERCENTILES = ['p50', 'p99'];

/**
 * One format's passes (one per round) as one result row: the accounting
 * summed over every round, the figures as medians, their min–max, and the
 * passes themselves.
 * With raw passes (the server ACKing without decoding), the row also has
 * the server's CPU per message without decoding and the decode share: the
 * fraction of the server's CPU per message that decoding costs.
 * @param {Array<Record<string, any>>} passes rows of runPass, one per round, same format
 * @param {object[]} [rawPasses] the same format's raw passes, one per round
 * @returns {TransmissionRow}
 */
export function combineRounds(passes, rawPasses = []) {
  const [first] = passes;
  const sum = (k) => passes.reduce((n, p) => n + (p[k] ?? 0), 0);
  const mid = (get) => median(passes.map(get));
  const minMax = (get) => {
    const values = passes.map(get);
    return [Math.min(...values), Math.max(...values)];
  };
  const percentiles = (key) => (first[key] == null ? null
    : Object.fromEntries(Object.keys(first[key]).map((k) => [k, passes.some((p) => p[key]?.[k] == null) ? null : mid((p) => p[key][k])])));
  const latencyMs = percentiles('latencyMs');
  const complete = passes.every((p) => p.latencyMs.p50 != null);
  // a figure every pass has (a server that does not report CPU leaves it null)
  const midOf = (k, ps = passes) => (ps.length && ps.every((p) => p[k] != null) ? median(ps.map((p) => p[k])) : null);
  const serverCpuUs = midOf('serverCpuUs');
  const serverCpuUsRaw = midOf('serverCpuUs', rawPasses);
  // the first pass gives the codec's identity and verdict (describeCodec), which every pass shares
  return {
    ...Object.fromEntries(Object.entries(first).filter(([k]) => !(k in PASS_FIGURES))),
    format: first.format,
    status: first.status,
    messages: sum('messages'),
    acked: sum('acked'),
    lost: sum('lost'),
    notSent: sum('notSent'),
    duplicated: sum('duplicated'),
    errors: sum('errors'),
    seconds: mid((p) => p.seconds),
    msgsPerSec: mid((p) => p.msgsPerSec),
    payloadMBps: mid((p) => p.payloadMBps),
    wireBytes: Object.fromEntries(['payload', 'frames', 'up', 'down'].map((k) => [k, passes.reduce((n, p) => n + (p.wireBytes?.[k] ?? 0), 0)])),
    latencyMs,
    latencyUncorrectedMs: percentiles('latencyUncorrectedMs'),
    serverCpuUs,
    serverCpuUsRaw,
    decodeShare: serverCpuUs && serverCpuUsRaw != null ? 1 - serverCpuUsRaw / serverCpuUs : null,
    clientCpuUs: midOf('clientCpuUs'),
    serverBusyUs: midOf('serverBusyUs'),
    serverElu: midOf('serverElu'),
    clientElu: midOf('clientElu'),
    minMax: {
      seconds: minMax((p) => p.seconds),
      msgsPerSec: minMax((p) => p.msgsPerSec),
      serverCpuUs: serverCpuUs == null ? null : minMax((p) => p.serverCpuUs),
      clientCpuUs: midOf('clientCpuUs') == null ? null : minMax((p) => p.clientCpuUs),
      latencyMs: complete ? Object.fromEntries(SPREAD_PERCENTILES.map((k) => [k, minMax((p) => p.latencyMs[k])])) : null,
    },
    ended: passes.find((p) => p.ended !== 'complete')?.ended ?? first.ended,
    passes: passes.map((p, i) => ({
      seconds: p.seconds, msgsPerSec: p.msgsPerSec, latencyMs: p.latencyMs, serverCpuUs: p.serverCpuUs ?? null, clientCpuUs: p.clientCpuUs ?? null,
      serverElu: p.serverElu ?? null, clientElu: p.clientElu ?? null, ...(rawPasses[i] ? { serverCpuUsRaw: rawPasses[i].serverCpuUs ?? null } : {}),
    })),
  };
}

// figures a pass has that combineRounds recomputes
const PASS_FIGURES = {
  messages: 1, acked: 1, lost: 1, notSent: 1, duplicated: 1, errors: 1, seconds: 1, msgsPerSec: 1, payloadMBps: 1, wireBytes: 1, latencyMs: 1, ended: 1,
  serverCpuUs: 1, clientCpuUs: 1, serverElu: 1, clientElu: 1, latencyUncorrectedMs: 1, serverBusyUs: 1,
};

/** Rounds each format needs before a verdict may name a winner. */
export const MIN_ROUNDS_FOR_WINNER = 3;

/**
 * The verdict on two formats measured in the same rounds: a winner is named
 * only when the two min–max ranges of msgs/s do not overlap, that is when
 * every round of one beat every round of the other, and each format ran at
 * least MIN_ROUNDS_FOR_WINNER rounds; otherwise there is no clear difference.
 * (Two equal formats give non-overlapping ranges by chance in 2 of C(2R, R)
 * orderings: 10% at 3 rounds, under 1% at 5.)
 * @param {{ format: string, msgsPerSec: number|null, minMax?: Record<string, any>, passes?: object[] }} a
 * @param {{ format: string, msgsPerSec: number|null, minMax?: Record<string, any>, passes?: object[] }} b
 * @returns {{ formats: string[], winner: string|null, ratio: number, rounds: number }} ratio: the winner's (else the first's) median msgs/s over the other's
 */
export function pairVerdict(a, b) {
  const [aMin, aMax] = a.minMax.msgsPerSec;
  const [bMin, bMax] = b.minMax.msgsPerSec;
  const enough = Math.min(a.passes?.length ?? 0, b.passes?.length ?? 0) >= MIN_ROUNDS_FOR_WINNER;
  const winner = !enough ? null : aMin > bMax ? a : bMin > aMax ? b : null;
  const other = winner === b ? a : b;
  return { formats: [a.format, b.format], winner: winner?.format ?? null, ratio: (winner ?? a).msgsPerSec / other.msgsPerSec, rounds: Math.min(a.passes.length, b.passes.length) };
}

/**
 * A verdict for every pair of measured formats in one run (rows without figures are left out).
 * @param {object[]} rows combined rows of one run
 */
export function pairVerdicts(rows) {
  const measured = rows.filter((r) => r.minMax && r.msgsPerSec > 0);
  const verdicts = [];
  for (let i = 0; i < measured.length; i++) {
    for (let j = i + 1; j < measured.length; j++) verdicts.push(pairVerdict(measured[i], measured[j]));
  }
  return verdicts;
}

/**
 * A transmission result row: the codec's identity and verdict (describeCodec),
 * the message accounting, the medians of the rounds' figures with their
 * min–max, CPU per message, and the passes themselves. The full list of
 * fields is results.json's schema (lib/results/schema.js).
 * @typedef {{ format: string, status: string, messages: number, acked: number, lost: number, duplicated: number, errors: number, msgsPerSec: number|null, minMax?: Record<string, any>, passes?: object[], [field: string]: any }} TransmissionRow
 */
