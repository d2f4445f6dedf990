import test from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { mergePasses, toModuleUrl } from '../../../lib/measure/memory-child.js';

/** @typedef {import('../../../lib/measure/memory.js').MemoryResult} MemoryResult */

const allocation = (/** @type {number} */ heap) => ({
  heapBytesPerOp: heap, heapBytesMin: heap, heapBytesMax: heap, externalBytesPerOp: 0, externalBytesMin: 0, externalBytesMax: 0,
  opsPerRound: 100, rounds: 3, discarded: 0, youngGenerationBytes: 1, settled: true, windows: 3,
});
const gc = (/** @type {number} */ ms) => ({ msPer1000Ops: ms, msMin: ms, msMax: ms, collections: 1, opsPerRound: 100, rounds: 3, youngGenerationBytes: 1 });

test('mergePasses: one result per case, each pass\'s figures put in by case name', () => {
  /** @type {MemoryResult[]} */
  const fromAllocation = [{ name: 'a', allocation: allocation(10), gc: null }, { name: 'b', allocation: allocation(20), gc: null }];
  /** @type {MemoryResult[]} */
  const fromGc = [{ name: 'b', allocation: null, gc: gc(2) }, { name: 'a', allocation: null, gc: gc(1) }, { name: 'only-here', allocation: null, gc: gc(9) }];
  const merged = mergePasses([{ pass: 'allocation', results: fromAllocation }, { pass: 'gc', results: fromGc }]);
  assert.deepEqual(merged, [
    { name: 'a', allocation: allocation(10), gc: gc(1) },
    { name: 'b', allocation: allocation(20), gc: gc(2) },
  ]);
  assert.equal(fromAllocation[0].gc, null, 'the first pass\'s results are not changed in place');
});

test('mergePasses: one pass gives its results as they are; none gives none', () => {
  /** @type {MemoryResult[]} */
  const only = [{ name: 'a', allocation: null, gc: gc(1) }];
  assert.deepEqual(mergePasses([{ pass: 'gc', results: only }]), only);
  assert.deepEqual(mergePasses([]), []);
});

test('toModuleUrl: a path becomes a file: URL, a file: URL stays', () => {
  assert.equal(toModuleUrl('/tmp/cases.js'), pathToFileURL('/tmp/cases.js').href);
  assert.equal(toModuleUrl('file:///tmp/x%20y.js'), 'file:///tmp/x%20y.js');
});
