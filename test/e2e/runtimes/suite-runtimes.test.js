// test-runner: long (started first: see scripts/run-tests.js)
// npm start --runtimes, through runSuite: the runtime dimension in results.json
// (valid against its schema, every number with a unit), report.md and the
// charts of report.html. Two runtimes: the host, in a child process, and Node 22
// from the per-user cache (installed on first use). Shape, never speeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { renderMarkdown } from '../../../lib/report/markdown.js';
import { renderHtml } from '../../../lib/report/html.js';
import { chartSpecs } from '../../../lib/report/charts.js';
import { numbersWithoutUnit, validateResults } from '../../../lib/results/index.js';
import { assertChartConfig, assertValidResults } from '../../helpers/suite-results.js';
import { prepareRuntimes } from '../../../lib/runtimes/matrix/matrix.js';
import { runSuite } from '../../../lib/suite.js';

test('runSuite with runtimes: results.json has a runtime dimension, report.md the matrix and sentence, report.html a chart per op', { timeout: 300_000 }, async () => {
  const runtimes = await prepareRuntimes(['host', 'node@22']);
  const results = await runSuite({
    mode: 'quick', payloads: resolvePayloads({ numbers: ['5'] }), codecs: await selectCodecs('json-buffer,msgpackr'), transmissionCodecs: [],
    overrides: { rounds: 2, maxTime: 0.05, benchmarkMaxTime: 0.01, minTime: 0.005, precision: { target: 0.1, sliceMs: 2, minPairs: 6, warmupMs: 10 } }, onProgress: () => {},
    runtimes,
  });
  assertValidResults(results);
  assert.deepEqual(numbersWithoutUnit(results), []);
  assert.deepEqual(results.settings.runtimes, ['host', 'node@22']);
  assert.ok(results.runtimes, 'a runtime dimension');
  assert.deepEqual(results.runtimes.map((r) => [r.runtime, r.name, r.engine]), [['host', 'node', 'V8'], ['node@22', 'node', 'V8']]);
  assert.equal(results.runtimes[0].version, process.versions.node);
  assert.match(results.runtimes[1].version, /^22\./);
  const [entry] = results.payloads;
  assert.ok(entry.runtimes, 'test5 has rows per runtime');
  assert.deepEqual(entry.runtimes.map((r) => r.runtime), ['host', 'node@22']);
  for (const r of entry.runtimes) {
    assert.deepEqual(r.results.map((x) => `${x.format} ${x.op} ${x.status} ${x.rounds.length}`), [
      'json-buffer encode exact 2', 'json-buffer decode exact 2', 'json-buffer roundtrip exact 2',
      'msgpackr encode exact 2', 'msgpackr decode exact 2', 'msgpackr roundtrip exact 2']);
  }
  // a row in the runtime dimension is checked like any speed row
  const broken = structuredClone(results);
  const [brokenEntry] = broken.payloads;
  assert.ok(brokenEntry.runtimes);
  Reflect.deleteProperty(brokenEntry.runtimes[0].results[0], 'vsBaseline');
  assert.match(validateResults(broken).join(), /runtimes\/0\/results\/0.*vsBaseline/);

  const md = renderMarkdown(results);
  assert.match(md, /### Speed across runtimes/);
  assert.match(md, new RegExp(`\\| node@${process.versions.node.split('.')[0]} \\(host\\) +\\| node ${process.versions.node.replace(/\./g, '\\.')}, V8 `));
  assert.match(md, /\| node@22 +\| node 22\.\d+\.\d+, V8 /);
  assert.match(md, /^(The answer changes across runtimes: |No answer changes across runtimes: )/m);
  const charts = chartSpecs(results).filter((c) => c.id.startsWith('runtimes-'));
  assert.deepEqual(charts.map((c) => c.id), ['runtimes-test5-encode', 'runtimes-test5-decode', 'runtimes-test5-roundtrip']);
  assertChartConfig(charts[0].config);
  assert.deepEqual(charts[0].config.data.labels, results.runtimes.map((r) => r.label));
  assert.deepEqual(charts[0].config.data.datasets.map((d) => d.label), ['json-buffer', 'msgpackr']);
  assert.deepEqual(charts[0].config.data.datasets[0].data, [1, 1], 'the baseline is 1 on every runtime');
  assert.match(renderHtml(results), /<h3>Speed across runtimes<\/h3><p class="answer">/);
});
