import assert from 'node:assert/strict';
import { CAPACITY_WARMUP_CHUNKS, CAPACITY_WARMUP_REQUESTS, warmupSettled } from '../../lib/transmission/capacity-settings.js';

/**
 * Asserts that a capacity search's h2load warm-up ran in whole chunks, between the fewest and the most allowed, every
 * request answered, each chunk with the server's CPU per request, and that it stopped exactly where warmupSettled says
 * (no chunk after the first point it could stop; settled unless it ran every chunk with the CPU still falling).
 * @param {{ requests: number, answered: number, seconds: number, chunkCpuUs: Array<number|null>, settled: boolean }} w
 * @param {string} what for the messages
 */
export function warmedInChunks(w, what) {
  const { min, max } = CAPACITY_WARMUP_CHUNKS;
  const n = w.chunkCpuUs.length;
  assert.ok(n >= min && n <= max, `${what}: ${n} chunks`);
  assert.deepEqual([w.requests, w.answered], [n * CAPACITY_WARMUP_REQUESTS, n * CAPACITY_WARMUP_REQUESTS], what);
  assert.ok(w.seconds > 0, what);
  assert.ok(w.chunkCpuUs.every((c) => c !== null && c > 0), `${what}: ${JSON.stringify(w.chunkCpuUs)}`);
  for (let k = 1; k < n; k++) assert.equal(warmupSettled(w.chunkCpuUs.slice(0, k)), false, `${what}: could stop after ${k} chunks`);
  assert.equal(warmupSettled(w.chunkCpuUs), true, what);
  assert.equal(w.settled, n < max || /** @type {number} */ (w.chunkCpuUs[n - 1]) >= (1 - CAPACITY_WARMUP_CHUNKS.settle) * /** @type {number} */ (w.chunkCpuUs[n - 2]), what);
}
