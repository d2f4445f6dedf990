import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PbfReader, PbfWriter } from 'pbf';
// pbf/compile and resolve-protobuf-schema ship no types: types/untyped-modules.d.ts declares what is called here
import { compileRaw } from 'pbf/compile';
import resolveSchema from 'resolve-protobuf-schema';
import protobuf from 'protobufjs';
import { Unsupported } from '../errors.js';
import { isJsonObject, setKey } from '../json.js';
import { reachableTypes } from '../schema/adapter.js';
import { findInt64 } from '../schema/proto-json.js';
import { loadGenerated } from './codegen.js';
import { IDENTITY } from './native-form.js';

const require = createRequire(import.meta.url);

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
 * The conversions of bytes fields between the plain form (ProtoJSON: bytes as base64 text) and pbf's native form
 * (bytes as a Uint8Array, which its writer copies byte by byte and its reader gives), at every depth: repeated,
 * map values, nested messages. Null when no bytes field is reachable from the type, so pbf's conversions stay the
 * identity there. Without them the base64 text itself went to writeBytesField, which wrote one zero byte per
 * character (a string's characters are no numbers), so "AQ==" (the byte 0x01) went out as four bytes 00 00 00 00.
 * Both build new objects down to each bytes field and leave the value they were given as it was: the plain
 * message is the corpus's, reused by every codec and pass. An unset bytes field (pbf reads it as undefined) stays
 * undefined, which the comparison reads as absent.
 * @param {import('protobufjs').Type} rootType
 * @returns {{ toNative: (plain: unknown) => unknown, toPlain: (native: unknown) => unknown } | null}
 */
function bytesConverters(rootType) {
  /** @type {(field: import('protobufjs').Field) => import('protobufjs').Type | null} */
  const messageOf = (field) => (field.resolvedType instanceof protobuf.Type ? field.resolvedType : null);
  // the message types from which a bytes field is reachable; iterated to a fixed point, since schemas may recurse
  const types = reachableTypes(rootType);
  /** @type {Set<import('protobufjs').Type>} */
  const carrying = new Set([...types].filter((t) => t.fieldsArray.some((f) => f.type === 'bytes')));
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

  /** @type {(v: unknown) => unknown} base64 (standard or URL-safe, padded or not, as ProtoJSON reads it) → bytes */
  const toBytes = (v) => (typeof v === 'string' ? Buffer.from(v, 'base64') : v);
  /** @type {(v: unknown) => unknown} bytes → standard padded base64, as protobuf.js's toObject({ bytes: String }) writes */
  const toBase64 = (v) => (v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') : v);
  /**
   * A message's plain or native form with each bytes value converted by `one`.
   * @param {import('protobufjs').Type} type
   * @param {unknown} value
   * @param {(v: unknown) => unknown} one
   * @returns {unknown}
   */
  const convert = (type, value, one) => {
    if (!isJsonObject(value)) return value; // checkFits refused a message that is no object
    /** @type {import('../json.js').JsonObject} */
    const out = { ...value };
    for (const field of type.fieldsArray) {
      const sub = messageOf(field);
      if (field.type !== 'bytes' && !(sub && carrying.has(sub))) continue;
      const v = value[field.name];
      if (v === undefined || v === null) continue;
      /** @type {(x: unknown) => unknown} */
      const single = sub ? (x) => convert(sub, x, one) : one;
      if (field.map) {
        if (!isJsonObject(v)) continue;
        /** @type {import('../json.js').JsonObject} */
        const map = {};
        for (const k of Object.keys(v)) setKey(map, k, single(v[k]));
        setKey(out, field.name, map);
      } else if (field.repeated) {
        if (Array.isArray(v)) setKey(out, field.name, v.map(single));
      } else {
        setKey(out, field.name, single(v));
      }
    }
    return out;
  };
  return {
    toNative: (plain) => convert(rootType, plain, toBytes),
    toPlain: (native) => convert(rootType, native, toBase64),
  };
}

/**
 * Mapbox's pbf: a small, fast protobuf reader/writer with a compiler that
 * turns a .proto into plain read/write functions (generated/pbf/). Decoded
 * means the generated readX(): a plain object with every field set to its
 * default first. Native form: that plain object, with the proto field names
 * and bytes as Uint8Array; the conversions are the identity unless the schema
 * renames or wraps JSON keys (the adapter) or has bytes fields (base64 in the
 * plain form, bytesConverters). Its limits, which verification shows where they bite:
 * 64-bit integers are JS numbers (exact only up to 2^53), proto3 `optional`
 * fields have no presence (an absent one reads as 0 or ""), enums stay
 * numbers, and an unset message or bytes field reads as undefined.
 */
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
      for (const f of fs.readdirSync(protoDir).filter((n) => n.endsWith('.proto')).sort()) {
        const code = compileRaw(resolveSchema.sync(path.join(protoDir, f)));
        fs.writeFileSync(path.join(outDir, `${path.basename(f, '.proto')}.js`), code);
      }
    },
    file: (base) => `${base}.js`,
    // its parser (protocol-buffers-schema, under resolve-protobuf-schema) knows `syntax = "proto2"` and "proto3" only
    editionsUnsupportedBy: () => {
      const { version } = JSON.parse(fs.readFileSync(require.resolve('resolve-protobuf-schema/package.json'), 'utf8'));
      return `pbf's compiler, whose .proto parser (resolve-protobuf-schema ${version}) reads syntax proto2 and proto3 only`;
    },
  },
  // pbf/compile.js reads its own package.json from disk when it loads
  browser: { unavailable: 'pbf reads its package.json from disk when it loads' },
  /** @param {import('./index.js').SchemaContext} ctx the schema alone decides */
  create({ schema }) {
    const foreign = foreignTypeField(schema.type);
    if (foreign) {
      const disk = foreign.package === 'google.protobuf' ? ' (nor are google/protobuf/*.proto on disk, where it reads imports)' : '';
      throw new Unsupported(`pbf's compiler merges imported files without their packages, so field ${foreign.field} of type `
        + `${foreign.type} from package ${foreign.package} does not resolve${disk}`);
    }
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
    // the adapter works on the JSON shape and the proto field names, the bytes conversion on the proto shape
    const { toProto, fromProto } = schema.adapter;
    const bytes = bytesConverters(schema.type);
    /** @type {(plain: unknown) => unknown} */
    let fromPlain = toProto ?? IDENTITY;
    /** @type {(native: unknown) => unknown} */
    let toPlain = fromProto ?? IDENTITY;
    if (bytes) {
      fromPlain = toProto ? (plain) => bytes.toNative(toProto(plain)) : bytes.toNative;
      toPlain = fromProto ? (native) => fromProto(bytes.toPlain(native)) : bytes.toPlain;
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
