import { test } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { selectCodecs } from '../../lib/codecs/index.js';
import { describePayload, resolvePayloads } from '../../lib/payload/index.js';
import { renderMarkdown } from '../../lib/report/markdown.js';
import { renderHtml } from '../../lib/report/html.js';
import { chartSpecs } from '../../lib/report/charts.js';
import { numbersWithoutUnit } from '../../lib/results/index.js';
import { assertChartConfig, assertValidResults } from '../helpers/suite-results.js';
import { MODES, runSuite } from '../../lib/suite.js';
import { progressReporter } from '../../lib/cli/progress.js';
import { describeCodec, prepareCodecs } from '../../lib/verify.js';
import { resolveProfile } from '../../lib/transmission/shaping/profiles.js';

/** @typedef {import('../../lib/suite.js').MeasureTransmission} MeasureTransmission what runSuite asks of its measureTransmission */
/** @typedef {import('../../lib/suite.js').MeasureTransportMatrix} MeasureTransportMatrix */

// Several link profiles need shaping (root, namespaces), so this test feeds the
// suite a recording stand-in for measureTransmission: what is checked here is
// that the suite asks for every payload × profile and that the results shape,
// tables and charts hold them all. The real module runs in report.test.js.
test('several link profiles: one transmission entry, table and chart bar group per profile', async () => {
  /** @type {{ payload: string, formats: string[], messages: number, profile: string, rounds: number }[]} */
  const calls = [];
  /** @type {MeasureTransmission} */
  const fakeTransmission = async ({ payload, codecs, messages, profile, rounds }) => {
    calls.push({ payload: payload.id, formats: codecs.map((c) => c.name), messages, profile, rounds });
    /** @type {Record<string, number>} */
    const latencies = { none: 1, '4g': 40, '3g': 150 };
    const slow = latencies[profile];
    return {
      payload: describePayload(payload),
      settings: { messages, window: 1, connections: 1, profile, shaper: profile === 'none' ? 'none' : 'emulator', link: resolveProfile(profile), raw: false },
      results: prepareCodecs(codecs, payload).map((p) => ({
        ...describeCodec(p), messages, acked: messages, lost: 0, duplicated: 0, errors: 0, seconds: 1, msgsPerSec: messages,
        payloadMBps: 0.01, wireBytes: { payload: 100, frames: 120 },
        latencyMs: { p50: slow, p90: slow * 1.2, p99: slow * 2, p999: slow * 3, max: slow * 4, mean: slow * 1.1 },
      })),
      verdicts: [],
    };
  };
  const payloads = resolvePayloads({ numbers: ['5', '1'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  /** @type {string[]} */
  const lines = [];
  const results = await runSuite({
    mode: 'quick', payloads, codecs, transmissionCodecs: codecs, profiles: ['none', '4g', '3g'],
    overrides: { maxTime: 0.01, minTime: 0.002, messages: 25 },
    onProgress: progressReporter({ isTTY: false, write: (s) => lines.push(s) }),
    measureTransmission: fakeTransmission,
    memory: false, // as --no-memory
  });
  assert.deepEqual(calls.map((c) => c.rounds), Array(6).fill(3), 'quick mode runs 3 alternated rounds');
  assert.deepEqual(calls.map((c) => `${c.payload} ${c.profile} ${c.messages}`),
    ['test5 none 25', 'test5 4g 25', 'test5 3g 25', 'test1 none 25', 'test1 4g 25', 'test1 3g 25']);
  assertValidResults(results);
  assert.deepEqual(numbersWithoutUnit(results), []);
  assert.deepEqual(results.settings.transmission.profiles, ['none', '4g', '3g']);
  assert.equal(results.transmission.length, 6);
  // without the memory pass, every speed row says so with null, and so do the settings
  assert.equal(results.settings.memory, null);
  assert.ok(results.payloads.every((e) => e.speed.length && e.speed.every((r) => r.memory === null)));
  assert.match(renderMarkdown(results), /memory: not measured \(--no-memory\)/);

  const md = renderMarkdown(results);
  // every profile's heading names the shaper and the link it emulated
  assert.match(md, /^### Profile none: loopback, no shaping$/m);
  assert.match(md, /^### Profile 4g: built-in link emulator, 4g: RTT 85 ms, down 9000 kbit\/s, up 9000 kbit\/s$/m);
  assert.match(md, /^### Profile 3g: built-in link emulator, 3g: RTT \d+ ms/m);
  const latency = chartSpecs(results).find((s) => s.id === 'latency-test5');
  assert.ok(latency, 'a latency chart for test5');
  assertChartConfig(latency.config);
  const { labels } = latency.config.data;
  assert.ok(labels, 'the latency chart has labels');
  assert.equal(labels.length, 2 * 3);
  assert.ok(labels.some((l) => l.includes('profile 3g')));
  assert.match(latency.caption, /Profile 3g: built-in link emulator, 3g: RTT/);

  assert.match(lines.at(-1) ?? '', /^\[(\d+)\/\1\] /, 'progress reaches its total');
  assert.ok(lines.some((l) => /test1 WebSocket, profile 3g/.test(l)));

  // sizes over each payload's corpus, with the mode's sample, in results, report.md and report.html
  for (const e of results.payloads) {
    assert.equal(e.corpusSizes.corpus.messages, 1000);
    assert.equal(e.corpusSizes.corpus.sample.messages, 30);
    assert.ok(e.corpusSizes.codecs.every((c) => c.status === 'exact' && c.perMessage.total > 0 && c.compressed.deflateDictionary.mean > 0));
  }
  assert.match(md, /^### Size over the corpus$/m);
  assert.match(md, /^test5: over the [\d,]+ messages outside the training slice, JSON with a [\d,]+-byte deflate dictionary takes [\d.,]+ B per message/m);
  const html = renderHtml(results);
  assert.match(html, /<h3>Size over the corpus of 1,000 messages<\/h3><p class="answer">test1: over the [\d,]+ messages outside the training slice, JSON with a /);
});

test('the slow link: one pipelined pass over the mobile profile for test3, recorded with its window and messages', async () => {
  /** @type {{ payload: string, profile: string, window: number, messages: number, rounds: number, rawPasses: boolean }[]} */
  const calls = [];
  /** @type {MeasureTransmission} */
  const fakeTransmission = async ({ payload, codecs, messages, profile, window = 1, rounds, rawPasses = false }) => {
    calls.push({ payload: payload.id, profile, window, messages, rounds, rawPasses });
    return {
      payload: describePayload(payload),
      settings: { messages, window, connections: 1, profile, shaper: profile === 'none' ? 'none' : 'emulator', link: resolveProfile(profile), raw: false, rounds },
      results: prepareCodecs(codecs, payload).map((p) => ({
        ...describeCodec(p), messages, acked: messages, lost: 0, duplicated: 0, errors: 0, seconds: 1, msgsPerSec: messages,
        payloadMBps: 0.01, wireBytes: { payload: 100, frames: 120 }, latencyMs: { p50: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 },
      })),
      verdicts: [],
    };
  };
  const payloads = resolvePayloads({ numbers: ['5', '3'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  const results = await runSuite({
    mode: 'quick', payloads, codecs, transmissionCodecs: codecs, slowLink: { profile: '3g', window: 32 },
    overrides: { maxTime: 0.01, minTime: 0.002, messages: 25, slowLinkMessages: 12 },
    onProgress: () => {}, measureTransmission: fakeTransmission,
  });
  // raw passes (the decode share) beside the slow-link payload's loopback passes only, in the quick and default modes
  assert.deepEqual(calls.map((c) => `${c.payload} ${c.profile} w${c.window} ${c.messages} r${c.rounds}${c.rawPasses ? ' raw' : ''}`),
    ['test5 none w1 25 r3', 'test3 none w1 25 r3 raw', 'test3 3g w32 12 r3']);
  assertValidResults(results);
  assert.deepEqual(results.settings.transmission.rawPasses, ['test3']);
  assert.match(renderMarkdown(results), /profiles none, raw passes \(the decode share\) on test3;/);
  assert.deepEqual(results.settings.transmission.slowLink, { profile: '3g', window: 32, payload: 'test3', messages: 12, rounds: 3 });
  assert.deepEqual(numbersWithoutUnit(results), []);
  assert.match(renderMarkdown(results), /^### Profile 3g: built-in link emulator, 3g: RTT 150 ms, down 1600 kbit\/s, up 768 kbit\/s, window 32 \(pipelined\)$/m);
});

test('the transport comparison: every transport with its own pair, on loopback and the slow link, named verdicts in results, report.md and a chart', async () => {
  /** @type {{ names: string[], formats: Record<string, string[]>, payload: string, messages: number, profile: string, window: number, rounds: number }[]} */
  const calls = [];
  const transports = ['ws', 'http1', 'grpc'];
  const codecsFor = {
    ws: await selectCodecs('json-buffer,protobufjs-static'), http1: await selectCodecs('json-buffer,protobufjs-static'), grpc: await selectCodecs('protobufjs-static'),
  };
  /** @type {Map<string, unknown>[]} the servers map each call was given */
  const serverMaps = [];
  let stopped = 0;
  /** @type {MeasureTransportMatrix} what runSuite asks of its measureTransportMatrix: the codecs of each transport by name */
  const fakeMatrix = async ({ transports: names, codecs, payload, messages, profile, window, rounds, servers }) => {
    calls.push({ names, formats: Object.fromEntries(names.map((t) => [t, codecs[t].map((c) => c.name)])), payload: payload.id, messages, profile, window, rounds });
    serverMaps.push(servers);
    // the first link starts the servers (a stand-in for each), the next finds them running
    for (const t of names) {
      if (!servers.has(t)) servers.set(t, /** @type {any} */ ({ stop: async () => { stopped += 1; } }));
    }
    const results = names.flatMap((t) => prepareCodecs(codecs[t], payload).map((p) => {
      const json = p.codec.name === 'json-buffer';
      const rate = (t === 'grpc' ? 900 : t === 'http1' ? 400 : 1000) * (json ? 1 : 1.5);
      return {
        ...describeCodec(p), format: `${t} ${p.codec.name}`, codec: p.codec.name, transport: t, messages, acked: messages, lost: 0, duplicated: 0, errors: 0,
        seconds: messages / rate, msgsPerSec: rate, payloadMBps: 0.01, wireBytes: { payload: messages * (json ? 800 : 380), frames: 0, up: messages * (json ? 950 : 430), down: messages * 20 },
        latencyMs: { p50: 1, p90: 1, p99: 2, p999: 2, max: 3, mean: 1 }, minMax: { seconds: [1, 1], msgsPerSec: [rate * 0.9, rate * 1.1], serverCpuUs: null, clientCpuUs: null, latencyMs: { p50: [1, 1], p99: [2, 2] } },
      };
    }));
    /** @type {(t: string, format: string, label: string) => import('../../lib/transmission/pairs.js').PairSide} */
    const side = (t, format, label) => ({ transport: t, format, label });
    /** @type {import('../../lib/transmission/pairs.js').NamedVerdict[]} */
    const named = [
      { label: 'REST JSON over HTTP/1.1 vs gRPC protobuf', kind: 'cross', json: side('http1', 'json-buffer', 'REST JSON over HTTP/1.1'), protobuf: side('grpc', 'protobufjs-static', 'gRPC protobuf'),
        verdict: { formats: ['http1 json-buffer', 'grpc protobufjs-static'], winner: 'grpc protobufjs-static', ratio: 3.4, rounds }, winner: 'protobuf', msgsPerSecRatio: 3.375, bytesRatio: 0.46, missing: null },
    ];
    return { payload: describePayload(payload), settings: { profile, window, connections: profile === "none" ? 1 : 6, rounds, messages, shaper: profile === 'none' ? 'none' : 'emulator', link: resolveProfile(profile) }, results, named, verdicts: [], skipped: [] };
  };
  const payloads = resolvePayloads({ numbers: ['5', '3'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  const results = await runSuite({
    mode: 'default', payloads, codecs, transmissionCodecs: [], slowLink: { profile: '3g', window: 32 },
    transportComparison: { transports, codecsFor, skipped: [] },
    overrides: { rounds: 1, maxTime: 0.01, minTime: 0.002, corpusSample: 10 }, memory: false,
    onProgress: () => {}, measureTransportMatrix: fakeMatrix,
  });
  // test3 (the slow-link payload), each transport with its own codecs, the mode's messages and rounds, both links
  assert.deepEqual(calls.map((c) => `${c.payload} ${c.profile} w${c.window} ${c.messages} r${c.rounds}`), ['test3 none w1 200 r3', 'test3 3g w8 32 r3']);
  assert.deepEqual(calls[0].formats, { ws: ['protobufjs-static', 'json-buffer'], http1: ['protobufjs-static', 'json-buffer'], grpc: ['protobufjs-static'] });
  // both links share one server per transport, stopped once by runSuite after the last link
  assert.equal(serverMaps[0], serverMaps[1]);
  assert.equal(stopped, transports.length);
  assertValidResults(results);
  assert.deepEqual(results.settings.transports, {
    payload: 'test3', transports, rounds: 3, links: [{ profile: 'none', window: 1, connections: 1, messages: 200 }, { profile: '3g', window: 8, connections: 6, messages: 32 }],
  });
  assert.deepEqual(numbersWithoutUnit(results), []);
  assert.deepEqual(results.transports.map((t) => t.profile), ['none', '3g']);
  assert.deepEqual([results.capacity, results.settings.capacity], [null, null], 'no capacity plan (--capacity none): no pass, said so');

  const md = renderMarkdown(results);
  assert.match(md, /^## JSON vs protobuf by transport \(test3\)$/m);
  // the intro names the transports this run compared, and no other
  assert.match(md, /^Each transport with the JSON and protobuf codecs it is deployed with: json-buffer and protobufjs-static over WebSocket and HTTP\/1\.1 \(REST: POST, answered 204\); gRPC with protobuf only\.$/m);
  assert.match(md, /^- REST JSON over HTTP\/1\.1 vs gRPC protobuf: gRPC protobuf 3\.38× the msgs\/s, 0\.46× the wire bytes per message; gRPC protobuf wins, every round faster over 3 rounds, as two equal formats do 1 time in 10$/m);
  // wire bytes per message both ways from the sockets' counts: (950 + 20) for http1's JSON
  assert.match(md, /^\| http1 +\| json-buffer +\| +400 \| +360–440 \| +800 \| +970 \|/m);
  assert.match(md, /^### Link 3g: built-in link emulator, 3g: RTT 150 ms/m);
  const chart = chartSpecs(results).find((s) => s.id === 'transports-none');
  assert.ok(chart, 'a transports chart for loopback');
  assertChartConfig(chart.config);
  assert.deepEqual(chart.config.data.labels, transports);
  // JSON and protobuf sides from the declared named pair: http1's JSON bar, grpc's protobuf bar, grpc has no JSON bar
  const [jsonBars, protobufBars] = chart.config.data.datasets;
  assert.deepEqual([jsonBars.label, protobufBars.label], ['JSON', 'protobuf']);
  assert.deepEqual(jsonBars.data, [null, 400, null]);
  assert.deepEqual(protobufBars.data, [null, null, 1350]);
  assert.match(renderHtml(results), /<section id="transports"><h2>JSON vs protobuf by transport \(test3\)<\/h2>/);
});

test('the capacity pass: http1 JSON and grpc protobuf on the slow-link payload with the mode\'s search, its headline in the answer, report.md and report.html', async () => {
  const { capacityRow, combineSearches } = await import('../../lib/transmission/capacity.js');
  /** @type {Parameters<import('../../lib/suite.js').MeasureCapacity>[0][]} */
  const calls = [];
  /** @type {import('../../lib/suite.js').MeasureCapacity} a stand-in with measureCapacity's answer: one server-bound row per transport */
  const fakeCapacity = async (options) => {
    calls.push(options);
    return options.transports.map((transport) => {
      const format = options.codecsFor[transport][0].name;
      const [capacity, share] = transport === 'http1' ? [21000, 0.081] : [17500, 0.123];
      const probe = (/** @type {number} */ rate, /** @type {boolean} */ ok) => ({ rate, ok, complete: true, msgsPerSec: rate, p50: 1, p99: ok ? 3 : 30, serverCpuShare: ok ? 0.8 : 0.97, serverElu: ok ? 0.8 : 0.97, clientCpuShare: 0.3, clientElu: null });
      const row = combineSearches([capacityRow({ transport, format, fromRate: 1000, targetP99Ms: 10, probes: [probe(capacity, true), probe(capacity * 2, false)], good: capacity, bad: capacity * 2, serverCores: 1, clientCores: 1 })]);
      return {
        transport, serverWorkers: 1, serverProcesses: 1, placement: { pinned: true, server: '0', client: '1', available: '0-1', note: null }, serverCores: 1, clientCores: 1, clientWorkers: 1,
        halfRate: 1000, loadGenerator: 'h2load 1.52.0', warmup: [{ format, requests: 5000, answered: 5000, seconds: 0.5 }], calibration: null, pair: null,
        rows: [{ ...row, sustained: { seconds: 1, rate: capacity, share: 1, tries: [{ ...probe(capacity, true), bound: null }] }, atHalf: { rate: 1000, complete: true, p50: 1, p99: 2, serverCpuUs: share * 1000, serverCpuMinMax: [share * 900, share * 1100], serverCpuInterval: { low: share * 950, high: share * 1050, level: 0.95 }, serverCpuMet: true, idleCpuUsPerSec: 900, serverCpuShare: share, serverCpuUnmeasured: 0, serverCpuLowest: null, serverUserUs: null, serverSystemUs: null, clientCpuUs: null, clientUserUs: null, clientSystemUs: null } }],
      };
    });
  };
  const { planCapacity, MODES } = await import('../../lib/suite.js');
  const plan = await planCapacity('toolkit');
  assert.deepEqual(plan.loadGenerator, { name: 'toolkit' }, 'toolkit: the toolkit\'s clients, h2load or not');
  const payloads = resolvePayloads({ numbers: ['5', '3'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  const results = await runSuite({
    mode: 'default', payloads, codecs, transmissionCodecs: [], overrides: { rounds: 1, maxTime: 0.01, minTime: 0.002, corpusSample: 10 }, memory: false,
    capacity: { ...plan, loadGenerator: { name: 'h2load', version: '1.52.0' } }, measureCapacity: fakeCapacity, onProgress: () => {},
  });
  assert.equal(calls.length, 1);
  const [call] = calls;
  assert.equal(call.payload.id, 'test3');
  assert.deepEqual(call.transports, ['http1', 'grpc']);
  assert.deepEqual(Object.fromEntries(Object.entries(call.codecsFor).map(([t, cs]) => [t, cs.map((c) => c.name)])), { http1: ['json-buffer'], grpc: ['protobufjs-static'] });
  const c = MODES.default.capacity;
  assert.deepEqual([call.search, call.atHalf, call.link, call.targetP99Ms, call.loadGenerator], [
    { fromRate: c.fromRate, seconds: c.probeSeconds, steps: c.steps, searches: c.searches, sustainSeconds: c.sustainSeconds }, { rounds: c.rounds, seconds: c.rateSeconds, rate: c.cpuRate }, { connections: 4, window: 8 }, 10, { name: 'h2load', version: '1.52.0' },
  ]);
  assertValidResults(results);
  assert.deepEqual(numbersWithoutUnit(results), []);
  assert.deepEqual(results.settings.capacity, { payload: 'test3', transports: ['http1', 'grpc'], targetP99Ms: 10, direction: 'up', ...c, connections: 4, window: 8, loadGenerator: 'h2load 1.52.0' });
  assert.equal(results.capacity?.payload, 'test3');

  const md = renderMarkdown(results);
  // the default mode holds each capacity for a second after its search
  assert.equal(c.sustainSeconds, 1);
  const headline = 'one server core takes 21,000 (held for 1 s) REST/JSON messages/s (http1, json-buffer) or 17,500 (held for 1 s) gRPC/protobuf messages/s (grpc, protobufjs-static) at p99 under 10 ms '
    + '(h2load\'s, from each actual send); at 1,000 msgs/s the server\'s CPU is 8.1% (7.7–8.5) vs 12.3% (11.7–12.9) of its core.';
  // in test3's answer paragraph only, with what a reader must know to weigh it
  const answer = md.slice(md.indexOf('## The answer'), md.indexOf('The detail follows.'));
  const paragraphs = answer.split('\n').filter((l) => l.startsWith('Size:'));
  assert.equal(paragraphs.length, 2);
  assert.ok(!paragraphs[0].includes('Capacity'), 'not in test5\'s');
  assert.ok(paragraphs[1].includes(`Capacity (sent by h2load 1.52.0): ${headline} Each capacity is one short search, without an interval`), paragraphs[1]);
  assert.match(md, /^## Capacity per server core \(test3\)$/m);
  assert.ok(md.includes(`Headline: ${headline}`));
  assert.match(md, /^\| http1 +\| json-buffer +\| +21,000 \| +21,000 \| server +\| +30% +\| +held 1 s +\| 1,000 \|/m);
  assert.match(md, /^sustained: each capacity offered for 1 s in one pass .* 2 of 2 held at their capacity\.$/m);
  assert.match(md, /^http1 and grpc on test3, sent by h2load 1\.52\.0, 4 connections × window 8: .* rates doubling from 1,000 msgs\/s in 0\.2 s probes, 4 bisections, one search \(no spread\); the capacity then offered for 1 s in one pass \(lower shares of it while that failed\); then both at 1,000 msgs\/s, 3 rounds of two 0\.25 s passes/m);
  assert.match(md, /capacity: http1 and grpc on test3 \(below\)/);
  const html = renderHtml(results);
  assert.match(html, /<section id="capacity"><h2>Capacity per server core \(test3\)<\/h2>/);
  assert.match(html, /<p>sustained: each capacity offered for 1 s in one pass .* 2 of 2 held at their capacity\.<\/p>/);
  // who sent the load and how, with the warm-up each fresh server had (as the terminal and report.md say it)
  assert.match(html, /<p>Load generator: h2load 1\.52\.0 \(http1, grpc\); h2load sends the corpus&#39;s first message every time, .*; each fresh server first took 5,000 requests of each format from h2load, as fast as it answered them, unmeasured \(its JIT warmed up\)<\/p>/);
  assert.ok(html.includes(`Headline: ${headline.replace(/'/g, '&#39;')}`) || html.includes(`Headline: ${headline}`));
  // without h2load (auto found none): the settings keep why, which the reports print
  const why = 'h2load is not on the PATH';
  const without = await runSuite({
    mode: 'default', payloads: [payloads[1]], codecs, transmissionCodecs: [], overrides: { rounds: 1, maxTime: 0.01, minTime: 0.002, corpusSample: 10 }, memory: false,
    capacity: { ...plan, loadGenerator: { name: 'toolkit', why } }, measureCapacity: fakeCapacity, onProgress: () => {},
  });
  assertValidResults(without);
  assert.deepEqual([without.settings.capacity?.loadGenerator, without.settings.capacity?.loadGeneratorWhy], ['toolkit', why]);
  assert.equal(results.settings.capacity && 'loadGeneratorWhy' in results.settings.capacity, false, 'h2load: no why');
});

test('the capacity pass on a schema buf refuses: gRPC is not measured, with buf\'s lines, http1 is measured alone, and the answer and reports say so', async () => {
  // a proto3 enum whose first value is not zero: protobuf.js takes it, buf (which builds the gRPC service) does not.
  // npm start on it used to start a gRPC server with no format at all, which refused, and lose the whole run
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvj-capacity-refused-'));
  try {
    fs.writeFileSync(path.join(dir, 'first.proto'), 'syntax = "proto3";\nenum K { ONE = 1; ZERO = 0; }\nmessage M { int32 x = 1; K k = 2; }\n');
    fs.writeFileSync(path.join(dir, 'first.ndjson'), '{"x":1,"k":"ONE"}\n{"x":2,"k":"ZERO"}\n');
    const payloads = resolvePayloads({ data: path.join(dir, 'first.ndjson'), proto: path.join(dir, 'first.proto') });
    const { planCapacity } = await import('../../lib/suite.js');
    const plan = await planCapacity('toolkit');
    /** @type {Parameters<import('../../lib/suite.js').MeasureCapacity>[0][]} */
    const calls = [];
    /** @type {import('../../lib/suite.js').MeasureCapacity} a stand-in: what it was asked is what matters, and it answers with no transport */
    const fakeCapacity = async (options) => { calls.push(options); return []; };
    const codecs = await selectCodecs('json-buffer,protobufjs-static');
    const results = await runSuite({
      mode: 'default', payloads, codecs, transmissionCodecs: [], overrides: { rounds: 1, maxTime: 0.01, minTime: 0.002, corpusSample: 10 }, memory: false,
      capacity: plan, measureCapacity: fakeCapacity, onProgress: () => {},
    });
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0].transports, ['http1'], 'grpc is left out before anything starts');
    assert.deepEqual(Object.keys(calls[0].codecsFor), ['http1']);
    assertValidResults(results);
    const skipped = results.capacity?.skipped ?? [];
    assert.deepEqual(skipped.map((x) => [x.transport, x.format]), [['grpc', 'protobufjs-static']]);
    assert.match(skipped[0].reason, /^grpc's service is generated from the schema with buf, which rejects the schema \(protobuf\.js is more lenient\): first\.proto:2:\d+:first value of open enum must be zero$/);
    const md = renderMarkdown(results);
    assert.ok(md.includes(`grpc protobufjs-static: not measured, ${skipped[0].reason}`), 'report.md says which side and why');
    assert.ok(md.includes(`Capacity: not measured for grpc protobufjs-static (${skipped[0].reason}).`), 'and so does the answer');
    assert.match(renderHtml(results), /<section id="capacity"><h2>Capacity per server core \(first\)<\/h2><p>[^<]*<\/p><p class="warning">grpc protobufjs-static: not measured, grpc&#39;s service/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the memory pass is asked for what the mode says: the default run\'s bytes per call only, over the timed operations; --full both passes; the one-message loop is --full\'s, not the default\'s', async () => {
  const payloads = resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('json-buffer');
  /** @type {Record<string, unknown>[]} */
  const asked = [];
  /** @type {typeof import('../../lib/measure/operation-memory.js').measureOperationMemory} */
  const fakeMemory = async (ps, cs, options = {}) => {
    asked.push(options);
    return ps.map(() => cs.flatMap((c) => ['encode', 'decode'].map((op) => ({ format: c.name, op, bytesPerOp: 1000, heapBytesPerOp: 1000, externalBytesPerOp: 0, gcMsPer1000Ops: null }))));
  };
  // the speed pass in this process, a few milliseconds a case: only what the memory pass is asked matters here
  const fast = { speedProcesses: 1, speedMaxProcesses: 1, maxTime: 0.01, minTime: 0.002, precision: { target: 0.5, sliceMs: 1, minPairs: 2, warmupMs: 1 } };
  /** @type {Record<string, any>} */
  const byMode = {};
  for (const mode of /** @type {const} */ (['default', 'full'])) {
    const results = await runSuite({ mode, payloads, codecs, transmissionCodecs: [], overrides: fast, measureMemory: /** @type {any} */ (fakeMemory) });
    assert.equal(results.payloads[0].speed.find((r) => r.op === 'encode')?.memory?.bytesPerOp, 1000, `${mode}: the figures are attached`);
    byMode[mode] = results;
  }
  // the default run times no one-message loop (its 0.2 s a case cannot state a bias), and its report says where one is timed
  assert.deepEqual(byMode.default.settings.speed.oneMessage, { ops: [], payloads: [] });
  assert.deepEqual(byMode.default.payloads[0].speed.filter((/** @type {{ oneMessage: unknown }} */ r) => r.oneMessage != null), [], 'the default run: no one-message figure');
  assert.match(renderMarkdown(byMode.default), /The one-message loop was not timed in this run \(benchmark_dss\.js times it on encode and decode, node benchmark\.js --full on every payload and operation/);
  assert.ok(byMode.full.payloads[0].speed.some((/** @type {{ op: string, oneMessage: unknown }} */ r) => r.op === 'encode' && r.oneMessage != null), '--full: the one-message loop timed');
  assert.deepEqual(asked[0].passes, ['allocation'], 'the default run: no GC pass');
  assert.equal(String(asked[0].filter), String(MODES.default.speedFilter), 'the default run: the operations it times');
  assert.equal(asked[1].passes, undefined, '--full: both passes (the module\'s default)');
  assert.equal(asked[1].filter, undefined, '--full: every operation');
});

/** The server.js processes this process has started and that still run, by pid (Linux's /proc). */
function serverChildren() {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server.js') ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

/** Waits (up to 20 s) until this process has a server.js child; its pids (none when none came). */
async function serverChildrenSoon() {
  for (let i = 0; i < 200; i++) {
    const pids = serverChildren();
    if (pids.length) return pids;
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
  return [];
}

/** The default run on payload 5 with one WebSocket pass of 50 messages and a stand-in memory pass. */
async function runWithMemoryStandIn(/** @type {typeof import('../../lib/measure/operation-memory.js').measureOperationMemory} */ measureMemory) {
  const payloads = resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  const fast = { speedProcesses: 1, speedMaxProcesses: 1, maxTime: 0.01, minTime: 0.002, precision: { target: 0.5, sliceMs: 1, minPairs: 2, warmupMs: 1 }, messages: 50, wsRounds: 1 };
  return runSuite({ mode: 'default', payloads, codecs, transmissionCodecs: codecs, overrides: fast, measureMemory });
}

test('the default run starts its transmission passes\' servers while the memory pass (bytes only) runs, each pass uses the one started for it, and none is left', { skip: !fs.existsSync('/proc/self/stat') && 'no /proc' }, async () => {
  /** @type {number[]} */
  let during = [];
  // the servers' starts run beside the stand-in memory pass
  const results = await runWithMemoryStandIn(async (ps) => { during = await serverChildrenSoon(); return ps.map(() => []); });
  assert.equal(during.length, 1, 'one server (payload 5\'s WebSocket pass) running during the memory pass');
  assert.equal(/** @type {{ serverPid?: number | null }} */ (results.transmission[0].settings).serverPid, during[0], 'the pass used it');
  assert.equal(results.transmission[0].results.every((r) => r.acked === 50), true);
  assert.deepEqual(serverChildren(), [], 'stopped after its pass');
});

test('a server started ahead that dies before its pass is not handed over: the pass starts its own and completes', { skip: (!fs.existsSync('/proc/self/stat') && 'no /proc') || (spawnSync('ss', ['-V']).status !== 0 && 'no ss (iproute2)') }, async () => {
  /** @type {number[]} */
  let killed = [];
  /** @type {typeof import('../../lib/measure/operation-memory.js').measureOperationMemory} */
  const fakeMemory = async (ps) => {
    killed = await serverChildrenSoon();
    // once it listens (started and handed to serversAhead: a start that fails is not handed over anyway)
    const listening = () => killed.every((pid) => spawnSync('ss', ['-ltnpH'], { encoding: 'utf8' }).stdout.includes(`pid=${pid},`));
    for (let i = 0; i < 200 && !listening(); i++) await new Promise((resolve) => { setTimeout(resolve, 50); });
    assert.ok(listening(), 'the server started ahead listens');
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    // until it is gone: reaped by its parent, this process (a zombie keeps its /proc entry, without a command line)
    for (let i = 0; i < 100 && killed.some((pid) => fs.existsSync(`/proc/${pid}`)); i++) await new Promise((resolve) => { setTimeout(resolve, 50); });
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    return ps.map(() => []);
  };
  const results = await runWithMemoryStandIn(fakeMemory);
  assert.equal(killed.length, 1, 'the server started ahead');
  const { serverPid } = /** @type {{ serverPid?: number | null }} */ (results.transmission[0].settings);
  assert.ok(serverPid && serverPid !== killed[0], `a server of its own (${serverPid}), not the dead one (${killed[0]})`);
  assert.equal(results.transmission[0].results.every((r) => r.acked === 50), true);
  assert.deepEqual(serverChildren(), [], 'stopped after its pass');
});
