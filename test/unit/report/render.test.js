import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderHtml } from '../../../lib/report/html.js';
import { chartSpecs, codecLabel } from '../../../lib/report/charts.js';
import { noRawHtml, renderMarkdown } from '../../../lib/report/markdown.js';
import { numbersWithoutUnit, resultsJsonText, validateResults, writeRunDir } from '../../../lib/results/index.js';
import { UserError } from '../../../lib/errors.js';
import { makeResults } from '../../helpers/results-fixture.js';
import { array, field, record } from '../../helpers/narrow.js';

/**
 * A chart's labels and datasets, read through assertions: chartSpecs gives its Chart.js config as a plain object.
 * @param {{ config: object } | undefined} spec
 */
function chartData(spec) {
  assert.ok(spec, 'the chart is there');
  const data = record(field(spec.config, 'data'), 'config.data');
  return { labels: array(data.labels, 'labels'), datasets: array(data.datasets, 'datasets').map((d) => record(d, 'a dataset')) };
}

function withLossy() {
  const r = makeResults();
  const row = r.payloads[0].sizes[1];
  Object.assign(row, { status: 'lossy', diff: { path: '$.price', expected: 1.1, actual: 1.100000023841858 } });
  for (const s of r.payloads[0].speed) if (s.format === row.format) Object.assign(s, { status: 'lossy', diff: row.diff });
  r.payloads[0].sizes.push({ format: 'fmt-c', library: 'lib', version: '1', status: 'unsupported', diff: null, normalised: [], reason: 'no maps', flags: null });
  return r;
}

test('a lossy codec is marked in every table and chart; an unmeasured one says why', () => {
  const r = withLossy();
  assert.deepEqual(validateResults(r), []);
  const md = renderMarkdown(r);
  // fmt-b's rows: the answer's summary row (its verdict column), then the size row and the two speed rows, each
  // naming the path and both values
  const lossyRows = md.split('\n').filter((l) => l.startsWith('| fmt-b'));
  assert.equal(lossyRows.length, 4, lossyRows.join('\n'));
  assert.match(lossyRows[0], /\| lossy +\|$/);
  for (const line of lossyRows.slice(1)) assert.match(line, /\| LOSSY at \$\.price: 1\.1 → 1\.100000023841858 \|$/);
  assert.match(lossyRows[2], /\| encode \|/);
  assert.match(lossyRows[3], /\| decode \|/);
  assert.match(md, /\| fmt-c .*unsupported: no maps/);

  const specs = chartSpecs(r);
  for (const spec of specs.filter((s) => s.section === 'p1')) {
    const { labels } = chartData(spec);
    assert.deepEqual(labels[1], ['fmt-b', '⚠ LOSSY'], spec.id);
    assert.deepEqual(labels[2], ['fmt-c', 'unsupported: not measured'], spec.id);
    assert.deepEqual(spec.statuses, ['exact', 'lossy', 'unsupported']);
  }
  const html = renderHtml(r);
  assert.match(html, /<tr class="status-lossy"><td class="l">fmt-b<\/td>/);
  assert.deepEqual(codecLabel('x', 'equivalent'), ['x', 'equivalent']);
});

test('the speed chart carries min–max whiskers; the latency chart a bar per format and profile', () => {
  const specs = chartSpecs(makeResults());
  const speed = specs.find((s) => s.id === 'speed-p1');
  const encode = chartData(speed).datasets.find((d) => d.label === 'encode');
  assert.deepEqual(array(encode?.ranges, 'the encode bars\' ranges')[0], [0.99e6, 1.02e6]);
  assert.equal(field(field(field(field(speed?.config, 'options'), 'scales'), 'y'), 'suggestedMax'), 2.04e6, 'the axis reaches the fastest round');
  const latency = specs.find((s) => s.id === 'latency-p1');
  assert.deepEqual(chartData(latency).labels.map((l) => array(l).join(' ')), ['fmt-a exact profile none', 'fmt-b exact profile none']);
  assert.deepEqual(chartData(latency).datasets.map((d) => d.label), ['p50', 'p90', 'p99', 'p99.9']);
});

test('report.html is self-contained: Chart.js inlined, no external reference, nothing can close the data script', () => {
  const r = makeResults();
  r.payloads[0].payload.title = '</script><script>alert(1)</script>';
  const html = renderHtml(r);
  assert.match(html, /Chart\.js v4\.\d+\.\d+/, 'the library itself, not a link to it');
  const page = html.replace(/<script>[^]*?<\/script>/g, '<script></script>'); // the page around the inlined scripts
  assert.ok(!/<script[^>]+src=|<link[^>]+href=|<img[^>]+src=|url\(|https?:/i.test(page), 'no external resource');
  assert.ok(!html.includes('<script>alert'), 'the title cannot inject a script');
});

test('every number has a unit; a number without one is found', () => {
  const r = makeResults();
  assert.deepEqual(numbersWithoutUnit(r), []);
  Object.assign(r.payloads[0].sizes[0], { zstd: 12 });
  assert.deepEqual(numbersWithoutUnit(r), ['/payloads/0/sizes/0/zstd']);
});

test('the validator rejects what the reports rely on being there', () => {
  const missingFigure = makeResults();
  Reflect.deleteProperty(missingFigure.payloads[0].sizes[0], 'gzip');
  assert.match(validateResults(missingFigure).join(), /sizes\/0.*gzip/);
  const badStatus = makeResults();
  Object.assign(record(array(field(badStatus.transmission[0], 'results'))[0]), { status: 'fine' });
  assert.match(validateResults(badStatus).join(), /transmission\/0\/results\/0\/status/);
  const noEnv = makeResults();
  Reflect.deleteProperty(noEnv.environment, 'commit');
  assert.match(validateResults(noEnv).join(), /environment.*commit/);
});

test('results.json is checked as it is written: a NaN rate (null once JSON writes it) is refused, naming where', () => {
  const good = makeResults();
  assert.equal(JSON.parse(resultsJsonText(good, 'the results')).createdAt, good.createdAt);
  const nan = makeResults();
  Object.assign(record(nan.payloads[0].speed[0]), { opsPerSec: NaN });
  // in memory NaN is a number, and passes the shape
  assert.deepEqual(validateResults(nan), []);
  assert.throws(() => resultsJsonText(nan, 'the results'), /^Error: the results do not match results\.json's documented shape: \/payloads\/0\/speed\/0\/opsPerSec: must be number$/);
});

test('cpuAtRate\'s user and system split, the server\'s and the client\'s: optional (results written before it load), numbers where there, each with its unit', () => {
  const pass = { round: 1, messages: 100, acked: 100, seconds: 0.05, msgsPerSec: 2000, serverCpuUs: 30, grossCpuUs: 50, serverUserUs: 32, serverSystemUs: 18, idleCpuUsPerSec: 400,
    serverElu: 0.1, clientCpuUs: 60, clientUserUs: 45, clientSystemUs: 15, clientElu: 0.2, latencyMs: { p50: 1, p99: 2 }, complete: true };
  const row = { format: 'fmt-a', rate: 2000, serverCpuUs: 30, minMax: { serverCpuUs: [30, 30] }, spread: 0, idleCpuUsPerSec: 400, clientCpuUs: 60,
    serverUserUs: 32, serverSystemUs: 18, clientUserUs: 45, clientSystemUs: 15, complete: true, passes: [pass] };
  const withFormat = (/** @type {Record<string, unknown>} */ format) => {
    const r = makeResults();
    Object.assign(r.transmission[0], { cpuAtRate: { rate: 2000, seconds: 0.05, formats: [format], pairs: [] } });
    return r;
  };
  assert.deepEqual(validateResults(withFormat(row)), []);
  assert.deepEqual(numbersWithoutUnit(withFormat(row)), []);
  // results written before the client's split (or either) was kept, and a client that could not measure it
  const { clientUserUs: _u, clientSystemUs: _s, serverUserUs: _su, serverSystemUs: _ss, ...before } = row;
  assert.deepEqual(validateResults(withFormat(before)), []);
  assert.deepEqual(validateResults(withFormat({ ...row, clientUserUs: null, clientSystemUs: null })), []);
  assert.match(validateResults(withFormat({ ...row, clientSystemUs: '15' })).join(), /cpuAtRate\/formats\/0\/clientSystemUs/);
});

test('a run folder appears whole or not at all', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'rundir-'));
  try {
    const dir = writeRunDir(parent, 'run', { 'a.txt': 'a', 'b.txt': 'b' });
    assert.deepEqual(fs.readdirSync(dir).sort(), ['a.txt', 'b.txt']);
    assert.equal(writeRunDir(parent, 'run', { 'a.txt': 'again' }), path.join(parent, 'run-2'), 'never overwrites a run');
    // the second file cannot be written (its folder does not exist): nothing must be left behind
    assert.throws(() => writeRunDir(parent, 'broken', { 'a.txt': 'a', 'no/such/b.txt': 'b' }), UserError);
    assert.deepEqual(fs.readdirSync(parent).sort(), ['run', 'run-2']);
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
});

test('report.md writes no raw HTML from what users named: a file name or a key like <img …> comes out as text, code spans as they are', () => {
  const r = makeResults();
  const entry = /** @type {any} */ (r.payloads[0]);
  entry.payload = { ...entry.payload, id: 'a|b<img src=x onerror=alert(1)>', dataFile: 'a|b<img src=x onerror=alert(1)>.ndjson' };
  assert.deepEqual(validateResults(r), []);
  const md = renderMarkdown(r);
  assert.doesNotMatch(md, /<img/);
  assert.match(md, /^## a\|b&lt;img src=x onerror=alert\(1\)>: /m);
  assert.equal(noRawHtml('p99 < 10 ms, x<y, `a<b>` and </script> <!-- c --> <?x'), 'p99 < 10 ms, x&lt;y, `a<b>` and &lt;/script> &lt;!-- c --> &lt;?x');
});
