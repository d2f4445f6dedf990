import { createRegistry, fromJsonString, toJsonString } from '@bufbuild/protobuf';
import protobufEs, { filesOf, generatedMessage } from './protobuf-es.js';

/**
 * protobuf-es's proto3 JSON mapping: what Connect sends as application/json,
 * and what any protobuf-es user gets from toJsonString(). The same generated
 * descriptors and native form as protobuf-es (the message create() makes);
 * encode is toJsonString (field values by reflection, default values left
 * out, int64 as strings, enums by name), decode is fromJsonString with unknown
 * fields ignored, as Connect parses. Text on the wire, UTF-8 on a socket.
 */
/** @satisfies {import('./index.js').Codec} */
const codec = {
  name: 'protobuf-es-json',
  description: 'the proto3 JSON mapping by protobuf-es (toJsonString / fromJsonString over generated descriptors): JSON text, as Connect sends it',
  library: '@bufbuild/protobuf',
  mediaType: 'application/json',
  kind: { schema: true, binary: false, codegen: true },
  // the JSON mapping leaves default values out, as the binary encoding does
  normalise: protobufEs.normalise,
  decoded: 'fromJsonString(): a protobuf-es message; to plain as protobuf-es',
  /** @param {import('./index.js').SchemaContext} ctx the schema alone decides */
  create(ctx) {
    const message = protobufEs.create(ctx);
    const Schema = generatedMessage(ctx.schema);
    // a google.protobuf.Any is written with its message's JSON, found by its @type in a registry, and a proto2
    // extension as "[pkg.level]" (read back by that name): the schema's files
    const registry = createRegistry(...filesOf(Schema.file));
    const readOptions = { ignoreUnknownFields: true, registry };
    const writeOptions = { registry };
    return {
      fromPlain: message.fromPlain,
      toPlain: message.toPlain,
      encode: (/** @type {import('@bufbuild/protobuf').Message} */ msg) => toJsonString(Schema, msg, writeOptions),
      decode: (/** @type {string} */ text) => fromJsonString(Schema, text, readOptions),
    };
  },
};

export default codec;
