#!/usr/bin/env node
// Two runs side by side: per figure the ratio B/A, and whether it moved beyond both runs' intervals.
import { parseCli, runCli } from './lib/cli/index.js';
import { CHANGE_FLOOR, compareRuns } from './lib/results/compare.js';
import { runComparisonTable } from './lib/report/compare.js';
import { environmentLine } from './lib/measure/environment.js';
import { UserError } from './lib/errors.js';
import { SLOWED_BASELINE_BELOW } from './lib/measure/slowed.js';
import { SLOWED_BELOW } from './lib/transmission/machine-probe.js';
import { readComparableFile } from './lib/results/index.js';

const USAGE = `usage: node compare.js A B [--changed] [--json]
  A and B: results.json files written by node benchmark.js, or the run folders holding them
  (results/<date-time>), or the output of node benchmark_dss.js ... --json (its speed figures
  only). Per figure (sizes, ops/s, each codec's ratio to the baseline, WebSocket
  latency and msgs/s, the transport comparison, capacity and server CPU at a fixed rate) the ratio
  B/A and a verdict: CHANGED only when the two runs' intervals do not overlap and B differs from A
  by more than ${Math.round(CHANGE_FLOOR * 100)}% (or a status changed: a round trip, what bound a capacity); unstable
  when a run missed the figure's precision target. Speed settings the runs differ in (timer,
  the timing processes' V8 flags and allocator, clock, minor GC, slice, target, processes, time
  cap) are named first, and where one run's baseline ran slower (its fastest rate below
  ${Math.round(SLOWED_BASELINE_BELOW * 100)}% of the other's on the same CPU and runtime), where it did, and
  where one run's servers timed the machine probe below ${Math.round(SLOWED_BELOW * 100)}% of the other's.
  The rules per figure: docs/suite.md, "Comparing runs".
  --changed   show only the figures that changed
  --json      print the comparison as JSON`;

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = {
  changed: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
};

runCli(import.meta.url, () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (positionals.length !== 2) throw new UserError('expected two results files (or run folders, or benchmark_dss.js --json outputs): node compare.js A/results.json B/results.json');
  const [a, b] = positionals.map((file) => readComparableFile(file));
  const comparison = compareRuns(a, b);
  if (values.json) return void console.log(JSON.stringify(comparison, null, 2));
  console.log(`A: ${positionals[0]} (${a.createdAt}, mode ${a.settings.mode})\n   ${environmentLine(a.environment)}`);
  console.log(`B: ${positionals[1]} (${b.createdAt}, mode ${b.settings.mode})\n   ${environmentLine(b.environment)}\n`);
  if (comparison.settingsDiffer.length) {
    console.log(`The speed pass ran with other settings, so its ratios may differ for that alone: ${comparison.settingsDiffer.map((d) => `${d.setting} ${d.a} in A, ${d.b} in B`).join('; ')}.\n`);
  }
  if (comparison.machineSlower.length) {
    const fmt = (/** @type {number} */ x) => Math.round(x).toLocaleString('en-US');
    console.log(`The speed pass's baseline (${a.settings.speed?.baseline ?? 'json-buffer'}) ran slower in one run, at its fastest below ${Math.round(SLOWED_BASELINE_BELOW * 100)}% of the other run's on the same CPU and runtime: ${
      comparison.machineSlower.map((d) => `${d.at} ${fmt(d.a)} ops/s in A, ${fmt(d.b)} in B`).join('; ')}. Where the machine ran slowed, every ratio to the baseline there fell, encode most; where only the baseline did (its own JIT state), its ratios rose. Either way a ratio that moved there may be that, not the code (docs/speed.md, "A slowed machine").\n`);
  }
  if (comparison.probeSlower.length) {
    console.log(`The machine probe (a fixed JSON loop each server times just before and after its measured passes) read slower in one run, its reference below ${Math.round(SLOWED_BELOW * 100)}% of the other run's on the same CPU and runtime: ${
      comparison.probeSlower.map((d) => `${d.at} ${d.a.toFixed(3)} operations per µs in A, ${d.b.toFixed(3)} in B`).join('; ')}. A server's CPU per message rises and a capacity falls on a slowed machine, so those figures there may have moved with the machine, not the code (docs/transmission.md, "The machine probe").\n`);
  }
  console.log(runComparisonTable(comparison, { changedOnly: values.changed }));
});
