import { createRequire } from 'node:module';
import path from 'node:path';
import { create, createRegistry, fromBinary, getExtension, hasExtension, setExtension, toBinary, ScalarType } from '@bufbuild/protobuf';
import { Edition, isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { fromBase64, toBase64 } from '../base64.js';
import { Unsupported } from '../errors.js';
import { reachableTypes } from '../schema/adapter.js';
import { NON_FINITE, extensionName, findExtension, groupFieldName } from '../schema/proto-json.js';
import { jsonToStructMessage, structToJson } from '../schema/well-known.js';
import { bufGenerate, loadGenerated } from './codegen.js';
import { IDENTITY } from './native-form.js';

const require = createRequire(import.meta.url);
const PLUGIN = path.join(path.dirname(require.resolve('@bufbuild/protoc-gen-es/package.json')), 'bin', 'protoc-gen-es');

/** @typedef {import('@bufbuild/protobuf').DescMessage} DescMessage */
/** @typedef {import('@bufbuild/protobuf').DescField} DescField */
/** @typedef {import('@bufbuild/protobuf').DescExtension} DescExtension */
/** @typedef {import('@bufbuild/protobuf').Message} Message */
/**
 * A message's fields by name (a protobuf-es message by local name, a plain object by proto name): what each holds,
 * its field's descriptor says, so the conversions below read values as their descriptors describe them.
 * @typedef {Record<string, unknown>} Fields
 */

// Scalars as the other protobuf codecs give them (TO_OBJECT_OPTIONS in schema.js):
// protobuf-es reads 64-bit integers as BigInt (its only per-field alternative,
// [jstype = JS_NUMBER], would mean editing the generated .proto), so they become
// numbers here, exact up to 2^53 like every JSON number, and decimal strings beyond (as the proto3 JSON mapping
// writes every 64-bit integer); bytes become base64.
/**
 * @param {ScalarType | undefined} type
 * @param {unknown} v
 */
function plainScalar(type, v) {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
  if (type === ScalarType.BYTES && v instanceof Uint8Array) return toBase64(v);
  return v;
}

/**
 * Whether a field holds its 64-bit integers as strings (jstype = JS_STRING; lists and maps of them have no such flag).
 * @param {object} f a DescField
 */
const longAsString = (f) => 'longAsString' in f && f.longAsString === true;

/** The 64-bit integer types, which protobuf-es holds as BigInt (or as decimal strings, with jstype = JS_STRING). */
const LONG_TYPES = new Set([ScalarType.INT64, ScalarType.UINT64, ScalarType.SINT64, ScalarType.FIXED64, ScalarType.SFIXED64]);

/**
 * @param {ScalarType | undefined} type
 * @param {unknown} v
 * @param {boolean} [longAsString] the field holds a 64-bit integer as a string (jstype = JS_STRING)
 */
function protoScalar(type, v, longAsString = false) {
  if (type === ScalarType.BYTES && typeof v === 'string') return fromBase64(v);
  // a 64-bit integer given as a JSON number: its exact value as BigInt. Left a number, protobuf-es's binary writer
  // converts it right, but its JSON writer prints String(n): "12345678901234567000" for the double 12345678901234567168
  // (JSON.parse's reading of 12345678901234567890), "-9223372036854776000" for the int64 minimum, which its own JSON
  // reader then refuses as out of range
  if (type !== undefined && LONG_TYPES.has(type) && typeof v === 'number' && Number.isInteger(v)) return longAsString ? BigInt(v).toString() : BigInt(v);
  // ProtoJSON writes NaN and the infinities as strings; a protobuf-es message holds the number
  if ((type === ScalarType.FLOAT || type === ScalarType.DOUBLE) && typeof v === 'string' && NON_FINITE.has(v)) return Number(v);
  return v;
}

/**
 * The key a field has in the plain object, protobuf.js's name for it: its proto name, but for a proto2 group's field,
 * which protoc names after the group in lower case (`phonenumber` for `group PhoneNumber`) and protobuf.js with the
 * first letter lowered (`phoneNumber`).
 * @param {DescField} f
 */
const plainName = (f) => ('delimitedEncoding' in f && f.delimitedEncoding === true && f.message
  && f.parent.file.edition === Edition.EDITION_PROTO2 ? groupFieldName(f.message.name) : f.name);

/**
 * A generated file and every file it imports, transitively.
 * @param {import('@bufbuild/protobuf').DescFile} file
 * @returns {import('@bufbuild/protobuf').DescFile[]}
 */
export function filesOf(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  return [file, ...file.dependencies.flatMap((d) => filesOf(d, seen))];
}

/**
 * The key an extension has in the plain object, protobuf.js's name for the field it adds to the message it extends:
 * its full name after a dot (`.pkg.level`).
 * @param {DescExtension} ext
 */
const extensionPlainName = (ext) => `.${ext.typeName}`;

/**
 * Builds the two conversions between the JSON-shaped object (proto field
 * names as keys, enums by name, int64 as numbers) and protobuf-es's message
 * shape (localName keys, enums as numbers, int64 as BigInt, oneofs as
 * { case, value }, $typeName on every message). A proto2 extension, which protobuf-es keeps among a message's
 * unknown fields, is read with getExtension and set with setExtension: the extensions of `registry` (the schema's
 * files') that extend each message.
 * @param {DescMessage} root
 * @param {import('@bufbuild/protobuf').Registry} registry
 * @returns {{ toPlain: (msg: Message) => Fields, toInit: (obj: unknown) => Fields | undefined }}
 */
function messageConverters(root, registry) {
  /** @type {Map<string, DescExtension[]>} each extended message's extensions, by its full name */
  const extensions = new Map();
  for (const t of registry) {
    if (t.kind === 'extension') extensions.set(t.extendee.typeName, [...(extensions.get(t.extendee.typeName) ?? []), t]);
  }
  /** @type {Map<DescMessage, (m: Fields) => Fields>} */
  const toPlainOf = new Map();
  /** @type {Map<DescMessage, (o: Fields) => Fields>} */
  const toInitOf = new Map();

  // A field's element (the field's value; an item of a list; a value of a map) is a message when f.message is set,
  // an enum when f.enum is, else a scalar of type f.scalar.
  // protobuf-es holds a singular wrapper field (google.protobuf.Int64Value, …) outside a oneof as its bare value
  const unboxed = (/** @type {DescField | DescExtension} */ f) => f.fieldKind === 'message' && !f.oneof && isWrapperDesc(f.message);
  // protobuf-es holds a google.protobuf.Struct field (outside a Value) as a JSON object: the plain shape is its message's
  const jsonStruct = (/** @type {DescMessage} */ message, /** @type {DescField | DescExtension} */ f) => message.typeName === 'google.protobuf.Struct'
    && f.parent?.typeName !== 'google.protobuf.Value';
  /**
   * @param {DescField | DescExtension} f
   * @param {unknown} v an element of f, as protobuf-es holds it
   * @returns {unknown}
   */
  const valueToPlain = (f, v) => {
    if (f.message) {
      if (unboxed(f)) return { value: plainScalar(f.message.fields[0].scalar, v) };
      if (jsonStruct(f.message, f)) return jsonToStructMessage(/** @type {import('@bufbuild/protobuf').JsonObject} */ (v));
      return toPlain(f.message, /** @type {Fields} */ (v));
    }
    if (f.enum) return typeof v === 'number' ? f.enum.value[v]?.name ?? v : v;
    return plainScalar(f.scalar, v);
  };
  /**
   * @param {DescField | DescExtension} f
   * @param {unknown} v an element of f in the plain object
   * @returns {unknown}
   */
  const valueToInit = (f, v) => {
    if (f.message) {
      if (unboxed(f)) {
        const wrapper = /** @type {Fields} */ (v);
        if (wrapper.value !== undefined && wrapper.value !== null) return protoScalar(f.message.fields[0].scalar, wrapper.value, longAsString(f.message.fields[0]));
        /** @type {Fields} the wrapper's default value */
        const empty = create(f.message);
        return empty.value;
      }
      if (jsonStruct(f.message, f)) return structToJson(v);
      return toInit(f.message, v);
    }
    if (f.enum) return typeof v === 'string' ? f.enum.values.find((e) => e.name === v)?.number ?? 0 : v;
    return protoScalar(f.scalar, v, longAsString(f));
  };

  /**
   * @param {DescMessage} desc
   * @param {Fields} msg a protobuf-es message of desc
   * @returns {Fields}
   */
  function toPlain(desc, msg) {
    let fn = toPlainOf.get(desc);
    if (!fn) {
      const fields = desc.fields;
      const extended = extensions.get(desc.typeName) ?? [];
      fn = (m) => {
        /** @type {Fields} */
        const out = {};
        for (const ext of extended) {
          const message = /** @type {import('@bufbuild/protobuf').Message} */ (/** @type {unknown} */ (m));
          // as protobuf.js's toObject({ defaults: true }) gives an unset one: null for a message, else the default
          if (ext.fieldKind === 'message' && !hasExtension(message, ext)) {
            out[extensionPlainName(ext)] = null;
            continue;
          }
          const v = getExtension(message, ext);
          out[extensionPlainName(ext)] = ext.fieldKind === 'list' ? /** @type {unknown[]} */ (v).map((x) => valueToPlain(ext, x)) : valueToPlain(ext, v);
        }
        for (const f of fields) {
          let v;
          if (f.oneof) {
            const o = /** @type {{ case: string | undefined, value?: unknown }} */ (m[f.oneof.localName]);
            if (o.case !== f.localName) continue;
            v = o.value;
          } else {
            v = m[f.localName];
          }
          // an unset message field reads as null, as protobuf.js's toObject({ defaults: true }) gives it
          if (v === undefined) {
            if (f.fieldKind === 'message') out[plainName(f)] = null;
            continue;
          }
          if (f.fieldKind === 'list') out[plainName(f)] = /** @type {unknown[]} */ (v).map((x) => valueToPlain(f, x));
          else if (f.fieldKind === 'map') {
            const map = /** @type {Fields} */ (v);
            /** @type {Fields} */
            const o = {};
            for (const k of Object.keys(map)) o[k] = valueToPlain(f, map[k]);
            out[plainName(f)] = o;
          } else out[plainName(f)] = valueToPlain(f, v);
        }
        return out;
      };
      toPlainOf.set(desc, fn);
    }
    return fn(msg);
  }

  /**
   * @param {DescMessage} desc
   * @param {unknown} obj a plain object of desc's message (checkFits), or null or undefined for none
   * @returns {Fields | undefined}
   */
  function toInit(desc, obj) {
    if (obj === null || obj === undefined) return undefined;
    let fn = toInitOf.get(desc);
    if (!fn) {
      const fields = desc.fields;
      const extended = extensions.get(desc.typeName) ?? [];
      fn = (o) => {
        /** @type {Fields} */
        const out = {};
        for (const f of fields) {
          // protobuf.js's bundled google/protobuf types (which the schema adapter follows) name Value's fields by their JSON names
          const v = Object.hasOwn(o, plainName(f)) ? o[plainName(f)] : o[f.jsonName];
          if (v === undefined || v === null) continue;
          let init;
          if (f.fieldKind === 'list') init = /** @type {unknown[]} */ (v).map((x) => valueToInit(f, x));
          else if (f.fieldKind === 'map') {
            const map = /** @type {Fields} */ (v);
            /** @type {Fields} */
            const entries = {};
            for (const k of Object.keys(map)) entries[k] = valueToInit(f, map[k]);
            init = entries;
          } else init = valueToInit(f, v);
          if (f.oneof) out[f.oneof.localName] = { case: f.localName, value: init };
          else out[f.localName] = init;
        }
        if (!extended.length) return out;
        /** @type {[DescExtension, unknown][]} */
        const set = [];
        for (const ext of extended) {
          const v = o[extensionPlainName(ext)];
          if (v === undefined || v === null) continue;
          // setExtension takes a message's value as a message
          const one = (/** @type {unknown} */ x) => (ext.message ? create(ext.message, /** @type {Fields} */ (valueToInit(ext, x))) : valueToInit(ext, x));
          set.push([ext, ext.fieldKind === 'list' ? /** @type {unknown[]} */ (v).map(one) : one(v)]);
        }
        if (!set.length) return out;
        // extensions are set on a message: this one, which create() takes as it is where a message field holds it
        const message = create(desc, out);
        for (const [ext, v] of set) setExtension(message, ext, /** @type {never} */ (v));
        return /** @type {Fields} */ (/** @type {unknown} */ (message));
      };
      toInitOf.set(desc, fn);
    }
    return fn(/** @type {Fields} */ (obj));
  }

  return { toPlain: (msg) => toPlain(root, msg), toInit: (obj) => toInit(root, obj) };
}

/**
 * The descriptor of the schema's message in protobuf-es's generated code for it.
 * @param {import('../schema/index.js').Schema} schema
 * @returns {DescMessage}
 */
export function generatedMessage(schema) {
  const Schema = Object.values(loadGenerated(codec, schema)).find((d) => isMessageDesc(d, schema.typeName));
  if (!Schema) throw new Error(`generated code has no message ${schema.typeName}`);
  return Schema;
}

/**
 * True when an export of the generated code describes the message named typeName.
 * @param {unknown} d
 * @param {string} typeName
 * @returns {d is DescMessage}
 */
const isMessageDesc = (d, typeName) => d !== null && typeof d === 'object' && 'kind' in d && d.kind === 'message'
  && 'typeName' in d && d.typeName === typeName;

/**
 * Throws Unsupported when the payload sets an extension that protobuf.js read from the schema's files and the
 * generated code does not hold (declared in a file that the message's own file does not import: --type naming a
 * message of an imported file that the schema's own file extends), which protobuf-es would leave out.
 * @param {import('../schema/index.js').Schema} schema
 * @param {import('@bufbuild/protobuf').Registry} registry the generated files'
 * @param {unknown[]} corpus
 */
function refuseUnheldExtension(schema, registry, corpus) {
  const unheld = new Set([...reachableTypes(schema.type)].flatMap((t) => t.fieldsArray.map(extensionName))
    .filter((name) => name !== null && !registry.getExtension(name)));
  if (!unheld.size) return;
  for (const record of corpus) {
    const found = findExtension(schema.type, record, '$', (name) => unheld.has(name));
    if (found) throw new Unsupported(`protobuf-es's code generated for the file that declares ${schema.typeName} does not hold extension ${found.name} (${found.path}), declared in a file that one does not import`);
  }
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
/** @satisfies {import('./index.js').Codec} */
const codec = {
  name: 'protobuf-es',
  description: 'Protocol Buffers binary by protobuf-es (toBinary / fromBinary over generated descriptors); decodes to protobuf-es message objects',
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
    // buf compiles, the plugin writes (the @bufbuild/protoplugin and @bufbuild/protobuf it runs are pinned to its version)
    source: import.meta.url,
    packages: ['@bufbuild/buf', '@bufbuild/protoc-gen-es'],
    carriesWellKnownTypes: true,
    modulePerFile: true,
  },
  /** @param {import('./index.js').SchemaContext} ctx the schema alone decides */
  create({ schema, value, corpus = [value] }) {
    const Schema = generatedMessage(schema);
    const registry = createRegistry(...filesOf(Schema.file));
    refuseUnheldExtension(schema, registry, corpus);
    const { toPlain, toInit } = messageConverters(Schema, registry);
    const toProto = schema.adapter.toProto ?? IDENTITY;
    const fromProto = schema.adapter.fromProto ?? IDENTITY;
    return {
      fromPlain: (obj) => create(Schema, toInit(toProto(obj))),
      toPlain: (/** @type {Message} */ message) => fromProto(toPlain(message)),
      encode: (/** @type {Message} */ message) => toBinary(Schema, message),
      decode: (/** @type {Uint8Array} */ bytes) => fromBinary(Schema, bytes),
    };
  },
};

export default codec;
