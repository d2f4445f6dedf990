import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { measureSpeed, summariseSpeedRounds, planBenchmarks } from '../../../lib/measure/speed.js';
import { measureSizes } from '../../../lib/measure/sizes.js';
import json from '../../../lib/codecs/json.js';
import jsonBuffer from '../../../lib/codecs/json-buffer.js';
import { prepareCodecs } from '../../../lib/verify.js';
import { instanceOf, standInCodec } from '../../helpers/narrow.js';

// codec modules stand in for loaded codecs (standInCodec fills in the registry's version and availability,
// which prepareCodecs does not read), a bare typeName for a parsed schema
/** @typedef {import('../../../lib/schema/index.js').Schema} Schema */
const BARE_SCHEMA = /** @type {Schema} */ ({ typeName: 'M' });

const fakeCodec = (/** @type {string} */ name) => ({ codec: { name, library: 'x', version: '1' }, status: 'exact', normalised: [], reason: null });

test('summariseSpeedRounds: median ops/s, min–max, wire MB/s and the per-round ratio to the baseline', () => {
  const cases = [
    { p: fakeCodec('base'), op: 'encode', wireBytes: 1000, rounds: [{ hz: 100, rme: 1, samples: 5 }, { hz: 200, rme: 3, samples: 7 }, { hz: 150, rme: 2, samples: 6 }] },
    { p: fakeCodec('fast'), op: 'encode', wireBytes: 500, rounds: [{ hz: 300, rme: 1, samples: 5 }, { hz: 400, rme: 1, samples: 5 }, { hz: 600, rme: 1, samples: 5 }] },
  ];
  const [base, fast] = summariseSpeedRounds(cases, 'base');
  assert.equal(base.opsPerSec, 150);
  assert.equal(base.rme, 2);
  assert.equal(base.samplesPerRound, 6);
  assert.equal(base.vsBaseline, 1);
  assert.equal(fast.opsPerSec, 400);
  assert.deepEqual([fast.min, fast.max], [300, 600]);
  assert.equal(fast.mbPerSec, (400 * 500) / 1e6);
  // per-round ratios 3, 2, 4: median 3 (the ratio of medians would say 2.67)
  assert.equal(fast.vsBaseline, 3);
  assert.deepEqual([fast.vsBaselineMin, fast.vsBaselineMax], [2, 4]);
});

test('measureSpeed rotates the codec order every round and times every planned benchmark', () => {
  const value = { id: 1, status: 'ok' };
  const prepared = prepareCodecs([json, jsonBuffer, { ...json, name: 'third' }].map(standInCodec), { value, schema: BARE_SCHEMA });
  /** @type {string[]} */
  const order = [];
  const result = measureSpeed(prepared, { id: 't', title: 't', dataFile: 't.json', value, jsonBytes: 22, schemaSource: 'x', schema: BARE_SCHEMA, warnings: [] },
    { timer: 'benchmark', rounds: 2, maxTime: 0.01, minTime: 0.002, filter: /encode$/, onProgress: (e) => order.push(`${e.round} ${e.name}`) });
  assert.deepEqual(order, ['1 json encode', '1 json-buffer encode', '1 third encode', '2 json-buffer encode', '2 third encode', '2 json encode']);
  assert.equal(result.results.length, planBenchmarks(prepared, /encode$/).length);
  for (const r of result.results) assert.equal(r.rounds.length, 2);
});

test('a case none of whose slices read any time stops the paired timer with a clear error, not a rate of null', () => {
  const value = { id: 1, status: 'ok' };
  const prepared = prepareCodecs([json, jsonBuffer].map(standInCodec), { value, schema: BARE_SCHEMA });
  const payload = { id: 't', title: 't', dataFile: 't.json', value, jsonBytes: 22, schemaSource: 'x', schema: BARE_SCHEMA, warnings: [] };
  // a clock that never moves: each case ends its warm-up and its cycles on the wall-clock backstop
  assert.throws(() => measureSpeed(prepared, payload, { maxTime: 0.005, filter: /encode$/, precision: { sliceMs: 1, warmupMs: 0.005 }, clock: { kind: 'standing', now: () => 0 } }),
    /^Error: speed: json encode: no slice of it read any time on the standing clock \(\d+ cycles, 0 ms\)/);
  // the same on a clock that moves: rates, no error
  const r = measureSpeed(prepared, payload, { maxTime: 0.005, filter: /encode$/, precision: { sliceMs: 1, warmupMs: 0.005 }, clock: { kind: 'wall', now: () => performance.now() } });
  for (const row of r.results) assert.ok(Number.isFinite(row.opsPerSec) && row.opsPerSec > 0, `${row.format} ${row.op}: ${row.opsPerSec}`);
});

test('json-buffer measures bytes to bytes; json measures strings', () => {
  const value = { s: 'Zoë 東京 🚀' };
  const bytes = jsonBuffer.create().encode(value);
  assert.ok(bytes instanceof Uint8Array);
  assert.equal(bytes.length, Buffer.byteLength(JSON.stringify(value)));
  assert.deepEqual(jsonBuffer.create().decode(bytes), value);
  assert.equal(typeof json.create().encode(value), 'string');
});

test('measureSizes: raw bytes are UTF-8 bytes; gzip and brotli are what zlib makes of them', () => {
  const value = { text: 'Grüß Gott '.repeat(20) };
  const prepared = prepareCodecs([standInCodec(json)], { value, schema: BARE_SCHEMA });
  const [row] = measureSizes(prepared, { id: 't', title: 't', dataFile: 't', value, jsonBytes: Buffer.byteLength(JSON.stringify(value)), schemaSource: 'x', schema: BARE_SCHEMA, warnings: [] }).codecs;
  const raw = Buffer.from(JSON.stringify(value));
  assert.equal(row.bytes, raw.length);
  assert.equal(row.gzip, zlib.gzipSync(raw).length);
  assert.equal(row.brotli, zlib.brotliCompressSync(raw).length);
  assert.notEqual(row.gzip, row.brotli);
  assert.equal(row.ofJson, 1);
});

test('each operation calls only what it names, on inputs built before timing; identity conversions are not timed', async () => {
  const { operationFunctions, identityConversions, IDENTITY_NOTE } = await import('../../../lib/measure/speed.js');
  /** @type {string[]} */
  const calls = [];
  const codec = standInCodec({
    name: 'counted', normalise: [],
    create: () => ({
      fromPlain: (o) => { calls.push('fromPlain'); return { wrapped: o }; },
      toPlain: (/** @type {{ wrapped: unknown }} */ n) => { calls.push('toPlain'); return n.wrapped; },
      encode: (/** @type {{ wrapped: unknown }} */ n) => { calls.push('encode'); return Buffer.from(JSON.stringify(n.wrapped)); },
      decode: (b) => { calls.push('decode'); return { wrapped: JSON.parse(b.toString()) }; },
    }),
  });
  const value = { a: 1 };
  const [p, plain] = prepareCodecs([codec, standInCodec(json)], { value, schema: BARE_SCHEMA });
  assert.equal(p.status, 'exact');
  const { fns } = operationFunctions(p, value);
  const expect = { encode: ['encode'], decode: ['decode'], roundtrip: ['encode', 'decode'], 'to-plain': ['toPlain'], 'from-plain': ['fromPlain'] };
  for (const [op, want] of Object.entries(expect)) {
    calls.length = 0;
    const fn = fns[op];
    assert.ok(fn, `${op} is timed`);
    fn();
    assert.deepEqual(calls, want, op);
  }
  assert.deepEqual(planBenchmarks([p, plain]).map((b) => b.name), ['counted encode', 'counted decode', 'counted roundtrip',
    'counted to-plain', 'counted from-plain', 'json encode', 'json decode', 'json roundtrip']);
  assert.deepEqual(identityConversions([p, plain]), [
    { format: 'json', op: 'to-plain', note: IDENTITY_NOTE }, { format: 'json', op: 'from-plain', note: IDENTITY_NOTE }]);
  const jb = prepareCodecs([standInCodec(jsonBuffer)], { value, schema: BARE_SCHEMA })[0];
  const instance = instanceOf(jb);
  /** @type {unknown} */
  let seen;
  const spy = { ...jb, instance: { ...instance, decode: (/** @type {Uint8Array | string} */ bytes) => { seen = bytes; return instance.decode(bytes); } } };
  const decode = operationFunctions(spy, value).fns.decode;
  assert.ok(decode);
  decode();
  assert.ok(Buffer.isBuffer(seen), 'json-buffer decode starts from bytes');
});

test('attachMemory puts memory figures into the matching rows and leaves the others null', async () => {
  const { attachMemory } = await import('../../../lib/measure/speed.js');
  const rows = summariseSpeedRounds([{ p: fakeCodec('a'), op: 'encode', wireBytes: 1, rounds: [{ hz: 1, rme: 1, samples: 5 }] },
    { p: fakeCodec('a'), op: 'decode', wireBytes: 1, rounds: [{ hz: 1, rme: 1, samples: 5 }] }], 'a');
  assert.deepEqual(rows.map((r) => r.memory), [null, null]);
  const withMemory = attachMemory(rows, [{ format: 'a', op: 'decode', heapBytesPerOp: 1000, externalBytesPerOp: 24, bytesPerOp: 1024, gcMsPer1000Ops: 0.5, settled: false }]);
  assert.deepEqual(withMemory.map((r) => r.memory),
    [null, { heapBytesPerOp: 1000, externalBytesPerOp: 24, bytesPerOp: 1024, gcMsPer1000Ops: 0.5, settled: false }]);
  // a figure from before the settling rule (an older results file) says nothing about it
  const older = attachMemory(rows, [{ format: 'a', op: 'encode', heapBytesPerOp: 1000, externalBytesPerOp: 24, bytesPerOp: 1024, gcMsPer1000Ops: 0.5 }]);
  assert.equal(older[0].memory?.settled, null);
});
