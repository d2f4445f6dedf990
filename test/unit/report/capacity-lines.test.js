// The capacity report's text (lib/report/terminal-transmission.js): who sent the load, and the latency floors the
// search went past.
import test from 'node:test';
import assert from 'node:assert/strict';
import { capacityLines, floorLines } from '../../../lib/report/terminal-transmission.js';

/** @typedef {Awaited<ReturnType<typeof import('../../../lib/transmission/capacity.js').measureCapacity>>} Capacity */

/**
 * @param {string} transport
 * @param {string} loadGenerator
 * @param {number[]} floorRates
 */
const transportOf = (transport, loadGenerator, floorRates = []) => ({
  transport, serverWorkers: 1, serverProcesses: 1, placement: { pinned: true, server: '0', client: '1', available: '0-1', note: null }, serverCores: 1, clientCores: 1,
  clientWorkers: 1, halfRate: 8000, loadGenerator, calibration: null,
  rows: [{
    transport, format: 'protobufjs-static', targetP99Ms: 10, capacity: 16000, below: null, failedRate: 32000, bound: 'server', perCore: 16000, floorRates, serverCores: 1, clientCores: 1,
    probes: [
      { rate: 1000, ok: false, complete: true, msgsPerSec: 1000, p50: 3, p99: 13.855, serverCpuShare: 0.41, serverElu: 0.4, clientCpuShare: 0.08, clientElu: null, retry: true },
      { rate: 2000, ok: false, complete: true, msgsPerSec: 2000, p50: 3, p99: 11.951, serverCpuShare: 0.56, serverElu: 0.5, clientCpuShare: 0.06, clientElu: null },
      { rate: 16000, ok: true, complete: true, msgsPerSec: 16000, p50: 1.5, p99: 3.6, serverCpuShare: 0.83, serverElu: 0.8, clientCpuShare: 0.18, clientElu: null },
    ],
    atHalf: null,
  }],
});

test('capacityLines: says which load generator drove which transports (nothing when all were the toolkit\'s)', () => {
  const mixed = /** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit'), transportOf('http2', 'h2load 1.52.0'), transportOf('grpc', 'h2load 1.52.0')]));
  const lines = capacityLines(mixed, { targetP99Ms: 10, direction: 'up' });
  assert.match(lines.join('\n'), /^Load generator: toolkit \(ws\); h2load 1\.52\.0 \(http2, grpc\); h2load sends the corpus's first message every time/m);
  const toolkit = /** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit')]));
  assert.doesNotMatch(capacityLines(toolkit, { targetP99Ms: 10, direction: 'up' }).join('\n'), /Load generator/);
});

test('floorLines: each row that went past a latency floor, with the floor\'s p99 and server share; nothing without one', () => {
  const capacity = /** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit'), transportOf('grpc', 'h2load 1.52.0', [1000, 2000])]));
  const lines = floorLines(capacity, 10);
  assert.equal(lines.length, 3);
  assert.match(lines[1], /^Slower when idle than when loaded/);
  assert.equal(lines[2], 'grpc protobufjs-static: p99 over 10 ms also at 1,000 msgs/s (13.86 ms, server 41% busy), 2,000 msgs/s (11.95 ms, server 56% busy)');
  assert.deepEqual(floorLines(/** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit')])), 10), []);
});
