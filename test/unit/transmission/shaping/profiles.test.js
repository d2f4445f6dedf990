import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { UserError } from '../../../../lib/errors.js';
import { describeLink, PROFILES, resolveProfile } from '../../../../lib/transmission/shaping/profiles.js';

/** The profile table of @sitespeed.io/throttle's own command line (bin/index.js), read from its source. */
function throttleProfiles() {
  const require = createRequire(import.meta.url);
  // the package exports only lib/index.js: its bin/ sits beside lib/
  const bin = path.join(path.dirname(require.resolve('@sitespeed.io/throttle')), '..', 'bin', 'index.js');
  const table = fs.readFileSync(bin, 'utf8').match(/const profiles = \{([\s\S]*?)\n\};/);
  assert.ok(table, `no profile table in ${bin}`);
  /** @type {Record<string, { rtt: number, down: number, up: number }>} */
  const profiles = {};
  for (const m of table[1].matchAll(/'?([\w]+)'?:\s*\{\s*down:\s*([\d_]+),\s*up:\s*([\d_]+),\s*rtt:\s*([\d_]+)\s*\}/g)) {
    const n = (/** @type {string} */ s) => Number(s.replaceAll('_', ''));
    profiles[m[1]] = { rtt: n(m[4]), down: n(m[2]), up: n(m[3]) };
  }
  return profiles;
}

test('every profile means what it means to @sitespeed.io/throttle\'s command line', () => {
  const theirs = throttleProfiles();
  assert.equal(Object.keys(theirs).length, 12, 'the library\'s table was read whole');
  assert.deepEqual(PROFILES, theirs);
});

test('resolveProfile: none is no link; a named profile is its figures, rtt in ms and kbit/s each way', () => {
  assert.equal(resolveProfile('none'), null);
  assert.equal(resolveProfile(), null);
  assert.deepEqual(resolveProfile('3g'), { name: '3g', rtt: 150, down: 1600, up: 768 });
});

test('resolveProfile: custom takes what is given; a missing or zero rate means that direction is unlimited', () => {
  assert.deepEqual(resolveProfile('custom', { rtt: 40, down: 2000 }), { name: 'custom', rtt: 40, down: 2000, up: null });
  assert.deepEqual(resolveProfile('custom', { up: 500 }), { name: 'custom', rtt: 0, down: null, up: 500 });
  assert.deepEqual(resolveProfile('custom', { rtt: 10, down: 0, up: 0 }), { name: 'custom', rtt: 10, down: null, up: null });
});

test('resolveProfile refuses, in one line naming the option, what it cannot use', () => {
  assert.throws(() => resolveProfile('5g'), (err) => err instanceof UserError && /^unknown throttle profile "5g" \(known: none, 3gslow, .*, fois, custom\)$/.test(err.message));
  assert.throws(() => resolveProfile('custom', {}), (err) => err instanceof UserError && err.message === '--throttle: custom needs at least one of --rtt MS, --down KBIT, --up KBIT');
  // the benchmarks take profiles with --profiles, and their refusal names it
  assert.throws(() => resolveProfile('custom', {}, '--profiles'), (err) => err instanceof UserError && err.message === '--profiles: custom needs at least one of --rtt MS, --down KBIT, --up KBIT');
  assert.throws(() => resolveProfile('custom', { rtt: -5 }), (err) => err instanceof UserError && err.message === '--rtt: expected a number ≥ 0, got "-5"');
  assert.throws(() => resolveProfile('custom', { down: NaN }), (err) => err instanceof UserError && err.message.startsWith('--down: '));
  assert.throws(() => resolveProfile('custom', { up: Infinity }), (err) => err instanceof UserError && err.message.startsWith('--up: '));
});

test('describeLink names the profile and each rate, unlimited where there is none', () => {
  assert.equal(describeLink(resolveProfile('4g')), '4g: RTT 85 ms, down 9000 kbit/s, up 9000 kbit/s');
  assert.equal(describeLink(resolveProfile('custom', { rtt: 20, down: 300 })), 'custom: RTT 20 ms, down 300 kbit/s, up unlimited');
  assert.equal(describeLink(null), 'none');
});
