// In e2e: the schema-driven codecs generate code (pbjs, buf: child processes) for the batch wrapper schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchPayload } from '../../../lib/payload/batch.js';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { measureSizes } from '../../../lib/measure/sizes.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { prepareCodecs } from '../../../lib/verify.js';

test('a batch is N copies in one repeated field; every codec carries it and size grows with N', async () => {
  const [payload] = resolvePayloads({ numbers: ['3'] });
  // every schema-driven codec generates code or a schema for the wrapper, pbf's parser included
  const codecs = await selectCodecs('protobufjs-static,protobufjs-dynamic,json-buffer,protobuf-es,protobuf-ts,pbf,avsc,fast-json-stringify');
  const one = measureSizes(prepareCodecs(codecs, payload), payload).codecs;
  const b = batchPayload(payload, 7);
  assert.equal(b.value.items.length, 7);
  assert.deepEqual(b.value.items[6], payload.value);
  assert.notEqual(b.value.items[0], b.value.items[1], 'each item is its own copy');
  const prepared = prepareCodecs(codecs, b);
  for (const p of prepared) assert.ok(['exact', 'equivalent'].includes(p.status), `${p.codec.name}: ${p.status} ${p.reason ?? ''}`);
  const seven = measureSizes(prepared, b).codecs;
  for (const format of ['protobufjs-static', 'protobufjs-dynamic']) {
    const base = one.find((c) => c.format === format)?.bytes;
    // a repeated message field costs a tag and a length per item on top of the item itself
    const got = seven.find((c) => c.format === format)?.bytes;
    assert.ok(base !== undefined && got !== undefined, `${format}: sizes of one and of seven`);
    assert.ok(got > 7 * base && got <= 7 * (base + 4), `${format}: ${got} bytes for 7 × ${base}`);
  }
  const json = seven.find((c) => c.format === 'json-buffer')?.bytes;
  assert.equal(json, Buffer.byteLength(JSON.stringify({ items: Array(7).fill(payload.value) })));
});
