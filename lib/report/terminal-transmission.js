import { markdownTable } from 'markdown-table';
import { describeLink } from '../transmission/shaping/profiles.js';
import { verdictOf } from './terminal.js';
import { problemOf } from '../transmission/outcome.js';

const int = (n) => (n == null ? '—' : Math.round(n).toLocaleString('en-US'));
const ms = (n) => (n == null ? '—' : n < 10 ? n.toFixed(3) : n < 100 ? n.toFixed(2) : n.toFixed(1));
const fixed = (n, d) => (n == null || Number.isNaN(n) ? '—' : n.toFixed(d));

/** One line: how the run was set up. */
export function settingsLine(s, url) {
  const mode = s.rate ? `open loop at ${int(s.rate)} msgs/s` : `closed loop, window ${s.window}`;
  const shaping = s.shaper === 'none' ? 'no throttling' : `throttle ${describeLink(s.link)} via the ${s.shaper} shaper`;
  const warm = s.warmup ? ` after ${int(s.warmup)} warm-up` : '';
  return `${int(s.messages)} messages per format${warm}, ${mode}, ${s.connections} connection${s.connections === 1 ? '' : 's'}, `
    + `${shaping}${s.raw ? ', server in raw mode (ACK without decoding)' : ''}${url ? `, server ${url}` : ''}`;
}

/**
 * The table of one transmission run: throughput, bytes on the wire, latency
 * percentiles and accounting per format.
 * @param {Awaited<ReturnType<import('../transmission/run.js').measureTransmission>>} result
 */
export function transmissionTable(result) {
  const rows = result.results.map((r) => {
    if (r.latencyMs == null) return [r.format, ...Array(12).fill('—'), verdictOf(r)];
    // per message actually sent: when the server died mid-run, the rest never travelled
    const sentCount = r.messages - (r.notSent ?? 0);
    const per = (n) => (sentCount ? n / sentCount : null);
    const sent = r.wireBytes.payload ? r.wireBytes : null;
    const perPayload = sent ? per(sent.payload) : null;
    return [
      r.format, int(r.msgsPerSec), fixed(r.payloadMBps, 2), fixed(r.seconds, 2),
      int(perPayload), sent ? int(per(sent.frames - sent.payload)) : '—',
      ms(r.latencyMs.p50), ms(r.latencyMs.p90), ms(r.latencyMs.p99), ms(r.latencyMs.p999), ms(r.latencyMs.max),
      `${int(r.acked)}/${int(r.messages)}`, accounting(r), verdictOf(r),
    ];
  });
  return markdownTable([['format', 'msgs/s', 'payload MB/s', 'seconds', 'payload B/msg', 'frame B/msg',
    'p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'acked', 'lost/dup/err', 'round trip'], ...rows],
  { align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'] });
}

function accounting(r) {
  return `${r.lost}/${r.duplicated}/${r.errors}${r.notSent ? `, ${int(r.notSent)} not sent` : ''}`;
}

/**
 * The orchestrator's table: per profile and format, total time, msgs/s,
 * p50/p99, bytes on the wire, and the ratio to the baseline format.
 * @param {Array<Awaited<ReturnType<import('../transmission/run.js').measureTransmission>>>} runs one per profile
 * @param {string} baseline format every other is compared with
 */
export function comparisonTable(runs, baseline) {
  const rows = [];
  for (const run of runs) {
    const profile = run.settings.shaper === 'none' ? run.settings.profile : `${run.settings.profile} (${run.settings.shaper})`;
    const base = run.results.find((r) => r.format === baseline && r.latencyMs);
    for (const r of run.results) {
      if (!r.latencyMs) {
        rows.push([profile, r.format, '—', '—', '—', '—', '—', '—', verdictOf(r)]);
        continue;
      }
      const vs = !base || r === base ? '—' : `${ratio(base.seconds / r.seconds)} time, ${ratio(base.wireBytes.frames / r.wireBytes.frames)} bytes`;
      rows.push([profile, r.format, fixed(r.seconds, 2), int(r.msgsPerSec), ms(r.latencyMs.p50), ms(r.latencyMs.p99),
        int(r.wireBytes.frames), vs, `${verdictOf(r)}${problemOf(r) ? `; ${r.lost} lost, ${r.duplicated} dup, ${r.errors} err${r.notSent ? `, ${r.notSent} not sent` : ''}` : ''}`]);
    }
  }
  return markdownTable([['profile', 'format', 'total s', 'msgs/s', 'p50 ms', 'p99 ms', 'wire bytes', `vs ${baseline} (× less)`, 'round trip'], ...rows],
    { align: ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'l', 'l'] });
}

/** "1.84× less" / "1.20× more": how many times less of something (time, bytes) a format needs. */
function ratio(x) {
  if (!Number.isFinite(x)) return '—';
  return x >= 1 ? `${x.toFixed(2)}× less` : `${(1 / x).toFixed(2)}× more`;
}

/** Below this ratio of total times the two fastest formats are called a tie (it would print as 1.00×). */
const TIE = 1.005;

/**
 * One sentence per profile naming the fastest format and its margin over the runner-up and the baseline.
 */
export function winnerLines(runs, baseline) {
  return runs.map((run) => {
    const ok = run.results.filter((r) => r.latencyMs && r.seconds > 0).sort((a, b) => a.seconds - b.seconds);
    if (ok.length < 2) return null;
    const [first, second] = ok;
    const bytes = ` (total time; ${first.wireBytes.frames.toLocaleString('en-US')} vs ${second.wireBytes.frames.toLocaleString('en-US')} bytes on the wire)`;
    // one run per format and profile, so no spread to judge by: a margin that rounds to 1.00× is a tie
    if (second.seconds / first.seconds < TIE) {
      return `${run.settings.profile}: no clear winner, ${first.format} and ${second.format} within ${((TIE - 1) * 100).toFixed(1)}% of each other${bytes}`;
    }
    const base = ok.find((r) => r.format === baseline);
    const vsBase = base && base !== first && base !== second ? `; ${(base.seconds / first.seconds).toFixed(2)}× faster than ${baseline}` : '';
    return `${run.settings.profile}: ${first.format} wins, ${(second.seconds / first.seconds).toFixed(2)}× faster than ${second.format}${vsBase}${bytes}`;
  }).filter(Boolean);
}
