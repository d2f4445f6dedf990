import { fromJsonString, toJsonString } from '@bufbuild/protobuf';
import protobufEs from './protobuf-es.js';
import { loadGenerated } from './codegen.js';

/**
 * protobuf-es's proto3 JSON mapping: what Connect sends as application/json,
 * and what any protobuf-es user gets from toJsonString(). The same generated
 * descriptors and native form as protobuf-es (the message create() makes);
 * encode is toJsonString (field values by reflection, default values left
 * out, int64 as strings, enums by name), decode is fromJsonString with unknown
 * fields ignored, as Connect parses. Text on the wire, UTF-8 on a socket.
 */
const codec = {
  name: 'protobuf-es-json',
  library: '@bufbuild/protobuf',
  kind: { schema: true, binary: false, codegen: true },
  // the JSON mapping leaves default values out, as the binary encoding does
  normalise: protobufEs.normalise,
  decoded: 'fromJsonString(): a protobuf-es message; to plain as protobuf-es',
  create({ schema }) {
    const message = protobufEs.create({ schema });
    const mod = loadGenerated(protobufEs, schema);
    const Schema = Object.values(mod).find((d) => d && d.kind === 'message' && d.typeName === schema.typeName);
    const readOptions = { ignoreUnknownFields: true };
    return {
      fromPlain: message.fromPlain,
      toPlain: message.toPlain,
      encode: (msg) => toJsonString(Schema, msg),
      decode: (text) => fromJsonString(Schema, text, readOptions),
    };
  },
};

export default codec;
