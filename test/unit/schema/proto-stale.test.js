// The committed proto/testN.proto files are exactly what scripts/generate-protos.js
// infers from data/testN.json; if this fails, run `npm run generate:proto`.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import protobuf from 'protobufjs';
import { renderBundledProtos } from '../../../scripts/generate-protos.js';
import { BUNDLED, ROOT } from '../../../lib/payload/index.js';

const TO_OBJECT = { longs: Number, enums: String, bytes: String, defaults: true, arrays: true, objects: true };

/**
 * @param {unknown} v
 * @returns {unknown} v with every object's keys sorted
 */
const canonical = (v) => (Array.isArray(v) ? v.map(canonical)
  : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => [k, canonical(x)])) : v);

test('proto/test1..5.proto are up to date with data/test1..5.json', () => {
  const protos = renderBundledProtos();
  assert.equal(protos.length, BUNDLED.length);
  for (const { file, text } of protos) {
    const rel = path.relative(ROOT, file);
    assert.ok(fs.existsSync(file), `${rel} is missing: run npm run generate:proto`);
    assert.equal(fs.readFileSync(file, 'utf8'), text, `${rel} is stale: run npm run generate:proto`);
  }
});

test('each bundled payload round-trips exactly through its generated schema', () => {
  for (const p of BUNDLED) {
    const text = fs.readFileSync(p.protoFile, 'utf8');
    const json = fs.readFileSync(p.dataFile, 'utf8');
    // Wrappers, renamed keys and nulls need the codecs' adapter; plain schemas do not.
    if (/@json-wrapper|json_name/.test(text) || /\bnull\b/.test(json)) continue;
    const type = protobuf.parse(text, { keepCase: true, alternateCommentMode: true }).root.lookupType(p.type);
    const value = JSON.parse(json);
    const decoded = type.toObject(type.decode(type.encode(value).finish()), TO_OBJECT);
    assert.deepStrictEqual(canonical(decoded), canonical(value), p.name);
  }
});
