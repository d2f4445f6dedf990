import test from 'node:test';
import assert from 'node:assert/strict';
import { answerMarkdown, answerModel, answerParagraph, outsideSpread, ratioWithSpread, speedPrecisionLine, standing } from '../../../lib/report/answer.js';
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
  // no paragraph lists the differences outside the spread again under the table that marks each of them (issue 21)
  assert.doesNotMatch(md, /outside the spread:/i);
  assert.ok(!md.includes('fmt-b encode 2.00× (faster)'), 'the cell is not repeated as a list');
  const html = renderHtml(results);
  assert.ok(html.indexOf('id="answer"') > 0 && html.indexOf('id="answer"') < html.indexOf('id="payload-p1"'), 'answer section first');
  for (const op of ['encode', 'decode', 'roundtrip']) assert.match(html, new RegExp(`<table class="heatmap" data-op="${op}">`));
  // the faster-outside-the-spread cell is saturated green, the tie pale
  assert.match(html, /background:hsl\(130 60% \d+%\)" title="2\.00×/);
  assert.match(html, /background:hsl\(130 20% 93%\)" title="1\.05×/);
});

/**
 * A stand-in results file for the answer paragraph: JSON (json-buffer, the baseline), the most used protobuf codec
 * (protobufjs-static) and a faster one (pb-fast), each ratio with its paired interval; a WebSocket verdict on
 * loopback (no winner) and on 3g (protobuf ahead).
 * @param {{ pbEncode?: [number, number, number, boolean], fastRoundtrip?: [number, number, number] }} [figures]
 */
function pairedResults({ pbEncode = [1.6, 1.55, 1.65, true], fastRoundtrip = [3, 2.9, 3.1] } = {}) {
  const results = makeResults();
  const verdictOf = (/** @type {string} */ format) => ({ format, library: 'lib', version: '1', status: 'exact', diff: null, normalised: [], reason: null, flags: null });
  const row = (/** @type {string} */ format, /** @type {string} */ op, /** @type {number} */ vs, /** @type {number} */ low, /** @type {number} */ high, met = true) => ({
    ...verdictOf(format), op, opsPerSec: 1000 * vs, min: 900, max: 1100, rme: 1, samplesPerRound: 20, wireBytes: 100, mbPerSec: 1, rounds: [{ hz: 1000, rme: 1, samples: 20 }],
    vsBaseline: vs, vsBaselineMin: low, vsBaselineMax: high,
    precision: format === 'json-buffer' ? null : { low, high, level: 0.95, halfWidth: Math.max(high / vs - 1, 1 - low / vs), target: 0.05, met, pairs: 20 },
  });
  results.settings.speed.baseline = 'json-buffer';
  results.codecs = [{ format: 'json-buffer', mediaType: 'application/json' }, { format: 'protobufjs-static', mediaType: 'application/x-protobuf' },
    { format: 'pb-fast', mediaType: 'application/x-protobuf' }].map((c) => ({ ...c, library: 'lib', version: '1', kind: {} }));
  const [p] = results.payloads;
  p.sizes = [
    { ...verdictOf('json-buffer'), bytes: 800, gzip: 400, brotli: 300, ofJson: 1 },
    { ...verdictOf('protobufjs-static'), bytes: 400, gzip: 300, brotli: 270, ofJson: 0.5 },
    { ...verdictOf('pb-fast'), bytes: 400, gzip: 300, brotli: 270, ofJson: 0.5 },
  ];
  p.speed = [
    ...['encode', 'decode', 'roundtrip'].map((op) => row('json-buffer', op, 1, 1, 1)),
    row('protobufjs-static', 'encode', pbEncode[0], pbEncode[1], pbEncode[2], pbEncode[3]),
    row('protobufjs-static', 'decode', 0.98, 0.9, 1.05),
    row('protobufjs-static', 'roundtrip', 1.2, 1.1, 1.3),
    row('pb-fast', 'encode', 3, 2.9, 3.1), row('pb-fast', 'decode', 3, 2.9, 3.1), row('pb-fast', 'roundtrip', ...fastRoundtrip),
  ];
  const verdict = (/** @type {string|null} */ winner, /** @type {number} */ ratio) => ({ formats: ['json-buffer', 'protobufjs-static'], winner, ratio, rounds: 3 });
  results.transmission = [
    { payload: 'p1', profile: 'none', settings: /** @type {any} */ ({}), results: [], verdicts: [verdict(null, 1.05)] },
    { payload: 'p1', profile: '3g', settings: /** @type {any} */ ({}), results: [], verdicts: [verdict('protobufjs-static', 1.6)] },
  ];
  return results;
}

test('the answer paragraph says only what the intervals support: sizes, the most used and the fastest protobuf codec, transmission', () => {
  const results = pairedResults();
  const [entry] = answerModel(results);
  const text = answerParagraph(results, entry);
  assert.equal(text, 'Size: protobuf (protobufjs-static) is 50.0% of JSON\'s bytes, 75.0% once both are gzipped and 90.0% with brotli. '
    + 'Speed against json-buffer (JSON, bytes to bytes): protobufjs-static, the most used protobuf library, encodes 1.60× as fast (1.55–1.65) '
    + 'and decodes no measurably differently (0.90–1.05). '
    + 'The fastest protobuf codec here is pb-fast: it encodes 3.00× as fast (2.90–3.10) and decodes 3.00× as fast (2.90–3.10). '
    + 'Transmission: on loopback over WebSocket, no clear difference in messages per second between json-buffer and protobufjs-static (3 rounds); '
    + 'over the emulated 3g link (WebSocket), protobufjs-static moved 1.60× the messages per second of json-buffer (every one of 3 rounds).');
});

test('the answer paragraph names no winner where intervals overlap or missed their target', () => {
  // the encode ratio missed its precision: said to be imprecise, whatever its value
  const missed = pairedResults({ pbEncode: [1.6, 1.2, 1.9, false] });
  assert.match(answerParagraph(missed, answerModel(missed)[0]), /encodes at a rate not measured precisely enough to state \(±25\.0%\)/);
  // pb-fast's round trip overlaps protobufjs-static's: no fastest codec is named
  const overlap = pairedResults({ fastRoundtrip: [1.25, 1.15, 1.35] });
  const text = answerParagraph(overlap, answerModel(overlap)[0]);
  assert.doesNotMatch(text, /The fastest protobuf codec/);
  assert.match(text, /No protobuf codec is clearly the fastest here: their round-trip intervals overlap \(protobufjs-static, pb-fast\)\./);
  // the most used codec may be the fastest itself: said so, not left unsaid (a run of 2026-12-01 said nothing at all)
  const itself = pairedResults({ fastRoundtrip: [0.9, 0.85, 0.95] });
  assert.match(answerParagraph(itself, answerModel(itself)[0]), /decodes no measurably differently \(0\.90–1\.05\)\. It is also the fastest protobuf codec here \(its round trip's interval lies above the others'\)\. Transmission/);
  // an unstable protobuf codec leaves the fastest unnamed, however high its ratio
  const unsure = pairedResults({ fastRoundtrip: [3, 2.9, 3.1] });
  const fast = /** @type {any} */ (unsure.payloads[0].speed.find((r) => r.format === 'pb-fast' && r.op === 'roundtrip'));
  fast.precision.met = false;
  assert.match(answerParagraph(unsure, answerModel(unsure)[0]), /Which protobuf codec is fastest here is not stated: pb-fast missed the precision target\./);
  // a lossy codec is never the answer
  const lossy = pairedResults();
  for (const r of [...lossy.payloads[0].speed, ...lossy.payloads[0].sizes].filter((x) => x.format === 'pb-fast')) r.status = 'lossy';
  assert.doesNotMatch(answerParagraph(lossy, answerModel(lossy)[0]), /pb-fast/);
  // a ratio whose fresh processes disagreed: said so, with each process's ratio, never as a figure
  const split = pairedResults();
  const enc = /** @type {any} */ (split.payloads[0].speed.find((r) => r.format === 'protobufjs-static' && r.op === 'encode'));
  enc.precision.met = false;
  enc.processes = { agreement: 'process-dependent', vsBaseline: [1.62, 1.38], low: [1.58, 1.33], high: [1.66, 1.41] };
  assert.match(answerParagraph(split, answerModel(split)[0]),
    /protobufjs-static, the most used protobuf library, encodes at a rate that depended on the process it ran in \(1\.62×, 1\.38× in 2 fresh processes\)/);
  // the table's cell says once what the flag means
  assert.match(renderMarkdown(split), /\| [\d.]+× \([\d.]+–[\d.]+\) ~ unstable \(its fresh processes disagree\) +\|/);
  enc.processes = { ...enc.processes, agreement: 'bimodal' };
  assert.match(renderMarkdown(split), /\| [\d.]+× \([\d.]+–[\d.]+\) ~ unstable \(its fresh processes split into two groups\) +\|/);
  // the paragraph says a split as it says a disagreement: each process's ratio, never one figure
  assert.match(answerParagraph(split, answerModel(split)[0]),
    /encodes at a rate that depended on the process it ran in \(1\.62×, 1\.38× in 2 fresh processes\)/);
  // one of three processes ran on a slowed machine and the other two disagree: the two are named, the third counted
  enc.processes = { agreement: 'process-dependent', vsBaseline: [1.62, 1.21, 1.38], low: [1.58, 1.18, 1.33], high: [1.66, 1.24, 1.41], slowed: [false, true, false] };
  assert.match(answerParagraph(split, answerModel(split)[0]),
    /encodes at a rate that depended on the process it ran in \(1\.62×, 1\.38× in 2 fresh processes; 1 more ran on a slowed machine\)/);
  // two of three slowed: nothing to compare, and the paragraph says why rather than naming one process's figure
  enc.processes = { agreement: 'unjudged', vsBaseline: [1.62, 1.21, 1.2], low: [1.58, 1.18, 1.17], high: [1.66, 1.24, 1.23], slowed: [false, true, true] };
  assert.match(answerParagraph(split, answerModel(split)[0]),
    /encodes at a rate not compared across processes \(2 of its 3 fresh processes ran on a slowed machine\)/);
  // without a count (a derived round trip inherits the verdict): the reason without a number
  enc.processes = { agreement: 'unjudged', vsBaseline: [1.62, 1.21, 1.2], low: [1.58, 1.18, 1.17], high: [1.66, 1.24, 1.23] };
  assert.match(answerParagraph(split, answerModel(split)[0]), /encodes at a rate not compared across processes \(too few of its fresh processes ran at full speed\)/);
  enc.processes.slowed = [false, true, true];
  split.payloads[0].speed.push(/** @type {any} */ ({ ...enc, format: 'other', op: 'decode', precision: { ...enc.precision } }));
  assert.match(answerMarkdown(split), /Speed precision: .* 2 set aside a process that ran on a slowed machine \(its baseline below 80% of the fastest it ran in the run, its ratio no higher: docs\/speed\.md, "A slowed machine"\)\./);
  assert.match(renderMarkdown(split), /~ unstable \(fewer than two processes ran at full speed\)/);
  // processes that agreed but missed the target together: the imprecision is said, not the processes
  const agreed = pairedResults({ pbEncode: [1.6, 1.2, 1.9, false] });
  const encAgreed = /** @type {any} */ (agreed.payloads[0].speed.find((r) => r.format === 'protobufjs-static' && r.op === 'encode'));
  encAgreed.processes = { agreement: 'agree', vsBaseline: [1.58, 1.62], low: [1.2, 1.25], high: [1.9, 1.85] };
  assert.match(answerParagraph(agreed, answerModel(agreed)[0]), /encodes at a rate not measured precisely enough to state \(±25\.0%\)/);
  // the table marks the missed ratio unstable, with no ▲
  assert.match(answerMarkdown(missed), /1\.60× \(1\.20–1\.90\) ~ unstable/);
  assert.match(answerMarkdown(missed), /Speed precision: 6 ratios to the baseline, median interval ±\d+\.\d% at 95%, 1 over the target/);
  // no ratio with enough pairs for an interval (each half-width Infinity): said so, never "±Infinity%"
  for (const r of missed.payloads[0].speed) if (r.precision) Object.assign(r.precision, { halfWidth: Infinity, met: false });
  assert.match(answerMarkdown(missed), /Speed precision: 6 ratios to the baseline, none with enough pairs for an interval at 95%, 6 over the target/);
  assert.doesNotMatch(answerMarkdown(missed), /Infinity/);
});

test('standing of a paired ratio: its interval against 1, and unstable when it missed its target', () => {
  const p = (/** @type {boolean} */ met) => ({ met });
  assert.equal(standing({ vsBaseline: 1.5, vsBaselineMin: 1.4, vsBaselineMax: 1.6, precision: p(true) }), 'faster');
  assert.equal(standing({ vsBaseline: 1.02, vsBaselineMin: 0.99, vsBaselineMax: 1.04, precision: p(true) }), 'tie');
  assert.equal(standing({ vsBaseline: 1.5, vsBaselineMin: 1.4, vsBaselineMax: 1.6, precision: p(false) }), 'unstable');
  // a single process of slices is no "one round": its interval is its spread
  assert.equal(standing({ vsBaseline: 0.5, vsBaselineMin: 0.45, vsBaselineMax: 0.55, rounds: [{}], precision: p(true) }), 'slower');
});

test('capacityPhrase: the capacity headline on its payload only, its CPU shares at the fastest passes, and what ~ marks', async () => {
  const { capacityPhrase } = await import('../../../lib/report/answer.js');
  const lowest = (/** @type {number} */ us, met = true) => ({ serverCpuUs: us, of: 3, range: [us, us * 1.04], halfWidth: 0.02, met });
  const row = (/** @type {string} */ format, /** @type {number} */ capacity, /** @type {object} */ atHalf) => ({ format, capacity, perCore: capacity, bound: 'server', probes: [{ rate: 1000, ok: true }],
    atHalf: { rate: 1000, complete: true, p50: 1, p99: 2, serverCpuMinMax: null, serverCpuInterval: null, serverCpuMet: true, idleCpuUsPerSec: 900, ...atHalf } });
  const results = (/** @type {object|null} */ grpcLowest) => /** @type {any} */ ({
    settings: { capacity: { targetP99Ms: 10, searches: 1, loadGenerator: 'h2load 1.52.0' } },
    capacity: { payload: 'test3', transports: [
      { transport: 'http1', serverWorkers: 1, loadGenerator: 'h2load 1.52.0', rows: [row('json-buffer', 21000, { serverCpuUs: 81, serverCpuShare: 0.081, serverCpuLowest: lowest(66.5) })] },
      { transport: 'grpc', serverWorkers: 1, loadGenerator: 'h2load 1.52.0', rows: [row('protobufjs-static', 17500, { serverCpuUs: 123, serverCpuShare: 0.123, serverCpuLowest: grpcLowest })] },
    ] },
  });
  assert.equal(capacityPhrase(results(lowest(104.2)), 'test1'), null, 'another payload\'s capacity pass');
  const met = /** @type {string} */ (capacityPhrase(results(lowest(104.2)), 'test3'));
  assert.match(met, /CPU is 6\.7% vs 10\.4% of its core at their fastest passes \(medians 8\.1% vs 12\.3%\)\. Each capacity is one short search/);
  assert.doesNotMatch(met, /~/, 'every share met its target: nothing marked, nothing explained');
  const missed = /** @type {string} */ (capacityPhrase(results(lowest(104.2, false)), 'test3'));
  assert.match(missed, /10\.4% ~ of its core/);
  assert.match(missed, /~ marks a CPU share measured less precisely than ±5% \(its three fastest passes further from their middle/);
});

test('ratioWithSpread: a bound that is not 1 never reads as 1.00 beside ▲ or ▼', () => {
  assert.equal(ratioWithSpread({ ratio: 0.97, min: 0.961, max: 0.9969, standing: 'slower' }), '0.97× (0.96–0.997) ▼');
  assert.equal(ratioWithSpread({ ratio: 1.36, min: 1.21, max: 1.48, standing: 'faster' }), '1.36× (1.21–1.48) ▲');
});

test('the precision line says what states more when most ratios missed with processes set aside as slowed, and only then', () => {
  const results = pairedResults();
  const rows = /** @type {any[]} */ (results.payloads[0].speed).filter((r) => r.precision);
  const unjudged = { agreement: 'unjudged', vsBaseline: [1.6, 1.2, 1.25], low: [1.5, 1.1, 1.2], high: [1.7, 1.3, 1.3], slowed: [false, true, true] };
  // four of the six over the target, three of them left with one process at full speed
  rows.slice(0, 4).forEach((r, i) => { r.precision.met = false; if (i < 3) r.processes = unjudged; });
  assert.match(speedPrecisionLine(results), /6 ratios to the baseline, .* 4 over the target .* 3 set aside a process that ran on a slowed machine .*\. Most ratios missed the target on a machine whose speed changed during the run \(3 of the 3 with a process set aside had fewer than two left at full speed\): a run when it is quieter, or with more fresh processes \(node benchmark\.js --full, up to six a ratio; benchmark_dss\.js --max-rounds 12\), can state more\.$/);
  // a derived round trip that inherits 'unjudged' without a slowed process of its own is not counted
  rows[2].processes = { agreement: 'unjudged', vsBaseline: [1.2], low: [1.1], high: [1.3] };
  assert.match(speedPrecisionLine(results), /\(2 of the 2 with a process set aside had fewer than two left at full speed\)/);
  // half or fewer over the target: no advice, whatever was set aside
  rows[3].precision.met = true;
  rows[2].precision.met = true;
  assert.doesNotMatch(speedPrecisionLine(results), /Most ratios missed/);
  // most over the target, but every process at full speed: the machine is not what to blame
  for (const r of rows) { r.precision.met = false; delete r.processes; }
  assert.match(speedPrecisionLine(results), /6 over the target/);
  assert.doesNotMatch(speedPrecisionLine(results), /Most ratios missed/);
});
