import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { toBytes } from '../codecs/index.js';
import { describePayload, corpusOf } from '../payload/index.js';
import { corpusVerdict, describeCodec, measurable } from '../verify.js';
import { UserError } from '../errors.js';
import { buildDictionary, LEVELS, PER_MESSAGE, streamContextSizes, WITH_DICTIONARY, zstdSupport } from './compression.js';
import { seededRandom } from '../random.js';

/**
 * A codec's identity and verdict, with its sizes when it could be measured.
 * @typedef {ReturnType<typeof describeCodec> & { bytes?: number, gzip?: number, brotli?: number, ofJson?: number }} SizeRow
 */

/**
 * Bytes on the wire per codec for the payload's first message, raw and compressed
 * (gzip at zlib's default level 6, brotli at its default quality 11), and as a share
 * of compact JSON. Identical bytes (json and json-buffer, the protobuf libraries) are
 * compressed once.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {import('../payload/index.js').Payload} payload
 */
export function measureSizes(prepared, payload) {
  /** @type {Map<string, { gzip: number, brotli: number }>} */
  const compressed = new Map();
  return {
    payload: describePayload(payload),
    codecs: prepared.map((p) => {
      /** @type {SizeRow} */
      const row = { ...describeCodec(p) };
      if (!measurable(p) || !p.instance) return row;
      const bytes = toBytes(p.instance.encode(p.native));
      const key = Buffer.from(bytes).toString('base64');
      if (!compressed.has(key)) compressed.set(key, { gzip: zlib.gzipSync(bytes).length, brotli: zlib.brotliCompressSync(bytes).length });
      row.bytes = bytes.length;
      Object.assign(row, compressed.get(key));
      row.ofJson = bytes.length / payload.jsonBytes;
      return row;
    }),
  };
}

/** Settings of the corpus size pass; a run states them beside its figures. */
export const CORPUS_DEFAULTS = Object.freeze({
  /** Messages compressed one by one (a seeded sample when the corpus is larger); raw sizes cover every message. */
  sample: 1000,
  /** The first messages of the corpus, from which the dictionaries are built (measured on the others). */
  train: 100,
  /** At most this many bytes of dictionary (deflate looks back 32 KiB; half of it keeps the cost per message down). */
  dictionaryBytes: 16384,
  /** Seed of the sample. */
  seed: 1,
});

/**
 * A codec's identity and its verdict over the corpus (record: the index of the record that made it,
 * when not the first), with its figures when it could be measured.
 * @typedef {ReturnType<typeof describeCodec> & { record: number | null, perMessage?: ReturnType<typeof summarise>,
 *   ofJson?: number, compressed?: Record<string, CompressedFigure> }} CorpusSizeRow
 */

/**
 * Compressed bytes per message of one method (summarise's figures over `messages` messages, and the dictionary's
 * size where there is one, with the mean bytes of the same messages without it, raw and gzip'd: rawMean, gzipMean),
 * or why this runtime could not measure it.
 * @typedef {(ReturnType<typeof summarise> & { messages: number, dictionaryBytes?: number, rawMean?: number, gzipMean?: number, unavailable?: undefined })
 *   | { unavailable: string, mean?: undefined, messages?: undefined, dictionaryBytes?: undefined, rawMean?: undefined, gzipMean?: undefined }} CompressedFigure
 */

/** @param {number[]} values */
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/** The compressed columns, in table order. */
export const COMPRESSION_METHODS = ['httpGzip', 'httpBrotli', 'httpZstd', 'deflateDictionary', 'zstdDictionary', 'deflateStream', 'zstdStream'];

/**
 * Sizes over the payload's corpus: every message of it is encoded by every codec and
 * verified (the first record a codec cannot carry, or carries lossily, makes its verdict,
 * with the record's index); bytes per message (median, p90, max, mean) and the stream's
 * total over every message; compressed bytes per message over the sample: per message as an
 * HTTP response gets them, with a dictionary built from the training slice (measured on the
 * sampled messages it did not see), and with one context over the stream (the first `sample`
 * messages in order). Identical streams of bytes (json and json-buffer) are compressed once.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {import('../payload/index.js').Payload} payload
 * @param {{ sample?: number, train?: number, dictionaryBytes?: number, seed?: number,
 *   onProgress?: (step: { codec: string, stage: string, done: number, total: number }) => void }} [options]
 */
export async function measureCorpusSizes(prepared, payload, options = {}) {
  const corpus = corpusOf(payload);
  const n = corpus.length;
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const { sample: sampleSize, seed, dictionaryBytes } = { ...CORPUS_DEFAULTS, ...given };
  const train = trainingSize(options.train, n);
  const sample = sampleIndexes(n, sampleSize, seed);
  const streamCount = Math.min(n, sampleSize);
  const unseen = sample.filter((i) => i >= train);
  const sampled = new Set(sample);
  const support = zstdSupport();
  const jsonSizes = corpus.map((m) => Buffer.byteLength(JSON.stringify(m)));
  const json = summarise(jsonSizes);
  const progress = options.onProgress ?? (() => {});
  /** @type {Map<string, Record<string, CompressedFigure>>} compressed figures by the digest of a codec's whole stream */
  const byStream = new Map();
  /** @type {CorpusSizeRow[]} */
  const codecs = [];
  for (const p of prepared) {
    /** @type {CorpusSizeRow} */
    const row = { ...describeCodec(p), record: null };
    if (!measurable(p)) {
      codecs.push(row);
      continue;
    }
    const name = p.codec.name;
    progress({ codec: name, stage: 'encode and verify every record', done: 0, total: n });
    const encoded = encodeCorpus(p, corpus, { type: payload.schema?.type ?? null, keep: (i) => i < train || i < streamCount || sampled.has(i), onProgress: (done) => progress({ codec: name, stage: 'encode and verify every record', done, total: n }) });
    Object.assign(row, encoded.verdict);
    if (!encoded.sizes) {
      codecs.push(row);
      continue;
    }
    const perMessage = summarise(encoded.sizes);
    if (!byStream.has(encoded.digest)) {
      progress({ codec: name, stage: `compress ${sample.length.toLocaleString('en-US')} messages`, done: 0, total: 0 });
      byStream.set(encoded.digest, await compressCorpus(encoded.kept, { sample, unseen, train, streamCount, dictionaryBytes, support }));
    }
    codecs.push({ ...row, perMessage, ofJson: perMessage.total / json.total, compressed: byStream.get(encoded.digest) });
  }
  return {
    payload: describePayload(payload),
    corpus: {
      messages: n,
      json,
      sample: { messages: sample.length, of: n, seed: sample.length < n ? seed : null },
      training: { messages: train, measuredOn: unseen.length, dictionaryBytes },
      stream: { messages: streamCount },
      levels: { gzipLevel: LEVELS.gzip, brotliQuality: LEVELS.brotli, zstdLevel: LEVELS.zstd, deflateLevel: LEVELS.deflate },
      unavailable: Object.fromEntries(Object.entries(support).filter(([, v]) => v !== true)),
    },
    codecs,
  };
}

/**
 * The training slice: as asked (fewer than the corpus holds), or by default up to 100 messages, leaving at least half to measure on.
 * @param {number|undefined} asked
 * @param {number} n messages in the corpus
 */
function trainingSize(asked, n) {
  if (asked === undefined) return Math.min(CORPUS_DEFAULTS.train, Math.floor(n / 2));
  if (asked >= n) throw new UserError(`--train ${asked}: the training slice must leave messages to measure the dictionary on, and the corpus holds ${n}`);
  return asked;
}

/**
 * Indexes of the messages compressed one by one: all of them, or `size` drawn with a seeded PRNG, in order.
 * @param {number} n messages in the corpus
 * @param {number} size
 * @param {number} seed
 * @returns {number[]}
 */
export function sampleIndexes(n, size, seed) {
  if (n <= size) return Array.from({ length: n }, (_, i) => i);
  const next = seededRandom(seed);
  const chosen = new Set();
  while (chosen.size < size) chosen.add(Math.floor(next() * n));
  return [...chosen].sort((a, b) => a - b);
}

/**
 * Every record encoded and its round trip checked with verify.js's comparison; bytes kept only
 * for the records `keep` names. The first record that throws ends the codec's measurement
 * (unsupported or failed, with the record's index); the first lossy one marks it LOSSY.
 * @param {import('../verify.js').Prepared} p
 * @param {unknown[]} corpus
 * @param {{ type: import('protobufjs').Type | null, keep: (i: number) => boolean, onProgress: (done: number) => void }} options
 *   type: the payload's message type, for codecs verified under the proto3 JSON mapping
 */
function encodeCorpus(p, corpus, { type, keep, onProgress }) {
  const { instance } = p;
  if (!instance) throw new Error(`${p.codec.name}: not measurable (${p.reason ?? p.status}), nothing to encode`);
  /** @type {number[]} */
  const sizes = new Array(corpus.length);
  /** @type {Map<number, Uint8Array>} */
  const kept = new Map();
  const hash = crypto.createHash('sha1');
  const verdict = corpusVerdict(p, type);
  for (let i = 0; i < corpus.length; i++) {
    if (i % 5000 === 4999) onProgress(i + 1);
    let bytes;
    try {
      const encoded = instance.encode(i === 0 ? p.native : instance.fromPlain(corpus[i]));
      bytes = toBytes(encoded);
      if (i > 0 && !verdict.settled) verdict.check(i, corpus[i], instance.toPlain(instance.decode(encoded)));
    } catch (err) {
      return { sizes: null, verdict: verdict.refuse(i, err) };
    }
    sizes[i] = bytes.length;
    hash.update(String(bytes.length)).update(bytes);
    if (keep(i)) kept.set(i, bytes);
  }
  return { sizes, kept, digest: hash.digest('hex'), verdict: verdict.result() };
}

/**
 * Compressed bytes per message, per method: { mean, median, messages } or { unavailable: reason }.
 * @param {Map<number, Uint8Array>} kept
 * @param {{ sample: number[], unseen: number[], train: number, streamCount: number, dictionaryBytes: number,
 *   support: ReturnType<typeof zstdSupport> }} plan
 */
async function compressCorpus(kept, { sample, unseen, train, streamCount, dictionaryBytes, support }) {
  const at = (/** @type {number[]} */ indexes) => indexes.map((i) => /** @type {Uint8Array} */ (kept.get(i)));
  const messages = at(sample);
  /** @type {Record<string, CompressedFigure>} */
  const result = {};
  /** @type {(list: Uint8Array[], fn: (b: Uint8Array) => number) => ReturnType<typeof summarise> & { messages: number }} */
  const per = (list, fn) => ({ ...summarise(list.map(fn)), messages: list.length });
  result.httpGzip = per(messages, PER_MESSAGE.gzip);
  result.httpBrotli = per(messages, PER_MESSAGE.brotli);
  result.httpZstd = support.zstd === true ? per(messages, PER_MESSAGE.zstd) : { unavailable: support.zstd };
  const noDictionary = !train || !unseen.length ? (train ? 'no sampled message outside the training slice' : 'a corpus of one message leaves none to train a dictionary on') : null;
  const test = at(unseen);
  if (noDictionary !== null) {
    result.deflateDictionary = { unavailable: noDictionary };
    result.zstdDictionary = { unavailable: noDictionary };
  } else {
    const dictionary = buildDictionary(at(Array.from({ length: train }, (_, i) => i)), dictionaryBytes);
    // the same messages without the dictionary, raw and gzip'd: what a figure with it is compared with, on the messages
    // it was measured on (a corpus whose held-out messages differ from the rest would otherwise compare two sets)
    const same = { rawMean: mean(test.map((b) => b.length)), gzipMean: mean(test.map(PER_MESSAGE.gzip)) };
    result.deflateDictionary = { ...per(test, (b) => WITH_DICTIONARY.deflateDictionary(b, dictionary)), dictionaryBytes: dictionary.length, ...same };
    result.zstdDictionary = support.zstdDictionary === true
      ? { ...per(test, (b) => WITH_DICTIONARY.zstdDictionary(b, dictionary)), dictionaryBytes: dictionary.length, ...same }
      : { unavailable: support.zstdDictionary };
  }
  const inOrder = at(Array.from({ length: streamCount }, (_, i) => i));
  result.deflateStream = { ...summarise(await streamContextSizes(inOrder, 'deflate')), messages: inOrder.length };
  result.zstdStream = support.zstd === true ? { ...summarise(await streamContextSizes(inOrder, 'zstd')), messages: inOrder.length } : { unavailable: support.zstd };
  return result;
}

/**
 * Median, p90 (nearest rank), max, mean and total of sizes.
 * @param {number[]} sizes
 */
export function summarise(sizes) {
  const sorted = Float64Array.from(sizes).sort();
  const rank = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  let total = 0;
  for (const s of sizes) total += s;
  const mid = sorted.length >> 1;
  return {
    median: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
    p90: rank(0.9),
    max: sorted[sorted.length - 1],
    mean: total / sizes.length,
    total,
  };
}
