// How the report states the timing processes' settings: the speed pass's (fresh processes started with a V8 flag and
// glibc's allocator settings) and the batch pass's (timed in the run's own process, without them).
import test from 'node:test';
import assert from 'node:assert/strict';
import { runSettingsLine } from '../../../lib/report/markdown.js';
import { pairedTimerNote } from '../../../lib/report/rows.js';

const HEAP = 'glibc heap kept (MALLOC_TRIM_THRESHOLD_=1073741824 MALLOC_TOP_PAD_=67108864 MALLOC_MMAP_THRESHOLD_=33554432)';
const workers = { target: 0.05, level: 0.95, sliceMs: 10, clock: 'process CPU time', gc: 'a minor GC before each slice', v8Flags: ['--single-threaded-gc', '--no-allocation-site-pretenuring'], allocator: HEAP };
/** @param {object} precision @param {object|null} [batch] */
const settings = (precision, batch = null) => ({ settings: { mode: 'default', speed: { rounds: 1, maxTime: 0.2, baseline: 'json-buffer', timer: 'paired', precision, processes: 3, operations: ['encode'] }, batch } });

test('the settings line names the speed processes\' V8 flags and allocator settings, and the batch pass\'s where they differ', () => {
  const line = runSettingsLine(/** @type {any} */ (settings(workers)));
  assert.match(line, /\(process CPU time, a minor GC before each slice, V8 --single-threaded-gc --no-allocation-site-pretenuring, glibc heap kept \(MALLOC_TRIM_THRESHOLD_=1073741824 MALLOC_TOP_PAD_=67108864 MALLOC_MMAP_THRESHOLD_=33554432\)\)/);
  const own = { clock: 'process CPU time', gc: 'a minor GC before each slice', v8Flags: ['--no-allocation-site-pretenuring'], allocator: null };
  const batch = runSettingsLine(/** @type {any} */ (settings(workers, { payload: 'test3', counts: [1, 10], timing: own })));
  assert.match(batch, /batch: test3 × 1, 10 \(timed in the run's own process: V8 --no-allocation-site-pretenuring, the allocator as started\)$/);
  // a batch pass that timed as the speed pass did (an in-process run) needs no remark
  assert.match(runSettingsLine(/** @type {any} */ (settings({ ...workers, ...own }, { payload: 'test3', counts: [1, 10], timing: own }))), /batch: test3 × 1, 10$/);
});

test('the Timing note under a speed table says what the timing process ran with: flags, allocator, either or neither', () => {
  const note = (/** @type {object} */ p) => pairedTimerNote(/** @type {any} */ ({ timer: 'paired', precision: { ...workers, ...p } })) ?? '';
  assert.match(note({}), /\(outside its time\) in a process with V8's --single-threaded-gc --no-allocation-site-pretenuring and the glibc heap kept \(MALLOC_TRIM/);
  assert.match(note({ allocator: null }), /\(outside its time\) in a process with V8's --single-threaded-gc --no-allocation-site-pretenuring, each codec/);
  assert.match(note({ v8Flags: [] }), /\(outside its time\) in a process with the glibc heap kept \(MALLOC_TRIM_THRESHOLD_=1073741824 MALLOC_TOP_PAD_=67108864 MALLOC_MMAP_THRESHOLD_=33554432\), each codec/);
  assert.match(note({ v8Flags: [], allocator: null }), /\(outside its time\), each codec/);
});

test('the Timing note says which process each operation\'s cycles belong to, with its codecs where the processes\' differ', () => {
  // two library groups (json-buffer with a and c; json-buffer with b), two rounds: four processes, each group tagged
  // with the process it ran in (measureSpeedInProcesses)
  const g = (/** @type {number} */ process, /** @type {string} */ op, /** @type {number} */ cycles, stoppedBy = 'precision') => ({ op, cycles, cpuMs: 100, stoppedBy, process });
  const groups = [g(1, 'encode', 10), g(1, 'decode', 8, 'time'), g(1, 'to-plain', 9), g(2, 'encode', 7, 'wall time'), g(2, 'decode', 6),
    g(3, 'encode', 11), g(3, 'decode', 12), g(3, 'to-plain', 13, 'time'), g(4, 'encode', 14), g(4, 'decode', 15)];
  const note = (/** @type {object} */ settings, /** @type {object[]} */ own = groups) => pairedTimerNote(/** @type {any} */ ({ timer: 'paired', precision: { ...workers, groups: own }, ...settings })) ?? '';
  const two = note({ processes: 2, processGroups: [['json-buffer', 'a', 'c'], ['json-buffer', 'b']] });
  assert.ok(two.includes('(~ unstable: missed, no verdict). '
    + 'Process 1 of 4 (json-buffer, a, c): encode 10 cycles, every ratio at its target; decode 8 cycles, stopped by its time cap; to-plain 9 cycles, every ratio at its target. '
    + 'Process 2 of 4 (json-buffer, b): encode 7 cycles, stopped by the wall clock (4× its time cap); decode 6 cycles, every ratio at its target. '
    + 'Process 3 of 4 (json-buffer, a, c): encode 11 cycles, every ratio at its target; decode 12 cycles, every ratio at its target; to-plain 13 cycles, stopped by its time cap. '
    + 'Process 4 of 4 (json-buffer, b): encode 14 cycles, every ratio at its target; decode 15 cycles, every ratio at its target. The round trip'), two);
  // one library group in four processes: numbered, the codecs (the same in each) not repeated
  const four = note({ processes: 4, processGroups: [['json-buffer', 'a']] }, groups.filter((x) => x.op !== 'to-plain'));
  assert.ok(four.includes('(~ unstable: missed, no verdict). '
    + 'Process 1 of 4: encode 10 cycles, every ratio at its target; decode 8 cycles, stopped by its time cap. '
    + 'Process 2 of 4: encode 7 cycles, stopped by the wall clock (4× its time cap); decode 6 cycles, every ratio at its target. '
    + 'Process 3 of 4: encode 11 cycles, every ratio at its target; decode 12 cycles, every ratio at its target. '
    + 'Process 4 of 4: encode 14 cycles, every ratio at its target; decode 15 cycles, every ratio at its target. The round trip'), four);
  // one process: the operations alone, as before
  assert.match(note({ processes: 1, processGroups: [['json-buffer', 'a', 'b', 'c']] }), /no verdict\) \(encode 10 cycles, every ratio at its target; decode 8 cycles, stopped by its time cap; .*; decode 15 cycles, every ratio at its target\)\. The round trip/);
  // a run that gave its own wall factor (npm start's default mode) is said with it
  const own = pairedTimerNote(/** @type {any} */ ({ timer: 'paired', processes: 1, precision: { ...workers, wallFactor: 1.25, groups: [g(1, 'encode', 7, 'wall time')] } })) ?? '';
  assert.match(own, /encode 7 cycles, stopped by the wall clock \(1\.25× its time cap\)/);
  // a group its pass's wall-time budget stopped says so; a value this code does not know is never taken for success
  const said = (/** @type {string} */ stoppedBy) => pairedTimerNote(/** @type {any} */ ({ timer: 'paired', processes: 1, precision: { ...workers, groups: [g(1, 'decode', 3, stoppedBy)] } })) ?? '';
  assert.match(said('deadline'), /decode 3 cycles, stopped by the pass's wall-time budget/);
  assert.match(said('something new'), /decode 3 cycles, stopped \(something new\)/);
  // results written before the groups carried their process: not labelled with a process they may not belong to
  const untagged = note({ processes: 2, processGroups: [['json-buffer', 'a', 'c'], ['json-buffer', 'b']] }, groups.map(({ process: _p, ...rest }) => rest));
  assert.doesNotMatch(untagged, /Process \d/);
  assert.match(untagged, /no verdict\) \(per operation, in the order the processes ran: encode 10 cycles, every ratio at its target; /);
});
