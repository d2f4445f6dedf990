import { describeLink } from '../transmission/shaping/profiles.js';
import { counted, listed } from '../text.js';
import { verdictOf } from './rows.js';
import { columnsOf, tableModel, toMarkdown } from './table.js';
import { fixed, int, ms, us } from './format.js';
import { problemOf } from '../transmission/outcome.js';
import { MIN_ROUNDS_FOR_WINNER, falseWinnerOdds } from '../transmission/rounds.js';
import { placementLine } from '../transmission/placement.js';
import { CAPACITY_HEADLINE, CAPACITY_PRECISION, CAPACITY_WARMUP_CHUNKS, CAPACITY_WARMUP_REQUESTS, SUSTAIN_SHARES } from '../transmission/capacity-settings.js';
import { capacityUnstable, precisionOf } from '../transmission/capacity-precision.js';
import { SATURATED, boundOf } from '../transmission/capacity-bound.js';
import { referenceText, SLOWED_BELOW } from '../transmission/machine-probe.js';
import { LOWEST_OF } from '../transmission/cpu-at-rate.js';
import { median } from '../measure/statistics.js';

/** @typedef {import('../transmission/rounds.js').TransmissionRow} TransmissionRow */
/** @typedef {Awaited<ReturnType<typeof import('../transmission/run.js').measureTransmission>>} TransmissionRun */
/** @typedef {ReturnType<typeof import('../transmission/rounds.js').pairVerdict>} PairVerdict */
/** @typedef {Awaited<ReturnType<typeof import('../transmission/run.js').measureSaturation>>[number]} Knee */

/**
 * Whether a row ran: it has latencies, the pass's time and the bytes on the wire (a codec not run has none).
 * @param {TransmissionRow} r
 * @returns {r is TransmissionRow & { latencyMs: import('../transmission/rounds.js').Percentiles, seconds: number, wireBytes: Record<string, number> }}
 */
const ran = (r) => r.latencyMs != null && r.seconds != null && r.wireBytes != null;

/**
 * The decode share's cell where the raw passes cost as much as the decoding ones or more: 1 − raw ÷ decoding is then
 * 0 or negative, which no share can be (the decode's cost is within the noise of the passes: few messages, a busy
 * machine); the row's decodeShare keeps the figure.
 */
export const RAW_NOT_CHEAPER = '~ (raw ≥ decoding)';

/** The CPU columns that lead every transmission table: the stable figures on a fast link. */
export const CPU_HEADINGS = ['server µs/msg', 'decode share', 'client µs/msg', 'ELU server/client'];

/** What the CPU columns mean, for a legend under any table that shows them. */
export const CPU_LEGEND = 'server µs/msg: the server process\'s CPU time (user + system) per message over the pass, with its min–max over '
  + 'rounds; decode share: the part of that spent decoding, from passes the server ACKed without decoding (— without them; '
  + `${RAW_NOT_CHEAPER} where those cost as much or more, the decode lost in the passes' noise); `
  + 'client µs/msg: the client process\'s CPU time per message acked; ELU server/client: event-loop utilization, the share '
  + 'of the pass each side\'s event loop was busy (near 100%: that side bound the pass).';

/** What the other columns of a pass's table mean. */
export const PASS_LEGEND = `Columns: ${CPU_LEGEND} payload B/msg: the encoded message; frame B/msg: the bytes the transport adds to each `
  + 'message in its direction (frame or request headers, as the sockets counted them; "N wire" for a compressed format: the '
  + 'whole message on the wire, compressed payload and frame together, which cannot be told apart); payload MB/s: encoded message bytes '
  + 'per second; pass s: the pass\'s wall time; latency from send to the server\'s acknowledgement (HDR percentiles); '
  + 'lost/dup/err: messages never acknowledged, acknowledged twice, answered with an error.';

/** What the columns of benchmark_ws.js's table mean. */
export const PROFILE_LEGEND = `Columns: ${CPU_LEGEND} wire B/msg: what the sockets carried in the messages' direction per message `
  + 'sent, frames included, over every round\'s pass; vs the baseline: how many times less pass time and wire bytes per message a format '
  + 'needs than the baseline format (more: it needs more).';

/**
 * The prefix a verdict line carries for its link profile: none for loopback (no shaping, the default), "3g: " for a
 * shaped link.
 * @param {string} profile
 */
export const profilePrefix = (profile) => (profile === 'none' ? '' : `${profile}: `);

/**
 * A row's CPU cells: server CPU µs per message with its min–max, the decode share (against raw passes; RAW_NOT_CHEAPER
 * where they were not cheaper), client CPU µs per message, and both event loops' utilization.
 * @param {Pick<TransmissionRow, 'serverCpuUs'|'minMax'|'passes'|'decodeShare'|'clientCpuUs'|'serverElu'|'clientElu'>} r a result row
 */
export function cpuCells(r) {
  const server = r.serverCpuUs == null ? '—' : `${us(r.serverCpuUs)}${r.minMax?.serverCpuUs && (r.passes?.length ?? 0) > 1 ? ` (${us(r.minMax.serverCpuUs[0])}–${us(r.minMax.serverCpuUs[1])})` : ''}`;
  const pct = (/** @type {number|null|undefined} */ n) => (n == null ? '—' : `${Math.round(n * 100)}%`);
  const share = r.decodeShare != null && r.decodeShare <= 0 ? RAW_NOT_CHEAPER : pct(r.decodeShare);
  return [server, share, us(r.clientCpuUs), r.serverElu == null && r.clientElu == null ? '—' : `${pct(r.serverElu)} / ${pct(r.clientElu)}`];
}

/**
 * One line: how the run was set up.
 * @param {Pick<TransmissionRun['settings'], 'rate'|'window'|'shaper'|'link'|'warmup'|'rounds'|'messages'|'connections'|'raw'>
 *   & { placement?: import('../transmission/placement.js').Placement, clientWorkers?: number }} s
 * @param {string} [url] the server, when the run did not start its own
 * @param {Array<{ format: string, warmup?: { chunks: number, settled: boolean, ended?: string } }>} [rows] the run's rows,
 *   whose warm-ups (runPass: chunks until the rate settled) the line counts
 */
export function passSettingsLine(s, url, rows = []) {
  const mode = s.rate ? `open loop at ${int(s.rate)} msgs/s` : `closed loop, window ${s.window}`;
  const shaping = s.shaper === 'none' ? 'no throttling' : `throttle ${describeLink(s.link)} via the ${s.shaper} shaper`;
  const how = (/** @type {{ settled: boolean, ended?: string }} */ w) => (w.settled ? 'settled' : w.ended === 'incomplete' ? 'a chunk not wholly answered' : 'still rising');
  const warmed = rows.flatMap((r) => (r.warmup ? [`${r.format} ${counted(r.warmup.chunks, 'chunk')}, ${how(r.warmup)}`] : []));
  // results written before the warm-up ran in chunks say only how many messages it sent
  const warm = !s.warmup ? '' : warmed.length ? ` after warm-up chunks of ${int(s.warmup)} until the rate settled or their time ran out (${warmed.join('; ')})` : ` after ${int(s.warmup)} warm-up`;
  const rounds = s.rounds > 1 ? ` × ${s.rounds} rounds (formats alternated)` : '';
  return `${int(s.messages)} messages per format${rounds}${warm}, ${mode}, ${s.connections} connection${s.connections === 1 ? '' : 's'}, `
    + `${shaping}${s.raw ? ', server in raw mode (ACK without decoding)' : ''}${url ? `, server ${url}` : ''}`
    + `${(s.clientWorkers ?? 1) > 1 ? `, ${s.clientWorkers} client worker threads` : ''}${s.placement ? `; ${placementLine(s.placement)}` : ''}`;
}

/**
 * The table of one transmission run: throughput, bytes on the wire, latency
 * percentiles and accounting per format.
 * @param {{ results: TransmissionRow[] }} result a measureTransmission run, or a transport matrix's
 * @returns {import('./table.js').TableModel}
 */
export function passRows(result) {
  const rows = result.results.map((r) => {
    if (!ran(r)) return { status: r.status, cells: [r.format, ...Array(13 + CPU_HEADINGS.length).fill('—'), verdictOf(r)] };
    // per message actually sent: when the server died mid-run, the rest never travelled
    const sentCount = r.messages - (r.notSent ?? 0);
    const per = (/** @type {number} */ n) => (sentCount ? n / sentCount : null);
    const sent = r.wireBytes.payload ? r.wireBytes : null;
    const perPayload = sent ? per(sent.payload) : null;
    return { status: r.status, cells: [
      r.format, ...cpuCells(r), int(r.msgsPerSec), minMaxOf(r.minMax?.msgsPerSec), fixed(r.payloadMBps, 2), fixed(r.seconds, 2),
      // compressed (+gzip, +deflate…): the wire holds the payload compressed, so frame and payload cannot be told apart
      // (the uncompressed payload subtracted read −143 B): the whole message on the wire instead
      int(perPayload), !sent ? '—' : r.compress ? `${int(per(sent.frames))} wire` : int(per(sent.frames - sent.payload)),
      ms(r.latencyMs.p50), ms(r.latencyMs.p90), ms(r.latencyMs.p99), ms(r.latencyMs.p999), ms(r.latencyMs.max),
      `${int(r.acked)}/${int(r.messages)}`, accounting(r), verdictOf(r),
    ] };
  });
  return tableModel(columnsOf(['format', ...CPU_HEADINGS, 'msgs/s', 'min–max', 'payload MB/s', 'pass s', 'payload B/msg', 'frame B/msg',
    'p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'acked', 'lost/dup/err', 'round trip'], ['format', 'round trip']), rows);
}

/**
 * The table of one pass (a transmission run of the clients), in Markdown, with the legend of its columns.
 * @param {Parameters<typeof passRows>[0]} result
 */
export const passTable = (result) => `${toMarkdown(passRows(result))}\n\n${PASS_LEGEND}`;

/** @param {Pick<TransmissionRow, 'lost'|'duplicated'|'errors'|'notSent'>} r */
function accounting(r) {
  return `${r.lost}/${r.duplicated}/${r.errors}${r.notSent ? `, ${int(r.notSent)} not sent` : ''}`;
}

/**
 * A row's wire bytes in the messages' direction per message sent, over all its rounds (null without messages).
 * @param {{ messages: number, wireBytes: Record<string, number> }} r
 */
const wirePerMessage = (r) => (r.messages > 0 ? r.wireBytes.frames / r.messages : null);

/**
 * Bytes per message as the tables print them: one decimal below 100 (a small payload's frame bytes matter), whole above.
 * @param {number|null} b
 */
const perMessageBytes = (b) => (b == null ? '—' : b < 100 ? fixed(b, 1) : int(b));

/**
 * The orchestrator's table: per profile and format, a pass's time and msgs/s
 * (medians of the rounds, msgs/s with its min–max), p50/p99 (medians), bytes
 * on the wire per message sent (over all rounds), and the ratio to the baseline format.
 * @param {Array<Pick<TransmissionRun, 'settings'|'results'>>} runs one per profile
 * @param {string} baseline format every other is compared with
 * @returns {import('./table.js').TableModel}
 */
export function profileRows(runs, baseline) {
  const rows = [];
  for (const run of runs) {
    const profile = run.settings.shaper === 'none' ? run.settings.profile : `${run.settings.profile} (${run.settings.shaper})`;
    const base = run.results.filter(ran).find((r) => r.format === baseline);
    for (const r of run.results) {
      if (!ran(r)) {
        rows.push({ status: r.status, cells: [profile, r.format, ...CPU_HEADINGS.map(() => '—'), '—', '—', '—', '—', '—', '—', '—', verdictOf(r)] });
        continue;
      }
      const [baseWire, wire] = [base && wirePerMessage(base), wirePerMessage(r)];
      const vs = !base || r === base ? '—' : `${ratio(base.seconds / r.seconds)} time, ${baseWire && wire ? `${ratio(baseWire / wire)} bytes` : '— bytes'}`;
      rows.push({ status: r.status, cells: [profile, r.format, ...cpuCells(r), fixed(r.seconds, 2), int(r.msgsPerSec), minMaxOf(r.minMax?.msgsPerSec), ms(r.latencyMs.p50), ms(r.latencyMs.p99),
        perMessageBytes(wirePerMessage(r)), vs, `${verdictOf(r)}${problemOf(r) ? `; ${r.lost} lost, ${r.duplicated} dup, ${r.errors} err${r.notSent ? `, ${r.notSent} not sent` : ''}` : ''}`] });
    }
  }
  const vsTitle = `vs ${baseline} (× less)`;
  return tableModel(columnsOf(['profile', 'format', ...CPU_HEADINGS, 'pass s', 'msgs/s', 'min–max', 'p50 ms', 'p99 ms', 'wire B/msg', vsTitle, 'round trip'],
    ['profile', 'format', vsTitle, 'round trip']), rows);
}

/**
 * benchmark_ws.js's table, in Markdown, with the legend of its columns.
 * @param {Parameters<typeof profileRows>[0]} runs
 * @param {string} baseline
 */
export const profileTable = (runs, baseline) => `${toMarkdown(profileRows(runs, baseline))}\n\n${PROFILE_LEGEND}`;

/**
 * Open loop (--rate): one line per format setting the corrected percentiles (from each message's scheduled
 * send time, as the tables show them) beside the uncorrected ones (from the actual send), whose gap is the
 * wait that coordinated omission would hide. Nothing in closed loop.
 * @param {Array<{ settings: { profile: string }, results: TransmissionRow[] }>} runs
 */
export function uncorrectedLines(runs) {
  return runs.flatMap((run) => run.results.flatMap((r) => {
    const c = r.latencyMs;
    const u = r.latencyUncorrectedMs;
    if (!c || !u) return [];
    return [`${run.settings.profile} ${r.format}: p50/p99/p99.9 ${ms(c.p50)}/${ms(c.p99)}/${ms(c.p999)} ms corrected, `
      + `${ms(u.p50)}/${ms(u.p99)}/${ms(u.p999)} ms uncorrected (from the actual send)`];
  }));
}

/**
 * One line per format of a --sweep: where it saturates.
 * @param {string} profile
 * @param {(Omit<Knee, 'probes'> & { probes: Pick<Knee['probes'][number], 'rate'|'latencyMs'|'latencyUncorrectedMs'>[] })[]} knees
 */
export function kneeLines(profile, knees) {
  return knees.map((k) => {
    const failed = k.probes.find((p) => p.rate === k.failedRate);
    const next = failed ? `; at ${int(failed.rate)} msgs/s p99 was ${ms(failed.latencyMs?.p99)} ms (${ms(failed.latencyUncorrectedMs?.p99)} ms uncorrected)` : '';
    if (k.maxRate === null) return `${profile} ${k.format}: p99 over ${k.targetP99Ms} ms even at ${int(k.failedRate)} msgs/s${next}`;
    const best = k.probes.find((p) => p.rate === k.maxRate);
    return `${profile} ${k.format}: highest rate with p99 under ${k.targetP99Ms} ms: ${int(k.maxRate)} msgs/s (p99 ${ms(best?.latencyMs?.p99)} ms)`
      + `${k.failedRate === null ? ', the highest probed' : next}`;
  });
}

/**
 * One line per format: the break-even model's prediction against a shaped run.
 * @param {ReturnType<typeof import('../transmission/model.js').breakEvenReport>} be
 */
export function modelLines(be) {
  return be.measured.map((m) => `  ${be.profile} (up ${m.up} kbit/s, down ${m.down} kbit/s, RTT ${m.rtt} ms) ${m.format}: measured ${m.measuredSeconds.toFixed(1)} s, `
    + `predicted ${m.predictedSeconds.toFixed(1)} s (${((m.measuredSeconds / m.predictedSeconds - 1) * 100).toFixed(1)}%)`);
}

/**
 * 768 kbit/s, 3.2 Mbit/s, 1.5 Gbit/s; '—' without a figure.
 * @param {number|null} kbit
 */
export function formatKbit(kbit) {
  if (kbit == null) return '—';
  const two = (/** @type {number} */ x) => Number(x.toPrecision(2)).toLocaleString('en-US');
  if (kbit >= 1e6) return `${two(kbit / 1e6)} Gbit/s`;
  if (kbit >= 1e3) return `${two(kbit / 1e3)} Mbit/s`;
  return `${Math.round(kbit)} kbit/s`;
}

/**
 * "12,000–14,500": a min–max range of counts ('—' for one round, where there is no range).
 * @param {number[]|null|undefined} mm [min, max]
 */
export const minMaxOf = (mm) => (mm && mm[0] !== mm[1] ? `${int(mm[0])}–${int(mm[1])}` : '—');

/**
 * "1.84× less" / "1.20× more": how many times less of something (time, bytes) a format needs.
 * @param {number} x
 */
function ratio(x) {
  if (!Number.isFinite(x)) return '—';
  return x >= 1 ? `${x.toFixed(2)}× less` : `${(1 / x).toFixed(2)}× more`;
}

/**
 * One line per pair of formats and profile (prefixed with a shaped link's name, profilePrefix): the winner with
 * its margin in median msgs/s, named only when
 * their min–max ranges across rounds do not overlap (see lib/transmission/rounds.js), else no clear difference.
 * @param {Array<{ settings: { profile: string, rounds?: number }, verdicts?: PairVerdict[] }>} runs
 */
export function verdictLines(runs) {
  return runs.flatMap((run) => (run.verdicts ?? []).map((v) => `${profilePrefix(run.settings.profile)}${verdictText(v)}`));
}

/**
 * How often equal formats would have done what a named winner did: every round faster (falseWinnerOdds).
 * @param {number} rounds
 */
const byChance = (rounds) => `, as two equal formats do 1 time in ${falseWinnerOdds(rounds)}`;

/**
 * A pair's verdict as words.
 * @param {PairVerdict} v
 */
export function verdictText(v) {
  const over = ` over ${v.rounds} round${v.rounds === 1 ? '' : 's'}`;
  if (v.rounds < MIN_ROUNDS_FOR_WINNER) return `no clear difference between ${v.formats.join(' and ')} (${v.rounds} round${v.rounds === 1 ? '' : 's'}; a winner needs ${MIN_ROUNDS_FOR_WINNER})`;
  if (!v.winner) return `no clear difference between ${v.formats.join(' and ')} (msgs/s ranges overlap${over})`;
  const loser = v.formats.find((f) => f !== v.winner);
  return `${v.winner} beats ${loser}, ${v.ratio.toFixed(2)}× the msgs/s (median; every round faster${over}${byChance(v.rounds)})`;
}

/**
 * A named verdict (lib/transmission/pairs.js) as one sentence: the protobuf side's msgs/s and wire bytes per
 * message as ratios to the JSON side's, then what the rounds say.
 * @param {import('../transmission/pairs.js').NamedVerdict} v
 */
export function namedVerdictText(v) {
  if (v.missing) return `${v.label}: not measured (${v.missing})`;
  const x = (/** @type {number|null} */ n) => (n == null ? '—' : `${n.toFixed(2)}×`);
  const { rounds } = /** @type {NonNullable<typeof v.verdict>} */ (v.verdict);
  const over = `${rounds} round${rounds === 1 ? '' : 's'}`;
  const outcome = rounds < MIN_ROUNDS_FOR_WINNER ? `no verdict from ${over} (a winner needs ${MIN_ROUNDS_FOR_WINNER})`
    : v.winner ? `${v[v.winner].label} wins, every round faster over ${over}${byChance(rounds)}`
      : `no clear difference, msgs/s ranges overlap over ${over}`;
  return `${v.label}: ${v.protobuf.label} ${x(v.msgsPerSecRatio)} the msgs/s, ${x(v.bytesRatio)} the wire bytes per message; ${outcome}`;
}

/**
 * The transport comparison of one link, compact: per transport and format the median msgs/s with its min–max,
 * the wire bytes per message (payload, headers and frames, both directions, as the sockets carried them), CPU per
 * message and latency percentiles.
 * @param {{ results: TransmissionRow[] }} run one entry of results.transports
 * @returns {import('./table.js').TableModel}
 */
export function transportComparisonRows(run) {
  const rows = run.results.map((r) => {
    const sent = (r.messages ?? 0) - (r.notSent ?? 0);
    const wire = r.wireBytes && sent > 0 ? (r.wireBytes.up + r.wireBytes.down) / sent : null;
    const [transport, ...format] = String(r.format).split(' ');
    const [serverCpu, , clientCpu] = cpuCells(r);
    return { status: r.status, cells: [
      transport, r.codec ?? format.join(' '), int(r.msgsPerSec), minMaxOf(r.minMax?.msgsPerSec), int(sent > 0 && r.wireBytes ? r.wireBytes.payload / sent : null), int(wire),
      serverCpu, clientCpu, ms(r.latencyMs?.p50), ms(r.latencyMs?.p99), verdictOf(r),
    ] };
  });
  return tableModel(columnsOf(['transport', 'format', 'msgs/s', 'min–max', 'payload B/msg', 'wire B/msg', 'server µs/msg', 'client µs/msg', 'p50 ms', 'p99 ms', 'round trip'],
    ['transport', 'format', 'round trip']), rows);
}

/**
 * The lines of a run's fixed-rate CPU passes (measureTransmission's cpuAtRate): per format the server's CPU per
 * message at the rate with the idle CPU subtracted, its 95% interval (~ unstable when wider than the target) and the
 * passes' min–max, its share of a core and the idle CPU; how many passes the machine probe found on a slowed core
 * (cpu-at-rate.js probeSummary); then per pair the ratio of passes run back to back, judged
 * the same way. None when the run had no such passes.
 * @param {{ cpuAtRate?: null | { rate: number, seconds: number, passesPerRound?: number, idleSeconds?: number, idleWindows?: number, servers?: number, burst?: { messages: number, everyMs: number },
 *   added?: { maxSeconds: number, rounds: number, settled: boolean|null } | null, formats: Array<ReturnType<typeof import('../transmission/cpu-at-rate.js').summariseRatePasses>>,
 *   probe?: ReturnType<typeof import('../transmission/cpu-at-rate.js').probeSummary>,
 *   pairs: ReturnType<typeof import('../transmission/cpu-at-rate.js').ratePairs> }, settings: { rounds?: number, window?: number,
 *   placement?: import('../transmission/placement.js').Placement } }} run
 * @returns {string[]}
 */
export function cpuAtRateLines(run) {
  const at = run.cpuAtRate;
  if (!at) return [];
  const width = Math.max(...at.formats.map((f) => f.format.length));
  const perRound = at.passesPerRound ?? 1;
  const nServers = at.servers ?? 1;
  /** @param {{ interval?: { low: number, high: number }|null, precision?: { met: boolean, halfWidth: number|null, target: number } }} f @param {(n: number) => string} show */
  const ci = (f, show) => (f.interval ? `95% ${show(f.interval.low)}–${show(f.interval.high)}, ±${Math.round((f.precision?.halfWidth ?? 0) * 100)}%` : '95% interval: too few passes')
    + (f.precision && !f.precision.met ? '; ~ unstable' : '');
  const target = Math.round((at.formats[0]?.precision?.target ?? 0.05) * 100);
  // results from before the fastest passes were kept (no `lowest`) print as they did
  const withLowest = at.formats.some((f) => f.lowest);
  /** a lowest figure's fastest to third fastest pass */
  const fastestRange = (/** @type {{ range: [number, number] }} */ l) => `${us(l.range[0])}–${us(l.range[1])}`;
  /** each server process's fastest passes (its fastest to its third fastest), and whether they agree (cpu-at-rate.js serverAgreement); '' on one server */
  const servers = (/** @type {typeof at.formats[number]} */ f) => {
    if (!f.byServer) return '';
    const each = f.byServer.map((b) => (!b.lowest ? '—' : b.lowest.of < LOWEST_OF ? us(b.lowest.serverCpuUs) : fastestRange(b.lowest)));
    const none = f.byServer.filter((b) => !b.lowest).map((b) => `server ${b.server}`);
    return `; servers ${each.join(', ')}${f.serverAgreement === 'agree' ? '' : f.serverAgreement === 'unmeasured' ? `: ${none.join(' and ')} measured nothing` : ': depends on the server process'}`;
  };
  /** @param {typeof at.formats[number]} f @param {NonNullable<typeof at.formats[number]['lowest']>} l */
  const fastest = (f, l) => (l.of < LOWEST_OF
    ? `fastest ${us(l.serverCpuUs)} µs/msg (of ${l.of} pass${l.of === 1 ? '' : 'es'} measured, too few to judge${servers(f)}; ~ unstable); median `
    : `fastest ${us(l.serverCpuUs)} µs/msg (${l.of} fastest passes ${fastestRange(l)}, ±${Math.round((l.halfWidth ?? 0) * 100)}%${servers(f)}${l.met ? '' : '; ~ unstable'}); median `);
  /** why a pair's fastest passes are not settled: a side with too few passes, whose servers disagree, or whose fastest spread wider */
  const unsettled = (/** @type {string[]} */ formats) => {
    const sides = formats.map((f) => at.formats.find((x) => x.format === f));
    if (sides.some((x) => (x?.lowest?.of ?? 0) < LOWEST_OF)) return 'a side has too few passes';
    if (sides.some((x) => x?.serverAgreement === 'unmeasured')) return 'a side\'s server measured nothing';
    return sides.some((x) => x?.serverAgreement && x.serverAgreement !== 'agree') ? 'a side depends on the server process' : 'a side\'s fastest passes spread wider';
  };
  /** the passes without a figure, and why: the server did not report, or the idle rate left nothing of the pass's */
  const unmeasuredNote = (/** @type {typeof at.formats[number]} */ f) => {
    const missing = f.passes.filter((p) => p.serverCpuUs == null);
    if (!missing.length) return '';
    const why = missing.every((p) => p.grossCpuUs != null) ? 'the idle CPU rate left nothing of the pass\'s'
      : missing.every((p) => p.grossCpuUs == null) ? 'the server did not report' : 'the server did not report, or the idle CPU rate left nothing';
    return `; ${missing.length} of ${f.passes.length} passes unmeasured (${why})`;
  };
  // the rounds of fixed-rate passes alone added after the run's rounds (results from before them have no `added`)
  // (cpu-at-rate.js ratesSettled: until the formats' ratio met its target; one format, no pair: its fastest passes)
  const judged = at.pairs.length ? 'the ratio' : 'the fastest passes';
  const added = !at.added ? ''
    : at.added.rounds === 0 ? `, no round added (${at.added.settled ? `${judged} met ±${target}%` : 'no time for one'})`
      : `, then ${at.added.rounds} round${at.added.rounds === 1 ? '' : 's'} of these passes alone ${at.added.settled ? `until ${judged} met ±${target}%` : `for ${at.added.maxSeconds} s, ${judged} still wider than ±${target}%`}`;
  return [
    `Server CPU per message at a fixed ${int(at.rate)} msgs/s (open loop, ${perRound} pass${perRound === 1 ? '' : 'es'} of ${at.seconds} s per format in each of ${run.settings.rounds ?? 1} rounds${added}, formats alternated; `
      // results written before the bursts have none
      + (at.burst ? `${at.burst.messages === 1 ? 'each message sent at its own time' : `sent in writes of ${at.burst.messages} messages every ${+at.burst.everyMs.toFixed(2)} ms`}${perReadNote(at.formats)}; ` : '')
      + (nServers > 1 ? `on ${nServers} server processes, the run's own and ${nServers - 1} fresh beside it (sent the run's other passes too, unmeasured), the servers taking the round's passes in turn; `
        + `servers: each one's fastest to third fastest pass, "depends on the server process" where they lie more than ${target}% apart and those ranges do not overlap; ` : '')
      + `the same server's idle CPU rate, ${at.idleWindows ? `the quietest of ${at.idleWindows} windows over` : 'measured over'} ${at.idleSeconds ?? at.seconds} s before each pass, subtracted; ${placementLine(run.settings.placement)}; `
      + (withLowest ? `fastest: the lowest pass, nearest the cost itself (interference from other work mostly adds CPU time), ~ unstable where the ${LOWEST_OF} fastest `
        + `lie more than ±${target}% from their middle; median: the cost on this machine as it ran, ~ unstable where its 95% interval is wider than ±${target}%)`
        : `a figure whose 95% interval is wider than ±${target}% is ~ unstable)`)
      + splitLegend(at.formats) + ':',
    ...at.formats.map((f) => `  ${f.format.padEnd(width)}  ${f.lowest ? fastest(f, f.lowest) : ''}${us(f.serverCpuUs)} µs/msg (${ci(f, us)}${f.minMax ? `; passes ${us(f.minMax.serverCpuUs[0])}–${us(f.minMax.serverCpuUs[1])}` : ''})`
      + `, ${f.serverCpuShare == null ? '—' : `${(f.serverCpuShare * 100).toFixed(1)}%`} of a core; idle ${f.idleCpuUsPerSec == null ? '—' : int(f.idleCpuUsPerSec)} µs/s`
      // results written before the split was kept have no serverUserUs
      + (f.serverUserUs != null && f.serverSystemUs != null ? `; user ${us(f.serverUserUs)} + system ${us(f.serverSystemUs)} µs/msg` : '')
      + `; client ${us(f.clientCpuUs)} µs/msg`
      // results written before the client's split was kept, and a client that cannot measure its CPU, have none
      + (f.clientUserUs != null && f.clientSystemUs != null ? `, user ${us(f.clientUserUs)} + system ${us(f.clientSystemUs)} µs/msg` : '')
      + `${f.complete ? '' : '; INCOMPLETE: messages lost or not answered, the rate is past saturation'}`
      + unmeasuredNote(f)),
    // results written before the machine probe have none
    ...(at.probe ? [`  slowed core: ${at.probe.slowed.map((x) => `${x.format} ${x.slowedPasses} of ${x.probedPasses} passes`).join(', ')} (the server timed a fixed JSON loop just before and after `
      + `each pass; slowed: either reading below ${Math.round(at.probe.slowedBelow * 100)}% of the run's reference reading, ${referenceText(at.probe.rule)}; the medians count these passes)`] : []),
    ...at.pairs.filter((p) => p.ratio != null || p.lowest).map((p) => `  ${p.formats[1]} ÷ ${p.formats[0]}: `
      + (p.lowest ? `${p.lowest.ratio.toFixed(2)}× the server CPU per message at the fastest passes${p.lowest.met ? '' : ` (~ unstable: ${unsettled(p.formats)})`}; `
        + (p.ratio == null ? 'no pair of passes run back to back measured both' : 'the median of the pairs run back to back ') : '')
      + (p.ratio == null ? '' : `${p.ratio.toFixed(2)}×${p.lowest ? '' : ' the server CPU per message'}`
        + ` (${ci(p, (n) => n.toFixed(2))}${p.minMax ? `; passes back to back ${p.minMax.ratio[0].toFixed(2)}–${p.minMax.ratio[1].toFixed(2)}` : ''})`)),
    `  (server µs/msg in the table above: closed loop at window ${run.settings.window ?? 1}, latency-bound: a wake-up per message, as many as the rate the pass reached)`,
  ];
}

/**
 * The messages a server socket read carried on each format's median pass (` (a server read carried 4.0 and 4.1
 * messages)`), '' where no format has the figure (a transport that counts no reads, results written before). Where
 * the formats' reads carried more than READS_APART apart, it says so: a server's CPU per message is mostly its cost
 * per read shared by that read's messages, so part of the difference between the formats is then how many reads
 * each took (at high byte rates the smaller format's bursts share reads: test4 at 10,000 msgs/s, 18.0 and 10.5).
 * @param {Array<{ serverMsgsPerRead?: number|null }>} formats
 */
function perReadNote(formats) {
  const each = formats.map((f) => f.serverMsgsPerRead);
  if (each.some((v) => v == null)) return '';
  const values = /** @type {number[]} */ (each);
  const shown = values.map((v) => v.toFixed(1));
  const apart = Math.max(...values) > (1 + READS_APART) * Math.min(...values)
    ? `; reads carried more than ${Math.round(READS_APART * 100)}% apart, so part of the formats' difference is how many reads each took` : '';
  return ` (a server read carried ${listed(shown)} messages on the median pass${shown.length > 1 ? ' of each format' : ''}${apart})`;
}

/** How far apart the formats' messages per server read may lie before the fixed-rate line says so (perReadNote). */
const READS_APART = 0.1;

/**
 * What a fixed-rate row's user + system figures are, for the server's and, after the client's figure, the client's
 * (`; user + system: …`); '' where no format has either (results written before the split was kept).
 * @param {Array<{ serverUserUs?: number|null, clientUserUs?: number|null }>} formats
 */
function splitLegend(formats) {
  const server = formats.some((f) => f.serverUserUs != null);
  const client = formats.some((f) => f.clientUserUs != null);
  if (!server && !client) return '';
  const who = server ? 'server' : 'client';
  return `; user + system${server ? '' : ' after the client\'s figure'}: the median over passes of each, the ${who} CPU per message${server ? ' before the idle rate is subtracted' : ''}`
    + ` as the kernel split it between the ${who}'s own code and its work for the ${who} (sockets, wake-ups)${server && client ? ', and after the client\'s figure the client\'s CPU per message split so' : ''}`;
}

/**
 * The capacity table (lib/transmission/capacity.js): per transport and format the highest rate that held the p99
 * target with nothing lost, per server core when the server bound it, which side bound the first rate that failed,
 * whether it held in a longer pass (sustainedCell), and at half the lower capacity of the transport's pair (or at the
 * one rate --cpu-rate gave every transport, `fixedRate`): p50/p99, the server CPU per message and the client's at that fixed rate.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @param {{ fixedRate?: boolean }} [o]
 * @returns {import('./table.js').TableModel}
 */
export function capacityRows(transports, { fixedRate = false } = {}) {
  const rows = transports.flatMap((t) => t.rows.map((r) => {
    const spread = searchesNote(r);
    // ~: the searches spread wider than the precision target (capacity-precision.js)
    const unstable = capacityUnstable(r) ? ' ~' : '';
    const capacity = `${r.capacity === null ? `below ${int(r.below)}` : `${int(r.capacity)}${r.failedRate === null ? '+' : ''}`}${spread ? ` (${spread})` : ''}${unstable}`;
    const perCore = r.perCore != null ? `${int(r.perCore)}${unstable}` : r.capacity === null ? '—' : `(${r.bound}-bound)`;
    const h = r.atHalf;
    return { status: 'exact', cells: [
      capacityTransportLabel(t), r.format, capacity, perCore, r.bound, clientShareCell(r), sustainedCell(r), h ? int(h.rate) : '—', h ? `${ms(h.p50)} / ${ms(h.p99)}${h.complete ? '' : ' (incomplete)'}` : '—',
      h?.serverCpuUs != null ? `${h.serverCpuLowest ? `fastest ${us(h.serverCpuLowest.serverCpuUs)}${h.serverCpuLowest.met ? '' : ' ~'}; median ` : ''}`
        + `${us(h.serverCpuUs)}${h.serverCpuMinMax ? ` (${us(h.serverCpuMinMax[0])}–${us(h.serverCpuMinMax[1])})` : ''}${h.serverCpuMet ? '' : ' ~'}`
        + (h.serverCpuUnmeasured ? ` (${h.serverCpuUnmeasured} passes unmeasured)` : '')
        // the kernel's split of the gross figure (results written before it was kept have none)
        + (h.serverUserUs != null && h.serverSystemUs != null ? `; user ${us(h.serverUserUs)} + system ${us(h.serverSystemUs)}` : '') : '—',
      h?.serverCpuShare != null ? `${(h.serverCpuShare * 100).toFixed(1)}%` : '—',
      // results written before the client's figure was kept have none
      h?.clientCpuUs != null ? `${us(h.clientCpuUs)}${h.clientUserUs != null && h.clientSystemUs != null ? `; user ${us(h.clientUserUs)} + system ${us(h.clientSystemUs)}` : ''}` : '—',
    ] };
  }));
  const at = fixedRate ? 'at rate' : 'at half';
  return tableModel(columnsOf(['transport', 'format', 'capacity msgs/s', 'per server core', 'bound by', 'client CPU at capacity', 'sustained', fixedRate ? 'rate' : 'half rate', `p50 / p99 ms ${at}`,
    `server µs/msg ${at}`, `server CPU ${at}`, `client µs/msg ${at}`], ['transport', 'format', 'bound by']), rows);
}

/**
 * How busy the load generator was at the capacity (capacity.js clientShareAt), as a share of its cores: the median
 * search's, with the searches' min–max when there were several; "—" where unknown (results written before it, a page).
 * @param {{ clientShare?: number|null, clientShareMinMax?: [number, number] | null }} r
 */
export function clientShareCell(r) {
  if (r.clientShare == null) return '—';
  const p = (/** @type {number} */ x) => Math.round(x * 100);
  return `${p(r.clientShare)}%${r.clientShareMinMax ? ` (${p(r.clientShareMinMax[0])}–${p(r.clientShareMinMax[1])}%)` : ''}`;
}

/**
 * A capacity's sustained pass (capacity.js sustainRate) in a table cell: "held 2 s" when the capacity itself held,
 * "35,721 (0.9×)" when only a lower share did, "below 0.7×" when none did, "—" when none ran (no --sustain, or no
 * capacity to hold).
 * @param {{ capacity: number|null, sustained?: { seconds: number, rate: number|null, share: number|null, tries: Array<{ rate: number }> } | null }} r
 */
export function sustainedCell(r) {
  const c = sustainedCase(r);
  if (!c) return '—';
  if (c.held) return `held ${c.seconds} s`;
  if (c.lower) return `${int(c.lower.rate)} (${c.lower.share}×)`;
  const lowest = c.shares.at(-1);
  return `below ${lowest != null && r.capacity ? `${lowest}×` : 'every share'}`;
}

/**
 * Which of three ways a capacity's sustained pass ended, for sustainedCell and the headline's sustainedNote: the
 * capacity held, only a lower share of it did (`lower`), or none did (`shares`: the tries as shares of the capacity,
 * or as rates when there is no capacity to divide by); null when none ran.
 * @param {Parameters<typeof sustainedCell>[0]} r
 */
function sustainedCase(r) {
  const s = r.sustained;
  if (!s) return null;
  return {
    seconds: s.seconds,
    held: s.share === 1,
    lower: s.share !== 1 && s.rate !== null && s.share !== null ? { rate: s.rate, share: s.share } : null,
    shares: s.tries.map((p) => (r.capacity ? +(p.rate / r.capacity).toFixed(2) : p.rate)),
  };
}

/**
 * What the sustained passes found, in one line under the capacity table, or none when none ran.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @returns {string[]}
 */
export function sustainedLines(transports) {
  const rows = transports.flatMap((t) => t.rows.filter((r) => r.sustained).map((r) => ({ t, r, s: /** @type {NonNullable<typeof r.sustained>} */ (r.sustained) })));
  if (!rows.length) return [];
  const seconds = [...new Set(rows.map((x) => x.s.seconds))].join(' or ');
  const short = rows.filter((x) => x.s.share !== 1);
  const shares = SUSTAIN_SHARES.slice(1).join(', ');
  return [`sustained: each capacity offered for ${seconds} s in one pass (a probe of the search is shorter, too short to meet the server's major `
    + `garbage collections); where that failed, ${shares} of it in turn until one held. ${rows.length - short.length} of ${rows.length} held at their capacity.`
    + (short.length ? ` Not at their capacity: ${short.map(({ t, r, s }) => `${capacityTransportLabel(t)} ${r.format} (${s.tries.filter((p) => !p.ok).map((p) => `${int(p.rate)}: ${sustainFailure(p)}`).join('; ')})`).join(', ')}.` : '')];
}

/**
 * Why a sustained pass failed, in a few words: messages not answered, behind its schedule, or its p99; and the side
 * that ran out.
 * @param {{ complete: boolean, onSchedule?: boolean, p99: number|null, bound?: string|null, serverGcMaxMs?: number|null }} p
 */
function sustainFailure(p) {
  const what = !p.complete ? 'not every message answered' : p.onSchedule === false ? 'behind its schedule' : `p99 ${p.p99 == null ? '—' : ms(p.p99)} ms`;
  return `${what}${p.bound ? `, ${p.bound}-bound` : ''}${p.serverGcMaxMs != null && p.serverGcMaxMs >= 5 ? `, a server GC pause of ${ms(p.serverGcMaxMs)} ms` : ''}`;
}

/**
 * How a capacity pass ran, from its settings (results.settings.capacity), in one sentence for report.md and
 * report.html: who sent, the load, the search, and the passes at the fixed rate.
 * @param {{ transports: string[], payload: string, loadGenerator: string, connections: number, window: number, fromRate: number,
 *   probeSeconds: number, steps: number, searches?: number, sustainSeconds?: number, cpuRate: number, rounds: number, rateSeconds: number, targetP99Ms: number }} s
 */
export function capacityPassText(s) {
  const searches = s.searches ?? 1;
  return `${s.transports.join(' and ')} on ${s.payload}, sent by ${s.loadGenerator}, ${s.connections} connections × window ${s.window}: per side the highest `
    + `open-loop rate with nothing lost and p99 under ${s.targetP99Ms} ms, rates doubling from ${int(s.fromRate)} msgs/s in ${s.probeSeconds} s probes, `
    + `${s.steps} bisections, ${searches === 1 ? 'one search (no spread)' : `${searches} searches, each against a fresh server (the median, with what the others found)`}; `
    + `${s.sustainSeconds ? `the capacity then offered for ${s.sustainSeconds} s in one pass (lower shares of it while that failed); ` : ''}`
    + `then both at ${int(s.cpuRate)} msgs/s, ${s.rounds} round${s.rounds === 1 ? '' : 's'} of two ${s.rateSeconds} s passes: p50/p99 and the server's CPU per `
    + 'message, idle subtracted (~: a 95% interval wider than ±5%). docs/transmission.md, "The short pass in npm start".';
}

/**
 * What a capacity row's searches found beside its median: "29,000–31,500 over 3 searches", or which found none and
 * what the others found ("2 of 3 searches found none; the other 3,780"), and how many the machine probe found on a
 * slowed core (capacity.js markSlowedSearches: ", 1 on a slowed core"); null for a single search.
 * @param {{ searches?: Array<{ capacity: number|null, slowed?: boolean }>, capacityMinMax?: [number, number] | null }} r
 * @returns {string|null}
 */
export function searchesNote(r) {
  const searches = r.searches ?? [];
  if (searches.length < 2) return null;
  const slowed = searches.filter((x) => x.slowed).length;
  const note = searchesFound(searches, r.capacityMinMax);
  return slowed ? `${note}, ${slowed} on a slowed core` : note;
}

/**
 * searchesNote's first part: what the searches found.
 * @param {Array<{ capacity: number|null }>} searches two or more
 * @param {[number, number] | null | undefined} minMax the row's capacityMinMax
 */
function searchesFound(searches, minMax) {
  const found = searches.map((x) => x.capacity).filter((c) => c !== null);
  if (found.length === searches.length) {
    const [low, high] = minMax ?? [Math.min(...found), Math.max(...found)];
    return low === high ? `the same in all ${searches.length} searches` : `${int(low)}–${int(high)} over ${searches.length} searches`;
  }
  const none = searches.length - found.length;
  return `${none} of ${searches.length} searches found none${found.length ? `; the other${found.length > 1 ? 's' : ''} ${found.map((c) => int(c)).join(', ')}` : ''}`;
}

/**
 * The warm-up h2load gave each fresh server before its search, as a clause of the load generator's line (none for
 * results written before it, or without h2load); a search whose server answered fewer than it was sent is named.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 */
function warmupNote(transports) {
  // every search's (searches[k].warmup), or, in results written before searches kept theirs, the last search's
  const warmups = transports.flatMap((t) => {
    const perSearch = t.rows.flatMap((r) => (r.searches ?? []).flatMap((x, k) => (x.warmup ? [{ ...x.warmup, format: r.searches && r.searches.length > 1 ? `${r.format} (search ${k + 1})` : r.format }] : [])));
    return perSearch.length ? perSearch : t.warmup ?? [];
  });
  if (!warmups.length) return '';
  const short = warmups.filter((w) => w.answered < w.requests);
  const answeredFewer = short.length ? ` (answered fewer: ${short.map((w) => `${w.format} ${int(w.answered)}`).join(', ')})` : '';
  // results written before the warm-up ran in chunks: one block of requests
  if (!warmups.every((w) => w.chunkCpuUs)) {
    const counts = [...new Set(warmups.map((w) => w.requests))];
    return `; each fresh server first took ${counts.map((n) => int(n)).join(' or ')} requests of each format from h2load, as fast as it answered them, unmeasured (its JIT warmed up)${answeredFewer}`;
  }
  const sizes = warmups.map((w) => w.requests);
  const [low, high] = [Math.min(...sizes), Math.max(...sizes)];
  const unsettled = warmups.filter((w) => w.settled === false);
  const { min, max, settle, maxSeconds } = CAPACITY_WARMUP_CHUNKS;
  return `; each fresh server first took each format's requests from h2load in chunks of ${int(CAPACITY_WARMUP_REQUESTS)}, as fast as it answered them, unmeasured, `
    + `until its CPU per request stopped falling (a chunk less than ${Math.round(settle * 100)}% below the one before; ${min} to ${max} chunks, none begun after ${maxSeconds} s): `
    + `${low === high ? int(low) : `${int(low)}–${int(high)}`} requests here${answeredFewer}`
    + (unsettled.length ? `; still falling when its chunks or their time ran out: ${unsettled.map((w) => `${w.format} (${(w.chunkCpuUs ?? []).map((c) => (c == null ? '—' : int(c))).join(', ')} µs a request)`).join(', ')}` : '');
}

/**
 * Who sent each transport's load and how (h2load's batches, its timing, the warm-up it gives each fresh server), in
 * one line for the terminal, report.md and report.html.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @param {string} [why] why --load-generator auto chose the toolkit's clients instead of h2load
 */
export function loadGeneratorLine(transports, why) {
  const generators = [...new Set(transports.map((t) => t.loadGenerator ?? 'toolkit'))];
  const named = (/** @type {string} */ g) => (g === 'toolkit' ? 'the toolkit\'s own clients' : g);
  return `Load generator: ${generators.map((g) => `${named(g)} (${transports.filter((t) => (t.loadGenerator ?? 'toolkit') === g).map((t) => t.transport).join(', ')})`).join('; ')}`
    + (why ? `; not h2load: ${why}` : '')
    + (generators.some((g) => g.startsWith('h2load')) ? '; h2load sends the corpus\'s first message every time, releases its requests in 10 ms batches and times '
      + 'each from its actual send (not from a schedule: requests it holds while a connection\'s streams are full are not timed), so a pass that took more '
      + 'than 2.5% (and 10 ms) longer than its schedule fails too' : '')
    + warmupNote(transports);
}

/**
 * The capacity table as text, with the settings each transport ran under.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @param {{ targetP99Ms: number, direction: string, cpuRate?: number|null, loadGeneratorWhy?: string }} s loadGeneratorWhy: why
 *   --load-generator auto chose the toolkit's clients instead of h2load
 */
export function capacityLines(transports, s) {
  const places = [...new Set(transports.map((t) => `${t.serverWorkers > 1 ? `×${t.serverWorkers} server workers: ` : ''}${placementLine(t.placement)}, ${t.serverCores} server core${t.serverCores === 1 ? '' : 's'}`))];
  const sentBy = [loadGeneratorLine(transports, s.loadGeneratorWhy)];
  return [
    `Capacity (${s.direction === 'down' ? 'download' : 'upload'}): the highest open-loop rate with nothing lost and p99 under ${s.targetP99Ms} ms; per server core `
      + `only where the server ran out first (a rate bound by the client, or by neither side, is marked and not the server's capacity); ${places.join('; ')}`,
    ...(sentBy.length ? ['', ...sentBy] : []),
    ...headlineLines(transports, s.targetP99Ms),
    '',
    toMarkdown(capacityRows(transports, { fixedRate: s.cpuRate != null })),
    '',
    ...precisionLines(transports),
    // markSlowedSearches adds each transport's machineProbe (its reference and the rule that chose it)
    capacityLegend(s, /** @type {Array<{ machineProbe?: { rule?: string } | null }>} */ (/** @type {unknown} */ (transports)).find((t) => t.machineProbe)?.machineProbe?.rule),
    ...sustainedLines(transports),
    ...floorLines(transports, s.targetP99Ms),
    ...gcLines(transports, s.targetP99Ms),
    ...pairSection(transports),
    ...scalingLines(transports),
  ];
}

/**
 * What the capacity table's columns mean: capacity N+, bound by, the rate the fixed-rate passes ran at, and (with
 * several searches) the searches on a slowed core.
 * @param {{ cpuRate?: number|null, searches?: number }} s the run's capacity settings
 * @param {string} [rule] the rule of the run's machine probe reference (machine-probe.js REFERENCE_RULE; absent in results written before it)
 */
export function capacityLegend(s, rule) {
  return 'capacity N+: the search\'s highest rate held. bound by: the side that ran out at the first rate that failed (client: 90% of its cores\' CPU, '
    + 'its event loop 90% busy, or a GC pause of its own as long as the p99 target; server: 90% of its cores or its event loop). client CPU at '
    + 'capacity: the load generator\'s CPU time per second in the last probe that held at the capacity, as a share of the cores it was pinned to '
    + `(of one core when not pinned, so its threads can take it past 100%; the median search's, with the searches' min–max), how far from its own limit it stayed. ${s.cpuRate != null
      ? 'rate: the one rate (--cpu-rate) at which every transport\'s formats\' '
      : 'half rate: half the lower capacity of the transport\'s pair, where both formats\' '}`
    + 'p50/p99 and server CPU per message (idle subtracted, open loop at that fixed rate; fastest, where given: the lowest pass, ~ where the three '
    + 'fastest lie more than ±5% from their middle; the median of the passes with their min–max, ~ where the median\'s 95% interval is '
    + 'wider than ±5%) are measured; user + system, where given: the median over those passes of the server\'s CPU per message before the '
    + 'idle rate is subtracted, as the kernel split it between the server\'s own code and its work for the server (sockets, wake-ups). '
    + 'client µs/msg: the load generator\'s CPU per message answered at the same rate (the median over the passes that measured it, nothing '
    + 'subtracted), with the medians of its user and system parts, which need not add up to it.'
    // the count stands beside what several searches found (searchesNote): with one search there is none to explain
    + ((s.searches ?? 1) > 1 ? ' N on a slowed core: searches whose server read the machine probe (a fixed JSON loop timed just before and after '
      + `each search) below ${Math.round(SLOWED_BELOW * 100)}% of the run's reference reading, ${referenceText(rule)}; they are kept, and they say why a search found less.` : '');
}

/**
 * How each transport run with several server workers scaled: its capacity at N workers against one, per format
 * where both have one; a blank line and a lead first, nothing when no run had several workers.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @returns {string[]}
 */
export function scalingLines(transports) {
  const scaling = transports.filter((t) => t.serverWorkers > 1).flatMap((t) => t.rows.map((r) => {
    const one = transports.find((o) => o.transport === t.transport && o.serverWorkers === 1)?.rows.find((o) => o.format === r.format);
    return one?.capacity && r.capacity ? `${t.transport} ${r.format}: ${int(r.capacity)} msgs/s with ${t.serverWorkers} server workers against ${int(one.capacity)} with one (${(r.capacity / one.capacity).toFixed(2)}×; bound by ${one.bound} and ${r.bound})` : null;
  })).filter((l) => l !== null);
  return scaling.length ? ['', 'Scaling:', ...scaling] : [];
}

/** How much longer the failing probes' GC pauses (median) must be than the holding ones' for gcLines to name a row. */
const GC_CONTRAST = 1.5;

/**
 * The rows where the server's garbage-collection pauses stood out in the probes that failed. Counted as failing: a
 * probe at a rate its search ended failing (no probe of that search held at that rate: a first failure whose retry
 * held stopped nothing), with every message answered, the server's cores under 90% busy, the client not out of room
 * (boundOf, capacity-bound.js) and not a latency floor the search went past (floorRates). A row is named when at least
 * two such probes have a median longest server GC pause of half the p99 target or more and GC_CONTRAST times the
 * median of the probes that held (a row with no holding probe that reported its GC is not judged). Such a capacity
 * moves with how long the collections that fall in a probe are: on the AMD EPYC VM (2026-11-28) connect-node's
 * servers paused 3–26 ms in connect-h2's failing probes and 0–7 in its holding ones (docs/transmission.md, "Why
 * connect's capacities spread"); node:http2's scavenges took 0.7–1.1 ms at the same rate.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @param {number} targetP99Ms
 * @returns {string[]}
 */
export function gcLines(transports, targetP99Ms) {
  const range = (/** @type {number[]} */ v) => `${fixed(Math.min(...v), 1)}–${fixed(Math.max(...v), 1)} ms (median ${fixed(median(v), 1)})`;
  const lines = transports.flatMap((t) => t.rows.flatMap((r) => {
    const serverCores = r.serverCores ?? t.serverCores ?? 1;
    const cores = { serverCores, clientCores: r.clientCores ?? t.clientCores ?? 1, targetP99Ms };
    const probes = r.probes ?? [];
    const heldAt = (/** @type {typeof probes[number]} */ p) => probes.some((q) => q.ok && q.rate === p.rate && q.search === p.search);
    const failed = probes.filter((p) => !p.ok && p.complete && p.serverGcMaxMs != null && !heldAt(p) && !(r.floorRates ?? []).includes(p.rate)
      && p.serverCpuShare != null && p.serverCpuShare < SATURATED * serverCores && boundOf(p, cores) !== 'client');
    const pauses = failed.map((p) => /** @type {number} */ (p.serverGcMaxMs));
    const held = probes.filter((p) => p.ok && p.serverGcMaxMs != null).map((p) => /** @type {number} */ (p.serverGcMaxMs));
    if (pauses.length < 2 || !held.length || median(pauses) < targetP99Ms / 2 || median(pauses) < GC_CONTRAST * median(held)) return [];
    return [`${capacityTransportLabel(t)} ${r.format}: ${range(pauses)} in the ${pauses.length} probes that failed so; ${range(held)} in the ${held.length} that held`];
  }));
  return lines.length ? ['', 'Where the server\'s garbage-collection pauses stood out in the probes that failed: at the rates a search ended failing '
    + `(every message answered, the server's ${transports.some((t) => t.serverCores > 1) ? 'cores' : 'core'} under 90% busy, the client not out of room, not a latency floor), `
    + `the server's longest GC pause had a median of at least half the ${targetP99Ms} ms p99 target and ${GC_CONTRAST}× the median of the probes that held. `
    + 'Such a capacity moves with how long the collections that fall in a probe are, more than with the server\'s CPU, and a second run may read it far '
    + 'apart. The server\'s longest GC pause per probe:', ...lines] : [];
}

/**
 * A capacity entry's transport as the report names it: "http1", or "http1 ×2" for N server workers.
 * @param {{ transport: string, serverWorkers: number }} t
 */
export const capacityTransportLabel = (t) => `${t.transport}${t.serverWorkers > 1 ? ` ×${t.serverWorkers}` : ''}`;

/**
 * How precise the run's capacities are, in one line ("Capacity precision: 11 capacities over 3 searches each, 2 with
 * every search within ±10% of the kept one, 9 ~ unstable …"); nothing where no capacity has a spread to judge (single
 * searches). Rows of an older results.json, which carry no precision, are judged from their searches (precisionOf).
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @returns {string[]}
 */
export function precisionLines(transports) {
  const judged = transports.flatMap((t) => t.rows).map((r) => ({ r, p: precisionOf(r) })).filter((x) => x.p);
  if (!judged.length) return [];
  const target = Math.round(/** @type {NonNullable<typeof judged[number]['p']>} */ (judged[0].p).target * 100);
  const missed = judged.filter((x) => !x.p?.met).length;
  const counts = [...new Set(judged.map((x) => x.r.searches?.length ?? 1))];
  return [`Capacity precision: ${judged.length} capacities over ${counts.join(' or ')} searches each, ${judged.length - missed} with every search within ±${target}% `
    + `of the kept (median) one, ${missed} ~ unstable: their searches spread wider, so compare.js gives them no verdict and a second run may read them `
    + `far apart${transports.some((t) => t.pair) ? ' (the protobuf ÷ JSON pairs below are judged search by search instead)' : ''}.`, ''];
}

/**
 * Per transport that ran both sides of its pair, protobuf's capacity over JSON's search by search
 * (capacity-precision.js capacityPair): a lead sentence and one item per transport.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @returns {{ lead: string, items: string[] } | null}
 */
export function pairModel(transports) {
  const items = transports.filter((t) => t.pair).map((t) => `${capacityTransportLabel(t)}: ${pairText(/** @type {NonNullable<typeof t.pair>} */ (t.pair))}`);
  return items.length ? {
    lead: 'Protobuf over JSON, search by search (search k of both formats ran back to back against one server, so each search\'s ratio '
      + `compares them in one state of the machine; a side is named only when every one of at least ${MIN_ROUNDS_FOR_WINNER} searches put the ratio more than `
      + `${Math.round(CAPACITY_PRECISION * 100)}% on it):`,
    items,
  } : null;
}

/**
 * pairModel as text lines (a blank line, the lead, "- " items), or none.
 * @param {Parameters<typeof pairModel>[0]} transports
 * @returns {string[]}
 */
export function pairSection(transports) {
  const model = pairModel(transports);
  return model ? ['', model.lead, ...model.items.map((l) => `- ${l}`)] : [];
}

/**
 * One transport's pair in words: the median ratio with each search's, the verdict, and what bound the searches
 * when not only the server did.
 * @param {NonNullable<ReturnType<typeof import('../transmission/capacity-precision.js').capacityPair>>} p
 */
export function pairText(p) {
  const each = p.searchRatios.map((x) => (x == null ? 'none' : `${x.toFixed(2)}×`)).join(', ');
  const others = [...new Set(p.bounds.filter((b) => b !== 'server'))];
  const bound = !others.length ? '' : others.length === new Set(p.bounds).size
    ? `; no search was bound by the server (${others.join(', ')}), so these are not the servers' limits`
    : `; some searches were bound by ${others.join(' or ')}, not the server, so not only the servers' limits`;
  const n = p.searchRatios.length;
  const said = {
    higher: `${p.protobuf} held a higher capacity than ${p.json} in every one of ${n} searches`,
    lower: `${p.protobuf} held a lower capacity than ${p.json} in every one of ${n} searches`,
    'no clear difference': `no clear difference between ${p.protobuf} and ${p.json}`,
    'too few searches': `${p.protobuf} against ${p.json} in ${n} search${n === 1 ? '' : 'es'}: too few for a verdict (${MIN_ROUNDS_FOR_WINNER} needed)`,
    'a search found none': `${p.protobuf} against ${p.json}: a search found no capacity for one of them, no ratio`,
  }[p.verdict];
  return `${p.ratio == null ? '' : `${p.ratio.toFixed(2)}× (per search ${each}): `}${said}${bound}`;
}

/**
 * Why a capacity is ~ unstable, or null when it is not: how far its searches spread from the kept one (rounded up,
 * so that a spread just over the target never reads as the target), or that a search found none.
 * @param {Parameters<typeof precisionOf>[0]} r
 */
function unstableNote(r) {
  const p = precisionOf(r);
  if (!p || p.met) return null;
  return `~ unstable: ${p.halfWidth == null ? 'a search found none' : `its searches spread ±${Math.ceil(p.halfWidth * 100)}%`}`;
}

/**
 * How a capacity fared in its sustained pass, for the headline: "held for 2 s", "the highest rate held for 2 s: 0.9×
 * of the 39,690 its searches reached", "none of 1, 0.9, 0.8, 0.7 of the 39,690 its searches reached held for 2 s"; null
 * when none ran.
 * @param {Parameters<typeof sustainedCell>[0]} r
 */
function sustainedNote(r) {
  const c = sustainedCase(r);
  if (!c) return null;
  if (c.held) return `held for ${c.seconds} s`;
  const reached = r.capacity == null ? 'the capacity' : `the ${int(r.capacity)} its searches reached`;
  if (c.lower) return `the highest rate held for ${c.seconds} s: ${c.lower.share}× of ${reached}`;
  // a results file without its tries (written by hand, or cut short) says only that it did not hold
  return c.shares.length ? `none of ${c.shares.join(', ')} of ${reached} held for ${c.seconds} s` : `${reached} did not hold for ${c.seconds} s`;
}

/**
 * The headline's figure for a capacity: what held for the sustained pass where one ran (a rate the searches' 0.2 s
 * probes reached but the server did not hold for seconds is a burst's, and moved run to run: npm start on the Intel
 * VM, 2026-11-28, read REST/JSON 12,500 held and 20,000 of which none of 1–0.7× held, five minutes apart), else the
 * capacity itself; per core where the server bounded it.
 * @param {{ perCore: number|null, capacity: number|null, below?: number|null, sustained?: { share: number|null, rate: number|null, tries: Array<{ rate: number }> } | null }} r
 */
function headlineFigure(r) {
  const c = sustainedCase(/** @type {Parameters<typeof sustainedCase>[0]} */ (r));
  const capacity = r.capacity;
  if (capacity != null && c && !c.held) {
    // per core: the rate held, divided as the capacity was (perCore ÷ capacity is 1 ÷ the server's cores)
    const perCore = (/** @type {number} */ rate) => (r.perCore != null ? (rate * r.perCore) / capacity : rate);
    if (c.lower) return int(perCore(c.lower.rate));
    const tried = (r.sustained?.tries ?? []).map((p) => p.rate);
    return `fewer than ${int(perCore(tried.length ? Math.min(...tried) : capacity))}`;
  }
  return r.perCore != null ? int(r.perCore) : r.capacity == null ? `fewer than ${int(/** @type {number} */ (r.below))}` : int(r.capacity);
}

/**
 * The headline issue 22 asks for, when a run has both sides of it: how many REST/JSON (http1's JSON) and gRPC/protobuf
 * (grpc's protobuf) messages one server core took under the p99 target, and the server's CPU share for each at the
 * rate both were measured at (the same rate only with --cpu-rate; otherwise each at its own half capacity, said so).
 * A capacity the server did not bound is given as what it is, never as the server's.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @param {number} targetP99Ms
 */
export function headlineLines(transports, targetP99Ms) {
  const sentence = headlineSentence(transports, targetP99Ms);
  return sentence ? ['', `Headline: ${sentence}`] : [];
}

/**
 * headlineLines' sentence ("one server core takes …"), or null when the run lacks either side.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @param {number} targetP99Ms
 * @returns {string|null}
 */
export function headlineSentence(transports, targetP99Ms) {
  const find = (/** @type {{ transport: string, format: string }} */ side) => transports.find((t) => t.transport === side.transport && t.serverWorkers === 1)?.rows.find((r) => r.format === side.format);
  const rest = find(CAPACITY_HEADLINE.rest);
  const grpc = find(CAPACITY_HEADLINE.grpc);
  if (!rest || !grpc) return null;
  // over several searches: the median with what the searches found (searchesNote)
  const took = (/** @type {NonNullable<typeof rest>} */ r) => {
    const notes = [r.perCore == null && r.capacity != null ? `${r.bound}-bound, so not the server's limit` : null, searchesNote(r),
      unstableNote(r), sustainedNote(r)].filter(Boolean);
    return `${headlineFigure(r)}${notes.length ? ` (${notes.join('; ')})` : ''}`;
  };
  // the share with its 95% interval (µs/msg × the rate), ~ when that is wider than ±5%
  const share = (/** @type {NonNullable<typeof rest>} */ r) => {
    const h = r.atHalf;
    if (h?.serverCpuShare == null || h.rate == null) return '—';
    const rate = h.rate;
    const pct = (/** @type {number} */ us) => ((us * rate) / 1e4).toFixed(1);
    return `${(h.serverCpuShare * 100).toFixed(1)}%${h.serverCpuInterval ? ` (${pct(h.serverCpuInterval.low)}–${pct(h.serverCpuInterval.high)})` : ''}${h.serverCpuMet ? '' : ' ~'}`;
  };
  // the share at the fastest passes (lowestOf), ~ when the three fastest lie more than ±5% from their middle: the
  // figure that holds run to run where the median moves with the machine (docs/transmission.md, "The fastest passes")
  const fastestShare = (/** @type {NonNullable<typeof rest>} */ r) => {
    const h = r.atHalf;
    const l = h?.serverCpuLowest;
    return l && h.rate != null ? `${((l.serverCpuUs * h.rate) / 1e4).toFixed(1)}%${l.met ? '' : ' ~'}` : null;
  };
  const fastest = fastestShare(rest) && fastestShare(grpc) ? { rest: fastestShare(rest), grpc: fastestShare(grpc) } : null;
  const lead = fastest ?? { rest: share(rest), grpc: share(grpc) };
  const medians = fastest ? `medians ${share(rest)} vs ${share(grpc)}` : '';
  const sameRate = rest.atHalf && grpc.atHalf && rest.atHalf.rate === grpc.atHalf.rate;
  const cpu = sameRate
    ? `at ${int(/** @type {number} */ (rest.atHalf?.rate))} msgs/s the server's CPU is ${lead.rest} vs ${lead.grpc} of its core${fastest ? ` at their fastest passes (${medians})` : ''}`
    : `the server's CPU is ${lead.rest} of its core at ${rest.atHalf ? int(rest.atHalf.rate) : '—'} msgs/s vs ${lead.grpc} at ${grpc.atHalf ? int(grpc.atHalf.rate) : '—'}`
      + `${fastest ? ', at their fastest passes' : ''} (not one rate: --cpu-rate R gives both the same${fastest ? `; ${medians}` : ''})`;
  const byH2load = transports.some((t) => (t.transport === 'http1' || t.transport === 'grpc') && t.loadGenerator?.startsWith('h2load'));
  const { rest: r, grpc: g } = CAPACITY_HEADLINE;
  return `one server core takes ${took(rest)} REST/JSON messages/s (${r.transport}, ${r.format}) or ${took(grpc)} gRPC/protobuf messages/s (${g.transport}, ${g.format}) `
    + `at p99 under ${targetP99Ms} ms${byH2load ? ' (h2load\'s, from each actual send)' : ''}; ${cpu}.`;
}

/**
 * The rates below a capacity whose p99 was over the target while neither side ran out (capacity.js isFloor):
 * one line per row that had any, with each rate's p99 and the server's CPU share there.
 * @param {Awaited<ReturnType<typeof import('../transmission/capacity.js').measureCapacity>>} transports
 * @param {number} targetP99Ms
 */
export function floorLines(transports, targetP99Ms) {
  const lines = transports.flatMap((t) => t.rows.filter((r) => r.floorRates?.length).map((r) => `${t.transport} ${r.format}: p99 over ${targetP99Ms} ms also at `
    + r.floorRates.map((rate) => {
      const p = r.probes.findLast((x) => x.rate === rate);
      return `${int(rate)} msgs/s (${p?.p99 == null ? '—' : ms(p.p99)} ms, server ${p?.serverCpuShare == null ? '—' : `${Math.round(p.serverCpuShare * 100)}%`} busy)`;
    }).join(', ')));
  return lines.length ? ['', 'Slower when idle than when loaded: a p99 over the target at a lower rate, with every message answered and neither side out of '
    + 'CPU, event loop or GC, is a latency floor (each message wakes an idle core), not a limit, and the search went past it:', ...lines] : [];
}

/**
 * The http1 calibration of a capacity run (`--calibrate`), a paragraph per transport that has one: autocannon's
 * closed-loop requests/s against the same server, the toolkit's open-loop capacity as a share of it, and the
 * toolkit's own client in the same closed loop (like with like).
 * @param {Array<{ calibration?: { format: string, connections: number, pipelining: number, autocannon: number, autocannonPerSec: number[], autocannonP99: number|null,
 *   toolkitCapacity: number|null, capacityBy?: string, ratio: number|null, toolkitClosedLoop?: number|null, toolkitClosedLoopPerSec?: (number|null)[], closedLoopRatio?: number|null } | null }>} transports
 * @returns {string[]}
 */
export function calibrationLines(transports) {
  return transports.flatMap(({ calibration: c }) => (c ? ['', `Calibration: autocannon against the same http1 server, ${c.format} bodies, ${c.connections} connections, pipelining ${c.pipelining}, closed loop: `
    + `${int(c.autocannon)} requests/s (${c.autocannonPerSec.map((x) => int(x)).join(', ')}; its p99 ${c.autocannonP99} ms); ${c.capacityBy?.startsWith('h2load') ? `the capacity with ${c.capacityBy}` : 'the toolkit\'s capacity'} `
    + `${c.toolkitCapacity == null || c.ratio == null ? 'below the lowest rate' : `${int(c.toolkitCapacity)} msgs/s: ${fixed(c.ratio, 2)} of autocannon's`}`
    + ' (an open-loop rate under the p99 target against a closed loop\'s throughput). Like with like, the toolkit\'s client in the same closed loop, '
    + `its passes taking turns with autocannon's: ${c.toolkitClosedLoop == null || c.closedLoopRatio == null ? 'did not answer every request' : `${int(c.toolkitClosedLoop)} requests/s `
    + `(${(c.toolkitClosedLoopPerSec ?? []).map((x) => (x == null ? '—' : int(x))).join(', ')}): ${fixed(c.closedLoopRatio, 2)} of autocannon's`}`] : []));
}
