import test from 'node:test';
import assert from 'node:assert/strict';
import {
  benchmarkCount, cycle, implausibleRate, MAX_PLAUSIBLE_HZ, measureHarness, measureSpeed, speedMessages, summariseSpeedRounds,
} from '../../../lib/measure/speed.js';
import jsonBuffer from '../../../lib/codecs/json-buffer.js';
import { prepareCodecs } from '../../../lib/verify.js';
import { Unsupported } from '../../../lib/errors.js';
import { field, standInCodec } from '../../helpers/narrow.js';

/** @typedef {import('../../../lib/schema/index.js').Schema} Schema */

/**
 * A payload whose corpus holds `n` distinct messages, told apart by `id`.
 * @param {number} n
 */
function corpusPayload(n) {
  const corpus = Array.from({ length: n }, (_, id) => ({ id, name: `item ${id}`, tags: ['a', String(id)] }));
  return {
    id: 't', title: 't', dataFile: 't.json', value: corpus[0], corpus, jsonBytes: 40, schemaSource: 'x',
    schema: /** @type {Schema} */ ({ typeName: 'M' }), warnings: [],
  };
}

/**
 * A codec that writes down which message each call got, once `recorder.on` is
 * set: the ids its encode saw (from the native form), its decode saw (from the
 * bytes), its toPlain and fromPlain saw.
 * @param {{ on: boolean, ids: number[] }} recorder
 */
function recordingCodec(recorder) {
  const saw = (/** @type {number} */ id) => { if (recorder.on) recorder.ids.push(id); };
  return standInCodec({
    name: 'recording', normalise: [],
    create: () => ({
      fromPlain: (/** @type {{ id: number }} */ o) => { saw(o.id); return { message: o }; },
      toPlain: (/** @type {{ message: { id: number } }} */ n) => { saw(n.message.id); return n.message; },
      encode: (/** @type {{ message: { id: number } }} */ n) => { saw(n.message.id); return Buffer.from(JSON.stringify(n.message)); },
      decode: (b) => { const message = JSON.parse(b.toString()); saw(message.id); return { message }; },
    }),
  });
}

/**
 * The ids each timed run of one operation passed to the codec: recording starts after the first round, when
 * every input has long been prepared, so only calls from inside the timed functions count.
 * @param {string} op
 * @param {string[]} [oneMessage] the ops also timed on the first message alone
 */
function idsSeenByTimedRuns(op, oneMessage = []) {
  const payload = corpusPayload(50);
  /** @type {{ on: boolean, ids: number[] }} */
  const recorder = { on: false, ids: [] };
  const prepared = prepareCodecs([recordingCodec(recorder)], payload);
  /** @type {{ name: string, ids: Set<number> }[]} */
  const runs = [];
  measureSpeed(prepared, payload, {
    timer: 'benchmark', rounds: 2, maxTime: 0.01, minTime: 0.002, filter: new RegExp(`recording ${op}$`), oneMessage,
    onProgress: (e) => {
      if (recorder.on) runs.push({ name: e.name, ids: new Set(recorder.ids) });
      recorder.on = e.round === 1 ? e.done === e.total / 2 : true;
      recorder.ids = [];
    },
  });
  return runs;
}

test('the corpus pass times every distinct message, for every operation', () => {
  const every = Array.from({ length: 50 }, (_, id) => id);
  for (const op of ['encode', 'decode', 'to-plain', 'from-plain']) {
    const [run] = idsSeenByTimedRuns(op);
    // encode and decode see each other in roundtrip only; every call here got one of the 50 messages, and all 50 came
    assert.deepEqual([...run.ids].sort((a, b) => a - b), every, `${op} saw every message`);
  }
});

test('the one-message pass, beside the corpus pass in the same round, times the first message only', () => {
  const runs = idsSeenByTimedRuns('encode', ['encode']);
  // round 2 runs the one-message benchmark first (the order alternates by round)
  assert.deepEqual(runs.map((r) => r.name), ['recording encode (one message)', 'recording encode']);
  assert.deepEqual([...runs[0].ids], [0]);
  assert.equal(runs[1].ids.size, 50);
});

test('the paired timer times every distinct message too, for every operation', () => {
  const every = Array.from({ length: 50 }, (_, id) => id);
  for (const op of ['encode', 'decode', 'to-plain', 'from-plain']) {
    const payload = corpusPayload(50);
    /** @type {{ on: boolean, ids: number[] }} */
    const recorder = { on: false, ids: [] };
    const prepared = prepareCodecs([recordingCodec(recorder)], payload);
    // recording starts once the case has warmed up: only the measured slices count
    measureSpeed(prepared, payload, {
      maxTime: 0.05, filter: new RegExp(`recording ${op}$`), precision: { sliceMs: 2, minPairs: 6 },
      onProgress: () => { recorder.on = true; },
    });
    assert.deepEqual([...new Set(recorder.ids)].sort((a, b) => a - b), every, `${op} saw every message`);
  }
});

test('the timed results are the codec\'s outputs for the messages, not dropped', () => {
  const payload = corpusPayload(7);
  const prepared = prepareCodecs([standInCodec(jsonBuffer)], payload);
  const result = measureSpeed(prepared, payload, { rounds: 1, maxTime: 0.01, minTime: 0.002, filter: /(encode|decode)$/ });
  const encoded = result.lastResults.find((x) => x.op === 'encode')?.last;
  const decoded = /** @type {{ id: number }} */ (result.lastResults.find((x) => x.op === 'decode')?.last);
  assert.ok(Buffer.isBuffer(encoded), 'encode returned bytes');
  const ids = payload.corpus.map((m) => m.id);
  assert.ok(ids.includes(JSON.parse(encoded.toString()).id), 'the encoded bytes are one of the messages');
  assert.ok(ids.includes(decoded.id), 'the decoded value is one of the messages');
});

test('cycle goes round its inputs in order, and the one-message cycle repeats the first', () => {
  /** @type {string[]} */
  const seen = [];
  const next = cycle(['a', 'b', 'c'], (x) => { seen.push(x); return x; });
  for (let i = 0; i < 7; i++) next();
  assert.deepEqual(seen, ['a', 'b', 'c', 'a', 'b', 'c', 'a']);
});

test('speedMessages: the whole corpus when small, else a seeded sample in corpus order, each message parsed afresh', () => {
  const payload = corpusPayload(30);
  const all = speedMessages(payload, { limit: 100 });
  assert.equal(all.messages.length, 30);
  assert.equal(all.sample, null);
  assert.deepEqual(all.messages, payload.corpus);
  assert.notEqual(all.messages[0], payload.corpus[0], 'a fresh object, built as a parsed message is');
  const sampled = speedMessages(payload, { limit: 10, seed: 7 });
  assert.equal(sampled.messages.length, 10);
  assert.deepEqual(sampled.sample, { size: 10, seed: 7 });
  assert.equal(sampled.total, 30);
  assert.deepEqual(sampled.indices, [...sampled.indices].sort((a, b) => a - b), 'corpus order');
  assert.equal(new Set(sampled.indices).size, 10, 'distinct messages');
  assert.deepEqual(sampled.messages.map((m) => field(m, 'id')), sampled.indices);
  assert.deepEqual(speedMessages(payload, { limit: 10, seed: 7 }).indices, sampled.indices, 'the same seed, the same sample');
  assert.notDeepEqual(speedMessages(payload, { limit: 10, seed: 8 }).indices, sampled.indices);
  // a payload from before corpora: its one value
  assert.deepEqual(speedMessages({ value: { a: 1 } }).messages, [{ a: 1 }]);
});

test('a big corpus is timed on its sample, which the settings state: no other record reaches a library', () => {
  const payload = corpusPayload(40);
  /** @type {{ on: boolean, ids: number[] }} */
  const recorder = { on: false, ids: [] };
  const prepared = prepareCodecs([recordingCodec(recorder)], payload);
  recorder.on = true; // from here on: what the speed pass hands the codec, preparation included
  const result = measureSpeed(prepared, payload, { rounds: 1, maxTime: 0.01, minTime: 0.002, filter: /encode$/, sample: { limit: 8, seed: 3 } });
  assert.deepEqual(result.settings.corpus, { messages: 40, timed: 8, sample: { size: 8, seed: 3 } });
  assert.deepEqual([...new Set(recorder.ids)].sort((a, b) => a - b), speedMessages(payload, { limit: 8, seed: 3 }).indices);
});

test('a corpus message a codec cannot carry skips that codec with the message index, no crash', () => {
  const payload = corpusPayload(5);
  const picky = standInCodec({
    name: 'picky', normalise: [],
    create: () => ({
      encode: (/** @type {{ id: number }} */ v) => { if (v.id === 3) throw new Unsupported('no threes'); return Buffer.from(JSON.stringify(v)); },
      decode: (b) => JSON.parse(b.toString()),
    }),
  });
  const prepared = prepareCodecs([picky, standInCodec(jsonBuffer)], payload);
  const result = measureSpeed(prepared, payload, { rounds: 1, maxTime: 0.01, minTime: 0.002, filter: /encode$/ });
  assert.deepEqual(result.results.map((r) => r.format), ['json-buffer']);
  const [skipped] = result.skipped;
  assert.equal(skipped.format, 'picky');
  assert.equal(skipped.status, 'unsupported');
  assert.equal(skipped.reason, 'record 4: no threes');
});

test('benchmarkCount counts corpus runs, plus one-message runs only when the corpus has distinct messages', () => {
  const payload = corpusPayload(4);
  const prepared = prepareCodecs([standInCodec(jsonBuffer)], payload);
  // json-buffer: encode, decode, roundtrip (its conversions are the identity)
  assert.equal(benchmarkCount(prepared, payload, { timer: 'benchmark', rounds: 2 }), 6);
  assert.equal(benchmarkCount(prepared, payload, { timer: 'benchmark', rounds: 2, oneMessage: ['encode', 'decode'] }), 10);
  assert.equal(benchmarkCount(prepared, { ...payload, corpus: [payload.value] }, { timer: 'benchmark', rounds: 2, oneMessage: ['encode', 'decode'] }), 6);
  // the paired timer: a step per case (encode, decode; the round trip is derived), and per one-message case
  assert.equal(benchmarkCount(prepared, payload), 2);
  assert.equal(benchmarkCount(prepared, payload, { oneMessage: ['encode', 'decode'] }), 4);
  assert.equal(benchmarkCount(prepared, payload, { filter: /roundtrip/ }), 2);
  assert.equal(benchmarkCount(prepared, { ...payload, corpus: [payload.value] }, { oneMessage: ['encode', 'decode'] }), 2);
});

test('summariseSpeedRounds: the bias is one-message ops/s over corpus ops/s, round by round', () => {
  const p = { codec: { name: 'a', library: 'x', version: '1' }, status: 'exact', normalised: [], reason: null };
  const [row] = summariseSpeedRounds([{
    p, op: 'encode', wireBytes: 10.4,
    rounds: [{ hz: 100, rme: 1, samples: 5 }, { hz: 200, rme: 1, samples: 5 }, { hz: 100, rme: 1, samples: 5 }],
    oneMessageRounds: [{ hz: 150, rme: 2, samples: 5 }, { hz: 200, rme: 2, samples: 5 }, { hz: 300, rme: 2, samples: 5 }],
  }], 'a');
  assert.equal(row.opsPerSec, 100);
  assert.equal(row.wireBytes, 10);
  assert.ok(row.oneMessage);
  assert.equal(row.oneMessage.opsPerSec, 200);
  assert.deepEqual([row.oneMessage.min, row.oneMessage.max], [150, 300]);
  // ratios 1.5, 1, 3: median 1.5
  assert.deepEqual([row.bias, row.biasMin, row.biasMax], [1.5, 1, 3]);
});

test('implausibleRate flags what no operation can do, and leaves real rates alone', () => {
  const harness = { noopHz: 9e7, cyclingNoopHz: 6e7, cyclingNsPerCall: 5, copyBytesPerSec: 2e10, maxPlausibleHz: MAX_PLAUSIBLE_HZ };
  assert.match(implausibleRate({ op: 'to-plain', opsPerSec: MAX_PLAUSIBLE_HZ * 1.2, wireBytes: 0 }, null) ?? '', /probably measured an empty loop: 60.0 M ops\/s is above 50.0 M ops\/s/);
  assert.match(implausibleRate({ op: 'decode', opsPerSec: 40e6, wireBytes: 1000 }, harness) ?? '', /is faster than memory copies them here \(20.00 GB\/s\)/);
  // below the copy rate: 1e6 × 1000 bytes = 1 GB/s
  assert.equal(implausibleRate({ op: 'decode', opsPerSec: 1e6, wireBytes: 1000 }, harness), null);
  // a conversion touches no wire bytes: only the rate limits apply
  assert.equal(implausibleRate({ op: 'to-plain', opsPerSec: 40e6, wireBytes: 1000 }, harness), null);
});

test('a planted empty loop is flagged on its row, against the harness measured on this machine', () => {
  const payload = corpusPayload(3);
  // a "codec" whose messages are 256 KiB on the wire but whose encode and decode never touch a byte:
  // no real codec writes or reads them faster than memory copies them
  const wire = new Uint8Array(2 ** 18);
  const empty = standInCodec({ name: 'empty', normalise: [], create: () => ({ encode: () => wire, decode: () => payload.value }) });
  const prepared = prepareCodecs([empty, standInCodec(jsonBuffer)], payload);
  const harness = measureHarness({ rounds: 1, maxTime: 0.02 });
  assert.ok(harness.copyBytesPerSec > 0 && harness.cyclingNoopHz > 0 && harness.noopHz > 0);
  const result = measureSpeed(prepared, payload, { rounds: 1, maxTime: 0.02, filter: /(encode|decode)$/, harness });
  assert.deepEqual(result.results.map((r) => [r.format, r.op, Boolean(r.implausible)]),
    [['empty', 'encode', true], ['empty', 'decode', true], ['json-buffer', 'encode', false], ['json-buffer', 'decode', false]]);
  assert.match(result.results[0].implausible ?? '', /^probably measured an empty loop/);
  assert.equal(result.settings.harness, harness);
});

test('the paired pass under a wall-time budget: each group stops at its share of it, and says so', () => {
  const payload = corpusPayload(50);
  const prepared = prepareCodecs([standInCodec(jsonBuffer), recordingCodec({ on: false, ids: [] })], payload);
  // a target no pair can reach, so only a cap or the budget ends a group: 2 groups of 2 cases, each case's caps
  // 300 ms of cycles and 20 ms of warm-up, 1,280 ms in all
  const run = (/** @type {number|null} */ wallBudget) => measureSpeed(prepared, payload, {
    timer: 'paired', maxTime: 0.3, filter: /(encode|decode)$/,
    precision: { target: 1e-9, sliceMs: 5, minPairs: 10, warmupMs: 20, ...(wallBudget != null && { wallBudget }) },
  });
  const budgeted = run(0.1);
  const groups = /** @type {{ op: string, cycles: number, cpuMs: number, stoppedBy: string }[]} */ (budgeted.settings.precision?.groups);
  assert.deepEqual(groups.map((g) => g.stoppedBy), ['deadline', 'deadline']);
  assert.equal(budgeted.settings.precision?.wallBudget, 0.1);
  // at least one cycle each, so every case has a rate; far less CPU than the 600 ms cap of each group
  for (const g of groups) {
    assert.ok(g.cycles >= 1);
    assert.ok(g.cpuMs < 600, `${g.op}: ${g.cpuMs} ms`);
  }
  assert.ok(budgeted.results.every((r) => Number.isFinite(r.opsPerSec) && r.opsPerSec > 0), JSON.stringify(budgeted.results.map((r) => r.opsPerSec)));
  // without a budget the same target runs to the caps (the CPU cap, or the wall clock at 4× it on a loaded machine)
  const free = run(null);
  for (const g of free.settings.precision?.groups ?? []) assert.match(g.stoppedBy, /^(time|wall time)$/);
  assert.equal(free.settings.precision?.groups?.length, 2);
  assert.equal(free.settings.precision?.wallBudget, null);
});

test('the wall-time budget is split between the groups by their caps, through measureSpeed, on virtual clocks', () => {
  // every codec call moves one virtual clock, which is both the slices' CPU clock and the wall clock; the cost per call
  // alternates in stretches, so no ratio reaches the target and only the caps or the budget end a group
  let t = 0;
  let calls = 0;
  /** @type {{ op: string, at: number }[]} */
  const seen = [];
  const tick = (/** @type {string} */ op) => {
    t += calls++ % 6000 < 3000 ? 0.01 : 0.017;
    seen.push({ op, at: t });
  };
  /** @param {import('../../../lib/codecs/index.js').Codec} codec */
  const ticking = (codec) => standInCodec({
    ...codec,
    create: (/** @type {unknown[]} */ ...args) => {
      const inner = /** @type {any} */ (codec.create)(...args);
      return {
        encode: (/** @type {unknown} */ n) => { tick('encode'); return inner.encode(n); },
        decode: (/** @type {Uint8Array} */ b) => { tick('decode'); return inner.decode(b); },
      };
    },
  });
  const clock = { kind: 'virtual', now: () => t };
  const payload = corpusPayload(50);
  const prepared = prepareCodecs([ticking(jsonBuffer), ticking({ ...jsonBuffer, name: 'other' })], payload);
  // 2 groups (encode, decode) of 2 cases, each case's caps 300 ms of cycles and 20 ms of warm-up: 640 ms a group,
  // 1,280 in all; a budget of 0.1 of them is 128 ms of wall time, about 64 for each group
  const since = t;
  seen.length = 0;
  const result = measureSpeed(prepared, payload, {
    timer: 'paired', maxTime: 0.3, filter: /(encode|decode)$/, clock, wallClock: clock,
    precision: { target: 1e-9, sliceMs: 5, minPairs: 10, warmupMs: 20, wallBudget: 0.1 },
  });
  const groups = /** @type {{ op: string, stoppedBy: string }[]} */ (result.settings.precision?.groups);
  assert.deepEqual(groups.map((g) => [g.op, g.stoppedBy]), [['encode', 'deadline'], ['decode', 'deadline']]);
  // the encode group's last call and the end of the run, on the wall clock, from the budget's start
  const encodeEnd = /** @type {{ at: number }} */ (seen.findLast((s) => s.op === 'encode')).at - since;
  const end = t - since;
  // each group about its half (a slice or a cycle past its deadline at most); the first group taking the whole
  // budget would leave the second one cycle
  assert.ok(encodeEnd > 55 && encodeEnd < 80, `encode group ended at ${encodeEnd.toFixed(1)} ms of 128`);
  assert.ok(end - encodeEnd > 45 && end - encodeEnd < 80, `decode group took ${(end - encodeEnd).toFixed(1)} ms`);
  assert.ok(end > 120 && end < 150, `the pass took ${end.toFixed(1)} ms of wall time for a budget of 128`);
});
