import test from 'node:test';
import assert from 'node:assert/strict';
import { breakEven, messageCost, predictSeconds, predictThroughput, timeCurve } from '../../../lib/transmission/model.js';

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

test('predictThroughput: the slowest stage sets the pace, unless the window cannot cover the round trip', () => {
  // 1000 bytes at 800 kbit/s = 10 ms on the uplink; CPU 1 ms
  const c = cost('a', 1000, 1000);
  let p = predictThroughput(c, { up: 800, rtt: 50, window: 64 });
  assert.equal(p.bottleneck, 'uplink');
  close(p.secondsPerMessage, 0.01, 'uplink-bound');
  // fast link: the server's CPU
  p = predictThroughput(c, { up: 1e6, rtt: 0, window: 64 });
  assert.equal(p.bottleneck, 'server CPU');
  close(p.msgsPerSec, 1000, 'CPU-bound');
  // window 1: every message waits for its round trip (50 ms + the stages)
  p = predictThroughput(c, { up: 800, rtt: 50, window: 1 });
  assert.equal(p.bottleneck, 'round trip');
  close(p.secondsPerMessage, 0.05 + 0.01 + 7 * 8 / 800e3 + 0.001, 'window-bound');
  close(predictSeconds(c, { up: 800, rtt: 50, window: 64 }, 101), 0.05 + 0.01 + 7 * 8 / 800e3 + 0.001 + 100 * 0.01, 'N messages');
});

test('breakEven: the smaller format wins below the bandwidth where the larger one stops being link-bound', () => {
  // smaller: 400 B, 20 µs; larger: 800 B, 10 µs. The larger is link-bound until 800·8 bits / 20 µs = 320 Mbit/s,
  // where the smaller's CPU (20 µs) becomes the pace: above that, the larger one's 10 µs wins
  const be = breakEven(cost('proto', 400, 20), cost('json', 800, 10), { window: Infinity, messages: 1e6 });
  assert.equal(be.smaller, 'proto');
  assert.equal(be.larger, 'json');
  assert.ok(Math.abs(be.belowKbit / 320000 - 1) < 0.01, `${be.belowKbit} kbit/s`);
  // no more CPU and fewer bytes: faster at every bandwidth
  assert.equal(breakEven(cost('a', 400, 10), cost('b', 800, 10)).belowKbit, Infinity);
});

test('timeCurve: a log grid and one falling series per format', () => {
  const curve = timeCurve([cost('a', 400, 20), cost('b', 800, 10)], { fromKbit: 100, toKbit: 1e5, points: 4 });
  assert.deepEqual(curve.kbit.map((k) => Math.round(k)), [100, 1000, 10000, 100000]);
  for (const s of curve.series) assert.ok(s.seconds.every((t, i) => i === 0 || t <= s.seconds[i - 1]), s.format);
  close(curve.series[1].seconds[0], predictSeconds(cost('b', 800, 10), { up: 100 }, 10000), 'the series is the model');
});
