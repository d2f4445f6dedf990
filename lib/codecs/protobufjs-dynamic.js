import { TO_OBJECT_OPTIONS } from '../schema/index.js';
import { IDENTITY } from './native-form.js';

/**
 * A protobuf.js codec instance over a message type, reflected or generated
 * (both have encode, decode and toObject). Native form: a plain object with
 * the proto field names, which Type.encode accepts as it is (protobuf.js's
 * users pass plain objects or Messages alike, and a test checks the bytes are
 * the same), and the Message Type.decode returns, whose fields an application
 * reads. to-plain is Type.toObject with TO_OBJECT_OPTIONS (int64 as numbers,
 * enums by name, proto3 defaults filled in); the schema adapter, where the
 * schema renames or wraps JSON keys, sits in the conversions, not in encode or decode.
 * @param {MessageType} Type
 * @param {Pick<import('../schema/index.js').Adapter, 'toProto' | 'fromProto' | 'toObjectOptions'>} adapter
 * @returns {import('./native-form.js').CodecInstance}
 */
export function protobufjsInstance(Type, { toProto, fromProto, toObjectOptions }) {
  const fromMessage = fromProto ?? IDENTITY;
  // int64 as strings where the payload writes them so (the adapter says), exact beyond 2^53
  const options = toObjectOptions ?? TO_OBJECT_OPTIONS;
  return {
    fromPlain: toProto ?? IDENTITY,
    // the native form: a plain object that fits the schema (checkFits), or the Message decode gave
    toPlain: (/** @type {object} */ message) => fromMessage(Type.toObject(message, options)),
    encode: (/** @type {object} */ native) => Type.encode(native).finish(),
    decode: (/** @type {Uint8Array} */ bytes) => Type.decode(bytes),
  };
}

/**
 * What protobufjsInstance needs of a message type: protobuf.js's reflected Type and pbjs's static class both have it.
 * @typedef {{
 *   encode(message: object): { finish(): Uint8Array },
 *   decode(bytes: Uint8Array): object,
 *   toObject(message: object, options: import('protobufjs').IConversionOptions): Record<string, unknown>,
 * }} MessageType
 */

/**
 * protobuf.js by reflection: the .proto is parsed at run time and protobuf.js
 * builds its encoder and decoder on first use. Same native form as
 * protobufjs-static.
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'protobufjs-dynamic',
  description: 'Protocol Buffers binary by protobuf.js, the .proto parsed at run time (reflection, no generated code); decodes to Message objects',
  library: 'protobufjs',
  mediaType: 'application/x-protobuf',
  kind: { schema: true, binary: true, codegen: false },
  normalise: ['proto3-json'],
  decoded: 'Type.decode(): a Message; to plain by Type.toObject({ longs: Number, enums: String, bytes: String, defaults: true, arrays: true, objects: true })',
  /** @param {import('./index.js').SchemaContext} ctx the schema alone decides */
  create({ schema }) {
    return protobufjsInstance(schema.type, schema.adapter);
  },
});
