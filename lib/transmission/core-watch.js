/**
 * Whether the server's core kept its speed: a child pinned to the server's core times a fixed unit of work (about
 * 0.4 ms; core-watch-child.js) every quarter second while the fixed-rate passes run (resume/pause: not during the
 * other passes), and each pass gets the median of the readings taken during it (`coreMs`). On a virtual machine a
 * core's own speed changes for tens of seconds at a time: on the 2-core Intel VM (2026-11-28) an ad-hoc probe's
 * fixed JSON work took 0.71 ms and then 1.15 ms from twelve seconds into a run, and that run's server CPU per
 * message went from 33–41 to 64–105 µs; steal time did not show it. Passes that straddle such a change mix two
 * machines; summariseRatePasses flags them (`core.changed`). The watch costs its core about 0.5% (three units,
 * 1.1 ms, in 250). docs/transmission.md, "The core watch".
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { pinProcess } from './placement.js';
import { median } from '../measure/statistics.js';

const CHILD = fileURLToPath(new URL('./core-watch-child.js', import.meta.url));

/** Milliseconds between two readings. */
export const CORE_WATCH_PERIOD_MS = 250;

/** Now, in milliseconds since the epoch, as the child stamps its readings (both from performance's clock). */
export const watchClock = () => performance.timeOrigin + performance.now();

/**
 * Starts the watch on these cores: the child warms its work up first, then is pinned, then reads. Null, with the
 * child gone, when it could not be pinned (a reading on another core would say nothing of the server's).
 * @param {number[]} cores
 * @param {{ periodMs?: number, execPath?: string, script?: string }} [options] script: a stand-in child (tests)
 * @returns {Promise<{ pid: number, readings: Array<{ at: number, ms: number }>, resume: () => void, pause: () => void, during: (from: number, to: number) => number|null, stop: () => void } | null>}
 */
export async function startCoreWatch(cores, { periodMs = CORE_WATCH_PERIOD_MS, execPath = process.execPath, script = CHILD } = {}) {
  const child = fork(script, [String(periodMs)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [], execPath });
  /** @type {Array<{ at: number, ms: number }>} */
  const readings = [];
  try {
    const [ready] = await once(child, 'message');
    if (!ready?.ready || pinProcess(/** @type {number} */ (child.pid), cores)) throw new Error('not pinned');
  } catch {
    child.kill();
    return null;
  }
  child.on('message', (/** @type {{ at?: number, ms?: number }} */ m) => {
    if (typeof m.at === 'number' && typeof m.ms === 'number') readings.push({ at: m.at, ms: m.ms });
  });
  return {
    pid: /** @type {number} */ (child.pid),
    readings,
    /** Readings from now on (the child starts paused): only while the passes to watch run. */
    resume() { child.send({ watch: true }); },
    /** No readings until resume(): the server's other passes have the core to themselves. */
    pause() { child.send({ watch: false }); },
    /** The median reading taken between two watchClock() times, or null when none was. */
    during(from, to) {
      const inside = readings.filter((r) => r.at >= from && r.at <= to).map((r) => r.ms);
      return inside.length ? median(inside) : null;
    },
    stop() {
      if (child.connected) child.disconnect();
      child.kill();
    },
  };
}
