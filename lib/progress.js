/**
 * Progress of a long run on stderr: one updating line in a terminal, plain
 * lines otherwise (so logs stay readable), with elapsed time and an estimate
 * of the time left from the pace so far.
 * @param {{ total: number, stream?: NodeJS.WriteStream, quiet?: boolean }} options
 */
export function createProgress({ total, stream = process.stderr, quiet = false }) {
  const start = Date.now();
  const tty = Boolean(stream.isTTY);
  let done = 0;
  return {
    /** Marks one more step done, with what it was. */
    tick(label, steps = 1) {
      done += steps;
      if (quiet) return;
      const elapsed = (Date.now() - start) / 1000;
      const left = done ? (elapsed / done) * (total - done) : NaN;
      const line = `[${done}/${total}] ${clock(elapsed)} elapsed, ~${clock(left)} left: ${label}`;
      if (tty) stream.write(`\r\x1b[2K${line.slice(0, (stream.columns || 120) - 1)}`);
      else stream.write(`${line}\n`);
    },
    /** Clears the updating line. */
    end() {
      if (!quiet && tty) stream.write('\r\x1b[2K');
    },
  };
}

function clock(seconds) {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
