import { Packr } from 'msgpackr';

/**
 * MessagePack by msgpackr in standard mode: its record extension (a
 * msgpackr-only wire format that sends each object shape once) is off, so the
 * bytes are plain MessagePack any decoder reads, and maps decode to plain
 * objects, not Maps.
 * Library defaults otherwise: every object's header has a 2-byte key count
 * (valid, but 2 bytes more than the shortest form for small objects), which
 * spares the encoder a pass to count keys; variableMapSize: true would trade
 * 5–10% of encoding speed for those bytes, by the library's own account.
 */
export default {
  name: 'msgpackr',
  library: 'msgpackr',
  kind: { schema: false, binary: true, codegen: false },
  normalise: [],
  decoded: 'plain objects and arrays (useRecords: false, mapsAsObjects: true)',
  create() {
    const packr = new Packr({ useRecords: false, mapsAsObjects: true });
    return { encode: (obj) => packr.pack(obj), decode: (bytes) => packr.unpack(bytes) };
  },
};
