import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { portablePayload, rebuildPayload } from '../../../lib/payload/portable.js';
import { describePayload, resolvePayloads } from '../../../lib/payload/index.js';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { prepareCodecs } from '../../../lib/verify.js';
import { ROOT } from '../../../lib/paths.js';

const DIR = path.join(ROOT, 'test', 'fixtures', 'schemas');
/** @param {unknown} x as it crosses a process or page boundary */
const overTheWire = (x) => JSON.parse(JSON.stringify(x));

test('a payload rebuilt from its portable form (through JSON) is the same payload: identity, corpus, schema, adapter', async () => {
  // lowerCamelCase keys and well-known types: the adapter must come along (the keys were dropped without it: issue 16)
  const [payload] = resolvePayloads({ data: path.join(DIR, 'wellknown-timestamp.json'), proto: path.join(DIR, 'wellknown.proto'), type: 'telemetry.Reading' });
  const rebuilt = rebuildPayload(overTheWire(portablePayload(payload)));
  assert.deepEqual(describePayload(rebuilt), describePayload(payload));
  assert.deepEqual(rebuilt.corpus, payload.corpus);
  assert.deepEqual(rebuilt.value, payload.value);
  assert.equal(rebuilt.schema.type.fullName, payload.schema.type.fullName);
  assert.deepEqual(rebuilt.schema.adapter.fit, payload.schema.adapter.fit);
  assert.equal(payload.schema.adapter.fit?.aliases, true, 'the fixture needs the adapter');
  // what the other side measures: the same bytes from every message
  const codecs = await selectCodecs('protobufjs-dynamic');
  const [here] = prepareCodecs(codecs, payload);
  const [there] = prepareCodecs(codecs, rebuilt);
  assert.deepEqual([there.status, there.reason], [here.status, here.reason]);
  assert.ok(here.instance && there.instance);
  const encode = (/** @type {NonNullable<typeof here.instance>} */ c, /** @type {unknown} */ v) => Buffer.from(/** @type {Uint8Array} */ (c.encode(c.fromPlain(v))));
  for (const message of payload.corpus ?? []) assert.deepEqual(encode(there.instance, message), encode(here.instance, message));
});

test('messages limits the corpus carried (at least one), corpusLength still says how long the whole is', () => {
  const [payload] = resolvePayloads({ numbers: ['5'] });
  const total = payload.corpus?.length ?? 0;
  assert.ok(total > 3);
  const three = portablePayload(payload, { messages: 3 });
  assert.deepEqual([three.corpus.length, three.corpusLength], [3, total]);
  assert.deepEqual(portablePayload(payload, { messages: 0 }).corpus, [payload.value]);
  assert.equal(portablePayload(payload).corpus.length, total);
});

test('a schema loaded with --proto-path keeps its folders and the files found under them in its portable form', () => {
  const [payload] = resolvePayloads({ data: path.join(DIR, 'service-greet.json'), proto: path.join(DIR, 'service/acme/greeter/v1/greeter.proto'),
    type: 'GreetRequest', protoPaths: [path.join(DIR, 'googleapis')] });
  const portable = overTheWire(portablePayload(payload));
  assert.deepEqual(portable.schema.protoPaths, [path.join(DIR, 'googleapis')]);
  assert.deepEqual(portable.schema.layout, payload.schema.layout);
  assert.ok(portable.schema.layout.some((/** @type {{ name: string }} */ f) => f.name === 'google/api/http.proto'), 'a file found under the proto path');
  const rebuilt = rebuildPayload(portable);
  assert.deepEqual([rebuilt.schema.protoPaths, rebuilt.schema.layout, rebuilt.schema.hash], [payload.schema.protoPaths, payload.schema.layout, payload.schema.hash]);
  // and a schema without any has none to carry
  const [plain] = resolvePayloads({ numbers: ['5'] });
  assert.ok(!('protoPaths' in portablePayload(plain).schema));
});
