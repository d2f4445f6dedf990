import test from 'node:test';
import assert from 'node:assert/strict';
import { idleSubtracting, lowestOf, messagesAtRate, netCpuUs, probeSummary, quietest, ratePairs, rateSlots, ratesSettled, serverAgreement, serversOf, subtractIdle, summariseRatePasses } from '../../../lib/transmission/cpu-at-rate.js';
import { alternate } from '../../../lib/measure/statistics.js';
import { cpuAtRateLines } from '../../../lib/report/terminal-transmission.js';

/** @typedef {import('../../../lib/transmission/server-meter.js').ServerReport} ServerReport */

test('subtractIdle: the idle CPU per second, scaled to the pass\'s wall time, comes off the pass\'s CPU', () => {
  const pass = { messages: 2000, cpuUs: 100000, elu: 0.1, seconds: 1.2 };
  const idle = { messages: 0, cpuUs: 500, elu: 0.001, seconds: 1 };
  assert.deepEqual(subtractIdle(pass, idle), { messages: 2000, cpuUs: 100000 - 600, elu: 0.1, seconds: 1.2 });
  assert.equal(subtractIdle(pass, { ...idle, seconds: 0 }).cpuUs, 100000);
});

test('idleSubtracting: mark waits idle in two windows, keeps the quieter, marks again; report gives the pass net of idle', async () => {
  /** @type {string[]} */
  const calls = [];
  // the first window caught work left over from the pass before (10x the second's rate): the second is the rest
  const leftover = { messages: 0, cpuUs: 5000, elu: 0.01, seconds: 1 };
  const rest = { messages: 0, cpuUs: 500, elu: 0, seconds: 1 };
  /** @type {ServerReport[]} */
  const reports = [leftover, rest, { messages: 1000, cpuUs: 51000, elu: 0.2, seconds: 2 }];
  const control = {
    mark: async () => { calls.push('mark'); },
    report: async () => { calls.push('report'); return reports.shift() ?? null; },
  };
  /** @type {number[]} */
  const slept = [];
  const c = idleSubtracting(control, 2000, async (ms) => { calls.push('sleep'); slept.push(ms); });
  await c.mark();
  assert.deepEqual(calls, ['mark', 'sleep', 'report', 'mark', 'sleep', 'report', 'mark']);
  assert.deepEqual(slept, [1000, 1000]);
  const r = await c.report();
  // 51,000 less 500 µs/s over the pass's 2 s; the first window's rate would have taken 10,000
  assert.equal(r?.cpuUs, 50000);
  assert.equal(/** @type {ServerReport} */ (r).cpuUs / /** @type {ServerReport} */ (r).messages, 50);
  assert.deepEqual(c.measured().idle, rest);
  assert.deepEqual(c.measured().idleWindows, [leftover, rest]);
  assert.equal(c.measured().pass?.cpuUs, 51000);
});

test('idleSubtracting: the quieter window wherever the leftover work fell; a pass the idle rate leaves nothing of is unmeasured, never negative', async () => {
  /** @param {ServerReport[]} reports */
  const run = async (reports) => {
    const c = idleSubtracting({ mark: async () => {}, report: async () => reports.shift() ?? null }, 500, async () => {});
    await c.mark();
    return { net: await c.report(), measured: c.measured() };
  };
  const quiet = { messages: 0, cpuUs: 100, elu: 0, seconds: 0.25 };
  const busy = { messages: 0, cpuUs: 4788, elu: 0.3, seconds: 0.25 };
  const a = await run([quiet, busy, { messages: 100, cpuUs: 8460, elu: 0.5, seconds: 0.54 }]);
  assert.equal(a.measured.idle, quiet);
  assert.ok(Math.abs((a.net?.cpuUs ?? 0) - (8460 - 400 * 0.54)) < 1e-9, `${a.net?.cpuUs}`);
  // CI's case: both windows busy (19,152 µs/s), a pass of 84.6 µs/msg gross at 184 msgs/s: nothing positive left
  const died = [{ worker: 2, pid: 4242, code: 1, signal: null }];
  const b = await run([busy, busy, { messages: 100, cpuUs: 8460, elu: 0.5, seconds: 0.543, failed: 7, died }]);
  // the report keeps what it counted (failures, deaths, ELU) and only its CPU is net of idle
  assert.ok(b.net && b.net.cpuUs < 0, `${b.net?.cpuUs}`);
  assert.deepEqual([b.net?.messages, b.net?.failed, b.net?.died, b.net?.elu], [100, 7, died, 0.5]);
  assert.equal(b.measured.pass?.cpuUs, 8460, 'the gross report is kept');
  // and the pass has no CPU figure, never a negative one
  assert.equal(netCpuUs(/** @type {ServerReport} */ (b.net).cpuUs / 100), null);
  assert.equal(netCpuUs(31.2), 31.2);
  assert.equal(netCpuUs(0), null);
  assert.equal(netCpuUs(NaN), null);
  assert.equal(netCpuUs(null), null);
  // ratePass: the unmeasured pass keeps its gross CPU, idle rate and GC; its net figure is null
  const { ratePass } = await import('../../../lib/transmission/run.js');
  const r = { messages: 100, acked: 100, seconds: 0.543, msgsPerSec: 184, serverCpuUs: -19.4, serverElu: 0.5, clientCpuUs: 60, clientElu: 0.3,
    lost: 0, notSent: 0, duplicated: 0, errors: 0, latencyMs: { p50: 454, p99: 500 } };
  const rp = ratePass(1, 0, r, { idle: busy, pass: { messages: 100, cpuUs: 8460, elu: 0.5, seconds: 0.543, gcMs: 1.5 } });
  assert.deepEqual([rp.serverCpuUs, rp.grossCpuUs, rp.idleCpuUsPerSec, rp.serverGcMs, rp.serverMsgsPerRead], [null, 84.6, 4788 / 0.25, 1.5, null]);
  // a server that counted its socket reads: the messages a read carried
  assert.equal(ratePass(1, 0, r, { idle: busy, pass: { messages: 100, cpuUs: 8460, elu: 0.5, seconds: 0.543, reads: 40 } }).serverMsgsPerRead, 2.5);
  assert.equal(ratePass(1, 0, { ...r, serverCpuUs: 30 }, { idle: busy, pass: null }).serverCpuUs, 30);
  // a window without a report: the server cannot report, no idle rate
  assert.equal(quietest([quiet, null]), null);
  assert.equal(quietest([]), null);
  assert.equal(quietest([{ ...quiet, seconds: 0 }, busy]), busy, 'a window without wall time gives no rate');
});

test('idleSubtracting: a server that does not report gives no figure', async () => {
  const c = idleSubtracting({ mark: async () => {}, report: async () => null }, 0, async () => {});
  await c.mark();
  assert.equal(await c.report(), null);
});

/**
 * @param {number} round
 * @param {number|null} serverCpuUs
 * @returns {import('../../../lib/transmission/cpu-at-rate.js').RatePass}
 */
const pass = (round, serverCpuUs, complete = true) => ({
  round, messages: 2000, acked: 2000, seconds: 1, msgsPerSec: 2000, serverCpuUs, grossCpuUs: serverCpuUs, idleCpuUsPerSec: 300 + round,
  serverElu: 0.1, clientCpuUs: 40, clientElu: 0.2, latencyMs: { p50: 0.1, p99: 0.5 }, complete,
});

test('summariseRatePasses: median over rounds, min–max, spread, share of a core at the rate, idle CPU', () => {
  const row = summariseRatePasses('protobufjs-static', 2000, [pass(1, 50), pass(2, 40), pass(3, 45)]);
  assert.equal(row.serverCpuUs, 45);
  assert.deepEqual(row.minMax, { serverCpuUs: [40, 50] });
  assert.equal(row.spread, (50 - 40) / 45);
  assert.equal(row.serverCpuShare, (45 * 2000) / 1e6);
  assert.equal(row.idleCpuUsPerSec, 302);
  assert.equal(row.complete, true);
  assert.equal(summariseRatePasses('x', 2000, [pass(1, 50), pass(2, 40, false)]).complete, false);
  // an unmeasured pass is left out of the figure and counted; no pass measured, no figure
  const some = summariseRatePasses('x', 2000, [pass(1, 50), pass(2, null), pass(3, 40)]);
  assert.equal(some.serverCpuUs, 45);
  assert.equal(some.unmeasured, 1);
  assert.deepEqual(some.minMax, { serverCpuUs: [40, 50] });
  assert.equal(row.unmeasured, 0);
  const none = summariseRatePasses('x', 2000, [pass(1, null), pass(2, null)]);
  assert.equal(none.serverCpuUs, null);
  assert.equal(none.spread, null);
  assert.equal(none.minMax, null);
  // user and system time per message: each one's median over the passes whose server reported them; null with none
  assert.deepEqual([row.serverUserUs, row.serverSystemUs], [null, null]);
  const split = summariseRatePasses('x', 2000, [{ ...pass(1, 50), serverUserUs: 30, serverSystemUs: 20 }, { ...pass(2, 40), serverUserUs: 32, serverSystemUs: 8 },
    { ...pass(3, 45), serverUserUs: 28, serverSystemUs: 17 }, pass(4, 60)]);
  assert.deepEqual([split.serverUserUs, split.serverSystemUs], [30, 17]);
  // messages per server read: the median over the passes whose server counted reads; null with none
  assert.equal(row.serverMsgsPerRead, null);
  const reads = summariseRatePasses('x', 2000, [{ ...pass(1, 50), serverMsgsPerRead: 2.2 }, { ...pass(2, 40), serverMsgsPerRead: 2.8 },
    { ...pass(3, 45), serverMsgsPerRead: 2.5 }, { ...pass(4, 60), serverMsgsPerRead: null }]);
  assert.equal(reads.serverMsgsPerRead, 2.5);
});

test('the client\'s CPU per message split into user and system: each pass keeps it, each format the median of each, its line prints it beside the server\'s', async () => {
  const { ratePass } = await import('../../../lib/transmission/run.js');
  const r = { messages: 100, acked: 100, seconds: 0.05, msgsPerSec: 2000, serverCpuUs: 30, serverElu: 0.5, clientCpuUs: 60, clientUserUs: 45, clientSystemUs: 15, clientElu: 0.3,
    lost: 0, notSent: 0, duplicated: 0, errors: 0, latencyMs: { p50: 1, p99: 2 } };
  const withSplit = ratePass(1, 0, r, { idle: null, pass: { messages: 100, cpuUs: 5000, userUs: 3200, systemUs: 1800, elu: 0.5, seconds: 0.05 } });
  assert.deepEqual([withSplit.clientCpuUs, withSplit.clientUserUs, withSplit.clientSystemUs], [60, 45, 15]);
  assert.deepEqual([withSplit.serverUserUs, withSplit.serverSystemUs], [32, 18], 'the server\'s split beside it, its own');
  // a client that cannot measure its CPU (a page), or a load generator that does not split it (h2load): absent
  const without = ratePass(1, 0, { ...r, clientCpuUs: null, clientUserUs: null, clientSystemUs: null }, { idle: null, pass: null });
  assert.deepEqual(['clientUserUs' in without, 'clientSystemUs' in without], [false, false]);
  const { clientUserUs: _cu, clientSystemUs: _cs, ...h2loadShaped } = r;
  assert.equal('clientUserUs' in ratePass(1, 0, h2loadShaped, { idle: null, pass: null }), false);
  // the format's: each one's median over the passes whose client gave it (user and system apart, never swapped); null with none
  const split = (/** @type {number} */ round, /** @type {number} */ user, /** @type {number} */ system) => ({ ...pass(round, 40), clientCpuUs: user + system, clientUserUs: user, clientSystemUs: system });
  const row = summariseRatePasses('x', 2000, [split(1, 45, 15), split(2, 47, 9), split(3, 44, 20), pass(4, 40)]);
  assert.deepEqual([row.clientUserUs, row.clientSystemUs], [45, 15]);
  assert.deepEqual([summariseRatePasses('x', 2000, [pass(1, 40)]).clientUserUs, summariseRatePasses('x', 2000, [pass(1, 40)]).clientSystemUs], [null, null]);
  // the line: the server's split, then the client's figure with its own, each user first; the legend says what each is
  const both = summariseRatePasses('protobufjs-static', 2000, [1, 2, 3].map((k) => ({ ...split(k, 45, 15), serverUserUs: 32, serverSystemUs: 18 })));
  const lines = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [both], pairs: [] }, settings: {} });
  assert.match(lines[1], /; user 32\.0 \+ system 18\.0 µs\/msg; client 60\.0 µs\/msg, user 45\.0 \+ system 15\.0 µs\/msg$/);
  assert.match(lines[0], /; user \+ system: the median over passes of each, the server CPU per message before the idle rate is subtracted as the kernel split it between the server's own code and its work for the server \(sockets, wake-ups\), and after the client's figure the client's CPU per message split so:$/);
  // a client's split without the server's (a server that does not split its own): the legend speaks of the client's
  const clientOnly = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [row], pairs: [] }, settings: {} });
  assert.match(clientOnly[1], /µs\/s; client 58\.0 µs\/msg, user 45\.0 \+ system 15\.0 µs\/msg$/);
  assert.match(clientOnly[0], /; user \+ system after the client's figure: the median over passes of each, the client CPU per message as the kernel split it between the client's own code and its work for the client \(sockets, wake-ups\):$/);
  // results written before either split was kept: the line and legend as they were (such a file has no such keys;
  // null reads the same)
  const before = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [{ ...row, clientUserUs: null, clientSystemUs: null }], pairs: [] }, settings: {} });
  assert.match(before[1], /; client 58\.0 µs\/msg$/);
  assert.doesNotMatch(before.join('\n'), /user|system/);
});

test('ratePairs: the ratio is taken within each round, then its median: load that moves both formats alike cancels', () => {
  // round 2 is twice as slow for both formats; the per-round ratio stays 1.2
  const a = summariseRatePasses('protobuf', 2000, [pass(1, 10), pass(2, 20), pass(3, 10)]);
  const b = summariseRatePasses('json', 2000, [pass(1, 12), pass(2, 24), pass(3, 12)]);
  const [p] = ratePairs([a, b]);
  assert.deepEqual(p.formats, ['protobuf', 'json']);
  assert.ok(Math.abs(/** @type {number} */ (p.ratio) - 1.2) < 1e-12);
  assert.ok(p.minMax && Math.abs(p.minMax.ratio[1] - p.minMax.ratio[0]) < 1e-12);
  // where the ratio of the medians differs: per round 12/10, 30/10, 30/40 (median 1.2); medians 30 over 10 would say 3
  const d = summariseRatePasses('protobuf', 2000, [pass(1, 10), pass(2, 10), pass(3, 40)]);
  const e = summariseRatePasses('json', 2000, [pass(1, 12), pass(2, 30), pass(3, 30)]);
  const [q] = ratePairs([d, e]);
  assert.deepEqual(q.minMax, { ratio: [0.75, 3] });
  assert.ok(Math.abs(/** @type {number} */ (q.ratio) - 1.2) < 1e-12, `${q.ratio}`);
});

test('summariseRatePasses and ratePairs: the median\'s 95% interval, met only within the target; too few passes never meet it', () => {
  // ten passes within ±2% of 50: the interval (2nd and 9th of ten) is within ±5%
  const tight = [49, 50, 51, 50, 49.5, 50.5, 50, 49, 51, 50];
  const steady = summariseRatePasses('pb', 2000, tight.map((v, i) => ({ ...pass(1 + (i >> 1), v), slot: i % 2 })));
  assert.deepEqual(steady.interval && [steady.interval.low, steady.interval.high], [49, 51]);
  assert.equal(steady.precision.met, true);
  // the same median with passes from 35 to 65: the interval is ±20%, the figure is unstable
  const loose = [35, 65, 40, 60, 50, 50, 45, 55, 38, 62];
  const noisy = summariseRatePasses('json', 2000, loose.map((v, i) => ({ ...pass(1 + (i >> 1), v), slot: i % 2 })));
  assert.equal(noisy.serverCpuUs, 50);
  assert.equal(noisy.precision.met, false);
  assert.ok(/** @type {number} */ (noisy.precision.halfWidth) > 0.15, `${noisy.precision.halfWidth}`);
  // five passes: no 95% interval of a median from five values, so not met however close they are
  const few = summariseRatePasses('pb', 2000, [50, 50, 50, 50, 50].map((v, i) => pass(i + 1, v)));
  assert.equal(few.interval, null);
  assert.equal(few.precision.met, false);
  // pairs are matched by round and slot: passes of slot 1 in a round twice as slow as slot 0 for both formats cancel
  const a = summariseRatePasses('pb', 2000, tight.map((v, i) => ({ ...pass(1 + (i >> 1), v * (1 + (i % 2))), slot: i % 2 })));
  const b = summariseRatePasses('json', 2000, tight.map((v, i) => ({ ...pass(1 + (i >> 1), 1.3 * v * (1 + (i % 2))), slot: i % 2 })));
  const [p] = ratePairs([a, b]);
  assert.ok(Math.abs(/** @type {number} */ (p.ratio) - 1.3) < 1e-12, `${p.ratio}`);
  assert.equal(p.precision.met, true);
  assert.deepEqual(p.interval && [p.interval.low, p.interval.high].map((x) => Math.round(x * 1e9) / 1e9), [1.3, 1.3]);
});

test('lowestOf: the fastest pass, and how far the three fastest lie from their middle; met within the target', () => {
  // a run in the slow state half the time: the median moves with it, the fastest passes do not
  const passes = [58.8, 27.8, 75.4, 30.4, 30.1, 66.0, 61.2, 59.9, 70.3, 64.4];
  const l = lowestOf(passes, 0.05);
  assert.deepEqual(l && [l.serverCpuUs, l.of, ...l.range], [27.8, 3, 27.8, 30.4]);
  assert.ok(Math.abs(/** @type {number} */ (l?.halfWidth) - (30.4 - 27.8) / (30.4 + 27.8)) < 1e-12);
  assert.equal(l?.met, true);
  // one lucky pass far below the next two: not settled
  assert.equal(lowestOf([20, 30, 31, 32, 33, 34], 0.05)?.met, false);
  // fewer than three passes: the fastest, never met; none: nothing
  assert.deepEqual(lowestOf([40, 41], 0.05), { serverCpuUs: 40, of: 2, range: [40, 41], halfWidth: null, met: false });
  assert.equal(lowestOf([], 0.05), null);
});

test('summariseRatePasses and ratePairs: the fastest passes of each format, and their ratio, met when both are', () => {
  const tens = (/** @type {number[]} */ xs) => xs.map((v, i) => ({ ...pass(1 + (i >> 1), v), slot: i % 2 }));
  const pb = summariseRatePasses('pb', 2000, tens([29, 60, 30, 65, 30.5, 70, 58, 62, 66, 61]));
  const js = summariseRatePasses('json', 2000, tens([34, 70, 35, 72, 35.5, 80, 69, 71, 75, 68]));
  assert.equal(pb.lowest?.serverCpuUs, 29);
  assert.equal(pb.precision.met, false, 'the median is unstable');
  assert.equal(pb.lowest?.met, true, 'the fastest passes are not');
  const [p] = ratePairs([pb, js]);
  assert.ok(p.lowest && Math.abs(p.lowest.ratio - 34 / 29) < 1e-12);
  assert.equal(p.lowest?.met, true);
  const lucky = summariseRatePasses('json', 2000, tens([20, 70, 35, 72, 35.5, 80, 69, 71, 75, 68]));
  assert.equal(ratePairs([pb, lucky])[0].lowest?.met, false);
  // a pass that did not measure is not a fastest pass
  const gap = summariseRatePasses('pb', 2000, [pass(1, null), pass(2, 40), pass(3, 41), pass(4, 42)]);
  assert.deepEqual(gap.lowest?.range, [40, 42]);
});

test('report.html gives the WebSocket pass\'s verdicts and its fixed-rate CPU lines, as report.md does', async () => {
  const { renderHtml } = await import('../../../lib/report/html.js');
  const { makeResults } = await import('../../helpers/results-fixture.js');
  const results = makeResults();
  const tight = [49, 50, 51, 50, 49.5, 50.5, 50, 49, 51, 50];
  const rows = ['fmt-a', 'fmt-b'].map((f, k) => summariseRatePasses(f, 2000, tight.map((v, i) => ({ ...pass(1 + (i >> 1), v * (1 + k / 5)), slot: i % 2 }))));
  const [t] = results.transmission;
  Object.assign(t, { cpuAtRate: { rate: 2000, seconds: 1, passesPerRound: 2, idleSeconds: 0.25, idleWindows: 2, formats: rows, pairs: ratePairs(rows) },
    verdicts: [{ formats: ['fmt-a', 'fmt-b'], winner: null, ratio: 1.1, rounds: 3, verdict: 'no clear difference' }] });
  const html = renderHtml(results);
  const section = html.slice(html.indexOf('<section id="transmission">'), html.indexOf('</section>', html.indexOf('<section id="transmission">')));
  const lines = cpuAtRateLines(/** @type {any} */ (t));
  const esc = (/** @type {string} */ x) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  assert.ok(section.includes(`<p>${esc(`p1: ${lines[0]}`)}</p><ul><li>${esc(lines[1].trim())}</li>`), section);
  assert.match(section, /<li>fmt-b ÷ fmt-a: 1\.20× the server CPU per message at the fastest passes; the median of the pairs run back to back 1\.20×/);
  assert.match(section, /<ul><li>p1: .*fmt-a.*fmt-b.*<\/li><\/ul>/, 'the verdict');
});

test('messagesAtRate: the rate times the seconds, at least 100', () => {
  assert.equal(messagesAtRate(2000, 1), 2000);
  assert.equal(messagesAtRate(10, 1), 100);
});

test('over two server processes: each one\'s fastest passes; a format whose servers disagree is flagged, not averaged', () => {
  // ten passes a format, slot k of each round on server k mod 2: server 0 gets the even ones, server 1 the odd
  const spread = (/** @type {Array<number|null>} */ xs) => xs.map((v, i) => ({ ...pass(1 + (i >> 1), v), slot: i % 2, server: i % 2 }));
  // json-buffer's server 1 runs it about 18% dearer for its whole life (as seen on the AMD EPYC VM): its three fastest 39.2–39.7
  const slowServer = summariseRatePasses('json-buffer', 2000, spread([33.0, 39.2, 33.5, 39.7, 34.1, 39.5, 40.2, 41.0, 36.0, 45.0]));
  assert.deepEqual(slowServer.byServer?.map((b) => [b.server, b.passCount, b.lowest?.serverCpuUs]), [[0, 5, 33.0], [1, 5, 39.2]]);
  assert.equal(slowServer.serverAgreement, 'process-dependent');
  assert.equal(slowServer.lowest?.serverCpuUs, 33.0, 'the fastest pass over both servers');
  assert.equal(slowServer.lowest?.met, false, 'but not settled: it depends on the server process');
  // servers within the target of each other agree, and the fastest keeps its own verdict
  const alike = summariseRatePasses('protobufjs-static', 2000, spread([28.0, 28.6, 28.9, 29.0, 29.3, 28.8, 35.0, 31.0, 30.0, 33.0]));
  assert.equal(alike.serverAgreement, 'agree');
  assert.equal(alike.lowest?.met, true);
  // the pair's fastest ratio is unsettled, and says why
  const rows = [alike, slowServer];
  const [pair] = ratePairs(rows);
  assert.equal(pair.lowest?.met, false);
  const lines = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, passesPerRound: 2, idleSeconds: 0.25, idleWindows: 2, servers: 2, formats: rows, pairs: [pair] }, settings: { rounds: 5 } });
  assert.match(lines[0], /on 2 server processes, the run's own and 1 fresh beside it \(sent the run's other passes too, unmeasured\), the servers taking the round's passes in turn; servers: each one's fastest to third fastest pass, "depends on the server process" where they lie more than 5% apart and those ranges do not overlap;/);
  assert.match(lines[1], /^ {2}protobufjs-static {2}fastest 28\.0 µs\/msg \(3 fastest passes 28\.0–28\.8, ±1%; servers 28\.0–29\.3, 28\.6–29\.0\); median/);
  assert.match(lines[2], /^ {2}json-buffer {8}fastest 33\.0 µs\/msg \(3 fastest passes 33\.0–34\.1, ±2%; servers 33\.0–34\.1, 39\.2–39\.7: depends on the server process; ~ unstable\); median/);
  assert.match(lines[3], /at the fastest passes \(~ unstable: a side depends on the server process\)/);
  // a server that measured none of its passes: said so, not taken for a server that differs
  const silent = summariseRatePasses('json-buffer', 2000, spread([33.0, null, 33.5, null, 34.1, null, 40.2, null, 36.0, null]));
  assert.equal(silent.serverAgreement, 'unmeasured');
  assert.equal(silent.lowest?.met, false);
  const silentLines = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, servers: 2, formats: [alike, silent], pairs: ratePairs([alike, silent]) }, settings: {} });
  assert.match(silentLines[2], /servers 33\.0–34\.1, —: server 1 measured nothing; ~ unstable\)/);
  assert.match(silentLines[3], /\(~ unstable: a side's server measured nothing\)/);
  // one server (results from before, or a shaped link): no byServer, nothing said of servers
  const one = summariseRatePasses('json-buffer', 2000, [33, 39.2, 33.5, 39.7].map((v, i) => ({ ...pass(1 + i, v) })));
  assert.equal(one.byServer, undefined);
  assert.equal(serversOf(one.passes), null);
  assert.doesNotMatch(cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [one], pairs: [] }, settings: {} }).join('\n'), /server process/);
  // the rounds added after the run's (--cpu-max-seconds): none allowed says nothing; else how many and why they stopped
  const head = (/** @type {object|null} */ added, /** @type {typeof rows} */ formats = rows) => cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, passesPerRound: 2, added: /** @type {any} */ (added), formats, pairs: ratePairs(formats) }, settings: { rounds: 5 } })[0];
  assert.match(head(null), /in each of 5 rounds, formats alternated;/);
  assert.match(head({ maxSeconds: 30, rounds: 0, settled: true }), /in each of 5 rounds, no round added \(the ratio met ±5%\), formats alternated;/);
  assert.match(head({ maxSeconds: 30, rounds: 0, settled: false }), /in each of 5 rounds, no round added \(no time for one\), formats alternated;/);
  assert.match(head({ maxSeconds: 240, rounds: 38, settled: true }), /in each of 5 rounds, then 38 rounds of these passes alone until the ratio met ±5%, formats alternated;/);
  assert.match(head({ maxSeconds: 30, rounds: 1, settled: false }), /in each of 5 rounds, then 1 round of these passes alone for 30 s, the ratio still wider than ±5%, formats alternated;/);
  // one format, no pair: its fastest passes decide
  assert.match(head({ maxSeconds: 30, rounds: 2, settled: true }, [one]), /then 2 rounds of these passes alone until the fastest passes met ±5%,/);
});

test('rateSlots: the servers take the round\'s slots in turn, each meets both orders of the formats and every place in a round', () => {
  for (const passes of [1, 2, 3]) {
    /** @type {Map<number, Set<string>>} per server: the orders of the formats and the slots it ran passes in */
    const seen = new Map([[0, new Set()], [1, new Set()]]);
    const counts = [0, 0];
    for (let round = 1; round <= 6; round++) {
      const slots = rateSlots(round, passes, 2);
      assert.deepEqual(slots.map((x) => x.slot), Array.from({ length: passes }, (_, k) => k));
      for (const { slot, server, order } of slots) {
        counts[server]++;
        seen.get(server)?.add(`order ${alternate([0, 1], order).join('')}`).add(`slot ${slot}`);
      }
    }
    assert.ok(Math.abs(counts[0] - counts[1]) <= 1, `${passes} a round: ${counts}`);
    for (const [server, what] of seen) {
      assert.ok(what.has('order 01') && what.has('order 10'), `${passes} a round, server ${server}: ${[...what]}`);
      for (let k = 0; k < passes; k++) assert.ok(what.has(`slot ${k}`), `${passes} a round, server ${server}: ${[...what]}`);
    }
  }
  // one server: the order numbered over the run, as before there were several
  assert.deepEqual(rateSlots(3, 2, 1), [{ slot: 0, server: 0, order: 5 }, { slot: 1, server: 0, order: 6 }]);
});

test('serverAgreement: one value in every server\'s range, or within the target; a server without a figure, or too few passes apart, is not agreement', () => {
  const l = (/** @type {number} */ first, /** @type {number} */ third, of = 3) => ({ serverCpuUs: first, of, range: /** @type {[number, number]} */ ([first, third]), halfWidth: null, met: true });
  assert.equal(serverAgreement([{ server: 0, passCount: 5, lowest: l(28, 30) }, { server: 1, passCount: 5, lowest: l(29.5, 31) }]), 'agree', 'ranges overlap');
  assert.equal(serverAgreement([{ server: 0, passCount: 5, lowest: l(30, 30.2) }, { server: 1, passCount: 5, lowest: l(31.4, 31.5) }]), 'agree', '4.7% apart: within ±5%');
  assert.equal(serverAgreement([{ server: 0, passCount: 5, lowest: l(33, 34.1) }, { server: 1, passCount: 5, lowest: l(39.2, 39.7) }]), 'process-dependent');
  assert.equal(serverAgreement([{ server: 0, passCount: 5, lowest: l(33, 34.1) }, { server: 1, passCount: 0, lowest: null }]), 'unmeasured');
  assert.equal(serverAgreement([{ server: 0, passCount: 2, lowest: l(33, 34, 2) }, { server: 1, passCount: 2, lowest: l(36, 37, 2) }]), 'process-dependent', 'too few to judge, 9% apart');
  assert.equal(serverAgreement([{ server: 0, passCount: 2, lowest: l(33, 34, 2) }, { server: 1, passCount: 2, lowest: l(33.5, 37, 2) }]), 'agree', 'too few to judge, but within ±5%');
});

test('cpuAtRateLines: each figure with its 95% interval, ~ unstable exactly where the interval missed the target', () => {
  const tight = [49, 50, 51, 50, 49.5, 50.5, 50, 49, 51, 50];
  const loose = [35, 65, 40, 60, 50, 50, 45, 55, 38, 62];
  const rows = [
    summariseRatePasses('protobufjs-static', 2000, tight.map((v, i) => ({ ...pass(1 + (i >> 1), v), slot: i % 2 }))),
    summariseRatePasses('json-buffer', 2000, loose.map((v, i) => ({ ...pass(1 + (i >> 1), v), slot: i % 2 }))),
  ];
  const lines = cpuAtRateLines({
    cpuAtRate: { rate: 2000, seconds: 1, passesPerRound: 2, idleSeconds: 0.25, idleWindows: 2, formats: rows, pairs: ratePairs(rows) },
    settings: { rounds: 5, window: 1, placement: { pinned: false, server: null, client: null, available: null, note: 'not pinned' } },
  });
  assert.match(lines[0], /2 passes of 1 s per format in each of 5 rounds.*idle CPU rate, the quietest of 2 windows over 0\.25 s before each pass/);
  // a results file from before the idle windows (one window) says what it measured
  const [old] = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, idleSeconds: 0.25, formats: rows, pairs: [] }, settings: {} });
  assert.match(old, /idle CPU rate, measured over 0\.25 s before each pass/);
  const steady = lines.find((l) => l.trim().startsWith('protobufjs-static'));
  const noisy = lines.find((l) => l.trim().startsWith('json-buffer '));
  assert.match(steady ?? '', /50\.0 µs\/msg \(95% 49\.0–51\.0, ±2%; passes 49\.0–51\.0\)/);
  assert.doesNotMatch(steady ?? '', /unstable/);
  assert.match(noisy ?? '', /50\.0 µs\/msg \(95% .*; ~ unstable; passes 35\.0–65\.0\)/);
  assert.match(lines.find((l) => l.includes('÷')) ?? '', /~ unstable/);
  assert.doesNotMatch(lines.join('\n'), /unmeasured/);
  // the fastest passes lead each line and the pair's; the tight row's three fastest (49, 49, 49.5) are settled
  assert.match(steady ?? '', /^ {2}protobufjs-static {2}fastest 49\.0 µs\/msg \(3 fastest passes 49\.0–49\.5, ±1%\); median 50\.0 µs\/msg/);
  assert.match(noisy ?? '', /fastest 35\.0 µs\/msg \(3 fastest passes 35\.0–40\.0, ±7%; ~ unstable\); median 50\.0/);
  assert.match(lines[0], /fastest: the lowest pass, nearest the cost itself .* the 3 fastest lie more than ±5% from their middle; median: .*wider than ±5%\):$/);
  assert.match(lines.find((l) => l.includes('÷')) ?? '', /÷ protobufjs-static: 0\.71× the server CPU per message at the fastest passes \(~ unstable: a side's fastest passes spread wider\); the median of the pairs run back to back /);
  // results from before the fastest passes: the lines as they were
  // (a file from then has no such key; null reads the same)
  const before = rows.map((r) => ({ ...r, lowest: null }));
  const earlier = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: before, pairs: ratePairs(rows).map((p) => ({ ...p, lowest: null })) }, settings: {} });
  assert.doesNotMatch(earlier.join('\n'), /fastest/);
  assert.match(earlier[0], /a figure whose 95% interval is wider than ±5% is ~ unstable\):$/);
  // a pass the idle rate left nothing of is said, with how many of the passes
  // (the server reported the pass, gross 50 µs/msg, and nothing was left net of idle)
  const gap = summariseRatePasses('protobufjs-static', 2000, tight.map((v, i) => ({ ...pass(1 + (i >> 1), i === 3 ? null : v), grossCpuUs: 50, slot: i % 2 })));
  const [, withGap] = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [gap], pairs: [] }, settings: {} });
  assert.match(withGap, /; 1 of 10 passes unmeasured \(the idle CPU rate left nothing of the pass's\)$/);
  // a pass the server did not report, and a row where no pass measured: said, not silent
  const silent = summariseRatePasses('json-buffer', 2000, [pass(1, null), pass(2, null), pass(3, null)]);
  const [, none] = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [silent], pairs: [] }, settings: {} });
  assert.match(none, /^ {2}json-buffer {2}— µs\/msg .*; 3 of 3 passes unmeasured \(the server did not report\)$/);
  // two passes: the fastest of too few to judge, and a pair whose sides have too few passes says so
  const two = ['pb', 'js'].map((f, k) => summariseRatePasses(f, 2000, [pass(1, 40 + k), pass(2, 41 + k)]));
  const twoLines = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: two, pairs: ratePairs(two) }, settings: {} });
  assert.match(twoLines[1], /fastest 40\.0 µs\/msg \(of 2 passes measured, too few to judge; ~ unstable\); median 40\.5/);
  assert.match(twoLines[3], /1\.02× the server CPU per message at the fastest passes \(~ unstable: a side has too few passes\); the median of the pairs/);
  // a pair with fastest passes on both sides but no pass run back to back that measured both: the fastest still shown
  const apart = [summariseRatePasses('pb', 2000, [pass(1, 40), pass(2, null), pass(3, 41), pass(4, 40.5)]), summariseRatePasses('js', 2000, [pass(1, null), pass(2, 50), pass(5, 51), pass(6, 50.5)])];
  const apartLine = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: apart, pairs: ratePairs(apart) }, settings: {} }).find((l) => l.includes('÷'));
  assert.match(apartLine ?? '', /js ÷ pb: 1\.25× the server CPU per message at the fastest passes; no pair of passes run back to back measured both$/);
});

test('cpuAtRateLines: the messages a server read carried, and a warning where the formats\' reads carried more than 10% apart', () => {
  const at = (/** @type {number} */ perRead, /** @type {string} */ format) => summariseRatePasses(format, 10000, [50, 51, 49, 50, 52, 48].map((v, i) => ({ ...pass(1 + (i >> 1), v), slot: i % 2, serverMsgsPerRead: perRead })));
  const header = (/** @type {number[]} */ reads) => cpuAtRateLines({
    cpuAtRate: { rate: 10000, seconds: 1, formats: reads.map((r, i) => at(r, `f${i}`)), pairs: [], burst: { messages: 10, everyMs: 1 } }, settings: {},
  })[0];
  assert.match(header([10.0, 10.5]), /a server read carried 10\.0 and 10\.5 messages on the median pass of each format\)/);
  assert.doesNotMatch(header([10.0, 10.5]), /apart/);
  // test4 at 10,000 msgs/s: protobufjs-static's smaller bursts shared reads, json-buffer's did not
  assert.match(header([18.0, 10.5]), /a server read carried 18\.0 and 10\.5 messages on the median pass of each format; reads carried more than 10% apart, so part of the formats' difference is how many reads each took\)/);
});

test('idleSubtracting: the machine probe runs after the idle windows, before the pass is marked, and again after its report', async () => {
  /** @type {string[]} */
  const calls = [];
  const reports = [{ messages: 0, cpuUs: 500, elu: 0, seconds: 1 }, { messages: 0, cpuUs: 500, elu: 0, seconds: 1 }, { messages: 1000, cpuUs: 31000, elu: 0.2, seconds: 1 }];
  const probes = [{ opsPerCpuUs: 0.108 }, null];
  const control = {
    mark: async () => { calls.push('mark'); },
    report: async () => { calls.push('report'); return reports.shift() ?? null; },
    probe: async () => { calls.push('probe'); return probes.shift() ?? null; },
  };
  const c = idleSubtracting(control, 20, async () => { calls.push('sleep'); });
  await c.mark();
  await c.report();
  // the probe's own CPU falls in neither an idle window nor the pass
  assert.deepEqual(calls, ['mark', 'sleep', 'report', 'mark', 'sleep', 'report', 'probe', 'mark', 'report', 'probe']);
  // a server that did not answer the second probe leaves a null there
  assert.deepEqual(c.measured().machineProbes, [0.108, null]);
  // a control without a probe (an older server, or none asked) leaves none
  const plain = idleSubtracting({ mark: async () => {}, report: async () => ({ messages: 1, cpuUs: 1, elu: 0, seconds: 1 }) }, 20, async () => {});
  await plain.mark();
  await plain.report();
  assert.deepEqual(plain.measured().machineProbes, []);
});

test('probeSummary: a pass is slowed when either probe beside it read under 80% of the run\'s reference probe (the third-fastest of these 10); one high reading does not make the rest slowed', () => {
  /** @param {number} round @param {Array<number|null>|undefined} machineProbes */
  const probed = (round, machineProbes) => ({ ...pass(round, 30), ...(machineProbes ? { machineProbes } : {}) });
  const json = { format: 'json-buffer', passes: [probed(1, [0.108, 0.107]), probed(2, [0.066, 0.069]), probed(3, [0.105, 0.080])] };
  // one probe read 0.2, far above the rest: the reference is the third fastest, 0.108
  const pb = { format: 'protobufjs-static', passes: [probed(1, [0.2, 0.106]), probed(2, [0.104, 0.088]), probed(3, [null, null])] };
  const s = probeSummary([json, pb]);
  assert.equal(s?.referenceOpsPerCpuUs, 0.107);
  assert.equal(s?.slowedBelow, 0.8);
  // json-buffer: round 2 (both probes slow) and round 3 (its second probe, 0.080 < 0.0856); protobufjs-static: none
  // (0.088 is ordinary noise outside a slow stretch);
  // its third pass had no probe answer and is not counted among those probed
  assert.deepEqual(s?.slowed, [{ format: 'json-buffer', slowedPasses: 2, probedPasses: 3 }, { format: 'protobufjs-static', slowedPasses: 0, probedPasses: 2 }]);
  // results written before the probe, or a server of workers (no answers): none
  assert.equal(probeSummary([{ format: 'x', passes: [probed(1, undefined), probed(2, [null, null])] }]), null);
  const lines = cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [json, pb].map((f) => summariseRatePasses(f.format, 2000, f.passes)), pairs: [], probe: s }, settings: {} });
  assert.match(lines.join('\n'), /\n {2}slowed core: json-buffer 2 of 3 passes, protobufjs-static 0 of 2 passes \(the server timed a fixed JSON loop just before and after each pass; slowed: either reading below 80% of the run's reference reading, its upper quartile \(its third-fastest among 12 or fewer\)/);
  assert.doesNotMatch(cpuAtRateLines({ cpuAtRate: { rate: 2000, seconds: 1, formats: [summariseRatePasses('x', 2000, [pass(1, 30)])], pairs: [] }, settings: {} }).join('\n'), /slowed core/);
});

test('machineProbe: a process descheduled for its whole window still times work (it read 0 operations, a rate of 0, in CI), and runs at least a quarter of the window on the CPU', async () => {
  const { machineProbe } = await import('../../../lib/transmission/machine-probe.js');
  // the wall clock jumps past the window between the start and the first look at it, as when the process is descheduled
  const jumping = () => {
    let looks = 0;
    return () => (looks++ === 0 ? 0 : 1e9);
  };
  const r = machineProbe(8, { now: jumping() });
  assert.ok(r.ops > 0 && r.opsPerCpuUs > 0, JSON.stringify(r));
  assert.ok(r.cpuUs >= 2000, `a quarter of 8 ms on the CPU: ${JSON.stringify(r)}`);
  // a CPU clock that stands still past the quarter: the wall time alone ends it after one batch once it is up
  let cpuUs = 0;
  const once = machineProbe(8, { now: jumping(), cpu: () => (cpuUs += 5000) });
  assert.equal(once.ops, 8);
});

test('probeReference: the upper quartile of many readings, so that a few high ones on a slow evening do not make every pass look slowed; the third-fastest of 12 or fewer', async () => {
  const { probeReference, slowedCore } = await import('../../../lib/transmission/machine-probe.js');
  // a slow evening's run (AMD EPYC VM, 2026-11-29 21:52Z): 40 readings, five well above a bulk at 0.036–0.042
  const bulk = Array.from({ length: 35 }, (_, i) => [0.036, 0.037, 0.038, 0.039, 0.040, 0.041, 0.042][i % 7]);
  const readings = [0.062, 0.062, 0.061, 0.058, 0.055, ...bulk, null];
  const reference = probeReference(readings);
  // the tenth-fastest of 40 (a quarter of the way down), in the bulk; the third-fastest (0.061) would flag every bulk pass
  assert.equal(reference, 0.042);
  assert.equal(slowedCore([0.036, 0.038], /** @type {number} */ (reference)), false);
  assert.equal(slowedCore([0.030, 0.038], /** @type {number} */ (reference)), true, 'a reading under 80% of it is slowed');
  // 12 or fewer readings: the third-fastest, one high reading set aside
  assert.equal(probeReference([0.2, 0.108, 0.107, 0.066, 0.069, 0.105, 0.080]), 0.107);
  // distinct readings, at the boundary: the third of 12, the fourth of 13 (ceil(13 / 4)), the fifth of 17
  const distinct = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => (100 - i) / 1000);
  assert.equal(probeReference(distinct(12)), 0.098);
  assert.equal(probeReference(distinct(13)), 0.097);
  assert.equal(probeReference(distinct(17)), 0.096);
  assert.equal(probeReference([0.1, 0.09, null]), null, 'fewer than three answers: no reference');
});

test('ratesSettled: every pair\'s ratio from passes back to back within its target; with one format, its three fastest passes within ±5% and its servers agreeing', () => {
  const pass = (/** @type {number} */ round, /** @type {number} */ serverCpuUs, /** @type {number} */ server) => ({ round, slot: 0, server, messages: 100, acked: 100, seconds: 0.1, msgsPerSec: 1000, serverCpuUs,
    grossCpuUs: serverCpuUs, idleCpuUsPerSec: 0, serverElu: null, clientCpuUs: null, clientElu: null, latencyMs: { p50: 1, p99: 2 }, complete: true });
  const row = (/** @type {string} */ format, /** @type {number[]} */ cpu) => summariseRatePasses(format, 1000, cpu.map((v, i) => pass(i + 1, v, i % 2)));
  const settled = (/** @type {ReturnType<typeof row>[]} */ rows) => ratesSettled(rows, ratePairs(rows));
  // six pairs whose ratios all lie within 1.18–1.22 (their median 1.20: ±1.7%), while each format's passes spread 2×
  const a = [30, 60, 45, 33, 50, 40];
  assert.equal(settled([row('a', a), row('b', a.map((v, i) => v * [1.2, 1.18, 1.22, 1.2, 1.19, 1.21][i]))]), true);
  // the same passes with one pair's ratio at 1.5 and another's at 1: the interval of six is their min–max
  assert.equal(settled([row('a', a), row('b', a.map((v, i) => v * [1.2, 1.5, 1.22, 1.2, 1.0, 1.21][i]))]), false);
  // five pairs: too few for an interval of the median
  assert.equal(settled([row('a', a.slice(0, 5)), row('b', a.slice(0, 5).map((v) => v * 1.2))]), false);
  // one format: its fastest passes decide
  assert.equal(settled([row('a', [30, 31, 31.5, 60, 45, 50])]), true);
  assert.equal(settled([row('a', [30, 34, 34, 50])]), false);
  // the servers disagree: server 0's fastest 30–30.5, server 1's 40–41
  assert.equal(settled([row('a', [30, 40, 30.2, 40.5, 30.5, 41])]), false);
  assert.equal(settled([]), false);
});
