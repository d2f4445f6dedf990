// The default run measures memory as bytes per call only (its GC pass is --full's): the settings line says which.
import test from 'node:test';
import assert from 'node:assert/strict';
import { runSettingsLine } from '../../../lib/report/markdown.js';
import { MEMORY_DEFAULTS } from '../../../lib/measure/memory.js';
import { MODES, memoryOptions } from '../../../lib/suite.js';

/** @param {object} memory */
const line = (memory) => runSettingsLine(/** @type {any} */ ({ settings: { mode: 'default', speed: { rounds: 1, maxTime: 0.1, baseline: 'json-buffer' }, memory } }));

test('the default run\'s memory pass measures bytes per call, not GC time, and its settings line says where GC time is', () => {
  assert.deepEqual(/** @type {{ passes?: string[] }} */ (memoryOptions(MODES.default)).passes, ['allocation']);
  assert.equal(MODES.full.memory && 'passes' in MODES.full.memory, false, '--full: both passes');
  assert.match(line({ ...MEMORY_DEFAULTS, ...MODES.default.memory }), /memory: the last 4 of ≤ 21 allocation windows \(once they agree within 1% over at least half the calls of 4 full windows\) of ≤ 2000 calls per operation, in child processes after the timing \(GC time per operation: --full\)/);
  // a run with both passes (and results written before passes were recorded) name the GC loops
  assert.match(line({ ...MEMORY_DEFAULTS }), /memory: the last 7 of ≤ 21 allocation windows \(once they agree within 1% over at least half the calls of 7 full windows\) of ≤ 10000 calls, 3 GC loop\(s\) of ~128 MiB per operation, in child processes after the timing(;|$)/);
  assert.match(line({ ...MEMORY_DEFAULTS, passes: ['allocation', 'gc'] }), /3 GC loop\(s\)/);
  // results from before the call-span rule: agreement alone
  const { settleSpan: _p, ...beforeSpan } = MEMORY_DEFAULTS;
  assert.match(line(beforeSpan), /memory: the last 7 of ≤ 21 allocation windows \(once they agree within 1%\) of ≤ 10000 calls/);
  // results from before the settling rule: their windows were simply the first ones
  const { maxRounds: _m, settleTolerance: _s, ...older } = MEMORY_DEFAULTS;
  assert.match(line(older), /memory: 7 allocation windows of ≤ 10000 calls/);
});

test('memory cells: bytes per call, a figure whose windows never agreed marked ~ (and said in the legend), — where none', async () => {
  const { memoryCells, MEMORY_LEGEND } = await import('../../../lib/report/rows.js');
  assert.deepEqual(memoryCells({ heapBytesPerOp: 1024.4, externalBytesPerOp: -1.2, gcMsPer1000Ops: null, settled: true }), ['1,024', '0', '—']);
  // the rule judges heap bytes only (external ones come in shared slabs), so only heap B/op carries the mark
  assert.deepEqual(memoryCells({ heapBytesPerOp: 1024.4, externalBytesPerOp: 16, gcMsPer1000Ops: 0.5, settled: false }), ['1,024 ~', '16', '0.500']);
  // results from before the settling rule carry no flag, and are not marked
  assert.deepEqual(memoryCells({ heapBytesPerOp: 1024.4, externalBytesPerOp: 16, gcMsPer1000Ops: null }), ['1,024', '16', '—']);
  assert.deepEqual(memoryCells(null), ['—', '—', '—']);
  assert.match(MEMORY_LEGEND, /~ after heap B\/op: when the pass stopped, the last allocation windows still disagreed .*, or had agreed over fewer calls than its settleSpan asks/);
});

test('settledOver: the last windows agree within the tolerance of their median, or within 4 bytes a call; never before there are enough', async () => {
  const { settledOver } = await import('../../../lib/measure/memory.js');
  assert.equal(settledOver([1000, 1000], 3, 0.01), false, 'fewer windows than rounds');
  assert.equal(settledOver([2600, 1500, 1004, 1000, 996], 3, 0.01), true, 'the early windows do not count');
  assert.equal(settledOver([1000, 1000, 1020], 3, 0.01), false, '2% from the median');
  assert.equal(settledOver([1000, 1000, 1020], 3, 0.05), true, 'within a wider tolerance');
  // a case that allocates next to nothing: a few bytes either side of zero after the harness is subtracted
  assert.equal(settledOver([-1.5, 2, 0.5], 3, 0.01), true);
  assert.equal(settledOver([-1.5, 6, 0.5], 3, 0.01), false);
});

test('settledOver with a call span: the agreeing windows at the end must hold that many calls, earlier agreeing windows counting', async () => {
  const { settledOver } = await import('../../../lib/measure/memory.js');
  // three short windows (a young generation with little room) agree, but hold 300 of the 1,000 calls asked
  assert.equal(settledOver([4000, 1000, 1000, 1000], 3, 0.01, { ops: [100, 100, 100, 100], span: 1000 }), false);
  assert.equal(settledOver([4000, 1000, 1000, 1000], 3, 0.01, { ops: [100, 100, 100, 100] }), true, 'no span asked: agreement alone');
  // agreeing windows before the last three count towards the span; a disagreeing one ends the stretch
  assert.equal(settledOver([1000, 1000, 1000, 1000, 1000], 3, 0.01, { ops: [400, 300, 100, 100, 100], span: 1000 }), true);
  assert.equal(settledOver([1000, 4000, 1000, 1000, 1000], 3, 0.01, { ops: [400, 300, 100, 100, 100], span: 1000 }), false);
  assert.equal(settledOver([1000, 1000, 1000], 3, 0.01, { ops: [400, 300, 300], span: 1000 }), true, 'exactly the span');
  assert.throws(() => settledOver([1000, 1000, 1000], 3, 0.01, { ops: [400, 300], span: 1000 }), /2 window call counts for 3 windows/);
});
