import test from 'node:test';
import assert from 'node:assert/strict';
import { counted } from '../../lib/text.js';

test('counted: singular for one, plural otherwise (zero included), an irregular plural when given', () => {
  assert.equal(counted(1, 'call'), '1 call');
  assert.equal(counted(0, 'call'), '0 calls');
  assert.equal(counted(2, 'decode error'), '2 decode errors');
  assert.equal(counted(1, 'body byte'), '1 body byte');
  assert.equal(counted(3, 'index', 'indices'), '3 indices');
});
