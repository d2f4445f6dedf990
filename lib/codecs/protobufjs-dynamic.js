import { TO_OBJECT_OPTIONS } from '../schema/index.js';

/**
 * protobuf.js by reflection: the .proto is parsed at run time and protobuf.js
 * builds its encoder and decoder on first use. Decoded means the same
 * toObject() conversion as protobufjs-static.
 */
export default {
  name: 'protobufjs-dynamic',
  library: 'protobufjs',
  kind: { schema: true, binary: true, codegen: false },
  normalise: ['null-as-absent', 'empty-as-absent', 'default-as-absent'],
  decoded: 'toObject({ longs: Number, enums: String, bytes: String, defaults: true, arrays: true, objects: true })',
  /** @param {{ value?: unknown, schema: import('../schema/index.js').Schema }} ctx the schema alone decides */
  create({ schema }) {
    const { type } = schema;
    const { toProto, fromProto } = schema.adapter;
    if (!toProto) {
      return {
        encode: (obj) => type.encode(obj).finish(),
        decode: (bytes) => type.toObject(type.decode(bytes), TO_OBJECT_OPTIONS),
      };
    }
    return {
      encode: (obj) => type.encode(toProto(obj)).finish(),
      decode: (bytes) => fromProto(type.toObject(type.decode(bytes), TO_OBJECT_OPTIONS)),
    };
  },
};
