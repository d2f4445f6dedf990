import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinSpeedRounds } from '../../../lib/runtimes/matrix/rounds.js';
import { measureAcrossRuntimes, runtimeLabel, runtimeSetup } from '../../../lib/runtimes/matrix/matrix.js';
import { RuntimeFailed } from '../../../lib/runtimes/run/run.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { selectCodecs } from '../../../lib/codecs/index.js';

/** @param {string} format */
const verdict = (format) => ({ format, library: 'lib', version: '1', status: 'exact', diff: null, normalised: [], reason: null });
/**
 * @param {string} format
 * @param {string} op
 * @param {number} hz
 * @param {object} [extra]
 */
const row = (format, op, hz, extra = {}) => ({ ...verdict(format), op, opsPerSec: hz, wireBytes: 10, rounds: [{ hz, rme: 1, samples: 5 }], ...extra });

test('joinSpeedRounds: median and range over rounds, ratio to the baseline paired round by round', () => {
  const rounds = [
    [row('a', 'encode', 200), row('json-buffer', 'encode', 100)],
    [row('json-buffer', 'encode', 400), row('a', 'encode', 400)], // the machine was twice as fast, in another order
    [row('a', 'encode', 150), row('json-buffer', 'encode', 100)],
  ];
  const out = joinSpeedRounds(rounds, 'json-buffer', ['json-buffer', 'a']);
  assert.deepEqual(out.map((r) => r.format), ['json-buffer', 'a']);
  const a = out[1];
  assert.equal(a.opsPerSec, 200);
  assert.equal(a.min, 150);
  assert.equal(a.max, 400);
  // per-round ratios 2, 1, 1.5: the machine's speed-up cancels
  assert.equal(a.vsBaseline, 1.5);
  assert.equal(a.vsBaselineMin, 1);
  assert.equal(a.vsBaselineMax, 2);
  assert.equal(a.rounds.length, 3);
  assert.equal(out[0].vsBaseline, 1);
});

test('joinSpeedRounds carries ops and fields it does not know, and drops a benchmark missing from a round', () => {
  const rounds = [
    [row('a', 'to-plain', 10, { extra: 'kept' }), row('a', 'encode', 5)],
    [row('a', 'to-plain', 30, { extra: 'kept' })],
  ];
  const out = joinSpeedRounds(rounds, 'json-buffer');
  assert.equal(out.length, 1);
  assert.equal(out[0].op, 'to-plain');
  assert.equal(out[0].extra, 'kept');
  assert.equal(out[0].opsPerSec, 20);
  assert.equal(out[0].vsBaseline, null, 'no baseline measured: no ratio');
});

test('runtimeSetup collects what codecs declare for a kind of runtime', () => {
  const codecs = [{ name: 'x', runtimes: { bun: { env: { X_OFF: 'true' }, flag: 'x off' } } }, { name: 'y' }];
  assert.deepEqual(runtimeSetup(codecs, 'bun'), { env: { X_OFF: 'true' }, flags: { x: ['x off'] } });
  assert.deepEqual(runtimeSetup(codecs, 'deno'), { env: {}, flags: {} });
});

test('cbor-x declares its addon switch for Bun and Deno, not for Node', async () => {
  const [cbor] = await selectCodecs('cbor-x');
  for (const kind of ['bun', 'deno']) assert.equal(runtimeSetup([cbor], kind).env.CBOR_NATIVE_ACCELERATION_DISABLED, 'true');
  assert.deepEqual(runtimeSetup([cbor], 'node').env, {});
});

test('runtimeLabel names the host by its Node major', () => {
  assert.equal(runtimeLabel('host', { version: '20.20.2' }), 'node@20 (host)');
  assert.equal(runtimeLabel('bun', { version: '1.4.5' }), 'bun');
});

// A stand-in for the processes: each round answers with made-up speeds, and on
// "bad" runtime the codec msgpackr kills the process, as cbor-x's addon kills Deno.
function fakeRuntimes() {
  /**
   * @param {string} name
   * @param {string} kind
   * @returns {import('../../../lib/runtimes/matrix/matrix.js').RuntimeEntry}
   */
  const entry = (name, kind) => ({
    runtime: { name, kind, bin: `/bin/${name}`, version: '1.0.0', source: 'cache' },
    description: { runtime: name, label: name, name: kind, version: '1.0.0', engine: 'V8', engineVersion: '1', source: 'cache' },
  });
  return [entry('good', 'node'), entry('bad', 'deno')];
}

test('measureAcrossRuntimes interleaves by round, isolates a codec that crashes a runtime, and gives it a row with the reason', async () => {
  const payloads = resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('json-buffer,msgpackr');
  /** @type {string[]} */
  const calls = [];
  /** @type {typeof import('../../../lib/runtimes/matrix/matrix.js').runRound} */
  const run = async (runtime, job) => {
    calls.push(`${runtime.name}:${job.round}:${job.formats}${job.verifyOnly ? ':verify' : ''}`);
    const formats = job.formats.split(',');
    if (runtime.name === 'bad' && formats.includes('msgpackr')) {
      throw new RuntimeFailed('bad 1.0.0: was killed by SIGSEGV: symbol lookup error', { stderr: '', code: null, signal: 'SIGSEGV' });
    }
    const speed = runtime.name === 'good' ? 2 : 1;
    return {
      results: [{
        skipped: [],
        results: formats.map((f) => row(f, 'encode', (f === 'msgpackr' ? 300 : 100) * speed * (job.round + 1))),
      }],
    };
  };
  const out = await measureAcrossRuntimes({
    runtimes: fakeRuntimes(), payloads, codecs, rounds: 2, maxTime: 0.05, run,
  });
  assert.deepEqual(calls, [
    'good:0:json-buffer,msgpackr',
    'bad:0:json-buffer,msgpackr', 'bad:0:json-buffer:verify', 'bad:0:msgpackr:verify', 'bad:0:json-buffer',
    // round 2 starts on the other runtime
    'bad:1:json-buffer', 'good:1:json-buffer,msgpackr',
  ]);
  const [entry] = out.results;
  const good = entry.runtimes.find((r) => r.runtime === 'good');
  const bad = entry.runtimes.find((r) => r.runtime === 'bad');
  assert.ok(good?.results && bad?.results && bad.skipped);
  assert.equal(good.results.find((r) => r.format === 'msgpackr')?.vsBaseline, 3);
  assert.deepEqual(bad.results.map((r) => r.format), ['json-buffer']);
  assert.equal(bad.skipped.length, 1);
  assert.equal(bad.skipped[0].format, 'msgpackr');
  assert.equal(bad.skipped[0].status, 'failed');
  assert.match(bad.skipped[0].reason ?? '', /symbol lookup error/);
  assert.equal(bad.error, null);
  assert.deepEqual(out.runtimes.map((r) => r.runtime), ['good', 'bad']);
});

test('measureAcrossRuntimes: a runtime that fails for every codec gets an error and a failed row per codec', async () => {
  const payloads = resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('json-buffer,msgpackr');
  const run = async () => { throw new Error('deno 2.0.0: exited with code 1: error: boom'); };
  const out = await measureAcrossRuntimes({ runtimes: fakeRuntimes().slice(1), payloads, codecs, rounds: 1, maxTime: 0.05, run });
  const [r] = out.results[0].runtimes;
  assert.match(r.error ?? '', /boom/);
  assert.deepEqual(r.results, []);
  assert.ok(r.skipped);
  assert.deepEqual(r.skipped.map((s) => [s.format, s.status]), [['json-buffer', 'failed'], ['msgpackr', 'failed']]);
});
