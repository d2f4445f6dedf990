import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ScalarType } from '@protobuf-ts/runtime';
import { Unsupported } from '../errors.js';
import { findInt64 } from '../schema/proto-json.js';
import { bufGenerate, loadGenerated } from './codegen.js';
import { IDENTITY } from './native-form.js';

const require = createRequire(import.meta.url);
const PLUGIN = path.join(path.dirname(require.resolve('@protobuf-ts/plugin/package.json')), 'bin', 'protoc-gen-ts');
// JavaScript (the plugin transpiles its TypeScript itself), int64 as JS
// numbers, proto field names as keys (the JSON keys, as with pbjs --keep-case),
// no gRPC client or server code.
const OPTIONS = ['output_javascript_es2020', 'long_type_number', 'use_proto_field_name', 'force_disable_services'];

/** True when protobuf-ts's message shape differs from the JSON shape somewhere in the type. */
function needsConversion(type, seen = new Set()) {
  if (seen.has(type)) return false;
  seen.add(type);
  return type.fields.some((f) => f.localName !== f.name || f.oneof || f.kind === 'enum'
    || (f.kind === 'scalar' && f.T === ScalarType.BYTES)
    || (f.kind === 'map' && (f.V.kind === 'enum' || (f.V.kind === 'scalar' && f.V.T === ScalarType.BYTES)))
    || (f.kind === 'message' && needsConversion(f.T(), seen))
    || (f.kind === 'map' && f.V.kind === 'message' && needsConversion(f.V.T(), seen)));
}

// protobuf-ts enums are TypeScript enums whose shared prefix (STATUS_) may be stripped from the names.
const enumName = ([, values, prefix], n) => (values[n] === undefined ? n : `${prefix ?? ''}${values[n]}`);
const enumNumber = ([, values, prefix], name) => {
  if (typeof name !== 'string') return name;
  const n = values[prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name];
  return n === undefined ? 0 : n;
};

function valueToPlain(kind, T, v) {
  if (kind === 'message') return toPlain(T(), v);
  if (kind === 'enum') return enumName(T(), v);
  if (T === ScalarType.BYTES) return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
  return v;
}

function valueToInit(kind, T, v) {
  if (kind === 'message') return toInit(T(), v);
  if (kind === 'enum') return enumNumber(T(), v);
  if (T === ScalarType.BYTES && typeof v === 'string') return Buffer.from(v, 'base64');
  return v;
}

function toPlain(type, m) {
  const out = {};
  for (const f of type.fields) {
    let v;
    if (f.oneof) {
      const o = m[f.oneof];
      if (o.oneofKind !== f.localName) continue;
      v = o[f.localName];
    } else {
      v = m[f.localName];
    }
    if (v === undefined) continue;
    if (f.kind === 'map') {
      const o = {};
      for (const k of Object.keys(v)) o[k] = valueToPlain(f.V.kind, f.V.T, v[k]);
      out[f.name] = o;
    } else if (f.repeat) {
      out[f.name] = v.map((x) => valueToPlain(f.kind, f.T, x));
    } else {
      out[f.name] = valueToPlain(f.kind, f.T, v);
    }
  }
  return out;
}

function toInit(type, o) {
  const out = {};
  for (const f of type.fields) {
    // protobuf.js's bundled google/protobuf types (which the schema adapter follows) name Value's fields by their JSON names
    const v = Object.hasOwn(o, f.name) ? o[f.name] : o[f.jsonName];
    if (v === undefined || v === null) continue;
    let init;
    if (f.kind === 'map') {
      init = {};
      for (const k of Object.keys(v)) init[k] = valueToInit(f.V.kind, f.V.T, v[k]);
    } else if (f.repeat) {
      init = v.map((x) => valueToInit(f.kind, f.T, x));
    } else {
      init = valueToInit(f.kind, f.T, v);
    }
    if (f.oneof) out[f.oneof] = { oneofKind: f.localName, [f.localName]: init };
    else out[f.localName] = init;
  }
  return out;
}

/**
 * protobuf-ts: TypeScript protobuf with generated, speed-optimised
 * read/write methods per message (protoc-gen-ts through the buf CLI, both
 * from npm). Its messages are already plain data: with use_proto_field_name
 * and long_type_number they have the JSON keys and int64 as numbers, so
 * decoded means fromBinary's message itself (its own enumerable properties
 * are the fields; the prototype carries protobuf-ts's type symbol). Native
 * form: the message create() makes (it fills in proto3 defaults: the
 * generated writer needs every field present), which toBinary encodes and
 * fromBinary returns. to-plain converts only where the schema has enums
 * (numbers → names), bytes (→ base64) or oneofs, or renames JSON keys.
 */
const codec = {
  name: 'protobuf-ts',
  library: '@protobuf-ts/runtime',
  mediaType: 'application/x-protobuf',
  kind: { schema: true, binary: true, codegen: true },
  // proto3 cannot tell null from absent, nor an empty repeated/map field (or, for
  // fields without presence, a default value) from a missing one
  normalise: ['proto3-json'],
  decoded: 'fromBinary(): a message with plain fields (proto names, int64 as numbers, defaults filled in)',
  generator: {
    generate(protoDir, outDir) {
      bufGenerate({ plugin: PLUGIN, opt: OPTIONS, protoDir, outDir });
      // the type declarations are for TypeScript users; nothing here reads them
      for (const f of fs.readdirSync(outDir, { recursive: true }).map(String)) {
        const file = path.join(outDir, f);
        if (f.endsWith('.d.ts')) fs.rmSync(file);
        // the plugin imports a .proto's imports as "./common", which Node's ES module resolver cannot find without ".js"
        else if (f.endsWith('.js')) fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/(from "\.{1,2}\/[^"]+?)(?<!\.js)"/g, '$1.js"'));
      }
    },
    file: (base) => `${base}.js`,
  },
  create({ schema }) {
    const mod = loadGenerated(codec, schema);
    const Type = Object.values(mod).find((t) => t && t.typeName === schema.typeName && typeof t.toBinary === 'function');
    if (!Type) throw new Error(`generated code has no message ${schema.typeName}`);
    const toProto = schema.adapter.toProto ?? IDENTITY;
    const fromProto = schema.adapter.fromProto ?? IDENTITY;
    const converted = needsConversion(Type);
    return {
      fromPlain: converted ? (obj) => Type.create(toInit(Type, toProto(obj))) : (obj) => Type.create(toProto(obj)),
      // without enums, bytes or oneofs the message already has the JSON shape
      toPlain: converted ? (message) => fromProto(toPlain(Type, message)) : fromProto,
      encode: (message) => Type.toBinary(message),
      decode: (bytes) => {
        try {
          return Type.fromBinary(bytes);
        } catch (err) {
          // long_type_number: the reader throws on a 64-bit integer a JS number cannot hold; the bytes are fine
          if (err?.message !== 'cannot convert to safe number') throw err;
          const plain = schema.type.toObject(schema.type.decode(bytes), { longs: String });
          const at = findInt64(schema.type, plain, (x) => !Number.isSafeInteger(Number(x)));
          throw new Unsupported(`protobuf-ts, generated with long_type_number, reads 64-bit integers into JS numbers and refuses one beyond 2^53 (${at ? `${at.path} is ${at.value}` : 'a 64-bit field'})`);
        }
      },
    };
  },
};

export default codec;
