/**
 * Where the server and the load generator run: on disjoint cores where the OS allows, so that a server-side figure
 * (capacity, CPU per message) comes from a server that had a core of its own and a client that did not take it.
 * Pinning uses `taskset` (util-linux) on the processes' ids: the server.js child is pinned once started (the
 * threads and cluster workers it starts later inherit its cores), this process (the client, its worker threads and
 * the link emulator) for the duration of the passes, then given back the cores it had. The plan is pure (planPlacement);
 * reading the cores this process may use and calling taskset are the side effects at the end of the file.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { UserError } from '../errors.js';

/**
 * Where each side runs, as a run's settings record it: the cores of each side (a CPU list as taskset writes it,
 * "0" or "2-3,5"), or null where that side was not pinned, and a sentence saying why when it could not pin.
 * @typedef {{ pinned: boolean, server: string|null, client: string|null, available: string|null, note: string|null }} Placement
 */

/** The values of --placement. */
export const PLACEMENTS = /** @type {const} */ (['auto', 'off']);

/**
 * --placement, checked.
 * @param {string} value
 * @returns {'auto'|'off'}
 */
export function placementOption(value) {
  const found = PLACEMENTS.find((p) => p === value);
  if (!found) throw new UserError(`--placement: expected auto or off, got "${value}"`);
  return found;
}

/**
 * A Linux CPU list ("0-3,8,10-11", as /proc/PID/status's Cpus_allowed_list and taskset -c write it) as core numbers,
 * ascending, each once.
 * @param {string} text
 * @returns {number[]}
 */
export function parseCpuList(text) {
  const cores = new Set();
  for (const part of text.trim().split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`not a CPU list: "${text}"`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) throw new Error(`not a CPU list: "${text}" (${part} runs backwards)`);
    for (let c = from; c <= to; c++) cores.add(c);
  }
  return [...cores].sort((a, b) => a - b);
}

/**
 * Core numbers as a CPU list, runs of consecutive cores as ranges: [0, 1, 2, 5] is "0-2,5".
 * @param {number[]} cores
 */
export function formatCpuList(cores) {
  const sorted = [...new Set(cores)].sort((a, b) => a - b);
  /** @type {string[]} */
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * The plan: the server gets the first `serverCores` of the cores this process may use, the client the rest, when
 * both sides get at least one; otherwise nothing is pinned and the note says why. Pure.
 * @param {object} o
 * @param {number[]|null} o.available the cores this process may run on (null: unknown, not Linux)
 * @param {number} [o.serverCores] cores the server should have (its worker count; default 1)
 * @param {'auto'|'off'} [o.mode] off: pin nothing
 * @param {string|null} [o.cannotPin] why pinning is impossible here (taskset missing), or null
 * @param {boolean} [o.startsServer] false when the server is not this run's (given by URL): nothing is pinned
 * @returns {{ pinned: boolean, server: number[]|null, client: number[]|null, available: number[]|null, note: string|null }}
 */
export function planPlacement({ available, serverCores = 1, mode = 'auto', cannotPin = null, startsServer = true }) {
  const none = (/** @type {string} */ note) => ({ pinned: false, server: null, client: null, available, note });
  if (mode === 'off') return none('not pinned (--placement off)');
  if (cannotPin) return none(`not pinned: ${cannotPin}`);
  if (!available?.length) return none('not pinned: the cores this process may use are unknown (no /proc/self/status)');
  // the client alone on every core it may use is no placement at all
  if (!startsServer) return none('not pinned: the server was not started by this run');
  if (available.length < serverCores + 1) {
    return none(`not pinned: ${available.length} core${available.length === 1 ? '' : 's'} (${formatCpuList(available)}) for a server of ${serverCores} and a client: they share them`);
  }
  return { pinned: true, server: available.slice(0, serverCores), client: available.slice(serverCores), available, note: null };
}

/**
 * A plan as a run's settings record it (CPU lists as strings).
 * @param {ReturnType<typeof planPlacement>} plan
 * @returns {Placement}
 */
export function describePlacement(plan) {
  const list = (/** @type {number[]|null} */ c) => (c ? formatCpuList(c) : null);
  return { pinned: plan.pinned, server: list(plan.server), client: list(plan.client), available: list(plan.available), note: plan.note };
}

/**
 * One line for a table's heading: "server on core 0, client on core 1", or the note.
 * @param {Placement|null|undefined} p
 */
export function placementLine(p) {
  if (!p) return 'placement unknown';
  const side = (/** @type {string} */ name, /** @type {string|null} */ cores) => (cores ? `${name} on core${/[-,]/.test(cores) ? 's' : ''} ${cores}` : null);
  const sides = [side('server', p.server), side('client', p.client)].filter(Boolean).join(', ');
  return p.pinned ? `${sides}${p.note ? ` (${p.note})` : ''}` : /** @type {string} */ (p.note);
}

// ---- side effects: the cores this process may use, and taskset

/**
 * The cores a process may run on (Linux: /proc/PID/status's Cpus_allowed_list), or null where that is not known.
 * @param {number|'self'} [pid]
 * @returns {number[]|null}
 */
export function allowedCores(pid = 'self') {
  try {
    const m = /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? parseCpuList(m[1]) : null;
  } catch {
    return null;
  }
}

/** @type {string|null|undefined} */
let tasksetProblem;

/**
 * Why taskset cannot be used here, or null when it can (checked once per process).
 * @returns {string|null}
 */
export function tasksetUnavailable() {
  if (tasksetProblem !== undefined) return tasksetProblem;
  if (process.platform !== 'linux') return (tasksetProblem = `taskset is Linux's (this is ${process.platform})`);
  const r = spawnSync('taskset', ['-p', String(process.pid)], { encoding: 'utf8', timeout: 5000 });
  if (r.error) tasksetProblem = /** @type {NodeJS.ErrnoException} */ (r.error).code === 'ENOENT' ? 'taskset not found (install util-linux)' : `taskset failed: ${r.error.message}`;
  else tasksetProblem = r.status === 0 ? null : `taskset -p failed: ${(r.stderr || r.stdout).trim().split('\n')[0]}`;
  return tasksetProblem;
}

/**
 * The plan for this run, from the cores this process may use and whether taskset works.
 * @param {{ mode?: 'auto'|'off', serverCores?: number, startsServer?: boolean }} [o]
 */
export function detectPlacement({ mode = 'auto', serverCores = 1, startsServer = true } = {}) {
  if (mode === 'off') return planPlacement({ available: null, mode });
  return planPlacement({ available: allowedCores(), serverCores, mode, cannotPin: tasksetUnavailable(), startsServer });
}

/**
 * Pins a process and every thread it has to these cores (taskset -a -p -c). Returns null, or why it failed.
 * @param {number} pid
 * @param {number[]} cores
 * @returns {string|null}
 */
export function pinProcess(pid, cores) {
  const r = spawnSync('taskset', ['-a', '-p', '-c', formatCpuList(cores), String(pid)], { encoding: 'utf8', timeout: 5000 });
  if (r.error) return `taskset: ${r.error.message}`;
  return r.status === 0 ? null : `taskset -a -p -c ${formatCpuList(cores)} ${pid}: ${(r.stderr || r.stdout).trim().split('\n')[0]}`;
}

/**
 * Runs fn with this process (every thread: the client, its workers, the link emulator) on the plan's client
 * cores, then gives it back the cores it had. A pin that fails leaves the plan as it was and says why in
 * `problem`; fn runs either way.
 * @template T
 * @param {ReturnType<typeof planPlacement>} plan
 * @param {() => Promise<T>} fn
 * @returns {Promise<{ value: T, problem: string|null }>}
 */
export async function withClientPinned(plan, fn) {
  if (!plan.pinned || !plan.client || !plan.available) return { value: await fn(), problem: null };
  const before = allowedCores() ?? plan.available;
  const problem = pinProcess(process.pid, plan.client);
  try {
    return { value: await fn(), problem };
  } finally {
    if (!problem) pinProcess(process.pid, before);
  }
}
