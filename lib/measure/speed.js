import Benchmark from 'benchmark';
import { BASELINE, toBytes } from '../codecs/baseline.js';
import { isIdentity } from '../codecs/native-form.js';
import { UserError } from '../errors.js';
import { median, range, spread } from './statistics.js';
import { describeCodec, measurable } from '../verify.js';
import { describePayload } from '../payload/index.js';

// Benchmark.js would otherwise recompile each test from its source text, which
// fails for closures and silently falls back; calling every codec the same way
// keeps the harness overhead equal across codecs.
Benchmark.support.decompilation = false;

/**
 * What is timed, in the order of every table (docs/speed.md explains why):
 * encode (native form → bytes), decode (bytes → native form), roundtrip
 * (both), and the conversions between the native form and the plain
 * JSON-shaped object, each on its own, for codecs that have them.
 */
export const OPERATIONS = ['encode', 'decode', 'roundtrip', 'to-plain', 'from-plain'];

/** The operations that convert, and the instance conversion each one times. */
const CONVERSIONS = { 'to-plain': 'toPlain', 'from-plain': 'fromPlain' };

/** Why an identity conversion has no figure. */
export const IDENTITY_NOTE = 'n/a — native form is the plain object';

/**
 * The plain functions of one prepared codec, one per operation, over inputs
 * built once before timing: the payload's native form, its bytes and its
 * decoded native form. Each returns its result so no call is dead code. An
 * identity conversion has no function: there is nothing to time. The speed
 * and memory measurements both take these.
 * @param {import('../verify.js').Prepared} p a measurable prepared codec
 * @param {any} value the payload as a plain object
 * @returns {{ wireBytes: number, fns: Record<string, (() => any) | null> }}
 */
export function operationFunctions(p, value) {
  const { encode, decode, toPlain, fromPlain } = p.instance;
  const native = p.native;
  const encoded = encode(native);
  const decoded = decode(encoded);
  return {
    wireBytes: toBytes(encoded).length,
    fns: {
      encode: () => encode(native),
      decode: () => decode(encoded),
      roundtrip: () => decode(encode(native)),
      'to-plain': isIdentity(toPlain) ? null : () => toPlain(decoded),
      'from-plain': isIdentity(fromPlain) ? null : () => fromPlain(value),
    },
  };
}

/**
 * The benchmarks a run will time: every measurable codec × operation whose
 * "format op" name matches the filter, identity conversions left out.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {RegExp} [filter]
 * @returns {{ p: import('../verify.js').Prepared, op: string, name: string }[]}
 */
export function planBenchmarks(prepared, filter) {
  const plan = [];
  for (const p of prepared.filter(measurable)) {
    for (const op of OPERATIONS) {
      const name = `${p.codec.name} ${op}`;
      if (CONVERSIONS[op] && isIdentity(p.instance[CONVERSIONS[op]])) continue;
      if (!filter || filter.test(name)) plan.push({ p, op, name });
    }
  }
  return plan;
}

/**
 * The conversions not timed because they are the identity, as rows a table
 * can show: a reader adding decode and to-plain sees that the second is zero.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {RegExp} [filter]
 * @returns {{ format: string, op: string, note: string }[]}
 */
export function identityConversions(prepared, filter) {
  return prepared.filter(measurable).flatMap((p) => Object.entries(CONVERSIONS)
    .filter(([op, key]) => isIdentity(p.instance[key]) && (!filter || filter.test(`${p.codec.name} ${op}`)))
    .map(([op]) => ({ format: p.codec.name, op, note: IDENTITY_NOTE })));
}

/**
 * Benchmark.js suites for every operation over the measurable codecs, in
 * several interleaved rounds (the codec order rotates each round), so that
 * the spread across rounds shows run-to-run noise that one round's ±RME does
 * not. Inputs are built before timing; nothing converts inside a timed
 * function that the operation does not name.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {import('../payload/index.js').Payload} payload
 * @param {{ rounds?: number, maxTime?: number, minTime?: number, filter?: RegExp, onProgress?: (e: object) => void }} [options]
 */
export function measureSpeed(prepared, payload, { rounds = 3, maxTime = 0.5, minTime, filter, onProgress } = {}) {
  const cases = planBenchmarks(prepared, filter).map(({ p, op, name }) => {
    const { wireBytes, fns } = operationFunctions(p, payload.value);
    const timed = fns[op];
    let sink; // results go somewhere the optimiser cannot see through
    return { p, op, name, wireBytes, fn: () => { sink = timed(); }, rounds: [], sink: () => sink };
  });
  if (!cases.length && filter) throw new UserError(`--filter: ${filter} matches no benchmark`);

  const total = cases.length * rounds;
  let done = 0;
  for (let r = 0; r < rounds; r++) {
    for (const op of OPERATIONS) {
      const ofOp = cases.filter((c) => c.op === op);
      for (let i = 0; i < ofOp.length; i++) {
        const c = ofOp[(i + r) % ofOp.length];
        const bench = new Benchmark(c.name, c.fn, { maxTime, minSamples: 5, initCount: 1, ...(minTime ? { minTime } : {}) });
        bench.run({ async: false });
        if (bench.error) throw bench.error;
        c.rounds.push({ hz: bench.hz, rme: bench.stats.rme, samples: bench.stats.sample.length });
        done++;
        onProgress?.({ done, total, name: c.name, round: r + 1, hz: bench.hz });
      }
    }
  }
  return {
    payload: describePayload(payload),
    settings: { rounds, maxTime, minTime: minTime ?? null, filter: filter ? String(filter) : null, baseline: BASELINE, operations: OPERATIONS },
    skipped: prepared.filter((p) => !measurable(p)).map(describeCodec),
    notTimed: identityConversions(prepared, filter),
    results: summariseRounds(cases, BASELINE),
  };
}

/**
 * Per-benchmark figures from the rounds: the median ops/s with the min–max
 * across rounds, and the speed relative to the baseline codec computed round
 * by round (both were timed in the same round, so slow drift of the machine
 * cancels), as the median of those ratios with their min–max. `memory` is
 * where the memory pass (bytes allocated per operation, GC time) puts its
 * figures for the same codec and operation; null until it has run.
 * @param {{ p: object, op: string, wireBytes: number, rounds: { hz: number, rme: number, samples: number }[] }[]} cases
 * @param {string} baseline
 */
export function summariseRounds(cases, baseline) {
  return cases.map((c) => {
    const hz = c.rounds.map((x) => x.hz);
    const med = median(hz);
    const base = cases.find((x) => x.p.codec.name === baseline && x.op === c.op);
    const ratios = base ? c.rounds.map((x, i) => x.hz / base.rounds[i].hz) : null;
    return {
      ...describeCodec(c.p),
      op: c.op,
      opsPerSec: med,
      ...range(hz),
      spread: spread(hz),
      rme: median(c.rounds.map((x) => x.rme)),
      samplesPerRound: median(c.rounds.map((x) => x.samples)),
      wireBytes: c.wireBytes,
      // a conversion never touches the wire
      mbPerSec: CONVERSIONS[c.op] ? null : (med * c.wireBytes) / 1e6,
      vsBaseline: ratios ? median(ratios) : null,
      vsBaselineMin: ratios ? Math.min(...ratios) : null,
      vsBaselineMax: ratios ? Math.max(...ratios) : null,
      memory: null,
      rounds: c.rounds,
    };
  });
}

/**
 * Puts memory figures into speed rows, matched by format and operation: the
 * figures of lib/measure/operation-memory.js, whose pass runs apart from the
 * timing. A row without a figure keeps `memory: null`.
 * @param {object[]} rows speed rows (summariseRounds)
 * @param {{ format: string, op: string, heapBytesPerOp?: number|null, externalBytesPerOp?: number|null, bytesPerOp: number|null, gcMsPer1000Ops: number|null }[]} figures
 * @returns {object[]} the rows, each with `memory` set where a figure matched
 */
export function attachMemory(rows, figures) {
  return rows.map((r) => {
    const m = figures.find((f) => f.format === r.format && f.op === r.op);
    return m ? {
      ...r,
      memory: {
        heapBytesPerOp: m.heapBytesPerOp ?? null, externalBytesPerOp: m.externalBytesPerOp ?? null,
        bytesPerOp: m.bytesPerOp, gcMsPer1000Ops: m.gcMsPer1000Ops,
      },
    } : r;
  });
}
