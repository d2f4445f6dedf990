/**
 * The Artillery run as report.md and report.html show it (results.settings.artillery set: report.js --artillery):
 * the named verdicts, then a row per transport × format with the measured phase's accounting, msgs/s over
 * Artillery's periods (median, min–max), bytes per message and the latency percentiles.
 */
import { columnsOf, tableModel } from './table.js';
import { fixed, int, ms } from './format.js';
import { verdictOf } from './rows.js';
import { minMaxOf, namedVerdictText, verdictText } from './terminal-transmission.js';
import { MIN_ROUNDS_FOR_WINNER } from '../transmission/rounds.js';

/** @typedef {import('../results/index.js').Results} Results */
/** @typedef {import('../results/index.js').TransportEntry} TransportEntry */

/**
 * The rows of an Artillery run.
 * @param {TransportEntry} run
 * @returns {import('./table.js').TableModel}
 */
export function artilleryTable(run) {
  const rows = run.results.map((r) => {
    const sent = (r.messages ?? 0) - (r.notSent ?? 0);
    const perMessage = (/** @type {number|undefined} */ n) => (n !== undefined && sent > 0 ? n / sent : null);
    return { status: r.status, cells: [
      String(r.transport ?? ''), String(r.codec ?? r.format), int(r.messages), int(r.acked), `${int(r.lost)} (${int(r.notSent ?? 0)} not sent)`, int(r.errors),
      int(r.msgsPerSec), minMaxOf(r.minMax?.msgsPerSec), fixed(perMessage(r.wireBytes?.payload), 1),
      fixed(r.wireBytes ? perMessage(r.wireBytes.up + r.wireBytes.down) : null, 1),
      ms(r.latencyMs?.p50), ms(r.latencyMs?.p90), ms(r.latencyMs?.p99), ms(r.latencyMs?.max), verdictOf(r),
    ] };
  });
  return tableModel(columnsOf(['transport', 'format', 'messages', 'acked', 'lost', 'errors', 'msgs/s', 'min–max', 'payload B/msg', 'wire B/msg',
    'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'round trip'], ['transport', 'format', 'round trip']), rows);
}

/**
 * What the section says before its table, line by line (Markdown and HTML alike).
 * @param {Results} results
 * @param {TransportEntry} run
 * @returns {string[]}
 */
export function artilleryNotes(results, run) {
  const a = /** @type {{ report: string, rounds: number, merged?: boolean, script: Record<string, unknown> | null, warmup: Array<{ transport: string, format: string, messages: number, acked: number, lost: number }> }} */ (results.settings.artillery);
  const s = a.script;
  return [
    `Artillery report ${a.report}${s ? `: each scenario offered ${s.offeredPerScenario} msgs/s (${s.arrivalRate} virtual users/s, ${s.messagesPerUser} messages each, window ${s.window}), ${s.warmupSeconds} s warm-up, ${s.durationSeconds} s measured` : ''}.`,
    'Each virtual user is one client of the toolkit\'s transport sending the payload\'s corpus with the toolkit\'s codec (artillery-engine-pvj). '
      + 'Messages, lost and latency are the measured phase\'s (users that started in the warm-up are counted apart); lost is every message whose answer never came, '
      + 'the part that was never sent (no connection) in brackets. msgs/s is per Artillery period (10 s), median with min–max over '
      + `${a.merged ? 'the whole run as one round (too short for whole periods: every scenario needs answers in each; its seconds include any warm-up in its periods)' : `${a.rounds} period(s) without warm-up users`}: under an offered rate it follows the arrivals (Artillery picks each user's scenario at random by weight), `
      + 'so latency is the comparison that the rate does not set; a winner is named only when every period of one beat every period of the other.',
    'The environment recorded with it is the machine that read the report; the load came from Artillery\'s workers (their machines are not recorded in its report).',
    ...(a.warmup.length ? [`Warm-up: ${a.warmup.map((w) => `${w.transport} ${w.format} ${w.acked}/${w.messages} acked${w.lost ? `, ${w.lost} lost` : ''}`).join('; ')}.`] : []),
    ...run.named.map((v) => `- ${namedVerdictText(v)}`),
    ...latencyLines(run.latency ?? []),
    ...(run.verdicts ?? []).map((v) => `- ${verdictText(v)}`),
  ];
}

/**
 * The latency verdicts of the named pairs, one line per pair: each percentile's ratio (protobuf over JSON, median of
 * the periods) and what the periods say.
 * @param {import('../results/artillery.js').LatencyVerdict[]} verdicts
 * @returns {string[]}
 */
export function latencyLines(verdicts) {
  const labels = [...new Set(verdicts.map((v) => v.label))];
  return labels.map((label) => {
    const parts = verdicts.filter((v) => v.label === label).map((v) => {
      const said = v.rounds < MIN_ROUNDS_FOR_WINNER ? `no verdict from ${v.rounds} period${v.rounds === 1 ? '' : 's'}`
        : v.winner ? `${v.winner === 'json' ? v.json : v.protobuf} lower in every period` : 'the periods disagree';
      return `${v.percentile} ${fixed(v.latencyRatio, 2)}× (${said})`;
    });
    return `- ${label}, latency of the protobuf side over the JSON side's, median of ${verdicts.find((v) => v.label === label)?.rounds} period(s): ${parts.join(', ')}`;
  });
}
