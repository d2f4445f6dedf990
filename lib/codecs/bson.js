import { BSON } from 'bson';
import { Unsupported } from '../errors.js';
import { isJsonObject } from '../json.js';

/**
 * BSON, MongoDB's binary JSON, by the bson package. Integers beyond 32 bits
 * go out as doubles (exact up to 2^53), which is how the library writes a JS
 * number unless told to use BigInt.
 */
export default {
  name: 'bson',
  library: 'bson',
  kind: { schema: false, binary: true, codegen: false },
  normalise: [],
  decoded: 'BSON.deserialize with promoteValues (plain objects, arrays and JS numbers)',
  create({ value }) {
    if (!isJsonObject(value)) throw new Unsupported('a BSON document must be an object at the top level');
    const options = { promoteValues: true, promoteLongs: true, promoteBuffers: false };
    return { encode: (obj) => BSON.serialize(obj), decode: (bytes) => BSON.deserialize(bytes, options) };
  },
};
