// Option errors: one line naming the option and the value, whatever node:util parseArgs says (issue 16).
import test from 'node:test';
import assert from 'node:assert/strict';
import { numberOption, parseCli, PAYLOAD_OPTIONS } from '../../../lib/cli/index.js';
import { UserError } from '../../../lib/errors.js';

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = { ...PAYLOAD_OPTIONS, 'max-time': { type: 'string' }, rounds: { type: 'string' } };
const refused = (/** @type {() => unknown} */ fn, /** @type {RegExp} */ pattern) => assert.throws(fn, (err) => err instanceof UserError && pattern.test(err.message) && !err.message.includes('\n'));

test('a negative number is the option\'s value, so the number check names it (not "argument is ambiguous")', () => {
  const { values } = parseCli(['--max-time', '-1'], OPTIONS);
  assert.equal(values['max-time'], '-1');
  refused(() => numberOption(values['max-time'], 'max-time', { min: 0.05 }), /^--max-time: expected a number ≥ 0\.05, got "-1"$/);
  assert.equal(parseCli(['--rounds', '-2.5'], OPTIONS).values.rounds, '-2.5');
  // a flag after an option is still a flag, not its value
  refused(() => parseCli(['--max-time', '--json'], OPTIONS), /^--max-time: needs a value, got the option "--json"$/);
});

test('an unknown flag is named whole, on one line', () => {
  refused(() => parseCli(['--a-rather-long-unknown-flag-name'], OPTIONS), /^unknown option "--a-rather-long-unknown-flag-name" \(--help lists the options\)$/);
  refused(() => parseCli(['--nope=3'], OPTIONS), /^unknown option "--nope=3"/);
});

test('an empty value is refused, not read as the default', () => {
  refused(() => parseCli(['--formats', ''], OPTIONS), /^--formats: empty value/);
  refused(() => parseCli(['--formats='], OPTIONS), /^--formats: empty value/);
  refused(() => parseCli(['--data', '  '], OPTIONS), /^--data: empty value/);
});

test('a switch given a value names both', () => {
  refused(() => parseCli(['--json=3'], OPTIONS), /^--json: takes no value \(it is a switch\), got "3"$/);
  // an option with a short alias too (parseArgs quotes it as '-h, --help'): named as typed
  refused(() => parseCli(['--help=1'], OPTIONS), /^--help: takes no value \(it is a switch\), got "1"$/);
  /** @satisfies {import('node:util').ParseArgsOptionsConfig} */
  const out = { out: { type: 'string', short: 'o' } };
  refused(() => parseCli(['--out'], out), /^--out: needs a value$/);
  refused(() => parseCli(['-o'], out), /^-o: needs a value$/);
});

test('--help is taken by every entry point, including one whose option table does not name it', async () => {
  assert.equal(parseCli(['--help'], { json: { type: 'boolean' } }).values.help, true);
  assert.equal(parseCli([], { json: { type: 'boolean' } }).values.help, false);
  const { spawnSync } = await import('node:child_process');
  const { ROOT } = await import('../../../lib/paths.js');
  for (const script of ['scripts/tls-share.js', 'scripts/calibrate-http1.js']) {
    const r = spawnSync(process.execPath, [script, '--help'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, `${script}: ${r.stderr}`);
    assert.match(r.stdout, new RegExp(`^usage: node ${script}`));
  }
});

test('a help says what every option it offers does, and only what applies to that entry point', async () => {
  const { spawnSync } = await import('node:child_process');
  const { ROOT } = await import('../../../lib/paths.js');
  const help = (/** @type {string} */ script) => {
    const r = spawnSync(process.execPath, [script, '--help'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, `${script}: ${r.stderr}`);
    return r.stdout;
  };
  // scripts/tls-share.js: each option of its synopsis has an entry of its own, with a word of explanation
  const tls = help('scripts/tls-share.js');
  const offered = [...tls.split('\n')[0].matchAll(/\[(--[a-z-]+)/g)].map((m) => m[1]);
  assert.deepEqual(offered, ['--transport', '--formats', '--direction', '--messages', '--rounds', '--window', '--pipelining', '--json']);
  for (const option of offered) assert.match(tls, new RegExp(`^ {2}${option}( [A-Za-z,]+)? +\\S`, 'm'), `${option} explained`);
  // the one-format clients connect to a server already running and send one format: no several-format default,
  // no placement of a server this run starts; client.js, which takes several formats, keeps the rounds' rule
  for (const script of ['client_json.js', 'client_protobuf.js']) {
    const text = help(script);
    assert.match(text, /^ {2}--rounds R {10}passes, one after another \(default 1\)$/m, script);
    assert.doesNotMatch(text, /several|--placement|a server this run starts/, script);
  }
  const client = help('client.js');
  assert.match(client, /^ {2}--rounds R {10}passes per format, formats alternated \(default 1 for one format, 5 for several\);$/m);
  assert.doesNotMatch(client, /--placement/, 'client.js too connects to a running server: nothing to place');
  // benchmark_ws.js starts its server: its placement stays
  assert.match(help('benchmark_ws.js'), /^ {2}--placement auto\|off {2}auto \(default\): a server this run starts/m);
});

test('every tool\'s --help names the unit of its --timeout and --warmup, which differ between tools (docs/suite.md)', async () => {
  const { spawnSync } = await import('node:child_process');
  const { ROOT } = await import('../../../lib/paths.js');
  const seconds = /^ {2}--timeout S +give up when no answer arrives for S seconds \(not milliseconds; default 10\)$/m;
  const messages = /^ {2}--warmup N +N messages \(a count, not seconds\) sent first/m;
  /** @type {Array<[string, RegExp[]]>} */
  const expected = [
    ['benchmark.js', [/^ {2}--warmup S +override the mode's longest warm-up per speed case, in seconds of CPU$/m]],
    ['benchmark_dss.js', [/^ {2}--warmup S +longest warm-up per case, in seconds of CPU,/m]],
    ['benchmark_artillery.js', [/^ {2}--warmup S +seconds \(wall clock\) of the warm-up phase/m,
      /^ {2}--timeout MS +milliseconds \(not seconds, unlike the other tools' --timeout\)/m]],
    ...['benchmark_ws.js', 'benchmark_transport.js', 'client.js', 'client_json.js', 'client_protobuf.js'].map((s) => /** @type {[string, RegExp[]]} */ ([s, [seconds, messages]])),
  ];
  for (const [script, patterns] of expected) {
    const r = spawnSync(process.execPath, [script, '--help'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, `${script}: ${r.stderr}`);
    const entries = r.stdout.split('\n').filter((l) => /^ {2}--(timeout|warmup) /.test(l));
    assert.equal(entries.length, patterns.length, `${script}: ${entries.join(' / ')}`);
    for (const p of patterns) assert.match(r.stdout, p, script);
  }
});
