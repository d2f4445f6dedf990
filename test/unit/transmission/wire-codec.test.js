import test from 'node:test';
import assert from 'node:assert/strict';
import json from '../../../lib/codecs/json.js';
import protobufjsDynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import { parseSchema } from '../../../lib/schema/index.js';
import { prepareCodecs } from '../../../lib/verify.js';
import { payloadIdentity, prepareWireCodecs, verifyCorpus, wireCodec, payloadBytesSent } from '../../../lib/transmission/wire-codec.js';

// codec modules stand in for loaded codecs (prepareCodecs reads neither version nor availability)
const codecs = /** @type {import('../../../lib/codecs/index.js').CodecInfo[]} */ (/** @type {unknown} */ ([json, protobufjsDynamic]));
const schema = parseSchema('syntax = "proto3";\nmessage Reading { int32 id = 1; string station = 2; int32 level = 3; }\n', { typeName: 'Reading' });
const corpus = [
  { id: 1, station: 'A', level: 150 },
  { id: 2, station: 'Zürich', level: 3 },
  { id: 3, station: 'B', level: 0 },
];

/**
 * @param {unknown[]} messages
 * @param {Partial<import('../../../lib/payload/index.js').Payload>} [over]
 */
function payloadOf(messages, over = {}) {
  return /** @type {import('../../../lib/payload/index.js').Payload} */ ({
    id: 'r', title: 'readings', dataFile: 'r.json', value: messages[0], corpus: messages,
    jsonBytes: Buffer.byteLength(JSON.stringify(messages[0])), schema, schemaSource: '/somewhere/r.proto', warnings: [], ...over,
  });
}

const [jsonPrepared, protobufPrepared] = prepareCodecs(codecs, payloadOf(corpus));

test('a textual codec travels as UTF-8: message i is corpus[i mod n], decode takes the bytes back to a string', () => {
  const c = wireCodec(jsonPrepared, corpus);
  assert.equal(c.name, 'json');
  assert.equal(c.textual, true);
  assert.equal(c.mediaType, 'application/json');
  assert.equal(c.messageCount, 3);
  const zurich = Buffer.from('{"id":2,"station":"Zürich","level":3}', 'utf8');
  assert.deepEqual(c.encodeMessage(4), zurich, 'message 4 of a 3-message corpus is message 1');
  // "ü" is two bytes in UTF-8: the length is in bytes, not characters
  assert.equal(c.byteLength(1), 38);
  assert.equal(c.byteLength(7), 38);
  assert.deepEqual(c.decode(zurich), corpus[1]);
  // a textual codec's decode is handed a string, as its users call it, never the Buffer
  /** @type {unknown[]} */
  const handed = [];
  const instance = /** @type {NonNullable<typeof jsonPrepared.instance>} */ (jsonPrepared.instance);
  const spy = wireCodec({ ...jsonPrepared, instance: { ...instance, decode: (text) => { handed.push(text); return instance.decode(text); } } }, corpus);
  spy.decode(zurich);
  assert.deepEqual(handed, ['{"id":2,"station":"Zürich","level":3}']);
});

test('prefixBytes leaves room for a transport header before the codec bytes', () => {
  const text = wireCodec(jsonPrepared, corpus).encodeMessage(2, 4);
  assert.equal(text.length, 4 + 32);
  assert.equal(text.subarray(4).toString('utf8'), '{"id":3,"station":"B","level":0}');
  const binary = wireCodec(protobufPrepared, corpus).encodeMessage(0, 2);
  assert.deepEqual([...binary.subarray(2)], [0x08, 0x01, 0x12, 0x01, 0x41, 0x18, 0x96, 0x01]);
});

test('a binary codec\'s bytes are the protobuf encoding of each corpus message (hand-encoded)', () => {
  const c = wireCodec(protobufPrepared, corpus);
  assert.equal(c.textual, false);
  assert.equal(c.mediaType, 'application/x-protobuf');
  // field 1 varint 1; field 2 length 1 "A"; field 3 varint 150 (0x96 0x01)
  assert.deepEqual([...c.encodeMessage(0)], [0x08, 0x01, 0x12, 0x01, 0x41, 0x18, 0x96, 0x01]);
  // field 1 varint 3; field 2 "B"; level 0 is proto3's default and is not written
  assert.deepEqual([...c.encodeMessage(5)], [0x08, 0x03, 0x12, 0x01, 0x42]);
  assert.equal(c.byteLength(2), 5);
  assert.ok(Buffer.isBuffer(c.encodeMessage(0)));
  assert.deepEqual(protobufPrepared.instance?.toPlain(c.decode(c.encodeMessage(1))), corpus[1]);
});

test('verifyCorpus names the first record a codec changes', () => {
  // 2^40 does not fit an int32: protobuf keeps the low 32 bits (0), JSON keeps it
  const lossy = [...corpus, { id: 4, station: 'C', level: 2 ** 40 }, { id: 5, station: 'D', level: 2 ** 41 }];
  const [j, pb] = prepareCodecs(codecs, payloadOf(lossy));
  assert.equal(verifyCorpus(pb, lossy, 5, schema.type).status, 'lossy');
  assert.equal(verifyCorpus(pb, lossy, 5, schema.type).record, 3);
  assert.equal(verifyCorpus(pb, lossy, 3, schema.type).status, 'exact', 'a pass of 3 messages never sends record 3');
  assert.equal(verifyCorpus(j, lossy, 5, schema.type).status, 'exact');
});

test('verifyCorpus: a record the codec throws on makes it failed, naming the record', () => {
  const throwing = { ...protobufPrepared, instance: { ...protobufPrepared.instance, encode: (/** @type {any} */ m) => {
    if (m.id === 3) throw new Error('boom');
    return /** @type {NonNullable<typeof protobufPrepared.instance>} */ (protobufPrepared.instance).encode(m);
  } } };
  const v = verifyCorpus(/** @type {typeof protobufPrepared} */ (throwing), corpus, 3, schema.type);
  assert.equal(v.status, 'failed');
  assert.equal(v.record, 2);
  assert.match(String(v.reason), /^record 3: round trip: boom/);
});

test('prepareWireCodecs: a transport that carries binary formats only refuses the textual codec, with the reason', () => {
  const binaryOnly = /** @type {import('../../../lib/transmission/transports/index.js').Transport} */ (/** @type {unknown} */ ({ name: 'grpc', supports: { formats: 'binary' } }));
  const { usable, refused } = prepareWireCodecs(codecs, payloadOf(corpus), binaryOnly);
  assert.deepEqual(usable.map((c) => c.name), ['protobufjs-dynamic']);
  assert.deepEqual(refused.map((r) => [r.name, r.reason]), [['json', 'grpc carries binary formats only (json encodes to text)']]);
  assert.equal(refused[0].prepared.status, 'unsupported');
});

test('prepareWireCodecs: a transport whose library cannot carry a codec\'s messages (its carries check) marks that cell unsupported with the reason; the rest run', () => {
  /** @type {string[]} */
  const asked = [];
  const picky = /** @type {import('../../../lib/transmission/transports/index.js').Transport} */ (/** @type {unknown} */ ({ name: 'connect', supports: { formats: 'any' },
    carries: (/** @type {import('../../../lib/transmission/wire-codec.js').WireCodec} */ codec, /** @type {unknown} */ given) => {
      asked.push(codec.name);
      assert.equal(given, schema, 'the payload\'s schema');
      assert.ok(codec.messageCount > 0 && codec.encodeMessage(0).length > 0, 'the codec\'s messages');
      return codec.name === 'json' ? 'Connect cannot write or read the JSON of message 0: not in the type registry' : null;
    } }));
  const { usable, refused } = prepareWireCodecs(codecs, payloadOf(corpus), picky);
  assert.deepEqual(asked.sort(), ['json', 'protobufjs-dynamic']);
  assert.deepEqual(usable.map((c) => c.name), ['protobufjs-dynamic']);
  assert.deepEqual(refused.map((r) => [r.name, r.reason, r.prepared.status]), [['json', 'Connect cannot write or read the JSON of message 0: not in the type registry', 'unsupported']]);
});

test('prepareWireCodecs: a client\'s messages are verified up to the ones it sends; a lossy codec stays, marked', () => {
  const lossy = [corpus[0], { id: 2, station: 'X', level: 2 ** 40 }];
  const client = prepareWireCodecs(codecs, payloadOf(lossy), undefined, { verifyMessages: 2 });
  assert.deepEqual(client.usable.map((c) => [c.name, c.prepared.status]), [['json', 'exact'], ['protobufjs-dynamic', 'lossy']]);
  // a server only decodes: nothing beyond the first record is verified
  const server = prepareWireCodecs(codecs, payloadOf(lossy));
  assert.deepEqual(server.usable.map((c) => c.prepared.status), ['exact', 'exact']);
});

test('prepareWireCodecs: a payload passed again (the next round, the next link) is not verified again, nor its transport asked again; another payload is', () => {
  let fromPlains = 0;
  // protobuf.js counting the messages it builds from records: verifying a corpus builds one a message
  const counting = /** @type {import('../../../lib/codecs/index.js').CodecInfo} */ (/** @type {unknown} */ ({
    ...protobufjsDynamic,
    create: (/** @type {import('../../../lib/codecs/index.js').SchemaContext} */ ctx) => {
      const instance = protobufjsDynamic.create(ctx);
      return { ...instance, fromPlain: (/** @type {unknown} */ v) => { fromPlains++; return instance.fromPlain(v); } };
    },
  }));
  /** @type {string[]} */
  const asked = [];
  const transport = /** @type {import('../../../lib/transmission/transports/index.js').Transport} */ (/** @type {unknown} */ ({ name: 'connect', supports: { formats: 'any' },
    carries: (/** @type {import('../../../lib/transmission/wire-codec.js').WireCodec} */ codec) => { asked.push(codec.name); return null; } }));
  const payload = payloadOf(corpus);
  const first = prepareWireCodecs([counting], payload, transport, { verifyMessages: 3 });
  const verifying = fromPlains;
  assert.ok(verifying >= 2, `records 1 and 2 verified (${verifying} built)`);
  const again = prepareWireCodecs([counting], payload, transport, { verifyMessages: 3 });
  assert.ok(fromPlains - verifying < verifying, `the second call builds only its codec's own first message (${fromPlains - verifying} against ${verifying})`);
  assert.deepEqual(asked, ['protobufjs-dynamic'], 'the transport asked once');
  assert.deepEqual(again.usable.map((c) => [c.name, c.prepared.status]), first.usable.map((c) => [c.name, c.prepared.status]));
  // another transport is asked; fewer messages are verified anew
  const other = /** @type {typeof transport} */ ({ ...transport, name: 'connect-h2' });
  const before = fromPlains;
  prepareWireCodecs([counting], payload, other, { verifyMessages: 2 });
  assert.deepEqual(asked, ['protobufjs-dynamic', 'protobufjs-dynamic'], 'connect-h2 asked too');
  assert.ok(fromPlains - before >= 2, 'two messages verified anew');
  // a lossy corpus is its own payload: verified, and found lossy
  const lossy = prepareWireCodecs([counting], payloadOf([corpus[0], { id: 2, station: 'X', level: 2 ** 40 }]), transport, { verifyMessages: 2 });
  assert.deepEqual(lossy.usable.map((c) => c.prepared.status), ['lossy']);
  assert.deepEqual(asked, ['protobufjs-dynamic', 'protobufjs-dynamic', 'protobufjs-dynamic']);
});

test('payloadIdentity: the same messages and schema hash alike wherever the files are; any change shows', () => {
  const here = payloadIdentity(payloadOf(corpus));
  const there = payloadIdentity(payloadOf(corpus, { schemaSource: '/elsewhere/r.proto', dataFile: '/elsewhere/r.json' }));
  assert.equal(here.hash, there.hash);
  assert.match(here.hash, /^[0-9a-f]{12}$/);
  assert.equal(here.id, 'r as Reading from r.proto');
  assert.notEqual(payloadIdentity(payloadOf([corpus[0], corpus[2], corpus[1]])).hash, here.hash, 'message order is part of it');
  const otherSchema = parseSchema('syntax = "proto3";\nmessage Reading { int32 id = 1; string station = 2; int64 level = 3; }\n', { typeName: 'Reading' });
  assert.notEqual(payloadIdentity(payloadOf(corpus, { schema: otherSchema })).hash, here.hash, 'the schema text is part of it');
  assert.equal(payloadIdentity(payloadOf(corpus, { schemaSource: 'inferred' })).id, 'r as Reading from inferred schema');
});

test('payloadBytesSent: each message sent counted once at its corpus size, the corpus wrapping, from the client\'s offset', () => {
  const sizes = [10, 20, 30];
  const codec = { messageCount: 3, byteLength: (/** @type {number} */ i) => sizes[i % 3] };
  assert.equal(payloadBytesSent(codec, 0), 0);
  assert.equal(payloadBytesSent(codec, 2), 30);
  // 0 1 2 0 1 2 0
  assert.equal(payloadBytesSent(codec, 7), 130);
  // 2 0 1 2 0 1 2
  assert.equal(payloadBytesSent(codec, 7, 2), 150);
  assert.equal(payloadBytesSent(codec, 1, 5), 30);
});
