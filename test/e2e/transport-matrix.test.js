// benchmark_transport.js end to end: several transports interleaved by round, every message accounted for, the
// verdicts within a transport and across transports, and its bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

const run = (...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_transport.js'), ...args], { encoding: 'utf8', timeout: 240_000 });

test('ws, http1 and http2 over 2 rounds: every message of every row acked once, a verdict per pair within a transport and across transports on one format', { timeout: 300_000 }, () => {
  const r = run('3', '--transports', 'ws,http1,http2', '--messages', '200', '--warmup', '100', '--rounds', '2', '--window', '4', '--json');
  assert.equal(r.status, 0, r.stderr);
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
  const pairs = only.verdicts.map((v) => `${v.kind}: ${v.formats.join(' / ')}`).sort();
  assert.equal(pairs.length, 3 + 2 * 3, pairs.join('\n'));
  assert.ok(pairs.includes('format: http1 protobufjs-static / http1 json-buffer'), pairs.join('\n'));
  assert.ok(pairs.includes('transport: http1 json-buffer / http2 json-buffer'), pairs.join('\n'));
  assert.ok(!pairs.some((p) => /ws protobufjs-static \/ http1 json-buffer/.test(p)), 'no pair of another format on another transport');
});

test('bad input: an unknown transport, zstd where zlib lacks it, --pipelining 0, a setting a transport does not take: one line, exit 2', () => {
  const oneLine = (res, pattern) => {
    assert.equal(res.status, 2, res.stderr);
    assert.equal(res.stderr.trimEnd().split('\n').length, 1, res.stderr);
    assert.match(res.stderr.trimEnd(), pattern);
  };
  oneLine(run('3', '--transports', 'ws,smoke'), /^benchmark_transport: --transport smoke: unknown \(known: ws, http1, http2, connect, connect-h2, grpc\)$/);
  oneLine(run('3', '--pipelining', '0'), /^benchmark_transport: --pipelining: /);
  oneLine(run('3', '--transports', 'ws,http1', '--pipelining', '4'), /^benchmark_transport: --pipelining 4: only for HTTP\/1\.1 \(transport ws does not pipeline\)$/);
  oneLine(run('3', '--transports', 'ws', '--compress', 'gzip'), /^benchmark_transport: --compress gzip: ws takes deflate, deflate-context$/);
  if (!process.versions.node.startsWith('2') || Number(process.versions.node.split('.')[0]) < 22) {
    oneLine(run('3', '--transports', 'http1', '--compress', 'zstd'), /^benchmark_transport: --compress zstd: this runtime's zlib has no zstd/);
  }
});
