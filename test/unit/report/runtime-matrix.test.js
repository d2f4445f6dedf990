import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerChanges, answerSentence, runtimeMatrices, runtimeMatrixRows, runtimeMatrixTable } from '../../../lib/report/runtime-matrix.js';

const describe = (/** @type {string} */ runtime, label = runtime) => ({ runtime, label, name: 'node', version: '1.2.3', engine: 'V8', engineVersion: '9.9', source: 'cache' });
/**
 * @param {string} format
 * @param {string} op
 * @param {number} ratio to the baseline
 * @param {number} [min]
 * @param {number} [max]
 */
const row = (format, op, ratio, min = ratio, max = ratio) => ({
  format, library: 'l', version: '1', status: 'exact', diff: null, normalised: [], reason: null,
  op, opsPerSec: 1000 * ratio, min: 900, max: 1100, vsBaseline: ratio, vsBaselineMin: min, vsBaselineMax: max, rounds: [],
});
const base = (/** @type {string} */ op) => row('json-buffer', op, 1);

/**
 * @param {ReturnType<typeof row>} pbOld protobuf's row on the older runtime
 * @param {ReturnType<typeof row>} pbNew on the newer one
 */
function entry(pbOld, pbNew) {
  return {
    runtimes: [
      { runtime: 'host', error: null, results: [base('encode'), pbOld], skipped: [] },
      { runtime: 'node@26', error: null, results: [base('encode'), pbNew],
        skipped: [{ format: 'cbor-x', library: 'cbor-x', version: '1', status: 'failed', diff: null, normalised: [], reason: 'crashed: symbol lookup error' }] },
    ],
  };
}
const runtimes = [describe('host', 'node@20 (host)'), describe('node@26')];

test('a change is named when one runtime is above the baseline in every round and another below', () => {
  const [m] = runtimeMatrices(entry(row('pb', 'encode', 1.6, 1.4, 1.8), row('pb', 'encode', 0.7, 0.6, 0.8)), runtimes);
  assert.deepEqual(answerChanges(m, 'json-buffer'), ['pb beats json-buffer on node@20 (host) (1.60×) but not on node@26 (0.70×)']);
  assert.match(answerSentence([m], 'json-buffer'), /^The answer changes across runtimes: encode: pb beats/);
});

test('no change is named when a spread reaches across the baseline', () => {
  const [m] = runtimeMatrices(entry(row('pb', 'encode', 1.6, 0.95, 1.8), row('pb', 'encode', 0.7, 0.6, 0.8)), runtimes);
  assert.deepEqual(answerChanges(m, 'json-buffer'), []);
  assert.match(answerSentence([m], 'json-buffer'), /^No answer changes across runtimes/);
});

test('the table has a row per runtime and a note with the reason for a codec without figures', () => {
  const [m] = runtimeMatrices(entry(row('pb', 'encode', 1.5), row('pb', 'encode', 0.5)), runtimes);
  assert.deepEqual(m.formats, ['json-buffer', 'pb', 'cbor-x']);
  const text = runtimeMatrixTable(m);
  const lines = text.split('\n');
  assert.match(lines[2], /^\| node@20 \(host\) .*\| +1,500 · 1\.50× \|/);
  assert.match(text, /node@26 .*— \[2\] \|/);
  assert.match(text, /\[2\] node@26, cbor-x: failed: crashed: symbol lookup error/);
  // the host had no cbor-x row at all: said so, not left blank
  assert.match(text, /node@20 \(host\) .*— \[1\] \|/);
  assert.match(text, /\[1\] node@20 \(host\), cbor-x: not measured/);
});

test('a conversion a codec does not have (its native form is the plain object) is n/a, not "not measured"', () => {
  const timed = { runtimes: [{ runtime: 'host', error: null, results: [row('plain', 'encode', 1), row('proto', 'encode', 2), row('proto', 'to-plain', 3)], skipped: [] }] };
  const [, toPlain] = runtimeMatrices(timed, [describe('host')], ['plain', 'proto', 'gone']);
  assert.equal(toPlain.op, 'to-plain');
  assert.deepEqual(runtimeMatrixRows(toPlain).notes, ['host, plain: n/a — native form is the plain object', 'host, gone: not measured']);
});
