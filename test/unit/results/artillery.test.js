import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { UserError } from '../../../lib/errors.js';
import { artilleryResults, artilleryRows, checkArtilleryReport, latencyVerdicts, roundPeriods, scenariosOf } from '../../../lib/results/artillery.js';
import { numbersWithoutUnit, validateResults } from '../../../lib/results/index.js';
import { buildScript } from '../../../lib/transmission/artillery/script.js';
import { median } from '../../../lib/measure/statistics.js';
import grpc from '../../../lib/transmission/transports/grpc.js';
import ws from '../../../lib/transmission/transports/ws.js';
import { renderMarkdown } from '../../../lib/report/markdown.js';
import { renderHtml } from '../../../lib/report/html.js';

// A real report: `artillery run` (2.0.34, Node 24.21) of a benchmark_artillery.js script for test3 over ws (JSON and
// protobuf) and grpc, 100 msgs/s offered to each scenario, 10 messages per user, 2 s warm-up and 41 s measured,
// against node server.js 3 (test/unit/results/fixtures/README.md says how it was made).
const FIXTURE = new URL('./fixtures/artillery-report.json', import.meta.url);
/** @type {import('../../../lib/results/artillery.js').ArtilleryReport} */
const report = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
const transports = [ws, grpc];
const codecs = [{ name: 'json-buffer', library: null, version: null }, { name: 'protobufjs-static', library: 'protobufjs', version: '8.8.1' }];

test('a real report: one row per scenario, the measured phase\'s counts exactly as Artillery summed them, nothing lost', () => {
  const { results, rounds, warmup } = artilleryRows(report, { transports, codecs });
  assert.deepEqual(results.map((r) => r.format).sort(), ['grpc protobufjs-static', 'ws json-buffer', 'ws protobufjs-static']);
  const c = report.aggregate.counters;
  for (const r of results) {
    const prefix = `pvj.${r.transport}.${r.codec}.`;
    assert.equal(r.messages, c[`${prefix}messages`]);
    assert.equal(r.acked, c[`${prefix}acked`]);
    assert.ok(r.acked > 1000, `${r.format}: ${r.acked} acked`);
    assert.equal(r.lost, 0);
    assert.equal(r.errors, 0);
    assert.equal(r.status, 'exact');
    assert.equal(r.ended, 'complete');
    // latency: the measured phase's, from the engine's histogram
    assert.equal(r.latencyMs?.p99, report.aggregate.summaries[`${prefix}latency_ms`].p99);
    assert.equal(r.wireBytes?.up, c[`${prefix}bytes_up`]);
  }
  assert.equal(rounds, 3, 'five periods: the first has warm-up users, the last is the drain');
  assert.equal(warmup.length, 3);
  assert.ok(warmup.every((w) => w.messages > 0 && w.lost === 0));
});

test('msgs/s per period: each round is a period without warm-up users, acked over the seconds its metrics span', () => {
  const periods = roundPeriods(report.intermediate);
  assert.equal(periods.length, 3);
  const { results } = artilleryRows(report, { transports, codecs });
  const row = results.find((r) => r.format === 'ws json-buffer');
  assert.ok(row?.passes && row.minMax);
  const expected = periods.map((p) => p.counters['pvj.ws.json-buffer.acked'] / (((p.lastMetricAt ?? 0) - (p.firstMetricAt ?? 0)) / 1000));
  assert.deepEqual(row.passes.map((p) => p.msgsPerSec), expected);
  assert.deepEqual(row.minMax.msgsPerSec, [Math.min(...expected), Math.max(...expected)]);
  // 100 msgs/s offered: arrivals are picked at random by weight, so each period is near it, not on it
  for (const v of expected) assert.ok(v > 50 && v < 150, `${v} msgs/s`);
});

test('results.json from a report fits its schema, with the transport comparison and its named verdicts', () => {
  const environment = { date: '2026-11-26', node: '24.21.0', v8: '13', os: 'Linux', cpu: 'cpu', cores: 2, memoryGiB: 8, libraries: {}, commit: null };
  const { settings: script } = buildScript({ identity: { id: 'test3', hash: 'x' }, payload: '', scenarios: [{ transport: 'ws', format: 'json-buffer' }],
    targets: { ws: 'ws://h:1' }, direction: 'up', rate: 100, duration: 41, warmup: 2, messagesPerUser: 10, window: 1, timeoutMs: 5000, command: '' }).config.pvj;
  const results = artilleryResults(report, { file: 'report.json', command: 'node report.js --artillery report.json', transports, codecs, payload: null, script, environment });
  assert.deepEqual(validateResults(results), []);
  assert.deepEqual(numbersWithoutUnit(results), [], 'every number of it has its unit in UNITS');
  const [run] = results.transports;
  assert.deepEqual(run.named.map((v) => v.label), ['JSON over WebSocket vs protobuf over WebSocket']);
  assert.equal(run.named[0].verdict?.rounds, 3);
  // the payload's warnings, which its script carries, are in the Artillery report too
  const payload = { id: 'spans', title: 'spans.json', dataFile: 'spans.json', schema: 'span.proto', type: 'Span', jsonBytes: 10, warnings: ['$.traceId: looks like hex <x>'] };
  const warned = artilleryResults(report, { file: 'report.json', command: 'node report.js --artillery report.json', transports, codecs, payload, script, environment });
  assert.deepEqual(validateResults(warned), []);
  const typed = /** @type {import('../../../lib/results/index.js').Results} */ (/** @type {unknown} */ (warned));
  assert.match(renderMarkdown(typed), /## Artillery: JSON vs protobuf by transport \(spans\)\n\nWarning: \$\.traceId: looks like hex &lt;x>\n/);
  assert.match(renderHtml(typed), /<\/h2><p class="warning">Warning: \$\.traceId: looks like hex &lt;x&gt;<\/p>/);
});

/** @typedef {{ acked: number, lost?: number, p50?: number, p99?: number }} Figures */

/**
 * A report of one period per entry of `periods`, each with these scenarios' counters and latency (format → acked,
 * lost, p50, p99); the last period is the drain (users finishing after the measured phase), which is not a round.
 * @param {Array<Record<string, Figures>>} periods
 */
function synthetic(periods) {
  const period = (/** @type {Record<string, Figures>} */ figures, /** @type {number} */ i) => {
    /** @type {Record<string, number>} */
    const counters = {};
    /** @type {Record<string, Record<string, number>>} */
    const summaries = {};
    for (const [format, { acked, lost = 0, p50 = 1, p99 = 3 }] of Object.entries(figures)) {
      const p = `pvj.ws.${format}.`;
      Object.assign(counters, { [`${p}messages`]: acked + lost, [`${p}sent`]: acked + lost, [`${p}acked`]: acked, [`${p}lost`]: lost, [`${p}errors`]: 0,
        [`${p}verified_exact`]: 1, [`${p}bytes_up`]: 100 * acked, [`${p}bytes_down`]: 5 * acked, [`${p}payload_bytes`]: 90 * acked });
      summaries[`${p}latency_ms`] = { min: 0.1, max: p99, mean: p50, p50, median: p50, p90: p99, p95: p99, p99, p999: p99, count: acked };
    }
    return { period: i * 10000, firstMetricAt: i * 10000, lastMetricAt: i * 10000 + 10000, counters, summaries };
  };
  const intermediate = periods.map(period);
  /** @type {Record<string, number>} */
  const counters = {};
  for (const p of intermediate) for (const [k, v] of Object.entries(p.counters)) counters[k] = (counters[k] ?? 0) + v;
  return { aggregate: { ...intermediate[0], counters }, intermediate };
}

const DRAIN = { json: { acked: 3 }, 'protobufjs-static': { acked: 2 } };

test('a winner only when every period of one beat every period of the other', () => {
  const agree = synthetic([{ json: { acked: 900 }, 'protobufjs-static': { acked: 1000 } }, { json: { acked: 910 }, 'protobufjs-static': { acked: 1005 } },
    { json: { acked: 905 }, 'protobufjs-static': { acked: 990 } }, DRAIN]);
  const named = (/** @type {ReturnType<typeof synthetic>} */ r) => artilleryRows(r, { transports: [ws], codecs }).verdicts[0];
  assert.equal(named(agree).winner, 'ws protobufjs-static');
  const disagree = synthetic([{ json: { acked: 900 }, 'protobufjs-static': { acked: 1000 } }, { json: { acked: 1010 }, 'protobufjs-static': { acked: 1005 } },
    { json: { acked: 905 }, 'protobufjs-static': { acked: 990 } }, DRAIN]);
  assert.equal(named(disagree).winner, null);
});

test('a message whose answer never came is lost in the row, and the row says so', () => {
  const r = synthetic([{ json: { acked: 90, lost: 10 } }, { json: { acked: 100 } }, { json: { acked: 0 } }]);
  const { results } = artilleryRows(r, { transports: [ws], codecs });
  assert.equal(results[0].lost, 10);
  assert.equal(results[0].acked, 190);
  assert.equal(results[0].ended, '10 of 200 messages lost (no answer)');
});

test('a server down the whole run: rows with every message lost, not an empty table', () => {
  const r = synthetic([{ json: { acked: 0, lost: 50 } }]);
  const { results } = artilleryRows(r, { transports: [ws], codecs });
  assert.equal(results.length, 1);
  assert.deepEqual([results[0].messages, results[0].acked, results[0].lost], [50, 0, 50]);
});

test('a file that is not an Artillery report, or one without the engine\'s metrics, is refused in one line', () => {
  const refused = (/** @type {unknown} */ value, /** @type {RegExp} */ why) => assert.throws(() => checkArtilleryReport(value, 'x.json'),
    (err) => err instanceof UserError && why.test(err.message) && !err.message.includes('\n'));
  refused({ format: 'protobuf-vs-json-bench/results@1' }, /^--artillery x\.json: not an Artillery JSON report/);
  refused(null, /not an Artillery JSON report/);
  refused({ aggregate: { counters: {}, summaries: {} }, intermediate: [{}] }, /not an Artillery JSON report/);
  refused({ aggregate: { counters: { 'http.requests': 5 }, summaries: {} }, intermediate: [] }, /without the pvj engine's metrics/);
  assert.deepEqual(scenariosOf(report.aggregate).length, 3);
});

test('a run too short for whole periods (a scenario without answers in a round): one round over every measured period', () => {
  const r = synthetic([{ json: { acked: 50 }, 'protobufjs-static': { acked: 0 } }, { json: { acked: 10 }, 'protobufjs-static': { acked: 40 } }]);
  const { results, rounds, merged } = artilleryRows(r, { transports: [ws], codecs });
  assert.deepEqual([rounds, merged], [1, true]);
  // both periods' 20 seconds
  assert.deepEqual(results.map((x) => [x.codec, x.msgsPerSec]), [['json', 3], ['protobufjs-static', 2]]);
  const whole = synthetic([{ json: { acked: 50 }, 'protobufjs-static': { acked: 30 } }, { json: { acked: 10 }, 'protobufjs-static': { acked: 40 } }]);
  assert.deepEqual(artilleryRows(whole, { transports: [ws], codecs }).merged, false);
});

test('latency: a side is named on a percentile only when it was lower in every period (paired, period by period)', () => {
  const periods = [
    { json: { acked: 900, p50: 2.0, p99: 9 }, 'protobufjs-static': { acked: 900, p50: 1.5, p99: 8 } },
    { json: { acked: 900, p50: 2.2, p99: 7 }, 'protobufjs-static': { acked: 900, p50: 1.6, p99: 8 } },
    { json: { acked: 900, p50: 1.9, p99: 9 }, 'protobufjs-static': { acked: 900, p50: 1.8, p99: 9.5 } },
    DRAIN,
  ];
  const pair = { transport: 'ws', format: '', label: '' };
  const named = [{ label: 'JSON vs protobuf', kind: /** @type {const} */ ('format'), json: { ...pair, format: 'json' }, protobuf: { ...pair, format: 'protobufjs-static' },
    verdict: null, winner: null, msgsPerSecRatio: 1, bytesRatio: 0.5, missing: null }];
  const { results } = artilleryRows(synthetic(periods), { transports: [ws], codecs });
  const verdicts = latencyVerdicts(named, results);
  assert.deepEqual(verdicts.map((v) => [v.percentile, v.winner, v.rounds]), [['p50', 'protobuf', 3], ['p99', null, 3]]);
  assert.equal(verdicts[0].latencyRatio, median([1.5 / 2, 1.6 / 2.2, 1.8 / 1.9]));
  // two periods: no verdict, whatever they say
  const short = artilleryRows(synthetic([periods[0], periods[1], DRAIN]), { transports: [ws], codecs });
  assert.deepEqual(latencyVerdicts(named, short.results).map((v) => v.winner), [null, null]);
});
