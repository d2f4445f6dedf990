import test from 'node:test';
import assert from 'node:assert/strict';
import { complete, exitCodeOf, problemOf, problemsOf } from '../../../lib/transmission/outcome.js';

const row = (over = {}) => ({
  format: 'json-buffer', messages: 100, acked: 100, lost: 0, notSent: 0, duplicated: 0, errors: 0, latencyMs: { p50: 1 }, ended: 'complete', ...over,
});
const run = (/** @type {string} */ profile, /** @type {ReturnType<typeof row>[]} */ ...results) => ({ settings: { profile }, results });

test('complete: every message acked exactly once, and nothing else', () => {
  assert.equal(complete(row()), true);
  for (const over of [{ acked: 99, lost: 1 }, { notSent: 3, acked: 97 }, { duplicated: 1 }, { errors: 1, acked: 99 }, { acked: 99 }]) {
    assert.equal(complete(row(over)), false, JSON.stringify(over));
  }
});

test('problemOf names what went wrong; a format never run (no latency) is not a problem', () => {
  assert.equal(problemOf(row()), null);
  assert.equal(problemOf(row({ acked: 0, messages: 0, latencyMs: null, ended: 'not run' })), null);
  assert.equal(problemOf(row({ acked: 1, lost: 1, notSent: 98, ended: 'the server closed every connection' })),
    'json-buffer: 1 lost, 0 duplicated, 0 error ACKs, 98 not sent of 100 messages (the server closed every connection)');
});

test('exitCodeOf: 1 when any run has a problem, 0 otherwise; problemsOf can name the profile', () => {
  const good = run('none', row(), row({ format: 'protobufjs-static' }));
  const bad = run('3g', row(), row({ format: 'protobufjs-static', acked: 98, lost: 2, ended: 'no ACK for 10 s' }));
  assert.equal(exitCodeOf([good]), 0);
  assert.equal(exitCodeOf([good, bad]), 1);
  assert.deepEqual(problemsOf([good, bad], { withProfile: true }),
    ['3g protobufjs-static: 2 lost, 0 duplicated, 0 error ACKs of 100 messages (no ACK for 10 s)']);
  assert.equal(exitCodeOf([run('none', row({ latencyMs: null, messages: 0, acked: 0 }))]), 0, 'an unsupported codec does not fail the run');
});
