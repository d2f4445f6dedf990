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

test('every codec file loads: an absent codec declares why (unavailable), an import that throws fails here', async () => {
  const crashed = (await loadCodecs()).filter((c) => c.loadError);
  assert.deepEqual(crashed.map((c) => `${c.name}: ${c.reason}`), []);
});

test('a default codec whose file throws on import stops the default selection instead of vanishing from it', async (t) => {
  const codecs = await loadCodecs();
  const victim = codecs.find((c) => c.name === DEFAULT_FORMATS.at(-1));
  assert.ok(victim, 'the last default codec is listed');
  const saved = { ...victim };
  t.after(() => {
    for (const k of Object.keys(victim)) Reflect.deleteProperty(victim, k);
    Object.assign(victim, saved);
  });
  Object.assign(victim, { available: false, reason: 'cannot load: boom', loadError: new Error('boom') });
  await assert.rejects(selectCodecs(), new RegExp(`default codec ${victim.name} cannot load: boom`));
});

test('every codec file states its name, library, version, kind and what decoded means', async () => {
  for (const c of await loadCodecs()) {
    assert.match(c.name, /^[a-z0-9-]+$/);
    if (!c.available) {
      assert.equal(c.loadError, undefined, `${c.name} crashed on import: ${c.reason}`);
      assert.match(c.reason ?? '', /\w{3,}/, `${c.name} is unavailable without a reason`);
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

test('every codec file says in its own words what it does to the data, and no two say the same', async () => {
  const codecs = await loadCodecs();
  for (const c of codecs) assert.match(c.description, /\w+ \w+ \w+/, `${c.name} declares no description`);
  const byText = new Map(codecs.map((c) => [c.description, c.name]));
  assert.equal(byText.size, codecs.length, 'two codecs share a description');
  const json = codecs.find((c) => c.name === 'json');
  const base = codecs.find((c) => c.name === 'json-buffer');
  // the pair a reader confuses: strings against UTF-8 bytes, and which one is the baseline
  assert.match(json?.description ?? '', /strings/);
  assert.match(base?.description ?? '', /UTF-8 bytes/);
});

test('--formats selects codecs in registry order; unknown names are refused', async () => {
  assert.deepEqual((await selectCodecs('json-buffer,protobufjs-static')).map((c) => c.name), ['protobufjs-static', 'json-buffer']);
  await assert.rejects(selectCodecs('json,yaml2'), /unknown format "yaml2"/);
});
