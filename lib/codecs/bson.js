import { BSON } from 'bson';
import { refuseFirstRecord } from './corpus-check.js';
import { isJsonObject } from '../json.js';

/**
 * BSON, MongoDB's binary JSON, by the bson package. Integers beyond 32 bits
 * go out as doubles (exact up to 2^53), which is how the library writes a JS
 * number unless told to use BigInt.
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'bson',
  description: "MongoDB's binary JSON by the bson package: field names on the wire, integers beyond 32 bits as doubles",
  library: 'bson',
  mediaType: 'application/bson',
  kind: { schema: false, binary: true, codegen: false },
  normalise: [],
  decoded: 'BSON.deserialize with promoteValues (plain objects, arrays and JS numbers)',
  /** @param {import('./index.js').DataContext} ctx the messages alone decide */
  create({ value, corpus = [value] }) {
    refuseFirstRecord(corpus, (record) => (isJsonObject(record) ? null : 'a BSON document must be an object at the top level'));
    const options = { promoteValues: true, promoteLongs: true, promoteBuffers: false };
    // the native form is a JSON object, the top-level document checked above
    return { encode: (/** @type {import('bson').Document} */ obj) => BSON.serialize(obj), decode: (/** @type {Uint8Array} */ bytes) => BSON.deserialize(bytes, options) };
  },
});
