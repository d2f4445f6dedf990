// The entry points' --help as users run them (each a process of its own): what every help offers and says, and the
// units of options that share a name across tools. The option parsing they rest on is test/unit/cli/options.test.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAYLOAD_SOURCE_HELP, PAYLOAD_SOURCE_OPTIONS, payloadSynopsis, USAGE_WIDTH } from '../../lib/cli/index.js';
import { ROOT } from '../../lib/paths.js';

/** Loaded into each entry point: it writes the option tables its parseArgs calls are given to fd 3. */
const RECORD_OPTIONS = pathToFileURL(path.join(ROOT, 'test', 'helpers', 'record-options.js')).href;

/** @type {Map<string, { text: string, options: Set<string> }>} */
const helps = new Map();

/**
 * An entry point's --help (exit 0, nothing on stderr) and the options its parser was given, from one run per file.
 * @param {string} script relative to the project's folder
 */
function run(script) {
  let known = helps.get(script);
  if (!known) {
    const r = spawnSync(process.execPath, ['--import', RECORD_OPTIONS, script, '--help'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    assert.equal(r.status, 0, `${script}: ${r.stderr}`);
    assert.equal(r.stderr, '', script);
    const tables = String(r.output[3] ?? '').split('\n').filter(Boolean).map((line) => /** @type {string[]} */ (JSON.parse(line)));
    known = { text: r.stdout, options: new Set(tables.flat()) };
    helps.set(script, known);
  }
  return known;
}

/**
 * An entry point's --help: exit 0, the text on stdout.
 * @param {string} script relative to the project's folder
 */
const help = (script) => run(script).text;

/**
 * A --help's synopsis: its usage line and the lines under it indented deeper than an entry (a second form of the
 * command, a synopsis wrapped), up to the first line indented two.
 * @param {string} text
 */
function synopsis(text) {
  const lines = text.split('\n');
  const end = lines.findIndex((line, i) => i > 0 && !/^ {3,}\S/.test(line));
  return lines.slice(0, end < 0 ? lines.length : end);
}

test('--help is taken by every entry point, including one whose option table does not name it', () => {
  for (const script of ['scripts/tls-share.js', 'scripts/calibrate-http1.js']) {
    assert.match(help(script), new RegExp(`^usage: node ${script}`));
  }
});

test('a help says what every option it offers does, and only what applies to that entry point', () => {
  // scripts/tls-share.js: each option of its synopsis has an entry of its own, with a word of explanation
  const tls = help('scripts/tls-share.js');
  const offered = [...synopsis(tls).join(' ').matchAll(/\[(--[a-z-]+)/g)].map((m) => m[1]);
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
  const seconds = /^ {2}--timeout S +give up when no answer arrives for S seconds while a message awaits one \(not milliseconds;\n +default 10, at most 600\)$/m;
  const messages = /^ {2}--warmup N +unmeasured chunks of N messages \(a count, not seconds\) sent before/m;
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

/** Folders no entry point is looked for in: the installed packages, the tests (their fixtures start with #! too), the runs' output. */
const NOT_ENTRY_POINTS = new Set(['node_modules', 'test', '.git', '.cache', 'results']);

/**
 * The entry points: every .js file of the project (outside NOT_ENTRY_POINTS) that starts with #! (run as a command),
 * that package.json's bin names, or that package.json's scripts, the README or docs/ run as `node FILE.js`.
 */
function entryPoints() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const commands = [...Object.values(/** @type {Record<string, string>} */ (pkg.scripts)), fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'),
    ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => fs.readFileSync(path.join(ROOT, 'docs', f), 'utf8'))];
  const run = new Set([...commands.flatMap((text) => [...text.matchAll(/\bnode ([\w./-]+\.js)\b/g)].map((m) => path.posix.normalize(m[1]))),
    ...Object.values(/** @type {Record<string, string>} */ (pkg.bin ?? {})).map((f) => path.posix.normalize(f))]);
  /** @type {string[]} */
  const files = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory() && !NOT_ENTRY_POINTS.has(entry.name)) walk(file);
      else if (entry.isFile() && entry.name.endsWith('.js')) files.push(file);
    }
  };
  walk('.');
  const missing = [...run].filter((f) => !files.includes(f));
  assert.deepEqual(missing, [], 'run as node FILE.js (package.json, README.md, docs/) but not a file of the project');
  return files.filter((f) => run.has(f) || fs.readFileSync(path.join(ROOT, f), 'utf8').startsWith('#!'));
}

/** The entry point that parses no options of its own, and what its help says instead. */
const FORWARDS = { 'scripts/artillery.js': /^usage: node scripts\/artillery\.js COMMAND \[ARGUMENTS\] +\(every argument goes to Artillery / };

/**
 * The options a parser takes only to refuse them with a line of their own, which no --help offers: per entry point,
 * arguments that give one, and the line it gets (exit 2).
 * @type {Record<string, Record<string, [string[], RegExp]>>}
 */
const REFUSED = {
  'benchmark_ws.js': { throttle: [['3', '--throttle', '3g'], /^benchmark_ws: --throttle: this tool takes --profiles a,b \(the clients take --throttle\)$/] },
  'benchmark_transport.js': {
    throttle: [['3', '--throttle', '3g'], /^benchmark_transport: --throttle: this tool takes --profiles a,b \(the clients take --throttle\)$/],
    transport: [['3', '--transport', 'http1'], /^benchmark_transport: --transport: this tool takes --transports a,b \(the clients take --transport\)$/],
    deflate: [['3', '--deflate'], /^benchmark_transport: use --compress NAME \(--deflate is the WebSocket clients' spelling\)$/],
  },
  ...Object.fromEntries(['client_json', 'client_protobuf'].map((name) => [`${name}.js`, Object.fromEntries(['format', 'formats'].map((option) => [option,
    [['3', `--${option}`, 'msgpackr'], new RegExp(`^${name}: ${name} always sends [\\w-]+; use client\\.js --format NAME for another$`)]]))])),
};

/**
 * The names of the options a --help has an entry for: each line that starts, indented two as every tool indents its
 * entries, with one (`-h, --help` too), then its value's placeholder or its description. A line indented deeper that
 * starts with an option is the wrapped end of another entry's description, not an entry.
 */
const entries = (/** @type {string} */ text) => [...text.matchAll(/^ {2}(?:-\w, )?--([a-z][\w-]*)(?= |$)/gm)].map((m) => m[1]);

/**
 * Whether a --help documents an option: an entry of its own, or a place in the synopsis (lib/cli/index.js's
 * payloadSynopsis puts --records PATH and --type NAME there; a tool with a short help lists its options there). A
 * mention inside another entry's description is not enough.
 * @param {string} text
 * @param {string} option without its dashes
 */
const documents = (text, option) => entries(text).includes(option)
  || synopsis(text).some((line) => new RegExp(`(?<![\\w-])--${option}(?![\\w-])`).test(line));

test('every option an entry point\'s parser accepts has an entry of its own (or a place in the synopsis) in its --help, and every entry is an option it accepts', () => {
  const scripts = entryPoints();
  assert.ok(scripts.includes('benchmark_ws.js') && scripts.includes('scripts/json2proto.js') && scripts.includes('scripts/generate-data.js'), scripts.join(' '));
  /** @type {string[]} */
  const undocumented = [];
  for (const script of scripts) {
    const { text, options } = run(script);
    if (script in FORWARDS) {
      assert.equal(options.size, 0, `${script} parses options now: take it out of FORWARDS`);
      assert.match(text, FORWARDS[/** @type {keyof typeof FORWARDS} */ (script)]);
      continue;
    }
    assert.ok(options.size, `${script}: no parseArgs call seen`);
    const refused = REFUSED[script] ?? {};
    for (const option of options) {
      // --help is the one every parser takes (parseCli adds it); the text is its answer
      if (option === 'help') continue;
      if (option in refused) continue;
      if (!documents(text, option)) undocumented.push(`${script} --${option}`);
    }
    for (const name of entries(text)) assert.ok(options.has(name) && !(name in refused), `${script} --help offers --${name}, which its parser ${options.has(name) ? 'refuses' : 'does not accept'}`);
    for (const [option, [args, line]] of Object.entries(refused)) {
      assert.ok(options.has(option), `${script} no longer accepts --${option}: take it out of REFUSED`);
      const r = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(r.status, 2, `${script} ${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr.trimEnd(), line, `${script} ${args.join(' ')}`);
    }
  }
  assert.deepEqual(undocumented, [], 'options a parser accepts without an entry of their own in the --help (a line starting with the option) '
    + 'nor a place in its synopsis');
});

/** The width every tool's --help keeps within: lib/cli/index.js's USAGE_WIDTH, which the shared entries are wrapped to. */
const HELP_WIDTH = 118;

test(`no line of any entry point's --help is wider than ${HELP_WIDTH} characters`, () => {
  assert.equal(USAGE_WIDTH, HELP_WIDTH, 'lib/cli/index.js wraps the shared entries to another width now: say which here');
  const wide = entryPoints().flatMap((script) => help(script).split('\n').filter((line) => [...line].length > HELP_WIDTH)
    .map((line) => `${script}: ${[...line].length} characters: ${line}`));
  assert.deepEqual(wide, [], 'wrap them as the other entries wrap: the further lines under the description\'s column');
});

test('the payload options: each entry point that takes --data has the shared entry of every one it accepts, and the shared synopsis', () => {
  const flat = (/** @type {string} */ s) => s.replace(/\s+/g, ' ');
  let checked = 0;
  for (const script of entryPoints()) {
    const { text, options } = run(script);
    if (!options.has('data')) continue;
    checked++;
    assert.ok([payloadSynopsis('N'), payloadSynopsis('N ...')].some((s) => text.split('\n')[0].includes(s)), `${script}: ${text.split('\n')[0]}`);
    const source = entries(text).filter((name) => name in PAYLOAD_SOURCE_OPTIONS);
    assert.deepEqual(source, Object.keys(PAYLOAD_SOURCE_OPTIONS).filter((name) => options.has(name)), `${script}: an entry for each payload option it takes, in PAYLOAD_SOURCE_OPTIONS' order, once`);
    for (const name of source) {
      const [label, words] = PAYLOAD_SOURCE_HELP[/** @type {keyof typeof PAYLOAD_SOURCE_HELP} */ (name)];
      assert.ok(flat(text).includes(` ${label} ${flat(words)}`), `${script}: --${name}'s entry is not PAYLOAD_SOURCE_HELP's`);
    }
  }
  assert.ok(checked >= 9, `${checked} entry points take --data`);
});
