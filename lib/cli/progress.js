/**
 * What progress writes to: stderr, or anything with write (isTTY and columns as a TTY stream has them).
 * @typedef {{ isTTY?: boolean, columns?: number, write(text: string): unknown }} ProgressStream
 */

/**
 * Progress of a long run on stderr: one updating line in a terminal, plain
 * lines otherwise (so logs stay readable), with elapsed time and an estimate
 * of the time left from the pace so far. Steps may weigh differently: give
 * `work` (the total, in any unit, e.g. expected seconds) and each tick's share
 * of it, and the estimate follows the work done rather than the step count.
 * @param {{ total: number, work?: number, stream?: ProgressStream, quiet?: boolean, now?: () => number }} options
 */
export function createProgress({ total, work = total, stream = process.stderr, quiet = false, now = Date.now }) {
  const start = now();
  const tty = Boolean(stream.isTTY);
  let done = 0;
  let workDone = 0;
  return {
    /**
     * Marks `steps` more steps done (worth `share` of the work), with what they were.
     * @param {string} label
     * @param {number} [steps]
     * @param {number} [share]
     */
    tick(label, steps = 1, share = steps) {
      done += steps;
      workDone += share;
      if (quiet) return;
      const elapsed = (now() - start) / 1000;
      const left = workDone > 0 ? (elapsed / workDone) * Math.max(0, work - workDone) : NaN;
      const line = `[${Math.min(done, total)}/${total}] ${clock(elapsed)} elapsed, ~${clock(left)} left: ${label}`;
      if (tty) stream.write(`\r\x1b[2K${line.slice(0, (stream.columns || 120) - 1)}`);
      else stream.write(`${line}\n`);
    },
    /** Clears the updating line. */
    end() {
      if (!quiet && tty) stream.write('\r\x1b[2K');
    },
  };
}

/**
 * Seconds as a short clock: 42s, 3m05s ('?' when not known yet).
 * @param {number} seconds
 */
function clock(seconds) {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/**
 * An onProgress for runSuite (lib/suite.js): the progress line of createProgress, started when the suite tells
 * its plan, ticked as each step ends, cleared at the end.
 * @param {ProgressStream} [stream]
 * @returns {(event: import('../suite.js').SuiteProgress) => void}
 */
export function progressReporter(stream = process.stderr) {
  /** @type {ReturnType<typeof createProgress> | null} */
  let progress = null;
  return (event) => {
    if (event.kind === 'start') progress = createProgress({ total: event.total, work: event.work, stream });
    else if (event.kind === 'step') progress?.tick(event.label, event.steps, event.share);
    else progress?.end();
  };
}
