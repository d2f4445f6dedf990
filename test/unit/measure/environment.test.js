import test from 'node:test';
import assert from 'node:assert/strict';
import { environmentLine } from '../../../lib/measure/environment.js';

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
