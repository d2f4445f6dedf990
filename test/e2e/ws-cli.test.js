// test-runner: long (started first: see scripts/run-tests.js)
// The transmission entry points as users run them: real processes, exit codes, one-line errors, clean shutdown.
import nodeTest, { afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { selectCodecs } from '../../lib/codecs/index.js';
import { ROOT } from '../../lib/paths.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { ratePairs, ratesSettled, rateSlots, summariseRatePasses } from '../../lib/transmission/cpu-at-rate.js';
import { measureSaturation, measureTransmission } from '../../lib/transmission/run.js';

// a hung socket fails its test instead of hanging the suite
const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 60000 }, fn);
test.after = nodeTest.after;

/** @typedef {{ code: number|null, signal: NodeJS.Signals|null, stdout: string, stderr: string }} Exit how an entry point ended */

/** @type {Set<import('node:child_process').ChildProcess>} */
const started = new Set();
test.after(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * Spawns an entry point; resolves with its exit code and output.
 * @param {string} script
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 */
function run(script, args, { env } = {}) {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  /** @type {Promise<Exit>} */
  const done = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done, output: () => stdout };
}

/**
 * Starts server.js and waits for its one "listening on" line.
 * @param {string[]} [args]
 * @param {NodeJS.ProcessEnv} [env]
 */
/** servers a test started and has not stopped: a test that fails before its stopServer leaves one, which the tests
 * after it, that check nothing is left running, would otherwise count as theirs */
const running = new Set();
afterEach(async () => {
  for (const server of running) {
    server.child.kill('SIGKILL');
    await server.done;
  }
  running.clear();
});

async function startServer(args = ['3'], env = {}) {
  const server = run('server.js', [...args], { env: { PORT: '0', ...env } });
  running.add(server);
  /** @type {Promise<string>} */
  const listening = new Promise((resolve, reject) => {
    server.child.stdout.on('data', () => {
      const m = /^listening on (ws:\/\/\S+)\n/.exec(server.output());
      if (m) resolve(m[1]);
    });
    server.done.then((r) => reject(new Error(`server exited: ${r.stderr}`)));
  });
  const url = await listening;
  return { ...server, url, port: Number(new URL(url).port) };
}

/**
 * Waits until the server has seen every client connection close (its plain-HTTP page shows its counters): a starved
 * server can take the SIGTERM before the close of a client's last connection, and print it as still open.
 * @param {{ url: string }} server
 */
async function untilNoneOpen(server) {
  const httpUrl = server.url.replace('ws:', 'http:');
  for (let i = 0; i < 200; i++) {
    if (/\(0 open\)/.test(await fetch(httpUrl).then((res) => res.text()))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** @param {Awaited<ReturnType<typeof startServer>>} server */
async function stopServer(server) {
  server.child.kill('SIGTERM');
  const r = await server.done;
  running.forEach((s) => { if (s.child === server.child) running.delete(s); });
  assert.equal(r.code, 0, r.stderr);
  assertGone(server.child.pid);
  return r;
}

/** @param {number|undefined} pid */
function assertGone(pid) {
  assert.ok(pid !== undefined, 'the process was started');
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `process ${pid} is still running`);
}

/**
 * @param {Exit} r
 * @param {RegExp} pattern
 */
function assertOneLine(r, pattern, code = 2) {
  assert.equal(r.code, code, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], pattern);
}

test('json and protobuf clients: 10,000 messages each, zero loss, --json; the server summarises on SIGTERM and exits', async () => {
  const server = await startServer(['3', '--formats', 'json-buffer,protobufjs-static']);
  assert.equal(server.output(), `listening on ${server.url}\n`);
  // what the clients say they sent, warm-up chunks (a connection each) and all, which the server's count must match
  let sent = 0;
  let connections = 0;
  for (const script of ['client_json.js', 'client_protobuf.js']) {
    const r = await run(script, ['3', '10000', '--url', server.url, '--window', '16', '--json']).done;
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.results.length, 1);
    const [row] = out.results;
    // warm-up chunks of 1,000 (min(1000, M)), every message answered, until the rate stopped rising (four chunks at
    // least to tell) or its second ran out
    assert.equal(row.warmup.acked, row.warmup.messages, JSON.stringify(row.warmup));
    assert.ok(row.warmup.ended === 'settled' ? row.warmup.chunks >= 4 : row.warmup.ended === 'time', JSON.stringify(row.warmup));
    sent += row.messages + row.warmup.messages;
    connections += 1 + row.warmup.chunks;
    assert.equal(row.format, script === 'client_json.js' ? 'json-buffer' : 'protobufjs-static');
    assert.equal(row.status, 'exact');
    assert.deepEqual([row.messages, row.acked, row.lost, row.duplicated, row.errors], [10000, 10000, 0, 0, 0]);
    assert.ok(row.latencyMs.p50 > 0 && row.latencyMs.p50 <= row.latencyMs.p99 && row.latencyMs.p99 <= row.latencyMs.max);
    assert.equal(out.settings.window, 16);
    assert.equal(out.settings.shaper, 'none');
  }
  await untilNoneOpen(server);
  const { stdout } = await stopServer(server);
  // 10,000 measured + the warm-up's chunks per client
  assert.match(stdout, new RegExp(`server summary after [\\d.]+ s: ${sent} messages, \\d+ bytes, ${connections} connections \\(0 open\\), 0 refused upgrades`));
  assert.match(stdout, /errors: 0 decode, 0 malformed frames, 0 over --max-payload/);
});

test('the generic client takes any codec by name; several connections; a text table by default', async () => {
  const server = await startServer(['5']);
  const r = await run('client.js', ['--format', 'json', '5', '2000', '--url', server.url, '--connections', '3', '--window', '4']).done;
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2,000 messages per format after warm-up chunks of 1,000 until the rate settled or their time ran out \(json \d+ chunks?, (settled|still rising)\), closed loop, window 4, 3 connections, no throttling/);
  // CPU per message leads the row: the server's (reported by it), the decode share (— without raw passes), the client's
  assert.match(r.stdout, /\| json +\| +[\d.]+ \| +— \| +[\d.]+ \| +\d+% \/ \d+% \| +[\d,]+ \|.*\| 2,000\/2,000 \| +0\/0\/0 \| exact/);
  await stopServer(server);
});

test('a client that vanishes mid-run does not disturb the server', async () => {
  const server = await startServer(['3']);
  const doomed = run('client_protobuf.js', ['3', '10000000', '--url', server.url, '--window', '8', '--warmup', '0']);
  // a plain GET shows the server's counters: wait until the doomed client is really sending
  const httpUrl = server.url.replace('ws:', 'http:');
  for (;;) {
    const text = await fetch(httpUrl).then((res) => res.text());
    if (/protobufjs-static: [1-9]\d{3,} messages/.test(text)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  doomed.child.kill('SIGKILL');
  await doomed.done;
  const r = await run('client_json.js', ['3', '1000', '--url', server.url, '--json']).done;
  assert.equal(r.code, 0, r.stderr);
  const [row] = JSON.parse(r.stdout).results;
  assert.equal(row.acked, 1000);
  await untilNoneOpen(server);
  const { stdout } = await stopServer(server);
  // the doomed one, then a connection for each warm-up chunk and the measured pass's
  assert.match(stdout, new RegExp(`, ${row.warmup.chunks + 2} connections \\(0 open\\)`));
  assert.match(stdout, /errors: 0 decode, 0 malformed frames/);
});

test('messages not acked make the client exit 1, with one line saying how many and why', async () => {
  const server = await startServer(['3', '--max-payload', '100']);
  const r = await run('client_json.js', ['3', '50', '--url', server.url, '--warmup', '0']).done;
  // the first frame closes the connection: 1 sent and lost, 49 never sent; sizes are per message sent
  assertOneLine(r, /^client_json: json-buffer: 1 lost, 0 duplicated, 0 error ACKs, 49 not sent of 50 messages \(the server closed every connection, the last with close code 1009 \(message too big: over the server's --max-payload\)\)$/, 1);
  const [payload] = resolvePayloads({ numbers: ['3'] });
  assert.match(r.stdout, new RegExp(`\\| json-buffer .*\\| +${payload.jsonBytes} \\| +\\d+ \\|.*\\| +0/50 \\| 1/0/0, 49 not sent \\|`));
  const { stdout } = await stopServer(server);
  assert.match(stdout, /1 over --max-payload \(closed 1009\)/);
});

test('a client sending another payload or schema is refused at the upgrade (409), naming both sides', async () => {
  const server = await startServer(['3']);
  const other = await run('client.js', ['--format', 'protobufjs-static', '4', '10', '--url', server.url]).done;
  assertOneLine(other, /409 Conflict: payload mismatch: server measures test3 as \S+ from test3\.proto \(hash [0-9a-f]{12}\), this client sends test4 as \S+ from test4\.proto \(hash [0-9a-f]{12}\)$/);
  // same data, but an inferred schema instead of proto/test3.proto
  const inferred = await run('client_json.js', ['--data', path.join(ROOT, 'data/test3.json'), '10', '--url', server.url]).done;
  // the file is one message: the hint to give a stream comes first, as a warning of its own
  const [hint, ...rest] = inferred.stderr.split('\n');
  assert.match(hint, /^warning: .*test3\.json holds one message: /);
  assertOneLine({ ...inferred, stderr: rest.join('\n') }, /409 Conflict: payload mismatch: server measures test3 .*test3\.proto.*this client sends .*inferred schema/);
  const same = await run('client_json.js', ['3', '10', '--url', server.url]).done;
  assert.equal(same.code, 0, same.stderr);
  const { stdout } = await stopServer(server);
  assert.match(stdout, /2 refused upgrades/);
});

test('a server that is gone: the client exits non-zero with one clear line', async () => {
  const server = await startServer(['3']);
  await stopServer(server);
  const r = await run('client_protobuf.js', ['3', '10', '--url', server.url]).done;
  assertOneLine(r, new RegExp(`^client_protobuf: cannot connect to ${server.url}/protobufjs-static: connection refused \\(is the server running\\?\\)$`));
  assert.equal(r.stdout, '');
});

test('a port in use: one clear line, exit 2; PORT is honoured', async () => {
  const server = await startServer(['3']);
  const r = await run('server.js', ['3'], { env: { PORT: String(server.port) } }).done;
  assertOneLine(r, new RegExp(`^server: port ${server.port} on 127\\.0\\.0\\.1 is already in use$`));
  await stopServer(server);
});

// 27 processes started one after another, each loading the codecs before it refuses: about 30 s alone, and past the
// 60 s every other test here gets on a CI machine loaded by the other test files (2026-12-01 23:50Z), so its own cap
nodeTest('bad arguments: one line, exit 2', { timeout: 240000 }, async () => {
  assertOneLine(await run('client.js', ['--format', 'nope', '3', '10']).done, /^client: --formats: unknown format "nope"/);
  assertOneLine(await run('client_json.js', ['3', '10', '--format', 'json']).done, /^client_json: client_json always sends json-buffer/);
  assertOneLine(await run('client_json.js', ['3', 'many']).done, /^client_json: M \(the message count\): expected a whole number ≥ 1, got "many"$/);
  assertOneLine(await run('client_json.js', ['3', '0']).done, /^client_json: M \(the message count\): expected a whole number ≥ 1, got "0"$/);
  assertOneLine(await run('client_json.js', ['3', '10', '--throttle', '5g']).done, /^client_json: unknown throttle profile "5g"/);
  // a custom link without its figures, named by the option each command takes it with
  assertOneLine(await run('client_json.js', ['3', '10', '--throttle', 'custom']).done, /^client_json: --throttle: custom needs at least one of --rtt MS, --down KBIT, --up KBIT$/);
  assertOneLine(await run('benchmark_ws.js', ['3', '--profiles', 'custom']).done, /^benchmark_ws: --profiles: custom needs at least one of --rtt MS, --down KBIT, --up KBIT$/);
  assertOneLine(await run('server.js', ['3', '--port', '70000']).done, /^server: --port: expected 0–65535, got 70000$/);
  assertOneLine(await run('server.js', []).done, /^server: give one payload number N/);
  // $PORT named as the source of a bad port (it was reported as --port), and a URL of the right shape that is no URL
  // (a port of letters or over 65535, an unclosed IPv6 bracket) one line, not a TypeError's stack
  assertOneLine(await run('server.js', ['3'], { env: { PORT: 'abc' } }).done, /^server: PORT=abc \(the environment\): expected a port 0–65535$/);
  assertOneLine(await run('client_json.js', ['3', '10'], { env: { PORT: '99999' } }).done, /^client_json: PORT=99999 \(the environment\): expected a port 1–65535$/);
  // a client connects to its port: 0 (a server's "any free port") is none to connect to
  assertOneLine(await run('client_json.js', ['3', '10'], { env: { PORT: '0' } }).done, /^client_json: PORT=0 \(the environment\): expected a port 1–65535$/);
  for (const url of ['ws://127.0.0.1:abc', 'ws://127.0.0.1:70000', 'ws://[::1']) {
    assertOneLine(await run('client_json.js', ['3', '10', '--url', url]).done, new RegExp(`^client_json: --url ${url.replace(/[[.]/g, '\\$&')}: not a valid URL`));
  }
  // a URL of the other scheme names the option it wants (it used to say only "expected ws://HOST:PORT")
  assertOneLine(await run('client_json.js', ['3', '10', '--url', 'wss://127.0.0.1:7070']).done, /^client_json: --url wss:\/\/127\.0\.0\.1:7070: wss:\/\/ is TLS: add --tls \(and --ca FILE/);
  assertOneLine(await run('client_json.js', ['3', '10', '--url', 'ws://127.0.0.1:7070', '--tls', '--ca', 'x.pem']).done, /^client_json: --url ws:\/\/127\.0\.0\.1:7070: ws:\/\/ is plain: leave --tls out$/);
  // --formats leaving the transport nothing it can carry: refused, as the clients and benchmarks refuse it
  assertOneLine(await run('server.js', ['3', '--transport', 'grpc', '--formats', 'json-buffer']).done,
    /^server: --formats json-buffer: the grpc server would serve no format: grpc carries protobufjs-static, .* only$/);
  assertOneLine(await run('server.js', ['3', '--transport', 'connect', '--formats', 'json-buffer,protobufjs-static']).done,
    /^server: --formats json-buffer,protobufjs-static: the connect server would serve no format: connect carries protobuf-es, protobuf-es-json only$/);
  // it prints no results: --json is not taken rather than taken and ignored
  assertOneLine(await run('server.js', ['3', '--json']).done, /^server: unknown option "--json" \(--help lists the options\)$/);
  assertOneLine(await run('benchmark_ws.js', ['3', '--target-p99', '5']).done, /^benchmark_ws: --target-p99 5: only with --sweep$/);
  const help = await run('benchmark_ws.js', ['--help']).done;
  assert.equal(help.code, 0);
  assert.match(help.stdout, /a codec that cannot\s+carry the payload is listed as unsupported and does not change the exit code/);
  assertOneLine(await run('client_json.js', ['3', '20', '--rtt', '100']).done, /^client_json: --rtt is only for the custom link: add --throttle custom \(got --throttle none\)$/);
  assertOneLine(await run('client_json.js', ['3', '20', '--throttle', '3g', '--down', '500', '--up', '100']).done, /^client_json: --down, --up are only for the custom link: add --throttle custom \(got --throttle 3g\)$/);
  assertOneLine(await run('benchmark_ws.js', ['3', '--rtt', '100']).done, /^benchmark_ws: --rtt is only for the custom link: add custom to --profiles \(got none,4g,3g\)$/);
});

test('measureTransmission: the programmatic API runs each codec against its own server and leaves nothing running', async () => {
  const [payload] = resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  /** @type {{ done: number, total: number, format: string, round: number, transport?: string }[]} */
  const progress = [];
  const listeners = () => ['SIGINT', 'SIGTERM', 'exit'].map((e) => process.listenerCount(e));
  const before = listeners();
  const r = await measureTransmission({ payload, codecs, messages: 500, window: 8, onProgress: (p) => progress.push(p) });
  assert.deepEqual(listeners(), before, 'signal handlers for the server child are removed once it has stopped');
  assert.deepEqual(Object.keys(r), ['payload', 'settings', 'results', 'verdicts', 'cpuAtRate']);
  assert.equal(r.cpuAtRate, null, 'no fixed-rate passes unless asked');
  assert.equal(r.settings.rounds, 1);
  assert.equal(r.verdicts[0].winner, null, 'one round names no winner');
  assert.equal(r.payload.id, 'test5');
  assert.equal(r.settings.shaper, 'none');
  assert.deepEqual(r.results.map((x) => x.format), ['protobufjs-static', 'json-buffer']);
  for (const row of r.results) {
    assert.deepEqual([row.acked, row.lost, row.duplicated, row.errors], [500, 0, 0, 0]);
    assert.ok(row.wireBytes && row.wireBytes.frames > row.wireBytes.payload);
    for (const k of ['p50', 'p90', 'p99', 'p999', 'max', 'mean']) assert.equal(typeof row.latencyMs?.[k], 'number');
  }
  assert.deepEqual(progress.at(-1), { done: 500, total: 500, format: 'json-buffer', round: 1 });
  // the server it started is gone: this process has no child left
  const children = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' }).trim().split('\n').filter((l) => l && !/\bps\b/.test(l));
  assert.deepEqual(children, []);
});

test('measureTransmission: through a shaped link the fixed-rate passes stay on the run\'s own server (a shaper relays to one), and nothing is left running', async () => {
  const [payload] = resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  // a link wide enough for the rate, through the built-in emulator
  const r = await measureTransmission({ payload, codecs, messages: 200, rounds: 2, profile: 'custom', rtt: 1, down: 200000, up: 200000, shaper: 'emulator', cpuAtRate: { rate: 500, seconds: 0.2 } });
  assert.equal(r.settings.shaper, 'emulator');
  const at = /** @type {NonNullable<typeof r.cpuAtRate>} */ (r.cpuAtRate);
  assert.equal(at.servers, 1);
  assert.deepEqual(at.serverPids, ['serverPid' in r.settings ? r.settings.serverPid : 'none']);
  for (const f of at.formats) {
    assert.equal(f.passes.length, 4);
    assert.ok(f.passes.every((p) => !('server' in p)), JSON.stringify(f.passes));
    assert.equal('byServer' in f, false);
  }
  const children = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' }).trim().split('\n').filter((l) => l && !/\bps\b/.test(l));
  assert.deepEqual(children, []);
});

// 7 s alone; its closed-loop passes wait on every round trip, and beside CI's other files (two servers, each sent every
// pass) it took 43 s on Node 20 and over 60 s on Node 24: its guard is longer than the file's
nodeTest('benchmark_ws.js --rounds 3: formats alternated, medians with min–max, one verdict per pair, exit 0', { timeout: 180_000 }, async () => {
  const r = await run('benchmark_ws.js', ['5', '--profiles', 'none', '--messages', '300', '--warmup', '50', '--rounds', '3', '--cpu-rate', '1000', '--cpu-seconds', '0.1', '--cpu-max-seconds', '0', '--json']).done;
  assert.equal(r.code, 0, r.stderr);
  /**
   * benchmark_ws --json, as far as this test reads it: a row's figures are the medians of its passes'.
   * @typedef {{ msgsPerSec: number, serverCpuUs: number, serverCpuUsRaw: number, clientCpuUs: number, serverElu: number, clientElu: number }} Figures
   * @typedef {Figures & { messages: number, acked: number, lost: number, decodeShare: number, passes: Figures[], minMax: { msgsPerSec: [number, number] } }} Row
   * @typedef {{ round: number, slot: number, server: number, acked: number, serverCpuUs: number|null, grossCpuUs: number, serverUserUs: number, serverSystemUs: number, idleCpuUsPerSec: number, serverGcMs: number|null,
   *   clientCpuUs: number, clientUserUs: number, clientSystemUs: number, complete: boolean, machineProbes?: number[], serverMsgsPerRead: number }} RatePass
   * @typedef {{ format: string, rate: number, serverCpuUs: number, serverUserUs: number, serverSystemUs: number, clientUserUs: number, clientSystemUs: number, unmeasured: number, lowest: { serverCpuUs: number, range: [number, number], met: boolean }, minMax: { serverCpuUs: [number, number] }, idleCpuUsPerSec: number, passes: RatePass[],
   *   byServer: { server: number, passCount: number, lowest: { serverCpuUs: number } | null }[], serverAgreement: string,
   *   interval: { low: number, high: number } | null, precision: { met: boolean }, serverMsgsPerRead: number }} RateRow
   * @type {{ runs: { settings: { rounds: number, rawPasses: boolean, serverPid: number, placement: { pinned: boolean, note: string|null } }, results: Row[],
   *   verdicts: { formats: string[] }[], cpuAtRate: { rate: number, seconds: number, added: object|null, passesPerRound: number, burst: { messages: number, everyMs: number }, idleSeconds: number, idleWindows: number, servers: number, serverPids: number[], formats: RateRow[], pairs: { formats: string[], ratio: number, lowest: { ratio: number, met: boolean } | null }[],
   *   probe: { referenceOpsPerCpuUs: number, slowed: { format: string, slowedPasses: number, probedPasses: number }[] } } }[] }}
   */
  const { runs: [t] } = JSON.parse(r.stdout);
  // where each side ran is said, pinned or not
  assert.ok(t.settings.placement.pinned || t.settings.placement.note, JSON.stringify(t.settings.placement));
  // server CPU per message at a fixed offered rate: every format, every round, at the asked rate, idle subtracted
  const atRate = t.cpuAtRate;
  assert.deepEqual([atRate.rate, atRate.seconds], [1000, 0.1]);
  assert.deepEqual(atRate.formats.map((f) => f.format), ['protobufjs-static', 'json-buffer']);
  assert.deepEqual([atRate.passesPerRound, atRate.idleSeconds, atRate.idleWindows], [2, 0.1, 2]);
  // at 1,000 msgs/s the Node client sends the passes in writes of 2 messages every 2 ms (cpu-at-rate.js burstAt)
  assert.deepEqual(atRate.burst, { messages: 2, everyMs: 2 });
  // --cpu-max-seconds 0: no round of fixed-rate passes added
  assert.equal(atRate.added, null);
  // two server processes, the run's own first; both gone once the run has ended
  assert.equal(atRate.servers, 2);
  assert.equal(atRate.serverPids[0], t.settings.serverPid);
  assert.ok(atRate.serverPids[1] > 0 && atRate.serverPids[1] !== atRate.serverPids[0], JSON.stringify(atRate.serverPids));
  for (const pid of atRate.serverPids) assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `server ${pid} still running`);
  for (const f of atRate.formats) {
    // two passes a round, told apart by their slot; slot k of round r on server (k + r − 1) mod 2 (the run's own, and
    // a fresh one beside it), so each server takes both slots (cpu-at-rate.js rateSlots)
    assert.deepEqual(f.passes.map((p) => `${p.round}.${p.slot}@${p.server}`), ['1.0@0', '1.1@1', '2.0@1', '2.1@0', '3.0@0', '3.1@1']);
    assert.deepEqual(f.byServer.map((b) => [b.server, b.passCount]), [[0, 3], [1, 3]]);
    for (const b of f.byServer) {
      const own = f.passes.filter((p) => p.server === b.server && p.serverCpuUs !== null).map((p) => /** @type {number} */ (p.serverCpuUs));
      assert.equal(b.lowest?.serverCpuUs ?? null, own.length ? Math.min(...own) : null);
    }
    for (const p of f.passes) {
      assert.equal(p.acked, 100);
      assert.ok(p.complete);
      // a figure net of idle is positive and below the gross; a pass the idle rate left nothing of has none (it is
      // counted as unmeasured, never negative)
      assert.ok(p.idleCpuUsPerSec >= 0 && (p.serverCpuUs === null ? p.grossCpuUs > 0 : p.serverCpuUs > 0 && p.serverCpuUs <= p.grossCpuUs), JSON.stringify(p));
      // the gross figure as the kernel split it: user and system time per message, adding up to it (µs a message,
      // rounding aside)
      assert.ok(p.serverUserUs >= 0 && p.serverSystemUs >= 0 && Math.abs(p.serverUserUs + p.serverSystemUs - p.grossCpuUs) < 1e-6 * p.grossCpuUs + 1e-9, JSON.stringify(p));
      // and the client's CPU per message so split, adding up to its figure
      assert.ok(p.clientUserUs >= 0 && p.clientSystemUs >= 0 && p.clientCpuUs > 0 && Math.abs(p.clientUserUs + p.clientSystemUs - p.clientCpuUs) < 1e-6 * p.clientCpuUs + 1e-9, JSON.stringify(p));
      // the messages a server socket read carried (the WebSocket server counts its reads): at least one read a pass
      assert.ok(p.serverMsgsPerRead > 0 && p.serverMsgsPerRead <= p.acked, JSON.stringify(p));
      // the server's GC pauses of the pass, as its report gave them (a number: zero when none ran)
      assert.ok(typeof p.serverGcMs === 'number' && p.serverGcMs >= 0, JSON.stringify(p));
      // the machine probe's rate in the pass's server, just before and just after it: both servers answer it
      assert.ok(p.machineProbes?.length === 2 && p.machineProbes.every((v) => typeof v === 'number' && v > 0), JSON.stringify(p));
    }
    // a server read carried a burst, or more where the server woke late (the median pass: one tick of the client's
    // timer sends 1 or 2 messages, a read about as many, without the bursts)
    assert.ok(f.serverMsgsPerRead >= 1.5, `messages per server read ${f.serverMsgsPerRead}`);
    const sorted = f.passes.flatMap((p) => (p.serverCpuUs === null ? [] : [p.serverCpuUs])).sort((a, b) => a - b);
    assert.equal(f.unmeasured, 6 - sorted.length);
    assert.ok(sorted.length > 0, 'some pass measured');
    const mid = sorted.length >> 1;
    assert.equal(f.serverCpuUs, sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
    if (sorted.length === 6) {
      // six passes: the 95% interval of their median is their min–max, and it is met only within ±5%
      assert.deepEqual(f.interval && [f.interval.low, f.interval.high], [sorted[0], sorted[5]]);
      assert.equal(f.precision.met, sorted[5] / f.serverCpuUs - 1 <= 0.05 && 1 - sorted[0] / f.serverCpuUs <= 0.05);
    } else {
      assert.equal(f.precision.met, false, 'fewer than six passes: no 95% interval of the median');
    }
    // the fastest passes: the lowest, and how far the third fastest lies from it
    assert.deepEqual([f.lowest.serverCpuUs, ...f.lowest.range], [sorted[0], sorted[0], sorted[Math.min(2, sorted.length - 1)]]);
    // settled when the three fastest agree and so do the two servers
    assert.equal(f.lowest.met, sorted.length >= 3 && (sorted[2] - sorted[0]) / (sorted[2] + sorted[0]) <= 0.05 && f.serverAgreement === 'agree');
    assert.ok(['agree', 'process-dependent', 'bimodal'].includes(f.serverAgreement), f.serverAgreement);
    // and the medians of the passes' user and system time
    const mid3 = (/** @type {number[]} */ v) => [...v].sort((a, b) => a - b).slice(2, 4).reduce((a, b) => a + b) / 2;
    assert.deepEqual([f.serverUserUs, f.serverSystemUs], [mid3(f.passes.map((p) => p.serverUserUs)), mid3(f.passes.map((p) => p.serverSystemUs))]);
    assert.deepEqual([f.clientUserUs, f.clientSystemUs], [mid3(f.passes.map((p) => p.clientUserUs)), mid3(f.passes.map((p) => p.clientSystemUs))]);
  }
  assert.deepEqual(atRate.pairs.map((p) => p.formats), [['protobufjs-static', 'json-buffer']]);
  // the passes on a slowed core, by the probes: the run's reference is its upper-quartile probe (a quarter of the way
  // down from the fastest, at least the third: 24 readings here, so the sixth), a pass is slowed when either of its
  // probes read below 80% of it
  const probes = atRate.formats.flatMap((f) => f.passes.flatMap((p) => p.machineProbes ?? [])).sort((a, b) => b - a);
  const reference = probes[Math.max(3, Math.ceil(probes.length / 4)) - 1];
  assert.equal(atRate.probe.referenceOpsPerCpuUs, reference);
  assert.deepEqual(atRate.probe.slowed, atRate.formats.map((f) => ({ format: f.format, slowedPasses: f.passes.filter((p) => (p.machineProbes ?? []).some((v) => v < 0.8 * reference)).length, probedPasses: 6 })));
  const [pb, json] = atRate.formats;
  assert.equal(atRate.pairs[0].lowest?.ratio, json.lowest.serverCpuUs / pb.lowest.serverCpuUs);
  assert.equal(t.settings.rounds, 3);
  for (const row of t.results) {
    assert.equal(row.passes.length, 3);
    assert.deepEqual([row.messages, row.acked, row.lost], [900, 900, 0], 'accounting is summed over the rounds');
    const rates = row.passes.map((p) => p.msgsPerSec).sort((a, b) => a - b);
    assert.deepEqual(row.minMax.msgsPerSec, [rates[0], rates[2]]);
    assert.equal(row.msgsPerSec, rates[1]);
    // the server (its own process) reported its CPU per message; raw passes give the decode share
    // each figure is the middle of its three passes, the passes' CPU per message is µs: no process can spend more
    // CPU per message than the wall time per message on every core, and event-loop use is a fraction
    const middle = (/** @type {keyof Figures} */ k) => row.passes.map((p) => p[k]).sort((a, b) => a - b)[1];
    for (const k of /** @type {const} */ (['serverCpuUs', 'serverCpuUsRaw', 'clientCpuUs'])) assert.equal(row[k], middle(k), k);
    const wallUs = 1e6 / Math.min(...row.passes.map((p) => p.msgsPerSec));
    for (const p of row.passes) {
      for (const k of /** @type {const} */ (['serverCpuUs', 'serverCpuUsRaw', 'clientCpuUs'])) assert.ok(p[k] > 0 && p[k] <= wallUs * os.availableParallelism(), `${k} ${p[k]} µs/msg at ${wallUs.toFixed(1)} µs/msg of wall time`);
      for (const k of /** @type {const} */ (['serverElu', 'clientElu'])) assert.ok(p[k] > 0 && p[k] <= 1, `${k} ${p[k]}`);
    }
    // the decode share's arithmetic is checked with literal figures in test/unit/transmission/rounds.test.js; here it
    // must come from these two figures: below 1, and positive exactly when decoding costs the server more
    assert.ok(row.decodeShare < 1 && Math.sign(row.decodeShare) === Math.sign(row.serverCpuUs - row.serverCpuUsRaw));
  }
  assert.equal(t.settings.rawPasses, true);
  assert.equal(t.verdicts.length, 1);
  assert.deepEqual(t.verdicts[0].formats, ['protobufjs-static', 'json-buffer']);
  assertOneLine(await run('benchmark_ws.js', ['5', '--rounds', '0']).done, /^benchmark_ws: --rounds: expected a whole number ≥ 1, got "0"$/);
  assertOneLine(await run('benchmark_ws.js', ['5', '--cpu-rate', '0']).done, /^benchmark_ws: --cpu-rate: expected a number ≥ 0.001, got "0"$/);
  assertOneLine(await run('benchmark_ws.js', ['5', '--cpu-max-seconds', '-1']).done, /^benchmark_ws: --cpu-max-seconds: expected a number ≥ 0, got "-1"$/);
  for (const other of [['--cpu-rate', 'off'], ['--profiles', '3g'], ['--client', 'chromium']]) {
    assertOneLine(await run('benchmark_ws.js', ['5', '--cpu-max-seconds', '10', ...other]).done, /^benchmark_ws: --cpu-max-seconds: adds fixed-rate passes, which run only on the none profile and without --cpu-rate off or --client$/);
  }
  assertOneLine(await run('benchmark_ws.js', ['5', '--placement', 'pinned']).done, /^benchmark_ws: --placement: expected auto or off, got "pinned"$/);
});

// about 30 s alone (two runs): one round, then up to 20 s (3 s) of fixed-rate rounds alone (a round of four 0.1 s passes took about 1.5 s)
nodeTest('benchmark_ws.js --cpu-max-seconds S: rounds of fixed-rate passes alone are added while the formats\' ratio is wider than its target, and stop at the first that narrows it', { timeout: 120_000 }, async () => {
  const r = await run('benchmark_ws.js', ['5', '--profiles', 'none', '--messages', '100', '--warmup', '20', '--rounds', '1', '--cpu-rate', '1000', '--cpu-seconds', '0.1', '--cpu-max-seconds', '20', '--json']).done;
  assert.equal(r.code, 0, r.stderr);
  /** @type {{ runs: { cpuAtRate: { added: { maxSeconds: number, rounds: number, settled: boolean }, pairs: { precision: { met: boolean } }[], formats: Array<{ format: string, lowest: { met: boolean }, passes: Array<{ round: number, slot: number, server: number }> }> } }[] }} */
  const { runs: [t] } = JSON.parse(r.stdout);
  const { added, formats } = t.cpuAtRate;
  // one round gives two pairs of passes, too few for an interval of their ratio's median: at least one round is added
  assert.equal(added.maxSeconds, 20);
  assert.ok(added.rounds >= 1, JSON.stringify(added));
  for (const f of formats) {
    // the added rounds are numbered on from the run's one, two passes each, in the servers' turn (rateSlots)
    const expected = Array.from({ length: 1 + added.rounds }, (_, k) => k + 1).flatMap((round) => rateSlots(round, 2, 2).map((x) => `${round}.${x.slot}@${x.server}`));
    assert.deepEqual(f.passes.map((p) => `${p.round}.${p.slot}@${p.server}`), expected, f.format);
  }
  // settled: the pair's ratio met its target, as recomputed from the passes; and the round before the last had not
  // (the rounds stop at the first that settles it)
  const settledOver = (/** @type {number} */ lastRound) => {
    const rows = formats.map((f) => summariseRatePasses(f.format, 1000, /** @type {any} */ (f.passes).filter((/** @type {{ round: number }} */ p) => p.round <= lastRound)));
    return ratesSettled(rows, ratePairs(rows));
  };
  assert.equal(added.settled, settledOver(1 + added.rounds));
  assert.equal(added.settled, t.cpuAtRate.pairs[0].precision.met);
  assert.equal(settledOver(added.rounds), false);
  const text = await run('benchmark_ws.js', ['5', '--profiles', 'none', '--messages', '100', '--warmup', '20', '--rounds', '1', '--cpu-rate', '1000', '--cpu-seconds', '0.1', '--cpu-max-seconds', '3']).done;
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^Server CPU per message at a fixed 1,000 msgs\/s \(open loop, 2 passes of 0\.1 s per format in each of 1 rounds(, then \d+ rounds? of these passes alone (until the ratio met ±5%|for 3 s, the ratio still wider than ±5%)|, no round added \(no time for one\)), formats alternated; .*; user \+ system: the median over passes of each, .*:$/m);
  // the passes go out in bursts of the rate's messages in 2 ms, and the line says what a server read carried, and
  // whether the formats' reads carried more than 10% apart (CI's loaded machine: 4.5 and 6.3, late wake-ups reading
  // two bursts at once)
  assert.match(text.stdout, /^Server CPU per message at a fixed 1,000 msgs\/s \(.*formats alternated; sent in writes of 2 messages every 2 ms \(a server read carried [\d.]+ and [\d.]+ messages on the median pass of each format(; reads carried more than 10% apart, so part of the formats' difference is how many reads each took)?\); /m);
  // each format's row: its idle rate, then its user and system time per message, then the client's, split so too
  assert.match(text.stdout, /^ {2}json-buffer .* µs\/s; user [\d.]+ \+ system [\d.]+ µs\/msg; client [\d.]+ µs\/msg, user [\d.]+ \+ system [\d.]+ µs\/msg/m);
  assert.match(text.stdout, /\(sockets, wake-ups\), and after the client's figure the client's CPU per message split so:$/m);
});

test('measureSaturation: rates double until a probe misses the p99 target, and a target nothing meets names no rate', async () => {
  const [payload] = resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('protobufjs-static');
  /** @type {{ format: string, rate: number, p99: number|null, ok: boolean }[]} */
  const probes = [];
  // a second is a target loopback at these rates always meets: the doubling runs to maxRate
  const [easy] = await measureSaturation({ payload, codecs, targetP99Ms: 1000, fromRate: 250, maxRate: 1000, seconds: 0.2, onProbe: (p) => probes.push(p) });
  assert.deepEqual(probes.map((p) => p.rate), [250, 500, 1000]);
  assert.deepEqual([easy.format, easy.maxRate, easy.failedRate], ['protobufjs-static', 1000, null]);
  // a microsecond is below what the histogram can record: the first probe fails, and no bisection follows
  const [hard] = await measureSaturation({ payload, codecs, targetP99Ms: 0.001, fromRate: 250, seconds: 0.2 });
  assert.deepEqual([hard.maxRate, hard.failedRate, hard.probes.length], [null, 250, 1]);
  // lib types a probe as object: the one figure read here, with checks that narrow it
  const [probe] = hard.probes;
  const uncorrected = probe && 'latencyUncorrectedMs' in probe ? probe.latencyUncorrectedMs : null;
  assert.ok(uncorrected && typeof uncorrected === 'object' && 'p99' in uncorrected && typeof uncorrected.p99 === 'number' && uncorrected.p99 > 0,
    'an open-loop probe has the uncorrected percentiles too');
  assertOneLine(await run('benchmark_ws.js', ['5', '--sweep', '--rate', '100']).done, /^benchmark_ws: --sweep chooses the rates itself/);
  // the browser client does one closed-loop pass: a sweep must be refused, not run silently by the Node client
  assertOneLine(await run('benchmark_ws.js', ['5', '--client', 'chromium', '--sweep']).done, /^benchmark_ws: --client chromium: no --sweep/);
  // nor does it compress: --deflate is refused before a browser starts
  assertOneLine(await run('benchmark_ws.js', ['5', '--client', 'chromium', '--deflate']).done, /^benchmark_ws: --client chromium: uploads only, without --compress, --deflate or --tls$/);
});

for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGTERM', 'SIGINT'])) {
  test(`benchmark_ws.js signalled alone (${signal}) takes its server.js child with it and exits ${signal === 'SIGINT' ? 130 : 143}`, async () => {
    const bench = run('benchmark_ws.js', ['3', '--messages', '2000000', '--profiles', 'none']);
    const childrenOf = (/** @type {number|undefined} */ pid) => {
      try {
        return execFileSync('ps', ['--ppid', String(pid), '-o', 'pid=,args='], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
      } catch {
        return []; // ps exits 1 when there is none
      }
    };
    /** @type {string|undefined} */
    let server;
    while (!server) {
      assert.equal(bench.child.exitCode, null, 'benchmark_ws.js ended before its server started');
      server = childrenOf(bench.child.pid).find((l) => l.includes('server.js'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const serverPid = Number(server.trim().split(/\s+/)[0]);
    try {
      bench.child.kill(signal);
      const r = await bench.done;
      assert.equal(r.code, signal === 'SIGINT' ? 130 : 143, r.stderr);
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(serverPid, 0);
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assertGone(serverPid);
    } finally {
      // without the fix, the orphan this test started through benchmark_ws.js would stay: end it
      try { process.kill(serverPid, 'SIGKILL'); } catch { /* gone, as it should be */ }
    }
  });
}


test('benchmark_ws.js --cpu-rate: a burst of the largest messages fits one 64 KiB socket read (burstAt\'s cap, wired through the run)', async () => {
  // messages of about 8 KB of JSON: at 5,000 msgs/s a 2 ms burst would be 10 of them (80 KB), over one read of 64 KiB
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvj-burst-'));
  try {
    const messages = Array.from({ length: 20 }, (_, i) => ({ id: i, text: `${i} ${'x'.repeat(7990)}` }));
    const file = path.join(dir, 'big.json');
    fs.writeFileSync(file, JSON.stringify(messages));
    const largest = Math.max(...messages.map((m) => Buffer.byteLength(JSON.stringify(m))));
    const r = await run('benchmark_ws.js', ['--data', file, '--profiles', 'none', '--messages', '40', '--warmup', '10', '--rounds', '1', '--cpu-rate', '5000', '--cpu-seconds', '0.05', '--cpu-max-seconds', '0', '--json']).done;
    assert.equal(r.code, 0, r.stderr);
    const { runs: [t] } = JSON.parse(r.stdout);
    const { burst } = t.cpuAtRate;
    // the JSON message and its WebSocket frame (a client frame of this size adds 8 bytes: 2 of header, 2 of
    // length, 4 of mask) fit 8 times in 65,536 bytes, not the rate's 10; the bursts come that much more often
    assert.equal(burst.messages, Math.floor(65536 / (largest + 8)));
    assert.ok(burst.messages < 10, JSON.stringify(burst));
    assert.equal(burst.everyMs, (burst.messages * 1000) / 5000);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
