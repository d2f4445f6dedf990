// A seeded generator, so that a sample of a corpus and a generated family of
// messages are the same on every run and in every runtime.

/**
 * mulberry32: a small 32-bit seeded generator of floats in [0, 1).
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An integer in [min, max] from a generator.
 * @param {() => number} random
 * @param {number} min
 * @param {number} max
 */
export const randomInt = (random, min, max) => min + Math.floor(random() * (max - min + 1));
