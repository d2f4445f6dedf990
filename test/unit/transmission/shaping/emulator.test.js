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
  const counted = { bytes: 0 };
  /** @param {StandInSocket} s */
  const socket = (s) => /** @type {import('node:net').Socket} */ (/** @type {unknown} */ (s));
  relay(socket(input), socket(output), {
    queueBytes: 1 << 20, ...link, count: (n) => { counted.bytes += n; }, now: () => clock.ms,
  });
  /** @param {number} ms moves the clock (and the mocked timers) forward to ms */
  const at = (ms) => {
    const by = ms - clock.ms;
    clock.ms = ms;
    t.mock.timers.tick(by);
  };
  return { input, output, counted, at, clock };
}

test('bandwidth: each 1448-byte packet leaves after the one before it is transmitted, then travels the delay', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  // 8 kbit/s is one byte per millisecond; 10 ms one way
  const { input, output, counted, at } = direction(t, { delay: 10, kbit: 8 });
  input.emit('data', Buffer.alloc(3000, 7));
  // packets of 1448, 1448 and 104 bytes, transmitted by 1448, 2896 and 3000 ms, arriving 10 ms later
  at(1457);
  assert.equal(output.writtenBytes, 0);
  at(1458);
  assert.deepEqual(output.written.map((b) => b.length), [1448]);
  at(2905);
  assert.equal(output.writtenBytes, 1448);
  at(2906);
  assert.equal(output.writtenBytes, 2896);
  at(3010);
  assert.equal(output.writtenBytes, 3000);
  assert.equal(counted.bytes, 3000);
  assert.deepEqual(Buffer.concat(output.written), Buffer.alloc(3000, 7), 'the bytes arrive whole and in order');
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

test('connections through one emulator share a direction\'s bandwidth: the second waits for the first one\'s packet', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const wire = { freeAt: 0 };
  const clock = { ms: 0 };
  const a = direction(t, { delay: 0, kbit: 8, wire }, { clock });
  const b = direction(t, { delay: 0, kbit: 8, wire }, { clock });
  a.input.emit('data', Buffer.alloc(1448));
  b.input.emit('data', Buffer.alloc(1448));
  a.at(1448);
  assert.equal(a.output.writtenBytes, 1448);
  assert.equal(b.output.writtenBytes, 0, 'b\'s packet is still behind a\'s on the shared link');
  a.at(2896);
  assert.equal(b.output.writtenBytes, 1448);
});

test('an idle link sends at once: transmission starts when the data arrives, not when the link was last busy', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { input, output, at } = direction(t, { delay: 5, kbit: 8 });
  input.emit('data', Buffer.alloc(100));
  at(105);
  assert.equal(output.writtenBytes, 100);
  at(10000);
  input.emit('data', Buffer.alloc(100));
  at(10104);
  assert.equal(output.writtenBytes, 100);
  at(10105);
  assert.equal(output.writtenBytes, 200);
});

test('a full queue stops reading from the sender, and reading resumes once half of it has left', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { input, output, at } = direction(t, { delay: 0, kbit: 8, queueBytes: 2000 });
  input.emit('data', Buffer.alloc(1000));
  assert.equal(input.paused, false, '1000 queued of 2000');
  input.emit('data', Buffer.alloc(2000));
  assert.equal(input.paused, true, '3000 queued of 2000');
  at(1000);
  assert.equal(output.writtenBytes, 1000);
  assert.equal(input.paused, true, '2000 still queued: more than half');
  at(2448);
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
