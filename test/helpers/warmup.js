import assert from 'node:assert/strict';
import { CAPACITY_WARMUP_CHUNKS, CAPACITY_WARMUP_REQUESTS, warmupSettled } from '../../lib/transmission/capacity-settings.js';

/**
 * Asserts that a capacity search's h2load warm-up ran in whole chunks, between the fewest and the most allowed, every
 * request answered, each chunk with the server's CPU per request; that it did not run past the first chunk at which
 * its CPU per request stopped falling (warmupSettled); and that `settled` says whether it got there, or else that its
 * chunks or their time ran out.
 * @param {{ requests: number, answered: number, seconds: number, chunkCpuUs: Array<number|null>, settled: boolean }} w
 * @param {string} what for the messages
 */
export function warmedInChunks(w, what) {
  const { min, max, maxSeconds } = CAPACITY_WARMUP_CHUNKS;
  const n = w.chunkCpuUs.length;
  assert.ok(n >= min && n <= max, `${what}: ${n} chunks`);
  assert.deepEqual([w.requests, w.answered], [n * CAPACITY_WARMUP_REQUESTS, n * CAPACITY_WARMUP_REQUESTS], what);
  assert.ok(w.seconds > 0, what);
  assert.ok(w.chunkCpuUs.every((c) => c !== null && c > 0), `${what}: ${JSON.stringify(w.chunkCpuUs)}`);
  for (let k = 1; k < n; k++) assert.equal(warmupSettled(w.chunkCpuUs.slice(0, k)), false, `${what}: settled after ${k} chunks, yet ran ${n}`);
  assert.equal(w.settled, warmupSettled(w.chunkCpuUs), what);
  // a warm-up that did not settle stopped at its last chunk or after its time
  if (!w.settled) assert.ok(n === max || w.seconds >= maxSeconds, `${what}: ${n} chunks in ${w.seconds} s, not settled`);
}
