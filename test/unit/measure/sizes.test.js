import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import zlib from 'node:zlib';
import json from '../../../lib/codecs/json.js';
import jsonBuffer from '../../../lib/codecs/json-buffer.js';
import protobufjsDynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import { prepareCodecs } from '../../../lib/verify.js';
import { parseSchema } from '../../../lib/schema/index.js';
import { measureCorpusSizes, sampleIndexes, summarise } from '../../../lib/measure/sizes.js';
import { Unsupported, UserError } from '../../../lib/errors.js';
import { corpusSizeReport, dictionarySentence } from '../../../lib/report/corpus-sizes.js';
import { field, record, standInCodec } from '../../helpers/narrow.js';
import { corpusOf, resolvePayloads } from '../../../lib/payload/index.js';
import { toBytes } from '../../../lib/codecs/index.js';
import { ROOT } from '../../../lib/paths.js';

// codec modules stand in for loaded codecs (prepareCodecs reads neither version nor availability)
const codecs = [json, jsonBuffer, protobufjsDynamic].map(standInCodec);
const schema = parseSchema('syntax = "proto3";\nmessage Reading { int32 id = 1; string station = 2; int32 level = 3; }\n', { typeName: 'Reading' });

/** @param {Record<string, unknown>[]} corpus */
function payloadOf(corpus) {
  return /** @type {import('../../../lib/payload/index.js').Payload} */ ({
    id: 'r', title: 'readings', dataFile: 'r.json', value: corpus[0], corpus, jsonBytes: Buffer.byteLength(JSON.stringify(corpus[0])),
    schema, schemaSource: 'r.proto', warnings: [],
  });
}

const corpus = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, station: `station-${(i * 37) % 101}`, level: (i * 13) % 50 }));

test('bytes per message over every message; identical streams are compressed once; dictionary on unseen messages', async () => {
  const payload = payloadOf(corpus);
  const result = await measureCorpusSizes(prepareCodecs(codecs, payload), payload, { train: 50 });
  const [j, jb, pb] = result.codecs;
  assert.ok(j.perMessage && j.compressed && pb.perMessage, 'every codec measured');
  const jsonSizes = corpus.map((m) => Buffer.byteLength(JSON.stringify(m)));
  assert.deepEqual(j.perMessage, summarise(jsonSizes));
  assert.equal(j.perMessage.total, jsonSizes.reduce((a, b) => a + b));
  assert.equal(j.ofJson, 1);
  assert.ok(pb.perMessage.total < j.perMessage.total);
  // json and json-buffer write the same bytes: one set of compressed figures, not two computed alike
  assert.equal(jb.compressed, j.compressed);
  assert.notEqual(pb.compressed, j.compressed);
  assert.equal(j.compressed.httpGzip.messages, 300);
  const gzipMean = jsonSizes.length && corpus.map((m) => zlib.gzipSync(JSON.stringify(m), { level: 6 }).length).reduce((a, b) => a + b) / 300;
  assert.equal(j.compressed.httpGzip.mean, gzipMean);
  assert.equal(j.compressed.deflateDictionary.messages, 250, 'measured on the 250 messages after the training slice');
  assert.ok((j.compressed.deflateDictionary.dictionaryBytes ?? 0) > 0);
  assert.ok(j.compressed.deflateDictionary.mean < j.compressed.httpGzip.mean / 2);
  assert.equal(j.compressed.deflateStream.messages, 300);
  assert.deepEqual(result.corpus.training, { messages: 50, measuredOn: 250, dictionaryBytes: 16384 });
  // the same 250 messages without the dictionary, raw and gzip'd, beside the figure with it
  const unseenMean = (/** @type {number[]} */ sizes) => sizes.slice(50).reduce((a, b) => a + b) / 250;
  assert.equal(j.compressed.deflateDictionary.rawMean, unseenMean(jsonSizes));
  assert.equal(j.compressed.deflateDictionary.gzipMean, unseenMean(corpus.map((m) => zlib.gzipSync(JSON.stringify(m), { level: 6 }).length)));
  assert.notEqual(j.compressed.deflateDictionary.rawMean, j.perMessage.mean);
  assert.match(dictionarySentence({ payload: { id: 'r' }, codecs: [{ ...jb, format: 'json-buffer' }, { ...pb, format: 'protobufjs-static' }] }) ?? '',
    /^r: over the 250 messages outside the training slice, JSON with a [\d,]+-byte deflate dictionary takes [\d.]+ B per message.*protobufjs-static's [\d.]+ B raw and/);
  assert.match(corpusSizeReport(result), /over the corpus of 300 messages/);
  // a protobuf of 0 bytes a message (every value a default) is no Infinity× of anything
  const empty = { ...pb, format: 'protobufjs-static', perMessage: { ...pb.perMessage, mean: 0 }, compressed: { ...pb.compressed, deflateDictionary: { .../** @type {NonNullable<typeof pb.compressed>} */ (pb.compressed).deflateDictionary, rawMean: 0 } } };
  const sentence = dictionarySentence({ payload: { id: 'r' }, codecs: [{ ...jb, format: 'json-buffer' }, empty] }) ?? '';
  // (where zstd is there, Node 22.15 and later, the sentence gives JSON's zstd figure in brackets first)
  assert.match(sentence, /B per message(?: \(with zstd and the same dictionary: [\d.]+ B\))?, larger than protobufjs-static's 0\.0 B raw and [\d.]+× (larger|smaller) than/);
  assert.doesNotMatch(sentence, /Infinity|NaN/);
});

test('the dictionary sentence compares figures over the same messages: the held-out ones, not the corpus\'s mean', () => {
  // a corpus whose held-out messages are twice the size of the rest: raw protobuf 200 B over them, 100 B over all
  const figure = (/** @type {number} */ mean, /** @type {object} */ more = {}) => ({ mean, median: mean, p90: mean, max: mean, total: mean * 10, messages: 5, ...more });
  const codec = (/** @type {string} */ format, /** @type {number} */ all, /** @type {number} */ held, /** @type {number} */ dict, /** @type {number} */ gzipHeld) => ({
    format, perMessage: figure(all), compressed: {
      httpGzip: figure(gzipHeld / 2), deflateDictionary: figure(dict, { dictionaryBytes: 9, rawMean: held, gzipMean: gzipHeld }), zstdDictionary: { unavailable: 'not here' },
    },
  });
  const sentence = dictionarySentence(/** @type {any} */ ({ payload: { id: 'skew' }, codecs: [codec('json-buffer', 150, 300, 190, 250), codec('protobufjs-static', 100, 200, 150, 180)] }));
  assert.equal(sentence, "skew: over the 5 messages outside the training slice, JSON with a 9-byte deflate dictionary takes 190 B per message, 1.05× smaller than protobufjs-static's 200 B raw "
    + 'and 1.27× larger than its 150 B with a dictionary of its own (9 bytes); gzip alone leaves JSON at 250 B.');
  // results written before the figures carried rawMean and gzipMean: the corpus's figures, said to be so
  const old = (/** @type {ReturnType<typeof codec>} */ c) => ({ ...c, compressed: { ...c.compressed, deflateDictionary: figure(c.compressed.deflateDictionary.mean, { dictionaryBytes: 9 }) } });
  assert.match(dictionarySentence(/** @type {any} */ ({ payload: { id: 'skew' }, codecs: [old(codec('json-buffer', 150, 300, 190, 250)), old(codec('protobufjs-static', 100, 200, 150, 180))] })) ?? '',
    /1\.90× larger than protobufjs-static's 100 B raw \(over every message\) and .* gzip alone leaves JSON at 125 B \(over the sample\)\.$/);
});

test('one message: no p90/max/mean columns that repeat its bytes, no "0 messages" dictionary, no "1 messages"', async () => {
  const payload = payloadOf(corpus.slice(0, 1));
  const result = await measureCorpusSizes(prepareCodecs(codecs, payload), payload);
  const text = corpusSizeReport({ ...result, payload: { id: 'r' } });
  assert.match(text, /^Bytes of the one message \(no corpus\):$/m);
  assert.match(text, /^\| format +\| bytes \| % of JSON \| +vs JSON \| round trip \|$/m);
  assert.doesNotMatch(text, /\b1 messages\b|\b0 messages\b|dictionary of — bytes|\| p90 \|/);
  assert.match(text, /\+ dict: n\/a, one message cannot both train a dictionary and be measured with it;/);
  assert.match(text, /over the one message;/);
  // and two messages are a corpus again, in the plural
  const two = payloadOf(corpus.slice(0, 2));
  assert.match(corpusSizeReport({ ...(await measureCorpusSizes(prepareCodecs(codecs, two), two)), payload: { id: 'r' } }),
    /^Bytes per message over the corpus of 2 messages:$/m);
});

test('a record a codec carries lossily makes its verdict LOSSY with the record index and path; the others stay exact', async () => {
  const bad = corpus.map((m, i) => (i === 7 ? { ...m, level: 2.5 } : m));
  const payload = payloadOf(bad);
  const result = await measureCorpusSizes(prepareCodecs(codecs, payload), payload, { train: 50 });
  const [j, , pb] = result.codecs;
  assert.equal(j.status, 'exact');
  assert.equal(pb.status, 'lossy');
  assert.equal(pb.record, 7);
  assert.equal(pb.diff?.path, '$.level');
  assert.match(corpusSizeReport(result), /LOSSY at record 8 \$\.level: 2\.5 → 2/);
});

test('a record a codec cannot encode makes it unsupported with the record, never a crash; a lossy one LOSSY', async () => {
  const fussy = standInCodec({
    name: 'fussy', library: 'none', kind: {}, normalise: [],
    create: () => ({
      encode: (/** @type {{ id: number }} */ v) => {
        if (v.id === 5) throw new Unsupported('no id 5 here');
        return JSON.stringify(v);
      },
      decode: (/** @type {string} */ text) => JSON.parse(text),
    }),
  });
  const bad = corpus.map((m, i) => (i === 9 ? { ...m, id: 'x' } : m));
  const payload = payloadOf(bad);
  const list = [fussy, standInCodec(protobufjsDynamic)];
  const [f, pb] = (await measureCorpusSizes(prepareCodecs(list, payload), payload, { train: 50 })).codecs;
  assert.equal(f.status, 'unsupported');
  assert.equal(f.record, 4);
  assert.equal(f.reason, 'record 5: no id 5 here');
  assert.equal(f.perMessage, undefined);
  assert.equal(pb.status, 'lossy');
  assert.equal(pb.record, 9);
});

test('the training slice must leave messages to measure on; a one-message corpus has no dictionary, and says so', async () => {
  const payload = payloadOf(corpus.slice(0, 10));
  await assert.rejects(measureCorpusSizes(prepareCodecs(codecs, payload), payload, { train: 10 }),
    (err) => err instanceof UserError && /--train 10: .*the corpus holds 10/.test(err.message));
  const one = payloadOf(corpus.slice(0, 1));
  const result = await measureCorpusSizes(prepareCodecs(codecs, one), one);
  assert.match(result.codecs[0].compressed?.deflateDictionary.unavailable ?? '', /one message/);
});

test('a sample is seeded, sorted and distinct; every index when the corpus is small', () => {
  assert.deepEqual(sampleIndexes(5, 10, 1), [0, 1, 2, 3, 4]);
  const s = sampleIndexes(100000, 1000, 1);
  assert.equal(new Set(s).size, 1000);
  assert.deepEqual(s, [...s].sort((a, b) => a - b));
  assert.deepEqual(sampleIndexes(100000, 1000, 1), s);
  assert.notDeepEqual(sampleIndexes(100000, 1000, 2), s);
});

test('an inferred map carries the keys JSON carries: the Kubernetes labels and annotations of the pods fixture', async () => {
  const [payload] = resolvePayloads({ data: path.join(ROOT, 'test', 'fixtures', 'k8s-pods.json') });
  assert.match(payload.schema.text ?? '', /^ *map<string, string> labels = \d+;/m);
  assert.match(payload.schema.text ?? '', /^ *map<string, string> annotations = \d+;/m);
  const prepared = prepareCodecs(codecs, payload);
  const result = await measureCorpusSizes(prepared, payload, { train: 5 });
  const [, jb, pb] = result.codecs;
  assert.equal(pb.status, 'exact');
  const pods = corpusOf(payload);
  /** @param {unknown} pod */
  const keysOf = (pod) => {
    const { labels, annotations } = record(field(pod, 'metadata'));
    return [...Object.keys(record(labels)), ...Object.keys(record(annotations))];
  };
  // every key is on the wire in protobuf too, as in JSON (a message's field numbers would carry none of them): as a map
  // entry's key, field 1 (tag 0x0a), its length, its bytes (so "app" is not found inside "app.kubernetes.io/name")
  const instance = prepared[2].instance;
  assert.ok(instance);
  for (const [i, pod] of pods.entries()) {
    const bytes = Buffer.from(toBytes(instance.encode(instance.fromPlain(pod))));
    for (const key of keysOf(pod)) {
      assert.ok(Buffer.byteLength(key) < 128, `${key}: one byte of length`);
      assert.ok(bytes.includes(Buffer.concat([Buffer.from([0x0a, Buffer.byteLength(key)]), Buffer.from(key)])), `pod ${i}: ${key}`);
    }
  }
  const keyBytes = pods.flatMap(keysOf).reduce((sum, key) => sum + Buffer.byteLength(key), 0);
  assert.ok(pb.perMessage && jb.perMessage);
  assert.ok(pb.perMessage.total > keyBytes, `${pb.perMessage.total} protobuf bytes over the corpus, ${keyBytes} of them keys`);
  assert.ok(pb.perMessage.total < jb.perMessage.total);
});
