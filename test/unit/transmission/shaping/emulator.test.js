import test from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { relay } from '../../../../lib/transmission/shaping/emulator.js';

// The link emulator's scheduling, on stand-in sockets and a clock the test moves (node:test's mock timers for the
// relay's setTimeout): which bytes leave when. The relay through real sockets is test/e2e/shaping.test.js's.

/** One end of a relayed connection: what the relay reads from (emit 'data'/'end') and writes to. */
class StandInSocket extends EventEmitter {
  paused = false;
  ended = false;
  destroyed = false;
  /** @type {Buffer[]} */
  written = [];
  pause() { this.paused = true; return this; }
  resume() { this.paused = false; return this; }
  isPaused() { return this.paused; }
  /** @param {Buffer} bytes */
  write(bytes) { this.written.push(bytes); return true; }
  end() { this.ended = true; return this; }
  get writtenBytes() { return this.written.reduce((n, b) => n + b.length, 0); }
}

/**
 * A direction of the link on stand-in sockets, with a clock at 0 ms that `at(ms)` moves (and the timers with it).
 * @param {import('node:test').TestContext} t
 * @param {{ delay: number, kbit: number|null, queueBytes?: number, wire?: { freeAt: number } }} link
 * @param {{ clock?: { ms: number } }} [shared] a clock shared with another direction
 */
function direction(t, link, { clock = { ms: 0 } } = {}) {
  const input = new StandInSocket();
  const output = new StandInSocket();
  const counted = { bytes: 0, headers: 0 };
  /** @param {StandInSocket} s */
  const socket = (s) => /** @type {import('node:net').Socket} */ (/** @type {unknown} */ (s));
  relay(socket(input), socket(output), {
    queueBytes: 1 << 20, ...link, count: (n) => { counted.bytes += n; }, headers: (n) => { counted.headers += n; }, now: () => clock.ms,
  });
  /** @param {number} ms moves the clock (and the mocked timers) forward to ms */
  const at = (ms) => {
    const by = ms - clock.ms;
    clock.ms = ms;
    t.mock.timers.tick(by);
  };
  return { input, output, counted, at, clock };
}

test('bandwidth: each segment of at most 1448 bytes and its 66 header bytes leaves after the one before it is transmitted, then travels the delay', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  // 8 kbit/s is one byte per millisecond; 10 ms one way
  const { input, output, counted, at } = direction(t, { delay: 10, kbit: 8 });
  input.emit('data', Buffer.alloc(3000, 7));
  // segments of 1448, 1448 and 104 bytes, with 66 header bytes each: transmitted by 1514, 3028 and 3198 ms,
  // arriving 10 ms later
  at(1523);
  assert.equal(output.writtenBytes, 0);
  at(1524);
  assert.deepEqual(output.written.map((b) => b.length), [1448]);
  at(3037);
  assert.equal(output.writtenBytes, 1448);
  at(3038);
  assert.equal(output.writtenBytes, 2896);
  at(3207);
  assert.equal(output.writtenBytes, 2896);
  at(3208);
  assert.equal(output.writtenBytes, 3000);
  assert.equal(counted.bytes, 3000, 'the stream\'s bytes');
  assert.equal(counted.headers, 3 * 66, 'a write on an idle link: a header per segment');
  assert.deepEqual(Buffer.concat(output.written), Buffer.alloc(3000, 7), 'the bytes arrive whole and in order');
});

test('a write that queues behind a busy link carries a header per 965 bytes (a busy sender\'s mean segment), not one of its own', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { input, output, counted, at } = direction(t, { delay: 0, kbit: 8 });
  input.emit('data', Buffer.alloc(1000, 1)); // the link idle: its own segment, 1000 + 66 ms
  at(10);
  input.emit('data', Buffer.alloc(965, 2)); // queued behind it: 965 + 66·965/965 bytes, 1066 → 2097 ms
  at(1066);
  assert.equal(output.writtenBytes, 1000);
  at(2096);
  assert.equal(output.writtenBytes, 1000);
  at(2097);
  assert.equal(output.writtenBytes, 1965);
  assert.equal(counted.bytes, 1965);
  assert.deepEqual(Buffer.concat(output.written), Buffer.concat([Buffer.alloc(1000, 1), Buffer.alloc(965, 2)]));
  assert.equal(counted.headers, 66 + 66, 'a segment\'s header for the first write, a mean segment\'s share for the second');
});

test('without a rate limit a chunk only waits the one-way delay, in one piece', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { input, output, at } = direction(t, { delay: 75, kbit: null });
  input.emit('data', Buffer.alloc(5000));
  at(74);
  assert.equal(output.written.length, 0);
  at(75);
  assert.deepEqual(output.written.map((b) => b.length), [5000]);
});

test('connections through one emulator share a direction\'s bandwidth: the second waits for the first one\'s segment', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const wire = { freeAt: 0 };
  const clock = { ms: 0 };
  const a = direction(t, { delay: 0, kbit: 8, wire }, { clock });
  const b = direction(t, { delay: 0, kbit: 8, wire }, { clock });
  a.input.emit('data', Buffer.alloc(1448));
  b.input.emit('data', Buffer.alloc(1448));
  a.at(1514);
  assert.equal(a.output.writtenBytes, 1448);
  assert.equal(b.output.writtenBytes, 0, 'b\'s segment is still behind a\'s on the shared link');
  // queued behind a's: 1448 bytes and a busy link's share of headers (66·1448/965), by 3061.03 ms
  a.at(3061);
  assert.equal(b.output.writtenBytes, 0);
  a.at(3062);
  assert.equal(b.output.writtenBytes, 1448);
});

test('an idle link sends at once: transmission starts when the data arrives, not when the link was last busy', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { input, output, at } = direction(t, { delay: 5, kbit: 8 });
  input.emit('data', Buffer.alloc(100));
  at(171); // (100 + 66) ms, then the delay
  assert.equal(output.writtenBytes, 100);
  at(10000);
  input.emit('data', Buffer.alloc(100));
  at(10170);
  assert.equal(output.writtenBytes, 100);
  at(10171);
  assert.equal(output.writtenBytes, 200);
});

test('a full queue stops reading from the sender, and reading resumes once half of it has left', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { input, output, at } = direction(t, { delay: 0, kbit: 8, queueBytes: 2000 });
  input.emit('data', Buffer.alloc(1000));
  assert.equal(input.paused, false, '1000 queued of 2000');
  input.emit('data', Buffer.alloc(2000));
  assert.equal(input.paused, true, '3000 queued of 2000');
  at(1066);
  assert.equal(output.writtenBytes, 1000);
  assert.equal(input.paused, true, '2000 still queued: more than half');
  // queued behind the first: 1448 + 66·1448/965 bytes, by 2613.03 ms
  at(2613);
  assert.equal(output.writtenBytes, 1000);
  at(2614);
  assert.equal(output.writtenBytes, 2448);
  assert.equal(input.paused, false, '552 queued: reading again');
});

test('the end of the sender\'s stream is passed on only after the last queued byte has left', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { input, output, at } = direction(t, { delay: 20, kbit: null });
  input.emit('data', Buffer.alloc(10));
  input.emit('end');
  at(19);
  assert.equal(output.ended, false);
  at(20);
  assert.equal(output.writtenBytes, 10);
  assert.equal(output.ended, true);
  const idle = direction(t, { delay: 20, kbit: null });
  idle.input.emit('end');
  assert.equal(idle.output.ended, true, 'nothing queued: ended at once');
});
