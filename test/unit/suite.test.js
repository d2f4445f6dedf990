import test from 'node:test';
import assert from 'node:assert/strict';
import { timingOf } from '../../lib/suite.js';
import { TIMING_ENV } from '../../lib/measure/paired.js';

test('timingOf: the run states how the fresh processes timed where the pass ran in them, else how this process did', () => {
  const worker = { clock: 'process CPU time', gc: 'a minor GC before each slice', v8Flags: ['--single-threaded-gc', '--no-allocation-site-pretenuring'], allocator: 'glibc heap kept (…)' };
  assert.deepEqual(timingOf(worker), worker);
  // in-process (a quick run, one process of one group): this test's own process, started without the flag (and,
  // unless the shell exports TIMING_ENV's values, without the allocator settings)
  const own = timingOf(undefined);
  assert.ok(own.v8Flags.includes('--no-allocation-site-pretenuring'), own.v8Flags.join(' '));
  assert.equal(own.v8Flags.includes('--single-threaded-gc'), process.execArgv.includes('--single-threaded-gc'));
  const exported = Object.entries(TIMING_ENV).every(([k, v]) => process.env[k] === v);
  if (!exported) assert.equal(own.allocator, null);
});
