// The native-addon flag is detected, not declared: switching the addons off
// through the libraries' own environment variables must clear it, and the
// flag must name an addon exactly when the process has that addon's shared
// object mapped (read from /proc/self/maps, not from the libraries' own say).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = `
const fs = await import('node:fs');
const { loadCodecs, fairnessFlags } = await import('./lib/codecs/index.js');
const codecs = await loadCodecs();
const flag = (name) => fairnessFlags(codecs.find((c) => c.name === name), { schemaSource: 'inferred' }).nativeAddon;
const mapped = [...new Set(fs.readFileSync('/proc/self/maps', 'utf8').split('\\n').map((l) => l.split(/\\s+/)[5] ?? '').filter((f) => f.endsWith('.node')))];
console.log(JSON.stringify({ flags: { msgpackr: flag('msgpackr'), cbor: flag('cbor-x'), records: flag('msgpackr-records') }, mapped }));`;

/** @type {(env: NodeJS.ProcessEnv) => { flags: Record<string, string|null>, mapped: string[] }} what SCRIPT prints */
const run = (env) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT],
  { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' }));
const hasMaps = fs.existsSync('/proc/self/maps');

test('native addon flags: null when the libraries are told not to load their addons', () => {
  const off = run({ MSGPACKR_NATIVE_ACCELERATION_DISABLED: 'true', CBOR_NATIVE_ACCELERATION_DISABLED: 'true' });
  assert.deepEqual(off.flags, { msgpackr: null, cbor: null, records: null });
});

test('native addon flags: named exactly when the addon\'s shared object is loaded in the process', { skip: hasMaps ? false : 'needs /proc/self/maps (Linux)' }, () => {
  const on = run({ MSGPACKR_NATIVE_ACCELERATION_DISABLED: '', CBOR_NATIVE_ACCELERATION_DISABLED: '' });
  const loaded = (/** @type {string} */ name) => on.mapped.some((f) => f.includes(`/${name}`));
  const msgpackr = loaded('msgpackr-extract') ? 'msgpackr-extract' : null;
  assert.deepEqual(on.flags, { msgpackr, cbor: loaded('cbor-extract') ? 'cbor-extract' : null, records: msgpackr }, on.mapped.join(', '));
  // the lock installs msgpackr's prebuilt binary for this platform: where it is on disk, it must be the one in use
  const prebuilt = `${ROOT}/node_modules/@msgpackr-extract/msgpackr-extract-${process.platform}-${process.arch}`;
  if (fs.existsSync(prebuilt)) assert.equal(on.flags.msgpackr, 'msgpackr-extract', `${prebuilt} is installed but not in use`);
});
