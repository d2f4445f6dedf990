import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatePayloads, fileContent } from '../../../scripts/generate-data.js';

const dataFile = (/** @type {number} */ n) => fileURLToPath(new URL(`../../../data/test${n}.json`, import.meta.url));
const payloads = generatePayloads();
const [numbers, strings, order, feed, status] = payloads;
const TARGETS = [210, 165, 820, 3100, 22];

/**
 * Yields [value, path] for the value and everything inside it; array indexes are numbers in the path.
 * @param {unknown} value
 * @param {(string|number)[]} [path]
 * @returns {Generator<[unknown, (string|number)[]]>}
 */
function* walk(value, path = []) {
  yield [value, path];
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* walk(v, [...path, Array.isArray(value) ? Number(k) : k]);
  }
}
const all = (/** @type {unknown} */ value) => [...walk(value)].map(([v]) => v);
const leaves = (/** @type {unknown} */ value) => all(value).filter((v) => v === null || typeof v !== 'object');
/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const kind = (/** @type {unknown} */ v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
/**
 * Nesting depth counted in objects only (arrays add no level).
 * @param {unknown} v
 * @returns {number}
 */
const objectDepth = (v) =>
  v === null || typeof v !== 'object' ? 0 : (isObject(v) ? 1 : 0) + Math.max(0, ...Object.values(v).map(objectDepth));

test('committed files are what the generator produces', () => {
  payloads.forEach((value, i) => assert.equal(readFileSync(dataFile(i + 1), 'utf8'), fileContent(value), `test${i + 1}.json is stale`));
});

test('compact sizes are within ±15% of their targets', () => {
  payloads.forEach((value, i) => {
    const size = Buffer.byteLength(JSON.stringify(value));
    assert.ok(Math.abs(size - TARGETS[i]) <= TARGETS[i] * 0.15, `test${i + 1}: ${size} bytes, target ${TARGETS[i]}`);
  });
});

test('no null anywhere', () => {
  payloads.forEach((value, i) => assert.ok(!all(value).includes(null), `test${i + 1} contains null`));
});

test('shapes allow a schema to be inferred', () => {
  payloads.forEach((value, i) => {
    /** @type {Map<string, string[][]>} 'posts.*.author' -> key lists of every object found there */
    const keysByPlace = new Map();
    /** @type {Map<string, Set<string>>} 'posts.*.likes' -> JSON types found there */
    const kindsByPlace = new Map();
    for (const [v, path] of walk(value)) {
      const where = `test${i + 1} at ${path.join('.') || '$'}`;
      const place = path.map((k) => (typeof k === 'number' || /^\d+$/.test(k) ? '*' : k)).join('.');
      const kinds = new Set([...(kindsByPlace.get(place) ?? []), kind(v)]);
      kindsByPlace.set(place, kinds);
      assert.equal(kinds.size, 1, `${where}: one field, several JSON types`);
      if (typeof v === 'string') assert.equal(JSON.stringify(v), `"${v}"`, `${where}: string needs escaping`);
      if (typeof v === 'number') assert.ok(Number.isFinite(v) && (!Number.isInteger(v) || Number.isSafeInteger(v)), where);
      if (isObject(v)) {
        assert.ok(Object.keys(v).length > 0, `${where}: empty object`);
        const keyRule = path.at(-1) === 'usersById' ? /^\d+$/ : /^[A-Za-z_][A-Za-z0-9_]*$/;
        for (const k of Object.keys(v)) assert.match(k, keyRule, where);
        keysByPlace.set(place, [...(keysByPlace.get(place) ?? []), Object.keys(v)]);
      }
      if (Array.isArray(v)) {
        assert.ok(v.length > 0, `${where}: empty array`);
        assert.notEqual(kind(v[0]), 'array', `${where}: array of arrays`);
      }
    }
    // Objects of one kind may lack optional keys, but the keys they share come in the same order.
    for (const [place, lists] of keysByPlace) {
      for (const a of lists) {
        for (const b of lists) {
          assert.deepEqual(a.filter((k) => b.includes(k)), b.filter((k) => a.includes(k)), `test${i + 1} at ${place}: key order`);
        }
      }
    }
  });
});

test('test1 holds only numbers: int32 integers (some negative) and long doubles', () => {
  const values = leaves(numbers);
  assert.ok(values.every((v) => typeof v === 'number'));
  const ints = values.filter(Number.isInteger);
  assert.ok(ints.every((v) => v === (v | 0)), 'integers fit in int32');
  assert.ok(ints.filter((v) => v < 0).length >= 3, 'several negative integers');
  assert.ok(values.some((v) => String(v).replace(/[-.]|e.*$/g, '').replace(/^0+/, '').length >= 14), 'a double with many digits');
  assert.ok(Object.values(numbers).some(isObject), 'a nested object');
});

test('test2 holds only strings, with accented Latin, CJK and an astral-plane emoji', () => {
  const values = leaves(strings);
  assert.ok(values.every((v) => typeof v === 'string'));
  const text = values.join(' ');
  assert.match(text, /[À-ɏ]/u, 'accented Latin');
  assert.match(text, /\p{Script=Han}/u, 'CJK');
  assert.ok([...text].some((c) => (c.codePointAt(0) ?? 0) > 0xffff && /\p{Extended_Pictographic}/u.test(c)), 'astral emoji');
});

test('test3 has booleans, an ISO timestamp, a nested object and arrays of objects and strings', () => {
  const values = all(order);
  assert.ok(values.includes(true) && values.includes(false), 'true and false');
  assert.ok(
    values.some((v) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) && new Date(v).toISOString() === v),
    'ISO-8601 timestamp',
  );
  assert.ok(values.some((v) => typeof v === 'number' && !Number.isInteger(v)), 'a non-integer price');
  assert.ok(Object.values(order).some(isObject), 'nested object');
  const arrays = values.filter(Array.isArray);
  assert.ok(arrays.some((a) => isObject(a[0])), 'array of objects');
  assert.ok(arrays.some((a) => typeof a[0] === 'string'), 'array of strings');
});

test('test4 is deeply nested with int64, negative integers, a data-keyed map and an optional key', () => {
  assert.ok(objectDepth(feed) >= 5, `object depth ${objectDepth(feed)}`);
  const entries = [...walk(feed)];
  assert.ok(
    entries.some(([v, path]) => isObject(v) && path.filter(Number.isInteger).length >= 2),
    'array of objects inside an array of objects',
  );
  const values = entries.map(([v]) => v);
  assert.ok(values.some((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 2 ** 32), 'a value above 2^32');
  assert.ok(values.some((v) => typeof v === 'number' && Number.isInteger(v) && v < 0), 'a negative integer');
  assert.ok(Object.keys(feed.usersById).length >= 3, 'data-keyed map');
  const comments = feed.posts.flatMap((p) => p.comments);
  const edited = comments.filter((c) => 'editedAt' in c).length;
  assert.ok(edited > 0 && edited < comments.length, 'editedAt is optional');
});

test('test5 is exactly { id, status }', () => {
  assert.deepEqual(Object.keys(status), ['id', 'status']);
  assert.ok(Number.isInteger(status.id) && typeof status.status === 'string');
});
