import test from 'node:test';
import assert from 'node:assert/strict';
import { answerMarkdown, answerModel, outsideSpread, standing } from '../../../lib/report/answer.js';
import { renderMarkdown } from '../../../lib/report/markdown.js';
import { renderHtml } from '../../../lib/report/html.js';
import { makeResults } from '../../helpers/results-fixture.js';

test('a difference lies outside the spread only when every round falls on the same side of 1', () => {
  assert.equal(standing({ vsBaseline: 1.5, vsBaselineMin: 1.1, vsBaselineMax: 1.9 }), 'faster');
  assert.equal(standing({ vsBaseline: 0.5, vsBaselineMin: 0.4, vsBaselineMax: 0.9 }), 'slower');
  assert.equal(standing({ vsBaseline: 1.2, vsBaselineMin: 0.95, vsBaselineMax: 1.4 }), 'tie');
  assert.equal(standing({ vsBaseline: null, vsBaselineMin: null, vsBaselineMax: null }), null);
  assert.equal(standing(undefined), null);
  // one round has no spread: no difference can be said to lie outside it
  assert.equal(standing({ vsBaseline: 3, vsBaselineMin: 3, vsBaselineMax: 3, rounds: [{}] }), 'one-round');
  assert.equal(standing({ vsBaseline: 3, vsBaselineMin: 2, vsBaselineMax: 4, rounds: [{}, {}] }), 'faster');
});

// fmt-b is the codec compared with the baseline fmt-a: encode clearly faster, decode within the spread
function resultsWithRatios() {
  const results = makeResults();
  for (const r of results.payloads[0].speed.filter((x) => x.format === 'fmt-b')) {
    Object.assign(r, r.op === 'encode' ? { vsBaseline: 2, vsBaselineMin: 1.8, vsBaselineMax: 2.2 } : { vsBaseline: 1.05, vsBaselineMin: 0.9, vsBaselineMax: 1.2 });
  }
  return results;
}

test('the answer: size against JSON, ratios with spread, and the differences outside it', () => {
  const results = resultsWithRatios();
  const [entry] = answerModel(results);
  assert.deepEqual(entry.rows.map((r) => r.format), ['fmt-b']);
  const [b] = entry.rows;
  assert.equal(b.ofJson, 0.5);
  assert.deepEqual(b.ops.encode, { ratio: 2, min: 1.8, max: 2.2, standing: 'faster' });
  assert.equal(b.ops.decode?.standing, 'tie');
  assert.equal(b.ops.roundtrip, null);
  assert.deepEqual(outsideSpread(entry), ['fmt-b encode 2.00× (faster)']);
  assert.match(answerMarkdown(results), /fmt-b .*2\.00× \(1\.80–2\.20\) ▲ .*1\.05× \(0\.90–1\.20\) ≈/);
});

test('report.md and report.html open with the answer, before the detail; the HTML has a heat map per operation', () => {
  const results = resultsWithRatios();
  const md = renderMarkdown(results);
  assert.ok(md.indexOf('## The answer') > 0 && md.indexOf('## The answer') < md.indexOf('## p1:'), 'answer before the detail');
  const html = renderHtml(results);
  assert.ok(html.indexOf('id="answer"') > 0 && html.indexOf('id="answer"') < html.indexOf('id="payload-p1"'), 'answer section first');
  for (const op of ['encode', 'decode', 'roundtrip']) assert.match(html, new RegExp(`<table class="heatmap" data-op="${op}">`));
  // the faster-outside-the-spread cell is saturated green, the tie pale
  assert.match(html, /background:hsl\(130 60% \d+%\)" title="2\.00×/);
  assert.match(html, /background:hsl\(130 20% 93%\)" title="1\.05×/);
});
