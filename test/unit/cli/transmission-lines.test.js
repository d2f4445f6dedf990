// The transmission entry points' shared glue: the named verdicts as sentences (first, the other pairs after,
// without repeating a named one), the progress bookkeeping of passes, the sweep's and the break-even model's lines,
// an option's --help entry said anew for one tool.
import test from 'node:test';
import assert from 'node:assert/strict';
import { breakEvenLines, matrixVerdictLines, rewordOption, sweepLines, transmissionProgress } from '../../../lib/cli/transmission.js';
import { cpuCells, namedVerdictText, passTable, profileTable } from '../../../lib/report/terminal-transmission.js';

const side = (/** @type {string} */ transport, /** @type {string} */ format, /** @type {string} */ label) => ({ transport, format, label });
const named = (/** @type {object} */ over = {}) => ({
  label: 'REST JSON over HTTP/1.1 vs gRPC protobuf', kind: 'cross', json: side('http1', 'json-buffer', 'REST JSON over HTTP/1.1'), protobuf: side('grpc', 'protobufjs-static', 'gRPC protobuf'),
  verdict: { formats: ['http1 json-buffer', 'grpc protobufjs-static'], winner: 'grpc protobufjs-static', ratio: 1.8, rounds: 3 }, winner: 'protobuf', msgsPerSecRatio: 1.8, bytesRatio: 0.4, missing: null, ...over,
});

test('namedVerdictText: the protobuf side\'s msgs/s and bytes against the JSON side\'s, then the rounds\' verdict', () => {
  assert.equal(namedVerdictText(/** @type {any} */ (named())),
    'REST JSON over HTTP/1.1 vs gRPC protobuf: gRPC protobuf 1.80× the msgs/s, 0.40× the wire bytes per message; gRPC protobuf wins, every round faster over 3 rounds, as two equal formats do 1 time in 10');
  assert.match(namedVerdictText(/** @type {any} */ (named({ winner: 'json', msgsPerSecRatio: 0.5 }))), /0\.50× the msgs\/s, .*; REST JSON over HTTP\/1\.1 wins, every round faster over 3 rounds, as two equal formats do 1 time in 10$/);
  assert.match(namedVerdictText(/** @type {any} */ (named({ winner: null }))), /; no clear difference, msgs\/s ranges overlap over 3 rounds$/);
  assert.match(namedVerdictText(/** @type {any} */ (named({ winner: null, verdict: { rounds: 1 } }))), /; no verdict from 1 round \(a winner needs 3\)$/);
  assert.equal(namedVerdictText(/** @type {any} */ (named({ verdict: null, missing: 'grpc protobufjs-static: no ACK for 10 s' }))),
    'REST JSON over HTTP/1.1 vs gRPC protobuf: not measured (grpc protobufjs-static: no ACK for 10 s)');
});

test('matrixVerdictLines: the named pairs first, then every other pair, a named one not repeated', () => {
  const within = named({ label: 'REST JSON over HTTP/1.1 vs protobuf over HTTP/1.1', kind: 'format', protobuf: side('http1', 'protobufjs-static', 'protobuf over HTTP/1.1'), winner: null });
  const run = {
    settings: { profile: 'none' },
    named: [named(), within],
    verdicts: [
      { formats: ['http1 protobufjs-static', 'http1 json-buffer'], winner: null, ratio: 1, rounds: 3 },
      { formats: ['http1 protobufjs-static', 'grpc protobufjs-static'], winner: null, ratio: 1, rounds: 3 },
    ],
  };
  const { named: first, others } = matrixVerdictLines(/** @type {any} */ (run));
  assert.equal(first.length, 2);
  // loopback (profile none) carries no prefix; a shaped link is named
  assert.match(first[0], /^REST JSON over HTTP\/1\.1 vs gRPC protobuf: /);
  assert.deepEqual(others, ['no clear difference between http1 protobufjs-static and grpc protobufjs-static (msgs/s ranges overlap over 3 rounds)']);
  const shaped = matrixVerdictLines(/** @type {any} */ ({ ...run, settings: { profile: '3g' } }));
  assert.match(shaped.named[0], /^3g: REST JSON over HTTP\/1\.1 vs gRPC protobuf: /);
  assert.match(shaped.others[0], /^3g: no clear difference/);
});

test('the tables of a pass and of benchmark_ws.js define the terms in their headings', () => {
  const row = { format: 'json-buffer', status: 'exact', messages: 10, acked: 10, lost: 0, duplicated: 0, errors: 0, seconds: 1, msgsPerSec: 10,
    payloadMBps: 0.01, wireBytes: { payload: 1000, frames: 1060, up: 1060, down: 80 }, latencyMs: { p50: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 },
    serverCpuUs: 30, decodeShare: 0.2, clientCpuUs: 20, serverElu: 0.5, clientElu: 0.9 };
  const pass = passTable(/** @type {any} */ ({ results: [row] }));
  const profile = profileTable(/** @type {any} */ ([{ settings: { profile: 'none', shaper: 'none' }, results: [row] }]), 'json-buffer');
  for (const text of [pass, profile]) {
    for (const heading of ['server µs/msg', 'decode share', 'client µs/msg', 'ELU server/client']) {
      assert.ok(text.includes(`| ${heading}`), `${heading} is a heading`);
      assert.match(text, new RegExp(`^Columns: .*${heading}: `, 'm'), `${heading} is defined`);
    }
  }
  assert.match(pass, /^Columns: .* frame B\/msg: the bytes the transport adds to each message/m);
  assert.match(profile, /^Columns: .* wire B\/msg: what the sockets carried in the messages' direction per message sent/m);
});

test("benchmark_ws.js's table gives wire bytes per message, the same however many rounds the row adds up", () => {
  const row = (/** @type {string} */ format, /** @type {number} */ rounds, /** @type {number} */ perMessage) => ({
    format, status: 'exact', messages: 30 * rounds, acked: 30 * rounds, lost: 0, duplicated: 0, errors: 0, seconds: 1, msgsPerSec: 30, payloadMBps: 0.01,
    wireBytes: { payload: 28 * 30 * rounds, frames: perMessage * 30 * rounds, up: perMessage * 30 * rounds, down: 240 * rounds },
    latencyMs: { p50: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 }, serverCpuUs: 30, decodeShare: null, clientCpuUs: 20, serverElu: 0.5, clientElu: 0.9 });
  for (const rounds of [1, 3, 5]) {
    const table = profileTable(/** @type {any} */ ([{ settings: { profile: 'none', shaper: 'none' }, results: [row('protobufjs-static', rounds, 38), row('json-buffer', rounds, 95)] }]), 'json-buffer');
    assert.match(table, /\| wire B\/msg \|/);
    const cells = (/** @type {string} */ format) => (table.split('\n').find((l) => l.includes(`| ${format} `)) ?? '').split('|').map((c) => c.trim());
    assert.ok(cells('protobufjs-static').includes('38.0') && cells('json-buffer').includes('95.0'), table);
    assert.ok(cells('protobufjs-static').some((c) => c.endsWith('2.50× less bytes')), table);
  }
});

test('a decode share that is not one (raw passes as dear as the decoding ones or dearer, at few messages) is shown as such, never a negative percentage', () => {
  const row = { serverCpuUs: 30, decodeShare: -0.27, clientCpuUs: 20, serverElu: 0.5, clientElu: 0.9 };
  assert.deepEqual(cpuCells(/** @type {any} */ (row)).slice(0, 2), ['30.0', '~ (raw ≥ decoding)']);
  assert.equal(cpuCells(/** @type {any} */ ({ ...row, decodeShare: 0 }))[1], '~ (raw ≥ decoding)');
  assert.equal(cpuCells(/** @type {any} */ ({ ...row, decodeShare: 0.2 }))[1], '20%');
  assert.equal(cpuCells(/** @type {any} */ ({ ...row, decodeShare: null }))[1], '—');
  const pass = passTable(/** @type {any} */ ({ results: [{ format: 'json-buffer', status: 'exact', messages: 10, acked: 10, lost: 0, duplicated: 0, errors: 0, seconds: 1,
    msgsPerSec: 10, payloadMBps: 0.01, wireBytes: { payload: 1000, frames: 1060, up: 1060, down: 80 }, latencyMs: { p50: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 }, ...row }] }));
  assert.doesNotMatch(pass, /-27%/);
  assert.match(pass, /^Columns: .*decode share: [^;]*; ~ \(raw ≥ decoding\) where those cost as much or more/m, 'the legend says what it means');
});

test('a compressed format\'s frame B/msg is the whole message on the wire ("N wire"), never the uncompressed payload subtracted from the compressed bytes', () => {
  // 10 messages of 1,000 B JSON that went out as 660 B on the wire: frames − payload read −34 B a message
  const base = { status: 'exact', messages: 10, acked: 10, lost: 0, duplicated: 0, errors: 0, seconds: 1, msgsPerSec: 10, payloadMBps: 0.01,
    latencyMs: { p50: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 }, serverCpuUs: null, decodeShare: null, clientCpuUs: null, serverElu: null, clientElu: null };
  const pass = passTable(/** @type {any} */ ({ results: [
    { ...base, format: 'json-buffer+gzip', compress: 'gzip', wireBytes: { payload: 10000, frames: 6600, up: 6600, down: 80 } },
    { ...base, format: 'json-buffer', wireBytes: { payload: 10000, frames: 10600, up: 10600, down: 80 } },
  ] }));
  const frameCell = (/** @type {string} */ format) => {
    const lines = pass.split('\n');
    const heading = lines[0].split('|').map((c) => c.trim());
    const row = lines.find((l) => l.startsWith(`| ${format} `));
    return row?.split('|').map((c) => c.trim())[heading.indexOf('frame B/msg')];
  };
  assert.equal(frameCell('json-buffer+gzip'), '660 wire');
  assert.equal(frameCell('json-buffer'), '60');
  assert.doesNotMatch(pass, /-\d/);
  assert.match(pass, /"N wire" for a compressed format: the whole message on the wire/);
});

test('transmissionProgress: each pass\'s cumulative count becomes ticks, a new pass when transport, format or round changes', () => {
  /** @type {string[]} */
  const writes = [];
  const progress = transmissionProgress({ total: 40, quiet: false, messagesFor: () => 10, rounds: 2, stream: { isTTY: false, write: (s) => writes.push(s) } });
  const tick = progress.onProgress('none');
  for (const [transport, format, round] of /** @type {Array<[string|undefined, string, number]>} */ ([['http1', 'a', 1], ['grpc', 'a', 1], ['http1', 'a', 2], [undefined, 'b', 2]])) {
    tick({ done: 4, format, round, transport });
    tick({ done: 10, format, round, transport });
  }
  progress.end();
  assert.equal(writes.length, 8);
  assert.match(writes[1], /^\[10\/40\] .*: none http1 a round 1\/2 10\/10\n$/);
  assert.match(writes[2], /^\[14\/40\] .*: none grpc a round 1\/2 4\/10\n$/);
  assert.match(writes[5], /^\[30\/40\] .*: none http1 a round 2\/2 10\/10\n$/);
  assert.match(writes[7], /^\[40\/40\] .*: none b round 2\/2 10\/10\n$/, 'no transport: the format alone (benchmark_ws)');
});

test('sweepLines names the transport when the sweep has several; breakEvenLines says nothing without CPU figures', () => {
  const knees = [{ format: 'a', targetP99Ms: 1, maxRate: null, failedRate: 1000, probes: [{ rate: 1000, latencyMs: { p99: 3 }, latencyUncorrectedMs: { p99: 2 } }] }];
  assert.deepEqual(sweepLines([{ profile: 'none', knees }]), ['none a: p99 over 1 ms even at 1,000 msgs/s; at 1,000 msgs/s p99 was 3.000 ms (2.000 ms uncorrected)']);
  assert.match(sweepLines([{ profile: 'none', transport: 'grpc', knees }])[0], /^none grpc a: p99 over 1 ms/);
  assert.deepEqual(breakEvenLines([]), []);
  assert.deepEqual(breakEvenLines(/** @type {any} */ ([{ costs: [] }])), []);
  const model = [{ messages: 10000, rtt: 85, costs: [{}], profile: '4g', measured: [{ up: 9000, down: 9000, rtt: 85, format: 'a', measuredSeconds: 11, predictedSeconds: 10 }],
    pairs: [{ smaller: 'a', larger: 'b', always: false, belowKbit: 768 }, { smaller: 'a', larger: 'c', always: true }] }];
  assert.deepEqual(breakEvenLines(/** @type {any} */ (model)), [
    'Break-even model (inputs from the none run) against each shaped run, seconds per 10,000 messages:',
    '  4g (up 9000 kbit/s, down 9000 kbit/s, RTT 85 ms) a: measured 11.0 s, predicted 10.0 s (10.0%)',
    'a is faster than b below 768 kbit/s (RTT 85 ms)',
    'a is faster than c at every bandwidth',
  ]);
  assert.match(breakEvenLines(/** @type {any} */ (model), 'grpc')[0], /^Break-even model of grpc \(inputs from the none run\)/);
});

test('rewordOption: the entry\'s description, wrapped lines and all, said anew and wrapped again at the column; the others as they were', () => {
  const description = 'permessage-deflate on both ends (every message compressed): wire bytes as compressed';
  const usage = ['  --tls         TLS', '  --deflate     permessage-deflate on both ends (every message compressed):',
    '                wire bytes as compressed', '  --json        JSON'].join('\n');
  const reworded = rewordOption(usage, '--deflate', (d) => `also each format with ${d}; ${d}`, 16).split('\n');
  assert.deepEqual([reworded[0], reworded.at(-1)], ['  --tls         TLS', '  --json        JSON']);
  const entry = reworded.slice(1, -1);
  assert.ok(entry.length === 2 && /^ {2}--deflate {5}\S/.test(entry[0]) && /^ {16}\S/.test(entry[1]) && entry.every((l) => l.length <= 118), entry.join('\n'));
  assert.equal(entry.map((l) => l.slice(16)).join(' '), `also each format with ${description}; ${description}`);
  assert.throws(() => rewordOption(usage, '--compress', (d) => d, 16), /no entry for --compress/);
});
