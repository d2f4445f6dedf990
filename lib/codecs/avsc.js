import avro from 'avsc';
import { Unsupported } from '../errors.js';
import { childPath } from '../json.js';

const DOUBLE = avro.Type.forSchema('double');
const LONG = avro.Type.forSchema('long');

// avsc's own inference picks 'float' (4 bytes, rounds) for every non-integer
// and for integers beyond 32 bits; pick 'double' and 'long' instead, the same
// choice scripts/json2proto.js makes, so the inferred schema keeps the data.
function numberType(v) {
  if (typeof v !== 'number') return undefined;
  if (!Number.isInteger(v)) return DOUBLE;
  return v > 2147483647 || v < -2147483648 ? LONG : undefined;
}

/**
 * Apache Avro binary encoding by avsc, with the schema inferred from the
 * payload (Type.forValue) as a user without a schema would. Avro records have
 * every field: a key some objects lack becomes a ["null", T] union and decodes
 * as null where it was absent. Native form: the record instances
 * Type.fromBuffer returns and Type.clone builds from a plain object; their own
 * enumerable properties are the fields, so they read as the plain object
 * (to-plain is the identity).
 */
export default {
  name: 'avsc',
  library: 'avsc',
  // avsc compiles its record readers at run time from the schema, like protobufjs-dynamic: no generated source
  kind: { schema: true, binary: true, codegen: false },
  flags: { schema: 'inferred' },
  normalise: ['null-as-absent'],
  decoded: 'Type.fromBuffer: record instances whose own enumerable properties are the fields, arrays, maps as plain objects',
  create({ value }) {
    const type = avro.Type.forValue(value, { valueHook: numberType });
    // avsc's long is a JS number and refuses integers at the edge of 2^53 it cannot guarantee
    let bad = /** @type {{ keys: string[], v: unknown, t: import('avsc').Type } | null} */ (null); // set by errorHook
    type.isValid(value, { errorHook: (keys, v, t) => { bad ??= { keys, v, t }; } });
    if (bad) {
      const at = bad.keys.reduce((p, k) => childPath(p, /^\d+$/.test(k) ? Number(k) : k), '$');
      throw new Unsupported(`avsc's ${bad.t.typeName} cannot hold ${JSON.stringify(bad.v)} at ${at}`);
    }
    return {
      fromPlain: (obj) => type.clone(obj),
      encode: (record) => type.toBuffer(record),
      decode: (bytes) => type.fromBuffer(bytes),
    };
  },
};
