import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ScalarType } from '@protobuf-ts/runtime';
import { fromBase64, toBase64 } from '../base64.js';
import { Unsupported } from '../errors.js';
import { NON_FINITE, corpusExtension, findInt64 } from '../schema/proto-json.js';
import { bufGenerate, loadGenerated } from './codegen.js';
import { libraryVersion } from './library-version.js';
import { IDENTITY } from './native-form.js';

const require = createRequire(import.meta.url);
const PLUGIN_PACKAGE = require.resolve('@protobuf-ts/plugin/package.json');
const PLUGIN = path.join(path.dirname(PLUGIN_PACKAGE), 'bin', 'protoc-gen-ts');
// JavaScript (the plugin transpiles its TypeScript itself), int64 as JS
// numbers, proto field names as keys (the JSON keys, as with pbjs --keep-case),
// no gRPC client or server code.
const OPTIONS = ['output_javascript_es2020', 'long_type_number', 'use_proto_field_name', 'force_disable_services'];

/** @typedef {import('@protobuf-ts/runtime').EnumInfo} EnumInfo */
/**
 * A message's fields by name (a protobuf-ts message by local name, a plain object by proto name): what each holds,
 * its field's info says, so the conversions below read values as their field infos describe them.
 * @typedef {Record<string, unknown>} Fields
 */
/** @typedef {import('@protobuf-ts/runtime').IMessageType<Fields>} MessageType */
/**
 * What a field's value holds (for a map, what each of its values holds).
 * @typedef {{ kind: 'scalar', T: ScalarType } | { kind: 'enum', T: () => EnumInfo } | { kind: 'message', T: () => MessageType }} Element
 */

/**
 * True when protobuf-ts's message shape differs from the JSON shape somewhere in the type.
 * @param {MessageType} type
 * @param {Set<MessageType>} [seen]
 * @returns {boolean}
 */
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
/**
 * @param {EnumInfo} info
 * @param {unknown} n the enum's number, as a message holds it
 */
const enumName = ([, values, prefix], n) => (typeof n !== 'number' || values[n] === undefined ? n : `${prefix ?? ''}${values[n]}`);
/**
 * @param {EnumInfo} info
 * @param {unknown} name the enum's name (a number passes through), as a plain object holds it
 */
const enumNumber = ([, values, prefix], name) => {
  if (typeof name !== 'string') return name;
  const n = values[prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name];
  return n === undefined ? 0 : n;
};

/**
 * @param {Element} e
 * @param {unknown} v a value that e describes, as a protobuf-ts message holds it
 * @returns {unknown}
 */
function valueToPlain(e, v) {
  if (e.kind === 'message') return toPlain(e.T(), /** @type {Fields} */ (v));
  if (e.kind === 'enum') return enumName(e.T(), v);
  if (e.T === ScalarType.BYTES && v instanceof Uint8Array) return toBase64(v);
  return v;
}

/**
 * @param {Element} e
 * @param {unknown} v a value that e describes, as the plain object holds it
 * @returns {unknown}
 */
function valueToInit(e, v) {
  if (e.kind === 'message') return toInit(e.T(), v);
  if (e.kind === 'enum') return enumNumber(e.T(), v);
  if (e.T === ScalarType.BYTES && typeof v === 'string') return fromBase64(v);
  // ProtoJSON writes NaN and the infinities as strings; a protobuf-ts message holds the number
  if ((e.T === ScalarType.FLOAT || e.T === ScalarType.DOUBLE) && typeof v === 'string' && NON_FINITE.has(v)) return Number(v);
  return v;
}

/**
 * @param {MessageType} type
 * @param {Fields} m a message of type
 * @returns {Fields}
 */
function toPlain(type, m) {
  /** @type {Fields} */
  const out = {};
  for (const f of type.fields) {
    let v;
    if (f.oneof) {
      const o = /** @type {Fields & { oneofKind: string | undefined }} */ (m[f.oneof]);
      if (o.oneofKind !== f.localName) continue;
      v = o[f.localName];
    } else {
      v = m[f.localName];
    }
    if (v === undefined) continue;
    if (f.kind === 'map') {
      const map = /** @type {Fields} */ (v);
      /** @type {Fields} */
      const o = {};
      for (const k of Object.keys(map)) o[k] = valueToPlain(f.V, map[k]);
      out[f.name] = o;
    } else if (f.repeat) {
      out[f.name] = /** @type {unknown[]} */ (v).map((x) => valueToPlain(f, x));
    } else {
      out[f.name] = valueToPlain(f, v);
    }
  }
  return out;
}

/**
 * @param {MessageType} type
 * @param {unknown} o a plain object of type's message (checkFits)
 * @returns {Fields}
 */
function toInit(type, o) {
  const plain = /** @type {Fields} */ (o);
  /** @type {Fields} */
  const out = {};
  for (const f of type.fields) {
    // protobuf.js's bundled google/protobuf types (which the schema adapter follows) name Value's fields by their JSON names
    const v = Object.hasOwn(plain, f.name) ? plain[f.name] : plain[f.jsonName];
    if (v === undefined || v === null) continue;
    let init;
    if (f.kind === 'map') {
      const map = /** @type {Fields} */ (v);
      /** @type {Fields} */
      const entries = {};
      for (const k of Object.keys(map)) entries[k] = valueToInit(f.V, map[k]);
      init = entries;
    } else if (f.repeat) {
      init = /** @type {unknown[]} */ (v).map((x) => valueToInit(f, x));
    } else {
      init = valueToInit(f, v);
    }
    if (f.oneof) out[f.oneof] = { oneofKind: f.localName, [f.localName]: init };
    else out[f.localName] = init;
  }
  return out;
}

/**
 * The schema's message type in protobuf-ts's generated code for it.
 * @param {import('../schema/index.js').Schema} schema
 * @returns {MessageType}
 */
function generatedType(schema) {
  const Type = Object.values(loadGenerated(codec, schema)).find((t) => isMessageType(t, schema.typeName));
  if (!Type) throw new Error(`generated code has no message ${schema.typeName}`);
  return Type;
}

/**
 * True when an export of the generated code is the message type named typeName.
 * @param {unknown} t
 * @param {string} typeName
 * @returns {t is MessageType}
 */
const isMessageType = (t, typeName) => t !== null && typeof t === 'object' && 'typeName' in t && t.typeName === typeName
  && 'toBinary' in t && typeof t.toBinary === 'function';

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
/** @satisfies {import('./index.js').Codec} */
const codec = {
  name: 'protobuf-ts',
  description: 'Protocol Buffers binary by protobuf-ts, with code generated from the .proto; decodes to messages with plain fields',
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
    // buf compiles, the plugin writes TypeScript with @bufbuild/protoplugin's and @bufbuild/protobuf's help, and its
    // own TypeScript (3.9, not the project's) turns it into JavaScript: each of those may move on its own
    source: import.meta.url,
    packages: ['@bufbuild/buf', '@protobuf-ts/plugin', '@protobuf-ts/plugin>typescript', '@protobuf-ts/plugin>@bufbuild/protoplugin',
      '@protobuf-ts/plugin>@bufbuild/protobuf'],
    carriesWellKnownTypes: true,
    modulePerFile: true,
    // the plugin does not declare editions support to buf, which then refuses to run it on such a file
    // (read when asked: a browser page loads this file, and has no files to read)
    editionsUnsupportedBy: () => `protoc-gen-ts (@protobuf-ts/plugin ${libraryVersion('@protobuf-ts/plugin')})`,
  },
  /** @param {import('./index.js').SchemaContext} ctx the schema alone decides */
  create({ schema, value, corpus = [value] }) {
    // its generator writes nothing for an `extend`: the message has no field for one, and toBinary would leave it out
    const extension = corpusExtension(schema.type, corpus);
    if (extension) throw new Unsupported(`protoc-gen-ts (@protobuf-ts/plugin ${libraryVersion('@protobuf-ts/plugin')}) generates no code for proto2 extensions: ${extension}`);
    const Type = generatedType(schema);
    const toProto = schema.adapter.toProto ?? IDENTITY;
    const fromProto = schema.adapter.fromProto ?? IDENTITY;
    // "NaN" in a float field is converted only for a payload that writes one: every other double is a number already
    const converted = needsConversion(Type) || schema.adapter.fit?.nonFiniteAsStrings === true;
    return {
      fromPlain: converted
        ? (obj) => Type.create(toInit(Type, toProto(obj)))
        // a plain object that fits the schema (checkFits) has the message's shape already
        : (obj) => Type.create(/** @type {Fields} */ (toProto(obj))),
      // without enums, bytes or oneofs the message already has the JSON shape
      toPlain: converted ? (/** @type {Fields} */ message) => fromProto(toPlain(Type, message)) : fromProto,
      encode: (/** @type {Fields} */ message) => Type.toBinary(message),
      decode: (/** @type {Uint8Array} */ bytes) => {
        try {
          return Type.fromBinary(bytes);
        } catch (err) {
          // long_type_number: the reader throws on a 64-bit integer a JS number cannot hold; the bytes are fine
          if (!(err instanceof Error && err.message === 'cannot convert to safe number')) throw err;
          const plain = schema.type.toObject(schema.type.decode(bytes), { longs: String });
          const at = findInt64(schema.type, plain, (x) => !Number.isSafeInteger(Number(x)));
          throw new Unsupported(`protobuf-ts, generated with long_type_number, reads 64-bit integers into JS numbers and refuses one beyond 2^53 − 1 (Number.MAX_SAFE_INTEGER) (${at ? `${at.path} is ${at.value}` : 'a 64-bit field'})`);
        }
      },
    };
  },
};

export default codec;
