import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProgress } from '../../../lib/cli/progress.js';

/** @param {boolean} isTTY */
function fakeStream(isTTY) {
  /** @type {string[]} */
  const writes = [];
  return { isTTY, columns: 200, writes, write: (/** @type {string} */ s) => writes.push(s) };
}

function fakeClock() {
  let t = 1_000_000;
  return { now: () => t, advance: (/** @type {number} */ s) => { t += s * 1000; } };
}

test('plain lines when the stream is not a terminal: step of total, elapsed, time left', () => {
  const stream = fakeStream(false);
  const clock = fakeClock();
  const progress = createProgress({ total: 4, stream, now: clock.now });
  clock.advance(10);
  progress.tick('first');
  clock.advance(10);
  progress.tick('second');
  progress.end();
  assert.deepEqual(stream.writes, [
    '[1/4] 10s elapsed, ~30s left: first\n',
    '[2/4] 20s elapsed, ~20s left: second\n',
  ]);
});

test('one updating line in a terminal, cleared at the end', () => {
  const stream = fakeStream(true);
  const clock = fakeClock();
  const progress = createProgress({ total: 2, stream, now: clock.now });
  clock.advance(65);
  progress.tick('slow step');
  progress.end();
  assert.equal(stream.writes.length, 2);
  // eslint-disable-next-line no-control-regex -- the ANSI erase-line sequence is the point of the test
  assert.match(stream.writes[0], /^\r\x1b\[2K\[1\/2\] 1m05s elapsed, ~1m05s left: slow step$/);
  assert.doesNotMatch(stream.writes[0], /\n/);
  assert.equal(stream.writes[1], '\r\x1b[2K');
});

test('the estimate follows the work done, not the step count, when steps weigh differently', () => {
  const stream = fakeStream(false);
  const clock = fakeClock();
  // two cheap steps worth 1 each, then one worth 8
  const progress = createProgress({ total: 3, work: 10, stream, now: clock.now });
  clock.advance(2);
  progress.tick('cheap', 1, 1);
  assert.match(stream.writes.at(-1) ?? '', /^\[1\/3\] 2s elapsed, ~18s left/);
  clock.advance(2);
  progress.tick('cheap', 1, 1);
  assert.match(stream.writes.at(-1) ?? '', /^\[2\/3\] 4s elapsed, ~16s left/);
});

test('quiet writes nothing; no pace yet shows "?"', () => {
  const stream = fakeStream(false);
  createProgress({ total: 3, stream, quiet: true }).tick('x');
  assert.deepEqual(stream.writes, []);
  const clock = fakeClock();
  createProgress({ total: 3, work: 3, stream, now: clock.now }).tick('nothing done', 1, 0);
  assert.match(stream.writes[0], /~\? left/);
});
