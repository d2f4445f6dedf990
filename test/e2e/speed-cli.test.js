import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { SLOWED_BASELINE_BELOW } from '../../lib/measure/slowed.js';

// benchmark_dss.js as a user runs it, with tiny timings: the figures are the machine's, the shape is the point.
/**
 * A speed row of benchmark_dss.js --json, as far as these tests read it.
 * @typedef {{ format: string, op: string, oneMessage: { rounds: unknown[] } | null }} SpeedRow
 */

const dss = (/** @type {string[]} */ args) => spawnSync(process.execPath, ['benchmark_dss.js', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '' } });

test('benchmark_dss.js N: corpus ops/s, one-message ops/s and the bias side by side', () => {
  const run = dss(['3', '--timer', 'benchmark', '--formats', 'json-buffer,protobufjs-static', '--filter', 'encode|decode|roundtrip', '--rounds', '1', '--max-time', '0.01', '--min-time', '0.005', '--no-memory']);
  assert.equal(run.status, 0, run.stderr);
  const header = run.stdout.split('\n').find((l) => l.startsWith('| format'));
  assert.ok(header, run.stdout);
  const titles = header.split('|').map((s) => s.trim());
  const at = (/** @type {string} */ t) => titles.indexOf(t);
  assert.ok(at('ops/s, corpus (median)') > 0 && at('ops/s, corpus (median)') < at('ops/s, one message'), 'the corpus figure leads');
  assert.ok(at('one-message bias (min–max)') > at('ops/s, one message'));
  const rows = run.stdout.split('\n').filter((l) => /^\| (json-buffer|protobufjs-static) /.test(l)).map((l) => l.split('|').map((s) => s.trim()));
  assert.equal(rows.length, 6); // encode, decode, and roundtrip (whose one-message loop is not timed by default)
  for (const r of rows) {
    const timedAlone = ['encode', 'decode'].includes(r[at('op')]);
    assert.match(r[at('ops/s, corpus (median)')], /^[\d,]+$/);
    assert.match(r[at('ops/s, one message')], timedAlone ? /^[\d,]+$/ : /^—$/);
    assert.match(r[at('one-message bias (min–max)')], timedAlone ? /^\d+\.\d\d×$/ : /^—$/);
  }
  assert.match(run.stdout, /Corpus: each operation cycles through 1,000 distinct messages in turn/);
  assert.match(run.stdout, /Harness: an empty call runs at [\d,]+ ops\/s, the empty cycling loop at [\d,]+ ops\/s/);
});

test('benchmark_dss.js --json: rows carry the one-message figures, the bias and the implausibility check', () => {
  // payload 4 has int64 fields, which protobuf-es decodes to bigints: the timed results must not reach the JSON
  const run = dss(['4', '--timer', 'benchmark', '--formats', 'json-buffer,protobuf-es', '--filter', '(encode|decode)$', '--rounds', '2', '--max-time', '0.01', '--min-time', '0.005', '--no-memory', '--one-message', 'encode', '--json']);
  assert.equal(run.status, 0, run.stderr);
  const { results: [r] } = JSON.parse(run.stdout);
  assert.deepEqual(r.settings.corpus, { messages: 1000, timed: 1000, sample: null });
  assert.deepEqual([r.settings.maxTime, r.settings.minTime], [0.01, 0.005], '--max-time and --min-time reach Benchmark.js');
  assert.deepEqual(r.settings.oneMessageOps, ['encode']);
  assert.equal('lastResults' in r, false);
  assert.deepEqual(r.results.map((/** @type {SpeedRow} */ x) => [x.format, x.op, x.oneMessage === null]),
    [['json-buffer', 'encode', false], ['json-buffer', 'decode', true], ['protobuf-es', 'encode', false], ['protobuf-es', 'decode', true]]);
  for (const row of r.results.filter((/** @type {SpeedRow} */ x) => x.op === 'encode')) {
    assert.equal(row.oneMessage.rounds.length, 2);
    assert.ok(row.bias > 0 && row.biasMin <= row.bias && row.bias <= row.biasMax);
    assert.equal(row.implausible, null);
  }
});

test('benchmark_dss.js on the paired timer: three fresh processes by default (up to six while they disagree), ratios with their 95% interval and precision, the round trip derived between encode and decode', () => {
  const run = dss(['3', '--formats', 'json-buffer,protobufjs-static,msgpackr', '--filter', 'encode|decode|roundtrip', '--max-time', '0.3', '--warmup', '0.05',
    '--slice', '5', '--no-memory', '--json']);
  assert.equal(run.status, 0, run.stderr);
  // no --rounds: every ratio pools three processes (one process can run whole in a slow stretch), and more, one at
  // a time up to six, while some ratio's processes disagree (at 0.3 s a case they usually do here)
  assert.match(run.stderr, /^speed in 3 fresh processes, up to 6 while some ratio's processes disagree or too few ran at full speed, one after the other…$/m);
  const { results: [r] } = JSON.parse(run.stdout);
  const ran = r.settings.processes;
  assert.ok(ran >= 3 && ran <= 6, `${ran} processes`);
  assert.deepEqual(r.settings.processRange, [3, 6]);
  assert.equal((run.stderr.match(/^process \d+ of \d+ done/gm) ?? []).length, ran);
  const rows = r.results.filter((/** @type {any} */ x) => x.format !== 'json-buffer');
  for (const x of rows) assert.equal(x.processes.vsBaseline.length, ran, `${x.format} ${x.op}: one ratio per process`);
  // each timed ratio's processes say how fast their baseline ran beside its pairs, and a process below SLOWED_BASELINE_BELOW of
  // the fastest any codec's processes saw on that operation is set aside as slowed, and only such a one
  const timed = rows.filter((/** @type {any} */ y) => y.op !== 'roundtrip');
  for (const x of timed) {
    const rates = x.processes.baseRate;
    assert.equal(rates.length, ran, `${x.format} ${x.op}: the baseline's rate in each process`);
    assert.ok(rates.every((/** @type {number} */ v) => v > 0), `${x.format} ${x.op}: ${rates}`);
    const fastest = Math.max(...timed.filter((/** @type {any} */ y) => y.op === x.op).flatMap((/** @type {any} */ y) => y.processes.baseRate));
    // and whose ratio did not rise above that of the process with this row's fastest baseline (a slowed host slows
    // the codec at least as much as the baseline)
    const topRatio = x.processes.vsBaseline[rates.indexOf(Math.max(...rates))];
    const slowed = rates.map((/** @type {number} */ v, /** @type {number} */ i) => v < SLOWED_BASELINE_BELOW * fastest
      && x.processes.vsBaseline[i] <= topRatio * (1 + r.settings.precision.target));
    assert.deepEqual(x.processes.slowed ?? rates.map(() => false), slowed, `${x.format} ${x.op}: slowed at ${rates}`);
    if (slowed.filter((/** @type {boolean} */ b) => !b).length < 2) assert.equal(x.processes.agreement, 'unjudged');
  }
  // a process is added only while some ratio's processes disagree, or too few of them ran at full speed to compare
  // ('unjudged'): a process added at full speed can settle the second, so a ratio that ended agreeing had a slowed one
  if (ran > 3) {
    assert.ok(rows.some((/** @type {any} */ x) => x.processes.agreement !== 'agree' || x.processes.slowed?.includes(true)),
      'processes added though every ratio agreed at full speed');
  }
  assert.equal(r.settings.timer, 'paired');
  assert.equal(r.settings.precision.target, 0.05);
  assert.equal(r.settings.precision.sliceMs, 5);
  assert.ok(r.settings.timerCheck.benchmarkHz > 0 && r.settings.timerCheck.sliceHz > 0, 'Benchmark.js and the slices both timed the check case');
  /** @type {Record<string, any>} */
  const at = Object.fromEntries(r.results.map((/** @type {any} */ x) => [`${x.format} ${x.op}`, x]));
  for (const name of ['protobufjs-static', 'msgpackr']) {
    for (const op of ['encode', 'decode', 'roundtrip']) {
      const row = at[`${name} ${op}`];
      assert.ok(row.precision, `${name} ${op} carries its precision`);
      assert.equal(typeof row.precision.met, 'boolean');
      assert.ok(row.vsBaselineMin <= row.vsBaseline && row.vsBaseline <= row.vsBaselineMax, `${name} ${op}: ${row.vsBaselineMin} ≤ ${row.vsBaseline} ≤ ${row.vsBaselineMax}`);
    }
    const [e, d, rt] = ['encode', 'decode', 'roundtrip'].map((op) => at[`${name} ${op}`].vsBaseline);
    assert.equal(at[`${name} roundtrip`].derived, 'encode+decode');
    assert.ok(Math.min(e, d) <= rt && rt <= Math.max(e, d), `${name}: round trip ${rt} between encode ${e} and decode ${d}`);
  }
  assert.equal(at['json-buffer encode'].vsBaseline, 1);
  assert.equal(at['json-buffer encode'].precision, null);
});

test('benchmark_dss.js --filter that matches one process\'s cases only: the other process times nothing and the run goes on; a filter that matches nothing is one line, exit 2', () => {
  // protobufjs-dynamic's process (beside json-buffer) has no case the filter matches: its worker used to throw the
  // user's error, and the run ended with "speed process 2 of 2 … ended with 1: Node.js v20.20.2"
  const args = ['5', '--formats', 'json-buffer,protobufjs-static,protobufjs-dynamic', '--one-message', 'none', '--max-time', '0.05', '--warmup', '0.02', '--slice', '5', '--no-memory', '--json'];
  const run = dss([...args, '--filter', 'protobufjs-static encode']);
  assert.equal(run.status, 0, run.stderr);
  const [result] = JSON.parse(run.stdout).results;
  assert.deepEqual(result.results.map((/** @type {{ format: string, op: string }} */ r) => `${r.format} ${r.op}`), ['protobufjs-static encode']);
  assert.deepEqual(result.settings.processGroups, [['json-buffer', 'protobufjs-static']], 'the process that timed nothing was not started again');
  const none = dss([...args, '--filter', 'zzz']);
  assert.equal(none.status, 2, none.stderr);
  // refused before anything is timed: the one line, no harness or process before it
  assert.equal(none.stderr, 'benchmark_dss: --filter: /zzz/ matches no benchmark\n');
  assert.equal(none.stdout, '');
});

test('benchmark_dss.js with two codecs of one library: each timed in a fresh process of its own beside the baseline, the rows joined', () => {
  const run = dss(['5', '--formats', 'json-buffer,protobufjs-static,protobufjs-dynamic,msgpackr', '--filter', '(encode|decode)$', '--one-message', 'none', '--rounds', '1',
    '--max-time', '0.1', '--warmup', '0.02', '--slice', '5', '--no-memory', '--json']);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stderr, /speed in 2 fresh processes, one after the other \(codecs of one library apart: json-buffer, protobufjs-static, msgpackr \| json-buffer, protobufjs-dynamic\)/);
  const [result] = JSON.parse(run.stdout).results;
  assert.deepEqual(result.settings.processGroups, [['json-buffer', 'protobufjs-static', 'msgpackr'], ['json-buffer', 'protobufjs-dynamic']]);
  // every codec's rows once, in the registry's order as in one process, the baseline's from the first process
  assert.deepEqual(result.results.map((/** @type {{ format: string, op: string }} */ r) => `${r.format} ${r.op}`), [
    'protobufjs-static encode', 'protobufjs-static decode', 'protobufjs-dynamic encode', 'protobufjs-dynamic decode',
    'json-buffer encode', 'json-buffer decode', 'msgpackr encode', 'msgpackr decode',
  ]);
  for (const r of result.results.filter((/** @type {{ format: string }} */ r) => r.format !== 'json-buffer')) assert.ok(r.vsBaseline > 0 && r.precision, `${r.format} ${r.op}`);
  // the fresh processes say how they were started: V8's collector on the main thread only (a command-line flag) and
  // glibc's heap kept (environment variables), as lib/measure/paired.js's TIMING_NODE_FLAGS and TIMING_ENV say
  assert.deepEqual(result.settings.precision.v8Flags, ['--single-threaded-gc', '--no-allocation-site-pretenuring']);
  assert.equal(result.settings.precision.allocator, 'glibc heap kept (MALLOC_TRIM_THRESHOLD_=1073741824 MALLOC_TOP_PAD_=67108864 MALLOC_MMAP_THRESHOLD_=33554432)');
  assert.equal(result.settings.precision.gc, 'a minor GC before each slice');
});

test('the paired timer\'s options refuse what cannot be measured: one line naming the option and the value, exit 2', () => {
  /** @type {[string[], RegExp][]} */
  const cases = [
    [['--precision', '0'], /^benchmark_dss: --precision: expected a fraction between 0 and 1 \(0\.05 for ±5%\), got "0"$/],
    [['--precision', '1'], /^benchmark_dss: --precision: expected a fraction between 0 and 1 .*, got "1"$/],
    [['--precision', 'x'], /^benchmark_dss: --precision: .*got "x"$/],
    [['--rounds', '0'], /^benchmark_dss: --rounds: expected a whole number ≥ 1, got "0"$/],
    [['--max-rounds', '0'], /^benchmark_dss: --max-rounds: expected a whole number ≥ 1, got "0"$/],
    [['--rounds', '3', '--max-rounds', '2'], /^benchmark_dss: --max-rounds 2 is fewer than --rounds 3$/],
    [['--max-rounds', '2'], /^benchmark_dss: --max-rounds 2 is fewer than --rounds 3 \(the default; give --rounds too\)$/],
    [['--rounds', '1', '--max-rounds', '4'], /^benchmark_dss: --max-rounds 4 with --rounds 1: processes are added only where two disagree; give --rounds 2 or more$/],
    [['--timer', 'benchmark', '--max-rounds', '4'], /^benchmark_dss: --max-rounds 4: an option of the paired timer's processes, which --timer benchmark does not use$/],
    [['--max-time', '0.2', '--warmup', '0.5'], /^benchmark_dss: --max-time 0\.2: the time cap per case is below its warm-up \(--warmup 0\.5\); give at least that$/],
    [['--timer', 'fast'], /^benchmark_dss: --timer: expected paired or benchmark, got "fast"$/],
    [['--timer', 'benchmark', '--slice', '0'], /^benchmark_dss: --slice 0: an option of the paired timer, which --timer benchmark does not use$/],
    [['--min-time', '0.01'], /^benchmark_dss: --min-time 0\.01: Benchmark\.js's sample time, which the paired timer does not use/],
  ];
  for (const [args, message] of cases) {
    const run = dss(['3', '--no-memory', ...args]);
    assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr.trim(), message);
    assert.equal(run.stdout, '');
  }
});

test('--one-message with an unknown operation is one line, exit 2', () => {
  const run = dss(['3', '--one-message', 'encode,parse']);
  assert.equal(run.status, 2);
  assert.equal(run.stderr.trim(), 'benchmark_dss: --one-message: unknown operation "parse"; choose from encode, decode, roundtrip, to-plain, from-plain, \'all\' or \'none\'');
});

test('benchmark_dss.js --shapes: per family and codec, size and speed against JSON', () => {
  const run = dss(['--shapes', 'small-int', 'utf8', '--formats', 'json-buffer,protobufjs-static,msgpackr', '--rounds', '1', '--max-time', '0.01', '--min-time', '0.005']);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /\| family \(JSON bytes of its first message\) +\| +protobufjs-static \| +msgpackr \|/);
  for (const family of ['small-int', 'utf8']) {
    assert.match(run.stdout, new RegExp(`\\| ${family} \\(\\d+ B\\) +\\| +[\\d.]+% · [\\d.]+× / [\\d.]+× \\| +[\\d.]+% · [\\d.]+× / [\\d.]+× \\|`));
  }
  assert.match(run.stdout, /- utf8: 8 strings of 4–24 multi-byte characters .*, 500 distinct messages/);
  // the long table: two families × three codecs
  assert.equal(run.stdout.split('\n').filter((l) => /^\| (small-int|utf8) +\| (json-buffer|protobufjs-static|msgpackr) /.test(l)).length, 6);
});

test('--shapes refuses what it cannot use and families it does not know: one line, exit 2', () => {
  const unknown = dss(['--shapes', 'int64', 'floats']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr.trim(), /^benchmark_dss: --shapes: unknown family "floats"; choose from small-int, large-int, .*, deep$/);
  const withData = dss(['--shapes', '--data', 'data/test1.json']);
  assert.equal(withData.status, 2);
  assert.equal(withData.stderr.trim(), 'benchmark_dss: --shapes generates its own payloads and times encode and decode; it does not take --data');
});
