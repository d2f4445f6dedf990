/**
 * A multi-core server (server.js --workers N): the primary forks N server.js workers with node:cluster, which share
 * one listening port (the primary hands each new connection to a worker in turn), whatever the transport. The
 * primary serves nothing itself: it answers the owner's CPU accounting by asking every worker over cluster's IPC
 * (the same mark/report messages a single server.js child answers) and adding their figures and its own, and it
 * stops them all. A worker that dies is reported in the next report (with what it exits with), never replaced: the
 * messages in flight on its connections are the client's lost ones. mergeServerReports is the pure part.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { UserError } from '../errors.js';
import { createServerMeter } from './server-meter.js';

/**
 * @typedef {import('./server-meter.js').ServerReport} ServerReport
 * @typedef {{ worker: number, pid: number|null, code: number|null, signal: string|null }} WorkerDeath
 */

/**
 * The server's report over its workers: messages and CPU added (the primary's CPU too: it accepts and hands out the
 * connections), the event loops' mean utilization, the longest wall time; how many workers answered, and the workers
 * that died since the mark.
 * @param {ServerReport[]} workers the live workers' reports
 * @param {ServerReport} primary the primary's own (no messages)
 * @param {{ total: number, died: WorkerDeath[] }} o
 * @returns {ServerReport & { workers: number, answered: number, died: WorkerDeath[] }}
 */
export function mergeServerReports(workers, primary, { total, died }) {
  return {
    messages: workers.reduce((n, r) => n + r.messages, 0),
    failed: workers.reduce((n, r) => n + (r.failed ?? 0), 0),
    cpuUs: workers.reduce((n, r) => n + r.cpuUs, primary.cpuUs),
    // the user and system split where every process gave it
    ...([primary, ...workers].every((r) => r.userUs != null && r.systemUs != null) && {
      userUs: workers.reduce((n, r) => n + /** @type {number} */ (r.userUs), /** @type {number} */ (primary.userUs)),
      systemUs: workers.reduce((n, r) => n + /** @type {number} */ (r.systemUs), /** @type {number} */ (primary.systemUs)),
    }),
    elu: workers.length ? workers.reduce((n, r) => n + r.elu, 0) / workers.length : 0,
    seconds: Math.max(primary.seconds, ...workers.map((r) => r.seconds)),
    // the longest pause of any process, and all of them
    gcMaxMs: Math.max(primary.gcMaxMs ?? 0, ...workers.map((r) => r.gcMaxMs ?? 0)),
    gcMs: workers.reduce((n, r) => n + (r.gcMs ?? 0), primary.gcMs ?? 0),
    // the workers' socket reads (the primary reads none: it hands each connection to a worker)
    reads: workers.reduce((n, r) => n + (r.reads ?? 0), 0),
    workers: total, answered: workers.length, died,
  };
}

/**
 * What a pass's end says when server workers died during it: which, how, and the messages that went with them —
 * those never answered (lost: their connection went with the worker) and those answered with an error (failed).
 * @param {WorkerDeath[]|undefined} died
 * @param {{ lost: number, errors: number }} r the pass's messages sent and never answered, and answered with a failure
 * @returns {string|null}
 */
export function deathsNote(died, { lost, errors }) {
  if (!died?.length) return null;
  const who = died.map((d) => `server worker ${d.worker}${d.pid ? ` (pid ${d.pid})` : ''} died (${d.signal ?? `exit code ${d.code}`})`).join(', ');
  const n = lost + errors;
  return `${who} during the pass, not replaced: ${n} message${n === 1 ? '' : 's'} without an answer (${lost} lost, ${errors} failed)`;
}

/**
 * Why a worker ended before listening: the line a user error printed (exit code 2: a port in use, an address not of
 * this machine; every worker runs the same checks, so it is the primary's own line), as a UserError; anything else
 * as an Error with what the worker wrote.
 * @param {number} id
 * @param {number|null} code
 * @param {string|null} signal
 * @param {{ stdout: string, stderr: string }} out
 */
export function failedWorker(id, code, signal, out) {
  // runCli's line: the script's name, then the message (the worker runs the primary's script)
  const line = out.stderr.trim().split('\n').at(-1) ?? '';
  const prefix = `${path.basename(process.argv[1] ?? '', '.js')}: `;
  if (code === 2 && line.startsWith(prefix)) return new UserError(line.slice(prefix.length));
  return new Error(`server worker ${id} exited (${signal ?? code}) before listening: ${out.stderr.trim() || out.stdout.trim()}`);
}

/**
 * Forks the workers (server.js again, with the same arguments) and waits until all listen; when one ends first, ends
 * the others and throws why (failedWorker).
 * @param {{ workers: number, env?: Record<string, string> }} o env: added to each worker's environment
 * @returns {Promise<{ url: string, control: { mark(): Promise<void>, report(): Promise<ReturnType<typeof mergeServerReports>> }, stop(): Promise<string> }>}
 *   stop: ends every worker and resolves with what they printed (their counters)
 */
export async function startServerWorkers({ workers: n, env = {} }) {
  cluster.setupPrimary({ silent: true });
  const meter = createServerMeter();
  /** @type {WorkerDeath[]} */
  let died = [];
  let stopping = false;
  /** @type {Map<number, { stdout: string, stderr: string }>} */
  const output = new Map();
  const forks = Array.from({ length: n }, () => cluster.fork({ ...env, BENCH_SERVER_CHILD: 'ipc' }));
  for (const w of forks) {
    const out = { stdout: '', stderr: '' };
    output.set(w.id, out);
    w.process.stdout?.setEncoding('utf8').on('data', (/** @type {string} */ d) => { out.stdout += d; });
    w.process.stderr?.setEncoding('utf8').on('data', (/** @type {string} */ d) => { out.stderr += d; });
    w.on('exit', (code, signal) => { if (!stopping) died.push({ worker: w.id, pid: w.process.pid ?? null, code, signal }); });
  }
  const live = () => forks.filter((w) => !w.isDead());
  /** Ends every worker still running, resolved once all have exited. */
  const endAll = () => Promise.all(live().map((w) => new Promise((resolve) => {
    w.once('exit', resolve);
    w.process.kill('SIGTERM');
  })));
  /** @type {string[]} */
  let urls;
  try {
    urls = await Promise.all(forks.map((w) => new Promise((resolve, reject) => {
      const out = /** @type {{ stdout: string, stderr: string }} */ (output.get(w.id));
      const check = () => {
        const m = /^listening on (\S+)$/m.exec(out.stdout);
        if (m) resolve(m[1]);
      };
      w.process.stdout?.on('data', check);
      // 'close' (not 'exit'): everything the worker wrote has been read
      w.process.once('close', (code, signal) => reject(failedWorker(w.id, code, signal, out)));
    })));
  } catch (err) {
    // one worker could not start: the others go too, rather than serve a part of the port's connections
    stopping = true;
    await endAll();
    throw err;
  }
  if (new Set(urls).size !== 1) {
    stopping = true;
    await endAll();
    throw new Error(`server workers listen on different addresses: ${[...new Set(urls)].join(', ')}`);
  }
  let nextId = 0;
  /**
   * Asks a worker (mark or report); null when it does not answer within 2 s or dies first.
   * @param {import('node:cluster').Worker} w
   * @param {'mark'|'report'} op
   * @returns {Promise<ServerReport|null>}
   */
  const ask = (w, op) => new Promise((resolve) => {
    const id = ++nextId;
    const done = (/** @type {ServerReport|null} */ r) => { clearTimeout(timer); w.off('message', on); w.off('exit', gone); resolve(r); };
    const on = (/** @type {{ id?: unknown, report?: ServerReport|null }} */ m) => { if (m?.id === id) done(m.report ?? null); };
    const gone = () => done(null);
    const timer = setTimeout(gone, 2000);
    w.on('message', on);
    w.once('exit', gone);
    w.send({ op, id });
  });
  return {
    url: urls[0],
    control: {
      async mark() {
        died = [];
        meter.mark();
        await Promise.all(live().map((w) => ask(w, 'mark')));
      },
      async report() {
        const primary = meter.report();
        const reports = (await Promise.all(live().map((w) => ask(w, 'report')))).filter((r) => r !== null);
        return mergeServerReports(reports, primary, { total: n, died: [...died] });
      },
    },
    async stop() {
      stopping = true;
      await endAll();
      return forks.map((w) => `worker ${w.id}: ${output.get(w.id)?.stdout.replace(/^listening on \S+\n/m, '').trim() ?? ''}`).join('\n');
    },
  };
}
