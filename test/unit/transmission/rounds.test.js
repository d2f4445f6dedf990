import test from 'node:test';
import assert from 'node:assert/strict';
import { summariseTransmissionRounds, MIN_ROUNDS_FOR_WINNER, pairVerdict, pairVerdicts, falseWinnerOdds } from '../../../lib/transmission/rounds.js';
import { verdictText } from '../../../lib/report/terminal-transmission.js';

const latency = (/** @type {number} */ p50) => ({ p50, p90: p50 * 2, p99: p50 * 3, p999: p50 * 4, max: p50 * 5, mean: p50 });
/** @param {string} format @param {number} msgsPerSec @param {Record<string, unknown>} [over] */
const pass = (format, msgsPerSec, over = {}) => ({
  format, status: 'exact', messages: 100, acked: 100, lost: 0, notSent: 0, duplicated: 0, errors: 0,
  seconds: 100 / msgsPerSec, msgsPerSec, payloadMBps: msgsPerSec / 1e4, wireBytes: { payload: 1000, frames: 1200, up: 1200, down: 70 },
  latencyMs: latency(1e3 / msgsPerSec), ended: 'complete', ...over,
});
/** @param {string} format @param {number[]} rates */
const rowOf = (format, rates) => summariseTransmissionRounds(rates.map((r) => pass(format, r)));

test('summariseTransmissionRounds: medians, min–max, accounting summed, passes kept, codec fields carried', () => {
  const row = summariseTransmissionRounds([pass('a', 300), pass('a', 100, { lost: 2, acked: 98, ended: 'no ACK for 10 s' }), pass('a', 200)]);
  assert.equal(row.format, 'a');
  assert.equal(row.status, 'exact');
  assert.equal(row.msgsPerSec, 200);
  assert.deepEqual(row.minMax.msgsPerSec, [100, 300]);
  assert.deepEqual(row.minMax.seconds, [1 / 3, 1]);
  assert.ok(row.minMax.latencyMs && row.latencyMs);
  assert.deepEqual(row.minMax.latencyMs.p50, [1e3 / 300, 10]);
  assert.equal(row.latencyMs.p99, 3 * 1e3 / 200);
  assert.deepEqual([row.messages, row.acked, row.lost], [300, 298, 2]);
  assert.deepEqual(row.wireBytes, { payload: 3000, frames: 3600, up: 3600, down: 210 });
  assert.equal(row.ended, 'no ACK for 10 s', 'an incomplete round is not hidden by the others');
  assert.equal(row.passes.length, 3);
  // GC pauses: the longest of any pass on each side, null where no pass could watch them
  const paused = summariseTransmissionRounds([pass('a', 300, { clientGcMaxMs: 4, serverGcMaxMs: null }), pass('a', 200, { clientGcMaxMs: 11, serverGcMaxMs: null }), pass('a', 100, { clientGcMaxMs: 2 })]);
  assert.deepEqual([paused.clientGcMaxMs, paused.serverGcMaxMs], [11, null]);
  // the client's user and system split is the fixed-rate passes' (cpu-at-rate.js): the first pass's is not the row's
  const split = summariseTransmissionRounds([pass('a', 300, { clientCpuUs: 40, clientUserUs: 30, clientSystemUs: 10 }), pass('a', 200, { clientCpuUs: 50, clientUserUs: 35, clientSystemUs: 15 })]);
  assert.equal(split.clientCpuUs, 45);
  assert.deepEqual(['clientUserUs' in split, 'clientSystemUs' in split], [false, false]);
});

test('pairVerdict: a winner only when the ranges do not overlap, with enough rounds', () => {
  const clear = pairVerdict(rowOf('a', [100, 110, 105]), rowOf('b', [120, 130, 125]));
  assert.equal(clear.winner, 'b');
  assert.ok(Math.abs(clear.ratio - 125 / 105) < 1e-12);
  assert.equal(clear.rounds, 3);
  assert.match(verdictText(clear), /^b beats a, 1\.19× the msgs\/s/);
  // one round of b dips into a's range: the medians differ, but not outside the spread
  const overlap = pairVerdict(rowOf('a', [100, 110, 105]), rowOf('b', [108, 130, 125]));
  assert.equal(overlap.winner, null);
  assert.match(verdictText(overlap), /^no clear difference between a and b \(msgs\/s ranges overlap over 3 rounds\)$/);
  const few = pairVerdict(rowOf('a', [100, 101]), rowOf('b', [200, 201]));
  assert.equal(MIN_ROUNDS_FOR_WINNER, 3);
  assert.equal(few.winner, null, 'two rounds never name a winner, however far apart');
  assert.match(verdictText(few), /2 rounds; a winner needs 3/);
});

test('a named winner says how often two equal formats would have won so: counted over every ordering of their rounds', () => {
  for (const rounds of [3, 4, 5]) {
    // every way to give R of 2R distinct msgs/s to one format and the rest to the other, judged by pairVerdict itself
    let orderings = 0;
    let winners = 0;
    for (let mask = 0; mask < 2 ** (2 * rounds); mask++) {
      const ranks = [...Array(2 * rounds).keys()];
      const a = ranks.filter((i) => mask & (1 << i));
      if (a.length !== rounds) continue;
      orderings++;
      if (pairVerdict(rowOf('a', a.map((i) => 100 + i)), rowOf('b', ranks.filter((i) => !(mask & (1 << i))).map((i) => 100 + i))).winner) winners++;
    }
    assert.equal(falseWinnerOdds(rounds), orderings / winners, `${rounds} rounds`);
  }
  assert.match(verdictText(pairVerdict(rowOf('a', [100, 110, 105]), rowOf('b', [120, 130, 125]))), /every round faster over 3 rounds, as two equal formats do 1 time in 10\)$/);
  assert.match(verdictText(pairVerdict(rowOf('a', [100, 110, 105, 101]), rowOf('b', [120, 130, 125, 121]))), /over 4 rounds, as two equal formats do 1 time in 35\)$/);
});

test('pairVerdicts: every pair once, formats never run left out', () => {
  const rows = [rowOf('a', [1, 2, 3]), rowOf('b', [4, 5, 6]), rowOf('c', [7, 8, 9]), { format: 'd', msgsPerSec: null, latencyMs: null }];
  assert.deepEqual(pairVerdicts(rows).map((v) => v.formats.join('-')), ['a-b', 'a-c', 'b-c']);
  assert.deepEqual(pairVerdicts(rows).map((v) => v.winner), ['b', 'c', 'c']);
});

test('summariseTransmissionRounds with raw passes: the decode share is 1 − raw / decoding CPU per message (medians)', () => {
  const passes = [pass('a', 100, { serverCpuUs: 20 }), pass('a', 100, { serverCpuUs: 10 }), pass('a', 100, { serverCpuUs: 30 })];
  const raws = [pass('a', 200, { serverCpuUs: 6 }), pass('a', 200, { serverCpuUs: 5 }), pass('a', 200, { serverCpuUs: 4 })];
  const row = summariseTransmissionRounds(passes, raws);
  assert.equal(row.serverCpuUs, 20);
  assert.equal(row.serverCpuUsRaw, 5);
  assert.equal(row.decodeShare, 0.75);
  assert.deepEqual(row.minMax.serverCpuUs, [10, 30]);
  assert.deepEqual(row.passes.map((p) => p.serverCpuUsRaw), [6, 5, 4]);
  const noReport = summariseTransmissionRounds([pass('a', 100), pass('a', 100, { serverCpuUs: 10 })]);
  assert.equal(noReport.serverCpuUs, null, 'a round without the server\'s figure makes no median');
  assert.equal(noReport.decodeShare, null);
});
