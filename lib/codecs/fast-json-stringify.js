import fastJson from 'fast-json-stringify';
import { inferJsonSchemaOfRecords } from '../schema/infer-json-schema.js';

/**
 * Schema-driven JSON: fast-json-stringify compiles a serializer from a JSON
 * Schema, here inferred from every message of the payload's corpus
 * (lib/schema/infer-json-schema.js): one inferred from the first alone refuses
 * a key only a later message holds ("… is required!") or drops it. The
 * output is ordinary JSON text, so decoding is JSON.parse of the UTF-8 bytes,
 * like json-buffer.
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'fast-json-stringify',
  description: 'JSON text written by a serializer compiled from a JSON Schema inferred from the messages, as UTF-8 bytes; decode is JSON.parse of the bytes',
  library: 'fast-json-stringify',
  mediaType: 'application/json',
  kind: { schema: true, binary: false, codegen: false },
  // its serializer is compiled (new Function) from the inferred JSON Schema at run time: no generated source
  flags: { schema: 'inferred' },
  normalise: [],
  decoded: 'JSON.parse of the UTF-8 text of the bytes',
  /** @param {import('./index.js').DataContext} ctx the messages alone decide */
  create({ value, corpus = [value] }) {
    // fast-json-stringify's types have no schema whose "type" is a list of types; their open AnySchema takes any schema
    const stringify = fastJson(/** @type {import('fast-json-stringify').AnySchema} */ (inferJsonSchemaOfRecords(corpus)));
    return {
      encode: (obj) => Buffer.from(stringify(obj)),
      decode: (/** @type {Uint8Array} */ bytes) => JSON.parse(Buffer.isBuffer(bytes)
        ? bytes.toString('utf8')
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')),
    };
  },
});
