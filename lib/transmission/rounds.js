import { largest, median, range } from '../measure/statistics.js';

/** The latency percentiles whose min–max across rounds a row keeps. */
const SPREAD_PERCENTILES = ['p50', 'p99'];

/** @typedef {'messages'|'acked'|'lost'|'notSent'|'duplicated'|'errors'} AccountingField */
/** @typedef {'serverCpuUs'|'clientCpuUs'|'serverBusyUs'|'serverElu'|'clientElu'} ReportedFigure a figure a server or client may not report */
/** @typedef {Record<string, number|null>} Percentiles latency percentiles in ms, by name (p50, p99, max, …) */

/**
 * One pass of one format (runPass): the message accounting and the pass's
 * figures; the codec's identity and verdict ride along.
 * @typedef {{ format: string, status: string, messages: number, acked: number, lost: number, notSent?: number,
 *   duplicated: number, errors: number, seconds: number, msgsPerSec: number, payloadMBps: number,
 *   wireBytes?: Record<string, number>, latencyMs: Percentiles, latencyUncorrectedMs?: Percentiles|null, ended: string,
 *   serverCpuUs?: number|null, clientCpuUs?: number|null, serverBusyUs?: number|null, serverElu?: number|null,
 *   clientElu?: number|null, clientGcMaxMs?: number|null, clientGcMs?: number|null, serverGcMaxMs?: number|null, [field: string]: unknown }} TransmissionPass
 */

/**
 * One format's passes (one per round) as one result row: the accounting
 * summed over every round, the figures as medians, their min–max, and the
 * passes themselves.
 * With raw passes (the server ACKing without decoding), the row also has
 * the server's CPU per message without decoding and the decode share: the
 * fraction of the server's CPU per message that decoding costs.
 * @param {TransmissionPass[]} passes rows of runPass, one per round, same format
 * @param {TransmissionPass[]} [rawPasses] the same format's raw passes, one per round
 * @returns {TransmissionRow & { latencyMs: Percentiles|null, minMax: TransmissionMinMax, passes: PassFigures[] }}
 */
export function summariseTransmissionRounds(passes, rawPasses = []) {
  const [first] = passes;
  const sum = (/** @type {AccountingField} */ k) => passes.reduce((n, p) => n + (p[k] ?? 0), 0);
  const mid = (/** @type {(p: TransmissionPass) => number} */ get) => median(passes.map(get));
  const minMax = (/** @type {(p: TransmissionPass) => number} */ get) => {
    const { min, max } = range(passes.map(get));
    return [min, max];
  };
  /** @param {'latencyMs'|'latencyUncorrectedMs'} key */
  const percentiles = (key) => {
    const ofFirst = first[key];
    if (ofFirst == null) return null;
    return Object.fromEntries(Object.keys(ofFirst).map((k) => {
      const values = passes.map((p) => p[key]?.[k]);
      return [k, values.some((v) => v == null) ? null : median(/** @type {number[]} */ (values))];
    }));
  };
  const latencyMs = percentiles('latencyMs');
  const complete = passes.every((p) => p.latencyMs.p50 != null);
  /**
   * A figure every pass has (a server that does not report CPU leaves it null).
   * @param {ReportedFigure} k
   * @param {TransmissionPass[]} [ps]
   */
  const midOf = (k, ps = passes) => {
    const values = ps.map((p) => p[k]);
    return ps.length && values.every((v) => v != null) ? median(/** @type {number[]} */ (values)) : null;
  };
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
    // each side's longest GC pause of any pass (null where it could not watch them)
    clientGcMaxMs: largest(passes.map((p) => p.clientGcMaxMs)),
    serverGcMaxMs: largest(passes.map((p) => p.serverGcMaxMs)),
    minMax: {
      seconds: minMax((p) => p.seconds),
      msgsPerSec: minMax((p) => p.msgsPerSec),
      serverCpuUs: serverCpuUs == null ? null : minMax((p) => /** @type {number} */ (p.serverCpuUs)),
      clientCpuUs: midOf('clientCpuUs') == null ? null : minMax((p) => /** @type {number} */ (p.clientCpuUs)),
      latencyMs: complete ? Object.fromEntries(SPREAD_PERCENTILES.map((k) => [k, minMax((p) => /** @type {number} */ (p.latencyMs[k]))])) : null,
    },
    ended: passes.find((p) => p.ended !== 'complete')?.ended ?? first.ended,
    passes: passes.map((p, i) => ({
      seconds: p.seconds, msgsPerSec: p.msgsPerSec, latencyMs: p.latencyMs, serverCpuUs: p.serverCpuUs ?? null, clientCpuUs: p.clientCpuUs ?? null,
      serverElu: p.serverElu ?? null, clientElu: p.clientElu ?? null, ...(rawPasses[i] ? { serverCpuUsRaw: rawPasses[i].serverCpuUs ?? null } : {}),
    })),
  };
}

// figures a pass has that summariseTransmissionRounds recomputes
const PASS_FIGURES = {
  messages: 1, acked: 1, lost: 1, notSent: 1, duplicated: 1, errors: 1, seconds: 1, msgsPerSec: 1, payloadMBps: 1, wireBytes: 1, latencyMs: 1, ended: 1,
  serverCpuUs: 1, clientCpuUs: 1, serverElu: 1, clientElu: 1, latencyUncorrectedMs: 1, serverBusyUs: 1, clientGcMaxMs: 1, clientGcMs: 1, serverGcMaxMs: 1,
  // kept by the fixed-rate passes (cpu-at-rate.js), not by a row: the first pass's would pass for the row's
  clientUserUs: 1, clientSystemUs: 1,
};

/** Rounds each format needs before a verdict may name a winner. */
export const MIN_ROUNDS_FOR_WINNER = 3;

/**
 * How often pairVerdict names a winner between two equal formats by chance: the rounds of one side all beat the
 * other's in 2 of the C(2R, R) orderings of 2R exchangeable rounds (3 rounds: 1 in 10; 4: 1 in 35; 5: 1 in 126).
 * @param {number} rounds
 * @returns {number} the chance as "1 in N": N
 */
export function falseWinnerOdds(rounds) {
  let orderings = 1;
  for (let i = 1; i <= rounds; i++) orderings = (orderings * (rounds + i)) / i;
  return Math.round(orderings / 2);
}

/**
 * The verdict on two formats measured in the same rounds: a winner is named
 * only when the two min–max ranges of msgs/s do not overlap, that is when
 * every round of one beat every round of the other, and each format ran at
 * least MIN_ROUNDS_FOR_WINNER rounds; otherwise there is no clear difference.
 * (Two equal formats give non-overlapping ranges by chance in 2 of C(2R, R)
 * orderings: 10% at 3 rounds, under 1% at 5.)
 * @param {VerdictRow} a
 * @param {VerdictRow} b
 * @returns {{ formats: string[], winner: string|null, ratio: number, rounds: number }} ratio: the winner's (else the first's) median msgs/s over the other's
 */
export function pairVerdict(a, b) {
  const [x, y] = [msgsPerSecOverRounds(a), msgsPerSecOverRounds(b)];
  const rounds = Math.min(x.rounds, y.rounds);
  const winner = rounds < MIN_ROUNDS_FOR_WINNER ? null : x.min > y.max ? x : y.min > x.max ? y : null;
  const other = winner === y ? x : y;
  return { formats: [x.format, y.format], winner: winner?.format ?? null, ratio: (winner ?? x).median / other.median, rounds };
}

/**
 * A combined row's msgs/s over its rounds: the median, the min–max, and how many rounds.
 * @param {VerdictRow} row
 */
function msgsPerSecOverRounds(row) {
  if (!row.minMax || !row.passes) throw new TypeError(`pairVerdict: ${row.format} has no rounds to compare`);
  const [min, max] = row.minMax.msgsPerSec;
  return { format: row.format, median: Number(row.msgsPerSec), min, max, rounds: row.passes.length };
}

/**
 * A verdict for every pair of measured formats in one run (rows without figures are left out).
 * @param {VerdictRow[]} rows rows of one run
 */
export function pairVerdicts(rows) {
  const measured = rows.filter((r) => r.minMax && Number(r.msgsPerSec) > 0);
  const verdicts = [];
  for (let i = 0; i < measured.length; i++) {
    for (let j = i + 1; j < measured.length; j++) verdicts.push(pairVerdict(measured[i], measured[j]));
  }
  return verdicts;
}

/**
 * min–max over the rounds of a transmission row's figures, each [min, max]
 * (null where a pass lacked the figure).
 * @typedef {{ seconds: number[], msgsPerSec: number[], serverCpuUs: number[]|null, clientCpuUs: number[]|null,
 *   latencyMs: Record<string, number[]>|null }} TransmissionMinMax
 */

/**
 * One round's figures, as a combined row keeps them.
 * @typedef {{ seconds: number, msgsPerSec: number, latencyMs: Percentiles, serverCpuUs: number|null, clientCpuUs: number|null,
 *   serverElu: number|null, clientElu: number|null, serverCpuUsRaw?: number|null }} PassFigures
 */

/**
 * A transmission result row: the codec's identity and verdict (describeCodec),
 * the message accounting, the medians of the rounds' figures with their
 * min–max, CPU per message, and the passes themselves. The full list of
 * fields is results.json's schema (lib/results/schema.js).
 * @typedef {{ format: string, status: string, messages: number, acked: number, lost: number, notSent?: number,
 *   duplicated: number, errors: number, msgsPerSec: number|null, wireBytes?: Record<string, number>|null,
 *   latencyMs: Percentiles|null, minMax?: TransmissionMinMax, passes?: PassFigures[], seconds?: number, payloadMBps?: number|null,
 *   latencyUncorrectedMs?: Percentiles|null, serverCpuUs?: number|null, serverCpuUsRaw?: number|null, decodeShare?: number|null,
 *   clientCpuUs?: number|null, serverBusyUs?: number|null, serverElu?: number|null, clientElu?: number|null, clientGcMaxMs?: number|null, serverGcMaxMs?: number|null, ended?: string,
 *   transport?: string, codec?: string, diff?: { path: string, expected: unknown, actual: unknown }|null, normalised?: string[],
 *   reason?: string|null, record?: number|null, warmup?: import('./run.js').PassWarmup,
 *   [field: string]: unknown }} TransmissionRow
 *   warmup: the warm-up before the format's first pass (run.js warmUpPass), absent where none was sent
 */

/**
 * What a verdict reads of a row: a combined row has it all, a row never run (no figures) only its format.
 * @typedef {{ format: string, msgsPerSec?: number|null, minMax?: TransmissionMinMax, passes?: object[], [field: string]: unknown }} VerdictRow
 */
