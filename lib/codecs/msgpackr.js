import { isNativeAccelerationEnabled, Packr, Unpackr } from 'msgpackr';

/**
 * The native addon msgpackr is using, if any: msgpackr-extract (a prebuilt
 * @msgpackr-extract/<platform> binary) reads strings natively when decoding.
 * msgpackr says itself whether it loaded; MSGPACKR_NATIVE_ACCELERATION_DISABLED=true turns it off.
 */
export const msgpackrAddon = () => (isNativeAccelerationEnabled ? 'msgpackr-extract' : null);

/**
 * A msgpackr codec, standard or with its record extension.
 * @param {{ name: string, records: boolean }} options
 */
export function msgpackrCodec({ name, records }) {
  return {
    name,
    library: 'msgpackr',
    kind: { schema: false, binary: true, codegen: false },
    flags: {
      nativeAddon: msgpackrAddon,
      // pack() writes into one internal buffer it keeps between calls and returns a view of it
      bufferReused: true,
      ...(records ? { extension: 'records (msgpackr-only ext, object shapes defined inline in each message)' } : {}),
    },
    normalise: [],
    decoded: records
      ? 'plain objects and arrays (useRecords: true, read by a separate Unpackr: every message carries its own record definitions)'
      : 'plain objects and arrays (useRecords: false, mapsAsObjects: true)',
    create() {
      // a separate Unpackr shows that no state passes from encoder to decoder
      const packr = new Packr({ useRecords: records, mapsAsObjects: true });
      const unpackr = records ? new Unpackr({ useRecords: true, mapsAsObjects: true }) : packr;
      return { encode: (obj) => packr.pack(obj), decode: (bytes) => unpackr.unpack(bytes) };
    },
  };
}

/**
 * MessagePack by msgpackr in standard mode: its record extension (a
 * msgpackr-only wire format that sends each object shape once) is off, so the
 * bytes are plain MessagePack any decoder reads, and maps decode to plain
 * objects, not Maps. The extension is measured apart as msgpackr-records.
 * Library defaults otherwise: every object's header has a 2-byte key count
 * (valid, but 2 bytes more than the shortest form for small objects), which
 * spares the encoder a pass to count keys; variableMapSize: true would trade
 * 5–10% of encoding speed for those bytes, by the library's own account.
 * The native form is the plain object.
 */
export default msgpackrCodec({ name: 'msgpackr', records: false });
