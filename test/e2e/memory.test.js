import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { measureMemoryInChild } from '../../lib/measure/memory-child.js';
import { EXTERNAL_BYTES, PLANTED_BYTES, plantedKiB, SETTLING_CALLS, SLEEP_MS, SLOW_MS, SPAN_CALLS } from '../fixtures/memory-cases.js';

const CASES = fileURLToPath(new URL('../fixtures/memory-cases.js', import.meta.url));

// Not a unit test: the figures need gc() and a young generation of a set size, which only node flags give, so
// they come from child processes. One child per pass, as the suite runs it; fewer rounds than the default
// keep the test short without changing what is measured.
const results = measureMemoryInChild({ module: CASES }, { rounds: 5, gcRounds: 2, gcAllocationBytes: 32 * 1024 * 1024 });
/**
 * The figures of one case of the module; fails the test when a pass did not measure it.
 * @param {string} name
 */
const byName = async (name) => {
  const found = (await results).find((r) => r.name === name);
  assert.ok(found?.allocation && found.gc, `${name}: measured in both passes`);
  return { allocation: found.allocation, gc: found.gc };
};

test('the planted string really is 1,024 bytes on the JS heap, by a heap snapshot', async () => {
  const planted = plantedKiB();
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of v8.getHeapSnapshot()) chunks.push(chunk);
  const snapshot = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [type, name, selfSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const sizes = [];
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    if (types[snapshot.nodes[i + type]] === 'string' && snapshot.strings[snapshot.nodes[i + name]] === planted) {
      sizes.push(snapshot.nodes[i + selfSize]);
    }
  }
  assert.ok(sizes.length >= 1, 'the planted string is in the snapshot');
  assert.ok(sizes.every((s) => s === PLANTED_BYTES), `self sizes ${sizes}`);
});

test('an operation that allocates 1 KiB reads 1,024 B per op, within 5%', async () => {
  const { allocation } = await byName('planted-1KiB');
  assert.ok(Math.abs(allocation.heapBytesPerOp - PLANTED_BYTES) <= PLANTED_BYTES * 0.05,
    `read ${allocation.heapBytesPerOp} B/op`);
  assert.ok(Math.abs(allocation.externalBytesPerOp) < 1, `external ${allocation.externalBytesPerOp} B/op`);
  assert.ok(allocation.opsPerRound > 1, 'windows of more than one call');
});

test('an operation that allocates nothing reads about 0 B per op', async () => {
  const { allocation } = await byName('nothing');
  assert.ok(Math.abs(allocation.heapBytesPerOp) <= 4, `read ${allocation.heapBytesPerOp} B/op`);
  assert.ok(Math.abs(allocation.externalBytesPerOp) <= 4, `external ${allocation.externalBytesPerOp} B/op`);
});

test('ArrayBuffer backing stores are counted as external bytes, apart from the heap', async () => {
  const { allocation } = await byName('external-4KiB');
  assert.ok(Math.abs(allocation.externalBytesPerOp - EXTERNAL_BYTES) <= EXTERNAL_BYTES * 0.05,
    `external ${allocation.externalBytesPerOp} B/op`);
  // The Uint8Array and ArrayBuffer objects themselves are small heap objects.
  assert.ok(allocation.heapBytesPerOp > 0 && allocation.heapBytesPerOp < 1024, `heap ${allocation.heapBytesPerOp} B/op`);
});

test('an allocating operation spends GC time; one that allocates nothing spends none', async () => {
  const busy = (await byName('planted-1KiB')).gc;
  const idle = (await byName('nothing')).gc;
  assert.ok(busy.collections > 0, `${busy.collections} collections`);
  assert.ok(busy.msPer1000Ops > 0, `${busy.msPer1000Ops} ms per 1,000 ops`);
  assert.equal(idle.collections, 0);
  assert.equal(idle.msPer1000Ops, 0);
});

test('the gc pass runs with the default young generation, the allocation pass with a large one', async () => {
  const { allocation, gc } = await byName('planted-1KiB');
  // the 64 MiB semi-space memoryNodeFlags asks for, less the pages' headers: 62.9 MiB usable on Node 20, 64 MiB less
  // 4 KiB on Node 24 and 26 (V8's default is 1 to 16 MiB)
  const MiB = 1024 * 1024;
  assert.ok(allocation.youngGenerationBytes > 60 * MiB && allocation.youngGenerationBytes <= 64 * MiB, `${allocation.youngGenerationBytes}`);
  assert.ok(gc.youngGenerationBytes < allocation.youngGenerationBytes, `${gc.youngGenerationBytes}`);
});

test('a node that cannot be started is reported', async () => {
  await assert.rejects(measureMemoryInChild({ module: CASES }, { passes: ['gc'], execPath: '/nonexistent/node' }), /ENOENT/);
});

test('a worker that dies without answering is reported with its exit and what it printed', async () => {
  await assert.rejects(measureMemoryInChild({ module: CASES, export: 'exitAtOnce' }, { passes: ['gc'] }),
    /memory worker exited \(3\) without results: dying on purpose/);
});

test('a case module that fails is reported, not hung on', async () => {
  await assert.rejects(measureMemoryInChild({ module: CASES, export: 'noSuchExport' }, { passes: ['gc'] }),
    /exports no function noSuchExport/);
});

test('a slow operation: windows and GC loops are capped by time, the figure stays exact, and each case is announced', async () => {
  /** @type {import('../../lib/measure/memory.js').MemoryProgress[]} */
  const events = [];
  const caps = { rounds: 3, gcRounds: 1, warmupMs: 20, maxMsPerRound: 20, gcMaxMsPerLoop: 40 };
  const [slow] = await measureMemoryInChild({ module: CASES, export: 'slowCases' }, { ...caps, onCase: (e) => events.push(e) });
  assert.deepEqual(events, [
    { pass: 'allocation', index: 1, total: 1, name: 'slow-1KiB' },
    { pass: 'gc', index: 1, total: 1, name: 'slow-1KiB' },
  ]);
  assert.ok(slow?.allocation && slow.gc, 'slow-1KiB measured in both passes');
  // a call takes at least SLOW_MS, so a 20 ms window holds at most 10 calls (the default would be 10,000)
  assert.ok(slow.allocation.opsPerRound <= caps.maxMsPerRound / SLOW_MS, `${slow.allocation.opsPerRound} calls per window`);
  assert.ok(Math.abs(slow.allocation.heapBytesPerOp - PLANTED_BYTES) <= PLANTED_BYTES * 0.05, `read ${slow.allocation.heapBytesPerOp} B/op`);
  // 1 KiB a call cannot fill a young generation in five times 40 ms: the loop keeps its few calls
  assert.ok(slow.gc.opsPerRound <= (5 * caps.gcMaxMsPerLoop) / SLOW_MS, `${slow.gc.opsPerRound} calls per gc loop`);
});

test('windows are sized by CPU time, not the wall clock: a call that waits (as a preempted one does) is not taken for a slow one', async () => {
  // on the wall clock each call takes at least SLEEP_MS, so a 20 ms cap would hold at most 20 calls; on the CPU clock
  // a call takes microseconds, and the window holds all the calls maxOpsPerRound allows
  const caps = { passes: /** @type {('allocation')[]} */ (['allocation']), rounds: 2, warmupOps: 20, maxOpsPerRound: 60, maxMsPerRound: 20 };
  assert.ok(caps.maxOpsPerRound > caps.maxMsPerRound / SLEEP_MS, 'the wall clock would cap the windows');
  const [sleepy] = await measureMemoryInChild({ module: CASES, export: 'sleepyCases' }, caps);
  assert.ok(sleepy?.allocation, 'sleepy-1KiB measured');
  assert.equal(sleepy.allocation.opsPerRound, caps.maxOpsPerRound, `${sleepy.allocation.opsPerRound} calls per window`);
});

test('the figure comes from the windows after a case settles: early calls that allocate more are left out, and a case that never settles says so', async () => {
  // windows of 200 calls after 100 warm-up calls and a one-call sizing window: the settling case allocates 4 KiB a
  // call in the first two windows and part of the third, so the first three windows (the figure before the settling
  // rule) read about 4 KiB; the rule runs windows until the last three agree. Up to 20 windows: on Node 26 a window
  // can gain bytes its calls did not allocate (V8's own: 728–3,448 B in a harness window, docs/speed.md), 2 KiB
  // being the 1% that windows of 200 1-KiB calls must agree within, and in CI (2026-12-01 07:20Z) the case had not
  // settled by its tenth window
  const options = { passes: /** @type {('allocation')[]} */ (['allocation']), rounds: 3, warmupOps: 100, maxOpsPerRound: 200, maxRounds: 20 };
  assert.ok(SETTLING_CALLS > 100 + 1 + 2 * 200, 'the early calls reach past the first two windows');
  const [settling, growing] = await measureMemoryInChild({ module: CASES, export: 'settlingCases' }, options);
  const a = settling.allocation;
  assert.ok(a, 'settling-1KiB measured');
  assert.ok(Math.abs(a.heapBytesPerOp - PLANTED_BYTES) <= PLANTED_BYTES * 0.05, `read ${a.heapBytesPerOp} B/op over ${a.windows} windows`);
  assert.equal(a.settled, true, `settled ${a.settled} after ${a.windows} windows, ${a.heapBytesMin}–${a.heapBytesMax} B/op`);
  assert.ok(a.windows > 3 && a.windows < options.maxRounds, `${a.windows} windows`);
  assert.equal(a.rounds, 3, 'the figure is the last three windows\' median');
  const g = growing.allocation;
  assert.ok(g, 'growing measured');
  assert.equal(g.settled, false, `windows ${g.heapBytesMin}–${g.heapBytesMax} B/op`);
  assert.equal(g.windows, options.maxRounds, 'it ran every window it was allowed');
});

test('windows cut short by the young generation agree only once they hold enough calls: agreement before a change that has not happened yet is not taken', async () => {
  // A 4 MiB young generation holds about 500 of the span case's early calls (4 KiB each) a window, so its windows agree
  // at 4 KiB for the SPAN_CALLS calls before the case drops to 1 KiB (as windows of a few hundred calls agreed before
  // Node 24's second tier-up). Asked to hold half of three full windows' calls (9,000, more than the early stretch's
  // 7,500 after the warm-up), the agreeing windows must run past the change. maxRounds is high enough that half the
  // windows allowed at the early size (20 × ~500 calls) still hold the whole span, so the short-window cap does not
  // lower it below the early stretch.
  const options = { passes: /** @type {('allocation')[]} */ (['allocation']), rounds: 3, warmupOps: 500, maxOpsPerRound: 6000, maxRounds: 40, youngGenerationMiB: 4 };
  assert.ok(SPAN_CALLS - options.warmupOps < 0.5 * options.rounds * options.maxOpsPerRound, 'the early stretch is shorter than the span');
  const [agreementAlone] = await measureMemoryInChild({ module: CASES, export: 'spanCases' }, { ...options, settleSpan: 0 });
  const a0 = agreementAlone.allocation;
  assert.ok(a0, 'span-1KiB measured');
  // the planted case does fool agreement alone: three short windows before the change agree, and read 4 KiB
  assert.ok(a0.heapBytesPerOp > 3 * PLANTED_BYTES, `agreement alone read ${a0.heapBytesPerOp} B/op in windows of ${a0.opsPerRound} calls (${a0.windows} windows, ${a0.discarded} discarded)`);
  assert.ok(3 * a0.opsPerRound < SPAN_CALLS, `windows of ${a0.opsPerRound} calls`);
  assert.equal(a0.settled, true);
  const [spanned] = await measureMemoryInChild({ module: CASES, export: 'spanCases' }, options);
  const a = spanned.allocation;
  assert.ok(a, 'span-1KiB measured');
  assert.ok(Math.abs(a.heapBytesPerOp - PLANTED_BYTES) <= PLANTED_BYTES * 0.05, `read ${a.heapBytesPerOp} B/op over ${a.windows} windows`);
  assert.equal(a.settled, true, `settled ${a.settled} after ${a.windows} windows, ${a.heapBytesMin}–${a.heapBytesMax} B/op`);
  assert.ok(a.windows > a0.windows, `${a.windows} windows against ${a0.windows}`);
  assert.ok(a.windows < options.maxRounds, `${a.windows} windows: settled before the limit`);
});

test('windows too short for the span to be reached settle once half the windows allowed agree: a steady case is not marked unsettled for its size', async () => {
  // In a 1 MiB young generation a window holds about 300 of the planted 1 KiB calls, so three windows of the 20,000
  // asked (a span of 30,000 calls) could not be reached in 12 windows; the agreeing windows need then hold what half
  // the windows allowed hold at that size (about 1,900 calls), and a case steady from its first call settles there,
  // before the limit.
  const options = { passes: /** @type {('allocation')[]} */ (['allocation']), rounds: 3, warmupOps: 100, maxOpsPerRound: 20000, maxRounds: 12, youngGenerationMiB: 1 };
  const [steady] = await measureMemoryInChild({ module: CASES, export: 'steadyCases' }, options);
  const a = steady.allocation;
  assert.ok(a, 'steady-1KiB measured');
  assert.ok(a.opsPerRound * options.maxRounds < 0.5 * options.rounds * options.maxOpsPerRound, `windows of ${a.opsPerRound} calls: the full span is out of reach`);
  assert.ok(Math.abs(a.heapBytesPerOp - PLANTED_BYTES) <= PLANTED_BYTES * 0.05, `read ${a.heapBytesPerOp} B/op`);
  // settled before the limit: the agreeing windows (six, at this size) may start after a first window or two that
  // did not agree yet (CI's Node 24 pass took 8 windows); without the cap it ran all 12 and was not settled
  assert.equal(a.settled, true, `${a.windows} windows`);
  assert.ok(a.windows < options.maxRounds, `${a.windows} windows`);
});

test('bytes per call do not depend on when V8\'s optimised code arrives: five fresh allocation passes of a case whose first calls run unoptimised agree within 2%', { timeout: 120_000 }, async () => {
  // protobuf-es decoding test1: optimised, it allocates about 870 B a call; with V8's optimising compiler on its own
  // thread, five runs of npm start's memory settings read 957–1,449 B (2-core VM, 2026-11-28), as the compiled code
  // arrived before or after a window's first calls. The allocation pass compiles on the main thread
  // (memoryNodeFlags), bounds its warm-up by calls, sizes its windows by CPU time and takes the figure from the
  // windows after the case settles (V8 on Node 24 tiers up again a few thousand calls after the warm-up), so the same
  // call gets the same code in every run. (That this is the code a long-running process settles on is not claimed:
  // docs/speed.md, "Memory per operation".)
  const { measureOperationMemory } = await import('../../lib/measure/operation-memory.js');
  const { resolvePayloads } = await import('../../lib/payload/index.js');
  const { selectCodecs } = await import('../../lib/codecs/index.js');
  const { MODES } = await import('../../lib/suite.js');
  const payloads = resolvePayloads({ numbers: ['1'] });
  const codecs = await selectCodecs('protobuf-es');
  const figures = [];
  for (let i = 0; i < 5; i++) {
    // npm start's settings: windows of 2,000 calls (a call takes about 1.5 µs, far under the CPU-time guard), the
    // figure from the last four once they agree. (Not claimed: that shorter windows find the same figure. With windows
    // of 3 ms of CPU, a few hundred calls, CI's Node 24 pass once read 2,614 B in one of five passes, four such
    // windows agreeing before V8's second tier-up: docs/speed.md, "Settled windows".)
    const [[row]] = await measureOperationMemory(payloads, codecs, { ...MODES.default.memory, filter: /^protobuf-es decode$/ });
    assert.equal(row.op, 'decode');
    assert.equal(row.settled, true, `pass ${i + 1}: its windows agreed`);
    figures.push(/** @type {number} */ (row.bytesPerOp));
  }
  assert.ok(Math.max(...figures) / Math.min(...figures) - 1 < 0.02, figures.join(', '));
});
