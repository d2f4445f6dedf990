import fs from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../paths.js';
import { libraryVersion } from '../codecs/index.js';

/** Steal above this share of the machine's CPU time marks a run as taken on a contended host. */
export const CONTENDED_STEAL = 0.05;

/**
 * The machine's CPU time so far, in clock ticks, from the first line of /proc/stat (Linux): every state's ticks
 * (user, nice, system, idle, iowait, irq, softirq, steal; guest time is inside user already) and steal's alone, the
 * time a virtual machine's host gave its virtual CPUs to others. null where there is no /proc/stat.
 * @param {() => string} [read] the file's text (tests give one)
 * @returns {{ total: number, steal: number } | null}
 */
export function cpuTicks(read = () => fs.readFileSync('/proc/stat', 'utf8')) {
  let text;
  try {
    text = read();
  } catch {
    return null;
  }
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  const fields = line ? line.trim().split(/\s+/).slice(1, 9).map(Number) : [];
  if (fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return null;
  return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] };
}

/**
 * The share of the machine's CPU time its host took (steal) between two cpuTicks readings, or null when either is
 * missing or no time passed. On the project's 2-core VM it was 0.03% for its first half hour, then 13% over a 226 s run while
 * the host was busy, and every figure of that run read slow (docs/suite.md, "Steal").
 * @param {ReturnType<typeof cpuTicks>} before
 * @param {ReturnType<typeof cpuTicks>} after
 */
export function stealShare(before, after) {
  if (!before || !after) return null;
  const ticks = after.total - before.total;
  return ticks > 0 ? Math.max(0, after.steal - before.steal) / ticks : null;
}

/** cpuTicks() when this module was loaded: a command-line run's start, the default `since` of describeEnvironment. */
const LOADED = cpuTicks();

/**
 * What a figure was measured on: without this, a number cannot be compared.
 * @param {(string|null)[]} [libraries] npm packages whose versions matter (null: a codec without one)
 * @param {{ since?: ReturnType<typeof cpuTicks> }} [o] since: cpuTicks() when the run began (default: when this module
 *   was loaded, a command's start), for the share of the machine's CPU time its host took during the run (`steal`;
 *   null without /proc/stat or when no time passed)
 */
export function describeEnvironment(libraries = [], { since = LOADED } = {}) {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.versions.node,
    v8: process.versions.v8,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    libraries: Object.fromEntries([...new Set(['benchmark', ...libraries])]
      .filter((l) => l !== null && l !== 'node' && !l.startsWith('node:')).map((l) => [l, libraryVersion(l)])),
    commit: gitCommit(),
    steal: stealShare(since, cpuTicks()),
  };
}

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    return null;
  }
}

/**
 * One line for the top of a printed result; with the run's steal where it was measured, and a warning when the host
 * took more than CONTENDED_STEAL of the machine's CPU time.
 * @param {Omit<ReturnType<typeof describeEnvironment>, 'steal'> & { steal?: number|null }} env (results written before steal have none)
 */
export function environmentLine(env) {
  const libs = Object.entries(env.libraries).map(([k, v]) => `${k} ${v ?? 'not installed'}`).join(', ');
  const steal = env.steal == null ? '' : `; steal ${(env.steal * 100).toFixed(1)}% of the machine's CPU time during the run${env.steal > CONTENDED_STEAL
    ? ' (a contended host: its figures read slow, compare ratios from one run only)' : ''}`;
  return `Node ${env.node} (V8 ${env.v8}), ${env.cpu}, ${env.cores} cores, ${env.memoryGiB} GiB, ${env.os}; ${libs}${env.commit ? `; commit ${env.commit}` : ''}${steal}`;
}
