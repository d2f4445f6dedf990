import test from 'node:test';
import assert from 'node:assert/strict';
import { MODES, modePayloads, timingOf } from '../../lib/suite.js';
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

test('modePayloads (rawPasses, oneMessage.payloads): --full (rawPasses \'all\') follows every payload\'s loopback WebSocket passes with raw ones; default and --quick (\'slow-link\') only the slow-link payload\'s', () => {
  const payloads = /** @type {import('../../lib/payload/index.js').Payload[]} */ (/** @type {unknown} */ (['test1', 'test2', 'test3', 'test4', 'test5'].map((id) => ({ id }))));
  const ids = (/** @type {{ id: string }[]} */ ps) => ps.map((p) => p.id);
  assert.deepEqual([MODES.quick.rawPasses, MODES.default.rawPasses, MODES.full.rawPasses], ['slow-link', 'slow-link', 'all']);
  assert.deepEqual(ids(modePayloads(MODES.full.rawPasses, payloads)), ['test1', 'test2', 'test3', 'test4', 'test5']);
  assert.deepEqual(ids(modePayloads('all', [payloads[4], payloads[1]])), ['test5', 'test2']);
  assert.deepEqual(ids(modePayloads(MODES.default.rawPasses, payloads)), ['test3']);
  // without test3 in the run, the slow-link payload is the first
  assert.deepEqual(ids(modePayloads('slow-link', [payloads[4], payloads[0]])), ['test5']);
  assert.deepEqual(modePayloads('slow-link', []), []);
  // a misspelt mode setting is a bug, not a run with raw passes everywhere
  assert.throws(() => modePayloads('slowlink', payloads), /^Error: expected 'slow-link' or 'all', got "slowlink"$/);
});
