import { PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { median, overRounds } from './statistics.js';

/**
 * Memory per operation, measured in passes of its own, never inside ops/s
 * timing:
 *
 * - 'allocation': bytes a call allocates. A scavenge empties the young
 *   generation, then N calls run in a window small enough that no GC can
 *   happen inside it; the growth of V8's used heap over the window, less the
 *   harness's own, divided by N, is the bytes per call. A window in which a
 *   GC did run is thrown away and retried with half the calls. Growth of
 *   V8's external memory (ArrayBuffer backing stores: what a Buffer or
 *   Uint8Array holds) is read over the same window and reported apart,
 *   because it lives outside the JS heap.
 * - 'gc': GC pause time per 1,000 calls. From an empty young generation, enough calls run
 *   to allocate several young generations, and the durations of the 'gc'
 *   performance entries that started during the loop are summed.
 *
 * The two passes want different processes: the allocation pass is most
 * precise with a young generation far larger than the default (more calls
 * fit in one window), but GC time measured there would be far lower than in
 * a service running with the default one, since a scavenge costs about the
 * same however much garbage it finds. memoryNodeFlags(pass) names the flags;
 * measureMemoryInChild (memory-child.js) starts one child per pass with them.
 */

/** @typedef {'allocation'|'gc'} MemoryPass */

/**
 * The passes measureMemory runs, in order.
 * @type {readonly MemoryPass[]}
 */
export const MEMORY_PASSES = Object.freeze(['allocation', 'gc']);

const MIB = 1024 * 1024;

/**
 * Node flags a process needs to run a memory pass. Both need gc() to start
 * from an empty young generation. The allocation pass also asks for a fixed,
 * large young generation (--min- and --max-semi-space-size, in MiB), so that
 * thousands of calls fit between two scavenges; the gc pass keeps V8's
 * default, the one a service runs with.
 * The allocation pass also compiles optimised code on the main thread
 * (--no-concurrent-recompilation): V8 otherwise optimises a hot function on a
 * helper thread and installs the code whenever that thread is done, so how
 * many of a window's calls ran unoptimised (allocating what the optimised code
 * does not) depended on how busy the machine's other cores were. Measured on
 * npm start's memory pass (measureOperationMemory with MODES.default.memory
 * from a script, 60 cases, Node 20.20.2, 2-core Intel VM, 2026-11-28): bytes per call
 * moved by up to 64% between runs (protobuf-es decode of test1: 881–1,448 B)
 * without it; with it, and the warm-up bounded by calls rather than time,
 * every case within 1% over four runs, two of them beside a busy core. It moves
 * when optimised code arrives; the pass counts bytes, not time, so compiling on
 * the main thread costs it no accuracy. Sparkplug's baseline code and on-stack
 * replacement are compiled on the main thread too (--no-concurrent-sparkplug,
 * --no-concurrent-osr): installed from a helper thread, their code (and what
 * installing it allocates) landed in whichever window was running when that
 * thread got a core; on Node 26.12.1 beside three busy loops, a steady case of
 * 1 KiB a call read 1,290–2,308 B/call in one window of 511 calls in several,
 * and 3 of 80 runs never settled in 12 windows (test/e2e/memory.test.js
 * failed so in CI); with both flags 0 of 160. Which code a case has after its warm-up
 * is another matter (docs/speed.md, "Memory per operation",
 * "Settled windows").
 * @param {string} pass 'allocation' or 'gc' (anything else is a TypeError)
 * @param {{ youngGenerationMiB?: number }} [options] semi-space size for the allocation pass
 * @returns {string[]}
 */
export function memoryNodeFlags(pass, { youngGenerationMiB = 64 } = {}) {
  if (pass === 'gc') return ['--expose-gc'];
  if (pass === 'allocation') {
    return ['--expose-gc', `--min-semi-space-size=${youngGenerationMiB}`, `--max-semi-space-size=${youngGenerationMiB}`, '--no-concurrent-recompilation', '--no-concurrent-sparkplug', '--no-concurrent-osr'];
  }
  throw new TypeError(`memoryNodeFlags: unknown pass "${pass}" (known: ${MEMORY_PASSES.join(', ')})`);
}

/** The defaults of MemoryOptions' numbers (see there). */
export const MEMORY_DEFAULTS = Object.freeze({
  rounds: 7, maxOpsPerRound: 10_000, warmupOps: 5_000,
  gcRounds: 3, gcAllocationBytes: 128 * MIB, gcMinOps: 10_000, gcMaxOps: 2_000_000,
  warmupMs: 1_000, maxMsPerRound: 200, gcMaxMsPerLoop: 2_000,
  maxRounds: 21, settleTolerance: 0.01, settleSpan: 0.5,
});

/**
 * @typedef {object} MemoryCase
 * @property {string} name
 * @property {() => unknown} fn one synchronous operation, e.g. () => encode(native);
 *   its result is kept, so the optimiser cannot drop the work
 */

/**
 * @typedef {object} AllocationFigures
 * @property {number} heapBytesPerOp median over rounds of JS-heap bytes per call, harness subtracted
 * @property {number} heapBytesMin
 * @property {number} heapBytesMax
 * @property {number} externalBytesPerOp median over rounds of external (ArrayBuffer backing store) bytes per call
 * @property {number} externalBytesMin
 * @property {number} externalBytesMax
 * @property {number} opsPerRound calls in the smallest of the windows the figure comes from
 * @property {number} rounds windows kept
 * @property {number} discarded windows thrown away because a GC ran inside them or memory was freed in them
 * @property {number} youngGenerationBytes capacity of V8's new space during the pass
 * @property {boolean} settled whether the windows kept agreed (settleTolerance), over as many calls as settleSpan asks,
 *   before maxRounds ran out
 * @property {number} windows windows measured, the figure's last `rounds` among them (not counted: the one-call window
 *   that sizes the others, and windows thrown away because a GC ran inside them)
 */

/**
 * @typedef {object} GcFigures
 * @property {number} msPer1000Ops median over rounds of GC pause time per 1,000 calls
 * @property {number} msMin
 * @property {number} msMax
 * @property {number} collections median over rounds of GCs that started during the loop
 * @property {number} opsPerRound
 * @property {number} rounds
 * @property {number} youngGenerationBytes capacity of V8's new space at the end of the pass
 */

/**
 * @typedef {object} MemoryResult
 * @property {string} name
 * @property {AllocationFigures | null} allocation null when the pass was not run
 * @property {GcFigures | null} gc null when the pass was not run
 */

/**
 * @typedef {object} MemoryOptions
 * @property {('allocation'|'gc')[]} [passes] default both, in this process
 * @property {number} [rounds] allocation windows kept per case (default 7): the last ones, once they agree
 * @property {number} [maxRounds] allocation windows run per case at most while the last `rounds` of them do not
 *   agree (default 21); a case that reaches it is reported with settled: false
 * @property {number} [settleTolerance] the last `rounds` windows agree when each one's heap bytes per call are
 *   within this share of their median (default 0.01), or within 4 bytes
 * @property {number} [settleSpan] the agreeing windows must also hold at least this share of the calls `rounds` full
 *   windows of the case would (full: maxOpsPerRound, or what maxMsPerRound holds; default 0.5), or, where the
 *   windows are shorter than that allows, the calls of half of maxRounds windows: windows cut short by the young
 *   generation's room could otherwise agree before a tier-up a few thousand calls on
 * @property {number} [maxOpsPerRound] calls per allocation window at most (default 10,000)
 * @property {number} [warmupOps] calls before any window, so the JIT has settled (default 5,000)
 * @property {number} [gcRounds] gc loops per case (default 3)
 * @property {number} [gcAllocationBytes] what each gc loop should allocate (default 128 MiB: eight of V8's largest default young generations)
 * @property {number} [gcMinOps] calls per gc loop at least (default 10,000)
 * @property {number} [gcMaxOps] calls per gc loop at most (default 2,000,000)
 * @property {number} [warmupMs] the warm-up stops after this much CPU time even short of warmupOps (default 1,000 ms)
 * @property {number} [maxMsPerRound] an allocation window holds at most the calls that take this much CPU time, by
 *   the warm-up's fastest time per call (default 200 ms)
 * @property {number} [gcMaxMsPerLoop] a gc loop holds at most the calls that take this long, even below gcMinOps,
 *   but never fewer than fill the young generation twice if five times that long allows it (default 2,000 ms): a
 *   slow operation (a YAML parse of kilobytes) gets fewer calls, not minutes
 * @property {(event: MemoryProgress) => void} [onCase] called as each case starts, in each pass
 * @property {GcFunction} [gc] V8's gc() (it must take { type: 'minor' }); default globalThis.gc, there with
 *   node --expose-gc
 */

/** @typedef {(options?: { type: 'minor'|'major' }) => void} GcFunction */

/**
 * @typedef {object} MemoryProgress
 * @property {'allocation'|'gc'} pass
 * @property {number} index 1-based, of total
 * @property {number} total cases in the pass
 * @property {string} name the case's
 */

/**
 * Measures bytes allocated per call and GC time per 1,000 calls for each
 * case, in this process. Each pass needs the flags memoryNodeFlags(pass)
 * names; without gc() it throws. A pass runs every case before the next
 * pass starts, and the cases share nothing but the process.
 * @param {MemoryCase[]} cases
 * @param {MemoryOptions} [options]
 * @returns {Promise<MemoryResult[]>}
 */
export async function measureMemory(cases, options = {}) {
  const {
    passes = MEMORY_PASSES, rounds, maxOpsPerRound, warmupOps, gcRounds, gcAllocationBytes, gcMinOps, gcMaxOps,
    warmupMs, maxMsPerRound, gcMaxMsPerLoop, maxRounds, settleTolerance, settleSpan, onCase = () => {},
  } = { ...MEMORY_DEFAULTS, ...options };
  const gc = options.gc ?? /** @type {{ gc?: GcFunction }} */ (globalThis).gc;
  if (typeof gc !== 'function') {
    throw new Error(`measureMemory needs gc(): start node with ${memoryNodeFlags('allocation').join(' ')} `
      + `(allocation pass) or ${memoryNodeFlags('gc').join(' ')} (gc pass), or use measureMemoryInChild`);
  }
  for (const pass of passes) {
    if (!MEMORY_PASSES.includes(pass)) throw new TypeError(`measureMemory: unknown pass "${pass}"`);
  }
  for (const c of cases) {
    if (typeof c?.fn !== 'function') throw new TypeError(`measureMemory: case ${c?.name} has no fn`);
  }

  const recorder = gcRecorder();
  try {
    // Each case gets its own loop, compiled from source, so that its call
    // site and its store of the result see only that case's function and
    // result type: a loop shared by all cases would turn megamorphic and be
    // re-optimised, allocating code and feedback inside some later window.
    /** @type {CaseRun[]} */
    const runs = cases.map((c) => ({ c, loop: compileLoop(), box: { value: undefined }, msPerOp: 0 }));
    // The harness's own allocation per window (reading the heap statistics
    // allocates the object they come back in), measured the same way.
    /** @type {CaseRun} */
    const empty = { c: { name: '(harness)', fn: () => undefined }, loop: compileLoop(), box: { value: undefined }, msPerOp: 0 };
    for (const r of [empty, ...runs]) r.msPerOp = warmUp(r, warmupOps, warmupMs);
    // calls that fit in a time budget, by the warm-up's time per call
    const callsIn = (/** @type {CaseRun} */ r, /** @type {number} */ ms) => Math.max(1, Math.floor(ms / Math.max(r.msPerOp, 1e-6)));
    // One full GC (twice, so that ArrayBuffer sweeping has finished) clears
    // what building the cases left; none runs after this one.
    gc();
    gc();

    /** @type {MemoryResult[]} */
    const results = cases.map((c) => ({ name: c.name, allocation: null, gc: null }));
    // The measuring code allocates while it is itself compiled and its
    // feedback collected; a first round whose figures are thrown away lets
    // that happen outside any window that counts.
    const none = { heap: 0, external: 0 };
    await allocationRounds(empty, { gc, recorder, rounds, maxOpsPerRound, harness: none });
    // the harness's windows run until three in a row grow by the same bytes, give or take HARNESS_AGREE_BYTES (at
    // most HARNESS_MAX_WINDOWS): code V8 still compiles for the empty loop lands in its windows, on Node 26 in every
    // one of the first three on a busy machine, whose warm-up (capped by time) had run fewer calls (CI: a 1 KiB case
    // read 886 B a call)
    const harness = (await allocationRounds(empty, { gc, recorder, rounds: 3, maxOpsPerRound, harness: none, maxRounds: HARNESS_MAX_WINDOWS, agreeBytes: HARNESS_AGREE_BYTES })).window;
    if (passes.includes('allocation')) {
      for (const [i, r] of runs.entries()) {
        onCase({ pass: 'allocation', index: i + 1, total: runs.length, name: r.c.name });
        const cap = Math.min(maxOpsPerRound, callsIn(r, maxMsPerRound));
        // an explicit `settleSpan: undefined` among the options must not make every case unsettled (NaN)
        const span = Math.ceil((Number.isFinite(settleSpan) ? settleSpan : MEMORY_DEFAULTS.settleSpan) * rounds * cap);
        const { window: _w, ...figures } = await allocationRounds(r, { gc, recorder, rounds, maxOpsPerRound: cap, harness, maxRounds, settleTolerance, span });
        results[i].allocation = figures;
      }
    }
    if (passes.includes('gc')) {
      for (const [i, r] of runs.entries()) {
        onCase({ pass: 'gc', index: i + 1, total: runs.length, name: r.c.name });
        // A rough allocation rate sizes the loop; a few windows are enough.
        const probe = await allocationRounds(r, { gc, recorder, rounds: 3, maxOpsPerRound: Math.min(1_000, callsIn(r, maxMsPerRound)), harness });
        const perOp = Math.max(1, probe.heapBytesPerOp + probe.externalBytesPerOp);
        // the time cap gives way to enough calls to fill the young generation twice (fewer would see no GC at all),
        // up to five times the cap: an operation both slow and frugal keeps its few calls, and no GC to show
        const floor = Math.min(Math.ceil((2 * youngGeneration().size) / perOp), callsIn(r, 5 * gcMaxMsPerLoop));
        const ops = Math.min(gcMaxOps, Math.max(floor, Math.min(callsIn(r, gcMaxMsPerLoop), Math.max(gcMinOps, Math.ceil(gcAllocationBytes / perOp)))));
        results[i].gc = await gcRoundsFor(r, { gc, recorder, rounds: gcRounds, ops });
      }
    }
    return results;
  } finally {
    recorder.stop();
  }
}

/**
 * One case as the passes run it: its own compiled loop, the box the loop
 * stores each result in, and the fastest CPU time per call of the warm-up's chunks.
 * @typedef {{ c: MemoryCase, loop: CaseLoop, box: { value: unknown }, msPerOp: number }} CaseRun
 * @typedef {(fn: () => unknown, n: number, box: { value: unknown }) => void} CaseLoop
 */

/**
 * Runs a case's loop until `ops` calls or `ms` milliseconds of this process's CPU time, whichever comes first, in
 * doubling chunks (so a slow operation is not called thousands of times just to settle the JIT); returns the CPU
 * time per call of its fastest chunk, which sizes the windows (callsIn).
 * CPU time, not the wall clock: on a busy machine a chunk that was preempted took longer on the wall clock, which
 * made the next windows hold fewer calls and moved the figure (Node 24.21.0 in CI: test1's protobuf-es decode read
 * 885–1,180 B as its windows shrank and a later tier-up fell into more of them). The fastest chunk, because the
 * slower ones ran code not yet optimised or compiled that code on this thread (--no-concurrent-recompilation).
 * @param {CaseRun} run
 * @param {number} ops
 * @param {number} ms
 */
function warmUp(run, ops, ms) {
  const start = cpuMs();
  let done = 0;
  let perOp = 0;
  let fastest = Infinity;
  for (let chunk = 1; done < ops && cpuMs() - start < ms; chunk *= 2) {
    // a chunk no longer than the time left at the last chunk's pace: doubling alone could run twice the cap
    const fits = perOp > 0 ? Math.max(1, Math.floor((ms - (cpuMs() - start)) / perOp)) : chunk;
    const n = Math.min(chunk, ops - done, fits);
    const t0 = cpuMs();
    run.loop(run.c.fn, n, run.box);
    const elapsed = cpuMs() - t0;
    perOp = elapsed / n;
    // a chunk shorter than the clock's step reads 0 and says nothing about its calls
    if (elapsed > 0) fastest = Math.min(fastest, perOp);
    done += n;
  }
  return Number.isFinite(fastest) ? fastest : 0;
}

/**
 * This process's CPU time in milliseconds (user and system; process.cpuUsage counts microseconds). Not paired.js's
 * CPU_CLOCK: importing that module sets the speed pass's V8 flags (TIMING_V8_FLAGS) in the process, which would change
 * what this pass measures. A call that waits (preempted, or asleep) is not taken for a slow one: test/e2e/memory.test.js.
 */
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** @returns {CaseLoop} */
function compileLoop() {
  // The result goes to a property of an object the loop did not create, so
  // escape analysis cannot remove the allocations it measures.
  return /** @type {CaseLoop} */ (new Function('fn', 'n', 'box', 'for (let i = 0; i < n; i++) box.value = fn();'));
}

function heapNow() {
  const s = v8.getHeapStatistics();
  return { used: s.used_heap_size, external: s.external_memory };
}

/**
 * V8's young generation: `size`, the bytes it holds before a scavenge (what is used in it and what is still free),
 * and `available`, what is still free. Not its space_size: Node 20 to 24 count both semi-spaces there (128 MiB for
 * a 64 MiB semi-space, 62.9–64 MiB of it usable), and Node 26 only the pages committed so far (0.75 MiB of a 64 MiB
 * semi-space right after a scavenge).
 * @returns {{ size: number, available: number }}
 */
function youngGeneration() {
  const s = v8.getHeapSpaceStatistics().find((sp) => sp.space_name === 'new_space');
  return { size: (s?.space_used_size ?? 0) + (s?.space_available_size ?? 0), available: s?.space_available_size ?? 0 };
}

/**
 * Empties the young generation before a window. A scavenge, not a full GC:
 * a full GC clears weak references, among them the maps that optimised code
 * embeds, and deoptimises that code (V8's reason: "weak objects"), so every
 * window would start by re-optimising the operation, allocating code and
 * running slower tiers that allocate more (protobufjs's encode read 1,000 to
 * 1,950 B/op that way, 1,012 B/op steadily with scavenges). Twice, because V8
 * frees the backing stores of dead ArrayBuffers on a background thread after
 * a collection and only then lowers its external-memory count, which would
 * make external bytes fall inside the window; the second scavenge waits for
 * that sweep to finish first and finds nothing more to free.
 * @param {GcFunction} gc
 */
function emptyYoungGeneration(gc) {
  gc({ type: 'minor' });
  gc({ type: 'minor' });
}

// The harness's windows of empty calls agree when their growths lie within this many bytes (Node 20 and 24 read 688–720
// a window, Node 26 728–760 once its code settled) and run at most this many times.
const HARNESS_AGREE_BYTES = 64;
const HARNESS_MAX_WINDOWS = 21;

// V8 starts a GC of its own once external memory grows by about 64 MiB;
// a window stays well below that.
const EXTERNAL_BUDGET = 16 * MIB;

/**
 * The allocation pass of one case: windows of calls with no GC inside, until
 * the last `rounds` of them agree (settledOver) or `maxRounds` have been measured.
 * @param {CaseRun} run
 * @param {{ gc: GcFunction, recorder: GcRecorder, rounds: number, maxOpsPerRound: number, harness: { heap: number, external: number },
 *   maxRounds?: number, settleTolerance?: number, span?: number, agreeBytes?: number }} options
 *   harness: the bytes a window of no calls grows by, subtracted from every window; maxRounds, settleTolerance: as
 *   in MemoryOptions (default: no window beyond `rounds`); span: calls the agreeing windows must hold (default 0);
 *   agreeBytes: the last `rounds` windows agree when their whole growths lie within this many bytes of each other,
 *   instead of by bytes per call (the harness's, whose calls allocate nothing)
 * @returns {Promise<AllocationFigures & { window: { heap: number, external: number } }>} window: the least growth of
 *   a whole window among the last `rounds` (the harness's own, when run is the empty case: stray allocations only add
 *   bytes, and on Node 26 they fell into some of its windows of 10,000 empty calls, which grew by 728–2,832 bytes
 *   where Node 20 and 24's grew by 688–720; their median, subtracted from every window, made a case of three calls
 *   of 1 KiB read 634–870 B a call)
 */
async function allocationRounds(run, { gc, recorder, rounds, maxOpsPerRound, harness, maxRounds = rounds, settleTolerance = MEMORY_DEFAULTS.settleTolerance, span = 0, agreeBytes }) {
  /** @type {number[]} */
  const heap = [];
  /** @type {number[]} */
  const external = [];
  /** @type {number[]} */
  const windowHeap = [];
  /** @type {number[]} */
  const windowExternal = [];
  let discarded = 0;
  // the windows thrown away for each cause, each with its own limit: a GC halves the next window, a free does not
  let collected = 0;
  let freed = 0;
  let ops = 1;
  /** @type {number[]} */
  const opsOf = [];
  let cap = maxOpsPerRound;
  // A first window of one call estimates what a call allocates, on the heap
  // and off it, so that the next windows fill at most half the free young
  // generation and a fraction of V8's external-memory allowance.
  let estimate = { heap: Infinity, external: Infinity };
  let sized = false;
  // The figure comes from the last `rounds` windows, once they agree (settledOver): V8 may still replace a case's
  // code after the warm-up (Node 24's Maglev tiers up to TurboFan a few thousand calls later), and the windows
  // before that allocate more. How many windows that takes depends on their size, which follows the time a call
  // takes on a busy machine; waiting for agreement does not. Nor can four windows cut short by the young
  // generation's room agree before a tier-up that has not happened yet: the agreeing ones must hold `span` calls,
  // or, where windows are so short that even half the windows allowed (`limit`) could not hold that many, the calls
  // of half the windows allowed at the last window's size (test4's decode in --full: windows of ~456 calls, a span of
  // 35,000; a case steady from its first window then settles by its tenth window instead of never).
  const limit = Math.max(rounds, maxRounds);
  const settled = () => (agreeBytes === undefined
    ? settledOver(heap, rounds, settleTolerance, { ops: opsOf, span: Math.min(span, Math.floor(limit / 2) * (opsOf.at(-1) ?? 0)) })
    : windowHeap.length >= rounds && Math.max(...windowHeap.slice(-rounds)) - Math.min(...windowHeap.slice(-rounds)) <= agreeBytes);
  while (heap.length < rounds || (heap.length < limit && !settled())) {
    emptyYoungGeneration(gc);
    const room = youngGeneration().available;
    if (sized) {
      ops = Math.max(1, Math.min(cap, Math.floor(room / 2 / estimate.heap), Math.floor(EXTERNAL_BUDGET / estimate.external)));
    }
    const t0 = performance.now();
    const before = heapNow();
    run.loop(run.c.fn, ops, run.box);
    const after = heapNow();
    const t1 = performance.now();
    const collections = await recorder.between(t0, t1);
    if (collections.length) {
      // Memory was freed somewhere in the window, so its growth means nothing.
      discarded++;
      collected++;
      if (collected > 20) throw new Error(`${run.c.name}: a GC ran in every window, even of ${ops} call(s)`);
      cap = Math.max(1, Math.floor(ops / 2));
      continue;
    }
    if (after.used < before.used || after.external < before.external) {
      // Memory was freed with no GC in the window: a sweep of an earlier collection's pages finishing on a
      // background thread (Node 24 and 26: the heap 0.45–0.55 MB smaller after a window of a few calls). Calls
      // allocate, so a window that shrank was disturbed, and one that shrank by less than its calls allocated cannot
      // be told apart from the others: settledOver keeps it out of the figure unless its neighbours agree with it.
      // Its size had nothing to do with it, so the next window keeps its calls.
      discarded++;
      freed++;
      if (freed > 20) throw new Error(`${run.c.name}: memory was freed with no GC in ${freed} windows (of ${ops} call(s) or more): a background sweep that did not end`);
      continue;
    }
    const heapPerOp = (after.used - before.used - harness.heap) / ops;
    const externalPerOp = (after.external - before.external - harness.external) / ops;
    // The smallest reading so far sizes the next window: stray allocations
    // (a compilation finishing, say) only ever add bytes, so the minimum is
    // the best guess at what one call needs.
    estimate = {
      heap: Math.max(1, Math.min(estimate.heap, heapPerOp)),
      external: Math.max(1, Math.min(estimate.external, externalPerOp)),
    };
    if (!sized) {
      sized = true; // the one-call window only sized the others
      continue;
    }
    opsOf.push(ops);
    heap.push(heapPerOp);
    external.push(externalPerOp);
    windowHeap.push(after.used - before.used);
    windowExternal.push(after.external - before.external);
  }
  const onHeap = overRounds(heap.slice(-rounds));
  const offHeap = overRounds(external.slice(-rounds));
  return {
    heapBytesPerOp: onHeap.median, heapBytesMin: onHeap.min, heapBytesMax: onHeap.max,
    externalBytesPerOp: offHeap.median, externalBytesMin: offHeap.min, externalBytesMax: offHeap.max,
    opsPerRound: Math.min(...opsOf.slice(-rounds)), rounds, discarded, youngGenerationBytes: youngGeneration().size,
    settled: settled(), windows: heap.length,
    window: { heap: Math.min(...windowHeap.slice(-rounds)), external: Math.min(...windowExternal.slice(-rounds)) },
  };
}

/**
 * Whether the last `rounds` windows agree: their heap bytes per call within `tolerance` of their median, or within
 * SETTLE_FLOOR_BYTES for a case that allocates next to nothing; and, given the windows' calls (`ops`, in the same
 * order), whether the windows at the end that agree with that median hold at least `span` calls between them (a
 * window may come before the last `rounds`). Heap bytes only: what the code allocates moves
 * with the code V8 runs, while external bytes of Buffer-returning encoders come in pool slabs shared by many calls
 * (json-buffer's encode of test1 on Node 24.21.0: 197 or 229 B a call, a 64 KiB slab more or less in a window of
 * 2,000 calls, alternating for as long as it runs).
 * @param {number[]} heap per-window heap bytes per call, in order
 * @param {number} rounds
 * @param {number} tolerance
 * @param {{ ops?: number[], span?: number }} [calls] each window's calls; the calls the agreeing windows must hold
 */
export function settledOver(heap, rounds, tolerance, { ops = [], span = 0 } = {}) {
  if (heap.length < rounds) return false;
  const last = heap.slice(-rounds);
  const mid = median(last);
  const allowed = Math.max(tolerance * Math.abs(mid), SETTLE_FLOOR_BYTES);
  if (!last.every((h) => Math.abs(h - mid) <= allowed)) return false;
  if (span <= 0) return true;
  if (ops.length !== heap.length) throw new RangeError(`settledOver: ${ops.length} window call counts for ${heap.length} windows`);
  let held = 0;
  for (let i = heap.length - 1; i >= 0 && Math.abs(heap[i] - mid) <= allowed; i--) held += ops[i];
  return held >= span;
}

// Bytes per call below which two windows count as agreeing whatever their ratio: the harness is subtracted per
// window, so a case that allocates nothing reads a byte or two either side of zero.
const SETTLE_FLOOR_BYTES = 4;

/**
 * The gc pass of one case: `rounds` loops of `ops` calls, each from an empty
 * young generation, and the GC pause time that fell inside each.
 * @param {CaseRun} run
 * @param {{ gc: GcFunction, recorder: GcRecorder, rounds: number, ops: number }} options
 * @returns {Promise<GcFigures>}
 */
async function gcRoundsFor(run, { gc, recorder, rounds, ops }) {
  /** @type {number[]} */
  const ms = [];
  /** @type {number[]} */
  const counts = [];
  for (let r = 0; r < rounds; r++) {
    // A service does not run full GCs between requests; starting each loop
    // from an empty young generation is enough to make loops comparable.
    emptyYoungGeneration(gc);
    const t0 = performance.now();
    run.loop(run.c.fn, ops, run.box);
    const t1 = performance.now();
    const entries = await recorder.between(t0, t1);
    ms.push(entries.reduce((sum, e) => sum + e.duration, 0) / ops * 1000);
    counts.push(entries.length);
  }
  const pauses = overRounds(ms);
  return {
    msPer1000Ops: pauses.median, msMin: pauses.min, msMax: pauses.max,
    collections: median(counts), opsPerRound: ops, rounds, youngGenerationBytes: youngGeneration().size,
  };
}

/**
 * @typedef {{ between(t0: number, t1: number): Promise<PerformanceEntry[]>, stop(): void }} GcRecorder
 *   between: the GCs that started from t0 to t1 (performance.now() times)
 */

/**
 * Collects 'gc' performance entries. Node creates them in a setImmediate
 * after the collection and delivers them one turn later, so between() lets
 * two turns of the event loop pass and then takes what is pending.
 * @returns {GcRecorder}
 */
function gcRecorder() {
  /** @type {PerformanceEntry[]} */
  let seen = [];
  const observer = new PerformanceObserver((list) => { seen.push(...list.getEntries()); });
  observer.observe({ entryTypes: ['gc'] });
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return {
    async between(t0, t1) {
      await turn();
      await turn();
      seen.push(...observer.takeRecords());
      const inside = seen.filter((e) => e.startTime >= t0 && e.startTime <= t1);
      seen = [];
      return inside;
    },
    stop() { observer.disconnect(); },
  };
}
