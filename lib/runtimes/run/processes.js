/**
 * The speed pass in fresh processes.
 *
 * Codecs that share a library are never timed in one process: protobufjs-static and protobufjs-dynamic run the same
 * Reader and Writer, and whichever of them the JIT optimises that code for first reads up to twice as fast as the
 * other, by chance, from one process to the next (three fresh `node benchmark_dss.js 3`: static decode 0.82×, 1.95×,
 * 1.91× json-buffer; dynamic 2.06×, 0.86×, 0.81× — each time one fast and one slow; each alone beside the baseline,
 * six processes: 1.82–1.94× and 1.86–2.08×). A service runs one of them, so each is timed in a process where the
 * other was never loaded: libraryGroups splits the codecs into groups with one codec per library (the baseline in
 * each), and every group runs in a fresh process of its own (the runtime worker, worker.js, on the paired timer),
 * their rows joined per payload. With `processes` ≥ 2 (npm start and --full: 3, benchmark_dss.js --rounds R) every
 * group runs that many times, and each payload's rows are merged over the rounds by lib/measure/processes.js (the
 * processes' pairs pooled, a flag where they disagree: a figure can depend on the process it ran in). Each process is
 * started with the timing settings that cannot be set from inside (TIMING_NODE_FLAGS, TIMING_ENV: lib/measure/paired.js).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASELINE } from '../../codecs/baseline.js';
import { runProcess } from '../../child-process.js';
import { UserError } from '../../errors.js';
import { portablePayload } from '../../payload/portable.js';
import { mergeProcessRows } from '../../measure/processes.js';
import { TIMING_ENV, TIMING_NODE_FLAGS } from '../../measure/paired.js';
import { precisionSummary } from '../../measure/speed-paired.js';
import { ROOT } from '../../paths.js';

const WORKER = fileURLToPath(new URL('./worker.js', import.meta.url));

/** Whether this is Node (whose V8 takes TIMING_NODE_FLAGS), not Bun or Deno running the toolkit. */
const isNode = !process.versions.bun && !process.versions.deno;

/**
 * The codecs in groups that share no library, in their order: each codec joins the first group without one of its
 * library, the baseline is in every group (its ratios need it), so a codec of the baseline's library (json, of
 * node's JSON) is timed beside it: the rule is about libraries' JavaScript, and node's JSON is built in. One group
 * when no two codecs share a library.
 * @template {{ name: string, library: string|null }} C
 * @param {C[]} codecs
 * @param {string} [baseline]
 * @returns {C[][]}
 */
export function libraryGroups(codecs, baseline = BASELINE) {
  const base = codecs.find((c) => c.name === baseline);
  /** @type {C[][]} */
  const groups = [];
  for (const c of codecs) {
    if (c === base) continue;
    // a codec whose library is not known shares nothing that is known: it joins the first group
    const group = groups.find((g) => c.library == null || !g.some((x) => x.library === c.library));
    if (group) group.push(c);
    else groups.push([c]);
  }
  if (!groups.length) return [codecs];
  return groups.map((g) => (base ? [base, ...g] : g));
}

/**
 * measureSpeed's result for one payload, as a worker process printed it (JSON).
 * @typedef {any} SpeedResult
 */

/**
 * One payload's speed results from the groups' processes as one: the first group's rows (with the baseline's),
 * every other group's rows but the baseline's, in the codecs' order; what each skipped or did not time; the
 * precision summary over all the rows, and every group's timing groups.
 * @param {SpeedResult[]} parts one per group, the same payload
 * @param {string[]} order codec names in the order the rows go
 * @param {string} [baseline]
 * @returns {SpeedResult}
 */
export function joinGroups(parts, order, baseline = BASELINE) {
  if (parts.length === 1) return parts[0];
  // a group none of whose cases a --filter matched timed nothing, its baseline neither: the first group with rows
  // gives the baseline's
  const timed = parts.filter((p) => p.results.length);
  const [first, ...others] = timed.length ? timed : parts;
  const rows = [...first.results, ...others.flatMap((p) => p.results.filter((/** @type {any} */ r) => r.format !== baseline))];
  const rank = (/** @type {string} */ name) => { const i = order.indexOf(name); return i < 0 ? order.length : i; };
  const results = rows.map((/** @type {any} */ r, /** @type {number} */ i) => ({ r, i })).sort((a, b) => rank(a.r.format) - rank(b.r.format) || a.i - b.i).map(({ r }) => r);
  /** @template T @param {T[]} list @param {(x: T) => string} key */
  const unique = (list, key) => [...new Map(list.map((x) => [key(x), x])).values()];
  const precision = first.settings.precision;
  return {
    ...first,
    results,
    skipped: unique(parts.flatMap((p) => p.skipped), (x) => JSON.stringify(x)),
    notTimed: unique(parts.flatMap((p) => p.notTimed ?? []), (x) => `${x.format} ${x.op}`),
    settings: {
      ...first.settings,
      ...(precision && {
        precision: {
          ...precision,
          groups: parts.flatMap((p) => p.settings.precision?.groups ?? []),
          ...precisionSummary(results),
        },
      }),
    },
  };
}

/**
 * The speed pass's processes in words, for a progress line: "6 fresh processes" or, where more may be added,
 * "6 fresh processes, up to 12 while some ratio's processes disagree or too few ran at full speed".
 * @param {number} processes rounds to start with
 * @param {number} maxProcesses rounds at most
 * @param {number} groups processes per round (library groups)
 */
export function processPlanText(processes, maxProcesses, groups) {
  const n = processes * groups;
  return `${n} fresh process${n === 1 ? '' : 'es'}${maxProcesses > processes ? `, up to ${maxProcesses * groups} while some ratio's processes disagree or too few ran at full speed` : ''}`;
}

/**
 * Whether any ratio of the rounds so far depends on its process: merged per payload (mergeProcessRows), a row with a
 * ratio whose processes do not agree ('process-dependent' or 'bimodal') or could not be compared ('unjudged').
 * @param {SpeedResult[][]} runs per round, per payload
 */
export function processesDisagree(runs) {
  if (runs.length < 2) return false;
  return runs[0].some((_, i) => mergeProcessRows(runs.map((run) => run[i].results))
    .some((row) => row.vsBaseline != null && row.processes.agreement !== 'agree'));
}

/**
 * Runs the paired speed pass over every payload in fresh processes: one per library group (libraryGroups), and
 * `processes` rounds of them, one after the other; then, while some ratio's processes disagree (processesDisagree),
 * one more round at a time up to `maxProcesses`: where a figure depends on its process, the pooled figure is the
 * median over more processes (what that bought on this project's VM, and what it did not: docs/speed.md, "More
 * processes where they disagree"), and where the processes agree nothing is added.
 * Processes at full speed that disagree never come to agree by adding more (the spread of their ratios only widens,
 * the intersection of their intervals only narrows); what an added process can settle is a ratio with fewer than two
 * processes at full speed ('unjudged': lib/measure/slowed.js), or one whose disagreeing process turns out slowed
 * beside a faster newcomer.
 * Each round's groups joined, the rounds merged per payload.
 * @param {object} options
 * @param {import('../../payload/index.js').Payload[]} options.payloads
 * @param {{ name: string, library: string|null }[]} options.codecs
 * @param {number} options.processes rounds, at least 1
 * @param {number} [options.maxProcesses] rounds at most, added one at a time while processes disagree (default: processes)
 * @param {number} options.maxTime time cap per case (seconds of CPU)
 * @param {import('../../measure/speed.js').SpeedPrecision} options.precision
 * @param {RegExp|null} [options.filter]
 * @param {string[][]} options.oneMessage per payload, the operations also timed on one message
 * @param {unknown} [options.harness] the run's harness figures (measureHarness), which each row is judged against
 * @param {(done: number, total: number) => void} [options.onProcess] told after each process (total: the processes
 *   planned so far, which grows when a round is added)
 * @param {(input: string) => Promise<{ code: number|null, signal?: string|null, stdout: string, stderr: string }>} [options.runWorker]
 *   runs one process of the pass with its job on stdin (default: worker.js on this Node, started with TIMING_NODE_FLAGS
 *   and TIMING_ENV, lib/measure/paired.js; tests inject a stand-in)
 * @returns {Promise<SpeedResult[]>} per payload, with settings.processes (the rounds run), settings.processRange
 *   ([processes, maxProcesses]) and settings.processGroups (the codecs of each process)
 */
export async function measureSpeedInProcesses({
  payloads, codecs, processes, maxProcesses = processes, maxTime, precision, filter = null, oneMessage, harness = null, onProcess,
  runWorker = (input) => runProcess(process.execPath, [...(isNode ? TIMING_NODE_FLAGS : []), WORKER], { cwd: ROOT, input, env: TIMING_ENV }),
}) {
  let groups = libraryGroups(codecs);
  const job = {
    payloads: payloads.map((p) => portablePayload(p)), round: 0,
    timer: 'paired', maxTime, precision, filter: filter?.source, oneMessage, harness,
    // a filter may match no case of some group (--filter protobuf-es leaves json-buffer and protobufjs-dynamic's
    // process nothing): that process answers with no rows, and only a filter that matches no group's is the user's error
    filterMayMissAll: filter != null,
  };
  /** @type {SpeedResult[][]} per round, per payload */
  const runs = [];
  // processes started so far: each one's number (which the report's Timing note names) is its place in the run, also
  // after a --filter left some group out of the later rounds
  let started = 0;
  for (let r = 0; r < processes || (r < maxProcesses && processesDisagree(runs)); r++) {
    // the processes run so far, this round's, and the later rounds' planned (each of the groups now timed)
    const total = started + (Math.max(processes, r + 1) - r) * groups.length;
    /** @type {SpeedResult[][]} per group, per payload */
    const parts = [];
    for (const [k, group] of groups.entries()) {
      const n = ++started;
      // the timer check (Benchmark.js against the slices on one case) in the first process only: the merged result keeps
      // the first process's settings, and the check cost each process 1.7 s (2-core Intel VM)
      const input = JSON.stringify({ ...job, round: r, formats: group.map((c) => c.name).join(','), timerCheck: r === 0 && k === 0 });
      const out = await runWorker(input);
      const last = out.stdout.trim().split('\n').pop() ?? '';
      if (out.code !== 0 || !last.startsWith('{')) {
        // the error's own line, not the "Node.js v22…" an uncaught error ends with, nor its stack
        const why = out.stderr.trim().split('\n').filter((line) => line.trim() && !/^Node\.js v\d/.test(line) && !/^\s+at /.test(line)).pop();
        throw new Error(`speed process ${n} of ${total} (${path.relative(ROOT, WORKER)}, ${group.map((c) => c.name).join(', ')}) ended with ${out.code ?? out.signal}: ${why ?? '(nothing on stderr)'}`);
      }
      // each timing group tagged with the process it ran in, which the report's Timing note names
      /** @type {SpeedResult[]} */
      const results = JSON.parse(last).results;
      for (const r of results) if (r.settings.precision?.groups) r.settings.precision.groups = r.settings.precision.groups.map((/** @type {object} */ g) => ({ ...g, process: n }));
      parts.push(results);
      onProcess?.(n, total);
    }
    if (r === 0 && filter) {
      // a group that timed nothing of any payload times nothing in later rounds either: it is not started again
      const timing = groups.map((_, k) => parts[k].some((result) => result.results.length));
      if (!timing.some(Boolean)) throw new UserError(`--filter: ${filter} matches no benchmark`);
      groups = groups.filter((_, k) => timing[k]);
      parts.splice(0, parts.length, ...parts.filter((_, k) => timing[k]));
    }
    runs.push(payloads.map((_, i) => joinGroups(parts.map((p) => p[i]), codecs.map((c) => c.name))));
  }
  const libraries = groups.map((g) => g.map((c) => c.name));
  const ran = runs.length;
  return runs[0].map((first, i) => {
    const results = ran > 1 ? mergeProcessRows(runs.map((run) => run[i].results)) : first.results;
    const precision = first.settings.precision;
    return {
      ...first,
      // the precision summary of the merged rows, and every process's timing groups
      settings: {
        ...first.settings, processes: ran, processRange: [processes, maxProcesses], processGroups: libraries,
        ...(precision && ran > 1 && {
          precision: { ...precision, groups: runs.flatMap((run) => run[i].settings.precision?.groups ?? []), ...precisionSummary(results) },
        }),
      },
      results,
    };
  });
}
