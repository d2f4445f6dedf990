import test from 'node:test';
import assert from 'node:assert/strict';
import { loadCodecs, selectCodecs, DEFAULT_FORMATS } from '../../../lib/codecs/index.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { prepareCodecs } from '../../../lib/verify.js';

test('every bundled payload round-trips exactly through every default codec', async () => {
  const codecs = await selectCodecs();
  assert.deepEqual(codecs.map((c) => c.name), DEFAULT_FORMATS);
  for (const payload of resolvePayloads()) {
    for (const p of prepareCodecs(codecs, payload)) {
      assert.equal(p.status, 'exact', `${payload.id} ${p.codec.name}: ${p.status} ${JSON.stringify(p.diff ?? p.reason)}`);
    }
  }
});

test('every codec file states its name, library, version, kind and what decoded means', async () => {
  for (const c of await loadCodecs()) {
    assert.match(c.name, /^[a-z0-9-]+$/);
    if (!c.available) {
      assert.match(c.reason, /\w{3,}/, `${c.name} is unavailable without a reason`);
      continue;
    }
    assert.ok(c.library && c.version, c.name);
    assert.equal(typeof c.kind.schema, 'boolean', c.name);
    assert.equal(typeof c.kind.binary, 'boolean', c.name);
    assert.equal(typeof c.kind.codegen, 'boolean', c.name);
    assert.ok(Array.isArray(c.normalise), c.name);
    assert.ok(c.decoded, c.name);
  }
});

test('--formats selects codecs in registry order; unknown names are refused', async () => {
  assert.deepEqual((await selectCodecs('json-buffer,protobufjs-static')).map((c) => c.name), ['protobufjs-static', 'json-buffer']);
  await assert.rejects(selectCodecs('json,yaml2'), /unknown format "yaml2"/);
});
