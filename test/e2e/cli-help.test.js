// The entry points' --help as users run them (each a process of its own): what every help offers and says, and the
// units of options that share a name across tools. The option parsing they rest on is test/unit/cli/options.test.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

/**
 * An entry point's --help: exit 0, the text on stdout.
 * @param {string} script relative to the project's folder
 */
function help(script) {
  const r = spawnSync(process.execPath, [script, '--help'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, `${script}: ${r.stderr}`);
  return r.stdout;
}

test('--help is taken by every entry point, including one whose option table does not name it', () => {
  for (const script of ['scripts/tls-share.js', 'scripts/calibrate-http1.js']) {
    assert.match(help(script), new RegExp(`^usage: node ${script}`));
  }
});

test('a help says what every option it offers does, and only what applies to that entry point', () => {
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

test('every tool\'s --help names the unit of its --timeout and --warmup, which differ between tools (docs/suite.md)', () => {
  const seconds = /^ {2}--timeout S +give up when no answer arrives for S seconds \(not milliseconds; default 10, at most 600\)$/m;
  const messages = /^ {2}--warmup N +N messages \(a count, not seconds\) sent first/m;
  /** @type {Array<[string, RegExp[]]>} */
  const expected = [
    ['benchmark.js', [/^ {2}--warmup S +override the mode's longest warm-up per speed case, in seconds of CPU$/m]],
    ['benchmark_dss.js', [/^ {2}--warmup S +longest warm-up per case, in seconds of CPU,/m]],
    ['benchmark_artillery.js', [/^ {2}--warmup S +seconds \(wall clock\) of the warm-up phase/m,
      /^ {2}--timeout MS +milliseconds \(not seconds, unlike the other tools' --timeout and Artillery's\n +own config\.http\.timeout\), 1000 to 600000: /m]],
    ...['benchmark_ws.js', 'benchmark_transport.js', 'client.js', 'client_json.js', 'client_protobuf.js'].map((s) => /** @type {[string, RegExp[]]} */ ([s, [seconds, messages]])),
  ];
  for (const [script, patterns] of expected) {
    const text = help(script);
    const entries = text.split('\n').filter((l) => /^ {2}--(timeout|warmup) /.test(l));
    assert.equal(entries.length, patterns.length, `${script}: ${entries.join(' / ')}`);
    for (const p of patterns) assert.match(text, p, script);
  }
});
