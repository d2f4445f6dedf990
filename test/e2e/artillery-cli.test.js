// benchmark_artillery.js, report.js --artillery and scripts/artillery.js as users run them, without Artillery itself:
// bad input is one line and exit 2, a target is checked before a script is written, a report is read back into the
// toolkit's three files, and the installer says in one line what it installs (npm is a stand-in here).
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import semver from 'semver';
import { runProcess, startProcess } from '../../lib/child-process.js';
import { ROOT } from '../../lib/paths.js';
import { ARTILLERY } from '../../lib/runtimes/install/artillery.js';

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 60000 }, fn);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'artillery-cli-'));
/** @type {import('../../lib/child-process.js').StartedProcess[]} */
const servers = [];
nodeTest.after(async () => {
  for (const s of servers) await s.stop(2000);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Runs an entry point of the repository to its end.
 * @param {string} script
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
const run = (script, args, env = {}) => runProcess(process.execPath, [path.join(ROOT, script), ...args], { env, timeoutMs: 50000 });

/**
 * node server.js with these arguments on an ephemeral port; resolves with its URL.
 * @param {string[]} args
 */
async function startServer(args) {
  const server = startProcess(process.execPath, [path.join(ROOT, 'server.js'), ...args, '--port', '0'], { env: { PORT: '' } });
  servers.push(server);
  for (let i = 0; i < 200; i++) {
    const m = /^listening on (\S+)$/m.exec(server.output().stdout);
    if (m) return m[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server.js ${args.join(' ')} did not start: ${server.output().stderr}`);
}

/**
 * Asserts an exit 2 with one line on stderr matching `why`, and nothing written.
 * @param {import('../../lib/child-process.js').ProcessOutcome} out
 * @param {RegExp} why
 */
function refused(out, why) {
  assert.equal(out.code, 2, out.stderr);
  assert.equal(out.stderr.trim().split('\n').length, 1, out.stderr);
  assert.match(out.stderr, why);
}

test('benchmark_artillery.js: an unknown transport or format, a bad target, a server that is down: one line, exit 2, no script', async () => {
  const out = path.join(tmp, 'bad.yml');
  refused(await run('benchmark_artillery.js', ['3', '--transports', 'ws,smtp', '--target', 'x', '--out', out]), /^benchmark_artillery: --transports smtp: unknown \(known: ws, http1/);
  // it writes a script and prints no results: --json is not taken rather than taken and ignored
  refused(await run('benchmark_artillery.js', ['3', '--target', 'ws://127.0.0.1:9', '--out', out, '--json']), /^benchmark_artillery: unknown option "--json" \(--help lists the options\)\n$/);
  refused(await run('benchmark_artillery.js', ['3', '--formats', 'protobuff', '--target', 'ws://127.0.0.1:9', '--out', out]), /--formats: unknown format "protobuff"/);
  refused(await run('benchmark_artillery.js', ['3', '--transports', 'ws,grpc', '--target', 'ws://127.0.0.1:9', '--out', out]), /with several transports give transport=URL/);
  refused(await run('benchmark_artillery.js', ['3', '--transports', 'grpc', '--formats', 'json', '--target', 'http://127.0.0.1:9', '--out', out]), /^benchmark_artillery: --formats json: /);
  // --timeout is milliseconds here and seconds elsewhere (and in Artillery's own config): a value that reads as
  // seconds is refused with the milliseconds meant
  refused(await run('benchmark_artillery.js', ['3', '--target', 'ws://127.0.0.1:9', '--out', out, '--timeout', '120']),
    /^benchmark_artillery: --timeout 120: expected whole milliseconds, at least 1000 \(120 seconds is --timeout 120000\)\n$/);
  refused(await run('benchmark_artillery.js', ['3', '--target', 'ws://127.0.0.1:9', '--out', out, '--timeout', '5s']),
    /^benchmark_artillery: --timeout 5s: expected whole milliseconds, at least 1000 \(5 seconds is --timeout 5000\)\n$/);
  // no such advice where the figure meant is itself below the least
  refused(await run('benchmark_artillery.js', ['3', '--target', 'ws://127.0.0.1:9', '--out', out, '--timeout', '0.05']),
    /^benchmark_artillery: --timeout 0\.05: expected whole milliseconds, at least 1000\n$/);
  // port 9 (discard) has nothing listening here: the check finds the server down
  refused(await run('benchmark_artillery.js', ['3', '--target', 'ws://127.0.0.1:9', '--out', out]), /cannot connect to ws:\/\/127\.0\.0\.1:9\/.*connection refused/);
  assert.equal(fs.existsSync(out), false);
});

test('benchmark_artillery.js: a target that serves another payload refuses it (409), and the script is not written', async () => {
  const ws = await startServer(['1', '--transport', 'ws']);
  const http1 = await startServer(['1', '--transport', 'http1']);
  const out = path.join(tmp, 'other.yml');
  refused(await run('benchmark_artillery.js', ['3', '--target', ws, '--out', out]), /409 Conflict: payload mismatch: server measures test1/);
  refused(await run('benchmark_artillery.js', ['3', '--transports', 'http1', '--target', http1, '--out', out]), /409|payload mismatch/);
  assert.equal(fs.existsSync(out), false);
});

test('benchmark_artillery.js writes a script Artillery can run: the scenarios, phases and the payload in config.pvj', async () => {
  const ws = await startServer(['3', '--transport', 'ws']);
  const out = path.join(tmp, 'ok.yml');
  const r = await run('benchmark_artillery.js', ['3', '--target', ws, '--rate', '500', '--duration', '30', '--warmup', '5', '--messages-per-user', '50', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2 scenario\(s\) \(ws protobufjs-static, ws json-buffer\), each offered 500 msgs\/s, 5 s warm-up then 30 s measured/);
  const script = YAML.parse(fs.readFileSync(out, 'utf8'));
  assert.deepEqual(script.config.phases, [{ name: 'warm-up', duration: 5, arrivalRate: 20 }, { name: 'measured', duration: 30, arrivalRate: 20 }]);
  assert.deepEqual(script.config.engines, { pvj: {} });
  assert.deepEqual(script.scenarios.map((/** @type {{ name: string }} */ s) => s.name), ['ws protobufjs-static', 'ws json-buffer']);
  assert.equal(typeof script.config.pvj.payload, 'string');
  // --no-check writes a script for a server that is not up yet
  const later = path.join(tmp, 'later.yml');
  const r2 = await run('benchmark_artillery.js', ['3', '--target', 'ws://127.0.0.1:9', '--no-check', '--out', later]);
  assert.equal(r2.code, 0, r2.stderr);
  assert.ok(fs.existsSync(later));
});

test('report.js --artillery: a real report back as results.json, report.md and report.html; a file that is not one is refused', async () => {
  const dir = path.join(tmp, 'report');
  const report = path.join(ROOT, 'test/unit/results/fixtures/artillery-report.json');
  const r = await run('report.js', ['--artillery', report, '--out', dir]);
  assert.equal(r.code, 0, r.stderr);
  const results = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8'));
  assert.deepEqual(results.transports[0].results.map((/** @type {{ format: string }} */ x) => x.format).sort(), ['grpc protobufjs-static', 'ws json-buffer', 'ws protobufjs-static']);
  // without --script the payload is unnamed: a short id (it leads every figure's name in compare.js), the title says
  // how to name it; and no steal, which would be the reading machine's, not the run's
  assert.equal(results.payloads[0].payload.id, 'unnamed');
  assert.match(results.payloads[0].payload.title, /give --script to name it/);
  assert.equal(results.environment.steal, null);
  const md = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
  assert.doesNotMatch(md, /steal \d/);
  assert.match(md, /## Artillery: JSON vs protobuf by transport/);
  assert.match(md, /\| transport \| format +\| messages \| acked \| +lost \| errors \| msgs\/s \| min–max \| payload B\/msg \| wire B\/msg \| p50 ms \| p90 ms \| p99 ms \|/);
  assert.match(md, /- JSON over WebSocket vs protobuf over WebSocket: /);
  assert.match(md, /- JSON over WebSocket vs protobuf over WebSocket, latency of the protobuf side over the JSON side's, median of 3 period\(s\): p50 \d+\.\d\d× \(.*\), p99 /);
  const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
  assert.match(html, /<section id="artillery"><h2>Artillery: JSON vs protobuf by transport/);
  assert.match(html, /<th[^>]*>p99 ms<\/th>/);
  // re-rendering the results.json written gives the same report
  fs.mkdirSync(path.join(tmp, 'again'));
  const again = await run('report.js', [path.join(dir, 'results.json'), '--out', path.join(tmp, 'again')]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(fs.readFileSync(path.join(tmp, 'again', 'report.md'), 'utf8'), md);
  refused(await run('report.js', ['--artillery', path.join(ROOT, 'package.json'), '--out', path.join(tmp, 'no')]), /--artillery .*package\.json: not an Artillery JSON report/);
  assert.equal(fs.existsSync(path.join(tmp, 'no')), false);
});

test('scripts/artillery.js --help: its usage on any Node, exit 0, nothing installed (a command\'s --help goes to Artillery)', async () => {
  const cache = path.join(tmp, 'help-cache');
  fs.mkdirSync(cache);
  for (const flag of ['--help', '-h']) {
    const r = await run('scripts/artillery.js', [flag], { PVJ_RUNTIME_CACHE: cache });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^usage: node scripts\/artillery\.js COMMAND \[ARGUMENTS\] {3}\(every argument goes to Artillery 2\.0\.34\)\n/);
    assert.match(r.stdout, /Artillery needs Node ≥ 22\.18\.0/);
  }
  assert.deepEqual(fs.readdirSync(cache), []);
});

test('scripts/artillery.js: a Node below 22.18 gets one line and exit 2; otherwise a first use installs with one line, with the browser download off', async (t) => {
  if (semver.lt(process.versions.node, ARTILLERY.node)) {
    refused(await run('scripts/artillery.js', ['--version']), /^artillery: Artillery 2\.0\.34 needs Node ≥ 22\.18\.0; this is Node /);
    return;
  }
  // an npm stand-in that records its arguments and environment, and puts an Artillery in place that prints its own
  const bin = path.join(tmp, 'npm-stand-in');
  const cache = path.join(tmp, 'cache');
  fs.writeFileSync(bin, `#!/bin/sh
prefix=""; prev=""
for a in "$@"; do [ "$prev" = "--prefix" ] && prefix="$a"; prev="$a"; done
echo "$* PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=$PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD" > "${tmp}/npm-call"
mkdir -p "$prefix/node_modules/artillery/bin"
printf 'console.log("stand-in artillery", process.argv.slice(2).join(" "), process.env.NODE_PATH.split(":")[0], process.env.ARTILLERY_DISABLE_TELEMETRY)\\n' > "$prefix/node_modules/artillery/bin/run"
`, { mode: 0o755 });
  const r = await runProcess(process.execPath, ['--input-type=module', '-e', `
    import { ensureArtillery } from ${JSON.stringify(path.join(ROOT, 'lib/runtimes/install/artillery.js'))};
    const a = await ensureArtillery({ cacheDir: ${JSON.stringify(cache)}, npm: ${JSON.stringify(bin)}, onProgress: (l) => console.error(l) });
    console.log(a.source, a.bin);`], { timeoutMs: 30000 });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  assert.match(r.stderr, /^installing artillery@2\.0\.34 from the npm registry into .*artillery-2\.0\.34 \(first use: /);
  assert.match(fs.readFileSync(path.join(tmp, 'npm-call'), 'utf8'), /^install --prefix .* --ignore-scripts .*artillery@2\.0\.34 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1$/m);
  assert.match(r.stdout, /^installed .*artillery-2\.0\.34\/node_modules\/artillery\/bin\/run$/m);
  const used = await run('scripts/artillery.js', ['--version'], { PVJ_RUNTIME_CACHE: cache });
  assert.equal(used.code, 0, used.stderr);
  assert.equal(used.stderr, '', 'installed already: nothing to say');
  assert.equal(used.stdout.trim(), `stand-in artillery --version ${path.join(ROOT, 'packages')} true`);
  t.diagnostic('ran on Node ≥ 22.18: the install path with a stand-in npm');
});
