// Every codec's native form: how it is built from the payload, what decode
// gives, and the conversions back to plain, on every bundled payload.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadCodecs, isIdentity, fairnessFlags } from '../../../lib/codecs/index.js';
import { loadGenerated } from '../../../lib/codecs/codegen.js';
import path from 'node:path';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { batchPayload } from '../../../lib/payload/batch.js';
import { portablePayload, rebuildPayload } from '../../../lib/payload/portable.js';
import { ROOT } from '../../../lib/paths.js';
import { compareWithPayload, measurable, prepareCodecs } from '../../../lib/verify.js';
import { instanceOf, record } from '../../helpers/narrow.js';

const payloads = resolvePayloads();
const available = (await loadCodecs()).filter((c) => c.available);

/**
 * An available codec by name; fails the test when it is not there.
 * @param {string} name
 * @returns {import('../../../lib/codecs/index.js').CodecInfo}
 */
function byName(name) {
  const codec = available.find((c) => c.name === name);
  assert.ok(codec, `codec ${name} is available`);
  return codec;
}

/**
 * What protobufjs's reflected Type and its generated static classes both offer.
 * @typedef {{ fromObject(o: object): object, encode(m: object): { finish(): Uint8Array }, create(o?: object): object }} MessageClass
 */

/**
 * protobufjs-static's generated class for the payload's message.
 * @param {import('../../../lib/payload/index.js').Payload} payload
 * @returns {MessageClass}
 */
function staticClass(payload) {
  const { name, generator } = byName('protobufjs-static');
  assert.ok(generator, 'protobufjs-static generates code');
  /** @type {unknown} the generated module, then each namespace down to the class */
  let found = loadGenerated({ name, generator }, payload.schema);
  for (const key of payload.schema.typeName.split('.')) {
    assert.ok(found && (typeof found === 'object' || typeof found === 'function'), `generated code has ${payload.schema.typeName}`);
    found = /** @type {Record<string, unknown>} */ (found)[key];
  }
  assert.equal(typeof found, 'function', `generated ${payload.schema.typeName} is a class`);
  return /** @type {MessageClass} */ (found);
}

test('every codec: to-plain of from-plain gives the payload back, exact or equivalent as the codec declares', () => {
  for (const payload of payloads) {
    const measured = prepareCodecs(available, payload).filter(measurable);
    assert.ok(measured.length >= 10, `${payload.id}: only ${measured.length} codecs measurable`);
    for (const p of measured) {
      const instance = instanceOf(p);
      const back = instance.toPlain(instance.fromPlain(payload.value));
      const v = compareWithPayload(payload.value, back, p.codec.normalise, payload.schema.type);
      assert.ok(v.status === 'exact' || v.status === 'equivalent', `${payload.id} ${p.codec.name}: ${v.status} ${JSON.stringify(v.diff)}`);
    }
  }
});

test('every codec: the native form built once is what encode takes; decoding its bytes gives the verified plain object', () => {
  for (const payload of payloads) {
    for (const p of prepareCodecs(available, payload).filter(measurable)) {
      const { encode, decode, toPlain } = instanceOf(p);
      const decoded = toPlain(decode(encode(p.native)));
      // the native form is not changed by encoding it: the benchmark encodes the same one many times
      assert.deepEqual(toPlain(decode(encode(p.native))), decoded, `${payload.id} ${p.codec.name}`);
      assert.equal(compareWithPayload(payload.value, decoded, p.codec.normalise, payload.schema.type).status, p.status, `${payload.id} ${p.codec.name}`);
    }
  }
});

test('protobufjs accepts the plain object as it is: the same bytes as a Message made by fromObject or create', () => {
  for (const payload of payloads) {
    /** @type {Record<string, MessageClass>} */
    const types = {
      'protobufjs-dynamic': payload.schema.type,
      'protobufjs-static': staticClass(payload),
    };
    for (const p of prepareCodecs([byName('protobufjs-dynamic'), byName('protobufjs-static')], payload)) {
      const Type = types[p.codec.name];
      const instance = instanceOf(p);
      const plainBytes = Buffer.from(instance.encode(p.native)).toString('hex');
      const message = Type.fromObject(record(p.native, 'native form'));
      assert.notEqual(Object.getPrototypeOf(message), Object.prototype, `${p.codec.name}: fromObject made a Message`);
      assert.equal(Buffer.from(Type.encode(message).finish()).toString('hex'), plainBytes, `${payload.id} ${p.codec.name} fromObject`);
      assert.equal(Buffer.from(Type.encode(Type.create(message)).finish()).toString('hex'), plainBytes, `${payload.id} ${p.codec.name} create`);
      // decode gives the Message an application reads its fields from, not a plain object
      assert.notEqual(Object.getPrototypeOf(instance.decode(instance.encode(p.native))), Object.prototype, p.codec.name);
    }
  }
});

test('schema libraries decode to their own message or record; JSON and the schemaless codecs to plain objects', () => {
  const payload = payloads[0];
  const decoded = Object.fromEntries(prepareCodecs(available, payload).filter(measurable)
    .map((p) => [p.codec.name, instanceOf(p).decode(instanceOf(p).encode(p.native))]));
  assert.equal(record(decoded['protobuf-es']).$typeName, payload.schema.typeName);
  assert.equal(typeof decoded['protobuf-ts'], 'object');
  assert.notEqual(Object.getPrototypeOf(decoded['protobuf-ts']), Object.prototype);
  assert.notEqual(Object.getPrototypeOf(decoded.avsc), Object.prototype);
  for (const name of ['json-buffer', 'msgpackr', 'cbor-x', 'msgpack', 'bson', 'yaml']) {
    assert.equal(Object.getPrototypeOf(decoded[name]), Object.prototype, name);
  }
});

test('a codec whose native form is the plain object declares identity conversions; the others declare real ones', () => {
  const [p1] = payloads;
  const prepared = Object.fromEntries(prepareCodecs(available, p1).filter(measurable).map((p) => [p.codec.name, p]));
  for (const name of ['json', 'json-buffer', 'msgpackr', 'msgpackr-records', 'cbor-x', 'msgpack', 'bson']) {
    assert.ok(isIdentity(instanceOf(prepared[name]).fromPlain) && isIdentity(instanceOf(prepared[name]).toPlain), name);
    assert.equal(prepared[name].native, p1.value, name);
  }
  for (const name of ['protobuf-es', 'protobuf-ts', 'avsc']) {
    assert.ok(!isIdentity(instanceOf(prepared[name]).fromPlain), name);
    assert.notEqual(prepared[name].native, p1.value, name);
  }
  for (const name of ['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es']) {
    assert.ok(!isIdentity(instanceOf(prepared[name]).toPlain), name);
  }
});

test('fairness flags: schema source from the payload, codegen from the codec, the native addon as the library reports it', async () => {
  const [bundled] = payloads;
  // proto/testN.proto was written by the toolkit's inference (npm run generate:proto), not by a user
  assert.equal(fairnessFlags(byName('protobufjs-static'), bundled).schema, 'inferred');
  assert.equal(fairnessFlags(byName('protobufjs-static'), batchPayload(bundled, 2)).schema, 'inferred');
  const [onTheFly] = resolvePayloads({ data: path.join(ROOT, 'test', 'fixtures', 'line-items.json') });
  assert.equal(fairnessFlags(byName('protobufjs-static'), onTheFly).schema, 'inferred');
  // --proto FILE is the user's schema, whoever wrote the file
  const [own] = resolvePayloads({ data: path.join(ROOT, 'data', 'test1.json'), proto: path.join(ROOT, 'proto', 'test1.proto') });
  assert.equal(fairnessFlags(byName('protobufjs-static'), own).schema, 'user');
  assert.equal(fairnessFlags(byName('protobufjs-static'), batchPayload(own, 2)).schema, 'user');
  assert.equal(fairnessFlags(byName('protobufjs-static'), rebuildPayload(portablePayload(own))).schema, 'user', 'carried to another process');
  assert.equal(fairnessFlags(byName('protobufjs-static'), rebuildPayload(portablePayload(bundled))).schema, 'inferred');
  assert.equal(fairnessFlags(byName('avsc'), bundled).schema, 'inferred');
  assert.equal(fairnessFlags(byName('json-buffer'), bundled).schema, 'none');
  assert.equal(fairnessFlags(byName('protobuf-es'), bundled).codegen, true);
  assert.equal(fairnessFlags(byName('protobufjs-dynamic'), bundled).codegen, false);
  const msgpackr = await import('msgpackr');
  const cbor = await import('cbor-x');
  assert.equal(fairnessFlags(byName('msgpackr'), bundled).nativeAddon, msgpackr.isNativeAccelerationEnabled ? 'msgpackr-extract' : null);
  assert.equal(fairnessFlags(byName('cbor-x'), bundled).nativeAddon, cbor.isNativeAccelerationEnabled ? 'cbor-extract' : null);
  assert.equal(fairnessFlags(byName('msgpackr'), bundled).extension, null);
  assert.match(fairnessFlags(byName('msgpackr-records'), bundled).extension ?? '', /records/);
});

test('the record variants stand alone per message and are smaller than the standard encoding on repeated shapes', () => {
  const payload = payloads.find((p) => p.jsonBytes > 2000) ?? payloads.at(-1);
  assert.ok(payload);
  const bytes = Object.fromEntries(prepareCodecs(['msgpackr', 'msgpackr-records', 'cbor-x', 'cbor-x-records'].map(byName), payload)
    .map((p) => [p.codec.name, instanceOf(p).encode(p.native).length]));
  assert.ok(bytes['msgpackr-records'] < bytes.msgpackr, JSON.stringify(bytes));
  assert.ok(bytes['cbor-x-records'] < bytes['cbor-x'], JSON.stringify(bytes));
});

test('a codec that declares bufferReused returns views into one buffer it keeps: two encodes share their ArrayBuffer', () => {
  const [payload] = payloads;
  const reusing = available.filter((c) => c.flags?.bufferReused);
  assert.deepEqual(reusing.map((c) => c.name).sort(), ['cbor-x', 'cbor-x-records', 'msgpackr', 'msgpackr-records']);
  for (const p of prepareCodecs(reusing, payload)) {
    const a = /** @type {Uint8Array} */ (instanceOf(p).encode(p.native));
    const b = /** @type {Uint8Array} */ (instanceOf(p).encode(p.native));
    assert.equal(a.buffer, b.buffer, p.codec.name);
    // the later call wrote after the earlier one, so the first result still holds its bytes
    assert.notEqual(a.byteOffset, b.byteOffset, p.codec.name);
    assert.deepEqual(Buffer.from(a), Buffer.from(b), p.codec.name);
  }
});
