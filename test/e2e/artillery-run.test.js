// test-runner: long (started first: see scripts/run-tests.js)
// Artillery for real (Node ≥ 22.18 only: CI's second pass, on Node 24): installed on first use by scripts/artillery.js
// into the per-user cache (about a minute, once per machine), then a few seconds of `artillery run` of a generated
// script against server.js for every transport, JSON and protobuf. The messages the report counts must be the ones
// the servers counted, none lost; a run against a server that is down must count every message lost.
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { runProcess, startProcess } from '../../lib/child-process.js';
import { ROOT } from '../../lib/paths.js';
import { ARTILLERY } from '../../lib/runtimes/install/artillery.js';

const TRANSPORTS = ['ws', 'http1', 'http2', 'connect', 'connect-h2', 'grpc'];
// clients that open each connection with one call carrying the payload's identity, which their server counts as a
// message (connect.js, grpc.js); the others send it with the first message (ws: the upgrade; http: a request apart)
const PROBING = ['connect', 'connect-h2', 'grpc'];
const skip = semver.lt(process.versions.node, ARTILLERY.node) ? `Artillery ${ARTILLERY.version} needs Node ≥ ${ARTILLERY.node} (this is ${process.versions.node}); CI runs it on Node 24` : false;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'artillery-run-'));
/** @type {Map<string, import('../../lib/child-process.js').StartedProcess>} */
const servers = new Map();
nodeTest.after(async () => {
  for (const s of servers.values()) await s.stop(2000);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * @param {string} script
 * @param {string[]} args
 * @param {number} [timeoutMs]
 */
const run = (script, args, timeoutMs = 60000) => runProcess(process.execPath, [path.join(ROOT, script), ...args], { cwd: tmp, timeoutMs });

/**
 * node server.js 3 --transport T on an ephemeral port; resolves with its URL.
 * @param {string} transport
 */
async function startServer(transport) {
  const server = startProcess(process.execPath, [path.join(ROOT, 'server.js'), '3', '--transport', transport, '--port', '0'], { env: { PORT: '' } });
  servers.set(transport, server);
  for (let i = 0; i < 400; i++) {
    const m = /^listening on (\S+)$/m.exec(server.output().stdout);
    if (m) return m[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server.js --transport ${transport} did not start: ${server.output().stderr}`);
}

/**
 * The messages per format a server counted, from the summary it prints when stopped ("<format>: N messages").
 * @param {string} transport
 */
async function serverCounts(transport) {
  const server = servers.get(transport);
  if (!server) throw new Error(`no ${transport} server`);
  servers.delete(transport);
  const { stdout } = await server.stop(5000);
  return Object.fromEntries([...stdout.matchAll(/^([a-z0-9-]+): (\d+) messages/gm)].map((m) => [m[1], Number(m[2])]));
}

/**
 * `node scripts/artillery.js run SCRIPT --output REPORT`, installing Artillery first when this machine has none.
 * @param {string} script
 * @param {string} report
 */
async function artilleryRun(script, report) {
  const r = await run('scripts/artillery.js', ['run', script, '--output', report], 300000);
  assert.equal(r.code, 0, `${r.stdout.slice(-2000)}\n${r.stderr}`);
  const installing = r.stderr.split('\n').filter((l) => l.startsWith('installing artillery@'));
  assert.ok(installing.length <= 1, r.stderr);
  return JSON.parse(fs.readFileSync(report, 'utf8'));
}

nodeTest('artillery run of a generated script: every transport, JSON and protobuf; the report counts what the servers counted, 0 lost', { skip, timeout: 420000 }, async (t) => {
  const targets = [];
  for (const transport of TRANSPORTS) targets.push(`${transport}=${await startServer(transport)}`);
  const script = path.join(tmp, 'artillery.yml');
  const gen = await run('benchmark_artillery.js', ['3', '--transports', TRANSPORTS.join(','), '--target', targets.join(','), '--rate', '40', '--duration', '4', '--warmup', '1',
    '--messages-per-user', '10', '--timeout', '20000', '--out', script]);
  assert.equal(gen.code, 0, gen.stderr);
  const started = Date.now();
  const report = await artilleryRun(script, path.join(tmp, 'report.json'));
  t.diagnostic(`artillery run (install included when it happened) took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const c = report.aggregate.counters;
  const sum = (/** @type {string} */ s, /** @type {string} */ what) => (c[`pvj.${s}.${what}`] ?? 0) + (c[`pvj.warmup.${s}.${what}`] ?? 0);
  let scenarios = 0;
  for (const transport of TRANSPORTS) {
    const counted = await serverCounts(transport);
    assert.ok(Object.keys(counted).length >= 1, `${transport}: the server's summary names its formats`);
    for (const [format, messages] of Object.entries(counted)) {
      const s = `${transport}.${format}`;
      scenarios++;
      assert.ok(c[`pvj.${s}.acked`] > 0, `${s}: measured messages in the report`);
      assert.equal(sum(s, 'lost'), 0, `${s}: lost`);
      assert.equal(sum(s, 'errors'), 0, `${s}: errors`);
      assert.equal(sum(s, 'acked'), sum(s, 'sent'), `${s}: every message sent was acked`);
      // the generator's check sent one message first (on a connection of its own)
      const probes = PROBING.includes(transport) ? sum(s, 'connections') + 1 : 0;
      assert.equal(messages, sum(s, 'sent') + 1 + probes, `${s}: the server counted ${messages}`);
    }
  }
  assert.equal(scenarios, 11);
  const out = path.join(tmp, 'results');
  const back = await run('report.js', ['--artillery', path.join(tmp, 'report.json'), '--script', script, '--out', out]);
  assert.equal(back.code, 0, back.stderr);
  const results = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8'));
  const rows = results.transports[0].results;
  assert.equal(rows.length, 11);
  for (const row of rows) {
    assert.ok(row.msgsPerSec > 0, `${row.format}: msgs/s`);
    assert.ok(row.latencyMs.p99 >= row.latencyMs.p50, `${row.format}: p99`);
    assert.equal(row.lost, 0);
    assert.equal(row.status === 'exact' || row.status === 'equivalent', true, `${row.format}: ${row.status}`);
  }
  assert.equal(results.transports[0].payload, 'test3');
  assert.match(fs.readFileSync(path.join(out, 'report.html'), 'utf8'), /<section id="artillery">/);
});

nodeTest('artillery run against a server that is down: every message counted lost, rows and not an empty table', { skip, timeout: 420000 }, async () => {
  const script = path.join(tmp, 'down.yml');
  // port 9 (discard) has nothing listening here
  const gen = await run('benchmark_artillery.js', ['3', '--transports', 'ws,grpc', '--target', 'ws=ws://127.0.0.1:9,grpc=http://127.0.0.1:9', '--no-check',
    '--rate', '20', '--duration', '2', '--warmup', '0', '--messages-per-user', '5', '--timeout', '1000', '--out', script]);
  assert.equal(gen.code, 0, gen.stderr);
  const report = await artilleryRun(script, path.join(tmp, 'down.json'));
  const c = report.aggregate.counters;
  for (const s of ['ws.protobufjs-static', 'ws.json-buffer', 'grpc.protobufjs-static']) {
    assert.ok(c[`pvj.${s}.messages`] > 0, `${s}: users ran`);
    assert.equal(c[`pvj.${s}.lost`], c[`pvj.${s}.messages`], `${s}: every message lost`);
    assert.equal(c[`pvj.${s}.acked`], 0);
  }
  const out = path.join(tmp, 'down');
  const back = await run('report.js', ['--artillery', path.join(tmp, 'down.json'), '--out', out]);
  assert.equal(back.code, 0, back.stderr);
  const md = fs.readFileSync(path.join(out, 'report.md'), 'utf8');
  assert.match(md, /\| ws +\| json-buffer +\| +\d+ \| +0 \| \d+ \(\d+ not sent\) \|/);
});
