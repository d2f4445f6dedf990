import test from 'node:test';
import assert from 'node:assert/strict';
import { parseTscOutput, ratchetProblems, shrinkWaiting } from '../../../scripts/lib/strict-types.js';

// tsc --pretty false, as it prints: a continuation line belongs to the error above and is not an error itself
const OUTPUT = `lib/a.js(3,7): error TS7006: Parameter 'x' implicitly has an 'any' type.
lib/a.js(9,1): error TS18047: 'y' is possibly 'null'.
lib/b.js(1,2): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.
  Type 'string' is not assignable to type 'number'.
`;

test('parseTscOutput: file, line, column, code and message of each error; continuation lines left out', () => {
  assert.deepEqual(parseTscOutput(OUTPUT), [
    { file: 'lib/a.js', line: 3, column: 7, code: 'TS7006', message: "Parameter 'x' implicitly has an 'any' type." },
    { file: 'lib/a.js', line: 9, column: 1, code: 'TS18047', message: "'y' is possibly 'null'." },
    { file: 'lib/b.js', line: 1, column: 2, code: 'TS2345', message: "Argument of type 'string' is not assignable to parameter of type 'number'." },
  ]);
  assert.deepEqual(parseTscOutput(''), []);
});

test('ratchetProblems: none when every erring file is waiting with exactly its count', () => {
  assert.deepEqual(ratchetProblems(parseTscOutput(OUTPUT), { 'lib/a.js': 2, 'lib/b.js': 1 }), []);
});

test('ratchetProblems: an error in a file not waiting is named with its place', () => {
  assert.deepEqual(ratchetProblems(parseTscOutput(OUTPUT), { 'lib/a.js': 2 }),
    ["lib/b.js:1:2: TS2345 Argument of type 'string' is not assignable to parameter of type 'number'."]);
});

test('ratchetProblems: a waiting file with more errors than its count, and one with fewer, both fail', () => {
  const more = ratchetProblems(parseTscOutput(OUTPUT), { 'lib/a.js': 1, 'lib/b.js': 1 });
  assert.equal(more.length, 1);
  assert.match(more[0], /^lib\/a\.js: 2 errors, 1 waiting: 1 new; first: 3:7 TS7006 /);
  const fewer = ratchetProblems(parseTscOutput(OUTPUT), { 'lib/a.js': 3, 'lib/b.js': 1 });
  assert.deepEqual(fewer, ['lib/a.js: 2 errors left of 3: lower its count in scripts/types-waiting.json (node scripts/check-types.js --update)']);
});

test('ratchetProblems: a waiting file with no errors left must leave the list', () => {
  assert.deepEqual(ratchetProblems(parseTscOutput(OUTPUT), { 'lib/a.js': 2, 'lib/b.js': 1, 'lib/c.js': 4 }),
    ['lib/c.js: clean now: remove it from scripts/types-waiting.json (node scripts/check-types.js --update)']);
});

test('shrinkWaiting: counts only go down and clean files leave; nothing is added or raised', () => {
  const errors = parseTscOutput(OUTPUT);
  assert.deepEqual(shrinkWaiting(errors, { 'lib/a.js': 5, 'lib/b.js': 0, 'lib/c.js': 4 }), { 'lib/a.js': 2, 'lib/b.js': 0 });
  // lib/b.js had 0 allowed and has 1 error: the list does not grow to let it in (the check then fails on it)
  assert.deepEqual(ratchetProblems(errors, shrinkWaiting(errors, { 'lib/a.js': 5, 'lib/b.js': 0 })).length, 1);
});
