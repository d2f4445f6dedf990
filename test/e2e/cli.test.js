// test-runner: long (started first: see scripts/run-tests.js)
// The entry points as users run them: exit codes, one-line errors, the end-to-end path.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { DEFAULT_FORMATS } from '../../lib/codecs/index.js';

/**
 * A speed row of benchmark_dss.js --json, as far as these tests read it.
 * @typedef {{ format: string, op: string, vsBaseline: number, memory: import('../../lib/measure/speed.js').SpeedMemory | null }} SpeedRow
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * @param {string} name
 * @param {string} text
 */
function write(name, text) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * @param {string} script
 * @param {string[]} args
 */
function run(script, ...args) {
  const r = spawnSync(process.execPath, [path.join(ROOT, script), ...args], { cwd: tmp, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Exit 2, exactly one line on stderr, no stack trace, nothing on stdout. */
/**
 * @param {ReturnType<typeof run>} r
 * @param {RegExp} pattern
 */
function assertUserError(r, pattern) {
  assert.equal(r.code, 2, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  assert.equal(r.stdout, '');
}

const status = write('status.json', '{"id": 1, "status": "ok"}');
const statusProto = write('status.proto', 'syntax = "proto3";\nmessage Status { int32 id = 1; string status = 2; }\n');

test('unknown payload number', () => {
  assertUserError(run('benchmark_dtq.js', '7'), /^benchmark_dtq: unknown payload "7": choose 1–5/);
});

test('missing data file', () => {
  assertUserError(run('benchmark_dtq.js', '--data', 'nope.json'), /^benchmark_dtq: nope\.json: no such file or directory$/);
});

test('invalid JSON names the file', () => {
  const bad = write('bad.json', '{"id": 1,, }');
  assertUserError(run('benchmark_dss.js', '--data', bad), /^benchmark_dss: .*bad\.json: invalid JSON at line 1, column 10: /);
});

test('a .proto that does not parse names the file and line', () => {
  const bad = write('bad.proto', 'syntax = "proto3";\nmessage M {\n  int32 = 1;\n}\n');
  assertUserError(run('benchmark_dtq.js', '--data', status, '--proto', bad), /bad\.proto: .*line 3/);
});

test('a --type that is not in the .proto', () => {
  assertUserError(run('benchmark_dtq.js', '--data', status, '--proto', statusProto, '--type', 'Order'),
    /status\.proto: no message type "Order" \(it has: Status\)/);
});

test('a --proto-path that is no folder: one line naming the option and the value, exit 2, from every tool that takes --proto', () => {
  const schemas = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const payload = ['--data', path.join(schemas, 'service-greet.json'), '--proto', path.join(schemas, 'service', 'acme', 'greeter', 'v1', 'greeter.proto')];
  const missing = path.join(tmp, 'no-such-folder');
  /** @type {[string, string[]][]} each tool that takes --proto, with what it needs before it reads the payload */
  const tools = [['benchmark_dtq.js', []], ['benchmark_dss.js', []], ['benchmark_ws.js', []], ['benchmark_transport.js', []], ['benchmark.js', []],
    ['server.js', []], ['client_json.js', []], ['client.js', ['--format', 'json']], ['benchmark_artillery.js', ['--target', 'ws://127.0.0.1:9']]];
  for (const [script, needs] of tools) {
    const name = path.basename(script, '.js');
    // a good folder first, then the missing one: each is checked
    assertUserError(run(script, ...needs, ...payload, '--proto-path', path.join(schemas, 'googleapis'), '--proto-path', missing),
      new RegExp(`^${name}: --proto-path ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: no such file or directory$`));
  }
  const file = path.join(schemas, 'service-greet.json');
  assert.deepEqual(run('benchmark_dtq.js', ...payload, '--proto-path', file), { code: 2, stdout: '',
    stderr: `benchmark_dtq: --proto-path ${file}: not a folder (it names the folder imports are looked for under, as protoc's -I does)\n` });
  assertUserError(run('benchmark_dtq.js', '3', '--proto-path', path.join(schemas, 'googleapis')),
    /^benchmark_dtq: --proto-path is where the imports of --proto FILE are looked for; give --proto too$/);
});

test('a value that does not fit the schema names its JSON path', () => {
  const wrong = write('wrong.json', '{"id": "one", "status": "ok"}');
  assertUserError(run('benchmark_dtq.js', '--data', wrong, '--proto', statusProto), /^benchmark_dtq: \S+wrong\.json: \$\.id: string "one" does not fit field id of type int32 \(checked against message \w+, the first in .*; choose another with --type\)$/);
});

test('a number its field cannot hold, as a JSON number or in a string, a wrapper\'s bare value, a number a closed enum does not name, and two members of one oneof: one line with the path, exit 2, nothing written', () => {
  const proto = write('numbers.proto', 'syntax = "proto3";\nmessage N { int32 i = 1; uint32 u = 2; int64 l = 3; oneof o { string a = 4; int32 b = 5; } }\n');
  const suffix = String.raw` \(checked against message N, the first in .*numbers\.proto; choose another with --type\)$`;
  /** @type {[string, string][]} */
  const cases = [
    ['{"i": 1.5}', String.raw`\$\.i: number 1\.5 does not fit field i of type int32 \(not an integer\)`],
    ['{"i": "1.5"}', String.raw`\$\.i: string "1\.5" does not fit field i of type int32 \(not an integer\)`],
    ['{"i": 2147483648}', String.raw`\$\.i: number 2147483648 does not fit field i of type int32 \(outside the int32 range -2147483648 to 2147483647\)`],
    ['{"u": -1}', String.raw`\$\.u: number -1 does not fit field u of type uint32 \(outside the uint32 range 0 to 4294967295\)`],
    ['{"l": 0.5}', String.raw`\$\.l: number 0\.5 does not fit field l of type int64 \(not an integer\)`],
    ['{"a": "x", "b": 2}', String.raw`\$\.b: oneof N\.o is given two members, "a" and "b" \(a message holds one of them\)`],
  ];
  const data = write('numbers.json', '{}');
  // a wrapper's bare value, named by the user's field; a number a proto2 (closed) enum does not name
  const proto2 = write('closed.proto', 'syntax = "proto2";\nimport "google/protobuf/wrappers.proto";\nenum Kind { HOME = 0; WORK = 1; }\n'
    + 'message P { optional Kind kind = 1; optional google.protobuf.UInt32Value count = 2; }\n');
  const suffix2 = String.raw` \(checked against message P, the first in .*closed\.proto; choose another with --type\)$`;
  /** @type {[string, string][]} */
  const cases2 = [
    ['{"count": -1}', String.raw`\$\.count: number -1 does not fit field count of type google\.protobuf\.UInt32Value \(outside the uint32 range 0 to 4294967295\)`],
    ['{"kind": 7}', String.raw`\$\.kind: 7 is not a value of closed enum Kind \(field kind; its values: HOME = 0, WORK = 1\)`],
  ];
  const before = fs.readdirSync(tmp).sort();
  for (const [json, line] of cases) {
    fs.writeFileSync(data, json);
    assertUserError(run('benchmark_dtq.js', '--data', data, '--proto', proto), new RegExp(`^benchmark_dtq: \\S+numbers\\.json: ${line}${suffix}`));
  }
  for (const [json, line] of cases2) {
    fs.writeFileSync(data, json);
    assertUserError(run('benchmark_dtq.js', '--data', data, '--proto', proto2), new RegExp(`^benchmark_dtq: \\S+numbers\\.json: ${line}${suffix2}`));
  }
  // the main job, which writes a run's folder under --out, refuses it before writing anything
  fs.writeFileSync(data, cases[0][0]);
  const out = path.join(tmp, 'runs');
  assertUserError(run('benchmark.js', '--quick', '--data', data, '--proto', proto, '--out', out), new RegExp(`^benchmark: \\S+numbers\\.json: ${cases[0][1]}`));
  assert.deepEqual(fs.readdirSync(tmp).sort(), before, 'nothing written beside the inputs, no run folder under --out');
});

test('data no schema can carry exactly is refused with its path', () => {
  const mixed = write('mixed.json', '{"items": [{"price": 1.5}, {"price": 2}, {"price": 3}, {"price": "4"}]}');
  assertUserError(run('benchmark_dtq.js', '--data', mixed), /\$\.items\[3\]\.price: /);
});

test('unknown option and bad option values', () => {
  assertUserError(run('benchmark_dtq.js', '--nope'), /^benchmark_dtq: unknown option "--nope" \(--help lists the options\)$/);
  assertUserError(run('benchmark_dss.js', '5', '--rounds', '0'), /^benchmark_dss: --rounds: expected a whole number ≥ 1, got "0"/);
  assertUserError(run('benchmark_dss.js', '5', '--filter', '('), /^benchmark_dss: --filter: /);
  assertUserError(run('benchmark_dtq.js', '5', '--formats', 'jsonx'), /^benchmark_dtq: --formats: unknown format "jsonx"/);
  // a client sends to a server already running, which nothing pins: --placement is refused, not ignored
  for (const script of ['client_json', 'client_protobuf', 'client']) {
    assertUserError(run(`${script}.js`, '3', '10', '--placement', 'off'), new RegExp(`^${script}: unknown option "--placement" \\(--help lists the options\\)$`));
  }
});

test('a switch with a short alias given a value is named as typed, with the value (every entry point)', () => {
  for (const script of ['report.js', 'compare.js', 'benchmark_dtq.js', 'benchmark.js']) {
    assertUserError(run(script, '--help=1'), new RegExp(`^${script.replace('.js', '')}: --help: takes no value \\(it is a switch\\), got "1"$`));
  }
});

test('the scripts the docs name: --help prints the usage on stdout, exit 0; an unknown option or bad value one line, exit 2', () => {
  for (const script of ['generate-records', 'screenshot-report', 'codec-table', 'run-tests', 'runtime']) {
    const r = run(`scripts/${script}.js`, '--help');
    assert.equal(r.code, 0, `${script}: ${r.stderr}`);
    assert.equal(r.stderr, '', script);
    assert.match(r.stdout, new RegExp(`^usage: node scripts/${script}\\.js `), script);
    assertUserError(run(`scripts/${script}.js`, '--nope'), new RegExp(`^${script}: unknown option "--nope" \\(--help lists the options\\)$`));
  }
  assertUserError(run('scripts/codec-table.js', 'extra'), /^codec-table: unexpected argument "extra"/);
  const out = path.join(tmp, 'no-such-folder', 'trips.json');
  assertUserError(run('scripts/generate-records.js', '--out', out), /^generate-records: .*no-such-folder\/trips\.json: cannot write: no such file or directory$/);
  assert.equal(fs.existsSync(path.dirname(out)), false);
  assertUserError(run('scripts/generate-records.js', '--seed', 'abc'), /^generate-records: --seed: expected a whole number, got "abc"$/);
  assertUserError(run('scripts/generate-records.js', '--records', '0'), /^generate-records: --records: expected a whole number ≥ 1, got "0"$/);
  assertUserError(run('scripts/screenshot-report.js', 'no-such-report.html'), /^screenshot-report: no-such-report\.html: no such file$/);
  assertUserError(run('scripts/screenshot-report.js', 'r.html', 'r.png', 'tall'), /^screenshot-report: HEIGHT: expected a whole number of pixels ≥ 1, got "tall"$/);
});

test('--help: every line an option\'s entry or under one, at its column; the defaults named, not nicknamed', () => {
  const help = (/** @type {string} */ script) => {
    const r = run(script, '--help');
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  const suite = help('benchmark.js');
  // the runtime options in the suite's own column (21), what --runtimes does there inside its entry, nothing after --chromium
  assert.match(suite, /\n {2}--json {13}print results\.json .*\n {2}--runtimes LIST {4}runtimes to run on: .*\n( {21}\S.*\n)*? {21}.*speed suite again on each runtime, as a runtime × codec matrix per payload\n {2}--runtime NAME=PATH {2}use .*\n {2}--chromium PATH {4}the Chromium to use \(default: the system's\)\n$/);
  assert.match(suite, /^usage: node benchmark\.js \[N \.\.\. \| --data FILE \[--records PATH\]\] \[--proto FILE \[--type NAME\] \[--proto-path DIR\]\]\n {25}\[options\]\n/);
  assert.match(suite, /\n {2}--records PATH {5}the array of records inside the --data document/);
  // as lib/suite.js's MODES run it: 3 processes by default; --quick 1; --full 3 up to 6
  assert.match(suite.replace(/\n {21}/g, ' '), /Speed is timed in 3 fresh processes per group of codecs \(a group holds no two codecs of one library\), their pairs pooled; --quick: 1 \(in this process when the codecs make one group\); --full: 3, up to 6 while some ratio's processes disagree or too few ran at full speed\n/);
  const sizes = help('benchmark_dtq.js');
  assert.match(sizes, /\n {2}--runtimes LIST {2}runtimes to run on: .*\n( {16}\S.*\n)*? {16}.*round-trip verdict on each runtime \(the sizes are the host's\)\n {2}--runtime NAME=PATH {2}use .*\n {2}--chromium PATH {2}the Chromium to use \(default: the system's\)\n$/);
  const speed = help('benchmark_dss.js');
  for (const text of [sizes, speed]) {
    assert.doesNotMatch(text, /classic four/);
    assert.match(text.replace(/\n {16,18}/g, ' '), new RegExp(`--formats .*codecs .*default: ${DEFAULT_FORMATS.join(',')}\\)\n`));
  }
  assert.match(help('benchmark_transport.js'), /\n {2}Each transport's formats without --formats \(the JSON and protobuf pair the transport declares as its own\):\n/);
  const compare = help('compare.js');
  assert.match(compare.replace(/\n {2}/g, ' '), /Named first: the speed settings the runs differ in \(timer, .*, time cap\); where one run's speed baseline ran slower \(its fastest rate below 80% of the other's on the same CPU and runtime\); and where one run's servers timed the machine probe below 80% of the other's\./);
});

test('benchmark_dtq.js 5 --json: every codec measured and verified exact; protobuf is 6 bytes', () => {
  const r = run('benchmark_dtq.js', '5', '--json');
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.measurement, 'size');
  assert.ok(out.environment.node && out.environment.cpu && out.environment.libraries.protobufjs);
  const [result] = out.results;
  assert.equal(result.payload.jsonBytes, 22);
  const byFormat = Object.fromEntries(result.codecs.map((/** @type {import('../../lib/measure/sizes.js').SizeRow} */ c) => [c.format, c]));
  assert.deepEqual(Object.keys(byFormat), DEFAULT_FORMATS);
  for (const c of result.codecs) assert.equal(c.status, 'exact', c.format);
  assert.equal(byFormat['protobufjs-static'].bytes, 6);
  assert.equal(byFormat.json.bytes, 22);
  assert.ok(byFormat.json.gzip > 0 && byFormat.json.brotli > 0);
});

test('benchmark_dtq.js on the user\'s own file with an inferred schema prints a table', () => {
  const r = run('benchmark_dtq.js', '--data', status);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /schema inferred/);
  assert.match(r.stdout, /\| protobufjs-static +\| +6 \| +27\.3% \| 72\.7% smaller \|/);
});

test('benchmark_dss.js with --filter measures only the matching benchmarks, in two fresh processes; --no-memory leaves memory null', () => {
  const r = run('benchmark_dss.js', '5', '--rounds', '2', '--max-time', '0.1', '--warmup', '0.01', '--slice', '2', '--filter', 'decode', '--no-memory', '--json');
  assert.equal(r.code, 0, r.stderr);
  const [result] = JSON.parse(r.stdout).results;
  assert.deepEqual(result.results.map((/** @type {SpeedRow} */ x) => `${x.format} ${x.op}`), DEFAULT_FORMATS.map((f) => `${f} decode`));
  assert.equal(result.settings.processes, 2);
  for (const x of result.results) {
    assert.equal(x.rounds.length, 2, 'one figure per process');
    assert.equal(x.processes.vsBaseline.length, 2);
    assert.ok(['agree', 'process-dependent', 'unjudged'].includes(x.processes.agreement));
    assert.ok(x.opsPerSec > 0 && x.min <= x.opsPerSec && x.opsPerSec <= x.max);
    assert.equal(x.status, 'exact');
  }
  assert.equal(result.results.find((/** @type {SpeedRow} */ x) => x.format === 'json-buffer').vsBaseline, 1);
  assert.ok(result.results.every((/** @type {SpeedRow} */ x) => x.memory === null));
});

test('benchmark_dss.js measures memory per operation after the timing: figures for every row it timed', () => {
  const r = run('benchmark_dss.js', '5', '--rounds', '1', '--max-time', '0.05', '--warmup', '0.01', '--slice', '2', '--filter', 'json-buffer|protobuf-es', '--json');
  assert.equal(r.code, 0, r.stderr);
  const [result] = JSON.parse(r.stdout).results;
  assert.deepEqual(result.results.map((/** @type {SpeedRow} */ x) => `${x.format} ${x.op}`), ['json-buffer encode', 'json-buffer decode', 'json-buffer roundtrip',
    'protobuf-es encode', 'protobuf-es decode', 'protobuf-es roundtrip', 'protobuf-es to-plain', 'protobuf-es from-plain']);
  for (const x of result.results) {
    for (const k of ['heapBytesPerOp', 'externalBytesPerOp', 'bytesPerOp', 'gcMsPer1000Ops']) {
      assert.ok(Number.isFinite(x.memory?.[k]), `${x.format} ${x.op}: ${k} = ${x.memory?.[k]}`);
    }
  }
});

test('an integer beyond 2^53 gets a one-line warning naming its path, quoted as the file writes it; the run goes on', () => {
  const big = write('big.json', '{"id": 9007199254740993, "n": 1, "huge": 1e308}');
  const r = run('benchmark_dtq.js', '--data', big, '--formats', 'json');
  assert.equal(r.code, 0, r.stderr);
  const [first, second, ...rest] = r.stderr.split('\n');
  assert.equal(first, 'warning: $.id: 9007199254740993 is beyond 2^53, and JSON.parse rounds it to 9007199254740992; every codec sees the rounded number (the proto3 JSON mapping writes 64-bit integers as strings: "9007199254740993")');
  // and, one message being the whole file, the hint to give a stream (test/unit/payload/corpus.test.js)
  assert.match(second, /^warning: .*big\.json holds one message: /);
  assert.deepEqual(rest, ['']);
});

test('the entry points refuse what users bring in one line, exit 2 (issue 16)', () => {
  const latin1 = path.join(tmp, 'latin1.json');
  fs.writeFileSync(latin1, Buffer.from('{"s":"caf\xe9"}', 'latin1'));
  assertUserError(run('benchmark_dtq.js', '--data', latin1), /^benchmark_dtq: .*latin1\.json: not UTF-8: invalid byte sequence at byte offset 9 /);
  const utf16 = path.join(tmp, 'utf16.json');
  fs.writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a":1}', 'utf16le')]));
  assertUserError(run('benchmark_dtq.js', '--data', utf16), /^benchmark_dtq: .*utf16\.json: the file is UTF-16LE \(byte-order mark\)/);
  const dup = write('dup.json', '{"a": 1, "a": 2}');
  assertUserError(run('benchmark_dtq.js', '--data', dup, '--strict'), /^benchmark_dtq: .*dup\.json: \$\.a: key given twice in one object \(refused under --strict\)$/);
  const warned = run('benchmark_dtq.js', '--data', dup, '--formats', 'json');
  assert.equal(warned.code, 0, warned.stderr);
  assert.match(warned.stderr, /^warning: \$\.a: key given twice in one object/);
  assertUserError(run('benchmark_dss.js', '5', '--max-time', '-1'), /^benchmark_dss: --max-time: expected a number ≥ [\d.]+, got "-1"$/);
  assertUserError(run('benchmark_dss.js', '5', '--max-time', '0.05', '--min-time', '0.1'), /^benchmark_dss: --min-time 0.1 is longer than --max-time 0.05$/);
  assertUserError(run('benchmark_dtq.js', '5', '--formats', ''), /^benchmark_dtq: --formats: empty value/);
  assertUserError(run('benchmark_dtq.js', '--this-flag-is-long-and-unknown'), /^benchmark_dtq: unknown option "--this-flag-is-long-and-unknown" \(--help lists the options\)$/);
});

// benchmark_transport.js --transports http1,http1 ran both passes, printed each row twice and merged them into "no
// verdict from 2 rounds" under --rounds 1; --profiles none,none the same; --formats was quietly de-duplicated
test('a name given twice in a list option (--transports, --profiles, --formats): one line naming the option, the value and the name, exit 2, nothing run', () => {
  assertUserError(run('benchmark_transport.js', '3', '--transports', 'http1,http1', '--messages', '100', '--rounds', '1'), /^benchmark_transport: --transports http1,http1: http1 named twice$/);
  assertUserError(run('benchmark_transport.js', '3', '--transports', 'ws,http1', '--profiles', 'none, none'), /^benchmark_transport: --profiles none, none: none named twice$/);
  assertUserError(run('benchmark_ws.js', '3', '--profiles', 'none,none', '--messages', '100', '--rounds', '1'), /^benchmark_ws: --profiles none,none: none named twice$/);
  assertUserError(run('benchmark_transport.js', '3', '--formats', 'json-buffer,json-buffer'), /^benchmark_transport: --formats json-buffer,json-buffer: json-buffer named twice$/);
  assertUserError(run('benchmark_dtq.js', '3', '--formats', 'json,protobufjs-static,json'), /^benchmark_dtq: --formats json,protobufjs-static,json: json named twice$/);
  assertUserError(run('benchmark.js', '--transports', 'ws,ws'), /^benchmark: --transports ws,ws: ws named twice$/);
  assertUserError(run('benchmark.js', '--profiles', '3g,3g'), /^benchmark: --profiles 3g,3g: 3g named twice$/);
  assertUserError(run('benchmark_artillery.js', '3', '--transports', 'ws,ws', '--target', 'ws://127.0.0.1:9'), /^benchmark_artillery: --transports ws,ws: ws named twice$/);
});
