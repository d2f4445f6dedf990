// Declarations for the libraries the toolkit imports that ship no types of their own, written for the calls it makes
// (lib/codecs/pbf.js). A value read from them beyond these is a type error, not an unchecked `any`.

declare module 'pbf/compile' {
  /** JavaScript source of read/write functions for every message of a parsed .proto (protocol-buffers-schema's form). */
  export function compileRaw(proto: object, options?: { dev?: boolean; legacy?: boolean; noRead?: boolean; noWrite?: boolean }): string;
}

declare module 'protocol-buffers-schema' {
  /** One .proto's text parsed: the paths it imports, its messages and enums (and more, which the toolkit does not read). */
  const parseProtobufSchema: (text: string) => { imports?: string[]; messages: object[]; enums: object[] };
  export default parseProtobufSchema;
}
