import { Decoder, Encoder, isNativeAccelerationEnabled } from 'cbor-x';

/** The native addon cbor-x is using, if any: cbor-extract reads strings natively when decoding (cbor-x says whether it loaded). */
export const cborAddon = () => (isNativeAccelerationEnabled ? 'cbor-extract' : null);

/**
 * A cbor-x codec, standard or with its record extension.
 * @param {{ name: string, records: boolean }} options
 */
export function cborCodec({ name, records }) {
  return {
    name,
    library: 'cbor-x',
    kind: { schema: false, binary: true, codegen: false },
    flags: {
      nativeAddon: cborAddon,
      // encode() writes into one internal buffer it keeps between calls and returns a view of it
      bufferReused: true,
      ...(records ? { extension: 'records (cbor-x-only tag 105, object shapes defined inline in each message)' } : {}),
    },
    normalise: [],
    // its optional addon cbor-extract is built against Node's V8 C++ API: Bun loads it and decodes
    // strings wrongly, Deno dies on first use; the variable (read when cbor-x loads) keeps it off there
    runtimes: {
      bun: { env: { CBOR_NATIVE_ACCELERATION_DISABLED: 'true' }, flag: 'native addon off (CBOR_NATIVE_ACCELERATION_DISABLED=true): pure JavaScript' },
      deno: { env: { CBOR_NATIVE_ACCELERATION_DISABLED: 'true' }, flag: 'native addon off (CBOR_NATIVE_ACCELERATION_DISABLED=true): pure JavaScript' },
    },
    decoded: records
      ? 'plain objects and arrays (useRecords: true, read by a separate Decoder: every message carries its own record definitions)'
      : 'plain objects and arrays (useRecords: false, mapsAsObjects: true)',
    create() {
      const encoder = new Encoder({ useRecords: records, mapsAsObjects: true });
      // a separate Decoder shows that no state passes from encoder to decoder
      const decoder = records ? new Decoder({ useRecords: true, mapsAsObjects: true }) : encoder;
      return { encode: (obj) => encoder.encode(obj), decode: (bytes) => decoder.decode(bytes) };
    },
  };
}

/**
 * CBOR (RFC 8949) by cbor-x, without its record extension (tag 105, a
 * cbor-x-only way of sending each object shape once), so the bytes are plain
 * CBOR any decoder reads, and maps decode to plain objects. The extension is
 * measured apart as cbor-x-records.
 * Library defaults otherwise: every object's header has a 2-byte key count
 * (valid, but 2 bytes more than the shortest form for small objects), which
 * spares the encoder a pass to count keys; variableMapSize: true would trade
 * 5–10% of encoding speed for those bytes, by the library's own account.
 * The native form is the plain object.
 */
export default cborCodec({ name: 'cbor-x', records: false });
