// The native-addon flag is detected, not declared: switching the addons off
// through the libraries' own environment variables must clear it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = `
const { loadCodecs, fairnessFlags } = await import('./lib/codecs/index.js');
const codecs = await loadCodecs();
const flag = (name) => fairnessFlags(codecs.find((c) => c.name === name), { schemaSource: 'inferred' }).nativeAddon;
console.log(JSON.stringify({ msgpackr: flag('msgpackr'), cbor: flag('cbor-x'), records: flag('msgpackr-records') }));`;

const flagsWith = (env) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT],
  { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' }));

test('native addon flags: null when the libraries are told not to load their addons', () => {
  const off = flagsWith({ MSGPACKR_NATIVE_ACCELERATION_DISABLED: 'true', CBOR_NATIVE_ACCELERATION_DISABLED: 'true' });
  assert.deepEqual(off, { msgpackr: null, cbor: null, records: null });
  const on = flagsWith({ MSGPACKR_NATIVE_ACCELERATION_DISABLED: '', CBOR_NATIVE_ACCELERATION_DISABLED: '' });
  // the flag names an addon exactly when its binary loads here
  const require = createRequire(import.meta.url);
  const loads = (name) => { try { return typeof require(name).extractStrings === 'function'; } catch { return false; } };
  const msgpackr = loads('msgpackr-extract') ? 'msgpackr-extract' : null;
  assert.deepEqual(on, { msgpackr, cbor: loads('cbor-extract') ? 'cbor-extract' : null, records: msgpackr });
});
