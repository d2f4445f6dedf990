import test from 'node:test';
import assert from 'node:assert/strict';
import { randomInt, seededRandom } from '../../lib/random.js';

/**
 * The first n values of a generator.
 * @param {() => number} random
 * @param {number} n
 */
const take = (random, n) => Array.from({ length: n }, () => random());

test('seededRandom is mulberry32: the published sequence for a seed, so a sample is the same on every run and runtime', () => {
  // mulberry32's first values, worked out with BigInt arithmetic mod 2^32 from the published algorithm
  assert.deepEqual(take(seededRandom(0), 3), [0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]);
  assert.deepEqual(take(seededRandom(42), 3), [0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  assert.deepEqual(take(seededRandom(-1), 2), [0.8964226141106337, 0.189478256739676], 'a negative seed is its 32-bit pattern');
});

test('seededRandom: one seed, one sequence; two generators of a seed do not share state', () => {
  const a = seededRandom(7);
  const b = seededRandom(7);
  const first = a();
  a();
  assert.equal(b(), first, 'drawing from one leaves the other where it was');
  assert.notDeepEqual(take(seededRandom(1), 3), take(seededRandom(2), 3));
  assert.deepEqual(take(seededRandom(1.9), 3), take(seededRandom(1), 3), 'the seed is taken as a 32-bit integer');
  assert.deepEqual(take(seededRandom(2 ** 32 + 1), 3), take(seededRandom(1), 3));
});

test('seededRandom: floats in [0, 1)', () => {
  const random = seededRandom(123);
  for (let i = 0; i < 10_000; i++) {
    const x = random();
    assert.ok(x >= 0 && x < 1, `${x} in [0, 1)`);
  }
});

test('randomInt: an integer in [min, max], both ends included', () => {
  assert.equal(randomInt(() => 0, 3, 8), 3);
  assert.equal(randomInt(() => 0.999999, 3, 8), 8);
  assert.equal(randomInt(() => 0.5, 1, 6), 4);
  assert.equal(randomInt(() => 0.5, -10, -5), -7);
  assert.equal(randomInt(() => 0.7, 4, 4), 4, 'one possible value');
  const random = seededRandom(5);
  const seen = new Set();
  for (let i = 0; i < 1000; i++) seen.add(randomInt(random, 1, 6));
  assert.deepEqual([...seen].sort(), [1, 2, 3, 4, 5, 6]);
});
