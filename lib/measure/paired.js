/**
 * Paired slices: the timer behind every speed ratio (docs/speed.md, "Paired slices").
 *
 * These machines have slow stretches: a loop timed in 100 ms windows reads its slowest window 30–90% above its
 * median while the median holds. A ratio of two rates measured seconds apart carries both sides' stretches, so
 * the cases of one operation are timed in short slices, taking turns, with the baseline between every two:
 * B c1 B c2 B c3 … (the order of the others rotating and reversing from cycle to cycle). Each slice of a case is
 * divided by the baseline's slices right beside it (the geometric mean of the one before and the one after), so
 * both sides of every pair saw the same few tens of milliseconds of machine; the ratio is the median of those
 * pairs, with a distribution-free confidence interval of the median (order statistics, medianInterval). Cases
 * take turns until every ratio's interval is within the precision target or the time cap runs out: a run is
 * measured to a precision, not to a clock. Before the first measured slice, each case runs slices alone until
 * its rate settles (warmUp).
 *
 * A slice is a plain counted loop (sliceLoop), compiled afresh for each case so that no two cases share the
 * call site's type feedback, and timed with performance.now(): one Benchmark.js run per 20 ms slice would
 * spend most of the slice on Benchmark.js's own clock calibration and cycles. measureSpeed checks once per run
 * that both timers agree on one case (settings.timerCheck).
 */
import { median, medianInterval, relativeHalfWidth } from './statistics.js';
import { libcOf } from '../libc.js';

/** What a run is measured to by default: each ratio's 95% interval within ±5% of it. */
/** @type {Readonly<{ target: number, level: number, sliceMs: number, minPairs: number }>} */
export const PRECISION_DEFAULTS = Object.freeze({ target: 0.05, level: 0.95, sliceMs: 20, minPairs: 10 });

/**
 * How far the wall clock may run past a CPU-time cap (warm-up or cycles) before the case stops anyway, unless a run
 * gives its own (`wallFactor`: npm start's default mode gives less, lib/suite.js). A process that gets part of a core
 * (a slow stretch of the host, other jobs beside it) spends its CPU-time caps in that many times the wall time.
 */
export const WALL_FACTOR = 4;

/** The wall clock the caps' backstops and deadlines read (performance.now()); a test plays its own. */
export const WALL_CLOCK = Object.freeze({ now: () => performance.now() });

/**
 * A share of the time left before a deadline: the moment `mine` of the `left` still to come is used up, counting
 * from `now` (a deadline already past gives a moment before now: stop at once).
 * @param {number} now
 * @param {number} deadline
 * @param {number} mine this part's weight (its CPU-time caps)
 * @param {number} left the weight of this part and every part after it, > 0
 */
export const deadlineShare = (now, deadline, mine, left) => (Number.isFinite(deadline) ? now + ((deadline - now) * mine) / left : Infinity);

/**
 * How a case's rate must hold still to count as warmed up: the median of its last three slices within 5% of the three before.
 * @type {Readonly<{ settle: number, window: number, minMs: number, maxMs: number }>}
 */
export const WARMUP_DEFAULTS = Object.freeze({ settle: 0.05, window: 3, minMs: 100, maxMs: 1000 });

/**
 * A counted loop over one operation, compiled for this case alone: `op` is called on `inputs` in turn (index
 * wrapping round), `count` times, and the last result is returned so the calls are not dead code. The loop keeps
 * its place between slices, so every message of the corpus is visited as often as the others.
 * @template I
 * @param {(input: I) => unknown} op
 * @param {readonly I[]} inputs at least one
 * @returns {(count: number) => unknown}
 */
export function sliceLoop(op, inputs) {
  if (!inputs.length) throw new TypeError('sliceLoop: no inputs');
  // a Function of its own per case: closures made by one factory share their call sites' feedback, and the
  // loop's call would turn megamorphic across codecs (Benchmark.js compiles each test for the same reason)
  const make = new Function('op', 'inputs', `
    const n = inputs.length;
    let j = 0;
    return function loop(count) {
      let last;
      for (let k = 0; k < count; k++) {
        last = op(inputs[j]);
        j = j + 1 === n ? 0 : j + 1;
      }
      return last;
    };`);
  return make(op, inputs);
}

/**
 * One case of a paired run: a name and its loop (sliceLoop, or any function that makes `count` calls).
 * @typedef {{ id: string, loop: (count: number) => unknown }} PairedCase
 */

/**
 * A ratio to estimate: num's rate over den's, pair by pair. A case with no ratio of its own is measured for its
 * rate alone (its interval is then the one that must meet the target).
 * @typedef {{ id: string, num: string, den: string }} PairedRatio
 */

/**
 * The clock and the sink, injectable so that tests can play a machine with slow stretches deterministically.
 * @typedef {{ now: () => number }} PairedClock
 */

/** @type {unknown} */
let sink;

/** The coarsest step a slice clock may move in, in milliseconds: a 20 ms slice then reads within 0.25%. */
export const CLOCK_RESOLUTION_MS = 0.05;

/**
 * The clock of the slices: the CPU time of this thread (process.threadCpuUsage, Node 23.9 and later), else of this
 * process (process.cpuUsage), in milliseconds, else the wall clock, whichever is first to tick finely enough
 * (CLOCK_RESOLUTION_MS): on this project's machine the thread's clock moves in steps of 1–4 ms, as the kernel
 * ticks, while the process's moves by microseconds. On a shared machine a slice is often preempted: its wall time
 * then counts time spent waiting (20 ms slices of a plain loop read 11 ms of CPU in 11–20 ms of wall time beside
 * two busy processes on two cores), while its CPU time held within 1%. The thread's clock leaves out the garbage
 * collector's helper threads, as the wall clock of an idle machine does; the process's counts them.
 * @type {PairedClock & { kind: string }}
 */
export const CPU_CLOCK = pickClock();

/**
 * The step a clock moves in: the 90th percentile of the first 20 changes it shows within `watchMs` of wall time
 * (the 18th smallest; Infinity when it never moved). Not the smallest, and not the median either. A clock that only
 * moves when the kernel accounts the running thread (a thread's CPU clock here: at its ticks, and at every switch of
 * task) shows millisecond steps on an idle machine, but on a loaded one it is switched out often and shows tiny steps
 * between long ones: on Node 24.22.3 beside three quick runs on two cores (2026-11-30), the median of 20 steps passed
 * such a clock in up to 5 of 40 watches. A process that picked it timed whole cases in which no 2 ms slice read any
 * time (protobufjs-static's encode on test1, 4 and 5), and wrote their opsPerSec as null (CI on Node 24 failed so
 * once; forced onto that clock, 3 of 3 quick runs did). The 90th percentile passed it in 0 of 180 watches, and the
 * process's CPU clock in 180 of 180 (its longest step within 0.05 ms in 171): a CPU clock does not move while its
 * thread is preempted, so a preemption adds no long step to it, except for the time of the process's other threads
 * folded in meanwhile (the odd long step, of which the 90th percentile of 20 tolerates two).
 * @param {() => number} now milliseconds
 * @param {number} [watchMs]
 */
export function clockResolution(now, watchMs = 30) {
  const t0 = performance.now();
  let last = now();
  /** @type {number[]} */
  const steps = [];
  while (steps.length < 20 && performance.now() - t0 < watchMs) {
    const v = now();
    if (v !== last) { steps.push(v - last); last = v; }
  }
  if (!steps.length) return Infinity;
  steps.sort((a, b) => a - b);
  return steps[Math.ceil(0.9 * steps.length) - 1];
}

/** @returns {PairedClock & { kind: string }} */
function pickClock() {
  const proc = typeof process === 'undefined' ? null : process;
  /** @type {(PairedClock & { kind: string })[]} */
  const candidates = [];
  if (proc && typeof proc.threadCpuUsage === 'function') {
    const read = proc.threadCpuUsage.bind(proc);
    candidates.push({ kind: 'thread CPU time', now: () => { const u = read(); return (u.user + u.system) / 1000; } });
  }
  if (proc && typeof proc.cpuUsage === 'function') {
    candidates.push({ kind: 'process CPU time', now: () => { const u = proc.cpuUsage(); return (u.user + u.system) / 1000; } });
  }
  return candidates.find((c) => clockResolution(c.now) <= CLOCK_RESOLUTION_MS) ?? { kind: 'wall clock', now: () => performance.now() };
}

/**
 * What runs before each slice, outside its time: a minor garbage collection (a scavenge of the young generation),
 * so that every slice starts with an empty nursery and pays for the collections of its own garbage only. Without
 * it a slice pays for the garbage the case before it left (the young generation fills every few megabytes, and
 * whether a 20 ms slice of a decode holds a scavenge or not depends on who filled it): on this project's machine
 * decode ratios of one run read ±13–40% wide at 95%, and ±2–6% with it (docs/speed.md, "Paired slices").
 * V8's gc() is reached without a command-line flag (v8.setFlagsFromString, then the function from a fresh
 * context); where that is not possible (another engine, a browser) there is none, and the settings say so.
 * @type {{ kind: string, run: () => void } | null}
 */
export const SLICE_GC = pickGc();

/**
 * Node's v8 and vm modules, reached without an import (this module also loads in pages and in Bun and Deno); null
 * where this is not Node's V8.
 * @returns {{ v8: typeof import('node:v8'), vm: typeof import('node:vm') } | null}
 */
function nodeEngine() {
  const proc = typeof process === 'undefined' ? null : process;
  if (!proc?.versions?.v8 || proc.versions.bun || typeof proc.getBuiltinModule !== 'function') return null;
  return { v8: proc.getBuiltinModule('node:v8'), vm: proc.getBuiltinModule('node:vm') };
}

/** @returns {{ kind: string, run: () => void } | null} */
function pickGc() {
  try {
    const engine = nodeEngine();
    if (!engine) return null;
    engine.v8.setFlagsFromString('--expose-gc');
    const gc = engine.vm.runInNewContext('gc');
    if (typeof gc !== 'function') return null;
    const run = () => { gc({ type: 'minor' }); };
    run();
    return { kind: 'a minor GC before each slice', run };
  } catch {
    return null;
  }
}

/**
 * V8 flags the timing sets in its process, once, when this module loads: before any codec's code has run, since V8
 * decides early (set when the first slice runs, after the codecs were verified, they changed nothing: 2 of 6
 * processes still read half). A process that imports this module (npm start's, benchmark_dss.js's) runs with them
 * throughout; the servers of the transmission passes are processes of their own.
 * Allocation-site pretenuring off: V8 allocates the objects of an allocation site straight in the old generation
 * once it has seen enough of them survive a collection; in a timing loop, whose results die at once, it still
 * decided so in some processes and not in others (from the few objects alive when a collection ran), and the decode
 * of such a process read half as fast: protobuf-es decode on test3 read 0.48–0.60× json-buffer in 5 of 11 fresh
 * processes and 0.85–0.98× in the rest; with pretenuring off, 0.85–1.02× in 12 of 12 (docs/speed.md, "Paired
 * slices").
 */
export const TIMING_V8_FLAGS = Object.freeze(['--no-allocation-site-pretenuring']);

/** The flags set in this process (TIMING_V8_FLAGS; none where V8's flags cannot be set), at load. */
export const TIMING_FLAGS_SET = Object.freeze(setTimingFlags());

/** @returns {string[]} */
function setTimingFlags() {
  try {
    const engine = nodeEngine();
    if (!engine) return [];
    for (const flag of TIMING_V8_FLAGS) engine.v8.setFlagsFromString(flag);
    return [...TIMING_V8_FLAGS];
  } catch {
    return [];
  }
}

/**
 * V8 flags a Node process that times in slices is started with (the speed pass's fresh processes,
 * lib/runtimes/run/processes.js): they cannot be set once V8 runs (set with v8.setFlagsFromString, this one aborts
 * the process at its next full collection). Garbage collection on the main thread alone: V8 otherwise scavenges and
 * sweeps with helper threads, and the process's CPU clock, the slices' clock, charges their time to whichever slice
 * is running, not to the one whose garbage it is. On Node 20.20.2 (2-core AMD EPYC VM, 2026-11-29) the process read
 * 1.15–1.20 CPU seconds per wall second in protobuf-es's encode slices, whose ratio to json-buffer on test5 flipped
 * between about 0.45 and about 1.0 within one process; with this flag, 1.00 CPU seconds per wall second and no such
 * flip (docs/speed.md, "Paired slices", the bullet on the timing processes, with the commands and what is left).
 */
export const TIMING_NODE_FLAGS = Object.freeze(['--single-threaded-gc']);

/**
 * The environment of a process that times in slices: glibc's allocator keeps the top of its heap instead of
 * returning it to the kernel after each collection frees a run of buffers, and serves large buffers from that heap
 * instead of mapping them one by one. An ArrayBuffer's memory comes from malloc, and a codec that allocates one per
 * message (protobuf.js's Writer takes them from Node's 8 KB buffer pool, protobuf-es allocates 128 bytes each)
 * otherwise settles, at random, in one of two modes: in the slow one the heap is trimmed and grown back by brk()
 * over and over, every new page faults (10,000–14,500 minor faults in 0.4 s of slices, 11–16% of the CPU time in the
 * kernel) and protobufjs-static's encode on test3 reads 0.8–1.0× json-buffer instead of 1.7–2.1× (2 of 12 fresh
 * processes, 4 of 6 in another run; none of 30 in five runs with these). Other C libraries ignore these variables.
 */
export const TIMING_ENV = Object.freeze({ MALLOC_TRIM_THRESHOLD_: String(2 ** 30), MALLOC_TOP_PAD_: String(64 * 2 ** 20), MALLOC_MMAP_THRESHOLD_: String(32 * 2 ** 20) });

/**
 * What a process runs with of TIMING_NODE_FLAGS and TIMING_ENV, as the speed settings state it: `v8Flags` the
 * command-line flags among them, `allocator` a phrase when every variable of TIMING_ENV is set as it says and the
 * process's C library is glibc, the one that reads them (else null: a process started another way, such as
 * benchmark_dss.js's or npm start's own when it times in-process, or one on musl or macOS, where the variables do
 * nothing).
 * @param {{ execArgv?: string[], env?: Record<string, string|undefined> } | null} proc
 * @param {{ glibc: boolean }} libc whether the process runs on glibc (glibcRuntime() for this one)
 * @returns {{ v8Flags: string[], allocator: string|null }}
 */
export function timingProcess(proc, { glibc }) {
  const argv = proc?.execArgv ?? [];
  const env = proc?.env ?? {};
  const kept = glibc && Object.entries(TIMING_ENV).every(([k, v]) => env[k] === v);
  return {
    v8Flags: TIMING_NODE_FLAGS.filter((f) => argv.includes(f)),
    allocator: kept ? `glibc heap kept (${Object.entries(TIMING_ENV).map(([k, v]) => `${k}=${v}`).join(' ')})` : null,
  };
}

/**
 * Whether this process runs on glibc (lib/libc.js, from Node's report); not claimed for Bun or Deno, whose reports
 * may say nothing, or on any failure to ask.
 * @returns {boolean}
 */
export function glibcRuntime() {
  try {
    const proc = typeof process === 'undefined' ? null : process;
    return !proc?.versions?.bun && !proc?.versions?.deno && libcOf(proc) === 'glibc';
  } catch {
    return false;
  }
}

/** @type {{ v8Flags: string[], allocator: string|null } | null} */
let own = null;

/**
 * This process's timing settings (timingProcess), read once, when first asked (Node's report takes some
 * milliseconds).
 * @returns {{ v8Flags: string[], allocator: string|null }}
 */
export function thisTimingProcess() {
  own ??= Object.freeze(timingProcess(typeof process === 'undefined' ? null : process, { glibc: glibcRuntime() }));
  return own;
}

/**
 * How this process times, as a speed pass's settings state it: the clock, the collection before each slice, the V8
 * flags it runs with (those set at load and those it was started with) and its allocator's settings.
 * @returns {{ clock: string, gc: string|null, v8Flags: string[], allocator: string|null }}
 */
export function timingSettings() {
  const started = thisTimingProcess();
  return { clock: CPU_CLOCK.kind, gc: SLICE_GC?.kind ?? null, v8Flags: [...started.v8Flags, ...TIMING_FLAGS_SET], allocator: started.allocator };
}

/**
 * Times `count` calls of a loop: milliseconds. `before` runs first, outside the time.
 * @param {(count: number) => unknown} loop
 * @param {number} count
 * @param {PairedClock} clock
 * @param {(() => void) | null} [before]
 */
function timeSlice(loop, count, clock, before = null) {
  if (before) {
    sink = undefined;
    before();
  }
  const t0 = clock.now();
  sink = loop(count);
  return clock.now() - t0;
}

/**
 * How many calls fill a slice of `sliceMs`: counts doubling from 1 until a slice takes a quarter of it, then
 * scaled to the whole.
 * @param {(count: number) => unknown} loop
 * @param {number} sliceMs
 * @param {PairedClock} clock
 * @param {(() => void) | null} [beforeSlice] run before each slice, outside its time
 */
export function calibrateCount(loop, sliceMs, clock, beforeSlice = null) {
  let count = 1;
  for (;;) {
    const wall0 = performance.now();
    const ms = timeSlice(loop, count, clock, beforeSlice);
    // a clock that has not moved while the wall clock ran a whole slice is too coarse: size the slice on the wall
    const wall = performance.now() - wall0;
    const took = ms > 0 ? ms : wall >= sliceMs ? wall : 0;
    if (took >= sliceMs / 4 || count >= 2 ** 30) return Math.max(1, Math.round((count * sliceMs) / Math.max(took, 1e-6)));
    count *= took > 0 ? Math.min(16, Math.max(2, Math.floor(sliceMs / 4 / took))) : 16;
  }
}

/**
 * Runs a case in slices alone until its rate settles: the median of its last `window` slice rates within
 * `settle` of the median of the `window` before (and at least `minMs` spent), or `maxMs` has passed. The count
 * per slice is calibrated again at the end, for the rate it settled at.
 * @param {(count: number) => unknown} loop
 * @param {{ sliceMs: number, settle?: number, window?: number, minMs?: number, maxMs?: number, clock: PairedClock, beforeSlice?: (() => void) | null, wallFactor?: number, deadline?: number, wallClock?: PairedClock }} options
 *   `wallFactor`: the warm-up also stops once the wall clock has run that many times `maxMs` (WALL_FACTOR);
 *   `deadline`: and at this time of `wallClock` (measurePaired's share of a run's wall-time budget); `wallClock`:
 *   WALL_CLOCK, or a test's
 * @returns {{ count: number, settled: boolean, ms: number, slices: number, rates: number[] }}
 */
export function warmUp(loop, { sliceMs, settle = WARMUP_DEFAULTS.settle, window = WARMUP_DEFAULTS.window, minMs = WARMUP_DEFAULTS.minMs, maxMs = WARMUP_DEFAULTS.maxMs, clock, beforeSlice = null, wallFactor = WALL_FACTOR, deadline = Infinity, wallClock = WALL_CLOCK }) {
  const start = clock.now();
  const wallStart = wallClock.now();
  let count = calibrateCount(loop, sliceMs, clock, beforeSlice);
  /** @type {number[]} */
  const rates = [];
  let settled = false;
  for (;;) {
    const ms = timeSlice(loop, count, clock, beforeSlice);
    // a slice that read no time at all was not measured (see measurePaired): it sizes nothing and counts nothing
    if (ms > 0) rates.push(count / ms);
    const spent = clock.now() - start;
    if (rates.length >= 2 * window && spent >= minMs) {
      const last = median(rates.slice(-window));
      const before = median(rates.slice(-2 * window, -window));
      if (Math.abs(last / before - 1) <= settle) { settled = true; break; }
    }
    const wall = wallClock.now();
    if (spent >= maxMs || wall - wallStart >= wallFactor * maxMs || wall >= deadline) break;
    // the rate grows as the JIT compiles: keep a slice near its length
    if (ms > 0 && (ms > 2 * sliceMs || ms < sliceMs / 2)) count = rescale(count, (count * sliceMs) / ms);
  }
  if (rates.length) count = rescale(count, median(rates.slice(-window)) * sliceMs);
  return { count, settled, ms: clock.now() - start, slices: rates.length, rates };
}

/** How far one step may change the calls per slice: a reading of (almost) no time must not size a slice. */
export const MAX_RESCALE = 16;

/**
 * A new count of calls per slice, within MAX_RESCALE of the old either way. A clock that ticks coarsely (a thread
 * clock in 1 ms steps) reads 0 for a short slice; taken at its word that would multiply the next slice by a
 * million, and a slice meant to last 2 ms would run for half an hour.
 * @param {number} count
 * @param {number} wanted
 */
function rescale(count, wanted) {
  return Math.max(1, Math.round(Math.min(count * MAX_RESCALE, Math.max(count / MAX_RESCALE, wanted))));
}

/**
 * The order of one cycle: the baseline before each other case, the others rotated by the cycle number and
 * reversed every other cycle; `followers` go right after the case they follow (a one-message loop after its
 * corpus loop). The baseline that closes a cycle is the next cycle's first.
 * @param {string} baseline
 * @param {readonly string[]} others
 * @param {Record<string, string[]>} followers
 * @param {number} cycle
 * @returns {string[]}
 */
export function cycleOrder(baseline, others, followers, cycle) {
  const k = others.length ? cycle % others.length : 0;
  let turn = [...others.slice(k), ...others.slice(0, k)];
  // reversed every other full rotation (reversing every other cycle would undo the rotation of two cases)
  if (Math.floor(cycle / Math.max(1, others.length)) % 2) turn = turn.reverse();
  if (!turn.length) return baseline ? [baseline, ...(followers[baseline] ?? [])] : [];
  if (!baseline) return turn.flatMap((id) => [id, ...(followers[id] ?? [])]);
  // the baseline's own followers once per cycle, right after its first slice
  return turn.flatMap((id, i) => [baseline, ...(i === 0 ? followers[baseline] ?? [] : []), id, ...(followers[id] ?? [])]);
}

/**
 * The pairs of a ratio over a timeline of slices: each slice of num over den's rate beside it, the geometric mean
 * of den's nearest slice before and after when both are within `reach` places, else the nearer one within reach.
 * @param {{ id: string, rate: number }[]} timeline slices in the order they ran
 * @param {string} num
 * @param {string} den
 * @param {number} [reach]
 * @returns {number[]}
 */
export function pairRatios(timeline, num, den, reach = 2) {
  return pairsBeside(timeline, num, den, reach).map((p) => p.ratio);
}

/**
 * The pairs of pairRatios with den's rate each was taken beside (the geometric mean of its two slices, or the one).
 * @param {{ id: string, rate: number }[]} timeline
 * @param {string} num
 * @param {string} den
 * @param {number} [reach]
 * @returns {{ ratio: number, den: number }[]}
 */
export function pairsBeside(timeline, num, den, reach = 2) {
  const out = [];
  for (let i = 0; i < timeline.length; i++) {
    if (timeline[i].id !== num) continue;
    let before = null;
    let after = null;
    for (let j = i - 1; j >= Math.max(0, i - reach); j--) if (timeline[j].id === den) { before = timeline[j].rate; break; }
    for (let j = i + 1; j <= Math.min(timeline.length - 1, i + reach); j++) if (timeline[j].id === den) { after = timeline[j].rate; break; }
    const beside = before != null && after != null ? Math.sqrt(before * after) : before ?? after;
    if (beside != null && beside > 0) out.push({ ratio: timeline[i].rate / beside, den: beside });
  }
  return out;
}

/**
 * Paired measurement of one group of cases (one operation of one payload): warm-up per case, then cycles of
 * slices (cycleOrder) until every ratio, and every case without a ratio, has an interval within `target` (after at
 * least `minPairs` pairs), or `maxMs` of cycles have passed. A case whose figures are final leaves the cycles; the
 * baseline stays while any ratio needs it.
 * @param {object} options
 * @param {PairedCase[]} options.cases
 * @param {string|null} options.baseline the case every other is paired with (null: none, the cases rotate alone)
 * @param {PairedRatio[]} [options.ratios] ratios to estimate (default: each case over the baseline)
 * @param {Record<string, string>} [options.follow] case id → the case it runs right after (its ratio's den)
 * @param {number} [options.target] relative half-width to reach, e.g. 0.05
 * @param {number} [options.level] confidence level, e.g. 0.95
 * @param {number} [options.sliceMs]
 * @param {number} [options.minPairs]
 * @param {number} [options.maxMs] time cap of the cycles (the warm-up is not counted)
 * @param {Partial<typeof WARMUP_DEFAULTS>} [options.warmup]
 * @param {number} [options.wallFactor] the wall clock may run this many times a CPU-time cap (the warm-up's, the
 *   cycles') before the case stops anyway (default WALL_FACTOR); the result's stoppedBy then says 'wall time'
 * @param {number} [options.deadline] a time of `wallClock` by which the group ends, warm-ups included, whatever its
 *   caps allow (a run's wall-time budget: measureSpeedPaired); each warm-up gets a share of the time left in proportion
 *   to its cap against the caps still to come (deadlineShare), the cycles stop at the deadline once every case has a
 *   slice that read time (stoppedBy 'deadline')
 * @param {PairedClock} [options.wallClock] the wall clock of the backstops and the deadline (WALL_CLOCK; a test plays one)
 * @param {PairedClock} [options.clock]
 * @param {(() => void) | null} [options.beforeSlice] run before every slice, outside its time (default: SLICE_GC's
 *   minor GC on the CPU clock, none on a clock a test plays)
 * @param {(e: { id: string, phase: 'warmup'|'done' }) => void} [options.onCase]
 * @returns {PairedResult}
 */
export function measurePaired({
  cases, baseline: given, ratios, follow = {}, target = PRECISION_DEFAULTS.target, level = PRECISION_DEFAULTS.level,
  sliceMs = PRECISION_DEFAULTS.sliceMs, minPairs = PRECISION_DEFAULTS.minPairs, maxMs = 5000, warmup = {}, wallFactor = WALL_FACTOR, deadline = Infinity, wallClock = WALL_CLOCK,
  clock = CPU_CLOCK, beforeSlice = clock === CPU_CLOCK ? SLICE_GC?.run ?? null : null, onCase,
}) {
  const byId = new Map(cases.map((c) => [c.id, c]));
  if (given != null && !byId.has(given)) throw new TypeError(`measurePaired: no case ${given}`);
  const wanted = ratios ?? (given == null ? [] : cases.filter((c) => c.id !== given && !follow[c.id]).map((c) => ({ id: c.id, num: c.id, den: given })));
  // a baseline no ratio needs (the only codec of a run) is a case like any other, timed alone for its own rate: as a
  // baseline it would only ever be timed beside the others, and with none it was never timed at all (its rate the
  // median of nothing, written as null)
  const baseline = given != null && wanted.some((r) => r.num === given || r.den === given) ? given : null;
  /** @type {Record<string, string[]>} */
  const followers = {};
  for (const [id, leader] of Object.entries(follow)) (followers[leader] ??= []).push(id);

  /** @type {Map<string, ReturnType<typeof warmUp>>} */
  const warm = new Map();
  const warmupCap = warmup.maxMs ?? WARMUP_DEFAULTS.maxMs;
  for (const [k, c] of cases.entries()) {
    // under a deadline, this warm-up's share of the time left: its cap against the warm-ups' still to come and the cycles'
    const until = deadlineShare(wallClock.now(), deadline, warmupCap, (cases.length - k) * warmupCap + maxMs);
    warm.set(c.id, warmUp(c.loop, { sliceMs, clock, beforeSlice, ...warmup, wallFactor, deadline: until, wallClock }));
    onCase?.({ id: c.id, phase: 'warmup' });
  }

  /** @type {{ id: string, rate: number }[]} */
  const timeline = [];
  /** @type {Map<string, number[]>} */
  const rates = new Map(cases.map((c) => [c.id, []]));
  const counts = new Map(cases.map((c) => [c.id, /** @type {ReturnType<typeof warmUp>} */ (warm.get(c.id)).count]));
  const ratioDone = new Set();
  const caseDone = new Set();
  const alone = cases.filter((c) => c.id !== baseline && !wanted.some((r) => r.num === c.id || r.den === c.id)).map((c) => c.id);
  const leaders = cases.map((c) => c.id).filter((id) => id !== baseline && !follow[id]);
  const start = clock.now();
  // a backstop on the wall clock: a heavily loaded machine stretches CPU time's cap several-fold
  const wallStart = wallClock.now();
  const pending = () => wanted.some((r) => !ratioDone.has(r.id)) || alone.some((id) => !caseDone.has(id));
  // the baseline stays while a ratio needs it: its own, or one of its followers' (the one-message loop)
  const baselineNeeded = () => baseline != null && wanted.some((r) => !ratioDone.has(r.id) && (r.den === baseline || r.num === baseline || follow[r.num] === baseline));
  let cycle = 0;
  let stoppedBy = 'precision';
  while (pending()) {
    const active = leaders.filter((id) => !caseDone.has(id));
    const activeFollowers = Object.fromEntries(Object.entries(followers).map(([k, v]) => [k, v.filter((id) => !caseDone.has(id))]));
    const order = cycleOrder(baselineNeeded() ? /** @type {string} */ (baseline) : '', active, activeFollowers, cycle);
    if (!order.length) break;
    // close the cycle with the baseline so the last case has one after it
    if (baseline != null && order[0] === baseline) order.push(baseline);
    for (const id of order) {
      // the baseline closing one cycle opens the next: do not time it twice in a row
      if (id === baseline && timeline.length && timeline[timeline.length - 1].id === baseline) continue;
      const c = /** @type {PairedCase} */ (byId.get(id));
      const count = /** @type {number} */ (counts.get(id));
      const ms = timeSlice(c.loop, count, clock, beforeSlice);
      // a slice of at least one call that read no CPU time was not measured: the process clock can stand still
      // over a few milliseconds (Linux folds the time of the process's other threads in at its ticks, and its
      // getrusage returns the previous reading when the sum would go back); its rate would be count ÷ 0. It is left
      // out, and the pairs are taken beside the slices that were measured.
      if (!(ms > 0)) continue;
      const rate = (count * 1000) / ms;
      timeline.push({ id, rate });
      /** @type {number[]} */ (rates.get(id)).push(rate);
    }
    cycle++;
    // what is final now
    for (const r of wanted) {
      if (ratioDone.has(r.id)) continue;
      const pairs = pairRatios(timeline, r.num, r.den);
      if (pairs.length >= minPairs && relativeHalfWidth(medianInterval(pairs, level)) <= target) ratioDone.add(r.id);
    }
    for (const id of alone) {
      if (caseDone.has(id)) continue;
      const own = /** @type {number[]} */ (rates.get(id));
      if (own.length >= minPairs && relativeHalfWidth(medianInterval(own, level)) <= target) caseDone.add(id);
    }
    for (const id of [...leaders, ...Object.keys(follow)]) {
      if (alone.includes(id)) continue;
      const mine = wanted.filter((r) => r.num === id || (r.den === id && id !== baseline));
      if (mine.length && mine.every((r) => ratioDone.has(r.id))) caseDone.add(id);
    }
    if (clock.now() - start >= maxMs) {
      if (pending()) stoppedBy = 'time';
      break;
    }
    if (wallClock.now() - wallStart >= wallFactor * maxMs) {
      if (pending()) stoppedBy = 'wall time';
      break;
    }
    // past its deadline a group still goes on until every case has a slice that read time (one that read none is left
    // out), so that no case is left without a rate
    if (wallClock.now() >= deadline && cases.every((c) => /** @type {number[]} */ (rates.get(c.id)).length > 0)) {
      if (pending()) stoppedBy = 'deadline';
      break;
    }
  }

  return {
    cycles: cycle,
    ms: clock.now() - start,
    stoppedBy,
    target, level, sliceMs, wallFactor,
    cases: Object.fromEntries(cases.map((c) => {
      const own = /** @type {number[]} */ (rates.get(c.id));
      const ci = medianInterval(own, level);
      const w = /** @type {ReturnType<typeof warmUp>} */ (warm.get(c.id));
      return [c.id, {
        rate: ci.median, low: ci.low, high: ci.high, slices: own.length, count: counts.get(c.id),
        warmup: { settled: w.settled, ms: w.ms, slices: w.slices },
        ...(alone.includes(c.id) && { halfWidth: relativeHalfWidth(ci), met: relativeHalfWidth(ci) <= target }),
      }];
    })),
    ratios: Object.fromEntries(wanted.map((r) => {
      const beside = pairsBeside(timeline, r.num, r.den);
      const pairs = beside.map((p) => p.ratio);
      const ci = medianInterval(pairs, level);
      const halfWidth = relativeHalfWidth(ci);
      return [r.id, {
        num: r.num, den: r.den, ratio: ci.median, low: ci.low, high: ci.high, pairs: pairs.length, halfWidth, met: pairs.length >= minPairs && halfWidth <= target, values: pairs,
        // the den's rate beside the pairs (their median): how fast the machine ran the baseline while this ratio was
        // timed, which lib/measure/processes.js compares between processes (fullSpeed)
        denRate: beside.length ? median(beside.map((p) => p.den)) : null,
      }];
    })),
  };
}

/**
 * @typedef {{ cycles: number, ms: number, stoppedBy: string, target: number, level: number, sliceMs: number, wallFactor: number,
 *   cases: Record<string, { rate: number, low: number|null, high: number|null, slices: number, count: number|undefined,
 *     warmup: { settled: boolean, ms: number, slices: number }, halfWidth?: number, met?: boolean }>,
 *   ratios: Record<string, { num: string, den: string, ratio: number, low: number|null, high: number|null, pairs: number,
 *     halfWidth: number, met: boolean, values: number[], denRate: number|null }> }} PairedResult
 */

/** Keeps the last loop result reachable, so no engine can prove the timed calls dead. */
export function lastSink() {
  return sink;
}
