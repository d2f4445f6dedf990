import test from 'node:test';
import assert from 'node:assert/strict';
import { alternate, median, overRounds, range, rotate, spread } from '../../../lib/measure/statistics.js';

test('rotate: round n starts with item n, wrapping either way, and leaves its input alone', () => {
  const items = ['a', 'b', 'c'];
  assert.deepEqual(rotate(items, 0), ['a', 'b', 'c']);
  assert.deepEqual(rotate(items, 1), ['b', 'c', 'a']);
  assert.deepEqual(rotate(items, 5), ['c', 'a', 'b']);
  assert.deepEqual(rotate(items, -1), ['c', 'a', 'b']);
  assert.deepEqual(rotate([], 3), []);
  assert.deepEqual(rotate([1, 2, 3], 4), [2, 3, 1]);
  assert.deepEqual(items, ['a', 'b', 'c'], 'the input is not reordered in place');
  // over as many rounds as items, each item is first once and last once
  const orders = items.map((_, r) => rotate(items, r));
  assert.deepEqual(orders.map((o) => o[0]).sort(), items);
  assert.deepEqual(orders.map((o) => o.at(-1)).sort(), items);
});

test('alternate: odd rounds in the given order, even rounds reversed (ABBA), the input left alone', () => {
  const items = ['a', 'b', 'c'];
  assert.deepEqual(alternate(items, 1), ['a', 'b', 'c']);
  assert.deepEqual(alternate(items, 2), ['c', 'b', 'a']);
  assert.deepEqual(alternate(items, 3), ['a', 'b', 'c']);
  assert.deepEqual(alternate([], 2), []);
  assert.deepEqual(items, ['a', 'b', 'c'], 'the input is not reversed in place');
  assert.notEqual(alternate(items, 1), items, 'a copy, which the caller may reorder');
});

test('median: the middle value, or the mean of the middle two; NaN for no values', () => {
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7]), 7);
  assert.ok(Number.isNaN(median([])));
  const values = [10, 2, 33];
  assert.equal(median(values), 10, 'numeric order, not string order (33 < 10 as text)');
  assert.deepEqual(values, [10, 2, 33], 'the input is not sorted in place');
});

test('range and spread: min–max, and how far apart the rounds landed relative to their median', () => {
  assert.deepEqual(range([3, 9, 1]), { min: 1, max: 9 });
  assert.equal(spread([90, 100, 110]), 0.2);
  assert.equal(spread([4, 4, 4]), 0);
});

test('overRounds: the median of a figure over its rounds with the min–max around it', () => {
  assert.deepEqual(overRounds([300, 100, 200, 250]), { median: 225, min: 100, max: 300 });
  assert.deepEqual(overRounds([2]), { median: 2, min: 2, max: 2 });
});
