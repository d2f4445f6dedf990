// Declarations for the libraries the toolkit imports that ship no types of their own, written for the calls it makes
// (lib/codecs/pbf.js). A value read from them beyond these is a type error, not an unchecked `any`.

declare module 'pbf/compile' {
  /** JavaScript source of read/write functions for every message of a parsed .proto (resolve-protobuf-schema's form). */
  export function compileRaw(proto: object, options?: { dev?: boolean; legacy?: boolean; noRead?: boolean; noWrite?: boolean }): string;
}

declare module 'resolve-protobuf-schema' {
  /** A .proto and the files it imports, parsed by protocol-buffers-schema. */
  const resolveProtobufSchema: { sync(file: string): object };
  export default resolveProtobufSchema;
}
