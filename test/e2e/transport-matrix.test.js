// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js end to end: several transports interleaved by round, every message accounted for, each
// transport's own formats, the named verdicts first, the verdicts within a transport and across transports, the
// cells skipped, and its bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

/**
 * A row of benchmark_transport.js --json, as far as these tests read it ("TRANSPORT FORMAT" in format).
 * @typedef {{ format: string, transport: string, status: string, messages: number, acked: number, lost: number, duplicated: number, errors: number,
 *   msgsPerSec: number, serverCpuUs: number, wireBytes: { up: number, down: number }, passes: { serverCpuUs: number }[] }} Row
 * @typedef {{ results: Row[], runs: { settings: { transport: string, warmup: number, serverPid: number }, results: Row[] }[], verdicts: { kind: string, formats: string[] }[],
 *   named: import('../../lib/transmission/pairs.js').NamedVerdict[], skipped: unknown[] }} MatrixRun
 * @typedef {{ profile: string, rtt: number, up: number, down: number, format: string, predictedSeconds: number, measuredSeconds: number }} Measured
 * @typedef {{ runs: MatrixRun[], model: { transport: string, reports: { profile: string, measured: Measured[], pairs: unknown[] }[] }[] }} Output
 */

const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: 240_000 });
const runWs = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_ws.js'), ...args], { encoding: 'utf8', timeout: 240_000 });

test('ws, http1 and http2 over 2 rounds: every message of every row acked once, a verdict per pair within a transport and across transports on one format', { timeout: 300_000 }, () => {
  const r = run('3', '--transports', 'ws,http1,http2', '--messages', '200', '--warmup', '100', '--rounds', '2', '--window', '4', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {Output} */
  const out = JSON.parse(r.stdout);
  const [only] = out.runs;
  const rows = Object.fromEntries(only.results.map((x) => [x.format, x]));
  for (const transport of ['ws', 'http1', 'http2']) {
    for (const codec of ['json-buffer', 'protobufjs-static']) {
      const x = rows[`${transport} ${codec}`];
      assert.deepEqual([x.messages, x.acked, x.lost, x.duplicated, x.errors], [400, 400, 0, 0, 0], `${transport} ${codec}`);
      assert.equal(x.passes.length, 2);
      assert.equal(x.transport, transport);
      assert.ok(x.serverCpuUs > 0, `${transport} ${codec}: server CPU`);
    }
  }
  // ABBA: the second round runs the transports, and each one's formats, in reverse; each transport's server, started
  // and warmed up in the first round, serves the second warm (and reports its CPU per pass: serverCpuUs above)
  assert.deepEqual(only.runs.map((x) => `${x.settings.transport} ${x.results.map((y) => y.format).join(',')} warm-up ${x.settings.warmup}`), [
    'ws protobufjs-static,json-buffer warm-up 100', 'http1 protobufjs-static,json-buffer warm-up 100', 'http2 protobufjs-static,json-buffer warm-up 100',
    'http2 json-buffer,protobufjs-static warm-up 0', 'http1 json-buffer,protobufjs-static warm-up 0', 'ws json-buffer,protobufjs-static warm-up 0',
  ]);
  assert.ok(only.runs.every((x) => x.results.every((r) => r.passes[0].serverCpuUs > 0)), 'every round\'s pass has its own server CPU figure');
  const pairs = only.verdicts.map((v) => `${v.kind}: ${v.formats.join(' / ')}`).sort();
  assert.equal(pairs.length, 3 + 2 * 3, pairs.join('\n'));
  assert.ok(pairs.includes('format: http1 protobufjs-static / http1 json-buffer'), pairs.join('\n'));
  assert.ok(pairs.includes('transport: http1 json-buffer / http2 json-buffer'), pairs.join('\n'));
  assert.ok(!pairs.some((p) => /ws protobufjs-static \/ http1 json-buffer/.test(p)), 'no pair of another format on another transport');
  assert.deepEqual(only.named.map((v) => v.label), ['JSON over WebSocket vs protobuf over WebSocket', 'REST JSON over HTTP/1.1 vs protobuf over HTTP/1.1',
    'REST JSON over HTTP/2 vs protobuf over HTTP/2'], 'no gRPC in the run: no cross pair');
});

test('without --formats each transport runs its own JSON-vs-protobuf pair: no empty row, the named verdicts including REST JSON over HTTP/1.1 vs gRPC protobuf', { timeout: 300_000 }, () => {
  const r = run('3', '--transports', 'ws,http1,http2,connect,grpc', '--messages', '150', '--warmup', '50', '--rounds', '1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {Output} */
  const { runs: [only] } = JSON.parse(r.stdout);
  assert.deepEqual(only.results.map((x) => x.format).sort(), [
    'connect protobuf-es', 'connect protobuf-es-json', 'grpc protobufjs-static', 'http1 json-buffer', 'http1 protobufjs-static',
    'http2 json-buffer', 'http2 protobufjs-static', 'ws json-buffer', 'ws protobufjs-static',
  ]);
  for (const x of only.results) assert.deepEqual([x.format, x.status, x.acked, x.lost, x.errors, x.msgsPerSec > 0], [x.format, 'exact', 150, 0, 0, true]);
  assert.deepEqual(only.skipped, []);
  const byLabel = Object.fromEntries(only.named.map((v) => [v.label, v]));
  assert.deepEqual(Object.keys(byLabel), [
    'REST JSON over HTTP/1.1 vs gRPC protobuf', 'REST JSON over HTTP/2 vs gRPC protobuf', 'JSON over WebSocket vs protobuf over WebSocket',
    'REST JSON over HTTP/1.1 vs protobuf over HTTP/1.1', 'REST JSON over HTTP/2 vs protobuf over HTTP/2', 'Connect JSON vs Connect binary',
  ]);
  const rows = Object.fromEntries(only.results.map((x) => [x.format, x]));
  const cross = byLabel['REST JSON over HTTP/1.1 vs gRPC protobuf'];
  assert.deepEqual([cross.kind, cross.json.transport, cross.json.format, cross.protobuf.transport, cross.protobuf.format], ['cross', 'http1', 'json-buffer', 'grpc', 'protobufjs-static']);
  assert.equal(cross.msgsPerSecRatio, rows['grpc protobufjs-static'].msgsPerSec / rows['http1 json-buffer'].msgsPerSec);
  const perMessage = (/** @type {Row} */ x) => (x.wireBytes.up + x.wireBytes.down) / x.messages;
  assert.equal(cross.bytesRatio, perMessage(rows['grpc protobufjs-static']) / perMessage(rows['http1 json-buffer']));
  assert.ok(cross.bytesRatio < 1, 'protobuf in gRPC frames carries fewer bytes than JSON with HTTP/1.1 headers');
  assert.equal(cross.verdict?.rounds, 1);
});

test('--formats: a cell a transport cannot carry is skipped with one line in the matrix; the named pairs print first', { timeout: 300_000 }, () => {
  const r = run('3', '--transports', 'http1,grpc', '--formats', 'json-buffer,protobufjs-static', '--messages', '100', '--warmup', '20', '--rounds', '1');
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const skips = lines.filter((l) => /skipped/.test(l));
  assert.deepEqual(skips, ['grpc json-buffer: skipped, grpc carries protobufjs-static, protobufjs-dynamic, protobuf-es, protobuf-ts, pbf, google-protobuf only']);
  assert.ok(!lines.some((l) => /^\| grpc json-buffer /.test(l)), 'no empty row for the skipped cell');
  assert.ok(lines.some((l) => /^\| grpc protobufjs-static /.test(l)));
  const first = lines.indexOf('The pairs that matter (the protobuf side against the JSON side):');
  const rest = lines.indexOf('Every other pair:');
  assert.ok(first > 0 && rest > first, r.stdout);
  assert.match(lines[first + 1], /^REST JSON over HTTP\/1\.1 vs gRPC protobuf: gRPC protobuf [\d.]+× the msgs\/s, [\d.]+× the wire bytes per message; no verdict from 1 round \(a winner needs 3\)$/);
  assert.match(lines[first + 2], /^REST JSON over HTTP\/1\.1 vs protobuf over HTTP\/1\.1: /);
  assert.deepEqual(lines.slice(rest + 1).filter(Boolean), ['no clear difference between http1 protobufjs-static and grpc protobufjs-static (1 round; a winner needs 3)']);
});

test('through a shaped link: the break-even model per transport, fed by its own loopback rows and checked against its own shaped rows', { timeout: 300_000 }, () => {
  const r = run('3', '--transports', 'http1,grpc', '--profiles', 'none,custom', '--rtt', '20', '--down', '4000', '--up', '4000', '--messages', '100', '--warmup', '50', '--rounds', '1', '--json');
  assert.equal(r.status, 0, r.stderr);
  /** @type {Output} */
  const { model, runs } = JSON.parse(r.stdout);
  // one server per transport serves both profiles: the same process answered on loopback and through the link
  const pids = (/** @type {number} */ i) => Object.fromEntries(runs[i].runs.map((x) => [x.settings.transport, x.settings.serverPid]));
  assert.ok(Object.values(pids(0)).every((pid) => Number.isInteger(pid) && pid > 0), JSON.stringify(pids(0)));
  assert.notEqual(pids(0).http1, pids(0).grpc);
  assert.deepEqual(pids(1), pids(0));
  assert.deepEqual(model.map((m) => [m.transport, m.reports.map((x) => [x.profile, x.measured.map((y) => y.format).sort(), x.pairs.length])]), [
    ['http1', [['custom', ['json-buffer', 'protobufjs-static'], 1]]],
    ['grpc', [['custom', ['protobufjs-static'], 0]]],
  ], 'each transport\'s model holds its own formats only');
  for (const m of model) {
    for (const x of m.reports[0].measured) {
      assert.deepEqual([x.rtt, x.up, x.down], [20, 4000, 4000]);
      assert.ok(x.predictedSeconds > 0 && x.measuredSeconds > 0, `${m.transport} ${x.format}`);
    }
  }
});

test('benchmark_ws.js --transport T without --formats runs T\'s own pair (Connect: its JSON and binary codecs), compared with its JSON side', { timeout: 300_000 }, () => {
  const r = runWs('3', '--transport', 'connect', '--profiles', 'none', '--messages', '100', '--warmup', '20', '--rounds', '1', '--cpu-seconds', '0.2');
  assert.equal(r.status, 0, r.stderr);
  const rows = r.stdout.split('\n').filter((l) => /^\| none /.test(l));
  assert.deepEqual(rows.map((l) => l.split('|')[2].trim()).sort(), ['protobuf-es', 'protobuf-es-json']);
  assert.match(r.stdout, /\| vs protobuf-es-json \(× less\) /, 'the baseline column is the transport\'s JSON side');
  // CPU per message at a fixed rate works over any transport (the server is asked over IPC)
  // each format's line: its fastest pass, then the median
  assert.match(r.stdout, /^Server CPU per message at a fixed 2,000 msgs\/s .*\n {2}protobuf-es(-json)? +fastest \d[\d.]* µs\/msg \(.*\); median \d/m);
});

test('bad input: an unknown transport, zstd where zlib lacks it, --pipelining 0, a setting a transport does not take: one line, exit 2', () => {
  /** @type {(res: import('node:child_process').SpawnSyncReturns<string>, pattern: RegExp) => void} */
  const oneLine = (res, pattern) => {
    assert.equal(res.status, 2, res.stderr);
    assert.equal(res.stderr.trimEnd().split('\n').length, 1, res.stderr);
    assert.match(res.stderr.trimEnd(), pattern);
  };
  // --help lists each transport's default pair from its declaration
  const help = run('--help');
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /\n {4}connect +protobuf-es-json vs protobuf-es\n(.*\n)* {4}grpc +protobufjs-static\n$/);
  // the clients' options it does not take are gone with their continuation lines
  assert.doesNotMatch(help.stdout, /--deflate|--throttle|--transport T|CPU per message with compression|or custom with/);
  assert.match(help.stdout, /\n {2}--warmup N .*\n {22}.*\n {22}has warmed up \(default N = min\(1000, M\) unthrottled, 0 = none throttled\)\n {2}--direction D/);
  oneLine(run('3', '--transports', 'ws,smoke'), /^benchmark_transport: --transports smoke: unknown \(known: ws, http1, http2, connect, connect-h2, grpc\)$/);
  oneLine(run('3', '--pipelining', '0'), /^benchmark_transport: --pipelining: /);
  oneLine(run('3', '--transports', 'ws,http1', '--pipelining', '4'), /^benchmark_transport: --pipelining 4: only for HTTP\/1\.1 \(transport ws does not pipeline\)$/);
  oneLine(run('3', '--transports', 'ws', '--compress', 'gzip'), /^benchmark_transport: --compress gzip: ws takes deflate, deflate-context$/);
  // one transport and a format it cannot carry: nothing would run in its place
  oneLine(run('3', '--transports', 'grpc', '--formats', 'protobufjs-static,json-buffer'), /^benchmark_transport: --formats json-buffer: grpc carries protobufjs-static, .* only$/);
  const ws = runWs('3', '--transport', 'grpc', '--formats', 'json-buffer', '--profiles', 'none');
  assert.equal(ws.status, 2, ws.stderr);
  assert.equal(ws.stderr, 'benchmark_ws: --formats json-buffer: grpc carries protobufjs-static, protobufjs-dynamic, protobuf-es, protobuf-ts, pbf, google-protobuf only\n');
  oneLine(run('3', '--transports', 'grpc,connect', '--formats', 'json-buffer'), /^benchmark_transport: --formats json-buffer: none of them can travel on grpc, connect \(grpc carries /);
  if (!process.versions.node.startsWith('2') || Number(process.versions.node.split('.')[0]) < 22) {
    oneLine(run('3', '--transports', 'http1', '--compress', 'zstd'), /^benchmark_transport: --compress zstd: this runtime's zlib has no zstd/);
  }
});
