/**
 * Capacity per server core (issue 22): for each transport and format, the highest open-loop offered rate at which
 * every message is answered and the corrected p99 stays under a target, searched like --sweep (rates doubling, then
 * bisected), with the server pinned to its own cores and the client on others (placement.js). Each failed probe
 * says which side ran out first: a pass whose client was near a full core is client-bound and its rate is not the
 * server's capacity. Then, per transport, both formats at half the lower capacity of the pair: p50/p99 at that rate
 * and server CPU per message at that same fixed rate (cpu-at-rate.js). The search and the verdicts are pure
 * (boundOf, capacityRow; the search is rate-search.js's searchRate, shared with --sweep); measureCapacity runs the passes.
 */
import { UserError } from '../errors.js';
import { complete } from './outcome.js';
import { detectPlacement, withClientPinned } from './placement.js';
import { measureTransmission, nodeClientPass, prepareWireCodecs, ratePass, serverArgs, startServerProcess } from './run.js';
import { loadTransport } from './transports/index.js';
import { startClientWorkers } from './client-workers.js';
import { autocannonPass } from './calibrate.js';
import { alternate, median } from '../measure/statistics.js';
import { searchRate } from './rate-search.js';
import { H2LOAD_TRANSPORTS, checkH2loadRequest, h2loadLoad, h2loadPass, h2loadRequest, loadGeneratorLabel } from './h2load.js';
import { idleSecondsFor, idleSubtracting, summariseRatePasses } from './cpu-at-rate.js';
import { askProbe, probeReference, REFERENCE_RULE, slowedCore, SLOWED_BELOW } from './machine-probe.js';
import { inFlight } from './model.js';

import { capacityPair, capacityPrecision } from './capacity-precision.js';
import { CAPACITY_WARMUP_REQUESTS, SUSTAIN_SHARES, warmupDone, warmupSettled } from './capacity-settings.js';
import { boundOf, isFloor } from './capacity-bound.js';

/** h2load's rate for a warm-up: one no server reaches, so that it sends as fast as its connections and streams allow. */
const WARMUP_RATE = 1e6;

export { CAPACITY_LOAD, CAPACITY_PRECISION, CAPACITY_SEARCHES, CAPACITY_SUSTAIN_SECONDS, SUSTAIN_SHARES } from './capacity-settings.js';
export { capacityPair, capacityPrecision } from './capacity-precision.js';
export { SATURATED, boundOf, isFloor } from './capacity-bound.js';

/**
 * One probe of the search: the rate offered, what came back, and how busy each side was.
 * @typedef {{ rate: number, ok: boolean, complete: boolean, msgsPerSec: number|null, p50: number|null, p99: number|null,
 *   serverCpuShare: number|null, serverElu: number|null, clientCpuShare: number|null, clientElu: number|null, clientGcMaxMs?: number|null,
 *   serverGcMaxMs?: number|null, retry?: boolean, onSchedule?: boolean, p99Scheduled?: number|null, load?: { connections: number, streams: number },
 *   failure?: string }} CapacityProbe
 *   CPU shares: CPU seconds per second of the pass (1 = one core busy); clientGcMaxMs, serverGcMaxMs: each side's
 *   longest GC pause; retry: the second probe of a rate whose first failed; onSchedule (h2load's probes): the pass
 *   kept to its rate's schedule; p99Scheduled (h2load's): p99 counted from a uniform schedule, not judged (h2load.js
 *   readH2loadLog); load (h2load's): the connections it opened and the streams (or pipelined requests) on each;
 *   failure: why h2load gave no summary
 */


/**
 * One format's capacity from its search: the highest passing rate, per server core, which side bound the first
 * rate that failed, and "below fromRate" when even that failed. A capacity is the server's only when the server
 * bound it; otherwise `capacity` stays, marked by `bound`, and `perCore` is null. `floorRates`: lower rates whose
 * p99 was over the target with both sides idle (isFloor), which the search went past.
 * @param {{ transport: string, format: string, fromRate: number, targetP99Ms: number, probes: CapacityProbe[], good: number|null,
 *   bad: number|null, floor?: number[], serverCores: number, clientCores: number }} o
 */
export function capacityRow({ transport, format, fromRate, targetP99Ms, probes, good, bad, floor = [], serverCores, clientCores }) {
  // the failing rate's last probe (its confirmation)
  const failed = bad === null ? null : probes.findLast((p) => p.rate === bad) ?? null;
  const bound = failed ? boundOf(failed, { serverCores, clientCores, targetP99Ms }) : 'not reached';
  return {
    transport, format, targetP99Ms,
    capacity: good,
    clientShare: clientShareAt(probes, good, clientCores),
    // the search's lowest rate already failed: "below fromRate msgs/s"
    below: good === null ? fromRate : null,
    failedRate: bad,
    bound,
    perCore: good !== null && bound === 'server' ? good / serverCores : null,
    floorRates: floor,
    serverCores, clientCores, probes,
  };
}

/**
 * How busy the load generator was at a capacity: its CPU seconds per second over the last probe that held at that rate,
 * as a share of the cores it had (1 = all of them), so that a reader sees how far from the bottleneck it stayed where
 * the server bound the capacity. Null when no probe held there or the client's CPU is unknown (a page).
 * @param {CapacityProbe[]} probes one search's
 * @param {number|null} rate the capacity
 * @param {number} clientCores
 */
export function clientShareAt(probes, rate, clientCores) {
  if (rate === null) return null;
  const held = probes.findLast((p) => p.rate === rate && p.ok);
  return held?.clientCpuShare != null && clientCores > 0 ? held.clientCpuShare / clientCores : null;
}

/**
 * One format's capacity over several searches (each capacityRow's), the formats' searches taking turns so that both
 * see the same states of the machine: the median search's row (for an even count the lower of the two middle ones:
 * a capacity is what held), every probe of every search (each with its `search`, from 1), each search's result, and
 * the capacities' min–max (null when a search found none: its row says "below").
 * @param {Array<ReturnType<typeof capacityRow> & { serverPid?: number|null, order?: number, atSeconds?: number, machineProbes?: Array<number|null>,
 *   warmup?: { requests: number, answered: number, seconds: number, chunkCpuUs?: Array<number|null>, settled?: boolean } | null }>} rows one per search, in the order they
 *   ran (serverPid: the server process that answered it; order: its place among all of the run's searches, from 1;
 *   atSeconds: when it began, in seconds from the first search of the run; warmup: what h2load sent its fresh server
 *   of this format first, null for the toolkit's client; machineProbes: the machine probe's rate in its server just
 *   before and just after it, absent in results written before)
 */
export function combineSearches(rows) {
  if (!rows.length) throw new Error('combineSearches: no search');
  const order = rows.map((r, i) => ({ r, i })).sort((a, b) => (a.r.capacity ?? 0) - (b.r.capacity ?? 0) || a.i - b.i);
  const mid = order[Math.floor((order.length - 1) / 2)].r;
  const caps = rows.map((r) => r.capacity);
  const shares = /** @type {number[]} */ (rows.map((r) => r.clientShare).filter((x) => x != null)).sort((a, b) => a - b);
  return {
    ...mid,
    // the load generator's share of its cores at each search's own capacity: the median search's (mid.clientShare) and their min–max
    clientShareMinMax: shares.length > 1 ? /** @type {[number, number]} */ ([shares[0], shares.at(-1)]) : null,
    probes: rows.flatMap((r, i) => r.probes.map((p) => ({ ...p, search: i + 1 }))),
    searches: rows.map((r) => ({ capacity: r.capacity, below: r.below, failedRate: r.failedRate, bound: r.bound, clientShare: r.clientShare ?? null, serverPid: r.serverPid ?? null, order: r.order ?? null, atSeconds: r.atSeconds ?? null, warmup: r.warmup ?? null,
      ...(r.machineProbes ? { machineProbes: r.machineProbes } : {}) })),
    capacityMinMax: caps.every((c) => c !== null) ? /** @type {[number, number]} */ ([Math.min(.../** @type {number[]} */ (caps)), Math.max(.../** @type {number[]} */ (caps))]) : null,
    precision: capacityPrecision(caps, mid.capacity),
  };
}

/**
 * The rate both formats of a transport are compared at: half the lower capacity of the pair (or of the one format);
 * a format below the search's lowest rate gives half of that.
 * @param {Array<ReturnType<typeof capacityRow>>} rows one transport's
 */
export function halfRate(rows) {
  const caps = rows.map((r) => r.capacity ?? r.below).filter((c) => c != null);
  return caps.length ? Math.min(...caps) / 2 : null;
}

/**
 * Whether a capacity holds for longer than the probes that found it: one pass at the capacity (a pass of some seconds,
 * against a probe's 0.2), then, while a pass fails, one at each lower share of it (SUSTAIN_SHARES: 0.9, 0.8, 0.7 of
 * the capacity) until one holds. Each rate gets one pass, not two as in the search (failingTwice): a stall that a long
 * pass at that rate cannot absorb is what the server will meet there. `rate`: the highest that held (null: none did,
 * "below 0.7×"); `tries`: each pass, in order.
 * @param {(rate: number) => Promise<CapacityProbe & { bound?: string|null }>} pass
 * @param {number} capacity
 * @param {readonly number[]} [shares] highest first
 * @returns {Promise<{ rate: number|null, share: number|null, tries: Array<CapacityProbe & { bound?: string|null }> }>}
 */
export async function sustainRate(pass, capacity, shares = SUSTAIN_SHARES) {
  const tries = [];
  for (const share of shares) {
    const rate = Math.round(capacity * share);
    const p = await pass(rate);
    tries.push(p);
    if (p.ok) return { rate, share, tries };
  }
  return { rate: null, share: null, tries };
}

/**
 * A probe whose failure counts only when a second probe at the same rate, right after, fails too: one stall of the
 * machine (a 10 ms hiccup fails a p99 target of 10 ms at any rate) must not end a capacity search — a run here read
 * ws at 985 msgs/s where the run before read 112,000, its probe at 1,000 having failed at p99 10.4 ms. The price:
 * a rate that fails half its probes passes three times in four.
 * @param {(rate: number, retry: boolean) => Promise<boolean>} probe
 * @returns {(rate: number) => Promise<boolean>}
 */
export const failingTwice = (probe) => async (rate) => (await probe(rate, false)) || probe(rate, true);

/**
 * A probe's figures from a measureTransmission row.
 * @param {number} rate
 * @param {import('./rounds.js').TransmissionRow} row
 * @param {number} targetP99Ms
 * @returns {CapacityProbe}
 */
export function probeFigures(rate, row, targetP99Ms) {
  const p99 = row.latencyMs?.p99 ?? null;
  const done = complete(row);
  const perSec = row.msgsPerSec ?? null;
  const share = (/** @type {number|null|undefined} */ us) => (us != null && perSec != null ? (us * perSec) / 1e6 : null);
  return {
    rate, ok: done && p99 != null && p99 < targetP99Ms, complete: done, msgsPerSec: perSec, p50: row.latencyMs?.p50 ?? null, p99,
    serverCpuShare: share(row.serverCpuUs), serverElu: row.serverElu ?? null, clientCpuShare: share(row.clientCpuUs), clientElu: row.clientElu ?? null,
    clientGcMaxMs: row.clientGcMaxMs ?? null, serverGcMaxMs: row.serverGcMaxMs ?? null,
  };
}

/**
 * A probe's figures from an h2load pass (h2load.js): the server's CPU and event-loop share over h2load's own
 * timing (the server's report also spans h2load's start and exit, when it sits idle), h2load's CPU share; a probe
 * passes when every request was answered as expected, p99 is under the target and the pass kept to its schedule
 * (h2load holds requests back when its streams run out, and times them from their late start).
 * @param {number} rate
 * @param {Awaited<ReturnType<typeof h2loadPass>>} r
 * @param {number} targetP99Ms
 * @returns {CapacityProbe}
 */
export function h2loadProbeFigures(rate, r, targetP99Ms) {
  const done = r.acked === r.messages && r.errors === 0;
  const p99 = r.latencyMs.p99;
  const s = r.seconds > 0 ? r.seconds : null;
  return {
    rate, ok: done && r.onSchedule && p99 != null && p99 < targetP99Ms, complete: done, msgsPerSec: r.msgsPerSec, p50: r.latencyMs.p50, p99,
    serverCpuShare: r.server && s ? r.server.cpuUs / (s * 1e6) : null,
    serverElu: r.server && s ? Math.min(1, (r.server.elu * r.server.seconds) / s) : null,
    clientCpuShare: r.clientCpuUs != null && s ? (r.clientCpuUs * r.acked) / (s * 1e6) : null, clientElu: null,
    clientGcMaxMs: null, serverGcMaxMs: r.server?.gcMaxMs ?? null,
    onSchedule: r.onSchedule, p99Scheduled: r.latencyScheduledMs.p99, load: r.load, ...(r.failure ? { failure: r.failure } : {}),
  };
}

/**
 * A capacity's sustained passes (sustainRate): how long each lasted, the highest rate that held (null: none of them)
 * and its share of the capacity, and every pass (with the side that ran out where one failed).
 * @typedef {{ seconds: number, rate: number|null, share: number|null, tries: Array<CapacityProbe & { bound?: string|null }> }} Sustained
 */

/**
 * Which of each transport's formats a capacity pass can send of this payload, and why not the others: what the
 * transport matrix marks unsupported (a schema buf refuses, so no gRPC or Connect service can be built of it; a
 * message a transport cannot carry), found the way a pass finds it (prepareWireCodecs). measureCapacity is given
 * only the formats left; a transport left with none is not run. Without this, npm start on a schema buf refuses
 * started a gRPC server with no formats at all and lost the whole run.
 * @param {import('../payload/index.js').Payload} payload
 * @param {Record<string, import('../codecs/index.js').CodecInfo[]>} codecsFor
 * @param {string[]} transports
 * @returns {Promise<{ codecsFor: Record<string, import('../codecs/index.js').CodecInfo[]>, transports: string[], skipped: Array<{ transport: string, format: string, reason: string }> }>}
 *   codecsFor and transports: those with a format left, in the order given
 */
export async function capacityRefusals(payload, codecsFor, transports) {
  /** @type {Record<string, import('../codecs/index.js').CodecInfo[]>} */
  const left = {};
  /** @type {Array<{ transport: string, format: string, reason: string }>} */
  const skipped = [];
  for (const name of transports) {
    const codecs = codecsFor[name] ?? [];
    if (!codecs.length) continue;
    const { refused } = prepareWireCodecs(codecs, payload, await loadTransport(name));
    for (const r of refused) skipped.push({ transport: name, format: r.name, reason: r.reason });
    const sendable = codecs.filter((c) => !refused.some((r) => r.name === c.name));
    if (sendable.length) left[name] = sendable;
  }
  return { codecsFor: left, transports: transports.filter((t) => left[t]), skipped };
}

/**
 * Capacity of every transport × format on one payload, one direction.
 * @param {object} o
 * @param {import('../payload/index.js').Payload} o.payload
 * @param {Record<string, import('../codecs/index.js').CodecInfo[]>} o.codecsFor each transport's formats
 * @param {string[]} o.transports
 * @param {number} [o.targetP99Ms] default 10
 * @param {{ fromRate?: number, maxRate?: number, seconds?: number, steps?: number, searches?: number, sustainSeconds?: number }} [o.search] doubling from fromRate
 *   (default 500) up to maxRate (default 1,000,000), probes of `seconds` (default 0.5, at least 200 messages), `steps`
 *   bisections (default 5); `searches` (default 1) per format, each against a fresh server and from its own point of
 *   the doubling (search k of N from fromRate × 2^((k−1)/N)), search k of every transport before search k + 1 of any
 *   (with every transport in the run, a transport's searches lie about a minute apart), the formats of a transport
 *   taking turns, the median kept (combineSearches); then, with `sustainSeconds` (default 0: none), each format's
 *   capacity in one pass that long on the last search's server, lower shares of it while that fails (sustainRate)
 * @param {{ rounds?: number, seconds?: number, rate?: number|null }} [o.atHalf] the passes at half capacity: rounds (default 3) of seconds
 *   (default 1); `rate`: at that fixed rate instead, the same for every transport (the headline's "at 1,000 msgs/s")
 * @param {{ direction?: 'up'|'down', compress?: string|null, tls?: boolean, connections?: number, window?: number, pipelining?: number,
 *   idleTimeoutMs?: number, clientWorkers?: number }} [o.link] the transport's settings and the client's worker threads
 * @param {'auto'|'off'} [o.placement]
 * @param {number} [o.serverWorkers] server processes per transport (server.js --workers), default 1
 * @param {boolean} [o.calibrate] on http1, autocannon against the same server, body and connections (its JSON side)
 * @param {{ name: 'toolkit' } | { name: 'h2load', version: string, bin?: string }} [o.loadGenerator] who sends: the toolkit's own
 *   clients (default), or h2load on http1, http2, connect, connect-h2 and grpc (h2load.js's H2LOAD_TRANSPORTS; ws keeps
 *   the toolkit's)
 * @param {(p: { transport: string, format: string, rate: number, ok: boolean, p99: number|null, late?: boolean, bound: string, sustainSeconds?: number }) => void} [o.onProbe]
 *   late: an h2load pass that fell behind its schedule; sustainSeconds: a sustained pass (sustainRate), not a probe of the search
 */
export async function measureCapacity({ payload, codecsFor, transports, targetP99Ms = 10, search = {}, atHalf = {}, link = {}, placement = 'auto', serverWorkers = 1, calibrate = false, loadGenerator = { name: 'toolkit' }, onProbe }) {
  const { fromRate = 500, maxRate = 1e6, seconds = 0.5, steps = 5, searches = 1, sustainSeconds = 0 } = search;
  const { rounds = 3, seconds: halfSeconds = 1, rate: fixedRate = null } = atHalf;
  const { direction = 'up', compress = null, tls = false } = link;
  if (loadGenerator.name === 'h2load' && (direction !== 'up' || compress || tls)) {
    throw new UserError('--load-generator h2load: uploads only, plain (no --direction down, --compress or --tls)');
  }
  const out = [];
  // with several server workers, each transport at one worker and at N: how it scales
  /**
   * @type {Array<{ name: string, processes: number, transport: Awaited<ReturnType<typeof loadTransport>>,
   *   codecs: import('../codecs/index.js').CodecInfo[], usable: ReturnType<typeof prepareWireCodecs>['usable'],
   *   formats: import('../codecs/index.js').CodecInfo[], plan: ReturnType<typeof detectPlacement>,
   *   h2load: { name: 'h2load', version: string, bin?: string } | null,
   *   found: Array<ReturnType<typeof capacityRow> & { serverPid: number|null, order: number, atSeconds: number, machineProbes: Array<number|null>, warmup: { requests: number, answered: number, seconds: number, chunkCpuUs?: Array<number|null>, settled?: boolean } | null }>[],
   *   workers: Awaited<ReturnType<typeof startClientWorkers>> | null }>}
   */
  const cells = [];
  for (const { name, w: processes } of transports.filter((t) => codecsFor[t]?.length).flatMap((name) => (serverWorkers > 1 ? [1, serverWorkers] : [1]).map((w) => ({ name, w })))) {
    const transport = await loadTransport(name);
    const codecs = codecsFor[name];
    const { usable, refused } = prepareWireCodecs(codecs, payload, transport);
    // capacityRefusals leaves these out first: a server started with no format, or a row that vanished, is a bug here
    if (refused.length) throw new Error(`measureCapacity: ${name} cannot send ${refused[0].name} (${refused[0].reason}); capacityRefusals leaves such formats out`);
    const formats = codecs.filter((c) => usable.some((u) => u.name === c.name));
    cells.push({
      name, processes, transport, codecs, usable, formats, plan: detectPlacement({ mode: placement, serverCores: processes }),
      h2load: loadGenerator.name === 'h2load' && H2LOAD_TRANSPORTS.includes(name) ? loadGenerator : null,
      // each format's searches
      found: formats.map(() => []),
      // the client's worker threads: started on the cell's first visit, closed after its last
      workers: null,
    });
  }
  /** @type {Awaited<ReturnType<typeof startServerProcess>> | null} */
  let running = null;
  // every search's place in the run and when it began, from the first search's start
  let order = 0;
  /** @type {number|null} */
  let began = null;
  try {
    // search k of every transport before search k + 1 of any: with every transport in the run, a transport's
    // searches lie about a minute apart, so its median samples several states of the machine (which has slow
    // stretches of ten seconds and more), not one; each
    // visit against a fresh server (a process can run a codec at one of a few speeds for its whole life), the last
    // visit's server kept for the passes at the fixed rate
    for (let k = 1; k <= searches; k++) {
      for (const cell of cells) {
        running = await startServerProcess({
          payload, formats: cell.usable.map((c) => c.name), plan: cell.plan,
          extraArgs: [...serverArgs({ transport: cell.name, direction, compress, tls }), ...(cell.processes > 1 ? ['--workers', String(cell.processes)] : [])],
        });
        const entry = await visit(cell, running, k);
        if (entry) out.push(entry);
        if (k === searches) {
          const workers = cell.workers;
          cell.workers = null;
          await workers?.close();
        }
        const server = running;
        running = null;
        await server.stop();
      }
    }
  } finally {
    await running?.stop();
    for (const cell of cells) await cell.workers?.close();
  }
  return markSlowedSearches(out);

  /**
   * One visit of a transport: search k of each of its formats against a fresh server; on the last visit also the
   * combined rows, the passes at the fixed rate and the calibration, and the transport's entry.
   * @param {typeof cells[number]} cell
   * @param {Awaited<ReturnType<typeof startServerProcess>>} server
   * @param {number} k the search, from 1
   */
  async function visit(cell, server, k) {
    const { name, processes, transport, codecs, usable, formats, plan, h2load } = cell;
    const serverCores = server.placement.pinned && server.placement.server ? plan.server?.length ?? 1 : processes;
    // the cores the load generator can use: h2load runs one thread (no -t), whatever the placement left it
    const clientCores = h2load ? 1 : server.placement.pinned && plan.client ? plan.client.length : 1;
    // h2load's streams per connection: the messages in flight on one as the toolkit's client keeps them (http1: its pipelining)
    const streams = inFlight(transport, { window: link.window ?? 1, pipelining: link.pipelining ?? 1 });
    // client workers started once per transport (on its first visit, closed after its last), not per probe or visit
    if (!h2load && (link.clientWorkers ?? 1) > 1 && !cell.workers) {
      cell.workers = await startClientWorkers({ workers: /** @type {number} */ (link.clientWorkers), payload, formats: usable.map((c) => c.name), transport: name });
    }
    const workers = cell.workers;
    const client = workers ? { clientPass: workers.clientPass, clientWorkers: 1 } : {};
    const { value } = await withClientPinned(server.placement.pinned ? plan : { ...plan, pinned: false }, async () => {
      // the formats taking turns (odd searches in order, even ones reversed), each search from its own point of the
      // doubling (fromRate × 2^((k−1)/N): 500, 630, 794 for three), so that no one rate's probe decides every
      // search's bracket
      const requests = h2load ? await Promise.all(formats.map((info) => checkedRequest(info.name))) : formats.map(() => null);
      // h2load's first requests to a fresh server warm it up, unmeasured (the toolkit's client warms up before each probe)
      /** @type {Array<{ format: string, requests: number, answered: number, seconds: number, chunkCpuUs?: Array<number|null>, settled?: boolean }>} (optional: results written before the chunks lack them) */
      const warmups = [];
      if (h2load) for (const i of alternate(formats.map((_, j) => j), k)) warmups.push({ format: formats[i].name, ...(await warmUp(/** @type {ReturnType<typeof h2loadRequest>} */ (requests[i]))) });
      const from = k === 1 ? fromRate : Math.max(fromRate, Math.round(fromRate * 2 ** ((k - 1) / searches)));
      for (const i of alternate(formats.map((_, j) => j), k)) {
        // each search says what warmed its server (null: the toolkit's client, which warms up before each probe)
        const w = warmups.find((x) => x.format === formats[i].name);
        cell.found[i].push({ ...(await searchFormat(formats[i], requests[i], from)), warmup: w ? withoutFormat(w) : null });
      }
      if (k < searches) return null;
      const rows = cell.found.map((found) => ({ ...combineSearches(found), sustained: /** @type {Sustained|null} */ (null) }));
      // each capacity held for longer than a probe, on the last search's server (warm), the formats taking turns
      if (sustainSeconds > 0) {
        for (const i of alternate(formats.map((_, j) => j), k)) {
          const found = rows[i].capacity;
          if (found !== null) rows[i].sustained = { seconds: sustainSeconds, ...(await sustainRate((rate) => sustainPass(formats[i], requests[i], rate), found)) };
        }
      }
      const rate = fixedRate ?? halfRate(rows);
      const half = rate && h2load ? await h2loadAtRate(rate) : rate ? await measureTransmission({
        ...link, transport: name, payload, codecs, server, rate, messages: Math.max(200, Math.round(rate * halfSeconds)), rounds,
        // on the last search's server alone, as h2load's passes are: the searches already met a fresh server each
        cpuAtRate: { rate, seconds: halfSeconds, servers: 1 }, placement: 'off', settleWarmup: false, ...client,
      }) : null;
      const calibration = calibrate && transport.formatPair.json ? await calibrateAgainstAutocannon(rows, transport.formatPair.json.format) : null;
      // how many server processes answered, as the server itself says (a single process reports no worker count)
      const report = await server.control.report();
      const serverProcesses = report ? report.answered ?? 1 : null;
      return { rows, rate, half, calibration, serverProcesses, warmups };
    });
    if (!value) return null;
    return {
      transport: name, serverWorkers: processes, serverProcesses: value.serverProcesses, placement: server.placement, serverCores, clientCores, clientWorkers: h2load ? 1 : link.clientWorkers ?? 1, halfRate: value.rate,
      loadGenerator: h2load ? loadGeneratorLabel(h2load) : 'toolkit',
      // what h2load sent each fresh server of this transport, per format, before its search (the last search's; null:
      // the toolkit's client, which warms up before each probe)
      warmup: h2load ? value.warmups : null,
      rows: value.rows.map((r) => ({ ...r, atHalf: atHalfOf(value.half, r.format) })), pair: capacityPair(value.rows, transport.formatPair), calibration: value.calibration,
    };

    /**
     * One search of a format's capacity.
     * @param {import('../codecs/index.js').CodecInfo} info
     * @param {ReturnType<typeof h2loadRequest>|null} request h2load's, checked
     * @param {number} from the search's first rate
     */
    async function searchFormat(info, request, from) {
      began ??= performance.now();
      const place = { order: ++order, atSeconds: Math.round((performance.now() - began) / 100) / 10 };
      /** @type {CapacityProbe[]} */
      const probes = [];
      /** @param {number} rate @param {boolean} retry */
      const probeOnce = async (rate, retry) => {
        const figures = await passAt(info, request, rate, seconds);
        const p = { ...figures, ...(retry ? { retry: true } : {}) };
        probes.push(p);
        onProbe?.({ transport: name, format: info.name, rate, ok: p.ok, p99: p.p99, late: p.onSchedule === false, bound: p.ok ? '' : boundOf(p, { serverCores, clientCores, targetP99Ms }) });
        return p.ok;
      };
      const pastFloor = (/** @type {number} */ rate) => {
        const last = probes.findLast((p) => p.rate === rate);
        return last != null && isFloor(last, { serverCores, clientCores, targetP99Ms });
      };
      // the machine probe (machine-probe.js) in the search's server just before and just after it: whether its core
      // was slowed while it searched (null: no answer, as from a primary of workers)
      const machineProbes = [await askProbe(server.control)];
      const { good, bad, floor } = await searchRate(failingTwice(probeOnce), { fromRate: from, maxRate, steps, pastFloor });
      machineProbes.push(await askProbe(server.control));
      // which server process answered this search (a fresh one per search)
      return { ...capacityRow({ transport: name, format: info.name, fromRate: from, targetP99Ms, probes, good, bad, floor, serverCores, clientCores }), serverPid: server.child.pid ?? null, ...place, machineProbes };
    }

    /**
     * One open-loop pass of a format at a rate, by h2load or the toolkit's client: its figures as a probe's.
     * @param {import('../codecs/index.js').CodecInfo} info
     * @param {ReturnType<typeof h2loadRequest>|null} request h2load's, checked
     * @param {number} rate
     * @param {number} passSeconds
     * @returns {Promise<CapacityProbe>}
     */
    async function passAt(info, request, rate, passSeconds) {
      const messages = Math.max(200, Math.round(rate * passSeconds));
      return h2load && request
        ? h2loadProbeFigures(rate, await h2loadPass({ url: server.url, request, rate, messages, ...h2loadLoad(request, { connections: link.connections ?? 1, window: streams }), serverControl: server.control, bin: h2load.bin }), targetP99Ms)
        : probeFigures(rate, (await measureTransmission({
          // the server given (not its URL): the pass asks it for its CPU, which says whether it was the side that ran out
          // one warm-up pass before each probe, as before the chunked warm-up: a search runs a dozen probes
          ...link, transport: name, payload, codecs: [info], server, rate, messages, placement: 'off', settleWarmup: false, ...client,
        })).results[0], targetP99Ms);
    }

    /**
     * A sustained pass (sustainRate's): passAt for sustainSeconds, with the side that ran out when it failed.
     * @param {import('../codecs/index.js').CodecInfo} info
     * @param {ReturnType<typeof h2loadRequest>|null} request
     * @param {number} rate
     */
    async function sustainPass(info, request, rate) {
      const p = await passAt(info, request, rate, sustainSeconds);
      const bound = p.ok ? null : boundOf(p, { serverCores, clientCores, targetP99Ms });
      onProbe?.({ transport: name, format: info.name, rate, ok: p.ok, p99: p.p99, late: p.onSchedule === false, bound: bound ?? '', sustainSeconds });
      return { ...p, bound };
    }

    /**
     * A format's request by h2load in chunks of CAPACITY_WARMUP_REQUESTS, closed loop (a rate no server reaches: as
     * fast as the connections and streams allow), not measured, until the server's CPU per request stops falling
     * or the chunks or their time run out (warmupDone): what it sent, how many the server answered, each chunk's server
     * CPU per request, and whether it settled (warmupSettled).
     * @param {ReturnType<typeof h2loadRequest>} request
     */
    async function warmUp(request) {
      let [requests, answered, seconds] = [0, 0, 0];
      /** @type {Array<number|null>} */
      const chunkCpuUs = [];
      while (!warmupDone(chunkCpuUs, seconds)) {
        const r = await h2loadPass({
          url: server.url, request, rate: WARMUP_RATE, messages: CAPACITY_WARMUP_REQUESTS, ...h2loadLoad(request, { connections: link.connections ?? 1, window: streams }),
          serverControl: server.control, bin: h2load?.bin, timeoutMs: 60_000,
        });
        requests += r.messages;
        answered += r.acked;
        seconds += r.seconds;
        chunkCpuUs.push(r.server?.messages ? r.server.cpuUs / r.server.messages : null);
      }
      return { requests, answered, seconds, chunkCpuUs, settled: warmupSettled(chunkCpuUs) };
    }

    /**
     * The request h2load will send for a format, sent once first over node:http2 so that one the server refuses
     * never becomes thousands of "successes" (h2load counts every 2xx and never reads gRPC's trailers).
     * @param {string} format
     */
    async function checkedRequest(format) {
      const codec = usable.find((c) => c.name === format);
      if (!codec) throw new Error(`${name} ${format}: not prepared`);
      const request = h2loadRequest(name, codec, payload.schema);
      const problem = await checkH2loadRequest(server.url, request);
      if (problem) throw new UserError(`h2load: the request for ${name} ${format} is refused by its server: ${problem}`);
      return request;
    }

    /**
     * The passes at half capacity, driven by h2load: rounds of two passes a format (formats alternated, each after an
     * idle interval whose server CPU is subtracted, as cpu-at-rate.js does for the toolkit's client), shaped like
     * measureTransmission's result so atHalfOf reads both.
     * @param {number} rate
     */
    async function h2loadAtRate(rate) {
      const messages = Math.max(200, Math.round(rate * halfSeconds));
      const formats = usable.filter((c) => codecs.some((k) => k.name === c.name));
      const requests = await Promise.all(formats.map((c) => checkedRequest(c.name)));
      /** @type {import('./cpu-at-rate.js').RatePass[][]} */
      const ratePasses = formats.map(() => []);
      for (let round = 1; round <= rounds; round++) {
        for (let slot = 0; slot < 2; slot++) {
          for (const i of alternate(formats.map((_, k) => k), (round - 1) * 2 + slot + 1)) {
            const control = idleSubtracting(server.control, idleSecondsFor(halfSeconds) * 1000);
            const r = await h2loadPass({ url: server.url, request: requests[i], rate, messages, ...h2loadLoad(requests[i], { connections: link.connections ?? 1, window: streams }), serverControl: control, bin: h2load?.bin });
            const figures = ratePass(round, slot, {
              messages: r.messages, acked: r.acked, seconds: r.seconds, msgsPerSec: r.msgsPerSec, lost: 0, notSent: 0, duplicated: 0, errors: r.errors,
              serverCpuUs: r.server?.messages ? r.server.cpuUs / r.server.messages : null, serverElu: r.server?.elu ?? null,
              clientCpuUs: r.clientCpuUs, clientUserUs: r.clientUserUs, clientSystemUs: r.clientSystemUs, clientElu: null,
              latencyMs: { p50: r.latencyMs.p50, p99: r.latencyMs.p99 },
            }, control.measured());
            // a pass that fell behind its rate did not measure the CPU at that rate
            ratePasses[i].push({ ...figures, complete: figures.complete && r.onSchedule });
          }
        }
      }
      const mid = (/** @type {(number|null)[]} */ xs) => (xs.every((x) => x != null) && xs.length ? median(/** @type {number[]} */ (xs)) : null);
      return {
        settings: { rate },
        results: formats.map((c, i) => ({
          format: c.name, messages: ratePasses[i].reduce((n, p) => n + p.messages, 0), acked: ratePasses[i].reduce((n, p) => n + p.acked, 0), lost: 0, notSent: 0, duplicated: 0,
          errors: ratePasses[i].reduce((n, p) => n + (p.messages - p.acked), 0),
          latencyMs: { p50: mid(ratePasses[i].map((p) => p.latencyMs.p50)), p99: mid(ratePasses[i].map((p) => p.latencyMs.p99)) },
        })),
        cpuAtRate: { formats: formats.map((c, i) => summariseRatePasses(c.name, rate, ratePasses[i])) },
      };
    }

    /**
     * autocannon against the same server with the same bodies (the JSON side's corpus), connections and pipelining,
     * closed loop, three passes of twice the toolkit's capacity in requests (at least 2,000): its requests/s and p99
     * beside the toolkit's capacity, so a reader sees whether the toolkit's client, not the server, set it. The
     * capacity is an open-loop rate under a p99 target and autocannon's a closed loop's throughput, which never
     * queues: so the toolkit's own client also runs that closed loop (the same connections, requests in flight and
     * bodies, encoded as it sends them), its passes taking turns with autocannon's, and that like-for-like ratio is
     * given beside the capacity's.
     * @param {Array<ReturnType<typeof capacityRow>>} rows
     * @param {string} format
     */
    async function calibrateAgainstAutocannon(rows, format) {
      const row = rows.find((r) => r.format === format);
      const codec = usable.find((c) => c.name === format);
      if (!row || !codec || name !== 'http1') return null;
      const bodies = Array.from({ length: codec.messageCount }, (_, i) => codec.encodeMessage(i));
      const connections = link.connections ?? 1;
      const pipelining = link.pipelining ?? 1;
      const amount = Math.max(2000, Math.round(2 * (row.capacity ?? row.below ?? 1000)));
      const pass = () => autocannonPass({ url: server.url, connections, pipelining, path: `/${encodeURIComponent(format)}`, mediaType: codec.mediaType, bodies, amount });
      const closedLoop = async () => {
        const r = await nodeClientPass({ transport, url: server.url, codec, messages: amount, window: pipelining, connections, pipelining, askServer: false });
        return r.acked === amount && r.seconds > 0 ? r.acked / r.seconds : null;
      };
      // each warmed up once, unmeasured; then the two take turns
      await pass();
      await closedLoop();
      const passes = [];
      /** @type {(number|null)[]} */
      const closed = [];
      for (let i = 0; i < 3; i++) {
        passes.push(await pass());
        closed.push(await closedLoop());
      }
      const perSec = passes.map((p) => p.answered / p.seconds);
      const autocannon = median(perSec);
      const whole = closed.filter((x) => x != null);
      const toolkitClosedLoop = whole.length === closed.length ? median(/** @type {number[]} */ (whole)) : null;
      return {
        format, connections, pipelining, requests: amount, autocannonPerSec: perSec, autocannon, autocannonP99: median(passes.map((p) => p.p99)),
        toolkitCapacity: row.capacity, capacityBy: h2load ? loadGeneratorLabel(h2load) : 'toolkit', ratio: row.capacity == null ? null : row.capacity / autocannon,
        toolkitClosedLoopPerSec: closed, toolkitClosedLoop, closedLoopRatio: toolkitClosedLoop == null ? null : toolkitClosedLoop / autocannon,
      };
    }
  }
}

/**
 * A format's figures at half capacity: the open-loop latencies (medians of the rounds) and the server CPU per
 * message at that fixed rate (the median of the passes that measured, how many did not, and the fastest passes).
 * @param {{ settings: { rate: number|null }, results: Array<{ format: string, messages: number, acked: number, lost: number, notSent?: number, duplicated: number,
 *   errors: number, latencyMs?: Record<string, number|null> | null }>, cpuAtRate: { formats: Array<ReturnType<typeof summariseRatePasses>> } | null } | null} half
 *   measureTransmission's result, or the h2load passes' shaped like it
 * @param {string} format
 */
function atHalfOf(half, format) {
  if (!half) return null;
  const row = half.results.find((r) => r.format === format);
  const cpu = half.cpuAtRate?.formats.find((f) => f.format === format) ?? null;
  return {
    rate: half.settings.rate, complete: row ? complete(row) : false, p50: row?.latencyMs?.p50 ?? null, p99: row?.latencyMs?.p99 ?? null,
    serverCpuUs: cpu?.serverCpuUs ?? null, serverCpuMinMax: cpu?.minMax?.serverCpuUs ?? null, serverCpuInterval: cpu?.interval ?? null, serverCpuMet: cpu?.precision.met ?? false, idleCpuUsPerSec: cpu?.idleCpuUsPerSec ?? null, serverCpuShare: cpu?.serverCpuShare ?? null,
    // passes left out of the median: their server did not report, or the idle rate left nothing of theirs
    serverCpuUnmeasured: cpu?.unmeasured ?? 0,
    // the fastest passes (cpu-at-rate.js lowestOf): the figure that holds run to run where the median moves with the machine
    serverCpuLowest: cpu?.lowest ?? null,
    // its user and system time per message, before the idle rate is subtracted (summariseRatePasses)
    serverUserUs: cpu?.serverUserUs ?? null, serverSystemUs: cpu?.serverSystemUs ?? null,
    // the load generator's CPU per message acked at the same rate (gross: no idle rate subtracted), the median over the
    // passes, and its user and system parts: what the client pays per message, beside what the server pays
    clientCpuUs: cpu?.clientCpuUs ?? null, clientUserUs: cpu?.clientUserUs ?? null, clientSystemUs: cpu?.clientSystemUs ?? null,
  };
}

/**
 * What warmed a search's server, as its row keeps it: the warm-up without the format it was found by.
 * @template {{ format: string }} W
 * @param {W} warmup
 * @returns {Omit<W, 'format'>}
 */
function withoutFormat({ format: _format, ...rest }) {
  return rest;
}

/**
 * Each capacity search marked `slowed` when the machine probe in its server read slow just before or just after it
 * (machine-probe.js: below SLOWED_BELOW of the run's reference, its upper-quartile probe over every search of every
 * transport, the server's core being the same for all), and each transport's entry with that reference
 * (`machineProbe`; null when too few probes answered: servers of several workers answer none). It says why a search
 * found less; nothing is corrected or left out by it.
 * @template {{ rows: Array<{ searches: Array<{ machineProbes?: Array<number|null> }> }> }} E
 * @param {E[]} entries measureCapacity's, one per transport (and worker count): marked in place
 * @returns {E[]}
 */
export function markSlowedSearches(entries) {
  const reference = probeReference(entries.flatMap((e) => e.rows.flatMap((r) => r.searches.flatMap((s) => s.machineProbes ?? []))));
  for (const e of entries) {
    Object.assign(e, { machineProbe: reference == null ? null : { referenceOpsPerCpuUs: reference, rule: REFERENCE_RULE, slowedBelow: SLOWED_BELOW } });
    for (const s of e.rows.flatMap((r) => r.searches)) if (reference != null && s.machineProbes?.some((v) => v != null)) Object.assign(s, { slowed: slowedCore(s.machineProbes, reference) });
  }
  return entries;
}
