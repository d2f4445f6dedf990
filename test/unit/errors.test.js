import test from 'node:test';
import assert from 'node:assert/strict';
import { errorMessage, firstFew, firstLine, oneLine } from '../../lib/errors.js';

test('oneLine folds every line break, with the white space around it, into one space', () => {
  assert.equal(oneLine('illegal token \'x\'\n  (line 3)\r\nin schema.proto\n'), 'illegal token \'x\' (line 3) in schema.proto');
  assert.equal(oneLine('a\r\rb'), 'a b');
});

test('oneLine keeps spaces inside a line and takes any value', () => {
  assert.equal(oneLine('two  spaces\tand a tab'), 'two  spaces\tand a tab');
  assert.equal(oneLine(42), '42');
  assert.equal(oneLine(''), '');
});

test('firstLine is the first non-blank line of a text', () => {
  assert.equal(firstLine('\n  Error: Specified qdisc kind is unknown.\n    at foo (bar.js:1:1)\n'), 'Error: Specified qdisc kind is unknown.');
  assert.equal(firstLine('one\r\ntwo'), 'one');
});

test('firstLine of an error reads the child\'s stderr first, then the message', () => {
  const failed = Object.assign(new Error('Command failed: tc qdisc add\nRTNETLINK answers: Operation not permitted'), {
    stderr: 'RTNETLINK answers: Operation not permitted\n',
  });
  assert.equal(firstLine(failed), 'RTNETLINK answers: Operation not permitted');
  assert.equal(firstLine(new Error('spawn tc ENOENT\nmore')), 'spawn tc ENOENT');
  assert.equal(firstLine(Object.assign(new Error('no stderr'), { stderr: '' })), 'no stderr');
});

test('errorMessage is an Error\'s message, and anything else thrown as text', () => {
  assert.equal(errorMessage(new TypeError('x is not a function')), 'x is not a function');
  assert.equal(errorMessage('a rejection with a string'), 'a rejection with a string');
  assert.equal(errorMessage(undefined), 'undefined');
  assert.equal(errorMessage({ message: 'not an Error' }), '[object Object]');
});

test('firstFew lists the first eight items, and "…" after them only where there were more', () => {
  const items = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => `k${i}`);
  assert.equal(firstFew([]), '');
  assert.equal(firstFew(['a']), 'a');
  assert.equal(firstFew(items(8)), 'k0, k1, k2, k3, k4, k5, k6, k7');
  assert.equal(firstFew(items(9)), 'k0, k1, k2, k3, k4, k5, k6, k7, …');
  assert.equal(firstFew(items(3), 2), 'k0, k1, …');
});
