/**
 * Compression of a stream of messages, the ways a service can do it:
 * - per message, as an HTTP response gets it (gzip, brotli, zstd; each message alone);
 * - per message with a preset dictionary (raw deflate's `dictionary`, zstd's where the runtime has it),
 *   the dictionary built from a training slice of the stream;
 * - with one context over the stream (one deflate or zstd stream, flushed after every message,
 *   what permessage-deflate with context takeover does).
 * Everything here takes bytes and returns byte counts; what the bytes are is the caller's business.
 */
import zlib from 'node:zlib';

/**
 * Levels, chosen as servers set them for responses made on the fly: gzip at zlib's default 6,
 * brotli at quality 6 (nginx's brotli_comp_level default; quality 11, zlib's default, is a static-asset
 * setting that costs ~5 ms per KB), zstd at its default 3. Dictionary and stream variants use the same.
 */
export const LEVELS = Object.freeze({ gzip: 6, brotli: 6, zstd: 3, deflate: 6 });

/** The 4 bytes (00 00 ff ff) a sync flush ends with, which permessage-deflate strips from every message. */
const SYNC_FLUSH_TAIL = 4;

/** node:zlib's zstd, which @types/node declares but Node 20 (and Node 22 before 22.15) lacks: each may be undefined. */
const zstdZlib = /** @type {Partial<Pick<typeof zlib, 'zstdCompressSync'|'zstdDecompressSync'|'createZstdCompress'>>} */ (zlib);
const { zstdCompressSync, zstdDecompressSync } = zstdZlib;

/**
 * zstdCompressSync where zstdSupport() said it exists.
 * @param {Buffer} buf
 * @param {import('node:zlib').ZstdOptions} [options]
 */
function zstdCompress(buf, options) {
  if (!zstdCompressSync) throw new Error(`node:zlib has no zstd before Node 22.15 (this is Node ${process.versions.node})`);
  return zstdCompressSync(buf, options);
}

/**
 * What this runtime's node:zlib offers of zstd: plain, with a dictionary, as a stream.
 * Each is true, or a reason it is missing. The dictionary is probed, not assumed: a runtime
 * that ignores the option would compress no better with it.
 * @returns {{ zstd: true | string, zstdDictionary: true | string }}
 */
export function zstdSupport() {
  const version = `this is Node ${process.versions.node}`;
  if (!zstdCompressSync || !zstdDecompressSync) {
    const missing = `node:zlib has no zstd before Node 22.15 (${version})`;
    return { zstd: missing, zstdDictionary: missing };
  }
  const sample = Buffer.from('{"id":12345,"name":"a message that repeats its dictionary","tags":["x","y"]}');
  try {
    const withDict = zstdCompressSync(sample, { dictionary: sample });
    const plain = zstdCompressSync(sample);
    const back = zstdDecompressSync(withDict, { dictionary: sample });
    if (withDict.length < plain.length && back.equals(sample)) return { zstd: true, zstdDictionary: true };
  } catch {
    // falls through to the reason below
  }
  return { zstd: true, zstdDictionary: `node:zlib's zstd takes no dictionary before Node 24.6 (${version})` };
}

/**
 * One message as an HTTP response body gets it, per method.
 * @type {Record<'gzip' | 'brotli' | 'zstd', (bytes: Uint8Array) => number>}
 */
export const PER_MESSAGE = {
  gzip: (bytes) => zlib.gzipSync(bytes, { level: LEVELS.gzip }).length,
  brotli: (bytes) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: LEVELS.brotli, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  zstd: (bytes) => zstdCompress(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVELS.zstd } }).length,
};

/**
 * One message with a preset dictionary, per method: raw deflate (no header, as a
 * protocol that agreed on the dictionary would send it) and zstd.
 * @type {Record<'deflateDictionary' | 'zstdDictionary', (bytes: Uint8Array, dictionary: Buffer) => number>}
 */
export const WITH_DICTIONARY = {
  deflateDictionary: (bytes, dictionary) => zlib.deflateRawSync(bytes, { level: LEVELS.deflate, dictionary }).length,
  zstdDictionary: (bytes, dictionary) => zstdCompress(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { dictionary, params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVELS.zstd } }).length,
};

/**
 * A raw-content dictionary from training messages: the messages themselves, the latest last
 * (deflate matches nearer bytes with shorter distances), up to maxBytes. A message already
 * in the dictionary is not added twice.
 * @param {Uint8Array[]} training
 * @param {number} maxBytes deflate looks back 32 KiB at most, so more than that is wasted on it
 * @returns {Buffer}
 */
export function buildDictionary(training, maxBytes) {
  const parts = [];
  const seen = new Set();
  let size = 0;
  for (let i = training.length - 1; i >= 0 && size < maxBytes; i--) {
    const key = Buffer.from(training[i]).toString('latin1');
    if (seen.has(key)) continue;
    seen.add(key);
    parts.unshift(training[i]);
    size += training[i].length;
  }
  const joined = Buffer.concat(parts);
  return joined.subarray(Math.max(0, joined.length - maxBytes));
}

/**
 * Bytes per message when one compressor runs across the messages in order, flushed
 * after each: what permessage-deflate with context takeover sends (deflate less the
 * flush's 00 00 ff ff tail), or a zstd stream flushed per message.
 * One compressor, every message written with a flush (Z_SYNC_FLUSH, or zstd's ZSTD_e_flush),
 * its output counted until the write's callback, which node:zlib calls after pushing that
 * message's output and before taking the next message. All messages are queued at once:
 * awaiting each flush costs a thread-pool round trip per message, slower than the work on a
 * busy machine.
 * @param {Uint8Array[]} messages
 * @param {'deflate' | 'zstd'} kind
 * @returns {Promise<number[]>}
 */
export function streamContextSizes(messages, kind) {
  const { createZstdCompress } = zstdZlib;
  if (kind === 'zstd' && !createZstdCompress) throw new Error(`node:zlib has no zstd before Node 22.15 (this is Node ${process.versions.node})`);
  const stream = kind === 'deflate' || !createZstdCompress
    ? zlib.createDeflateRaw({ level: LEVELS.deflate, flush: zlib.constants.Z_SYNC_FLUSH })
    : createZstdCompress({ flush: zlib.constants.ZSTD_e_flush, params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVELS.zstd } });
  /** @type {number[]} */
  const sizes = [];
  let produced = 0;
  let tail = Buffer.alloc(0);
  stream.on('data', (/** @type {Buffer} */ chunk) => {
    produced += chunk.length;
    if (kind === 'deflate') tail = Buffer.concat([tail, chunk]).subarray(-SYNC_FLUSH_TAIL);
  });
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    if (!messages.length) {
      stream.close();
      resolve([]);
    }
    messages.forEach((message, i) => stream.write(message, () => {
      // an empty message right after a flush makes zlib write nothing (a second flush in a row is a no-op): 0 bytes,
      // not 0 less the tail; otherwise the tail must be this message's own, not the one before's
      if (kind === 'deflate' && produced > 0 && (tail.length < SYNC_FLUSH_TAIL || tail.readUInt32BE(0) !== 0x0000ffff)) return reject(new Error('deflate stream: a flushed message does not end with 00 00 ff ff'));
      sizes.push(kind === 'deflate' && produced > 0 ? produced - SYNC_FLUSH_TAIL : produced);
      produced = 0;
      tail = Buffer.alloc(0);
      if (i === messages.length - 1) {
        stream.close();
        resolve(sizes);
      }
    }));
  });
}
