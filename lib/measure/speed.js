import Benchmark from 'benchmark';
import { BASELINE, toBytes } from '../codecs/index.js';
import { UserError } from '../errors.js';
import { median, range, spread } from './statistics.js';
import { describeCodec, measurable } from '../verify.js';
import { describePayload } from '../payload/index.js';

// Benchmark.js would otherwise recompile each test from its source text, which
// fails for closures and silently falls back; calling every codec the same way
// keeps the harness overhead equal across codecs.
Benchmark.support.decompilation = false;

export const OPERATIONS = ['encode', 'decode', 'roundtrip'];

/**
 * The benchmarks a run will time: every measurable codec × operation whose
 * "format op" name matches the filter.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {RegExp} [filter]
 * @returns {{ p: import('../verify.js').Prepared, op: string, name: string }[]}
 */
export function planBenchmarks(prepared, filter) {
  const plan = [];
  for (const p of prepared.filter(measurable)) {
    for (const op of OPERATIONS) {
      const name = `${p.codec.name} ${op}`;
      if (!filter || filter.test(name)) plan.push({ p, op, name });
    }
  }
  return plan;
}

/**
 * Benchmark.js suites for encode, decode and encode+decode over the measurable
 * codecs, in several interleaved rounds (the codec order rotates each round),
 * so that the spread across rounds shows run-to-run noise that one round's
 * ±RME does not.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {import('../payload/index.js').Payload} payload
 * @param {{ rounds?: number, maxTime?: number, minTime?: number, filter?: RegExp, onProgress?: (e: object) => void }} [options]
 */
export function measureSpeed(prepared, payload, { rounds = 3, maxTime = 0.5, minTime, filter, onProgress } = {}) {
  const cases = planBenchmarks(prepared, filter).map(({ p, op, name }) => {
    const { encode, decode } = p.instance;
    const value = p.native;
    const encoded = encode(value);
    let sink; // results go somewhere the optimiser cannot see through
    const fns = {
      encode: () => { sink = encode(value); },
      decode: () => { sink = decode(encoded); },
      roundtrip: () => { sink = decode(encode(value)); },
    };
    return { p, op, name, wireBytes: toBytes(encoded).length, fn: fns[op], rounds: [], sink: () => sink };
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
    settings: { rounds, maxTime, minTime: minTime ?? null, filter: filter ? String(filter) : null, baseline: BASELINE },
    skipped: prepared.filter((p) => !measurable(p)).map(describeCodec),
    results: summariseRounds(cases, BASELINE),
  };
}

/**
 * Per-benchmark figures from the rounds: the median ops/s with the min–max
 * across rounds, and the speed relative to the baseline codec computed round
 * by round (both were timed in the same round, so slow drift of the machine
 * cancels), as the median of those ratios with their min–max.
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
      mbPerSec: (med * c.wireBytes) / 1e6,
      vsBaseline: ratios ? median(ratios) : null,
      vsBaselineMin: ratios ? Math.min(...ratios) : null,
      vsBaselineMax: ratios ? Math.max(...ratios) : null,
      rounds: c.rounds,
    };
  });
}
