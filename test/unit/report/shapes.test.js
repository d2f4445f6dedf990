import test from 'node:test';
import assert from 'node:assert/strict';
import { shapeFigures, shapeMatrix, shapeRows, shapesReport } from '../../../lib/report/shapes.js';

/**
 * @param {string} format
 * @param {string} op
 * @param {number} opsPerSec
 * @param {number} wireBytes
 * @param {number} vsBaseline
 * @param {object} [extra]
 */
const row = (format, op, opsPerSec, wireBytes, vsBaseline, extra = {}) => ({
  format, op, opsPerSec, wireBytes, vsBaseline, vsBaselineMin: vsBaseline * 0.9, vsBaselineMax: vsBaseline * 1.1,
  status: 'exact', diff: null, normalised: [], reason: null, implausible: null, ...extra,
});

/**
 * @param {string} id
 * @param {ReturnType<typeof row>[]} rows
 * @param {object[]} [skipped]
 * @returns {any} a stand-in for measureSpeed's result
 */
const result = (id, rows, skipped = []) => ({
  payload: { id, title: `${id} values`, jsonBytes: 100 },
  settings: { baseline: 'json-buffer', rounds: 3, maxTime: 0.15, corpus: { messages: 500, timed: 500, sample: null } },
  results: rows, skipped,
});

const ints = result('small-int', [
  row('json-buffer', 'encode', 1000, 80, 1), row('json-buffer', 'decode', 2000, 80, 1),
  row('pb', 'encode', 500, 20, 0.5), row('pb', 'decode', 8000, 20, 4),
]);
const strings = result('utf8', [
  row('json-buffer', 'encode', 1000, 200, 1), row('json-buffer', 'decode', 2000, 200, 1),
  row('pb', 'encode', 1500, 180, 1.5, { implausible: 'probably measured an empty loop: test' }), row('pb', 'decode', 1000, 180, 0.5),
], [{ format: 'avro', status: 'unsupported', reason: 'no', diff: null, normalised: [] }]);

test('shapeFigures: bytes per message and their share of JSON\'s, encode and decode rows per codec', () => {
  const [json, pb] = shapeFigures(ints);
  assert.equal(json.ofJson, 1);
  assert.equal(pb.bytes, 20);
  assert.equal(pb.ofJson, 0.25);
  assert.equal(pb.encode?.vsBaseline, 0.5);
  assert.equal(pb.decode?.vsBaseline, 4);
});

test('the matrix has a family a row and a codec a column, each cell size · encode× / decode× against JSON', () => {
  const m = shapeMatrix([ints, strings]);
  assert.deepEqual(m.columns.map((c) => c.title), ['family (JSON bytes of its first message)', 'pb', 'avro']);
  assert.deepEqual(m.rows.map((r) => r.cells), [
    ['small-int (100 B)', '25.0% · 0.50× / 4.00×', 'n/a'],
    ['utf8 (100 B)', '90.0% · 1.50× / 0.50×', 'n/a'],
  ]);
});

test('the long table: a row per family and codec, skipped codecs with their verdict, implausible rates marked', () => {
  const t = shapeRows([ints, strings]);
  assert.equal(t.rows.length, 5);
  assert.deepEqual(t.rows[1].cells.slice(0, 6), ['small-int', 'pb', '20', '25.0%', '500', '0.50× (0.45–0.55)']);
  assert.equal(t.rows[3].cells[4], '1,500 ‼');
  assert.equal(t.rows[4].cells[1], 'avro');
  assert.match(t.rows[4].cells.at(-1) ?? '', /unsupported/);
  const text = shapesReport([ints, strings]);
  assert.match(text, /‼ utf8 pb encode: probably measured an empty loop: test\./);
  assert.match(text, /- small-int: small-int values, 500 distinct messages/);
});
