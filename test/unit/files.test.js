// writeFileAtomic: what --out of json2proto, report.js and the generators write with.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../../lib/files.js';
import { UserError } from '../../lib/errors.js';

/** A fresh folder, removed after the test. @param {import('node:test').TestContext} t */
function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvj-files-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('writeFileAtomic replaces a file whole and leaves no temporary file beside it', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'a.proto');
  fs.writeFileSync(file, 'old');
  writeFileAtomic(file, 'new');
  assert.equal(fs.readFileSync(file, 'utf8'), 'new');
  assert.deepEqual(fs.readdirSync(dir), ['a.proto']);
});

test('writeFileAtomic writes through a symbolic link: the file it names is replaced, the link stays a link', (t) => {
  const dir = tempDir(t);
  fs.mkdirSync(path.join(dir, 'shared'));
  fs.mkdirSync(path.join(dir, 'sl'));
  const real = path.join(dir, 'shared', 'real.proto');
  fs.writeFileSync(real, 'old');
  const link = path.join(dir, 'sl', 'link.proto');
  fs.symlinkSync('../shared/real.proto', link);
  // and a link to that link
  const twice = path.join(dir, 'twice.proto');
  fs.symlinkSync(link, twice);
  writeFileAtomic(link, 'one');
  assert.ok(fs.lstatSync(link).isSymbolicLink());
  assert.equal(fs.readFileSync(real, 'utf8'), 'one');
  writeFileAtomic(twice, 'two');
  assert.ok(fs.lstatSync(twice).isSymbolicLink() && fs.lstatSync(link).isSymbolicLink());
  assert.equal(fs.readFileSync(real, 'utf8'), 'two');
  // a dangling link: its target is created, the link kept
  const dangling = path.join(dir, 'dangling.proto');
  fs.symlinkSync('shared/later.proto', dangling);
  writeFileAtomic(dangling, 'three');
  assert.ok(fs.lstatSync(dangling).isSymbolicLink());
  assert.equal(fs.readFileSync(path.join(dir, 'shared', 'later.proto'), 'utf8'), 'three');
  assert.deepEqual(fs.readdirSync(path.join(dir, 'shared')).sort(), ['later.proto', 'real.proto']);
});

test('writeFileAtomic writes into what is not a regular file (a pipe, a device) instead of renaming a file over it', (t) => {
  const dir = tempDir(t);
  // a link to /dev/null stands for /dev/null itself (renaming over the device would need root, and would break the machine)
  const devnull = path.join(dir, 'null');
  fs.symlinkSync('/dev/null', devnull);
  writeFileAtomic(devnull, 'nothing');
  assert.ok(fs.statSync('/dev/null').isCharacterDevice());
  assert.ok(fs.lstatSync(devnull).isSymbolicLink());
  assert.deepEqual(fs.readdirSync(dir), ['null']);
  // a folder is still refused with one line, nothing left behind
  fs.mkdirSync(path.join(dir, 'folder'));
  assert.throws(() => writeFileAtomic(path.join(dir, 'folder'), 'x'), (err) => err instanceof UserError && /folder: cannot write/.test(err.message));
  assert.deepEqual(fs.readdirSync(dir).sort(), ['folder', 'null']);
});
