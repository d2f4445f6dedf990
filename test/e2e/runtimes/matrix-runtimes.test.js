// test-runner: long (started first: see scripts/run-tests.js)
// A small suite on Bun, Deno and Chromium through benchmark_dss.js's own path
// (installing into the per-user cache on first use): verdicts and shape only,
// never speeds. PVJ_RUNTIME_CACHE points the cache elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATHS } from '../../../lib/runtimes/install/registry.js';
import { measureAcrossRuntimes, prepareRuntimes } from '../../../lib/runtimes/matrix/matrix.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { runtimeMatrices, runtimeMatrixTable } from '../../../lib/report/runtime-matrix.js';
import { OPERATIONS } from '../../../lib/measure/speed.js';
import { ROOT } from '../../../lib/paths.js';
import { describeCodec, prepareCodecs } from '../../../lib/verify.js';

const haveChromium = CHROMIUM_PATHS.some((p) => fs.existsSync(p));

test('bun, deno and chromium: every codec verified there, measured or given a row with the reason', { timeout: 600_000 }, async (t) => {
  if (!haveChromium && process.env.REQUIRE_CHROMIUM) assert.fail(`REQUIRE_CHROMIUM is set but no Chromium at ${CHROMIUM_PATHS.join(' or ')}`);
  const names = ['bun', 'deno', ...(haveChromium ? ['chromium'] : [])];
  if (!haveChromium) t.diagnostic('no system Chromium: bun and deno only');
  const runtimes = await prepareRuntimes(names);
  // cbor-x: its addon would kill Deno without the variable its codec declares; avsc needs Node's
  // stream and Buffer, so it fails in a page; pbf runs there on its runtime and generated code (its compiler, which
  // reads its package.json from disk as it loads, is loaded only when code is generated)
  const formats = 'json-buffer,protobufjs-static,protobuf-es,msgpackr,cbor-x,avsc,pbf';
  const out = await measureAcrossRuntimes({
    runtimes, payloads: resolvePayloads({ numbers: ['5'] }),
    codecs: await selectCodecs(formats), rounds: 2, maxTime: 0.01, minTime: 0.005,
  });
  assert.deepEqual(out.runtimes.map((r) => r.runtime), names);
  for (const d of out.runtimes) {
    assert.match(d.version, /^\d+\.\d+\.\d+/);
    assert.equal(d.engine, d.runtime === 'bun' ? 'JavaScriptCore' : 'V8');
    assert.ok(d.engineVersion);
  }
  const [entry] = out.results;
  const verdicts = Object.fromEntries(entry.runtimes.map((r) => {
    assert.ok(r.results && r.skipped, `${r.runtime}: rows and skipped cells`);
    return [r.runtime, Object.fromEntries([...r.results, ...r.skipped].map((x) => [x.format, x.status]))];
  }));
  const everywhere = { 'json-buffer': 'exact', 'protobufjs-static': 'exact', 'protobuf-es': 'exact', msgpackr: 'exact' };
  assert.deepEqual(verdicts.bun, { ...everywhere, 'cbor-x': 'exact', avsc: 'exact', pbf: 'exact' });
  assert.deepEqual(verdicts.deno, { ...everywhere, 'cbor-x': 'exact', avsc: 'exact', pbf: 'exact' });
  if (haveChromium) {
    assert.deepEqual(verdicts.chromium, { ...everywhere, 'cbor-x': 'exact', avsc: 'failed', pbf: 'exact' });
    const chromium = entry.runtimes.find((r) => r.runtime === 'chromium');
    assert.ok(chromium?.skipped, 'chromium lists what it skipped');
    assert.match(chromium.skipped.find((s) => s.format === 'avsc')?.reason ?? '', /not available in a browser page/);
    assert.deepEqual(chromium.skipped.map((s) => s.format), ['avsc'], 'pbf measured in the page, not skipped');
  }
  for (const r of entry.runtimes) {
    assert.equal(r.error, null);
    assert.ok(r.results, `${r.runtime}: rows`);
    for (const row of r.results) {
      assert.equal(row.rounds.length, 2, `${r.runtime} ${row.format} ${row.op}`);
      assert.ok(row.opsPerSec > 0 && row.min <= row.opsPerSec && row.opsPerSec <= row.max, `${r.runtime} ${row.format} ${row.op}: ${row.min} ${row.opsPerSec} ${row.max}`);
      // a ratio to the baseline for the operations every codec has; the conversions have none
      assert.equal(row.vsBaseline == null, !['encode', 'decode', 'roundtrip'].includes(row.op), `${r.runtime} ${row.format} ${row.op}`);
    }
    const cbor = r.results.find((x) => x.format === 'cbor-x');
    assert.ok(cbor, `${r.runtime}: a cbor-x row`);
    assert.equal(Boolean(cbor.runtimeNotes), r.runtime === 'bun' || r.runtime === 'deno', `${r.runtime}: cbor-x noted where its addon is kept off`);
  }
  const matrices = runtimeMatrices(entry, out.runtimes, out.settings.formats);
  assert.deepEqual(matrices.map((m) => m.op), OPERATIONS, 'a matrix per operation, conversions included');
  const table = runtimeMatrixTable(matrices[0]);
  for (const d of out.runtimes) assert.match(table, new RegExp(`^\\| ${d.label} +\\| ${d.name} ${d.version.replace(/\./g, '\\.')}, ${d.engine} `, 'm'));
});

test('chromium: bytes fields (base64 in both alphabets, padded or not, every byte value; oneofs) verified in the page by pbf, protobuf-es and protobuf-ts as on the host', { timeout: 300_000 }, async (t) => {
  if (!haveChromium) {
    if (process.env.REQUIRE_CHROMIUM) assert.fail(`REQUIRE_CHROMIUM is set but no Chromium at ${CHROMIUM_PATHS.join(' or ')}`);
    t.skip('no system Chromium');
    return;
  }
  const dir = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const payloads = [['oneof-bytes.json', 'quiz.Folder'], ['oneof.json', 'quiz.Sheet']]
    .map(([data, type]) => resolvePayloads({ data: path.join(dir, data), proto: path.join(dir, 'oneof.proto'), type })[0]);
  // the page has no Buffer: the codecs' conversions and the comparison read and write base64 with lib/base64.js
  const codecs = await selectCodecs('pbf,protobuf-es,protobuf-ts');
  const out = await measureAcrossRuntimes({ runtimes: await prepareRuntimes(['chromium']), payloads, codecs, rounds: 1, maxTime: 0.01, verifyOnly: true });
  const inPage = out.results.map((entry) => {
    const [page] = entry.runtimes;
    assert.equal(page.error, null);
    return (page.verdicts ?? []).map((v) => ({ ...v }));
  });
  const onHost = payloads.map((p) => prepareCodecs(codecs, p).map(describeCodec).map(({ format, status, diff, normalised, reason }) => ({ format, status, diff, normalised, reason })));
  // "-_8" and the other URL-safe or unpadded values come back standard and padded (bytes-as-base64); an absent
  // implicit-presence bytes field comes back "" but from pbf (default-as-absent)
  const both = 'bytes-as-base64,default-as-absent';
  assert.deepEqual(onHost.map((verdicts) => verdicts.map((v) => [v.format, v.status, v.normalised.join()])), [
    [['protobuf-es', 'equivalent', both], ['protobuf-ts', 'equivalent', both], ['pbf', 'equivalent', 'bytes-as-base64']],
    [['protobuf-es', 'exact', ''], ['protobuf-ts', 'exact', ''], ['pbf', 'exact', '']],
  ]);
  assert.deepEqual(inPage.map((verdicts) => verdicts.map(({ format, status, diff, normalised, reason }) => ({ format, status, diff, normalised, reason }))), onHost);
});
