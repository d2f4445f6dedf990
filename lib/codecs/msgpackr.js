import { isNativeAccelerationEnabled, Packr } from 'msgpackr';
import { recordsVariantCodec } from './records-variant.js';

/**
 * The native addon msgpackr is using, if any: msgpackr-extract (a prebuilt
 * @msgpackr-extract/<platform> binary) reads strings natively when decoding.
 * msgpackr says itself whether it loaded; MSGPACKR_NATIVE_ACCELERATION_DISABLED=true turns it off.
 */
export const msgpackrAddon = () => (isNativeAccelerationEnabled ? 'msgpackr-extract' : null);

/**
 * A msgpackr codec, standard or with its record extension.
 * @param {{ name: string, description: string, records: boolean }} options
 */
export const msgpackrCodec = ({ name, description, records }) => recordsVariantCodec({
  name, description, library: 'msgpackr', records, mediaType: 'application/vnd.msgpack', addon: msgpackrAddon, decoderClass: 'Unpackr',
  extension: 'records (msgpackr-only ext, object shapes defined inline in each message)',
  // a Packr is an Unpackr too
  open: (options) => {
    const packr = new Packr(options);
    return { encode: (value) => packr.pack(value), decode: (bytes) => packr.unpack(bytes) };
  },
});

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
export default msgpackrCodec({
  name: 'msgpackr', records: false,
  description: 'MessagePack by msgpackr, standard form: binary, field names on the wire, readable by any MessagePack decoder',
});
