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
