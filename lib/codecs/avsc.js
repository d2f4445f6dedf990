import avro from 'avsc';
import { Unsupported, errorMessage, recordName } from '../errors.js';
import { childPath } from '../json.js';

const DOUBLE = avro.Type.forSchema('double');
const LONG = avro.Type.forSchema('long');

// avsc's own inference picks 'float' (4 bytes, rounds) for every non-integer
// and for integers beyond 32 bits; pick 'double' and 'long' instead, the same
// choice scripts/json2proto.js makes, so the inferred schema keeps the data.
/**
 * @param {unknown} v
 * @returns {avro.Type | undefined} undefined: avsc's own inference
 */
function numberType(v) {
  if (typeof v !== 'number') return undefined;
  if (!Number.isInteger(v)) return DOUBLE;
  return v > 2147483647 || v < -2147483648 ? LONG : undefined;
}

/** @typedef {NonNullable<Parameters<typeof avro.Type.forValue>[1]>} ForValueOptions */
// avsc's types say a valueHook returns a Type, but undefined (fall back to its own inference) is documented and handled
/** @type {ForValueOptions} */
const INFER = { valueHook: /** @type {ForValueOptions['valueHook']} */ (numberType) };

// avsc's types ask forValue for an object, but it infers a type for any JSON value (a number, a string, null)
const inferType = (/** @type {unknown} */ value) => avro.Type.forValue(/** @type {object} */ (value), INFER);

/**
 * One Avro type for every record: the first record's, widened (Type.forTypes) by each record it does not
 * describe, a field it lacks included. Inferring from the whole array at once gives the same type but merges
 * every record's type (seconds for a thousand large messages); most records fit the type already.
 * @param {unknown[]} records
 * @returns {avro.Type}
 */
function typeOfRecords(records) {
  let type = inferType(records[0]);
  for (let i = 1; i < records.length; i++) {
    if (type.isValid(records[i], { noUndeclaredFields: true })) continue;
    try {
      type = avro.Type.forTypes([type, inferType(records[i])], INFER);
    } catch (err) {
      throw new Unsupported(`${recordName(i)}: avsc cannot infer one type for it and the records before it: ${errorMessage(err)}`);
    }
  }
  return type;
}

/**
 * Apache Avro binary encoding by avsc, with the schema inferred from the
 * payload's records (Type.forValue, widened by Type.forTypes) as a user without a schema would. Avro records have
 * every field: a key some objects lack becomes a ["null", T] union and decodes
 * as null where it was absent. Native form: the record instances
 * Type.fromBuffer returns and Type.clone builds from a plain object; their own
 * enumerable properties are the fields, so they read as the plain object
 * (to-plain is the identity).
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'avsc',
  description: 'Avro binary (avsc) with a schema avsc infers from the messages (double and long, never float): fields in schema order, no field names on the wire',
  library: 'avsc',
  // avsc compiles its record readers at run time from the schema, like protobufjs-dynamic: no generated source
  mediaType: 'avro/binary',
  kind: { schema: true, binary: true, codegen: false },
  flags: { schema: 'inferred' },
  normalise: ['null-as-absent'],
  decoded: 'Type.fromBuffer: record instances whose own enumerable properties are the fields, arrays, maps as plain objects',
  /** @param {import('./index.js').DataContext} ctx the messages alone decide */
  create({ value, corpus = [value] }) {
    const type = typeOfRecords(corpus);
    // avsc's long is a JS number and refuses integers at the edge of 2^53 it cannot guarantee
    for (let i = 0; i < corpus.length; i++) {
      let bad = /** @type {{ keys: string[], v: unknown, t: import('avsc').Type } | null} */ (null); // set by errorHook
      type.isValid(corpus[i], { errorHook: (keys, v, t) => { bad ??= { keys, v, t }; } });
      if (bad) {
        const at = bad.keys.reduce((p, k) => childPath(p, /^\d+$/.test(k) ? Number(k) : k), '$');
        throw new Unsupported(`${i > 0 ? `${recordName(i)}: ` : ''}avsc's ${bad.t.typeName} cannot hold ${JSON.stringify(bad.v)} at ${at}`);
      }
    }
    return {
      fromPlain: (obj) => type.clone(obj),
      encode: (record) => type.toBuffer(record),
      decode: (/** @type {Buffer} */ bytes) => type.fromBuffer(bytes),
    };
  },
});
