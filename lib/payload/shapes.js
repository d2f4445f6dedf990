/**
 * The type-by-type micro-suite (`benchmark_dss.js --shapes`): families of
 * messages that each hold one kind of value, so a table can show which value
 * types make each format win or lose against JSON. Every family is a seeded
 * corpus of distinct messages, generated at load (the same on every run), and
 * its schema is inferred like any payload's.
 */
import { UserError } from '../errors.js';
import { randomInt, seededRandom } from '../random.js';
import { payloadFromCorpus } from './index.js';

/** Messages per family: enough that no message repeats within a benchmark's loop. */
export const SHAPE_MESSAGES = 500;

/** The generator's seed; each family draws from its own stream (seed + its index). */
export const SHAPE_SEED = 15;

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const WORDS = ['alpha', 'bravo', 'delta', 'order', 'status', 'payment', 'shipped', 'customer', 'the', 'of', 'and', 'value',
  'request', 'response', 'latency', 'service', 'region', 'cache', 'retry', 'stream'];
// Cyrillic and Greek (2 bytes each in UTF-8), CJK and Hangul (3), emoji (4, a surrogate pair in JS): multi-byte only
const MULTIBYTE = [...'ПриветмирΕλληνικά東京都北京こんにちは한국어ëßçé🚀🎉👍'].filter((c) => (c.codePointAt(0) ?? 0) > 0x7f);

/**
 * Eight fields of one kind: f1 … f8.
 * @template T
 * @param {() => T} make
 * @returns {Record<string, T>}
 */
const fields = (make) => Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i + 1}`, make()]));

/**
 * A string of n characters drawn from `alphabet`.
 * @param {() => number} random
 * @param {ArrayLike<string>} alphabet
 * @param {number} n
 */
const pick = (random, alphabet, n) => Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');

/**
 * Random bytes as base64: how JSON carries byte-like data, and how proto3's JSON mapping writes `bytes`.
 * @param {() => number} random
 * @param {number} n
 */
const base64Bytes = (random, n) => Buffer.from(Array.from({ length: n }, () => randomInt(random, 0, 255))).toString('base64');

/**
 * A nested chain `depth` objects deep, its leaf holding a number and a short string.
 * @param {() => number} random
 * @param {number} depth
 */
function nested(random, depth) {
  /** @type {object} */
  let node = { id: randomInt(random, 0, 1e6), label: pick(random, LETTERS, 8) };
  for (let d = depth; d > 0; d--) node = { depth: d, child: node };
  return node;
}

/**
 * The families. `kind` says what a message holds; every generator keeps all
 * of a family's values inside one proto type, so the schema inferred from its
 * messages is the same whichever message it starts from.
 * @type {{ id: string, kind: string, message: (random: () => number) => object }[]}
 */
export const SHAPES = [
  { id: 'small-int', kind: '8 integers 0–100', message: (r) => fields(() => randomInt(r, 0, 100)) },
  { id: 'large-int', kind: '8 integers 10^6–2^31−1', message: (r) => fields(() => randomInt(r, 1e6, 2 ** 31 - 1)) },
  { id: 'negative-int', kind: '8 integers −2^31…−1', message: (r) => fields(() => -randomInt(r, 1, 2 ** 31)) },
  { id: 'int64', kind: '8 integers 2^32–2^53 (64-bit, exact in a double)', message: (r) => fields(() => 2 ** 32 + Math.floor(r() * (2 ** 53 - 2 ** 32))) },
  { id: 'double', kind: '8 doubles with 15–17 significant digits', message: (r) => fields(() => (r() - 0.5) * 1e6) },
  { id: 'boolean', kind: '8 booleans', message: (r) => fields(() => r() < 0.5) },
  { id: 'short-ascii', kind: '8 ASCII strings of 4–16 letters', message: (r) => fields(() => pick(r, LETTERS, randomInt(r, 4, 16))) },
  {
    id: 'long-string', kind: '2 ASCII texts of 1–4 KB (words)',
    message: (r) => ({ title: pick(r, LETTERS, 12), ...Object.fromEntries(['body', 'notes'].map((k) => [k, wordsOf(r, randomInt(r, 1000, 4000))])) }),
  },
  { id: 'utf8', kind: '8 strings of 4–24 multi-byte characters (Cyrillic, Greek, CJK, emoji)', message: (r) => fields(() => pick(r, MULTIBYTE, randomInt(r, 4, 24))) },
  { id: 'bytes', kind: '4 byte strings of 16–96 bytes, as base64 text (JSON has no bytes; inferred as string)', message: (r) => Object.fromEntries(['a', 'b', 'c', 'd'].map((k) => [k, base64Bytes(r, randomInt(r, 16, 96))])) },
  { id: 'array-10', kind: 'an array of 10 integers 0–10,000', message: (r) => ({ values: Array.from({ length: 10 }, () => randomInt(r, 0, 10000)) }) },
  { id: 'array-1000', kind: 'an array of 1,000 integers 0–10,000', message: (r) => ({ values: Array.from({ length: 1000 }, () => randomInt(r, 0, 10000)) }) },
  {
    // numeric-id keys: what inference takes as a map (names that vary would be a message's optional fields)
    id: 'map', kind: 'a map of 8–16 numeric-id keys (0–9,999) to integers',
    message: (r) => ({ counts: Object.fromEntries(Array.from({ length: randomInt(r, 8, 16) }, () => [String(randomInt(r, 0, 9999)), randomInt(r, 0, 1e5)])) }),
  },
  { id: 'deep', kind: 'objects nested 16 deep, a number and a string at the leaf', message: (r) => nested(r, 16) },
];

/**
 * ASCII words up to about `bytes` characters.
 * @param {() => number} random
 * @param {number} bytes
 */
function wordsOf(random, bytes) {
  const out = [];
  let n = 0;
  while (n < bytes) {
    const w = WORDS[Math.floor(random() * WORDS.length)];
    out.push(w);
    n += w.length + 1;
  }
  return out.join(' ');
}

/**
 * The messages of one family, distinct, in the order the generator draws them.
 * @param {(typeof SHAPES)[number]} shape
 * @param {{ messages?: number, seed?: number }} [options]
 * @returns {object[]}
 */
export function shapeCorpus(shape, { messages = SHAPE_MESSAGES, seed = SHAPE_SEED } = {}) {
  const random = seededRandom(seed + SHAPES.indexOf(shape));
  const seen = new Set();
  const corpus = [];
  // a repeated message (a boolean family can draw one) is drawn again: the point is distinct messages
  for (let tries = 0; corpus.length < messages && tries < messages * 20; tries++) {
    const m = shape.message(random);
    const key = JSON.stringify(m);
    if (!seen.has(key)) { seen.add(key); corpus.push(m); }
  }
  return corpus;
}

/**
 * The families as payloads, each with its corpus and an inferred schema.
 * @param {{ only?: string[], messages?: number, seed?: number }} [options] only: family ids (default all)
 * @returns {import('./index.js').Payload[]}
 */
export function shapePayloads({ only, messages, seed } = {}) {
  const unknown = only?.find((id) => !SHAPES.some((s) => s.id === id));
  if (unknown) throw new UserError(`--shapes: unknown family "${unknown}"; choose from ${SHAPES.map((s) => s.id).join(', ')}`);
  return SHAPES.filter((s) => !only || only.includes(s.id)).map((shape) => {
    const corpus = shapeCorpus(shape, { messages, seed });
    return payloadFromCorpus({ id: shape.id, title: shape.kind, dataFile: `(generated: --shapes ${shape.id}, seed ${seed ?? SHAPE_SEED})`, value: corpus[0], corpus });
  });
}
