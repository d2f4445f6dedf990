import { summariseSpeedRounds } from '../../measure/speed.js';
import { memberOf } from '../../json.js';

/**
 * The runtime matrix's rounds: joins the speed rows of single-round runs of
 * one runtime into the usual per-benchmark figures (median ops/s with the
 * min–max of rounds, and the ratio to the baseline taken round by round on
 * that runtime) with the same summary the host uses (summariseSpeedRounds). Rows are matched by format and op, whatever ops
 * there are; every other field of a row (verdict, extra figures) is kept
 * from its first round. Rows come out in `order` of formats, then op order
 * of the first round.
 * @param {OneRoundRow[][]} roundsOfRows rows of round 1, rows of round 2, …
 * @param {string} baseline
 * @param {string[]} [order] format order of the tables
 * @returns {SpeedRow[]}
 */
export function joinSpeedRounds(roundsOfRows, baseline, order = []) {
  /** @type {Map<string, { row: OneRoundRow, rounds: RoundFigures[] }>} */
  const cases = new Map();
  for (const rows of roundsOfRows) {
    for (const row of rows) {
      const key = `${row.format}\u0000${row.op}`;
      let c = cases.get(key);
      if (!c) cases.set(key, (c = { row, rounds: [] }));
      c.rounds.push(...row.rounds);
    }
  }
  const list = [...cases.values()];
  // a benchmark missing from some round cannot be paired round by round with the baseline
  const complete = list.filter((c) => c.rounds.length === roundsOfRows.length);
  const summaries = summariseSpeedRounds(complete.map(({ row, rounds }) => ({
    p: { codec: { name: row.format, library: row.library, version: row.version }, status: row.status, diff: row.diff, normalised: row.normalised, reason: row.reason },
    op: row.op, wireBytes: row.wireBytes, rounds,
  })), baseline);
  const ops = [...new Set(list.map((c) => c.row.op))];
  const rank = (/** @type {string} */ format) => (order.includes(format) ? order.indexOf(format) : order.length);
  return complete.map(({ row }, i) => ({ ...row, ...summaries[i] }))
    .sort((a, b) => rank(a.format) - rank(b.format) || ops.indexOf(a.op) - ops.indexOf(b.op));
}

/** @typedef {import('../../measure/speed.js').SpeedRow} SpeedRow */

/**
 * What joinSpeedRounds reads of a speed row from one round (any other field is carried along).
 * @typedef {{ format: string, op: string, library?: string|null, version?: string|null, status: string, diff?: import('../../verify.js').Difference|null,
 *   normalised?: string[], reason?: string|null, wireBytes: number, rounds: RoundFigures[], [key: string]: unknown }} OneRoundRow
 */
/** @typedef {import('../../measure/speed.js').RoundFigures} RoundFigures */

/**
 * A codec's identity and verdict as a round reports it (describeCodec's fields; a row made for a codec that could
 * not run has no flags), with anything else a row carries.
 * @typedef {{ format: string, library: string|null, version: string|null, status: string, diff: import('../../verify.js').Difference|null,
 *   normalised: string[], reason: string|null, [field: string]: unknown }} CodecVerdict
 */

/**
 * What a round gives per payload (worker.js, browser-worker.js's runPageRound): the speed rows and the codecs not
 * timed, or with verifyOnly the verdicts alone.
 * @typedef {{ results: OneRoundRow[], skipped: CodecVerdict[] } | { verdicts: CodecVerdict[] }} PayloadRound
 */

/** @typedef {{ results: PayloadRound[] }} RoundOutput what a round gives: one entry per payload of the job */

/**
 * A round's output as another runtime printed it or a page returned it (JSON), checked for what the matrix reads:
 * one entry per payload sent, each with its rows and skipped codecs, or with verifyOnly its verdicts. The rows are
 * the worker's own (summariseSpeedRounds, describeCodec), taken as they are. Anything else fails the round.
 * @param {unknown} value
 * @param {{ payloads: number, verifyOnly: boolean, label: string }} job how many payloads the job sent; label
 *   names the runtime in the error
 * @returns {RoundOutput}
 */
export function roundOutput(value, { payloads, verifyOnly, label }) {
  const results = memberOf(value, 'results');
  if (!Array.isArray(results) || results.length !== payloads) {
    throw new Error(`${label}: the round gave no results for its ${payloads} payload${payloads === 1 ? '' : 's'}`);
  }
  const fields = verifyOnly ? ['verdicts'] : ['results', 'skipped'];
  for (const [i, r] of results.entries()) {
    const missing = fields.find((f) => !Array.isArray(memberOf(r, f)));
    if (missing) throw new Error(`${label}: the round's entry for payload ${i} has no ${missing} list`);
  }
  return /** @type {RoundOutput} */ (value); // checked above, down to the lists; their rows are the worker's own
}

/**
 * The verdicts of a verifyOnly round's payload.
 * @param {PayloadRound} round
 */
export function roundVerdicts(round) {
  if (!('verdicts' in round)) throw new Error('a timed round gives speed rows, not verdicts');
  return round.verdicts;
}

/**
 * The speed rows and skipped codecs of a timed round's payload.
 * @param {PayloadRound} round
 */
export function roundSpeed(round) {
  if (!('results' in round)) throw new Error('a verifyOnly round gives verdicts, not speed rows');
  return round;
}
