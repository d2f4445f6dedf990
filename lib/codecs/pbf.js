import fs from 'node:fs';
import path from 'node:path';
import { PbfReader, PbfWriter } from 'pbf';
// pbf/compile and resolve-protobuf-schema ship no types: types/untyped-modules.d.ts declares what is called here
import { compileRaw } from 'pbf/compile';
import resolveSchema from 'resolve-protobuf-schema';
import { Unsupported } from '../errors.js';
import { findInt64 } from '../schema/proto-json.js';
import { loadGenerated } from './codegen.js';
import { IDENTITY } from './native-form.js';

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
 * Mapbox's pbf: a small, fast protobuf reader/writer with a compiler that
 * turns a .proto into plain read/write functions (generated/pbf/). Decoded
 * means the generated readX(): a plain object with every field set to its
 * default first. Native form: that plain object, with the proto field names;
 * the conversions are the identity unless the schema renames or wraps JSON keys. Its limits, which verification shows where they bite:
 * 64-bit integers are JS numbers (exact only up to 2^53), proto3 `optional`
 * fields have no presence (an absent one reads as 0 or ""), enums stay
 * numbers, bytes stay Uint8Array, and an unset message field reads as
 * undefined.
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
    return {
      fromPlain: schema.adapter.toProto ?? IDENTITY,
      toPlain: schema.adapter.fromProto ?? IDENTITY,
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
