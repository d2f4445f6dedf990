// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_ws.js --client chromium: the client in a headless page, with the
// browser's own WebSocket, against server.js; every message acknowledged once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../../lib/paths.js';
import { CHROMIUM_PATHS } from '../../../lib/runtimes/install/registry.js';
import { readCorpusFile } from '../../../lib/payload/corpus.js';

const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_ws.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });

test('--client chromium: every message of every codec acked exactly once, the browser described', { timeout: 300_000 }, (t) => {
  if (!CHROMIUM_PATHS.some((p) => fs.existsSync(p))) {
    if (process.env.REQUIRE_CHROMIUM) assert.fail(`REQUIRE_CHROMIUM is set but no Chromium at ${CHROMIUM_PATHS.join(' or ')}`);
    return void t.skip('no system Chromium');
  }
  // two rounds: the page is a client of the same owner, which alternates the formats by round
  const r = run('3', '--client', 'chromium', '--profiles', 'none', '--messages', '300', '--rounds', '2', '--formats', 'json-buffer,protobuf-es,avsc', '--json');
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  const [only] = out.runs;
  assert.equal(only.settings.client.name, 'chromium');
  assert.match(only.settings.client.version, /^\d+\.\d+\.\d+\.\d+$/);
  const rows = Object.fromEntries(only.results.map((/** @type {{ format: string }} */ x) => [x.format, x]));
  for (const format of ['json-buffer', 'protobuf-es']) {
    const x = rows[format];
    assert.deepEqual([x.messages, x.acked, x.lost, x.notSent, x.duplicated, x.errors, x.ended], [600, 600, 0, 0, 0, 0, 'complete'], format);
    assert.equal(x.status, 'exact');
    assert.ok(x.latencyMs.p50 > 0);
    assert.equal(x.passes.length, 2, `${format}: a pass per round`);
    // the server's CPU per message comes from the server process, whichever client sends
    assert.ok(x.serverCpuUs > 0, `${format}: server CPU ${x.serverCpuUs}`);
    assert.equal(x.clientCpuUs, null, 'a page cannot measure its own CPU');
  }
  // avsc needs Node's Buffer: it fails verification in the page and says so, without sending
  assert.equal(rows.avsc.status, 'failed');
  assert.match(rows.avsc.reason, /not available in a browser page/);
  assert.equal(rows.avsc.acked, 0);
});

test('--client chromium sends the corpus in order, message i being corpus[i % n], as the Node client does', { timeout: 300_000 }, (t) => {
  if (!CHROMIUM_PATHS.some((p) => fs.existsSync(p))) {
    if (process.env.REQUIRE_CHROMIUM) assert.fail(`REQUIRE_CHROMIUM is set but no Chromium at ${CHROMIUM_PATHS.join(' or ')}`);
    return void t.skip('no system Chromium');
  }
  // 200 records and 300 messages: the pass goes round the corpus once and a half
  const fixture = path.join(ROOT, 'test', 'fixtures', 'bike-trips.json');
  const r = run('--data', fixture, '--records', 'trips', '--client', 'chromium', '--profiles', 'none', '--messages', '300', '--rounds', '1', '--formats', 'json-buffer', '--json');
  assert.equal(r.status, 0, r.stderr);
  const [row] = JSON.parse(r.stdout).runs[0].results;
  assert.deepEqual([row.format, row.status, row.acked, row.errors], ['json-buffer', 'exact', 300, 0]);
  const { corpus } = readCorpusFile(fixture, { records: 'trips' });
  assert.equal(corpus.length, 200);
  const bytes = (/** @type {unknown} */ m) => Buffer.byteLength(JSON.stringify(m));
  const expected = Array.from({ length: 300 }, (_, i) => bytes(corpus[i % corpus.length])).reduce((a, b) => a + b, 0);
  assert.notEqual(expected, 300 * bytes(corpus[0]), 'the records differ in size, so the sum tells the streams apart');
  assert.equal(row.wireBytes.payload, expected, 'the page sent corpus[i % 200] for i < 300');
});

test('--client with an unknown name: one line, exit 2', () => {
  const r = run('3', '--client', 'firefox', '--profiles', 'none');
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /^benchmark_ws: --client firefox: the clients are node \(the default\) and chromium$/m);
});
