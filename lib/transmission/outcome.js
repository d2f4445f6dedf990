/**
 * What a transmission run's result means: whether each row accounts for
 * every message, what went wrong where it does not, and the exit code an
 * entry point should end with. Pure functions of the result, so the rule
 * lives in one place and printers only show it.
 */

/**
 * True when a result row accounts for every message as acked exactly once.
 * @param {{ messages: number, acked: number, lost: number, notSent?: number, duplicated: number, errors: number }} row
 */
export const complete = (row) => row.lost === 0 && !row.notSent && row.duplicated === 0 && row.errors === 0 && row.acked === row.messages;

/**
 * What went wrong in a row, or null when every message was acked once (or
 * the format was never run because it cannot carry the payload).
 * @param {{ format: string, messages: number, acked: number, lost: number, notSent?: number, duplicated: number, errors: number,
 *   latencyMs?: unknown, ended?: unknown }} row a result row of measureTransmission
 * @returns {string|null}
 */
export function problemOf(row) {
  if (row.latencyMs == null || complete(row)) return null;
  return `${row.format}: ${row.lost} lost, ${row.duplicated} duplicated, ${row.errors} error ACKs${row.notSent ? `, ${row.notSent} not sent` : ''}`
    + ` of ${row.messages} messages (${row.ended})`;
}

/**
 * Every problem of several runs.
 * @param {Array<{ settings?: { profile: string }, results: Array<Parameters<typeof problemOf>[0]> }>} runs
 * @param {{ withProfile?: boolean }} [options] prefix each with its run's profile
 * @returns {string[]}
 */
export function problemsOf(runs, { withProfile = false } = {}) {
  return runs.flatMap((run) => run.results.flatMap((row) => {
    const p = problemOf(row);
    if (!p) return [];
    if (!withProfile) return [p];
    if (!run.settings) throw new Error('problemsOf: withProfile needs every run\'s settings');
    return [`${run.settings.profile} ${p}`];
  }));
}

/**
 * The exit code for a set of runs: 0 when every message that was sent was
 * acked exactly once, 1 otherwise. A format that cannot carry the payload was
 * never run and does not change it.
 * @param {Array<{ results: Array<Parameters<typeof problemOf>[0]> }>} runs
 * @returns {0|1}
 */
export function exitCodeOf(runs) {
  return problemsOf(runs).length ? 1 : 0;
}
