import test from 'node:test';
import assert from 'node:assert/strict';
import { MEMORY_PASSES, measureMemory, memoryNodeFlags } from '../../../lib/measure/memory.js';

// The figures themselves need gc() and a young generation of a set size, so they are measured in
// child processes: test/e2e/memory.test.js. What needs neither is here.

test('memoryNodeFlags names the flags of each pass and refuses an unknown one', () => {
  assert.deepEqual(MEMORY_PASSES, ['allocation', 'gc']);
  assert.deepEqual(memoryNodeFlags('gc'), ['--expose-gc']);
  assert.deepEqual(memoryNodeFlags('allocation', { youngGenerationMiB: 32 }),
    ['--expose-gc', '--min-semi-space-size=32', '--max-semi-space-size=32', '--no-concurrent-recompilation', '--no-concurrent-sparkplug', '--no-concurrent-osr']);
  assert.deepEqual(memoryNodeFlags('allocation'), ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', '--no-concurrent-recompilation', '--no-concurrent-sparkplug', '--no-concurrent-osr']);
  assert.throws(() => memoryNodeFlags('speed'), /unknown pass "speed"/);
});

test('measureMemory without gc() says which flags it needs', { skip: typeof globalThis.gc === 'function' && 'gc is exposed here' }, async () => {
  await assert.rejects(measureMemory([{ name: 'x', fn: () => 0 }]), /--expose-gc/);
});

test('measureMemory refuses an unknown pass and a case without a function, before measuring anything', async () => {
  let calls = 0;
  const gc = () => { calls++; };
  await assert.rejects(measureMemory([{ name: 'x', fn: () => 0 }], { gc, passes: /** @type {import('../../../lib/measure/memory.js').MemoryPass[]} */ (/** @type {unknown} */ (['speed'])) }), /unknown pass "speed"/);
  await assert.rejects(measureMemory([/** @type {import('../../../lib/measure/memory.js').MemoryCase} */ (/** @type {unknown} */ ({ name: 'broken' }))], { gc }), /case broken has no fn/);
  assert.equal(calls, 0, 'no collection ran');
});
