import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PbfReader, PbfWriter } from 'pbf';
import protobuf from 'protobufjs';
import { fromBase64, toBase64 } from '../base64.js';
import { Unsupported } from '../errors.js';
import { isJsonObject, setKey } from '../json.js';
import { reachableTypes } from '../schema/adapter.js';
import { corpusExtension, findInt64, isGroupType, presenceOf } from '../schema/proto-json.js';
import { loadGenerated } from './codegen.js';
import { IDENTITY } from './native-form.js';
import { libraryVersion } from './library-version.js';

const require = createRequire(import.meta.url);

/**
 * pbf's compiler and the .proto parser it takes its input from, loaded only when code is generated (on the host,
 * before any runtime or page starts), never when this module loads: pbf/compile.js reads its own package.json from
 * disk as it loads (readFileSync(new URL('package.json', import.meta.url))), which a browser page cannot (its
 * bundle has no import.meta.url: "Invalid URL"). So a page, which gets this module in its bundle, has pbf's runtime
 * (PbfReader, PbfWriter) and the generated code only, as it has protobufjs-static's runtime without pbjs. A require()
 * that esbuild does not follow (node:module is inert in a page), of an ES module, which Node 20.19+ allows.
 * The parser is protocol-buffers-schema, the one resolve-protobuf-schema (the reader pbf's own CLI uses) loads,
 * a dependency of the project's own; readProtoTree does the reading, with the import rule the toolkit lays the
 * files out by. pbf/compile and protocol-buffers-schema ship no types: types/untyped-modules.d.ts declares what is
 * called here.
 */
function compiler() {
  const { compileRaw } = /** @type {typeof import('pbf/compile')} */ (require('pbf/compile'));
  const parse = /** @type {typeof import('protocol-buffers-schema').default} */ (require('protocol-buffers-schema'));
  return { compileRaw, parse };
}

/**
 * A .proto parsed with the messages and enums of every file it imports merged in, as resolve-protobuf-schema merges
 * them for pbf's compiler, but with imports found as the toolkit lays the schema's files out (codegen.js): beside the
 * importing file, else from protoDir's top (an import root's path, `acme/common/v1/money.proto` imported from
 * acme/orders/v1/), where resolve-protobuf-schema looks beside the importer only. Each file is read once (a file two
 * files import is merged once; an import cycle ends). google/protobuf/*.proto are left out: no message pbf takes
 * reaches their types (foreignTypeReason refuses it), the common ones are not on disk, and the parser cannot read
 * descriptor.proto (`extensions 536000000;`).
 * @param {string} protoDir
 * @param {string} file a .proto in protoDir
 * @param {(text: string) => ParsedProto} parse
 * @param {Set<string>} [seen]
 * @returns {ParsedProto}
 */
function readProtoTree(protoDir, file, parse, seen = new Set([file])) {
  const parsed = parse(fs.readFileSync(file, 'utf8'));
  for (const name of parsed.imports ?? []) {
    if (name.startsWith('google/protobuf/')) continue;
    const beside = path.resolve(path.dirname(file), name);
    const found = fs.existsSync(beside) ? beside : path.join(protoDir, name);
    if (seen.has(found)) continue;
    seen.add(found);
    const imported = readProtoTree(protoDir, found, parse, seen);
    parsed.messages = parsed.messages.concat(imported.messages);
    parsed.enums = parsed.enums.concat(imported.enums);
  }
  return parsed;
}

/** @typedef {{ imports?: string[], messages: object[], enums: object[] }} ParsedProto protocol-buffers-schema's form, what this file reads of it */

/**
 * The package a protobuf.js type or enum is declared in ('' for none).
 * @param {import('protobufjs').ReflectionObject} t
 */
function packageOf(t) {
  let ns = t.parent;
  while (ns && 'fieldsArray' in ns) ns = ns.parent; // out of enclosing messages
  return ns ? ns.fullName.replace(/^\./, '') : '';
}

/**
 * The first field reachable from a message whose type is declared in another package (an import such as
 * google.protobuf.Timestamp or shop.common.Money), which pbf's compiler cannot resolve; null when there is none.
 * @param {import('protobufjs').Type} root
 * @returns {{ field: string, type: string, package: string } | null}
 */
function foreignTypeField(root) {
  const seen = new Set();
  /**
   * @param {import('protobufjs').Type} type
   * @returns {{ field: string, type: string, package: string } | null}
   */
  const visit = (type) => {
    if (seen.has(type)) return null;
    seen.add(type);
    for (const field of type.fieldsArray) {
      const sub = field.resolvedType;
      if (!sub) continue;
      if (packageOf(sub) !== packageOf(type)) {
        return { field: `${type.name}.${field.name}`, type: sub.fullName.replace(/^\./, ''), package: packageOf(sub) };
      }
      const found = 'fieldsArray' in sub ? visit(sub) : null;
      if (found) return found;
    }
    return null;
  };
  return visit(root);
}

/**
 * A field of any message the schema loaded (outside google.protobuf) whose type is from another package, or null.
 * pbf compiles the schema's own file with every file it imports merged in, packages dropped, so such a field stops
 * the compiler ("Unexpected type") even where the message measured does not reach it: a message --type names in an
 * imported file, or a sibling of it. The whole Root, not one file's messages: a Root rebuilt from JSON (a speed
 * process's) knows no file names.
 * @param {import('../schema/index.js').Schema} schema
 * @returns {{ field: string, type: string, package: string } | null}
 */
function anyForeignField(schema) {
  /** @type {import('protobufjs').Type[]} */
  const types = [];
  /** @param {import('protobufjs').Namespace} ns */
  const collect = (ns) => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Type && packageOf(nested) !== 'google.protobuf') types.push(nested);
      if (nested instanceof protobuf.Namespace) collect(nested);
    }
  };
  collect(schema.root);
  for (const type of types) {
    const found = foreignTypeField(type);
    if (found) return found;
  }
  return null;
}

/**
 * The conversions between the plain form and pbf's native form, at every depth (repeated, map values, nested
 * messages), for the two things in which they differ:
 * - bytes: base64 text in the plain form (ProtoJSON), a Uint8Array in pbf's (which its writer copies byte by byte
 *   and its reader gives). Without this the base64 text itself went to writeBytesField, which wrote one zero byte per
 *   character (a string's characters are no numbers), so "AQ==" (the byte 0x01) went out as four bytes 00 00 00 00.
 *   An empty value of a bytes field without presence is left out on the way in, as proto3 leaves out a default.
 * - oneofs: pbf's readX names the member it read in a key of the oneof's own name and fills the other scalar members
 *   in with their defaults ({ kind: 'n', n: 0, s: '' } for a message that holds n = 0), so the message did not come
 *   back as it went in and every schema with a oneof was LOSSY. toPlain keeps the member that key names and leaves
 *   the key and the other members out. The other way needs nothing: pbf's writer writes each member that is not
 *   null or undefined, which is the one a plain message holds, at its default too (a oneof member has presence), as
 *   protobuf.js writes it. (A payload holding two members of one oneof is refused before any codec sees it: checkFits.)
 * Null when neither is reachable from the type, so pbf's conversions stay the identity there. Both build new
 * objects down to each converted field and leave the value they were given as it was: the plain message is the
 * corpus's, reused by every codec and pass. An unset bytes field (pbf reads it as undefined) stays undefined, which
 * the comparison reads as absent.
 * @param {import('protobufjs').Type} rootType
 * @returns {{ toNative: (plain: unknown) => unknown, toPlain: (native: unknown) => unknown } | null}
 */
function plainConverters(rootType) {
  /** @type {(field: import('protobufjs').Field) => import('protobufjs').Type | null} */
  const messageOf = (field) => (field.resolvedType instanceof protobuf.Type ? field.resolvedType : null);
  /**
   * The oneofs pbf sees: protobuf.js also makes one of each proto3 `optional` field (named _field), which pbf's
   * parser reads as a field of its own, without a key for it.
   * @type {(type: import('protobufjs').Type) => import('protobufjs').OneOf[]}
   */
  const oneofsOf = (type) => type.oneofsArray.filter((o) => !o.isProto3Optional);
  // the message types from which a bytes field or a oneof is reachable; iterated to a fixed point, since schemas may recurse
  const types = reachableTypes(rootType);
  /** @type {Set<import('protobufjs').Type>} */
  const carrying = new Set([...types].filter((t) => oneofsOf(t).length > 0 || t.fieldsArray.some((f) => f.type === 'bytes')));
  for (let changed = true; changed;) {
    changed = false;
    for (const t of types) {
      if (!carrying.has(t) && t.fieldsArray.some((f) => { const sub = messageOf(f); return sub !== null && carrying.has(sub); })) {
        carrying.add(t);
        changed = true;
      }
    }
  }
  if (!carrying.has(rootType)) return null;

  /**
   * Per message type, once: the fields whose values are converted, and for a type with oneofs, each key pbf's
   * readX gives that toPlain may leave out: a member, by the name of its oneof (kept only where that oneof's key
   * names it), and a oneof's own key, by null (always left out).
   * @type {Map<import('protobufjs').Type, { fields: import('protobufjs').Field[], oneofKeys: Map<string, string | null> | null }>}
   */
  const shapes = new Map();
  for (const t of carrying) {
    const fields = t.fieldsArray.filter((f) => { const sub = messageOf(f); return f.type === 'bytes' || (sub !== null && carrying.has(sub)); });
    const oneofs = oneofsOf(t);
    /** @type {Map<string, string | null> | null} */
    let oneofKeys = null;
    if (oneofs.length) {
      oneofKeys = new Map();
      for (const o of oneofs) {
        oneofKeys.set(o.name, null);
        for (const f of o.fieldsArray) oneofKeys.set(f.name, o.name);
      }
    }
    shapes.set(t, { fields, oneofKeys });
  }

  /** @type {(v: unknown) => unknown} base64 (standard or URL-safe, padded or not, as ProtoJSON reads it) → bytes */
  const toBytes = (v) => (typeof v === 'string' ? fromBase64(v) : v);
  /** @type {(v: unknown) => unknown} bytes → standard padded base64, as protobuf.js's toObject({ bytes: String }) writes */
  const toBase64Text = (v) => (v instanceof Uint8Array ? toBase64(v) : v);
  /**
   * A message's plain form turned into pbf's native form (toNative) or back.
   * @param {import('protobufjs').Type} type
   * @param {unknown} value
   * @param {boolean} toNative
   * @returns {unknown}
   */
  const convert = (type, value, toNative) => {
    if (!isJsonObject(value)) return value; // checkFits refused a message that is no object
    const shape = shapes.get(type);
    if (!shape) return value; // nothing to convert is reachable from this type
    const { fields, oneofKeys } = shape;
    if (toNative && !fields.length) return value; // oneofs need nothing on the way in
    /** @type {import('../json.js').JsonObject} */
    let out;
    if (toNative || !oneofKeys) {
      out = { ...value };
    } else {
      // a fresh object with only the keys kept, rather than a copy with keys deleted, which V8 would hold as a dictionary
      out = {};
      for (const k of Object.keys(value)) {
        const oneof = oneofKeys.get(k);
        if (oneof === null || (oneof !== undefined && value[oneof] !== k)) continue;
        setKey(out, k, value[k]);
      }
    }
    for (const field of fields) {
      const v = out[field.name];
      if (v === undefined || v === null) continue;
      const sub = messageOf(field);
      /** @type {(x: unknown) => unknown} */
      const single = sub ? (x) => convert(sub, x, toNative) : toNative ? toBytes : toBase64Text;
      if (field.map) {
        if (!isJsonObject(v)) continue;
        /** @type {import('../json.js').JsonObject} */
        const map = {};
        for (const k of Object.keys(v)) setKey(map, k, single(v[k]));
        setKey(out, field.name, map);
      } else if (field.repeated) {
        if (Array.isArray(v)) setKey(out, field.name, v.map(single));
      } else {
        const one = single(v);
        // pbf's writer writes a bytes field whenever it is not null (where it leaves 0, "" and false out), so an empty
        // one went out as 2 bytes (tag, length 0) that proto3 does not send for a field without presence, nor does
        // protobuf.js; undefined rather than a deleted key keeps the object's shape for the timed encode that reads it
        const unsent = toNative && !sub && presenceOf(field) === 'implicit' && one instanceof Uint8Array && one.length === 0;
        setKey(out, field.name, unsent ? undefined : one);
      }
    }
    return out;
  };
  return {
    toNative: (plain) => convert(rootType, plain, true),
    toPlain: (native) => convert(rootType, native, false),
  };
}

/**
 * Mapbox's pbf: a small, fast protobuf reader/writer with a compiler that
 * turns a .proto into plain read/write functions (generated/pbf/). Decoded
 * means the generated readX(): a plain object with every field set to its
 * default first. Native form: that plain object, with the proto field names,
 * bytes as Uint8Array and, as readX() gives it, a key naming each oneof's member (fromPlain does not add that key:
 * the writer ignores it, so the object encoded is the plain one, and toPlain reads only decoded objects); the conversions are
 * the identity unless the schema renames or wraps JSON keys (the adapter) or has
 * bytes fields (base64 in the plain form) or oneofs (one member, no such key, in
 * the plain form): plainConverters. Its limits, which verification shows where they bite:
 * 64-bit integers are JS numbers (exact only up to 2^53), proto3 `optional`
 * fields have no presence (an absent one reads as 0 or ""), enums stay
 * numbers, and an unset message or bytes field reads as undefined. Its writer
 * tests a value's truth, so a map entry's default key or value is left out
 * (valid proto3, smaller than protobuf.js's entries, read back alike) and so is
 * a double's -0 in a field without presence, which proto3 sends: no conversion
 * of the native form can make -0 true, so it stays pbf's limit, which the
 * verdict names (negative-zero).
 */
/**
 * Why pbf's compiler cannot take a schema whose message uses a type from another package (it merges imported files
 * without their packages), or null.
 * @param {import('../schema/index.js').Schema} schema
 * @returns {string|null}
 */
function foreignTypeReason(schema) {
  const foreign = foreignTypeField(schema.type) ?? anyForeignField(schema);
  if (!foreign) return null;
  const disk = foreign.package === 'google.protobuf' ? ' (nor does it read google/protobuf\'s files)' : '';
  return `pbf's compiler merges imported files without their packages, so field ${foreign.field} of type `
    + `${foreign.type} from package ${foreign.package} does not resolve${disk}`;
}

/**
 * Why pbf's compiler cannot take a schema that declares a proto2 group (`repeated group PhoneNumber = 5 {...}`) in any
 * file it is given: its .proto parser stops at the group's block ("Unexpected token in message field: {"), or null.
 * @param {import('../schema/index.js').Schema} schema
 * @returns {string|null}
 */
function groupReason(schema) {
  /** @type {(ns: import('protobufjs').Namespace) => import('protobufjs').Type | null} */
  const find = (ns) => {
    for (const nested of ns.nestedArray) {
      if (isGroupType(nested)) return nested;
      if (nested instanceof protobuf.Namespace) {
        const found = find(nested);
        if (found) return found;
      }
    }
    return null;
  };
  const group = find(schema.root);
  if (!group) return null;
  const parent = group.parent ? group.parent.fullName.replace(/^\./, '') : '';
  return `pbf's compiler, whose .proto parser (protocol-buffers-schema ${libraryVersion('protocol-buffers-schema')}) `
    + `does not read proto2 groups (group ${group.name} in message ${parent})`;
}

/** @satisfies {import('./index.js').Codec} */
const codec = {
  name: 'pbf',
  description: 'Protocol Buffers binary by pbf, with reader/writer code compiled from the .proto; decodes to plain objects',
  library: 'pbf',
  mediaType: 'application/x-protobuf',
  kind: { schema: true, binary: true, codegen: true },
  // Compared under the proto3 JSON mapping with the schema (verify.js): pbf ignores `optional`, so an absent
  // optional key coming back as 0 is a real change there, while an unset implicit-presence field is not.
  normalise: ['proto3-json'],
  decoded: 'generated readX(new PbfReader(bytes)): plain object, defaults filled in, int64 as numbers',
  generator: {
    generate(protoDir, outDir) {
      const { compileRaw, parse } = compiler();
      for (const f of fs.readdirSync(protoDir).filter((n) => n.endsWith('.proto')).sort()) {
        const code = compileRaw(readProtoTree(protoDir, path.join(protoDir, f), parse));
        fs.writeFileSync(path.join(outDir, `${path.basename(f, '.proto')}.js`), code);
      }
    },
    file: (base) => `${base}.js`,
    // pbf/compile writes the code from what the parser (the project's own dependency, see compiler()) reads
    source: import.meta.url,
    packages: ['pbf', 'protocol-buffers-schema'],
    // its parser (protocol-buffers-schema, the project's own dependency) knows `syntax = "proto2"` and "proto3" only
    editionsUnsupportedBy: () => `pbf's compiler, whose .proto parser (protocol-buffers-schema ${libraryVersion('protocol-buffers-schema')}) reads syntax proto2 and proto3 only`,
    // found before the compiler runs, so that a page's bundle (which generates every codec's code first) gets the
    // reason, not the compiler's ENOENT for google/protobuf/timestamp.proto
    unsupported: (schema) => groupReason(schema) ?? foreignTypeReason(schema),
  },
  /** @param {import('./index.js').SchemaContext} ctx the schema alone decides */
  create({ schema, value, corpus = [value] }) {
    const reason = groupReason(schema) ?? foreignTypeReason(schema);
    if (reason) throw new Unsupported(reason);
    // its parser adds a top-level `extend`'s fields to the message by their own names, without the package or the
    // presence a proto2 extension has, and leaves a nested one (declared inside a message) out
    const extension = corpusExtension(schema.type, corpus);
    if (extension) throw new Unsupported(`pbf's compiler, whose .proto parser (protocol-buffers-schema ${libraryVersion('protocol-buffers-schema')}) reads an extension as a plain field of the message or not at all: ${extension}`);
    const mod = loadGenerated(codec, schema);
    // pbf names functions after the message and the messages enclosing it, without the package
    const parts = [];
    /** @type {import('protobufjs').Namespace | null} */
    let t = schema.type;
    for (; t && 'fieldsArray' in t; t = t.parent) parts.unshift(t.name);
    const name = parts.join('');
    const readFn = mod[`read${name}`];
    const writeFn = mod[`write${name}`];
    if (typeof readFn !== 'function' || typeof writeFn !== 'function') throw new Error(`generated code has no read${name}/write${name}`);
    // the generated functions, as pbf's compiler writes them (generated code has no type declarations)
    const read = /** @type {(pbf: PbfReader) => object} */ (readFn);
    const write = /** @type {(obj: unknown, pbf: PbfWriter) => void} */ (writeFn);
    // the adapter works on the JSON shape and the proto field names, plainConverters on the proto shape
    const { toProto, fromProto } = schema.adapter;
    const converters = plainConverters(schema.type);
    /** @type {(plain: unknown) => unknown} */
    let fromPlain = toProto ?? IDENTITY;
    /** @type {(native: unknown) => unknown} */
    let toPlain = fromProto ?? IDENTITY;
    if (converters) {
      fromPlain = toProto ? (plain) => converters.toNative(toProto(plain)) : converters.toNative;
      toPlain = fromProto ? (native) => fromProto(converters.toPlain(native)) : converters.toPlain;
    }
    return {
      fromPlain,
      toPlain,
      encode: (obj) => {
        const pbf = new PbfWriter();
        try {
          write(obj, pbf);
        } catch (err) {
          // pbf holds 64-bit integers as JS numbers: 18446744073709551615 becomes 2^64, which no varint holds
          if (!(err instanceof Error && /doesn't fit into 10 bytes/.test(err.message))) throw err;
          const at = findInt64(schema.type, obj, (x) => Number(x) >= 2 ** 64 || Number(x) < -(2 ** 63));
          throw new Unsupported(`pbf holds 64-bit integers as JS numbers, and ${at ? `${at.path} ${at.value}` : 'a value'} rounded to one is beyond 64 bits (${err.message})`);
        }
        return pbf.finish();
      },
      decode: (/** @type {Uint8Array} */ bytes) => read(new PbfReader(bytes)),
    };
  },
};

export default codec;
