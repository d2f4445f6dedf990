import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import semver from 'semver';
import { buildDictionary, LEVELS, PER_MESSAGE, streamContextSizes, WITH_DICTIONARY, zstdSupport } from '../../../lib/measure/compression.js';

/** Messages of one shape with distinct values, like a corpus. */
const messages = Array.from({ length: 200 }, (_, i) => Buffer.from(JSON.stringify({
  id: 1000 + i, name: `customer ${(i * 7919) % 1013}`, email: `user${(i * 104729) % 9973}@example.com`, active: i % 3 === 0, score: (i * 31) % 97 / 7,
})));

/**
 * Independent of node:zlib's stream machinery: each message deflated with the previous 32 KiB of the stream as its dictionary.
 * @param {Buffer[]} list
 */
function slidingWindowSizes(list) {
  let window = Buffer.alloc(0);
  return list.map((m) => {
    const size = zlib.deflateRawSync(m, { level: LEVELS.deflate, ...(window.length && { dictionary: window }) }).length;
    window = Buffer.concat([window, m]).subarray(-32768);
    return size;
  });
}

test('a deflate stream flushed per message: each message within a byte of deflating it against the stream so far', async () => {
  const sizes = await streamContextSizes(messages, 'deflate');
  const window = slidingWindowSizes(messages);
  assert.equal(sizes.length, messages.length);
  sizes.forEach((s, i) => assert.ok(Math.abs(s - window[i]) <= 1, `message ${i}: stream ${s}, window ${window[i]}`));
  // the context pays: after the first message, the stream beats each message alone
  const alone = messages.map((m) => zlib.deflateRawSync(m, { level: LEVELS.deflate }).length);
  assert.ok(Math.abs(sizes[0] - alone[0]) <= 1, 'the first message has no context yet');
  const sum = (/** @type {number[]} */ list) => list.reduce((a, b) => a + b, 0);
  assert.ok(sum(sizes.slice(1)) < 0.6 * sum(alone.slice(1)), `${sum(sizes.slice(1))} vs ${sum(alone.slice(1))}`);
  assert.deepEqual(await streamContextSizes([], 'deflate'), []);
});

test('an empty message in a deflate stream costs 0 bytes, never less (proto3 writes none for a message of defaults)', async () => {
  const empty = Buffer.alloc(0);
  const one = Buffer.from('{"a":1}');
  // zlib writes nothing for a flush right after a flush: the message adds no bytes, and the next one is its own size
  const sizes = await streamContextSizes([one, empty, one, empty, empty], 'deflate');
  assert.ok(sizes.every((s) => s >= 0), `${sizes}`);
  assert.deepEqual([sizes[1], sizes[3], sizes[4]], [0, 0, 0]);
  assert.deepEqual(await streamContextSizes([empty, empty], 'deflate'), [zlib.deflateRawSync(empty, { level: LEVELS.deflate, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length - 4, 0]);
});

const support = zstdSupport();
// By the Node version, not by what zlib offers: where Node has zstd (22.15+, 23.8+) and its dictionary (24.6+) the
// positive tests must run (CI's Node 24 pass), and a runtime that lacks them there fails instead of skipping.
const NODE_HAS_ZSTD = semver.satisfies(process.versions.node, '>=22.15.0 <23 || >=23.8.0');
const NODE_HAS_ZSTD_DICTIONARY = semver.gte(process.versions.node, '24.6.0');
const noZstd = !NODE_HAS_ZSTD && `Node ${process.versions.node} has no zstd (22.15+)`;
/** node:zlib's zstd calls, which @types/node 22 does not declare everywhere: checked present where the tests use them. */
const zstd = () => {
  const z = /** @type {Partial<Record<'zstdCompressSync'|'zstdDecompressSync', (b: Buffer, o?: object) => Buffer>>} */ (/** @type {unknown} */ (zlib));
  assert.ok(z.zstdCompressSync && z.zstdDecompressSync, `Node ${process.versions.node}'s zlib should have zstd`);
  return { compress: z.zstdCompressSync, decompress: z.zstdDecompressSync };
};

test('zstd per message: where Node has it, zstdSupport says so and PER_MESSAGE.zstd is the size of a frame that decodes back', { skip: noZstd }, () => {
  assert.equal(support.zstd, true);
  const { compress, decompress } = zstd();
  const m = messages[3];
  const frame = compress(m, { params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVELS.zstd } });
  assert.equal(PER_MESSAGE.zstd(m), frame.length);
  assert.deepEqual(decompress(frame), m);
  assert.ok(frame.length < m.length, `${frame.length} of ${m.length}`);
});

test('zstd with a dictionary: where Node takes one, an unseen message is much smaller with it and decodes back with it', { skip: !NODE_HAS_ZSTD_DICTIONARY && `Node ${process.versions.node} takes no zstd dictionary (24.6+)` }, () => {
  assert.equal(support.zstdDictionary, true);
  const { compress, decompress } = zstd();
  const dictionary = buildDictionary(messages.slice(0, 100), 16384);
  const unseen = messages[150];
  const packed = compress(unseen, { dictionary, params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVELS.zstd } });
  assert.equal(WITH_DICTIONARY.zstdDictionary(unseen, dictionary), packed.length);
  assert.deepEqual(decompress(packed, { dictionary }), unseen);
  assert.ok(packed.length < 0.6 * PER_MESSAGE.zstd(unseen), `${packed.length} with the dictionary, ${PER_MESSAGE.zstd(unseen)} without`);
});

test('zstd stream: the sizes of queued writes equal those of awaiting every flush', { skip: noZstd }, async () => {
  const z = /** @type {any} */ (zlib);
  const stream = z.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVELS.zstd } });
  let produced = 0;
  stream.on('data', (/** @type {Buffer} */ c) => { produced += c.length; });
  const awaited = [];
  for (const m of messages.slice(0, 50)) {
    stream.write(m);
    await new Promise((resolve) => stream.flush(z.constants.ZSTD_e_flush, resolve));
    await new Promise((resolve) => setImmediate(resolve));
    awaited.push(produced);
    produced = 0;
  }
  stream.close();
  assert.deepEqual(await streamContextSizes(messages.slice(0, 50), 'zstd'), awaited);
});

test('without zstd in node:zlib the reason names the Node version', { skip: NODE_HAS_ZSTD && 'this runtime has zstd' }, () => {
  assert.match(String(support.zstd), new RegExp(`before Node 22\\.15 \\(this is Node ${process.versions.node.replace(/\./g, '\\.')}\\)`));
});

test('a dictionary from training messages: the latest last, no repeats, at most maxBytes; deflate with it decodes back', () => {
  const a = Buffer.from('aaaa');
  const b = Buffer.from('bbbb');
  const c = Buffer.from('cccc');
  assert.equal(buildDictionary([a, b, c, b], 100).toString(), 'aaaaccccbbbb');
  assert.equal(buildDictionary([a, b, c], 6).toString(), 'bbcccc');
  const dictionary = buildDictionary(messages.slice(0, 100), 16384);
  const unseen = messages[150];
  const packed = zlib.deflateRawSync(unseen, { level: LEVELS.deflate, dictionary });
  assert.equal(WITH_DICTIONARY.deflateDictionary(unseen, dictionary), packed.length);
  assert.deepEqual(zlib.inflateRawSync(packed, { dictionary }), unseen);
  assert.ok(packed.length < 0.6 * zlib.deflateRawSync(unseen, { level: LEVELS.deflate }).length);
});

test('per message: what zlib makes of the bytes at the stated levels', () => {
  const m = messages[3];
  assert.equal(PER_MESSAGE.gzip(m), zlib.gzipSync(m, { level: 6 }).length);
  assert.equal(PER_MESSAGE.brotli(m), zlib.brotliCompressSync(m, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }).length);
});
