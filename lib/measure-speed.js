import Benchmark from 'benchmark';
import { BASELINE } from './codecs/index.js';
import { describeCodec, describePayload, toBytes } from './measure-sizes.js';
import { median, range, spread } from './stats.js';
import { measurable } from './verify.js';

// Benchmark.js would otherwise recompile each test from its source text, which
// fails for closures and silently falls back; calling every codec the same way
// keeps the harness overhead equal across codecs.
Benchmark.support.decompilation = false;

export const OPERATIONS = ['encode', 'decode', 'roundtrip'];

/**
 * Benchmark.js suites for encode, decode and encode+decode over the measurable
 * codecs, in several interleaved rounds (the codec order rotates each round),
 * so that the spread across rounds shows run-to-run noise that one round's
 * ±RME does not.
 * @param {import('./verify.js').Prepared[]} prepared
 * @param {import('./payloads.js').Payload} payload
 * @param {{ rounds?: number, maxTime?: number, minTime?: number, filter?: RegExp, onProgress?: (e: object) => void }} [options]
 */
export function measureSpeed(prepared, payload, { rounds = 3, maxTime = 0.5, minTime, filter, onProgress } = {}) {
  const cases = [];
  for (const p of prepared) {
    if (!measurable(p)) continue;
    const { encode, decode } = p.instance;
    const value = payload.value;
    const encoded = encode(value);
    const wireBytes = toBytes(encoded).length;
    let sink;
    const fns = {
      encode: () => { sink = encode(value); },
      decode: () => { sink = decode(encoded); },
      roundtrip: () => { sink = decode(encode(value)); },
    };
    for (const op of OPERATIONS) {
      const name = `${p.codec.name} ${op}`;
      if (filter && !filter.test(name)) continue;
      cases.push({ p, op, name, wireBytes, fn: fns[op], rounds: [], get sink() { return sink; } });
    }
  }

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

  const results = cases.map((c) => {
    const hz = c.rounds.map((x) => x.hz);
    const { min, max } = range(hz);
    const med = median(hz);
    return {
      ...describeCodec(c.p),
      op: c.op,
      opsPerSec: med,
      min,
      max,
      spread: spread(hz),
      rme: median(c.rounds.map((x) => x.rme)),
      samples: c.rounds.reduce((n, x) => n + x.samples, 0),
      wireBytes: c.wireBytes,
      mbPerSec: (med * c.wireBytes) / 1e6,
      rounds: c.rounds,
    };
  });
  for (const row of results) {
    const base = results.find((x) => x.format === BASELINE && x.op === row.op);
    row.vsBaseline = base ? row.opsPerSec / base.opsPerSec : null;
  }
  return {
    payload: describePayload(payload),
    settings: { rounds, maxTime, minTime: minTime ?? null, filter: filter ? String(filter) : null, baseline: BASELINE },
    skipped: prepared.filter((p) => !measurable(p)).map(describeCodec),
    results,
  };
}
