// Option errors: one line naming the option and the value, whatever node:util parseArgs says (issue 16).
import test from 'node:test';
import assert from 'node:assert/strict';
import { numberOption, parseCli, PAYLOAD_OPTIONS, PAYLOAD_SOURCE_HELP, PAYLOAD_SOURCE_OPTIONS, payloadSourceUsage, payloadSynopsis } from '../../../lib/cli/index.js';
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

test('parseCli takes --help whether or not the option table names it (the entry points printing their usage for it: test/e2e/cli-help.test.js)', () => {
  assert.equal(parseCli(['--help'], { json: { type: 'boolean' } }).values.help, true);
  assert.equal(parseCli([], { json: { type: 'boolean' } }).values.help, false);
  // the scripts whose tables do not name it print their usage for it: test/e2e/cli-help.test.js
});

test('--timeout in seconds: at most ten minutes, and a value that reads as milliseconds names the seconds meant', async () => {
  const { timeoutSeconds, MAX_TIMEOUT_SECONDS } = await import('../../../lib/cli/transmission.js');
  assert.equal(MAX_TIMEOUT_SECONDS, 600);
  assert.equal(timeoutSeconds('10'), 10);
  assert.equal(timeoutSeconds('0.1'), 0.1);
  assert.equal(timeoutSeconds('600'), 600);
  assert.throws(() => timeoutSeconds('601'), (err) => err instanceof UserError && err.message === '--timeout 601: expected seconds without an answer, at most 600');
  // from 1,000 on it reads as milliseconds: 2000 meant as ms would have waited 33 minutes
  assert.throws(() => timeoutSeconds('2000'), (err) => err instanceof UserError && err.message === '--timeout 2000: expected seconds without an answer, at most 600 (2000 milliseconds is --timeout 2)');
  assert.throws(() => timeoutSeconds('5000'), /^UserError: --timeout 5000: expected seconds without an answer, at most 600 \(5000 milliseconds is --timeout 5\)$/);
  // past 2^31 ms Node's timers fire after 1 ms: refused too, never a pass that gives up at once; no hint where the
  // seconds it would be are refused as well
  assert.throws(() => timeoutSeconds('2200000'), /^UserError: --timeout 2200000: expected seconds without an answer, at most 600$/);
  assert.throws(() => timeoutSeconds('0.05'), /--timeout: expected a number ≥ 0\.1/);
});

test('the payload options\' --help entries: one per option of the table given, in one order, at the column given; the synopsis', () => {
  assert.deepEqual(Object.keys(PAYLOAD_SOURCE_HELP), Object.keys(PAYLOAD_SOURCE_OPTIONS), 'an entry for each payload option');
  const usage = payloadSourceUsage(PAYLOAD_OPTIONS, { column: 22 });
  assert.deepEqual(usage.split('\n').map((l) => l.match(/^ {2}(--\S+)/)?.[1]).filter(Boolean), ['--data', '--records', '--proto', '--type', '--proto-path', '--strict']);
  for (const line of usage.split('\n')) {
    assert.match(line, /^( {2}--\S+( [A-Z]+)? +| {22})\S/, line);
    if (!line.startsWith('  --')) continue;
    assert.equal(line.search(/(?<= {2})[^ -]/), 22, line);
    assert.ok(line.length <= 118, line);
  }
  // an entry point's table decides which: one without --strict gets no --strict entry
  const { strict: _strict, ...withoutStrict } = PAYLOAD_OPTIONS;
  assert.doesNotMatch(payloadSourceUsage(withoutStrict, { column: 22 }), /--strict/);
  assert.equal(payloadSynopsis('N'), '(N | --data FILE [--records PATH]) [--proto FILE [--type NAME] [--proto-path DIR]]');
  assert.equal(payloadSynopsis('N ...'), '[N ... | --data FILE [--records PATH]] [--proto FILE [--type NAME] [--proto-path DIR]]');
});

test('--proto-path is given once per folder, as protoc\'s -I: every one kept, in order (a comma or a colon may be in a folder\'s name)', () => {
  const { values } = parseCli(['--proto', 'a.proto', '--proto-path', 'third_party/googleapis', '--proto-path', 'x,y:z'], OPTIONS);
  assert.deepEqual(values['proto-path'], ['third_party/googleapis', 'x,y:z']);
  refused(() => parseCli(['--proto-path', ''], OPTIONS), /^--proto-path: empty value/);
  refused(() => parseCli(['--proto-path'], OPTIONS), /^--proto-path: needs a value$/);
});
