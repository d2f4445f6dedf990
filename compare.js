#!/usr/bin/env node
// Two runs side by side: per figure the ratio B/A, and whether it moved beyond both runs' intervals.
import { parseCli, runCli } from './lib/cli/index.js';
import { CHANGE_FLOOR, compareRuns } from './lib/results/compare.js';
import { comparisonPreamble, runComparisonTable } from './lib/report/compare.js';
import { environmentLine } from './lib/measure/environment.js';
import { UserError } from './lib/errors.js';
import { SLOWED_BASELINE_BELOW } from './lib/measure/slowed.js';
import { SLOWED_BELOW } from './lib/transmission/machine-probe.js';
import fs from 'node:fs';
import { readComparableFile, resultsFilePath } from './lib/results/index.js';

const USAGE = `usage: node compare.js A B [--changed] [--json]
  A and B: results.json files written by node benchmark.js, or the run folders holding them
  (results/<date-time>), or the output of node benchmark_dss.js ... --json (its speed figures
  only). Per figure (sizes, ops/s, each codec's ratio to the baseline, WebSocket
  latency and msgs/s, the transport comparison, capacity and server CPU at a fixed rate) the ratio
  B/A and a verdict: CHANGED only when the two runs' intervals do not overlap and B differs from A
  by more than ${Math.round(CHANGE_FLOOR * 100)}% (or a status changed: a round trip, what bound a capacity); unstable
  when a run missed the figure's precision target. Named first: the speed settings the runs differ in
  (timer, the timing processes' V8 flags and allocator, clock, minor GC, slice, target, processes, time
  cap); where one run's speed baseline ran slower (its fastest rate below ${Math.round(SLOWED_BASELINE_BELOW * 100)}% of the other's on the
  same CPU and runtime); and where one run's servers timed the machine probe below ${Math.round(SLOWED_BELOW * 100)}% of the other's.
  The rules per figure: docs/suite.md, "Comparing runs".
  Given the same file twice (or two paths to it), one line says so, and every figure is compared with itself.
  --changed   show only the figures that changed (one line instead of the table when none did)
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
  const [realA, realB] = positionals.map((file) => fs.realpathSync(resultsFilePath(file)));
  const same = realA === realB ? `A and B are the same file (${realA}): every figure is compared with itself.` : null;
  if (values.json) {
    // the notice goes to stderr, so that stdout stays the JSON alone
    if (same) process.stderr.write(`compare: ${same}\n`);
    return void console.log(JSON.stringify(comparison, null, 2));
  }
  console.log(`A: ${positionals[0]} (${a.createdAt}, mode ${a.settings.mode})\n   ${environmentLine(a.environment)}`);
  console.log(`B: ${positionals[1]} (${b.createdAt}, mode ${b.settings.mode})\n   ${environmentLine(b.environment)}\n`);
  if (same) console.log(`${same}\n`);
  for (const paragraph of comparisonPreamble(comparison)) console.log(`${paragraph}\n`);
  console.log(runComparisonTable(comparison, { changedOnly: values.changed }));
});
