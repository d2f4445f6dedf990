import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/paths.js';
import { missingPlatformEntries } from '../../scripts/lock-platform-packages.js';

test('package-lock.json has an entry for every optional platform binary, so npm ci accepts it', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  assert.deepEqual(missingPlatformEntries(lock).map((m) => m.key), [], 'run node scripts/lock-platform-packages.js');
});
