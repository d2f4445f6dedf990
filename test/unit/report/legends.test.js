// The legend lines that say what a table's formats, baseline and columns are (lib/report/rows.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baselineLine, formatsLegend, speedTable } from '../../../lib/report/rows.js';
import { renderMarkdown } from '../../../lib/report/markdown.js';
import { renderHtml } from '../../../lib/report/html.js';
import { makeResults } from '../../helpers/results-fixture.js';

const codecs = [{ format: 'json', description: 'on strings' }, { format: 'json-buffer', description: 'UTF-8 bytes' }];

test('formatsLegend: each format with what it does, the baseline named as such; a missing baseline said', () => {
  assert.equal(formatsLegend(['json', 'json-buffer'], 'json-buffer', codecs),
    'Formats: json: on strings; json-buffer (the baseline: every "vs" ratio is to its ops/s): UTF-8 bytes.');
  assert.match(formatsLegend(['json'], 'json-buffer', codecs), /^Formats: json: on strings\. The baseline, json-buffer, was not measured in this table, so there are no ratios/);
  // results from before descriptions: the baseline is still named
  assert.equal(formatsLegend(['json', 'json-buffer'], 'json-buffer', []),
    'Formats: json-buffer (the baseline: every "vs" ratio is to its ops/s).');
});

test('baselineLine: the baseline\'s own ops/s per operation, which a table of ratios leaves out', () => {
  const rows = [{ format: 'json-buffer', op: 'encode', opsPerSec: 20691, min: 15700, max: 22961 },
    { format: 'json-buffer', op: 'decode', opsPerSec: 18656, min: 18656, max: 18656 }, { format: 'json', op: 'encode', opsPerSec: 1, min: 1, max: 1 }];
  assert.equal(baselineLine(rows, 'json-buffer', ['encode', 'decode', 'roundtrip']),
    'json-buffer, the baseline, ran at encode 20,691 ops/s (15,700–22,961), decode 18,656 ops/s (median of the rounds, min–max); every ratio is to its ops/s in the same round.');
  assert.match(baselineLine(rows, 'protobufjs-static', ['encode']), /protobufjs-static, the baseline, was not measured on this payload/);
});

test('the report\'s answer shows the baseline\'s own figures and what each format does; its speed table defines its terms', () => {
  const results = makeResults();
  for (const text of [renderMarkdown(results), renderHtml(results)]) {
    assert.match(text, /fmt-a, the baseline, ran at encode 1,000,000 ops\/s \(990,000–1,020,000\), decode 1,000,000 ops\/s/);
    assert.match(text, /Formats: fmt-b: what fmt-b does to the data; fmt-a \(the baseline: every (&quot;|")vs(&quot;|") ratio is to its ops\/s\): what fmt-a does to the data\./);
    assert.match(text, /±RME: Benchmark\.js(&#39;|')s relative margin of error/);
    assert.match(text, /wire MB\/s: encoded bytes moved per second/);
  }
});

test('speedTable (benchmark_dss.js) prints the formats legend when given what the codecs do', () => {
  const entry = makeResults().payloads[0];
  const table = speedTable({ settings: { rounds: 3, baseline: 'fmt-a' }, results: entry.speed, skipped: [], codecs: [{ format: 'fmt-a', description: 'bytes' }] });
  assert.match(table, /^Formats: fmt-a \(the baseline: [^)]*\): bytes\.$/m);
  assert.match(table, /^Columns: ±RME: .* vs fmt-a: each row's ops\/s ÷ fmt-a's in the same round/m);
});

test('under the paired timer the legends speak of slices and intervals, not rounds', () => {
  const precision = { low: 0.9, high: 1.1, level: 0.95, halfWidth: 0.1, target: 0.05, met: true, pairs: 40 };
  const rows = [{ format: 'json-buffer', op: 'encode', opsPerSec: 20000, min: 19000, max: 21000, precision }];
  assert.equal(baselineLine(rows, 'json-buffer', ['encode']),
    'json-buffer, the baseline, ran at encode 20,000 ops/s (19,000–21,000) (median of its slices, 95% interval); every ratio is to its slices beside the codec\'s.');
  const entry = makeResults().payloads[0];
  const settings = { rounds: 1, baseline: 'fmt-a', timer: 'paired' };
  const table = speedTable({ settings, results: entry.speed, skipped: [] });
  assert.match(table, /^Columns: ops\/s: the median over the case's slices, with its 95% interval; ±: .* vs fmt-a: the median of the per-pair ratios/m);
  assert.doesNotMatch(table, /±RME/);
  // a row whose slices were too few for an interval (its median as min and max, width 0): no interval, never a
  // zero-width one; a row with an interval keeps it
  const [few, ...rest] = entry.speed;
  const fewRow = { ...few, opsPerSec: 159797, min: 159797, max: 159797, rme: 0, samplesPerRound: 2 };
  const fewTable = speedTable({ settings, results: [fewRow, ...rest], skipped: [] });
  const line = fewTable.split('\n').find((l) => l.includes('159,797'));
  assert.match(String(line), /\| +159,797 +\| +too few slices +\| +— +\| +2 +\|/);
  assert.doesNotMatch(fewTable, /159,797–159,797|±0\.0%/);
  assert.match(speedTable({ settings, results: [{ ...fewRow, min: 150000, max: 170000, rme: 6.3 }], skipped: [] }), /\| +159,797 +\| +150,000–170,000 +\| +±6\.3% +\|/);
});

test('the check of the two timers is shown once, under the payload it ran on, and named with it', () => {
  const results = /** @type {any} */ (makeResults());
  const second = structuredClone(results.payloads[0]);
  second.payload = { ...second.payload, id: 'p2' };
  results.payloads.push(second);
  results.settings.payloads = ['p1', 'p2'];
  results.settings.speed = { ...results.settings.speed, timer: 'paired', precision: { sliceMs: 5, level: 0.95, target: 0.05 },
    timerCheck: { case: 'fmt-a encode', benchmarkHz: 4378345, sliceHz: 5468532, ratio: 1.25, payload: 'p2' } };
  for (const render of [renderMarkdown, renderHtml]) {
    const out = render(results);
    assert.equal(out.split('Benchmark.js measured').length - 1, 1, 'one check sentence');
    assert.match(out, /On p2 fmt-a encode, Benchmark\.js measured 4,378,345 ops\/s and the slices 5,468,532/);
    // under p2's speed table, not p1's: after p2's section begins
    const at = out.indexOf('On p2 fmt-a encode');
    assert.ok(at > out.indexOf(render === renderMarkdown ? '## p2: fixture' : 'p2: fixture'), 'in p2\'s section');
  }
  // results written before the check named its payload ran it on their last payload (lib/suite.js): shown there
  delete results.settings.speed.timerCheck.payload;
  assert.equal(renderMarkdown(results).split('Benchmark.js measured').length - 1, 1);
  assert.match(renderMarkdown(results), /On p2 fmt-a encode, Benchmark\.js measured/);
});

test('the one-message columns stand only where some row has the figure (the default run times none)', () => {
  const entry = makeResults().payloads[0];
  const header = (/** @type {string} */ table) => table.split('\n')[0];
  for (const timer of ['benchmark', 'paired']) {
    const settings = { rounds: 3, baseline: 'fmt-a', timer };
    const none = speedTable({ settings, results: entry.speed.map((r) => ({ ...r, oneMessage: null, bias: null })), skipped: [] });
    assert.doesNotMatch(header(none), /one message|one-message bias/, `${timer}: no row timed on one message`);
    const widths = new Set(none.split('\n').filter((l) => l.startsWith('|')).map((l) => l.split('|').length));
    assert.equal(widths.size, 1, `${timer}: every row as wide as the header`);
    assert.match(header(none), /\| (slices|samples\/round) +\| wire MB\/s +\|/, `${timer}: the columns beside them kept`);
    const one = { ...entry.speed[0], oneMessage: { opsPerSec: 2e6, min: 2e6, max: 2e6, rme: 1, rounds: [] }, bias: 2, biasMin: 2, biasMax: 2 };
    const some = speedTable({ settings, results: [one, ...entry.speed.slice(1).map((r) => ({ ...r, oneMessage: null, bias: null }))], skipped: [] });
    assert.match(header(some), /\| ops\/s, one message +\| one-message bias/, `${timer}: one row timed on one message`);
    assert.match(some, /\| +2,000,000 \| +2\.00× \|/);
  }
});
