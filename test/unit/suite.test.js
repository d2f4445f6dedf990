import test from 'node:test';
import assert from 'node:assert/strict';
import { timingOf } from '../../lib/suite.js';
import { CPU_CLOCK, TIMING_FLAGS_SET, TIMING_PROCESS } from '../../lib/measure/paired.js';

test('timingOf: the run states how the fresh processes timed where the pass ran in them, else how this process did', () => {
  const worker = { clock: 'process CPU time', gc: 'a minor GC before each slice', v8Flags: ['--single-threaded-gc', '--no-allocation-site-pretenuring'], allocator: 'glibc heap kept (…)' };
  assert.deepEqual(timingOf(worker), worker);
  // in-process (a quick run, one process of one group): this process's own, which was started without the flags
  assert.deepEqual(timingOf(undefined), { clock: CPU_CLOCK.kind, gc: timingOf(null).gc, v8Flags: [...TIMING_PROCESS.v8Flags, ...TIMING_FLAGS_SET], allocator: TIMING_PROCESS.allocator });
  assert.equal(timingOf(undefined).allocator, null);
  assert.ok(!timingOf(undefined).v8Flags.includes('--single-threaded-gc'));
});
