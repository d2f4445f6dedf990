/**
 * The one way the toolkit starts a child process: spawn it, collect what it
 * prints, kill it when it overruns its time, stop it gracefully. Callers word
 * their own messages from the outcome: a runtime's crash becomes a table
 * cell, npm's failure a one-line UserError, server.js's exit a bug report.
 * Nothing here throws for a process that failed; only the caller knows what
 * failure means.
 */
import { spawn } from 'node:child_process';

/**
 * How a child process ended, with everything it printed.
 * @typedef {object} ProcessOutcome
 * @property {number|null} code exit code; null when killed by a signal or never started
 * @property {NodeJS.Signals|null} signal the signal that ended it
 * @property {string} stdout everything it printed there ('' when stdout was inherited)
 * @property {string} stderr everything it printed there
 * @property {boolean} timedOut it was killed because it ran past timeoutMs
 * @property {Error|null} error it could not be started (no such file, not executable)
 */

/**
 * @typedef {object} ProcessOptions
 * @property {string} [cwd]
 * @property {Record<string, string|undefined>} [env] added to this process's environment
 * @property {string} [input] written to its stdin, which is then closed (without input stdin is /dev/null)
 * @property {number} [timeoutMs] SIGKILL after this long (0 or absent: no limit)
 * @property {boolean} [ipc] open a Node IPC channel (child.send, 'message')
 * @property {'pipe'|'inherit'} [stdout] 'inherit' passes its stdout through instead of collecting it
 * @property {boolean} [shell] start through a shell (npm on Windows is a .cmd, which only a shell starts)
 */

/**
 * A started child process: the ChildProcess for IPC and live output, the outcome to come, and a stop.
 * @typedef {object} StartedProcess
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => { stdout: string, stderr: string }} output what it has printed so far
 * @property {Promise<ProcessOutcome>} exited settles once it has ended and its output is read
 * @property {(graceMs?: number) => Promise<ProcessOutcome>} stop SIGTERM, then SIGKILL after graceMs (default 5000)
 */

/**
 * The children started here that have not ended: each is sent SIGTERM when this process exits or is ended by a
 * signal, so that none outlives the run that started it. A Ctrl-C in a terminal reaches the whole process group, but
 * a SIGINT or SIGTERM sent to the toolkit's process alone ended it and nothing else: a speed worker of
 * benchmark_dss.js went on timing for its remaining 20 s with nobody to read it.
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const unended = new Set();
const SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
/** whether the 'exit' and signal listeners below are in place */
let armed = false;

/**
 * Stops a child when this process exits or a signal ends it (startProcess does this for every child it starts; a
 * caller that spawns its own, h2load's runner, calls it).
 * @param {import('node:child_process').ChildProcess} child a started child (one with a pid)
 */
export function endWithThisProcess(child) {
  arm();
  unended.add(child);
  child.once('exit', () => {
    unended.delete(child);
    if (!unended.size) disarm();
  });
}

function arm() {
  if (armed) return;
  armed = true;
  process.once('exit', stopUnended);
  // first among the signal's listeners: it must see the others (an async one of the process's own, such as a summary
  // printed on Ctrl-C, is removed from the list as it is called, and would then look absent)
  for (const signal of SIGNALS) process.prependOnceListener(signal, onSignal);
}

function disarm() {
  if (!armed) return;
  armed = false;
  process.removeListener('exit', stopUnended);
  for (const signal of SIGNALS) process.removeListener(signal, onSignal);
}

function stopUnended() {
  for (const child of unended) child.kill('SIGTERM');
}

/**
 * A signal while children run: they are stopped; then, where nothing else in this process handles the signal (an
 * entry point's exitOnSignals, a server's summary on Ctrl-C), the process ends as the signal alone would have ended
 * it (its listener gone, the default action: killed by that signal). A process that handles it and goes on is armed
 * again by its next child.
 * @param {NodeJS.Signals} signal
 */
function onSignal(signal) {
  // this listener is already off the list: what is left is the process's own
  const handledElsewhere = process.listenerCount(signal) > 0;
  stopUnended();
  disarm();
  if (!handledElsewhere) process.kill(process.pid, signal);
}

/**
 * Starts a process and collects its output as it runs.
 * @param {string} file
 * @param {string[]} args
 * @param {ProcessOptions} [options]
 * @returns {StartedProcess}
 */
export function startProcess(file, args, { cwd, env, input, timeoutMs = 0, ipc = false, stdout: stdoutMode = 'pipe', shell = false } = {}) {
  /** @type {import('node:child_process').StdioOptions} */
  const stdio = [input === undefined ? 'ignore' : 'pipe', stdoutMode, 'pipe', ...(ipc ? /** @type {const} */ (['ipc']) : [])];
  const child = spawn(file, args, { cwd, env: { ...process.env, ...env }, stdio, shell });
  if (child.pid !== undefined) endWithThisProcess(child);
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  child.stdout?.setEncoding('utf8').on('data', (/** @type {string} */ d) => { stdout += d; });
  child.stderr?.setEncoding('utf8').on('data', (/** @type {string} */ d) => { stderr += d; });
  if (child.stdin) {
    child.stdin.on('error', () => {}); // a child that exits without reading its input is not an error in itself
    child.stdin.end(input);
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  const timer = timeoutMs > 0 ? setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs) : null;
  /** @type {Promise<ProcessOutcome>} */
  const exited = new Promise((resolve) => {
    /** @param {number|null} code @param {NodeJS.Signals|null} signal @param {Error|null} error */
    const settle = (code, signal, error) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut, error });
    };
    // 'error' without a pid: it never started, and no 'close' may follow
    child.once('error', (err) => { if (child.pid === undefined) settle(null, null, err); });
    child.once('close', (code, signal) => settle(code, signal, null));
  });
  return {
    child,
    output: () => ({ stdout, stderr }),
    exited,
    async stop(graceMs = 5000) {
      if (child.pid !== undefined && running()) {
        child.kill('SIGTERM');
        const kill = setTimeout(() => { if (running()) child.kill('SIGKILL'); }, graceMs);
        await exited;
        clearTimeout(kill);
      }
      return exited;
    },
  };
}

/**
 * Runs a process to its end and returns how it ended with all it printed.
 * @param {string} file
 * @param {string[]} args
 * @param {ProcessOptions} [options]
 * @returns {Promise<ProcessOutcome>}
 */
export function runProcess(file, args, options) {
  return startProcess(file, args, options).exited;
}
