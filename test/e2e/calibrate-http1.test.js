// scripts/calibrate-http1.js end to end on a few hundred requests: the toolkit's client, undici alone and autocannon
// each answered every request on the toolkit's http1 server, and the script prints a ratio per format (its value is
// the machine's, not the test's).
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 120000 }, fn);
const calibrate = (/** @type {string[]} */ args) => spawnSync(process.execPath, ['scripts/calibrate-http1.js', ...args], { cwd: ROOT, encoding: 'utf8' });

test('calibrate-http1.js: every request of every client answered 204, one ratio per format', () => {
  const run = calibrate(['3', '--requests', '300', '--rounds', '2', '--pipelining', '4']);
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.split('\n').filter((l) => /: ratio /.test(l));
  assert.equal(lines.length, 2, run.stdout);
  for (const [i, format] of ['protobufjs-static', 'json-buffer'].entries()) {
    assert.match(lines[i], new RegExp(`^${format} \\(.+, [\\d,]+ B bodies\\): toolkit [\\d,]+ requests/s, autocannon [\\d,]+: ratio \\d+\\.\\d\\d \\(rounds \\d+\\.\\d\\d–\\d+\\.\\d\\d\\); undici alone`));
  }
  assert.match(run.stdout, /1 connection\(s\), pipelining 4, 300 requests per pass, 2 alternating rounds/);
  // each round ran each client: 3 clients × 2 rounds × 2 formats
  assert.equal(run.stderr.split('\n').filter((l) => /^round \d\/2 /.test(l)).length, 12, run.stderr);
});

test('calibrate-http1.js --json: requests/s of each client per round; bad input is one line, exit 2', () => {
  const run = calibrate(['3', '--formats', 'protobufjs-static', '--requests', '200', '--rounds', '2', '--connections', '2', '--json']);
  assert.equal(run.status, 0, run.stderr);
  const { settings, formats: [f] } = JSON.parse(run.stdout);
  const { placement, ...rest } = /** @type {{ placement: { pinned: boolean, note: string|null } }} */ (settings);
  assert.deepEqual(rest, { payload: 'test3', requests: 200, rounds: 2, connections: 2, pipelining: 1, method: 'POST', answer: 204 });
  assert.ok(placement.pinned || placement.note, 'where the server and the clients ran, or why not');
  for (const client of ['toolkit', 'undici', 'autocannon']) {
    assert.equal(f[client].length, 2);
    for (const v of f[client]) assert.ok(v > 0 && Number.isFinite(v));
  }
  assert.equal(f.ratio.toFixed(6), median2([f.toolkit[0] / f.autocannon[0], f.toolkit[1] / f.autocannon[1]]).toFixed(6));
  const bad = calibrate(['3', '--pipelining', '0']);
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr.trim().split('\n').length, 1, bad.stderr);
  assert.match(bad.stderr, /--pipelining: expected a whole number ≥ 1, got "0"/);
});

const median2 = (/** @type {[number, number]} */ [a, b]) => (a + b) / 2;
