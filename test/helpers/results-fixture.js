import { RESULTS_FORMAT, UNITS } from '../../lib/results/index.js';

const verdict = (/** @type {string} */ format) => ({ format, library: 'lib', version: '1.0.0', status: 'exact', diff: null, normalised: [], reason: null, flags: null });

/**
 * A small, hand-made results object with realistic spread: speed in three
 * rounds about 3% apart with ±1.5% RME, latency with p90 30% above p50.
 * `speed`, `latency` and `bytes` scale the figures of run B; `messages`: how many the WebSocket pass sent a format
 * (one round).
 * @returns {import('../../lib/results/index.js').Results}
 */
export function makeResults({ speed = 1, latency = 1, bytes = 1, messages = 100 } = {}) {
  const formats = ['fmt-a', 'fmt-b'];
  /** @param {string} format @param {string} op @param {number} base ops/s of round one before scaling */
  const speedRow = (format, op, base) => {
    const hz = [base, base * 1.02, base * 0.99].map((x) => x * speed);
    return {
      ...verdict(format), op, opsPerSec: hz[0], min: Math.min(...hz), max: Math.max(...hz), spread: 0.03, rme: 1.5,
      samplesPerRound: 10, wireBytes: 100, mbPerSec: (hz[0] * 100) / 1e6, vsBaseline: 1, vsBaselineMin: 1, vsBaselineMax: 1, rounds: hz.map((x) => ({ hz: x, rme: 1.5, samples: 10 })),
    };
  };
  const lat = (/** @type {number} */ base) => Object.fromEntries(Object.entries({ p50: 1, p90: 1.3, p99: 2, p999: 3, max: 5, mean: 1.1 })
    .map(([k, v]) => [k, v * base * latency]));
  return {
    format: RESULTS_FORMAT,
    createdAt: '2026-11-22T12:00:00.000Z',
    command: 'node benchmark.js (fixture)',
    settings: {
      mode: 'quick', payloads: ['p1'], formats,
      speed: { rounds: 3, maxTime: 0.1, baseline: 'fmt-a' },
      transmission: { formats, messages, window: 1, connections: 1, profiles: ['none'] },
      batch: null,
    },
    environment: { date: '2026-11-22T12:00:00.000Z', node: '20', v8: '11', os: 'Linux', cpu: 'cpu', cores: 2, memoryGiB: 24, libraries: { lib: '1.0.0' }, commit: 'abc' },
    units: UNITS,
    codecs: formats.map((format) => ({ format, description: `what ${format} does to the data`, library: 'lib', version: '1.0.0', kind: {} })),
    payloads: [{
      payload: { id: 'p1', title: 'fixture', dataFile: 'p1.json', schema: 'p1.proto', type: 'P', jsonBytes: 200 },
      sizes: formats.map((f, i) => ({ ...verdict(f), bytes: Math.round((100 + i * 100) * bytes), gzip: 90, brotli: 80, ofJson: 0.5 })),
      speed: formats.flatMap((f, i) => ['encode', 'decode'].map((op) => speedRow(f, op, 1e6 * (i + 1)))),
    }],
    transmission: [{
      payload: 'p1', profile: 'none', settings: { messages, window: 1, connections: 1, profile: 'none', shaper: 'auto', raw: false },
      results: formats.map((f, i) => ({
        ...verdict(f), messages, acked: messages, lost: 0, duplicated: 0, errors: 0, seconds: 0.1, msgsPerSec: 1000 / (i + 1),
        payloadMBps: 0.1, wireBytes: { payload: 10000, frames: 10400, up: 10400, down: 700 }, latencyMs: lat(0.1 * (i + 1)),
      })),
    }],
    batch: null,
  };
}
