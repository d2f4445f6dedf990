import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../../lib/errors.js';
import { checkOrWrite, fileOutput } from '../../../scripts/lib/generated-files.js';

const how = { script: 'gen', regenerate: 'npm run gen' };

function capture() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (/** @type {string} */ s) => { out.stdout += s; } },
      stderr: { write: (/** @type {string} */ s) => { out.stderr += s; } },
    },
  };
}

/** @param {import('node:test').TestContext} t */
function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-files-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('--check writes nothing, names every stale file (a missing one too) and returns 1', (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'current.txt'), 'same\n');
  fs.writeFileSync(path.join(dir, 'old.txt'), 'before\n');
  const outputs = () => [
    fileOutput(path.join(dir, 'current.txt'), 'same\n'),
    fileOutput(path.join(dir, 'old.txt'), 'after\n'),
    fileOutput(path.join(dir, 'sub', 'missing.txt'), 'new\n'),
  ];
  const { out, io } = capture();
  assert.equal(checkOrWrite(['--check'], outputs, { ...how, io }), 1);
  assert.match(out.stderr, /^gen: stale \(run npm run gen\): \S*old\.txt, \S*sub\/missing\.txt\n$/);
  assert.equal(fs.readFileSync(path.join(dir, 'old.txt'), 'utf8'), 'before\n');
  assert.equal(fs.existsSync(path.join(dir, 'sub')), false);
});

test('without --check the stale outputs are written, and only they', (t) => {
  const dir = tempDir(t);
  const current = path.join(dir, 'current.txt');
  fs.writeFileSync(current, 'same\n');
  fs.utimesSync(current, 0, 0);
  const outputs = () => [fileOutput(current, 'same\n'), fileOutput(path.join(dir, 'sub', 'missing.txt'), 'new\n')];
  const { out, io } = capture();
  assert.equal(checkOrWrite([], outputs, { ...how, io }), 0);
  assert.match(out.stdout, /^wrote \S*sub\/missing\.txt\n$/);
  assert.equal(fs.readFileSync(path.join(dir, 'sub', 'missing.txt'), 'utf8'), 'new\n');
  assert.equal(fs.statSync(current).mtimeMs, 0, 'a current file is not rewritten');
  assert.equal(checkOrWrite(['--check'], outputs, { ...how, io }), 0);
});

test('a file compares through its own read, and is written through its own write', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'upper.txt');
  const upper = {
    read: (/** @type {string} */ f) => fs.readFileSync(f, 'utf8').toLowerCase(),
    write: (/** @type {string} */ f, /** @type {string} */ text) => fs.writeFileSync(f, text.toUpperCase()),
  };
  fs.writeFileSync(file, 'HELLO');
  const { io } = capture();
  assert.equal(checkOrWrite(['--check'], () => [fileOutput(file, 'hello', upper)], { ...how, io }), 0);
  assert.equal(checkOrWrite([], () => [fileOutput(file, 'bye', upper)], { ...how, io }), 0);
  assert.equal(fs.readFileSync(file, 'utf8'), 'BYE');
});

test('--help prints the usage and writes nothing', () => {
  const { out, io } = capture();
  let built = false;
  assert.equal(checkOrWrite(['--help'], () => { built = true; return []; }, { ...how, io }), 0);
  assert.match(out.stdout, /^usage: npm run gen \[--check\]\n/);
  assert.equal(built, false);
});

test('a bad argument or a UserError is one line and exit 2; any other error is a bug and propagates', () => {
  const { out, io } = capture();
  assert.equal(checkOrWrite(['--chek'], () => [], { ...how, io }), 2);
  assert.match(out.stderr, /^gen: Unknown option '--chek'.*; usage: npm run gen \[--check\]\n$/);
  out.stderr = '';
  assert.equal(checkOrWrite([], () => { throw new UserError('data/x.json:\n  invalid JSON'); }, { ...how, io }), 2);
  assert.equal(out.stderr, 'gen: data/x.json: invalid JSON\n');
  assert.throws(() => checkOrWrite([], () => { throw new TypeError('bug'); }, { ...how, io }), TypeError);
});
