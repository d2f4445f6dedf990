/**
 * The same verified speed suite on several runtimes, interleaved by round:
 * round 1 on every runtime, then round 2, …, so that a change in machine load
 * falls on every runtime alike instead of posing as a runtime difference.
 * Each round on each runtime is a fresh process (or page) that builds the
 * payloads, prepares and verifies every codec and times one round there.
 */
import path from 'node:path';
import { BASELINE } from '../../codecs/index.js';
import { errorMessage } from '../../errors.js';
import { describePayload } from '../../payload/index.js';
import { portablePayload } from '../../payload/portable.js';
import { ROOT } from '../../paths.js';
import { prepareCodecs } from '../../verify.js';
import { describeRuntime } from '../install/describe.js';
import { ensureRuntime } from '../install/install.js';
import { runInRuntime } from '../run/run.js';
import { chromiumSession } from '../page/chromium.js';
import { rotate } from '../../measure/statistics.js';
import { joinSpeedRounds, roundOutput, roundSpeed, roundVerdicts } from './rounds.js';
import { OPERATIONS } from '../../measure/speed.js';
import { PAGE_MIN_TIME } from '../page/browser-worker.js';

/** The script each Node, Bun or Deno round runs. */
export const WORKER = path.join(ROOT, 'lib', 'runtimes', 'run', 'worker.js');

/**
 * How a runtime appears in tables: its name, and for the host the Node major
 * it is, so "node@20 (host)" reads next to "node@26".
 * @param {string} name
 * @param {{ version: string }} description
 * @returns {string}
 */
export function runtimeLabel(name, description) {
  return name === 'host' ? `node@${description.version.split('.')[0]} (host)` : name;
}

/**
 * What codecs ask of a kind of runtime before they load there (environment
 * variables), and the flag each such row then carries. A codec declares it
 * as `runtimes: { bun: { env, flag }, … }`.
 * @param {{ name: string, runtimes?: Record<string, { env?: Record<string, string>, flag?: string }> }[]} codecs
 * @param {string} kind
 * @returns {{ env: Record<string, string>, flags: Record<string, string[]> }}
 */
export function runtimeSetup(codecs, kind) {
  /** @type {Record<string, string>} */
  const env = {};
  /** @type {Record<string, string[]>} */
  const flags = {};
  for (const codec of codecs) {
    const setup = codec.runtimes?.[kind];
    if (!setup) continue;
    Object.assign(env, setup.env ?? {});
    if (setup.flag) flags[codec.name] = [setup.flag];
  }
  return { env, flags };
}

/**
 * Installs (or reuses) and describes the runtimes named.
 * @param {string[]} names from parseRuntimeList
 * @param {import('../install/install.js').EnsureOptions} [options]
 * @returns {Promise<RuntimeEntry[]>}
 */
export async function prepareRuntimes(names, options = {}) {
  const out = [];
  for (const name of names) {
    const runtime = await ensureRuntime(name, options);
    const described = await describeRuntime(runtime.bin, runtime.kind);
    out.push({ runtime, description: { runtime: name, label: runtimeLabel(name, described), ...described, source: runtime.source } });
  }
  return out;
}

/**
 * Runs one round of a job in a runtime and returns what the worker printed.
 * Node, Bun and Deno run worker.js; Chromium a page (browser-runner.js), in a fresh context of the session's
 * browser when a session is given.
 * @param {import('../install/install.js').Runtime} runtime
 * @param {WorkerJob} job
 * @param {{ env: Record<string, string>, timeoutMs: number, session?: import('../page/chromium.js').ChromiumSession | null }} options
 * @returns {Promise<import('./rounds.js').RoundOutput>}
 */
export async function runRound(runtime, job, { env, timeoutMs, session }) {
  if (runtime.kind === 'chromium') {
    const { runBrowserRound } = await import('../page/browser-runner.js');
    return runBrowserRound(runtime, job, { timeoutMs, session: session ?? undefined });
  }
  const out = await runInRuntime(runtime, WORKER, [], { cwd: ROOT, env, timeoutMs, input: JSON.stringify(job) });
  return roundOutput(out, { payloads: job.payloads.length, verifyOnly: Boolean(job.verifyOnly), label: runtime.name });
}

/**
 * Measures speed on every runtime, interleaved by round, and combines each
 * runtime's rounds into median, min–max and ratio to the baseline on that
 * runtime. A codec that cannot run on a runtime (it fails to build, to verify,
 * or crashes the runtime) gets a row there with the reason; a runtime that
 * fails for every codec gets an error.
 * @param {object} options
 * @param {RuntimeEntry[]} options.runtimes from prepareRuntimes
 * @param {import('../../payload/index.js').Payload[]} options.payloads sent to every runtime as they are here (portable.js)
 * @param {import('../../codecs/index.js').CodecInfo[]} options.codecs
 * @param {number} options.rounds
 * @param {number} options.maxTime
 * @param {number} [options.minTime]
 * @param {RegExp} [options.filter]
 * @param {(e: { done: number, total: number, label: string }) => void} [options.onProgress]
 * @param {boolean} [options.verifyOnly] prepare and verify on each runtime, time nothing: each
 *   runtime's entry has `verdicts` (one per codec) instead of results and skipped
 * @param {typeof runRound} [options.run] injected by tests
 * @returns {Promise<RuntimeSpeed>}
 */
export async function measureAcrossRuntimes({
  runtimes, payloads, codecs, rounds, maxTime, minTime, filter, onProgress, verifyOnly = false, run = runRound,
}) {
  // on the host first: code generated on demand for a user's schema is then on disk for every runtime
  // (Deno cannot run the generators), and a selection that fails everywhere fails before any install
  for (const p of payloads) prepareCodecs(codecs, p);
  const formats = codecs.map((c) => c.name);
  const sent = payloads.map((p) => portablePayload(p));
  /** @type {RuntimeState[]} */
  const states = runtimes.map((entry) => ({
    entry, ...runtimeSetup(codecs, entry.runtime.kind), excluded: new Map(), error: null, rounds: [],
    // Chromium: one browser for the run's rounds, each in a fresh context (a launch per round cost ~1.5 s)
    session: entry.runtime.kind === 'chromium' ? chromiumSession(entry.runtime.bin) : null,
  }));
  // a round's time limit: thrice its estimate (a benchmark costs about twice maxTime, and a page's at least five
  // samples of PAGE_MIN_TIME) plus a minute for start-up and the codecs' preparation
  /** @param {string} kind */
  const timeoutFor = (kind) => {
    const bench = Math.max(2 * maxTime, kind === 'chromium' ? 5 * PAGE_MIN_TIME : 0) + 1;
    return Math.round((60 + 3 * payloads.length * formats.length * OPERATIONS.length * bench) * 1000);
  };
  const total = rounds * states.length;
  let done = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      for (const state of rotate(states, r)) {
        const label = `round ${r + 1}/${rounds} on ${state.entry.description.label}`;
        if (!state.error) await runOneRound(state, r);
        onProgress?.({ done: ++done, total, label });
      }
    }
  } finally {
    await Promise.all(states.map((s) => s.session?.close()));
  }

  /**
   * @param {RuntimeState} state
   * @param {number} r the round, 0-based
   */
  async function runOneRound(state, r) {
    const { runtime } = state.entry;
    /** @type {(list: string[], extra?: Partial<WorkerJob>) => WorkerJob} */
    const jobFor = (list, extra = {}) => ({
      payloads: sent, formats: list.join(','), round: r, maxTime, minTime, filter: filter?.source, verifyOnly, ...extra,
    });
    const active = () => formats.filter((f) => !state.excluded.has(f));
    try {
      if (!active().length) return;
      state.rounds.push(await run(runtime, jobFor(active()), { env: state.env, timeoutMs: timeoutFor(runtime.kind), session: state.session }));
    } catch (err) {
      if (r > 0 || active().length < 2) return void (state.error = errorMessage(err));
      // which codec brought the runtime down? each alone, verified only
      for (const f of active()) {
        try {
          await run(runtime, jobFor([f], { verifyOnly: true }), { env: state.env, timeoutMs: timeoutFor(runtime.kind), session: state.session });
        } catch (alone) {
          state.excluded.set(f, errorMessage(alone));
        }
      }
      if (!state.excluded.size || !active().length) return void (state.error = errorMessage(err));
      try {
        state.rounds.push(await run(runtime, jobFor(active()), { env: state.env, timeoutMs: timeoutFor(runtime.kind), session: state.session }));
      } catch (again) {
        state.error = errorMessage(again);
      }
    }
  }

  const byName = new Map(codecs.map((c) => [c.name, c]));
  /** @type {(format: string, reason: string) => import('./rounds.js').CodecVerdict} */
  const failedRow = (format, reason) => ({
    format, library: byName.get(format)?.library ?? null, version: byName.get(format)?.version ?? null,
    status: 'failed', diff: null, normalised: [], reason,
  });
  /** @param {Record<string, string[]>} flags */
  const withFlags = (flags) => /** @template {{ format: string }} R @param {R} row */ (row) => (flags[row.format] ? { ...row, runtimeNotes: flags[row.format] } : row);
  return {
    runtimes: states.map((s) => s.entry.description),
    settings: { rounds, maxTime, minTime: minTime ?? null, filter: filter ? String(filter) : null, baseline: BASELINE, formats },
    results: payloads.map((p, i) => ({
      payload: describePayload(p),
      runtimes: states.map((s) => {
        if (verifyOnly) {
          const verdicts = s.rounds.length ? roundVerdicts(s.rounds[0].results[i]) : [];
          const byFormat = new Map(verdicts.map((v) => [v.format, v]));
          const verdictOf = (/** @type {string} */ f) => byFormat.get(f) ?? failedRow(f, s.excluded.get(f) ?? s.error ?? 'not verified');
          return { runtime: s.entry.description.runtime, error: s.error, verdicts: formats.map((f) => withFlags(s.flags)(verdictOf(f))) };
        }
        const measured = joinSpeedRounds(s.rounds.map((o) => roundSpeed(o.results[i]).results), BASELINE, formats);
        const skipped = s.rounds.length ? roundSpeed(s.rounds[0].results[i]).skipped : [];
        const seen = new Set([...measured, ...skipped].map((x) => x.format));
        // excluded codecs, and every codec of a runtime that never finished a round (a filter may leave others out)
        const missing = formats.filter((f) => !seen.has(f) && (s.excluded.has(f) || !s.rounds.length))
          .map((f) => failedRow(f, s.excluded.get(f) ?? s.error ?? 'not measured'));
        return {
          runtime: s.entry.description.runtime,
          error: s.error,
          results: measured.map(withFlags(s.flags)),
          skipped: [...skipped, ...missing].map(withFlags(s.flags)),
        };
      }),
    })),
  };
}

/**
 * @typedef {object} RuntimeDescription
 * @property {string} runtime the name given (host, node@22, bun, …)
 * @property {string} label how tables show it (the host as node@N (host))
 * @property {string} name 'node', 'bun', 'deno' or 'chromium'
 * @property {string} version exact
 * @property {string} engine 'V8' or 'JavaScriptCore'
 * @property {string} engineVersion
 * @property {string} source where the binary came from (host, cache, installed, override, system)
 */

/** @typedef {{ runtime: import('../install/install.js').Runtime, description: RuntimeDescription }} RuntimeEntry */

/**
 * A runtime's state over the rounds: what its codecs ask of it (env, flags), the codecs left out with why
 * (excluded), the error that ended it, the output of each round it finished, and its browser (Chromium).
 * @typedef {{ entry: RuntimeEntry, env: Record<string, string>, flags: Record<string, string[]>, excluded: Map<string, string>,
 *   error: string | null, rounds: import('./rounds.js').RoundOutput[], session: import('../page/chromium.js').ChromiumSession | null }} RuntimeState
 */

/**
 * What worker.js (or the page) is asked to do.
 * @typedef {object} WorkerJob
 * @property {import('../../payload/portable.js').PortablePayload[]} payloads
 * @property {string} formats comma-separated codec names
 * @property {number} round 0-based; turns the codec order
 * @property {number} maxTime
 * @property {number} [minTime]
 * @property {string} [filter] a RegExp's source
 * @property {boolean} [verifyOnly] prepare and verify, time nothing
 * @property {'paired'|'benchmark'} [timer] default 'benchmark' (the matrix's rounds); 'paired' for the speed pass in
 *   fresh processes (lib/runtimes/run/processes.js), with `precision` and, per payload, the operations timed on one
 *   message too (`oneMessage`)
 * @property {import('../../measure/speed.js').SpeedPrecision} [precision]
 * @property {string[][]} [oneMessage]
 * @property {boolean} [timerCheck]
 * @property {ReturnType<typeof import('../../measure/speed.js').measureHarness> | null} [harness] the run's harness
 *   figures, which the paired pass judges its rows against
 * @property {boolean} [filterMayMissAll] a `filter` that matches none of this process's cases gives no rows, not the
 *   user's error (the paired pass's processes each time a group of the codecs)
 */

/**
 * @typedef {object} RuntimeSpeed
 * @property {RuntimeDescription[]} runtimes
 * @property {{ rounds: number, maxTime: number, minTime: number|null, filter: string|null, baseline: string, formats: string[] }} settings
 * @property {{ payload: ReturnType<typeof describePayload>, runtimes: { runtime: string, error: string|null,
 *   results?: (import('../../measure/speed.js').SpeedRow & { runtimeNotes?: string[] })[], skipped?: RuntimeVerdict[],
 *   verdicts?: RuntimeVerdict[] }[] }[]} results
 */

/**
 * A codec's verdict on a runtime (verified only, or not measured there), with what the runtime noted about it.
 * @typedef {{ format: string, status: string, reason: string|null, diff?: import('../../verify.js').Difference|null, normalised?: string[], runtimeNotes?: string[] }} RuntimeVerdict
 */
