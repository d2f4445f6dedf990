/**
 * Capacity per server core (issue 22): for each transport and format, the highest open-loop offered rate at which
 * every message is answered and the corrected p99 stays under a target, searched like --sweep (rates doubling, then
 * bisected), with the server pinned to its own cores and the client on others (placement.js). Each failed probe
 * says which side ran out first: a pass whose client was near a full core is client-bound and its rate is not the
 * server's capacity. Then, per transport, both formats at half the lower capacity of the pair: p50/p99 at that rate
 * and server CPU per message at that same fixed rate (cpu-at-rate.js). The search and the verdicts are pure
 * (boundOf, capacityRow; the search is rate-search.js's searchRate, shared with --sweep); measureCapacity runs the passes.
 */
import { complete } from './outcome.js';
import { detectPlacement, withClientPinned } from './placement.js';
import { measureTransmission, nodeClientPass, prepareWireCodecs, serverArgs, startServerProcess } from './run.js';
import { loadTransport } from './transports/index.js';
import { startClientWorkers } from './client-workers.js';
import { autocannonPass } from './calibrate.js';
import { median } from '../measure/statistics.js';
import { searchRate } from './rate-search.js';

/** A side whose CPU (share of its cores) or event-loop utilization reached this was saturated. */
export const SATURATED = 0.9;


/**
 * One probe of the search: the rate offered, what came back, and how busy each side was.
 * @typedef {{ rate: number, ok: boolean, complete: boolean, msgsPerSec: number|null, p50: number|null, p99: number|null,
 *   serverCpuShare: number|null, serverElu: number|null, clientCpuShare: number|null, clientElu: number|null, clientGcMaxMs?: number|null,
 *   serverGcMaxMs?: number|null, retry?: boolean }} CapacityProbe
 *   CPU shares: CPU seconds per second of the pass (1 = one core busy); clientGcMaxMs, serverGcMaxMs: each side's
 *   longest GC pause; retry: the second probe of a rate whose first failed
 */

/**
 * Which side ran out first in a failed probe: 'client' when the load generator was near its cores (CPU), its event
 * loop near full, or one of its own GC pauses was as long as the p99 target (every message behind it waited that
 * long: gc-pauses.js); 'server' when the server was near its cores or its event loop, or paused for GC as long (and
 * the client was not), 'neither' when both had room (the connections and window, or the link, set the limit: raise
 * --connections/--window).
 * @param {Pick<CapacityProbe, 'serverCpuShare'|'serverElu'|'clientCpuShare'|'clientElu'|'clientGcMaxMs'|'serverGcMaxMs'>} p
 * @param {{ serverCores: number, clientCores: number, targetP99Ms?: number }} cores and the target the probe failed
 * @returns {'client'|'server'|'neither'}
 */
export function boundOf(p, { serverCores, clientCores, targetP99Ms = Infinity }) {
  const full = (/** @type {number|null} */ share, /** @type {number|null} */ elu, /** @type {number} */ cores) => (share != null && share >= SATURATED * cores)
    || (elu != null && elu >= SATURATED);
  if (full(p.clientCpuShare, p.clientElu, clientCores) || (p.clientGcMaxMs != null && p.clientGcMaxMs >= targetP99Ms)) return 'client';
  // a multi-process server's ELU is per process: its CPU share says whether all its cores were busy
  if (full(p.serverCpuShare, serverCores > 1 ? null : p.serverElu, serverCores) || (p.serverGcMaxMs != null && p.serverGcMaxMs >= targetP99Ms)) return 'server';
  return 'neither';
}

/**
 * One format's capacity from its search: the highest passing rate, per server core, which side bound the first
 * rate that failed, and "below fromRate" when even that failed. A capacity is the server's only when the server
 * bound it; otherwise `capacity` stays, marked by `bound`, and `perCore` is null.
 * @param {{ transport: string, format: string, fromRate: number, targetP99Ms: number, probes: CapacityProbe[], good: number|null,
 *   bad: number|null, serverCores: number, clientCores: number }} o
 */
export function capacityRow({ transport, format, fromRate, targetP99Ms, probes, good, bad, serverCores, clientCores }) {
  // the failing rate's last probe (its confirmation)
  const failed = bad === null ? null : probes.findLast((p) => p.rate === bad) ?? null;
  const bound = failed ? boundOf(failed, { serverCores, clientCores, targetP99Ms }) : 'not reached';
  return {
    transport, format, targetP99Ms,
    capacity: good,
    // the search's lowest rate already failed: "below fromRate msgs/s"
    below: good === null ? fromRate : null,
    failedRate: bad,
    bound,
    perCore: good !== null && bound === 'server' ? good / serverCores : null,
    serverCores, clientCores, probes,
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
 * Capacity of every transport × format on one payload, one direction.
 * @param {object} o
 * @param {import('../payload/index.js').Payload} o.payload
 * @param {Record<string, import('../codecs/index.js').CodecInfo[]>} o.codecsFor each transport's formats
 * @param {string[]} o.transports
 * @param {number} [o.targetP99Ms] default 10
 * @param {{ fromRate?: number, maxRate?: number, seconds?: number, steps?: number }} [o.search] doubling from fromRate
 *   (default 500) up to maxRate (default 1,000,000), probes of `seconds` (default 0.5, at least 200 messages), `steps`
 *   bisections (default 5)
 * @param {{ rounds?: number, seconds?: number }} [o.atHalf] the passes at half capacity: rounds (default 3) of seconds (default 1)
 * @param {{ direction?: 'up'|'down', compress?: string|null, tls?: boolean, connections?: number, window?: number, pipelining?: number,
 *   idleTimeoutMs?: number, clientWorkers?: number }} [o.link] the transport's settings and the client's worker threads
 * @param {'auto'|'off'} [o.placement]
 * @param {number} [o.serverWorkers] server processes per transport (server.js --workers), default 1
 * @param {boolean} [o.calibrate] on http1, autocannon against the same server, body and connections (its JSON side)
 * @param {(p: { transport: string, format: string, rate: number, ok: boolean, p99: number|null, bound: string }) => void} [o.onProbe]
 */
export async function measureCapacity({ payload, codecsFor, transports, targetP99Ms = 10, search = {}, atHalf = {}, link = {}, placement = 'auto', serverWorkers = 1, calibrate = false, onProbe }) {
  const { fromRate = 500, maxRate = 1e6, seconds = 0.5, steps = 5 } = search;
  const { rounds = 3, seconds: halfSeconds = 1 } = atHalf;
  const { direction = 'up', compress = null, tls = false } = link;
  const out = [];
  // with several server workers, each transport at one worker and at N: how it scales
  const cells = transports.filter((t) => codecsFor[t]?.length).flatMap((name) => (serverWorkers > 1 ? [1, serverWorkers] : [1]).map((w) => ({ name, w })));
  for (const { name, w: processes } of cells) {
    const transport = await loadTransport(name);
    const codecs = codecsFor[name];
    const { usable } = prepareWireCodecs(codecs, payload, transport);
    const plan = detectPlacement({ mode: placement, serverCores: processes });
    const server = await startServerProcess({
      payload, formats: usable.map((c) => c.name), plan,
      extraArgs: [...serverArgs({ transport: name, direction, compress, tls }), ...(processes > 1 ? ['--workers', String(processes)] : [])],
    });
    const serverCores = server.placement.pinned && server.placement.server ? plan.server?.length ?? 1 : processes;
    const clientCores = server.placement.pinned && plan.client ? plan.client.length : 1;
    // client workers started once per transport, not per probe
    const workers = (link.clientWorkers ?? 1) > 1
      ? await startClientWorkers({ workers: /** @type {number} */ (link.clientWorkers), payload, formats: usable.map((c) => c.name), transport: name }) : null;
    const client = workers ? { clientPass: workers.clientPass, clientWorkers: 1 } : {};
    try {
      const { value } = await withClientPinned(server.placement.pinned ? plan : { ...plan, pinned: false }, async () => {
        /** @type {Array<ReturnType<typeof capacityRow>>} */
        const rows = [];
        for (const info of codecs.filter((c) => usable.some((u) => u.name === c.name))) {
          /** @type {CapacityProbe[]} */
          const probes = [];
          /** @param {number} rate @param {boolean} retry */
          const probeOnce = async (rate, retry) => {
            const run = await measureTransmission({
              // the server given (not its URL): the pass asks it for its CPU, which says whether it was the side that ran out
              ...link, transport: name, payload, codecs: [info], server, rate, messages: Math.max(200, Math.round(rate * seconds)), placement: 'off', ...client,
            });
            const p = { ...probeFigures(rate, run.results[0], targetP99Ms), ...(retry ? { retry: true } : {}) };
            probes.push(p);
            onProbe?.({ transport: name, format: info.name, rate, ok: p.ok, p99: p.p99, bound: p.ok ? '' : boundOf(p, { serverCores, clientCores, targetP99Ms }) });
            return p.ok;
          };
          const { good, bad } = await searchRate(failingTwice(probeOnce), { fromRate, maxRate, steps });
          rows.push(capacityRow({ transport: name, format: info.name, fromRate, targetP99Ms, probes, good, bad, serverCores, clientCores }));
        }
        const rate = halfRate(rows);
        const half = rate ? await measureTransmission({
          ...link, transport: name, payload, codecs, server, rate, messages: Math.max(200, Math.round(rate * halfSeconds)), rounds,
          cpuAtRate: { rate, seconds: halfSeconds }, placement: 'off', ...client,
        }) : null;
        const calibration = calibrate && transport.formatPair.json ? await calibrateAgainstAutocannon(rows, transport.formatPair.json.format) : null;
        // how many server processes answered, as the server itself says (a single process reports no worker count)
        const report = await server.control.report();
        const serverProcesses = report ? report.answered ?? 1 : null;
        return { rows, rate, half, calibration, serverProcesses };
      });
      out.push({
        transport: name, serverWorkers: processes, serverProcesses: value.serverProcesses, placement: server.placement, serverCores, clientCores, clientWorkers: link.clientWorkers ?? 1, halfRate: value.rate,
        rows: value.rows.map((r) => ({ ...r, atHalf: atHalfOf(value.half, r.format) })), calibration: value.calibration,
      });
    } finally {
      await workers?.close();
      await server.stop();
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
        toolkitCapacity: row.capacity, ratio: row.capacity == null ? null : row.capacity / autocannon,
        toolkitClosedLoopPerSec: closed, toolkitClosedLoop, closedLoopRatio: toolkitClosedLoop == null ? null : toolkitClosedLoop / autocannon,
      };
    }
  }
  return out;
}

/**
 * A format's figures at half capacity: the open-loop latencies (medians of the rounds) and the server CPU per
 * message at that fixed rate.
 * @param {Awaited<ReturnType<typeof measureTransmission>> | null} half
 * @param {string} format
 */
function atHalfOf(half, format) {
  if (!half) return null;
  const row = half.results.find((r) => r.format === format);
  const cpu = half.cpuAtRate?.formats.find((f) => f.format === format) ?? null;
  return {
    rate: half.settings.rate, complete: row ? complete(row) : false, p50: row?.latencyMs?.p50 ?? null, p99: row?.latencyMs?.p99 ?? null,
    serverCpuUs: cpu?.serverCpuUs ?? null, serverCpuMinMax: cpu?.minMax?.serverCpuUs ?? null, serverCpuInterval: cpu?.interval ?? null, serverCpuMet: cpu?.precision.met ?? false, idleCpuUsPerSec: cpu?.idleCpuUsPerSec ?? null, serverCpuShare: cpu?.serverCpuShare ?? null,
  };
}
