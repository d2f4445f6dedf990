import { performance } from 'node:perf_hooks';
import { watchGcPauses } from './gc-pauses.js';

/**
 * @typedef {{ messages: number, failed?: number, cpuUs: number, userUs?: number, systemUs?: number, elu: number, seconds: number, gcMaxMs?: number, gcMs?: number, reads?: number, workers?: number, answered?: number,
 *   died?: Array<{ worker: number, pid: number|null, code: number|null, signal: string|null }> }} ServerReport
 *   since the last mark: data messages handled (all connections), those of them answered with an error in a way a
 *   client counting HTTP statuses cannot see (gRPC's status in trailers after HTTP 200: failed), process CPU (user + system, µs,
 *   and each of the two as the kernel split it: userUs, systemUs; absent from a report written before they were kept),
 *   event-loop utilization (0–1) and wall time, the longest GC pause and all of them (ms; a report from another
 *   machine's server may lack them), the socket reads its transport counted (read(): the WebSocket server's, one per
 *   'data' event of a client's socket; 0 where the transport counts none); a server of several workers (server-workers.js) adds how many it has,
 *   how many answered, and those that died since the mark
 * @typedef {{ handled(): void, failed(): void, read(): void, mark(): void, report(): ServerReport, readonly messages: number }} ServerMeter
 */

/**
 * The server process's own accounting: transports call handled() once per data message; mark() starts a
 * measured pass and report() gives CPU, event-loop utilization and messages since then (process-wide, so
 * every connection and the transport's own work count).
 * @returns {ServerMeter}
 */
export function createServerMeter() {
  let messages = 0;
  let failed = 0;
  let reads = 0;
  const now = () => ({ cpu: process.cpuUsage(), elu: performance.eventLoopUtilization(), messages, failed, reads, at: performance.now() });
  let from = now();
  let gc = watchGcPauses();
  return {
    handled() {
      messages++;
    },
    failed() {
      failed++;
    },
    read() {
      reads++;
    },
    get messages() {
      return messages;
    },
    mark() {
      from = now();
      gc.stop();
      gc = watchGcPauses();
    },
    report() {
      const cpu = process.cpuUsage(from.cpu);
      const pauses = gc.read();
      return {
        messages: messages - from.messages, failed: failed - from.failed, cpuUs: cpu.user + cpu.system, userUs: cpu.user, systemUs: cpu.system, elu: performance.eventLoopUtilization(from.elu).utilization, seconds: (performance.now() - from.at) / 1000,
        gcMaxMs: pauses.maxMs, gcMs: pauses.totalMs, reads: reads - from.reads,
      };
    },
  };
}

/**
 * A server's report as it comes over the wire (JSON text, ws's and gRPC's report calls), or null when it is not one:
 * every figure of a ServerReport must be a finite number.
 * @param {string} text
 * @returns {ServerReport|null}
 */
export function parseServerReport(text) {
  /** @type {unknown} */
  let r;
  try {
    r = JSON.parse(text);
  } catch {
    return null;
  }
  if (r === null || typeof r !== 'object') return null;
  const { messages, cpuUs, elu, seconds, userUs, systemUs } = /** @type {Record<string, unknown>} */ (r);
  if (!(typeof messages === 'number' && typeof cpuUs === 'number' && typeof elu === 'number' && typeof seconds === 'number'
    && [messages, cpuUs, elu, seconds].every(Number.isFinite))) return null;
  // the user and system split is kept where both are numbers (a server of an older version sends neither)
  const split = typeof userUs === 'number' && typeof systemUs === 'number' && Number.isFinite(userUs) && Number.isFinite(systemUs);
  return { messages, cpuUs, elu, seconds, ...(split && { userUs, systemUs }) };
}
