import test from 'node:test';
import assert from 'node:assert/strict';
import { BASELINE, toBytes } from '../../../lib/codecs/baseline.js';

test('the baseline every ratio is against is json-buffer', () => {
  assert.equal(BASELINE, 'json-buffer');
});

test('toBytes: a string counts as its UTF-8 bytes', () => {
  assert.deepEqual([...toBytes('{"a":1}')], [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d]);
  // ë is 2 bytes, 東 3, 🚀 4 (one code point, two UTF-16 units)
  assert.deepEqual([...toBytes('ë')], [0xc3, 0xab]);
  assert.equal(toBytes('Zoë 東🚀').length, 2 + 2 + 1 + 3 + 4);
  assert.equal(toBytes('').length, 0);
  assert.ok(toBytes('x') instanceof Uint8Array);
});

test('toBytes: bytes are counted as they are, the same array', () => {
  const bytes = new Uint8Array([1, 2, 3]);
  assert.equal(toBytes(bytes), bytes);
  const buffer = Buffer.from('ab');
  assert.equal(toBytes(buffer), buffer, 'a Buffer is a Uint8Array');
});
