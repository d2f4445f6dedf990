import test from 'node:test';
import assert from 'node:assert/strict';
import { SHAPE_FILTER, measureShapes } from '../../../lib/measure/shapes.js';
import { payloadFromCorpus } from '../../../lib/payload/index.js';
import json from '../../../lib/codecs/json.js';
import jsonBuffer from '../../../lib/codecs/json-buffer.js';
import { standInCodec } from '../../helpers/narrow.js';

test('SHAPE_FILTER: the micro-suite times encode and decode, nothing else', () => {
  assert.ok(SHAPE_FILTER.test('json encode'));
  assert.ok(SHAPE_FILTER.test('protobufjs decode'));
  for (const name of ['json roundtrip', 'json to-plain', 'json from-plain', 'json encode (one message)']) assert.ok(!SHAPE_FILTER.test(name), name);
});

// two tiny families of hand-written messages: '{"a":1}' is 7 bytes and '{"a":333}' 9; '{"s":"ë"}' is 10 (ë is 2)
const families = [
  payloadFromCorpus({ id: 'ints', title: 'ints', dataFile: '(test)', value: { a: 1 }, corpus: [{ a: 1 }, { a: 333 }] }),
  payloadFromCorpus({ id: 'text', title: 'text', dataFile: '(test)', value: { s: 'ë' }, corpus: [{ s: 'ë' }] }),
];

test('measureShapes: one speed result per family, in order, encode and decode of every codec, bytes per message', () => {
  /** @type {string[]} */
  const progress = [];
  const results = measureShapes(families, [json, jsonBuffer].map(standInCodec), {
    rounds: 2, maxTime: 0.005, minTime: 0.001, onProgress: (e) => progress.push(`${e.payload} ${e.round} ${e.name}`),
  });
  assert.deepEqual(results.map((r) => r.payload.id), ['ints', 'text']);
  for (const r of results) {
    assert.equal(r.settings.rounds, 2);
    assert.equal(r.settings.filter, String(SHAPE_FILTER));
    assert.deepEqual(r.results.map((row) => `${row.format} ${row.op}`).sort(),
      ['json decode', 'json encode', 'json-buffer decode', 'json-buffer encode']);
  }
  assert.deepEqual(results[0].results.map((row) => row.wireBytes), [8, 8, 8, 8], 'the mean of 7 and 9');
  assert.deepEqual(results[1].results.map((row) => row.wireBytes), [10, 10, 10, 10]);
  // one family after the other, each with its rounds interleaved across codecs (the order rotates by round)
  assert.deepEqual(progress, [
    'ints 1 json encode', 'ints 1 json-buffer encode', 'ints 1 json decode', 'ints 1 json-buffer decode',
    'ints 2 json-buffer encode', 'ints 2 json encode', 'ints 2 json-buffer decode', 'ints 2 json decode',
    'text 1 json encode', 'text 1 json-buffer encode', 'text 1 json decode', 'text 1 json-buffer decode',
    'text 2 json-buffer encode', 'text 2 json encode', 'text 2 json-buffer decode', 'text 2 json decode',
  ]);
});

test('measureShapes: no families, no results', () => {
  assert.deepEqual(measureShapes([], [json, jsonBuffer].map(standInCodec)), []);
});
