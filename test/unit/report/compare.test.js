import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRuns } from '../../../lib/results/compare.js';
import { comparisonPreamble, comparisonRows, runComparisonTable } from '../../../lib/report/compare.js';
import { makeResults } from '../../helpers/results-fixture.js';

const twice = () => compareRuns(makeResults(), makeResults({ speed: 2 }));

test('a row per figure both runs have: the values, B/A and the change in words', () => {
  const cmp = twice();
  const model = comparisonRows(cmp);
  assert.deepEqual(model.columns.map((c) => `${c.title}:${c.align ?? 'r'}`),
    ['figure:l', 'unit:l', 'A:r', 'B:r', 'B/A:r', 'change:l', 'status:l']);
  assert.equal(model.rows.length, cmp.rows.length);
  const encode = model.rows.find((r) => r.cells[0] === 'p1 fmt-a encode, one message');
  assert.ok(encode, 'the encode figure of fmt-a is a row');
  const figure = cmp.rows.find((r) => r.figure === 'p1 fmt-a encode, one message');
  assert.ok(figure);
  assert.deepEqual(encode.cells.slice(1), ['ops/s', Math.round(figure.a).toLocaleString('en-US'),
    Math.round(figure.b).toLocaleString('en-US'), '2.000×', 'CHANGED', 'exact']);
  const size = model.rows.find((r) => r.cells[0] === 'p1 fmt-a size bytes');
  assert.deepEqual(size?.cells.slice(4, 6), ['1.000×', 'within spread']);
});

test('changedOnly keeps the rows that changed beyond the spread, and only those', () => {
  const cmp = twice();
  const changed = comparisonRows(cmp, { changedOnly: true }).rows;
  assert.equal(changed.length, cmp.rows.filter((r) => r.real).length);
  assert.ok(changed.length > 0 && changed.length < cmp.rows.length);
  assert.ok(changed.every((r) => r.cells[5] === 'CHANGED'));
});

test('--changed with nothing changed says so in one line instead of a table with no rows', () => {
  const same = compareRuns(makeResults(), makeResults());
  assert.equal(same.rows.filter((r) => r.real).length, 0, 'two identical runs: nothing CHANGED');
  const lines = runComparisonTable(same, { changedOnly: true }).split('\n');
  assert.equal(lines[0], 'Nothing changed beyond its spread: no figure is marked CHANGED, so --changed has no row to show.');
  assert.equal(lines[1], '');
  assert.match(lines[2], /^0 of \d+ figures CHANGED: /);
  assert.ok(!lines.some((l) => l.startsWith('|')), 'no table header');
  // without --changed, the same comparison is a table
  assert.match(runComparisonTable(same), /^\| figure +\|/);
  // two runs without a figure in common: said so, not an empty table
  const none = { ...same, rows: [] };
  assert.equal(runComparisonTable(none).split('\n')[0], 'The two runs share no figure to compare.');
});

test('the Markdown holds the table, the count of changes and the figures one run lacks', () => {
  const cmp = twice();
  cmp.onlyA = Array.from({ length: 10 }, (_, i) => `gone ${i}`);
  const text = runComparisonTable(cmp);
  const lines = text.split('\n');
  assert.match(lines[0], /^\| figure +\| unit +\| +A \| +B \| +B\/A \| change +\| status +\|$/);
  assert.match(lines[1], /^\| :-+ \| :-+ \| -+: \| -+: \| -+: \| :-+ \| :-+ \|$/);
  assert.equal(lines.length, 2 + cmp.rows.length + 4);
  assert.equal(lines.at(-3), `${cmp.rows.filter((r) => r.real).length} of ${cmp.rows.length} figures CHANGED: outside both runs' intervals and by more than 5% (or the status changed: a round trip, what bound a capacity).`);
  // the fixture's msgs/s figures carry no spread
  assert.equal(lines.at(-2), `Also: ${cmp.rows.filter((r) => r.real === null).length} without a spread to judge by.`);
  assert.equal(lines.at(-1), 'Only in A (10): gone 0, gone 1, gone 2, gone 3, gone 4, gone 5, gone 6, gone 7, …');
});

test('the change column says unstable, and under the floor with its percentage', () => {
  const b = makeResults({ speed: 2 });
  const row = b.payloads[0].speed[2]; // fmt-b encode
  Object.assign(row, { precision: { low: 0.9, high: 1.1, level: 0.95, halfWidth: 0.1, target: 0.05, met: false, pairs: 40 } });
  const cmp = compareRuns(makeResults(), b);
  const cells = comparisonRows(cmp).rows.find((r) => r.cells[0] === 'p1 fmt-b encode, one message')?.cells;
  assert.equal(cells?.[5], 'unstable');
  assert.match(runComparisonTable(cmp), /^Also: 2 unstable \(a run missed the precision target of that figure: no verdict\); /m);
  const under = compareRuns(makeResults(), makeResults());
  under.rows[0].verdict = 'under floor';
  assert.equal(comparisonRows(under).rows[0].cells[5], 'under 5%');
});

test('comparisonPreamble: a paragraph for settings that differ, a slowed baseline and a slowed probe; none when there is nothing to say', () => {
  const cmp = compareRuns(makeResults(), makeResults());
  assert.deepEqual(comparisonPreamble(cmp), []);
  const said = comparisonPreamble({
    ...cmp, baseline: 'json-buffer',
    settingsDiffer: [{ setting: 'slice ms', a: '10', b: '20' }],
    machineSlower: [{ slower: 'B', at: 'test3 encode', a: 252000, b: 148000 }],
    probeSlower: [{ slower: 'A', at: 'test3 capacity', a: 0.0626, b: 0.0908 }],
  });
  assert.equal(said.length, 3);
  assert.match(said[0], /^The speed pass ran with other settings, .*: slice ms 10 in A, 20 in B\.$/);
  assert.match(said[1], /^The speed pass's baseline \(json-buffer\) ran slower in one run, at its fastest below 80% .*: test3 encode 252,000 ops\/s in A, 148,000 in B\. .*encode most/);
  assert.match(said[2], /^The machine probe .* below 80% .*: test3 capacity 0\.063 operations per µs in A, 0\.091 in B\. /);
});
