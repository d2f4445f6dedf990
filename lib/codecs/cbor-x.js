import { Encoder, isNativeAccelerationEnabled } from 'cbor-x';
import { recordsVariantCodec } from './records-variant.js';

/** The native addon cbor-x is using, if any: cbor-extract reads strings natively when decoding (cbor-x says whether it loaded). */
export const cborAddon = () => (isNativeAccelerationEnabled ? 'cbor-extract' : null);

// its optional addon cbor-extract is built against Node's V8 C++ API: Bun loads it and decodes strings wrongly, Deno
// dies on first use; the variable (read when cbor-x loads) keeps it off there
const ADDON_OFF = { env: { CBOR_NATIVE_ACCELERATION_DISABLED: 'true' }, flag: 'native addon off (CBOR_NATIVE_ACCELERATION_DISABLED=true): pure JavaScript' };

/**
 * A cbor-x codec, standard or with its record extension.
 * @param {{ name: string, description: string, records: boolean }} options
 */
export const cborCodec = ({ name, description, records }) => recordsVariantCodec({
  name, description, library: 'cbor-x', records, mediaType: 'application/cbor', addon: cborAddon, decoderClass: 'Decoder',
  extension: 'records (cbor-x-only tag 105, object shapes defined inline in each message)',
  runtimes: { bun: ADDON_OFF, deno: ADDON_OFF },
  // an Encoder is a Decoder too
  open: (options) => {
    const encoder = new Encoder(options);
    return { encode: (value) => encoder.encode(value), decode: (bytes) => encoder.decode(bytes) };
  },
});

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
export default cborCodec({
  name: 'cbor-x', records: false,
  description: 'CBOR (RFC 8949) by cbor-x, standard form: binary, field names on the wire, readable by any CBOR decoder',
});
