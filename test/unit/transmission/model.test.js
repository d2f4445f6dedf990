import test from 'node:test';
import assert from 'node:assert/strict';
import { breakEven, BUSY_SEGMENT_BYTES, linkBytes, messageCost, predictSeconds, predictThroughput, SEGMENT_HEADER_BYTES, TCP_MSS, timeCurve } from '../../../lib/transmission/model.js';

/**
 * @param {string} format
 * @param {number} upBytes
 * @param {number} serverCpuUs
 * @param {number} [clientCpuUs]
 */
const cost = (format, upBytes, serverCpuUs, clientCpuUs = 0) => ({ format, upBytes, downBytes: 7, serverCpuUs, clientCpuUs });
const close = (/** @type {number} */ a, /** @type {number} */ b, /** @type {string} */ what) => assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

test('messageCost: the bytes each way per message sent, as the sockets counted them, and the CPU per side', () => {
  const c = messageCost({ format: 'x', messages: 10, notSent: 2, wireBytes: { payload: 6400, frames: 8000, up: 8000, down: 1600 }, serverCpuUs: 12, clientCpuUs: 9 });
  assert.deepEqual(c, { format: 'x', upBytes: 1000, downBytes: 200, serverCpuUs: 12, clientCpuUs: 9 });
});

test('linkBytes: the stream plus 66 header bytes per segment, a message alone in its own segments, on a busy link a header per 965 bytes', () => {
  assert.equal(SEGMENT_HEADER_BYTES, 14 + 20 + 20 + 12, 'Ethernet, IPv4, TCP, timestamps');
  assert.equal(TCP_MSS, 1500 - 20 - 20 - 12);
  assert.equal(linkBytes(0), 0);
  assert.equal(linkBytes(7), 7 + 66);
  assert.equal(linkBytes(1448), 1448 + 66);
  assert.equal(linkBytes(1449), 1449 + 2 * 66);
  assert.equal(BUSY_SEGMENT_BYTES, 965, 'two thirds of the MSS');
  close(linkBytes(965, { packed: true }), 965 + 66, 'a mean segment\'s header');
  close(linkBytes(389, { packed: true }), 389 + (66 * 389) / 965, 'a share of one');
  close(linkBytes(3000, { packed: true }), 3000 + (66 * 3000) / 965, 'more than an MSS: the same share');
});

test('predictThroughput: the slowest stage sets the pace, unless the window cannot cover the round trip; segments carry their headers', () => {
  // 1000 bytes of stream at 800 kbit/s: on a busy link 1000 + 66·1000/965 bytes; CPU 1 ms
  const c = cost('a', 1000, 1000);
  const packedUp = (1000 + (66 * 1000) / 965) * 8 / 800e3;
  let p = predictThroughput(c, { up: 800, rtt: 50, window: 64 });
  assert.equal(p.bottleneck, 'uplink');
  close(p.secondsPerMessage, packedUp, 'uplink-bound');
  // fast link: the server's CPU
  p = predictThroughput(c, { up: 1e6, rtt: 0, window: 64 });
  assert.equal(p.bottleneck, 'server CPU');
  close(p.msgsPerSec, 1000, 'CPU-bound');
  // window 1: every message waits for its round trip (50 ms + the stages), each message in its own segments
  const alone = 0.05 + (1000 + 66) * 8 / 800e3 + (7 + 66) * 8 / 800e3 + 0.001;
  p = predictThroughput(c, { up: 800, rtt: 50, window: 1 });
  assert.equal(p.bottleneck, 'round trip');
  close(p.secondsPerMessage, alone, 'window-bound');
  close(predictSeconds(c, { up: 800, rtt: 50, window: 64 }, 101), alone + 100 * packedUp, 'N messages');
});

test('breakEven: the smaller format wins below the bandwidth where the larger one stops being link-bound', () => {
  // smaller: 400 B, 20 µs; larger: 800 B, 10 µs. The larger is link-bound until its 800 B and their share of
  // segment headers (800 + 66·800/965) · 8 bits / 20 µs ≈ 341.9 Mbit/s, where the smaller's CPU (20 µs) becomes
  // the pace: above that, the larger one's 10 µs wins
  const be = breakEven(cost('proto', 400, 20), cost('json', 800, 10), { window: Infinity, messages: 1e6 });
  assert.equal(be.smaller, 'proto');
  assert.equal(be.larger, 'json');
  const expected = (linkBytes(800, { packed: true }) * 8) / 20e-6 / 1000;
  assert.ok(Math.abs(be.belowKbit / expected - 1) < 0.01, `${be.belowKbit} kbit/s, expected ${expected}`);
  // no more CPU and fewer bytes: faster at every bandwidth
  assert.equal(breakEven(cost('a', 400, 10), cost('b', 800, 10)).belowKbit, Infinity);
});

test('timeCurve: a log grid and one falling series per format', () => {
  const curve = timeCurve([cost('a', 400, 20), cost('b', 800, 10)], { fromKbit: 100, toKbit: 1e5, points: 4 });
  assert.deepEqual(curve.kbit.map((k) => Math.round(k)), [100, 1000, 10000, 100000]);
  for (const s of curve.series) assert.ok(s.seconds.every((t, i) => i === 0 || t <= s.seconds[i - 1]), s.format);
  close(curve.series[1].seconds[0], predictSeconds(cost('b', 800, 10), { up: 100 }, 10000), 'the series is the model');
});
