/**
 * The speed pass repeated in fresh processes (npm start --full): a figure can depend on the process it ran in (its
 * heap layout, what the JIT chose), which no number of slices within one process reveals. Each process is this
 * Node running the runtime worker (worker.js) on the paired timer over every payload; their rows are merged per
 * payload by lib/measure/processes.js (medians, intervals spanning the processes', a flag where they disagree).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '../../child-process.js';
import { portablePayload } from '../../payload/portable.js';
import { mergeProcessRows } from '../../measure/processes.js';
import { ROOT } from '../../paths.js';

const WORKER = fileURLToPath(new URL('./worker.js', import.meta.url));

/**
 * Runs the paired speed pass over every payload in `processes` fresh processes, one after the other, and merges
 * each payload's rows.
 * @param {object} options
 * @param {import('../../payload/index.js').Payload[]} options.payloads
 * @param {{ name: string }[]} options.codecs
 * @param {number} options.processes at least 2
 * @param {number} options.maxTime time cap per case (seconds of CPU)
 * @param {import('../../measure/speed.js').SpeedPrecision} options.precision
 * @param {RegExp|null} [options.filter]
 * @param {string[][]} options.oneMessage per payload, the operations also timed on one message
 * @param {(done: number) => void} [options.onProcess] told after each process
 * @returns {Promise<(ReturnType<typeof import('../../measure/speed.js').measureSpeed> & { settings: { processes: number } })[]>}
 */
export async function measureSpeedInProcesses({ payloads, codecs, processes, maxTime, precision, filter = null, oneMessage, onProcess }) {
  const job = {
    payloads: payloads.map((p) => portablePayload(p)), formats: codecs.map((c) => c.name).join(','), round: 0,
    timer: 'paired', maxTime, precision, filter: filter?.source, oneMessage, timerCheck: true,
  };
  /** @type {any[][]} */
  const runs = [];
  for (let r = 0; r < processes; r++) {
    const out = await runProcess(process.execPath, [WORKER], { cwd: ROOT, input: JSON.stringify({ ...job, round: r }) });
    const last = out.stdout.trim().split('\n').pop() ?? '';
    if (out.code !== 0 || !last.startsWith('{')) {
      throw new Error(`speed process ${r + 1} of ${processes} (${path.relative(ROOT, WORKER)}) ended with ${out.code ?? out.signal}: ${out.stderr.trim().split('\n').pop()}`);
    }
    runs.push(JSON.parse(last).results);
    onProcess?.(r + 1);
  }
  return runs[0].map((first, i) => ({
    ...first,
    settings: { ...first.settings, processes },
    results: mergeProcessRows(runs.map((run) => run[i].results)),
  }));
}
