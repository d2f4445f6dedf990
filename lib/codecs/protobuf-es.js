import { createRequire } from 'node:module';
import path from 'node:path';
import { create, fromBinary, toBinary, ScalarType } from '@bufbuild/protobuf';
import { isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { jsonToStructMessage, structToJson } from '../schema/well-known.js';
import { bufGenerate, loadGenerated } from './codegen.js';
import { IDENTITY } from './native-form.js';

const require = createRequire(import.meta.url);
const PLUGIN = path.join(path.dirname(require.resolve('@bufbuild/protoc-gen-es/package.json')), 'bin', 'protoc-gen-es');

// Scalars as the other protobuf codecs give them (TO_OBJECT_OPTIONS in schema.js):
// protobuf-es reads 64-bit integers as BigInt (its only per-field alternative,
// [jstype = JS_NUMBER], would mean editing the generated .proto), so they become
// numbers here, exact up to 2^53 like every JSON number, and decimal strings beyond (as the proto3 JSON mapping
// writes every 64-bit integer); bytes become base64.
function plainScalar(type, v) {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
  if (type === ScalarType.BYTES) return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
  return v;
}

function protoScalar(type, v) {
  if (type === ScalarType.BYTES && typeof v === 'string') return Buffer.from(v, 'base64');
  return v;
}

/**
 * Builds the two conversions between the JSON-shaped object (proto field
 * names as keys, enums by name, int64 as numbers) and protobuf-es's message
 * shape (localName keys, enums as numbers, int64 as BigInt, oneofs as
 * { case, value }, $typeName on every message).
 * @param {import('@bufbuild/protobuf').DescMessage} root
 */
function messageConverters(root) {
  const toPlainOf = new Map();
  const toInitOf = new Map();

  // protobuf-es holds a singular wrapper field (google.protobuf.Int64Value, …) outside a oneof as its bare value
  const unboxed = (kind, f) => kind === 'message' && f.fieldKind === 'message' && !f.oneof && isWrapperDesc(f.message);
  // protobuf-es holds a google.protobuf.Struct field (outside a Value) as a JSON object: the plain shape is its message's
  const jsonStruct = (kind, f) => kind === 'message' && f.message.typeName === 'google.protobuf.Struct'
    && f.parent.typeName !== 'google.protobuf.Value';
  const valueToPlain = (kind, f, v) => {
    if (unboxed(kind, f)) return { value: plainScalar(f.message.fields[0].scalar, v) };
    if (jsonStruct(kind, f)) return jsonToStructMessage(v);
    if (kind === 'message') return toPlain(f.message, v);
    if (kind === 'enum') return f.enum.value[v]?.name ?? v;
    return plainScalar(f.scalar, v);
  };
  const valueToInit = (kind, f, v) => {
    if (unboxed(kind, f)) {
      const inner = f.message.fields[0];
      return v.value === undefined || v.value === null ? /** @type {any} */ (create(f.message)).value : protoScalar(inner.scalar, v.value);
    }
    if (jsonStruct(kind, f)) return structToJson(v);
    if (kind === 'message') return toInit(f.message, v);
    if (kind === 'enum') return typeof v === 'string' ? f.enum.values.find((e) => e.name === v)?.number ?? 0 : v;
    return protoScalar(f.scalar, v);
  };

  function toPlain(desc, msg) {
    let fn = toPlainOf.get(desc);
    if (!fn) {
      const fields = desc.fields;
      fn = (m) => {
        const out = {};
        for (const f of fields) {
          let v;
          if (f.oneof) {
            const o = m[f.oneof.localName];
            if (o.case !== f.localName) continue;
            v = o.value;
          } else {
            v = m[f.localName];
          }
          // an unset message field reads as null, as protobuf.js's toObject({ defaults: true }) gives it
          if (v === undefined) {
            if (f.fieldKind === 'message') out[f.name] = null;
            continue;
          }
          if (f.fieldKind === 'list') out[f.name] = v.map((x) => valueToPlain(f.listKind, f, x));
          else if (f.fieldKind === 'map') {
            const o = {};
            for (const k of Object.keys(v)) o[k] = valueToPlain(f.mapKind, f, v[k]);
            out[f.name] = o;
          } else out[f.name] = valueToPlain(f.fieldKind, f, v);
        }
        return out;
      };
      toPlainOf.set(desc, fn);
    }
    return fn(msg);
  }

  function toInit(desc, obj) {
    if (obj === null || obj === undefined) return undefined;
    let fn = toInitOf.get(desc);
    if (!fn) {
      const fields = desc.fields;
      fn = (o) => {
        const out = {};
        for (const f of fields) {
          // protobuf.js's bundled google/protobuf types (which the schema adapter follows) name Value's fields by their JSON names
          const v = Object.hasOwn(o, f.name) ? o[f.name] : o[f.jsonName];
          if (v === undefined || v === null) continue;
          let init;
          if (f.fieldKind === 'list') init = v.map((x) => valueToInit(f.listKind, f, x));
          else if (f.fieldKind === 'map') {
            init = {};
            for (const k of Object.keys(v)) init[k] = valueToInit(f.mapKind, f, v[k]);
          } else init = valueToInit(f.fieldKind, f, v);
          if (f.oneof) out[f.oneof.localName] = { case: f.localName, value: init };
          else out[f.localName] = init;
        }
        return out;
      };
      toInitOf.set(desc, fn);
    }
    return fn(obj);
  }

  return { toPlain: (msg) => toPlain(root, msg), toInit: (obj) => toInit(root, obj) };
}

/**
 * Buf's protobuf-es: TypeScript-first, conformance-tested. Its generated code
 * (protoc-gen-es through the buf CLI, both from npm) holds the schema's
 * descriptors; the runtime encodes and decodes by reflection over them.
 * Native form: the message create() makes, which toBinary encodes and
 * fromBinary returns. to-plain converts it to the same plain object the
 * other protobuf codecs give (see messageConverters): int64 as numbers, enums
 * by name, bytes as base64, unset message fields as null, JSON keys restored;
 * from-plain is create() over the converse.
 */
const codec = {
  name: 'protobuf-es',
  library: '@bufbuild/protobuf',
  mediaType: 'application/x-protobuf',
  kind: { schema: true, binary: true, codegen: true },
  // proto3 cannot tell null from absent, nor an empty repeated/map field (or, for
  // fields without presence, a default value) from a missing one
  normalise: ['proto3-json'],
  decoded: 'fromBinary(): a message; to plain by a converter (int64 as numbers, enums by name, bytes base64, defaults filled in)',
  generator: {
    generate: (protoDir, outDir) => bufGenerate({ plugin: PLUGIN, opt: ['target=js', 'import_extension=js'], protoDir, outDir }),
    file: (base) => `${base}_pb.js`,
  },
  create({ schema }) {
    const mod = loadGenerated(codec, schema);
    const Schema = Object.values(mod).find((d) => d && d.kind === 'message' && d.typeName === schema.typeName);
    if (!Schema) throw new Error(`generated code has no message ${schema.typeName}`);
    const { toPlain, toInit } = messageConverters(Schema);
    const toProto = schema.adapter.toProto ?? IDENTITY;
    const fromProto = schema.adapter.fromProto ?? IDENTITY;
    return {
      fromPlain: (obj) => create(Schema, toInit(toProto(obj))),
      toPlain: (message) => fromProto(toPlain(message)),
      encode: (message) => toBinary(Schema, message),
      decode: (bytes) => fromBinary(Schema, bytes),
    };
  },
};

export default codec;
