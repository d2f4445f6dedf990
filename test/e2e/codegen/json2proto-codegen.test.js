// json2proto's output, loaded as --proto, through the code-generating codecs after the schema inferred from the same
// JSON: the two have the same text but not the same file name, and generated code is named after the file, so its
// cache must tell them apart (it did not: "Cannot find module …/deep100.cjs", issue 16). In e2e: pbjs and buf run.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../scripts/json2proto.js';
import { loadCodecs } from '../../../lib/codecs/index.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { describeVerdict, prepareCodecs } from '../../../lib/verify.js';

const GENERATED = ['protobufjs-static', 'protobuf-es', 'protobuf-ts', 'pbf'];
const codecs = (await loadCodecs()).filter((c) => GENERATED.includes(c.name) && c.available);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2proto-codegen-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the schema inferred from a JSON file and json2proto\'s .proto of it each get their own generated code', () => {
  assert.equal(codecs.length, GENERATED.length);
  // a key no earlier run has seen, so the cache starts without this schema and the order below is the one tested
  const data = path.join(dir, 'deep.json');
  /** @type {object} */
  let value = { [`run_${process.pid}_${Date.now()}`]: 1 };
  for (let i = 0; i < 40; i++) value = { n: value, k: i };
  fs.writeFileSync(data, JSON.stringify(value));
  let proto = '';
  assert.equal(main([data], { stdout: { write: (s) => { proto += s; } }, stderr: { write: () => {} } }), 0);
  fs.writeFileSync(path.join(dir, 'deep.proto'), proto);

  const inferred = prepareCodecs(codecs, resolvePayloads({ data })[0]);
  const fromFile = prepareCodecs(codecs, resolvePayloads({ data, proto: path.join(dir, 'deep.proto') })[0]);
  assert.deepEqual(inferred.map((p) => `${p.codec.name}: ${describeVerdict(p)}`), GENERATED.map((n) => `${n}: exact`));
  assert.deepEqual(fromFile.map((p) => `${p.codec.name}: ${describeVerdict(p)}`), GENERATED.map((n) => `${n}: exact`));
});
