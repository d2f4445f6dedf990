import test from 'node:test';
import assert from 'node:assert/strict';
import { cpuTicks, environmentLine, stealShare } from '../../../lib/measure/environment.js';

// describeEnvironment reads this machine and asks git for the commit (a process): only the line it is printed as is
// tested here, from a described environment given as input.
/** @typedef {Parameters<typeof environmentLine>[0]} Environment */

/** @type {Environment} */
const ENV = {
  date: '2026-11-25T18:00:00.000Z', node: '20.20.2', v8: '11.3.244.8', os: 'Linux 6.8.0 x64', cpu: 'AMD EPYC 7B13',
  cores: 2, memoryGiB: 7.8, libraries: { benchmark: '2.1.4', protobufjs: '7.4.0' }, commit: 'fc630c6-dirty',
};

test('environmentLine: what a figure was measured on, in one line, libraries in the order described', () => {
  assert.equal(environmentLine(ENV),
    'Node 20.20.2 (V8 11.3.244.8), AMD EPYC 7B13, 2 cores, 7.8 GiB, Linux 6.8.0 x64; benchmark 2.1.4, protobufjs 7.4.0; commit fc630c6-dirty');
});

test('environmentLine: no commit part outside a git checkout', () => {
  assert.equal(environmentLine({ ...ENV, commit: null }),
    'Node 20.20.2 (V8 11.3.244.8), AMD EPYC 7B13, 2 cores, 7.8 GiB, Linux 6.8.0 x64; benchmark 2.1.4, protobufjs 7.4.0');
});

test('environmentLine: a library that is not installed says so, as the HTML report\'s environment table does', () => {
  assert.equal(environmentLine({ ...ENV, libraries: { benchmark: '2.1.4', 'cbor-x': null }, commit: null }),
    'Node 20.20.2 (V8 11.3.244.8), AMD EPYC 7B13, 2 cores, 7.8 GiB, Linux 6.8.0 x64; benchmark 2.1.4, cbor-x not installed');
});

test('cpuTicks: every state\'s ticks and steal\'s from /proc/stat\'s first line; null where it cannot be read', () => {
  const stat = 'cpu  219699 0 18386 278343 816 0 6897 29689 0 0\ncpu0 110000 0 9000 139000 400 0 3400 14800 0 0\nintr 1\n';
  assert.deepEqual(cpuTicks(() => stat), { total: 219699 + 18386 + 278343 + 816 + 6897 + 29689, steal: 29689 });
  // guest time is inside user already: the ninth and tenth numbers are not added
  assert.equal(cpuTicks(() => 'cpu  10 0 0 10 0 0 0 0 500 500\n')?.total, 20);
  assert.equal(cpuTicks(() => { throw new Error('ENOENT'); }), null);
  assert.equal(cpuTicks(() => 'cpu  1 2 3\n'), null, 'an old kernel without steal');
});

test('stealShare: the host\'s share of the ticks between two readings; null without both or without time', () => {
  // the project's VM on 2026-11-27 over a 226 s capacity run: 6,009 of 46,087 ticks stolen
  assert.equal(stealShare({ total: 504373, steal: 23680 }, { total: 550460, steal: 29689 })?.toFixed(3), '0.130');
  assert.equal(stealShare(null, { total: 1, steal: 0 }), null);
  assert.equal(stealShare({ total: 5, steal: 1 }, { total: 5, steal: 1 }), null);
});

test('environmentLine: the run\'s steal, and a contended host named as one when its host took more than 5%', () => {
  assert.match(environmentLine({ ...ENV, steal: 0.0004 }), /; commit fc630c6-dirty; steal 0\.0% of the machine's CPU time during the run$/);
  assert.match(environmentLine({ ...ENV, steal: 0.13 }), /; steal 13\.0% of the machine's CPU time during the run \(a contended host: its figures read slow, compare ratios from one run only\)$/);
  assert.ok(!environmentLine({ ...ENV, steal: null }).includes('steal'), 'not measured: nothing said');
});
