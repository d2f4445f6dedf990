// test-runner: long (started first: see scripts/run-tests.js)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chartStates, chromiumMissing, openInChromium } from '../helpers/browser.js';
import { assertChartConfig } from '../helpers/suite-results.js';
import { chartSpecs } from '../../lib/report/charts.js';
import { numbersWithoutUnit, validateResults } from '../../lib/results/index.js';

// One real run of the whole suite, as `npm start` does it, in quick mode with
// tiny timings (the figures are not the point here, their shape is).
import { ROOT } from '../../lib/paths.js';

/** @typedef {import('../helpers/suite-results.js').SuiteResults} SuiteResults */
/** @typedef {import('../helpers/suite-results.js').TransmissionRow} TransmissionRow */

/** @type {string} */
let out;
/** @type {import('node:child_process').SpawnSyncReturns<string>} */
let run;
/** @type {string} */
let dir;
/** @type {SuiteResults & import('../../lib/results/index.js').Results} */
let results;

const benchmark = (/** @type {string[]} */ args) => spawnSync(process.execPath, ['benchmark.js', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '' } });

before(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-'));
  run = benchmark(['--quick', '--max-time', '0.05', '--warmup', '0.01', '--slice', '2', '--min-time', '0.005', '--messages', '40', '--batch', '1,10', '--out', out]);
  assert.equal(run.status, 0, run.stderr);
  const dirs = fs.readdirSync(out);
  assert.equal(dirs.length, 1, `one run folder, nothing else: ${dirs}`);
  dir = path.join(out, dirs[0]);
  results = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8'));
});

after(() => fs.rmSync(out, { recursive: true, force: true }));

test('the run folder is named by date and time and holds the three files', () => {
  assert.match(path.basename(dir), /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
  assert.deepEqual(fs.readdirSync(dir).sort(), ['report.html', 'report.md', 'results.json']);
  assert.match(run.stdout, /Written: .*\(results\.json, report\.md, report\.html\)/);
});

test('progress without a terminal: plain lines with step of total, elapsed and time left, ending at the total', () => {
  const lines = run.stderr.trim().split('\n');
  assert.ok(!run.stderr.includes('\r'), 'no carriage returns in a log');
  for (const line of lines) assert.match(line, /^\[\d+\/\d+\] (\d+s|\d+m\d\ds) elapsed, ~(\d+s|\d+m\d\ds|\?) left: \S/);
  const counts = /^\[(\d+)\/(\d+)\]/.exec(lines.at(-1) ?? '');
  assert.ok(counts, 'the last line has a step of total');
  const [, last, total] = counts;
  assert.equal(last, total);
  assert.ok(lines.some((l) => /WebSocket/.test(l)) && lines.some((l) => /batch ×10/.test(l)));
});

test('results.json validates against its documented shape, and every number has a unit', () => {
  assert.deepEqual(validateResults(results), []);
  assert.deepEqual(numbersWithoutUnit(results), []);
  const env = results.environment;
  for (const k of /** @type {const} */ (['cpu', 'cores', 'memoryGiB', 'os', 'node', 'v8', 'libraries'])) assert.ok(env[k], k);
  assert.ok('commit' in env);
  for (const c of results.codecs) assert.ok(c.library === 'node' || c.library in env.libraries, `${c.format}'s library version`);
  assert.equal(results.settings.mode, 'quick');
  assert.deepEqual(results.settings.payloads, ['test1', 'test2', 'test3', 'test4', 'test5']);
});

test('every codec has a round-trip status for every payload, and a size and a speed when measurable', () => {
  for (const entry of results.payloads) {
    assert.deepEqual(entry.sizes.map((c) => c.format), results.settings.formats);
    for (const c of entry.sizes) {
      if (c.bytes == null) continue;
      for (const op of results.settings.speed.operations) {
        const row = entry.speed.find((r) => r.format === c.format && r.op === op);
        // a conversion that is the identity is listed as not timed instead
        const identity = entry.notTimed.some((n) => n.format === c.format && n.op === op);
        assert.ok(Boolean(row) !== identity, `${entry.payload.id} ${c.format} ${op}: timed or n/a, exactly one`);
        if (row) assert.equal(row.status, c.status);
      }
    }
  }
});

test('the WebSocket pass ran for each payload with the chosen formats', () => {
  const { formats, profiles, rounds, slowLink } = results.settings.transmission;
  assert.equal(rounds, 3, 'quick mode: 3 alternated rounds');
  assert.deepEqual(slowLink, { profile: '3g', window: 32, payload: 'test3', messages: 30, rounds: 3 }, 'the default run has a slow link');
  assert.equal(results.transmission.length, 5 * profiles.length + 1);
  for (const t of results.transmission) {
    /** @type {boolean} */
    const slow = t.profile === slowLink.profile;
    // the slow link also runs each format with permessage-deflate
    assert.deepEqual(t.results.map((r) => r.format).sort(), [...formats, ...(slow ? formats.map((f) => `${f}+deflate`) : [])].sort());
    assert.equal(t.settings.window, slow ? 32 : 1);
    if (slow) assert.notEqual(t.settings.shaper, 'none', 'the slow link is shaped');
    for (const r of t.results) {
      assert.equal(r.messages, slow ? 30 * 3 : 40 * rounds, 'messages are counted over every round');
      assert.equal(r.passes.length, slow ? 3 : rounds);
    }
    assert.equal(t.verdicts.length, t.results.length * (t.results.length - 1) / 2);
    if (slow) {
      for (const f of formats) {
        const [plain, deflated] = [f, `${f}+deflate`].map((name) => t.results.find((r) => r.format === name));
        assert.ok(plain && deflated, `${f}: plain and deflated rows`);
        assert.equal(deflated.deflate, true);
        assert.ok(deflated.wireBytes.frames < plain.wireBytes.frames, `${f}: deflate sends fewer bytes`);
      }
    }
  }
});

test('the transport comparison: test3 over every transport with its own JSON and protobuf, loopback and the slow link, every message accounted for', () => {
  const { payload, transports, links } = results.settings.transports;
  assert.equal(payload, 'test3');
  // --quick's (and npm start's) transports: Connect over HTTP/2 is --full's, and WebSocket is the run's own WebSocket pass's
  assert.deepEqual(transports, ['http1', 'http2', 'connect', 'grpc']);
  assert.deepEqual(results.transports.map((t) => t.profile), links.map((l) => l.profile));
  assert.deepEqual(links.map((l) => l.profile), ['none', '3g']);
  for (const run of results.transports) {
    const link = links.find((l) => l.profile === run.profile);
    assert.ok(link, `${run.profile}: a link in the settings`);
    // every transport has a row, and only gRPC lacks a JSON one (it refuses JSON, so it is not in its pair)
    assert.deepEqual([...new Set(run.results.map((r) => r.transport))], transports);
    assert.equal(run.results.length, 2 * transports.length - 1);
    for (const r of run.results) {
      assert.equal(r.status, 'exact', r.format);
      assert.deepEqual([r.acked, r.lost, r.errors], [link.messages, 0, 0], `${run.profile} ${r.format}`);
      assert.ok(r.wireBytes.up > r.wireBytes.payload, `${r.format}: the sockets carried headers or frames beyond the payload`);
    }
    const labels = run.named.map((v) => v.label);
    assert.ok(labels.includes('REST JSON over HTTP/1.1 vs gRPC protobuf'), labels.join('; '));
    assert.ok(labels.includes('Connect JSON vs Connect binary'), labels.join('; '));
    for (const v of run.named) assert.ok(v.bytesRatio !== null && v.bytesRatio > 0 && v.bytesRatio < 1, `${v.label}: protobuf's wire bytes ${v.bytesRatio}× JSON's`);
  }
  assert.equal(results.transports.find((t) => t.profile === '3g')?.settings.connections, 6);
  for (const lib of ['undici', '@connectrpc/connect-node', '@grpc/grpc-js']) assert.ok(results.environment.libraries[lib], lib);
  const md = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
  assert.match(md, /^## JSON vs protobuf by transport \(test3\)$/m);
  assert.match(md, /^- REST JSON over HTTP\/1\.1 vs gRPC protobuf: gRPC protobuf [\d.]+× the msgs\/s, 0\.\d\d× the wire bytes per message; /m);
  const chart = chartSpecs(results).find((s) => s.id === 'transports-3g');
  assert.ok(chart, 'a chart of the transports on 3g');
  assertChartConfig(chart.config);
  assert.deepEqual(chart.config.data.labels, transports);
  const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
  assert.match(html, /<section id="transports">/);
});

test('the break-even model: fed by test3 on loopback, checked against the slow link, charted on log scales', () => {
  const be = results.breakEven;
  assert.equal(be.payload, 'test3');
  assert.equal(be.profile, '3g');
  assert.deepEqual(be.costs.map((c) => c.format).sort(), [...results.settings.transmission.formats].sort());
  const loop = results.transmission.find((t) => t.payload === 'test3' && t.profile === 'none');
  assert.ok(loop, 'test3 on loopback');
  for (const c of be.costs) {
    /** @type {TransmissionRow | undefined} */
    const row = loop.results.find((r) => r.format === c.format);
    assert.ok(row, c.format);
    assert.equal(c.upBytes, row.wireBytes.frames / row.messages, 'bytes per message with framing, from the loopback pass');
    assert.equal(c.serverCpuUs, row.serverCpuUs);
  }
  assert.equal(be.pairs.length, 1);
  assert.equal(be.measured.length, 2);
  const chart = chartSpecs(results).find((s) => s.id === 'break-even');
  assert.ok(chart, 'a break-even chart');
  assertChartConfig(chart.config);
  assert.equal(chart.config.options.scales.x.type, 'logarithmic');
  assert.equal(chart.config.options.scales.y.type, 'logarithmic');
  // a model line per format, and the measured slow-link points
  assert.equal(chart.config.data.datasets.length, 2 * be.costs.length);
  const md = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
  assert.match(md, /^### Break-even: test3, bytes against CPU$/m);
  assert.match(md, /is faster than .* (below [\d.,]+ [kMG]bit\/s|at every bandwidth)/);
});

test('the capacity pass: http1 JSON and grpc protobuf searched for real (h2load where installed), every probe and the fixed-rate passes in results, the headline in test3\'s answer', () => {
  const settings = results.settings.capacity;
  assert.ok(settings && results.capacity, 'the default --capacity auto ran it');
  assert.equal(settings.payload, 'test3');
  const h2loadHere = spawnSync('h2load', ['--version']).status === 0;
  // auto: h2load when it is on the PATH (CI installs it), else the toolkit's own clients
  assert.equal(settings.loadGenerator.startsWith('h2load'), h2loadHere, settings.loadGenerator);
  assert.deepEqual(results.capacity.transports.map((t) => `${t.transport} ${t.rows.map((r) => r.format).join(',')}`), ['http1 json-buffer', 'grpc protobufjs-static']);
  for (const t of results.capacity.transports) {
    const [row] = t.rows;
    // a search: past its first rate, or that rate failed twice
    assert.ok(row.probes.some((p) => p.rate > settings.fromRate) || row.probes.filter((p) => p.rate === settings.fromRate && !p.ok).length === 2, `${t.transport}: a search`);
    assert.ok(row.probes.every((p) => p.rate >= settings.fromRate), 'no rate below the first');
    // a capacity is a rate that held; "below" only when the first rate failed twice
    if (row.capacity === null) assert.equal(row.below, settings.fromRate);
    else assert.ok(row.probes.some((p) => p.rate === row.capacity && p.ok), `${t.transport}: ${row.capacity} held in a probe`);
    assert.equal(row.atHalf?.rate, settings.cpuRate);
    assert.ok((row.atHalf.serverCpuUs ?? 0) > 0, `${t.transport}: the server's CPU at the fixed rate`);
  }
  const md = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
  assert.match(md, /^## Capacity per server core \(test3\)$/m);
  assert.match(md, /^Headline: one server core takes .* REST\/JSON messages\/s \(http1, json-buffer\) or .* gRPC\/protobuf messages\/s \(grpc, protobufjs-static\)/m);
  const answer = md.slice(md.indexOf('## The answer'), md.indexOf('The detail follows.'));
  assert.match(answer, /Capacity \(sent by [^)]+\): one server core takes .* of its core at their fastest passes \(medians .*\)\. Each capacity is one short search/);
});

test('a quick run times speed and batch in its own process, and its settings say so: neither the GC flag nor the allocator settings of the fresh speed processes', () => {
  for (const [what, t] of /** @type {[string, any][]} */ ([['speed', results.settings.speed.precision], ['batch', results.settings.batch?.timing]])) {
    assert.ok(t, `${what}: timing settings recorded`);
    assert.deepEqual(t.v8Flags, ['--no-allocation-site-pretenuring'], what);
    assert.equal(t.allocator, null, what);
  }
});

test('speed rows are over each payload\'s corpus; test3\'s encode and decode carry the one-message figure and the bias', () => {
  assert.ok(results.settings.speed.harness.copyBytesPerSec > 0);
  assert.deepEqual(results.settings.speed.oneMessage, { ops: ['encode', 'decode'], payloads: ['test3'] });
  for (const entry of results.payloads) {
    assert.equal(entry.speedCorpus.corpus.timed, 1000, `${entry.payload.id}: the speed pass cycled through the corpus`);
    for (const r of entry.speed) {
      const biased = entry.payload.id === 'test3' && ['encode', 'decode'].includes(r.op);
      assert.equal(r.bias !== null && r.oneMessage !== null, biased, `${entry.payload.id} ${r.format} ${r.op}`);
      if (biased) assert.ok(r.bias !== null && r.bias > 0 && r.oneMessage !== null && r.oneMessage.opsPerSec > 0);
    }
  }
  const md = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
  assert.match(md, /Corpus: each operation cycles through 1,000 distinct messages in turn/);
  assert.match(md, /Harness: an empty call runs at [\d,]+ ops\/s/);
});

test('the memory pass gave every timed operation of every payload its figures; batch rows have none', () => {
  // shape only: the values belong to the machine (the planted 1 KiB in memory.test.js checks the method)
  assert.equal(results.settings.memory?.rounds, 3, 'the quick mode\'s memory settings are recorded');
  for (const entry of results.payloads) {
    assert.ok(entry.speed.length > 0);
    for (const r of entry.speed) {
      const where = `${entry.payload.id} ${r.format} ${r.op}`;
      const memory = r.memory;
      assert.ok(memory, where);
      for (const k of /** @type {const} */ (['heapBytesPerOp', 'externalBytesPerOp', 'bytesPerOp', 'gcMsPer1000Ops'])) {
        assert.ok(Number.isFinite(memory[k]), `${where}: ${k} = ${memory[k]}`);
      }
    }
  }
  for (const step of results.batch.steps) for (const r of step.speed) assert.equal(r.memory, null);
  // and they are on the right rows: a row given another payload's figures breaks the first order, one given another
  // operation's the second (the values are the machine's, these two properties are the method's)
  /** @type {(id: string, format: string, op: string) => number} */
  const bytes = (id, format, op) => {
    const memory = results.payloads.find((e) => e.payload.id === id)?.speed.find((r) => r.format === format && r.op === op)?.memory;
    assert.ok(memory, `${id} ${format} ${op}: memory figures`);
    return memory.bytesPerOp;
  };
  const test4 = results.payloads.find((e) => e.payload.id === 'test4');
  assert.ok(test4);
  for (const r of test4.speed) {
    // an encoder that writes into a buffer it keeps between calls (msgpackr's and cbor-x's records variants) allocates
    // a view per call whatever the payload's size, until the buffer must grow: its order across payloads is noise
    // (a loaded run measured msgpackr encode at 136 B/op on test3 and 170 on test5)
    if (r.op === 'encode' && r.flags?.bufferReused) continue;
    // every operation allocates more for the 3 KB payload than for the 815-byte one, and for that than for 22 bytes
    const [large, medium, tiny] = ['test4', 'test3', 'test5'].map((id) => bytes(id, r.format, r.op));
    assert.ok(large > medium && medium > tiny, `${r.format} ${r.op}: ${large} B/op on test4, ${medium} on test3, ${tiny} on test5`);
  }
  for (const entry of results.payloads) {
    for (const r of entry.speed) {
      // decoding and the conversions build JavaScript values only: no Buffer, so no external bytes; encoding into a
      // Buffer (json-buffer) takes a share of Node's 8 KiB slab per call, which a window sees only when its calls fill
      // a slab: true of every window for payloads of 512 bytes and more (16 calls), not of the 22-byte test5 in a
      // time-capped quick window (it read 0 on Node 24)
      assert.ok(r.memory, `${entry.payload.id} ${r.format} ${r.op}`);
      if (r.op === 'encode' && r.format === 'json-buffer' && entry.payload.jsonBytes >= 512) assert.ok(r.memory.externalBytesPerOp > 0, `${entry.payload.id} json-buffer encode`);
      if (['decode', 'to-plain', 'from-plain'].includes(r.op)) assert.equal(Math.round(r.memory.externalBytesPerOp), 0, `${entry.payload.id} ${r.format} ${r.op}`);
    }
  }
  const md = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
  assert.match(md, /\| heap B\/op \| ext B\/op \| GC ms\/1k ops \|/);
  assert.match(md, /memory: the last 3 of ≤ 21 allocation windows/);
  const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
  // the same speed table as report.md, memory columns next to ops/s
  assert.match(html, /<h3>Speed and memory per operation<\/h3><table><thead><tr><th class="l">format<\/th>.*<th>ops\/s, corpus \(median of slices\)<\/th>.*<th>ops\/s, one message<\/th><th>one-message bias \(95%\)<\/th>.*<th>heap B\/op<\/th><th>ext B\/op<\/th><th>GC ms\/1k ops<\/th>/);
});

test('report.md has a row for every codec and payload in each table', () => {
  const md = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
  const sections = md.split(/^## /m).slice(1);
  for (const entry of results.payloads) {
    const section = sections.find((s) => s.startsWith(`${entry.payload.id}:`));
    assert.ok(section, entry.payload.id);
    const [sizePart, speedPart] = section.split('### Speed');
    for (const format of results.settings.formats) {
      const status = entry.sizes.find((c) => c.format === format)?.status;
      assert.match(sizePart, new RegExp(`^\\| ${format} +\\|.*\\| ${status}`, 'm'), `${entry.payload.id} size ${format}`);
      for (const op of results.settings.speed.operations) {
        assert.match(speedPart, new RegExp(`^\\| ${format} +\\| [^|]+\\| ${op} `, 'm'), `${entry.payload.id} speed ${format} ${op}`);
      }
    }
  }
  const ws = sections.find((s) => s.startsWith('WebSocket'));
  assert.ok(ws, 'a WebSocket section');
  const literal = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); // "json-buffer+deflate" is not a pattern
  for (const t of results.transmission) for (const r of t.results) assert.match(ws, new RegExp(`^\\| ${t.payload} +\\| ${literal(r.format)} `, 'm'));
  const batch = sections.find((s) => s.startsWith('Batch'));
  assert.ok(batch, 'a Batch section');
  for (const n of [1, 10]) for (const format of results.settings.formats) assert.match(batch, new RegExp(`^\\| +${n} \\| ${format} `, 'm'));
});

test('report.js re-renders the same report from results.json', () => {
  const again = fs.mkdtempSync(path.join(os.tmpdir(), 'rerender-'));
  try {
    const r = spawnSync(process.execPath, ['report.js', path.join(dir, 'results.json'), '--out', again], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    for (const f of ['report.md', 'report.html']) {
      assert.equal(fs.readFileSync(path.join(again, f), 'utf8'), fs.readFileSync(path.join(dir, f), 'utf8'), f);
    }
    const bad = spawnSync(process.execPath, ['report.js', path.join(again, 'report.md')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^report: .*report\.md: invalid JSON/);
  } finally {
    fs.rmSync(again, { recursive: true, force: true });
  }
});

test('bad options: one line, exit 2, no run folder written', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bad-'));
  try {
    for (const [args, pattern] of /** @type {[string[], RegExp][]} */ ([
      [['--batch', '1,0'], /--batch: .*"0"/],
      [['--quick', '--full'], /--quick or --full/],
      [['--formats', 'nope'], /: --formats: unknown format "nope"/],
      [['--ws-formats', 'nope'], /: --ws-formats: unknown format "nope"/],
      [['--transports', 'ws,nope'], /--transports: unknown transport "nope" \(known: ws, http1/],
      [['--batch', '10', '--batch-payload', '9'], /--batch-payload: "9"/],
      [['--batch-payload', '3'], /--batch-payload 3: only with --batch, whose payload it names/],
      [['5', '5'], /: payload 5 named twice\n$/],
      [['--capacity', 'wrk'], /--capacity wrk: give auto, h2load, toolkit or none/],
      // the precision options issue 21 names, on the entry point npm start runs
      [['--precision', '0'], /--precision: expected a fraction between 0 and 1 .*got "0"/],
      [['--precision', '1'], /--precision: expected a fraction between 0 and 1 .*got "1"/],
      [['--rounds', '0'], /--rounds: .*"0"/],
      [['--max-time', '0.2', '--warmup', '0.5'], /--max-time 0.2: the time cap per case is below its warm-up \(--warmup 0.5\)/],
    ])) {
      const r = benchmark([...args, '--quick', '--out', empty]);
      assert.equal(r.status, 2, `${args}: ${r.stderr}`);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, pattern);
    }
    assert.deepEqual(fs.readdirSync(empty), []);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('report.html in headless Chromium: every chart rendered, no errors logged, nothing fetched', async (t) => {
  const missing = chromiumMissing();
  if (missing) {
    // CI installs chromium and sets REQUIRE_CHROMIUM: there a missing browser is a failure, not a skip
    if (process.env.REQUIRE_CHROMIUM) assert.fail(`REQUIRE_CHROMIUM is set but ${missing}`);
    t.skip(missing);
    return;
  }
  const { page, errors, close } = await openInChromium(path.join(dir, 'report.html'));
  try {
    const states = await chartStates(page);
    const expected = chartSpecs(results).map((s) => s.id);
    assert.deepEqual(states.map((s) => s.id), expected);
    assert.ok(expected.some((id) => id.startsWith('latency-')) && expected.includes('batch-time') && expected.includes('break-even'));
    for (const s of states) {
      assert.ok(s.chart, `${s.id}: Chart.js owns the canvas`);
      assert.ok(s.width > 100 && s.height > 100, `${s.id}: ${s.width}×${s.height}`);
      // bars fill much of the plot area; lines only a thin share of it
      const least = s.id.startsWith('batch') || s.id === 'break-even' ? 0.002 : 0.05;
      assert.ok(s.dataPixels > s.area * least, `${s.id}: ${s.dataPixels} of ${s.area} plot pixels show data`);
    }
    assert.match(await page.locator('#environment').innerText(), /cores/);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
