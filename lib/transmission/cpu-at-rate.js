/**
 * Server CPU per message at a fixed offered rate: open-loop passes of every format at the same rate (below either's
 * saturation), so each format's server handles the same number of wake-ups per second, with the rate at which the
 * same server process spends CPU idle, measured just before over up to a quarter second, subtracted. The closed-loop figure at window 1
 * counts a wake-up per message and how many messages share one depends on the rate the pass happened to reach: it
 * moves run to run with the machine's load (issue 21). This module is the pure part: the server control that
 * measures the idle interval, and the figures over rounds; measureTransmission (run.js) runs the passes.
 */
import { processAgreement } from '../measure/processes.js';
import { median, medianInterval, range, relativeHalfWidth, spread } from '../measure/statistics.js';
import { askProbe, probeReference, REFERENCE_RULE, slowedCore, SLOWED_BELOW } from './machine-probe.js';

/** Seconds of each fixed-rate pass unless the caller says otherwise. */
export const CPU_AT_RATE_SECONDS = 1;

/**
 * Fixed-rate passes per format in each round (the formats alternated within the round). Two, so that a default
 * run's 5 rounds give 10 passes a format: enough for a 95% interval of the median (medianInterval needs 6).
 */
export const CPU_AT_RATE_PASSES = 2;

/**
 * Server processes the fixed-rate passes are spread over where the run starts its servers (the run's own and fresh
 * ones beside it, each sent the run's other passes too, unmeasured, so that all have handled the same messages;
 * rateSlots says which takes a slot): a server process can run a format at one of a few speeds for its whole life,
 * which no number of passes against it reveals. Measured
 * (AMD EPYC VM, Node 20.20.2, `node benchmark_ws.js 3 --profiles none`, one server a run): json-buffer's three
 * fastest passes read 38.0–38.2 µs/msg in one run of eleven and 39.2–39.7 in one of five, where its other runs read
 * 31.2–35.0 and protobufjs-static's fastest in those same runs was as usual (28.9, 30.5); every one of the slow runs'
 * json-buffer passes was slow, over 40 s of alternating passes, so it was not a slow stretch of the machine, which
 * both formats would have met. Two servers: a format whose servers' fastest passes disagree is flagged
 * (serverAgreement, processAgreement's rule with the precision target), not averaged.
 */
export const CPU_AT_RATE_SERVERS = 2;

/**
 * The fixed-rate passes' messages go out in bursts: one write of a set number every CPU_AT_RATE_BURST_MS, so that
 * every pass and every format hands the server the same messages per socket read. At 2,000 msgs/s the client's timer
 * (1 ms at best, often later) had put what fell due since its last tick into each write: 2.1 to 3.1 messages a read,
 * pass to pass; and the server's CPU per message is mostly its cost per read shared by those messages (about 65 µs a
 * read against 7–12 a message: docs/transmission.md, "Messages per server read"), so it moved with them
 * (r = −0.7). In bursts of 4 every 2 ms a read carried 4.0–4.3, and the fastest passes of three runs held within ±5%
 * (of five later runs, within −6.5% to +9.2% but for one run slowed throughout: docs/transmission.md, "Bursts of a
 * set size"). measureTransmission sends them only where one write carries one burst (WebSocket, one connection).
 */
export const CPU_AT_RATE_BURST_MS = 2;

/**
 * The most a socket read hands a Node server: libuv reads a stream into buffers of 64 KiB. A burst longer than that
 * takes two reads or more, and one format's burst could take more reads than another's.
 */
export const SOCKET_READ_BYTES = 64 * 1024;

/**
 * Messages a fixed-rate pass sends in one write: the rate's messages in CPU_AT_RATE_BURST_MS, at most as many of the
 * largest message as one socket read holds (SOCKET_READ_BYTES), at least one. Every format of a run gets the same
 * burst, from the largest message of any of them: at 10,000 msgs/s, bursts of 20 of test4's messages (JSON up to
 * 6,247 bytes, 3,764 the median) took two reads for json-buffer (10.8 messages a read) and one for protobufjs-static
 * (22.2), so the two formats paid for different numbers of reads (2026-12-02); capped, a burst fits one read (bursts
 * 1 ms apart can still share one where the server wakes late: the fixed-rate line says so, perReadNote).
 * @param {number} rate msgs/s
 * @param {number} [largestWireBytes] the bytes the largest message of any format takes on the client's socket, its
 *   frame included (the transport's framingBytes; 0: no cap)
 */
export const burstAt = (rate, largestWireBytes = 0) => Math.max(1, Math.min(
  Math.round((rate * CPU_AT_RATE_BURST_MS) / 1000),
  largestWireBytes > 0 ? Math.floor(SOCKET_READ_BYTES / largestWireBytes) : Infinity,
));

/**
 * The fixed-rate passes of one round: per slot, the server it runs on and the number its formats' order alternates
 * by (statistics.js alternate). Slot k of round r runs on server (k + r − 1) mod N, so every server takes passes in
 * every position of a round (right after the round's closed-loop passes, or after another slot); the order of the
 * formats alternates over each server's own passes, so every server runs both orders. (Numbering the order over the
 * run instead gives, with two servers and two passes a round, each server one order only: what one server read
 * against the other would then be the order.) Both formats of one slot run on one server, so the pairs run back to
 * back (ratePairs) compare them on one process. With one server: slot k of round r, order (r − 1) × passes + k + 1,
 * as before there were several.
 * @param {number} round from 1
 * @param {number} passes per round
 * @param {number} servers
 * @returns {Array<{ slot: number, server: number, order: number }>}
 */
export function rateSlots(round, passes, servers) {
  const n = Math.max(1, servers);
  /** @type {number[]} how many passes each server took before this round */
  const before = Array.from({ length: n }, (_, s) => {
    let count = 0;
    for (let r = 1; r < round; r++) for (let k = 0; k < passes; k++) if ((k + r - 1) % n === s) count++;
    return count;
  });
  return Array.from({ length: passes }, (_, slot) => {
    const server = (slot + round - 1) % n;
    before[server]++;
    return { slot, server, order: before[server] };
  });
}

/**
 * The idle interval measured before each pass: as long as the pass, at most a quarter second. A server at rest
 * spends 300–5,700 µs of CPU a second here (by day) against ~60,000–90,000 in a pass at 2,000 msgs/s: its rate is what is subtracted
 * (scaled to the pass's time), and a quarter second measures it as well as a whole one, at a quarter of the time.
 * @param {number} seconds the pass's
 */
export const idleSecondsFor = (seconds) => Math.min(seconds, 0.25);

/** The precision a fixed-rate figure is judged by: the 95% interval of its median within ±5%, as speed ratios are. */
export const CPU_AT_RATE_TARGET = 0.05;

/**
 * A median over passes with its distribution-free 95% interval and whether it met the target: null bounds (fewer
 * than 6 values) never meet it.
 * @param {number[]} values
 * @param {number} target
 */
function withPrecision(values, target) {
  const ci = medianInterval(values);
  const halfWidth = relativeHalfWidth(ci);
  return { interval: ci.low == null || ci.high == null ? null : { low: ci.low, high: ci.high, level: ci.level }, precision: { target, halfWidth: Number.isFinite(halfWidth) ? halfWidth : null, met: halfWidth <= target } };
}

/**
 * @typedef {import('./server-meter.js').ServerReport} ServerReport
 * @typedef {{ mark(): Promise<void>, report(): Promise<ServerReport|null>, probe?: () => Promise<{ opsPerCpuUs: number }|null> }} ServerControl
 */

/**
 * The messages of one fixed-rate pass: `seconds` of them at `rate`, at least 100.
 * @param {number} rate msgs/s
 * @param {number} seconds
 */
export const messagesAtRate = (rate, seconds) => Math.max(100, Math.round(rate * seconds));

/**
 * Idle windows the idle interval is split into; the quietest gives the idle rate. Work left over from the pass
 * before (a backlog the server was still draining, a collection of what the pass allocated) can only add CPU to a
 * window, never take it away: in CI on a swamped machine one quarter-second window read 19,152 µs/s, 20 to 60 times
 * a resting server's, and subtracting it left a pass at −21.9 µs/msg. Two windows of half the interval: the
 * leftover work is in the first, the second is rest.
 */
export const IDLE_WINDOWS = 2;

/**
 * The idle report with the lowest CPU rate among `windows`; null if any window has no report (the server cannot
 * report) or none has a wall time.
 * @param {Array<ServerReport|null>} windows
 * @returns {ServerReport|null}
 */
export function quietest(windows) {
  if (!windows.length || windows.some((w) => w == null)) return null;
  const timed = /** @type {ServerReport[]} */ (windows).filter((w) => w.seconds > 0);
  if (!timed.length) return null;
  return timed.reduce((q, w) => (w.cpuUs / w.seconds < q.cpuUs / q.seconds ? w : q));
}

/**
 * A server control that, on mark(), first lets the server sit idle for `idleMs` (the client connected, nothing
 * sent) in IDLE_WINDOWS windows and keeps the quietest window's report, then marks the pass; report() gives the
 * pass's report (its messages, failures, deaths, ELU as they came) with that idle CPU rate, scaled to the pass's
 * wall time, taken off its CPU. That can leave nothing positive (an idle rate that large was not rest): ratePass
 * then gives the pass no CPU figure (netCpuUs), never a negative one. `measured()` holds the reports as they came:
 * the quietest idle window, every idle window, and the pass's gross report.
 * @param {ServerControl} control the server's own (over IPC)
 * @param {number} idleMs
 * @param {(ms: number) => Promise<void>} [sleep]
 */
export function idleSubtracting(control, idleMs, sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); })) {
  /** @type {ServerReport|null} */
  let idle = null;
  /** @type {Array<ServerReport|null>} */
  let idleWindows = [];
  /** @type {ServerReport|null} */
  let pass = null;
  /** @type {Array<number|null>} the machine probe's rate just before the pass and just after it */
  let probes = [];
  return {
    async mark() {
      idleWindows = [];
      probes = [];
      for (let w = 0; w < IDLE_WINDOWS; w++) {
        await control.mark();
        await sleep(idleMs / IDLE_WINDOWS);
        idleWindows.push(await control.report());
      }
      idle = quietest(idleWindows);
      if (control.probe) probes.push(await askProbe(control));
      await control.mark();
    },
    async report() {
      pass = await control.report();
      if (control.probe) probes.push(await askProbe(control));
      return pass && idle ? subtractIdle(pass, idle) : null;
    },
    measured: () => ({ idle, idleWindows, pass, machineProbes: probes }),
  };
}

/**
 * A pass's server report with the idle CPU of an idle report taken off, scaled to the pass's wall time.
 * @param {ServerReport} pass
 * @param {ServerReport} idle
 * @returns {ServerReport}
 */
export function subtractIdle(pass, idle) {
  const idlePerSecond = idle.seconds > 0 ? idle.cpuUs / idle.seconds : 0;
  return { ...pass, cpuUs: pass.cpuUs - idlePerSecond * pass.seconds };
}

/**
 * A fixed-rate pass's server CPU per message net of idle, as a row keeps it: null where the server did not report,
 * and where nothing positive was left (a pass of messages costs CPU: the idle rate subtracted was not rest), so
 * that the pass counts as unmeasured and never as a negative figure.
 * @param {number|null|undefined} us
 */
export const netCpuUs = (us) => (us != null && Number.isFinite(us) && us > 0 ? us : null);

/**
 * One fixed-rate pass as a row keeps it (server: which of the run's fixed-rate servers it ran on, 0 the run's own;
 * absent in results written before there were several).
 * @typedef {{ round: number, slot?: number, server?: number, messages: number, acked: number, seconds: number, msgsPerSec: number, serverCpuUs: number|null,
 *   grossCpuUs: number|null, serverUserUs?: number, serverSystemUs?: number, idleCpuUsPerSec: number|null, serverGcMs?: number|null, serverMsgsPerRead?: number|null, serverElu: number|null,
 *   clientCpuUs: number|null, clientUserUs?: number, clientSystemUs?: number, clientElu: number|null, latencyMs: { p50: number|null, p99: number|null }, complete: boolean,
 *   machineProbes?: Array<number|null> }} RatePass
 *   serverUserUs, serverSystemUs: grossCpuUs as the kernel split it, user and system time per message (absent where the
 *   server did not report them); clientUserUs, clientSystemUs: clientCpuUs so split (absent where the client could not
 *   measure its CPU; h2load's from its ended children's user and system ticks); serverMsgsPerRead: the messages the
 *   server's socket reads carried on average (null where its transport counts no reads; absent in results written before);
 *   machineProbes: the machine probe's rate (machine-probe.js, operations per CPU µs) in the pass's server just before and
 *   just after it; null where the server did not answer (a primary of workers), absent in results written before
 */

/** How many of a format's fastest fixed-rate passes must agree for its lowest figure to count as settled. */
export const LOWEST_OF = 3;

/**
 * The fastest of a format's fixed-rate passes: its server CPU per message, and how far the LOWEST_OF fastest lie
 * apart, as a half-width around their middle ((third − first) ÷ (third + first)); met when that is within the target.
 * Interference on a shared machine (other jobs, the VM's host, caches another process filled) mostly adds CPU time
 * to a pass, so the fastest passes come nearest the cost itself, and the median gives the cost on this machine as
 * it was (Chen & Revels 2016, "Robust benchmarking in noisy environments", argue the minimum for this reason). Two
 * things can read a pass low: an idle rate read too high (subtracted from it), and a server held up that then
 * drains its backlog in fewer wake-ups; the three fastest must agree, so one such pass is not taken for the cost. Measured (AMD EPYC VM, five `node benchmark_ws.js 3 --profiles none` in a row, 2026-11-29): the
 * median read protobufjs-static at 31.5–58.8 µs/msg and json-buffer at 35.3–62.9, the fastest pass 27.8–29.5 and
 * 32.5–35.0. Fewer than LOWEST_OF passes: the fastest alone, never met.
 * @param {number[]} values the passes' server CPU per message
 * @param {number} target
 * @returns {{ serverCpuUs: number, of: number, range: [number, number], halfWidth: number|null, met: boolean } | null}
 */
export function lowestOf(values, target = CPU_AT_RATE_TARGET) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const of = Math.min(LOWEST_OF, sorted.length);
  const [first, last] = [sorted[0], sorted[of - 1]];
  const halfWidth = of === LOWEST_OF && first + last > 0 ? (last - first) / (last + first) : null;
  return { serverCpuUs: first, of, range: [first, last], halfWidth, met: halfWidth != null && halfWidth <= target };
}

/**
 * A format's fixed-rate passes over the rounds: the median server CPU per message (idle subtracted), its 95%
 * interval and whether that met the target (`precision`: a figure that did not is shown unstable), its min–max
 * and spread ((max − min) ÷ median, statistics.js's), the median idle CPU (µs per second of wall time) and CPU share at the rate,
 * the median user and system time per message (before the idle rate is subtracted; null where no server said) and the
 * client's (null where no client said), and the
 * passes; the CPU figures (median, interval, min–max, spread, share, lowest) from the passes that measured
 * (`unmeasured` counts the others: fewer passes, a wider interval), the idle and client medians from every pass that
 * has them; and `lowest`, the fastest passes (lowestOf). Null figures where no pass measured.
 * @param {string} format
 * @param {number} rate
 * @param {RatePass[]} passes
 * @param {number} [target]
 */
export function summariseRatePasses(format, rate, passes, target = CPU_AT_RATE_TARGET) {
  const cpu = passes.map((p) => p.serverCpuUs).filter((v) => v != null);
  const byServer = serversOf(passes, target);
  const agreement = byServer ? serverAgreement(byServer, target) : null;
  const lowest = lowestOf(cpu, target);
  const idle = passes.map((p) => p.idleCpuUsPerSec).filter((v) => v != null);
  const client = passes.map((p) => p.clientCpuUs).filter((v) => v != null);
  const split = passes.filter((p) => p.serverUserUs != null && p.serverSystemUs != null);
  const clientSplit = passes.filter((p) => p.clientUserUs != null && p.clientSystemUs != null);
  const perRead = passes.flatMap((p) => (p.serverMsgsPerRead == null ? [] : [p.serverMsgsPerRead]));
  // the figure comes from the passes that measured; a pass is unmeasured when its server did not report (a server
  // that cannot report leaves every pass so, and the row without a figure) or its idle rate left nothing positive
  const measured = cpu.length > 0;
  const serverCpuUs = measured ? median(cpu) : null;
  const { min, max } = measured ? range(cpu) : { min: NaN, max: NaN };
  return {
    format, rate,
    serverCpuUs,
    // the fastest passes (lowestOf): nearest the cost itself, since interference mostly adds CPU time; not settled
    // when the servers the passes ran on disagree (the figure then depends on the server process)
    lowest: lowest && agreement && agreement !== 'agree' ? { ...lowest, met: false } : lowest,
    // over several server processes: each one's fastest passes, and whether they agree
    ...(byServer ? { byServer, serverAgreement: agreement } : {}),
    unmeasured: passes.length - cpu.length,
    minMax: measured ? { serverCpuUs: [min, max] } : null,
    spread: measured && serverCpuUs ? spread(cpu) : null,
    ...(measured ? withPrecision(cpu, target) : { interval: null, precision: { target, halfWidth: null, met: false } }),
    // the server's CPU at this rate as a share of one core, idle subtracted
    serverCpuShare: serverCpuUs == null ? null : (serverCpuUs * rate) / 1e6,
    idleCpuUsPerSec: idle.length ? median(idle) : null,
    clientCpuUs: client.length ? median(client) : null,
    // the median pass's user and system time per message (gross: the idle rate not subtracted), from the passes
    // whose server reported them: the server's own code against the kernel's work for it (docs/transmission.md,
    // "User and system time": the system part is what moves run to run)
    serverUserUs: split.length ? median(split.map((p) => /** @type {number} */ (p.serverUserUs))) : null,
    serverSystemUs: split.length ? median(split.map((p) => /** @type {number} */ (p.serverSystemUs))) : null,
    // and the client's, the same way (no idle rate to subtract: clientCpuUs is gross too)
    clientUserUs: clientSplit.length ? median(clientSplit.map((p) => /** @type {number} */ (p.clientUserUs))) : null,
    clientSystemUs: clientSplit.length ? median(clientSplit.map((p) => /** @type {number} */ (p.clientSystemUs))) : null,
    // the messages a server read carried, the median pass's (null where the transport counts no reads): how many
    // messages shared each wake-up's cost, which the bursts set, and the server's late wake-ups where bursts of a
    // small format share a read (docs/transmission.md, "Messages per server read", "A burst fits one socket read")
    serverMsgsPerRead: perRead.length ? median(perRead) : null,
    complete: passes.every((p) => p.complete),
    passes,
  };
}

/**
 * A format's fastest passes on each server process they ran on (RatePass.server), in server order; null when they
 * all ran on one.
 * @param {RatePass[]} passes
 * @param {number} target
 * @returns {Array<{ server: number, passCount: number, lowest: ReturnType<typeof lowestOf> }> | null}
 */
export function serversOf(passes, target = CPU_AT_RATE_TARGET) {
  const servers = [...new Set(passes.map((p) => p.server ?? 0))].sort((a, b) => a - b);
  if (servers.length < 2) return null;
  return servers.map((server) => {
    const own = passes.filter((p) => (p.server ?? 0) === server);
    return { server, passCount: own.length, lowest: lowestOf(own.map((p) => p.serverCpuUs).filter((v) => v != null), target) };
  });
}

/**
 * Whether a format's server processes agree on its fastest passes: processAgreement (lib/measure/processes.js, the
 * speed pass's rule for fresh processes) over each server's fastest pass with its range to the third fastest as its
 * interval: they agree when one value lies in every server's range, or when they lie within the precision target
 * of each other (largest ÷ smallest − 1). A server with fewer than LOWEST_OF passes has no range, so only that test
 * applies. 'unmeasured' when a server measured none of its passes: nothing to compare.
 * @param {NonNullable<ReturnType<typeof serversOf>>} byServer
 * @param {number} target
 * @returns {'agree'|'process-dependent'|'bimodal'|'unmeasured'}
 */
export function serverAgreement(byServer, target = CPU_AT_RATE_TARGET) {
  if (byServer.some((s) => !s.lowest)) return 'unmeasured';
  const runs = byServer.map(({ lowest: l }) => {
    const own = /** @type {NonNullable<typeof l>} */ (l);
    return { ratio: own.serverCpuUs, low: own.of === LOWEST_OF ? own.range[0] : null, high: own.of === LOWEST_OF ? own.range[1] : null };
  });
  return processAgreement(runs, target);
}

/**
 * Whether a run's fixed-rate figures have settled: every pair of formats' ratio from passes run back to back met its
 * target (ratePairs: the 95% interval of its median within ±5%); with one format, no pair, its fastest passes
 * (lowestOf, with its server processes agreeing). A run that has not may add rounds of fixed-rate passes alone
 * (measureTransmission's `cpuAtRate.maxSeconds`). The ratio is what holds run to run on this VM: five consecutive
 * `node benchmark_ws.js 3 --profiles none` (2026-11-29 19:09–19:17Z) read json-buffer ÷ protobufjs-static at 1.09–1.18
 * (−3.6% to +4.3% of their median), while protobufjs-static's fastest passes read 42.6–60.7 µs a message, and in
 * the three runs where they settled (three fastest within ±5%) they did so at 54.6, 57.2 and 60.7 µs, 11% apart: a
 * run's passes can agree with each other in a slow stretch of the host, so settling them would not make them
 * reproducible. docs/transmission.md, "Rounds added until the ratio is narrow", has what the added rounds did.
 * @param {Array<{ lowest: { met: boolean } | null }>} rows summariseRatePasses's
 * @param {Array<{ precision: { met: boolean } }>} pairs ratePairs's of those rows
 */
export const ratesSettled = (rows, pairs) => (pairs.length ? pairs.every((p) => p.precision.met) : rows.length > 0 && rows.every((r) => r.lowest?.met === true));

/**
 * Each pair of formats' ratio of server CPU per message (the second over the first): one per pair of passes run back
 * to back in the same round and slot, their median with its 95% interval and whether it met the target, and min–max;
 * and `lowest`, the ratio of their fastest passes (lowestOf), met when both formats' are.
 * @param {Array<ReturnType<typeof summariseRatePasses>>} rows
 * @param {number} [target]
 */
export function ratePairs(rows, target = CPU_AT_RATE_TARGET) {
  /** @typedef {{ formats: [string, string], ratio: number|null, minMax: { ratio: [number, number] }|null, lowest: { ratio: number, met: boolean }|null } & ReturnType<typeof withPrecision>} RatePair */
  /** @type {RatePair[]} */
  const pairs = [];
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const [a, b] = [rows[i], rows[j]];
      const ratios = a.passes.flatMap((p) => {
        const q = b.passes.find((x) => x.round === p.round && (x.slot ?? 0) === (p.slot ?? 0));
        return p.serverCpuUs && q?.serverCpuUs != null ? [q.serverCpuUs / p.serverCpuUs] : [];
      });
      const { min, max } = ratios.length ? range(ratios) : { min: NaN, max: NaN };
      pairs.push({
        formats: [a.format, b.format], ratio: ratios.length ? median(ratios) : null, minMax: ratios.length ? { ratio: [min, max] } : null,
        ...withPrecision(ratios, target),
        // the ratio of the two formats' fastest passes, settled when both are
        lowest: a.lowest?.serverCpuUs && b.lowest ? { ratio: b.lowest.serverCpuUs / a.lowest.serverCpuUs, met: a.lowest.met && b.lowest.met } : null,
      });
    }
  }
  return pairs;
}

/**
 * Which fixed-rate passes ran while their server's core was slowed, by the machine probe (machine-probe.js) the server
 * timed just before and just after each pass: a pass counts as slowed when either probe read below `share` of the
 * run's reference rate, its upper-quartile probe (machine-probe.js probeReference: not the fastest, so that a few high
 * readings do not make every other pass look slowed). Measured (AMD EPYC VM, ten `node benchmark_ws.js 3 --profiles none`, 2026-11-29,
 * docs/transmission.md "The machine probe"): the probe read 0.056–0.089 operations per µs beside the passes it
 * flagged and 0.090–0.115 beside the others; runs with four or more of a format's passes flagged had the higher
 * medians. It says why a run's median moved; scaling the passes by it did not make the figures hold still (a slowed
 * pass's CPU grew by more than the probe's), so nothing is corrected by it. Null when fewer than three probes
 * answered (a server of several workers answers none).
 * @param {Array<{ format: string, passes: RatePass[] }>} formats
 * @param {number} [share]
 * @returns {{ referenceOpsPerCpuUs: number, rule: string, slowedBelow: number, slowed: Array<{ format: string, slowedPasses: number, probedPasses: number }> } | null}
 */
export function probeSummary(formats, share = SLOWED_BELOW) {
  const reference = probeReference(formats.flatMap((f) => f.passes.flatMap((p) => p.machineProbes ?? [])));
  if (reference == null) return null;
  const probed = (/** @type {RatePass} */ p) => (p.machineProbes ?? []).some((v) => v != null);
  const slowed = (/** @type {RatePass} */ p) => slowedCore(p.machineProbes, reference, share);
  return { referenceOpsPerCpuUs: reference, rule: REFERENCE_RULE, slowedBelow: share, slowed: formats.map((f) => ({ format: f.format, slowedPasses: f.passes.filter(slowed).length, probedPasses: f.passes.filter(probed).length })) };
}
