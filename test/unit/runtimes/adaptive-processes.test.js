// The speed pass's processes grow while a ratio depends on its process: three by default in benchmark_dss.js, and
// up to six when some ratio's processes disagree after them, none added when they agree; exactly R with a fixed
// count. The worker is a stand-in here that answers each process with a ratio chosen by the test.
import test from 'node:test';
import assert from 'node:assert/strict';
import { measureSpeedInProcesses, processesDisagree } from '../../../lib/runtimes/run/processes.js';
import { resolvePayloads } from '../../../lib/payload/index.js';

const [payload] = resolvePayloads({ numbers: ['5'] });
const codecs = [{ name: 'json-buffer', library: 'node' }, { name: 'fmt', library: 'lib' }];

/**
 * One process's answer: fmt encode at `ratio` to the baseline, ±1% (so two processes 10% apart disagree), 20 pairs.
 * @param {number} ratio
 */
function answer(ratio) {
  const pairRatios = Array.from({ length: 20 }, (_, i) => ratio * (0.99 + 0.001 * i));
  const row = (/** @type {string} */ format, /** @type {number|null} */ vs) => ({
    format, op: 'encode', opsPerSec: 1e6, min: 1e6, max: 1e6, rme: 1, rounds: [{ hz: 1e6, rme: 1, samples: 20 }],
    vsBaseline: vs, vsBaselineMin: vs && vs * 0.99, vsBaselineMax: vs && vs * 1.01,
    precision: vs == null ? null : { met: true, halfWidth: 0.01, low: vs * 0.99, high: vs * 1.01, level: 0.95, target: 0.05, pairs: 20, minPairs: 10, pairRatios },
  });
  const results = [{ results: [row('json-buffer', null), row('fmt', ratio)], skipped: [], notTimed: [], settings: { precision: null } }];
  return { code: 0, signal: null, stdout: `${JSON.stringify({ results })}\n`, stderr: '' };
}

/**
 * measureSpeedInProcesses with the stand-in worker answering process k (from 0) with ratios[k].
 * @param {number[]} ratios
 * @param {number} processes
 * @param {number} maxProcesses
 */
async function run(ratios, processes, maxProcesses) {
  let k = 0;
  /** @type {[number, number][]} */
  const told = [];
  const [result] = await measureSpeedInProcesses({
    payloads: [payload], codecs, processes, maxProcesses, maxTime: 0.1, precision: {}, oneMessage: [[]],
    runWorker: async () => answer(ratios[k++]), onProcess: (n, total) => told.push([n, total]),
  });
  return { result, ran: k, told };
}

test('processes that agree: no process is added', async () => {
  const { result, ran } = await run([1.5, 1.52, 1.49, 1.5, 1.5, 1.5], 3, 6);
  assert.equal(ran, 3);
  assert.equal(result.settings.processes, 3);
  assert.deepEqual(result.settings.processRange, [3, 6]);
});

test('processes that disagree: one more at a time up to the most (they never come to agree), the pooled ratio over all of them', async () => {
  const { result, ran, told } = await run([1.5, 1.8, 1.5, 1.8, 1.5, 1.8, 1.5], 3, 6);
  assert.equal(ran, 6);
  assert.equal(result.settings.processes, 6);
  assert.deepEqual(told.map(([n, total]) => `${n}/${total}`), ['1/3', '2/3', '3/3', '4/4', '5/5', '6/6']);
  const fmt = result.results.find((/** @type {{ format: string }} */ r) => r.format === 'fmt');
  assert.equal(fmt.processes.vsBaseline.length, 6);
  assert.notEqual(fmt.processes.agreement, 'agree');
  assert.equal(fmt.precision.met, false, 'a ratio its processes disagree on is never met');
});

test('a fixed count (most = least) never adds, whatever the processes say', async () => {
  const { ran } = await run([1.5, 1.8, 1.5, 1.8], 3, 3);
  assert.equal(ran, 3);
});

test('processesDisagree: one run cannot disagree; two apart beyond their intervals and the target do', () => {
  // a round's results: per payload (one here), as a process printed them
  const rows = (/** @type {number} */ r) => JSON.parse(answer(r).stdout).results;
  assert.equal(processesDisagree([rows(1.5)]), false);
  assert.equal(processesDisagree([rows(1.5), rows(1.52)]), false);
  assert.equal(processesDisagree([rows(1.5), rows(1.8)]), true);
});

test('the timer check (Benchmark.js against the slices) runs in the first process only, whose settings the merged result keeps', async () => {
  /** @type {boolean[]} */
  const asked = [];
  const ratios = [1.5, 1.5, 1.5];
  await measureSpeedInProcesses({
    payloads: [payload], codecs, processes: 3, maxProcesses: 3, maxTime: 0.1, precision: {}, oneMessage: [[]],
    runWorker: async (input) => { asked.push(JSON.parse(input).timerCheck); return answer(ratios[asked.length - 1]); },
  });
  assert.deepEqual(asked, [true, false, false]);
});

test('each timing group is tagged with the process it ran in, in the order they ran, for the report\'s Timing note', async () => {
  let k = 0;
  const [result] = await measureSpeedInProcesses({
    payloads: [payload], codecs, processes: 3, maxProcesses: 3, maxTime: 0.1, precision: {}, oneMessage: [[]],
    runWorker: async () => {
      const a = answer([1.5, 1.51, 1.49][k]);
      const out = JSON.parse(a.stdout);
      // what a worker writes: one group per operation it timed, with no process of its own
      out.results[0].settings.precision = { target: 0.05, level: 0.95, groups: [{ op: 'encode', cycles: 10 + k, cpuMs: 100, stoppedBy: 'time' }] };
      k++;
      return { ...a, stdout: `${JSON.stringify(out)}\n` };
    },
  });
  assert.deepEqual(result.settings.precision.groups.map((/** @type {{ process: number, cycles: number }} */ g) => [g.process, g.cycles]), [[1, 10], [2, 11], [3, 12]]);
});

test('a --filter that matches no case of one group: that process answers with no rows and is not started again; one that matches no group\'s is the user\'s error', async () => {
  // two protobufjs codecs cannot share a process, so there are two groups, each with the baseline
  const three = [{ name: 'json-buffer', library: 'node' }, { name: 'a', library: 'lib' }, { name: 'b', library: 'lib' }];
  /** @type {string[]} */
  const started = [];
  /** @type {boolean[]} */
  const mayMiss = [];
  const worker = (/** @type {RegExp} */ filter) => async (/** @type {string} */ input) => {
    const job = JSON.parse(input);
    started.push(job.formats);
    mayMiss.push(job.filterMayMissAll);
    const formats = /** @type {string[]} */ (job.formats.split(','));
    // what measureSpeed answers with filterMayMissAll: the cases the filter matches, none where it matches none
    const rows = answer(1.5).stdout;
    const result = JSON.parse(rows).results[0];
    const matched = formats.filter((f) => f !== 'json-buffer' && filter.test(`${f} encode`));
    result.results = matched.length ? [result.results[0], ...matched.map((f) => ({ ...result.results[1], format: f }))] : [];
    return { code: 0, signal: null, stdout: `${JSON.stringify({ results: [result] })}\n`, stderr: '' };
  };
  /** @type {[number, number][]} */
  const told = [];
  const [result] = await measureSpeedInProcesses({
    payloads: [payload], codecs: three, processes: 2, maxTime: 0.1, precision: {}, oneMessage: [[]], filter: /^b /, runWorker: worker(/^b /),
    onProcess: (n, total) => told.push([n, total]),
  });
  assert.deepEqual(started, ['json-buffer,a', 'json-buffer,b', 'json-buffer,b'], 'the group that timed nothing is not started in the second round');
  assert.deepEqual(mayMiss, [true, true, true]);
  assert.deepEqual(result.results.map((/** @type {{ format: string }} */ r) => r.format), ['json-buffer', 'b'], 'the baseline from the group that timed it');
  // each process numbered by its place in the run, the second round's too (it was numbered 2 again)
  assert.deepEqual(told, [[1, 4], [2, 4], [3, 3]]);
  await assert.rejects(measureSpeedInProcesses({
    payloads: [payload], codecs: three, processes: 2, maxTime: 0.1, precision: {}, oneMessage: [[]], filter: /zzz/, runWorker: worker(/zzz/),
  }), { name: 'UserError', message: '--filter: /zzz/ matches no benchmark' });
});

test('a process that fails is reported with its error\'s line, not the runtime\'s version line that ends its stderr', async () => {
  const stderr = 'file:///x/worker.js:1\nError: something broke here\n    at main (file:///x/worker.js:1:1)\n\nNode.js v20.20.2\n';
  await assert.rejects(measureSpeedInProcesses({
    payloads: [payload], codecs, processes: 1, maxTime: 0.1, precision: {}, oneMessage: [[]],
    runWorker: async () => ({ code: 1, signal: null, stdout: '', stderr }),
  }), /ended with 1: Error: something broke here$/);
});
