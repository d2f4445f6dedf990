/**
 * A fixed piece of work a server process times on request, just before and after each fixed-rate pass: how fast its
 * core runs at that moment. This VM's cores have slow stretches of seconds to minutes that no counter shows (steal
 * reads 0), and a pass that falls into one costs more CPU per message. The probe's rate beside each pass says which
 * passes ran in one (cpu-at-rate.js probeSummary; docs/transmission.md, "The machine probe", for what it showed).
 * The work does not depend on the payload or the format: the same object, parsed and serialised. It allocates, so
 * its garbage can bring the pass's next young-generation collection forward by one; the fastest passes of five runs
 * with it (27.0–30.4 µs a message, protobufjs-static) and five without (26.2–30.9) do not show it.
 */

/** The probe's object: fixed, about 1 KB of JSON, numbers, strings and nesting. */
const PROBE_TEXT = JSON.stringify({
  id: 1234567, name: 'probe', tags: ['alpha', 'beta', 'gamma', 'delta'], ratio: 0.3125, active: true,
  items: Array.from({ length: 12 }, (_, i) => ({ sku: `item-${i}`, qty: i * 3 + 1, price: 9.99 + i, notes: i % 3 ? null : 'fragile, keep upright' })),
  address: { street: '1 Main Street', city: 'Springfield', zip: '12345', geo: { lat: 44.0462, lng: -123.0220 } },
});

/** How long one probe runs (ms of wall time). */
export const PROBE_MS = 40;

/**
 * Runs the probe for `ms` and gives its rate: probe operations (one JSON.parse and one JSON.stringify of the fixed
 * object) per µs of this process's CPU time. It runs at least a quarter of `ms` on the CPU whatever the wall clock
 * says: a process descheduled for the whole window (a loaded machine, a server just started) read 0 operations and
 * a rate of 0 (CI on Node 24, 2026-12-02, a capacity search's probe), which made its search look slowed.
 * @param {number} [ms]
 * @param {{ now?: () => number, cpu?: () => number }} [clocks] wall ms and process CPU µs (tests give their own)
 * @returns {{ opsPerCpuUs: number, ops: number, cpuUs: number }}
 */
export function machineProbe(ms = PROBE_MS, { now = () => performance.now(), cpu = processCpuUs } = {}) {
  const end = now() + ms;
  const minCpuUs = (ms * 1000) / 4;
  let ops = 0;
  let sink = 0;
  const from = cpu();
  // the CPU is read only once the wall time is up, so the loop's cost per operation is what it always was
  do {
    for (let i = 0; i < 8; i++) {
      sink += JSON.stringify(JSON.parse(PROBE_TEXT)).length;
      ops++;
    }
  } while (now() < end || cpu() - from < minCpuUs);
  const cpuUs = Math.max(1, cpu() - from);
  if (sink < 0) throw new Error('unreachable');
  return { opsPerCpuUs: ops / cpuUs, ops, cpuUs };
}

/** This process's CPU time, user and system, in µs. */
function processCpuUs() {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** A pass or search ran on a slowed core when a machine probe beside it read below this share of the run's reference. */
export const SLOWED_BELOW = 0.8;

/** Which of a run's probe readings is its reference, from the fastest: at least the third, so that one high reading does not make every other look slow. */
export const REFERENCE_RANK = 3;

/**
 * A run's reference probe rate: its upper quartile (the reading a quarter of the way down from the fastest), or its
 * REFERENCE_RANK-th fastest where that lies further down (12 readings or fewer); null with fewer readings than
 * REFERENCE_RANK. Not the third-fastest alone, as until 2026-11-30: on a slow evening a few readings sit well above
 * the rest, and every pass then read as slowed (five `node benchmark_ws.js 3 --profiles none`, AMD EPYC VM,
 * 2026-11-29 21:52–21:59Z, 40 readings each: the top three at 0.048–0.067 operations per µs, the median 0.038; 10 of
 * 10 passes of a format flagged in two runs; by the upper quartile, 0.039–0.042, 0 to 3 of 10).
 * @param {Array<number|null>} rates every probe reading of the run (null: no answer)
 * @returns {number|null}
 */
export function probeReference(rates) {
  const sorted = rates.flatMap((v) => (v != null && v > 0 ? [v] : [])).sort((a, b) => b - a);
  return sorted.length >= REFERENCE_RANK ? sorted[Math.max(REFERENCE_RANK, Math.ceil(sorted.length / 4)) - 1] : null;
}

/** The rule probeReference follows, stored beside each reference so that a report or comparison of results written before it (the third-fastest reading, whatever the count) says which. */
export const REFERENCE_RULE = 'upper-quartile';

/** The reference reading in words, for the reports' legends. */
export const REFERENCE_TEXT = `its upper quartile (its ${REFERENCE_RANK === 3 ? 'third' : `${REFERENCE_RANK}th`}-fastest among 12 or fewer)`;

/**
 * The reference reading of a stored run in words: REFERENCE_TEXT where it carries REFERENCE_RULE, else the rule
 * results written before 2026-11-30 followed.
 * @param {string|undefined} rule
 */
export const referenceText = (rule) => (rule === REFERENCE_RULE ? REFERENCE_TEXT : 'its third-fastest (the rule of results written before 2026-11-30)');

/**
 * Whether a pass or search ran on a slowed core: either of the probes beside it read below `share` of the reference.
 * @param {Array<number|null>|undefined} probes its machine probes (before and after)
 * @param {number} reference probeReference's
 * @param {number} [share]
 */
export const slowedCore = (probes, reference, share = SLOWED_BELOW) => (probes ?? []).some((v) => v != null && v < share * reference);

/**
 * Asks a server for the machine probe over its control (run.js startServerProcess): its rate, or null when it has no
 * probe or does not answer (a primary of workers).
 * @param {{ probe?: () => Promise<{ opsPerCpuUs: number }|null> }} control
 * @returns {Promise<number|null>}
 */
export async function askProbe(control) {
  return control.probe ? (await control.probe())?.opsPerCpuUs ?? null : null;
}
