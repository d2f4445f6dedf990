import { Encoder } from 'cbor-x';

/**
 * CBOR (RFC 8949) by cbor-x, without its record extension (tag 105, a
 * cbor-x-only way of sending each object shape once), so the bytes are plain
 * CBOR any decoder reads, and maps decode to plain objects.
 * Library defaults otherwise: every object's header has a 2-byte key count
 * (valid, but 2 bytes more than the shortest form for small objects), which
 * spares the encoder a pass to count keys; variableMapSize: true would trade
 * 5–10% of encoding speed for those bytes, by the library's own account.
 */
export default {
  name: 'cbor-x',
  library: 'cbor-x',
  kind: { schema: false, binary: true, codegen: false },
  normalise: [],
  decoded: 'plain objects and arrays (useRecords: false, mapsAsObjects: true)',
  // its optional addon cbor-extract is built against Node's V8 C++ API: Bun loads it and decodes
  // strings wrongly, Deno dies on first use; the variable (read when cbor-x loads) keeps it off
  runtimes: {
    bun: { env: { CBOR_NATIVE_ACCELERATION_DISABLED: 'true' }, flag: 'native addon off (CBOR_NATIVE_ACCELERATION_DISABLED=true): pure JavaScript' },
    deno: { env: { CBOR_NATIVE_ACCELERATION_DISABLED: 'true' }, flag: 'native addon off (CBOR_NATIVE_ACCELERATION_DISABLED=true): pure JavaScript' },
  },
  create() {
    const encoder = new Encoder({ useRecords: false, mapsAsObjects: true });
    return { encode: (obj) => encoder.encode(obj), decode: (bytes) => encoder.decode(bytes) };
  },
};
