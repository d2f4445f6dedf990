// test-runner: long (started first: see scripts/run-tests.js)
// Installs real runtimes from the npm registry into the per-user cache (the
// first run downloads about 100 MB each; later runs reuse them) and runs the
// project's code in each. PVJ_RUNTIME_CACHE points the cache elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRuntime, locateChromium } from '../../../lib/runtimes/install/install.js';
import { describeRuntime } from '../../../lib/runtimes/install/describe.js';
import { runInRuntime } from '../../../lib/runtimes/run/run.js';
import { bundleForBrowser, runInChromium } from '../../../lib/runtimes/page/chromium.js';
import { CHROMIUM_PATHS } from '../../../lib/runtimes/install/registry.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROBE = path.join(here, 'fixtures', 'runtime-probe.js');
const ROOT = path.resolve(here, '..', '..', '..');

const EXPECTED = {
  'node@22': { name: 'node', engine: 'V8', version: /^22\.\d+\.\d+$/ },
  bun: { name: 'bun', engine: 'JavaScriptCore', version: /^1\.\d+\.\d+$/ },
  deno: { name: 'deno', engine: 'V8', version: /^2\.\d+\.\d+$/ },
};

for (const [name, expected] of Object.entries(EXPECTED)) {
  test(`${name}: installed (or reused) exactly, described, and runs the project's codecs`, { timeout: 180_000 }, async () => {
    /** @type {string[]} */
    const progress = [];
    const runtime = await ensureRuntime(name, { onProgress: (line) => progress.push(line) });
    assert.ok(fs.existsSync(runtime.bin), runtime.bin);
    assert.match(runtime.version ?? '', expected.version);
    // the progress lines come in a pair, and only when something was installed
    assert.equal(progress.length, runtime.source === 'installed' ? 2 : 0, progress.join(' | '));

    const described = await describeRuntime(runtime.bin, runtime.kind);
    assert.equal(described.name, expected.name);
    assert.equal(described.engine, expected.engine);
    assert.equal(described.version, runtime.version, 'the binary is the version the package promised');
    assert.ok(described.engineVersion.length > 0);

    // the probe loads every codec but runs two: cbor-x's addon (built against Node's V8 API) kills Deno when first called
    const out = await runInRuntime(runtime, PROBE, ['a b'], { cwd: ROOT, timeoutMs: 60_000 });
    assert.deepEqual(out, { verdicts: { 'json-buffer': 'exact', msgpackr: 'exact', protobufjs: 'exact' }, argv: ['a b'] });
  });
}

test('chromium: the system browser runs a bundle of protobufjs, msgpackr and protobuf-es without Buffer', { timeout: 120_000 }, async (t) => {
  if (!CHROMIUM_PATHS.some((p) => fs.existsSync(p))) {
    // CI installs chromium and sets REQUIRE_CHROMIUM: there a missing browser is a failure
    if (process.env.REQUIRE_CHROMIUM) assert.fail(`REQUIRE_CHROMIUM is set but no Chromium at ${CHROMIUM_PATHS.join(' or ')}`);
    t.skip('no system Chromium');
    return;
  }
  const runtime = locateChromium();
  const described = await describeRuntime(runtime.bin, 'chromium');
  assert.equal(described.engine, 'V8');
  assert.match(described.version, /^\d+\.\d+\.\d+\.\d+$/);
  assert.match(described.engineVersion, /^\d+\.\d+\.\d+/);

  const script = await bundleForBrowser(path.join(here, 'fixtures', 'runtime-browser-probe.js'));
  const value = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'test3.json'), 'utf8'));
  const out = await runInChromium(runtime, script, { call: 'probe', args: [value] });
  assert.deepEqual(out, { hasBuffer: false, json: true, msgpackr: true, protobufjs: true, protobufEs: true });
});

test('chromium: a page error comes back as the rejection', { timeout: 60_000 }, async (t) => {
  if (!CHROMIUM_PATHS.some((p) => fs.existsSync(p))) {
    if (process.env.REQUIRE_CHROMIUM) assert.fail('REQUIRE_CHROMIUM is set but no Chromium');
    t.skip('no system Chromium');
    return;
  }
  const runtime = locateChromium();
  await assert.rejects(runInChromium(runtime, 'globalThis.f = () => Buffer.from("x");', { call: 'f' }), /Buffer is not defined/);
  await assert.rejects(runInChromium(runtime, 'void 0;', { call: 'missing' }), /defines no function globalThis\.missing/);
});
