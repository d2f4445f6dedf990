// Which side ran out in a capacity probe, in a module that loads nothing else: the search (capacity.js) and the
// report (lib/report/terminal-transmission.js) judge probes by the same rule.

/** @typedef {import('./capacity.js').CapacityProbe} CapacityProbe */

/** A side whose CPU (share of its cores) or event-loop utilization reached this was saturated. */
export const SATURATED = 0.9;

/**
 * Which side ran out first in a failed probe: 'client' when the load generator was near its cores (CPU), its event
 * loop near full, or one of its own GC pauses was as long as the p99 target (every message behind it waited that
 * long: gc-pauses.js); 'server' when the server was near its cores or its event loop, or paused for GC as long (and
 * the client was not), 'neither' when both had room (the connections and window, the link, or a latency floor set the
 * limit: raise --connections/--window; the search goes past such a failure, isFloor).
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
 * Whether a failed probe is a latency floor rather than a limit: everything answered on schedule, but p99 over the
 * target while neither side ran out (boundOf: 'neither', both under 90% of their cores and loops, no GC pause as
 * long as the target). On this 2-core VM the grpc server answered slower at 500–2,000 msgs/s (p99 8–14 ms, 220–380
 * µs of server CPU a message: each message wakes an idle core, and grpc-js takes several turns of the loop) than at
 * 16,000 (p99 3.6 ms, 55 µs): the search must not stop at the first such rate (rate-search.js, pastFloor). A rate
 * past it that holds is a rate that met the target; when none does, the search ends where the failing began.
 * @param {CapacityProbe} p
 * @param {{ serverCores: number, clientCores: number, targetP99Ms: number }} o
 */
export function isFloor(p, { serverCores, clientCores, targetP99Ms }) {
  return !p.ok && p.complete && p.onSchedule !== false && boundOf(p, { serverCores, clientCores, targetP99Ms }) === 'neither';
}
