import { Packr } from 'msgpackr';

/**
 * MessagePack by msgpackr in standard mode: its record extension (a
 * msgpackr-only wire format that sends each object shape once) is off, so the
 * bytes are plain MessagePack any decoder reads, and maps decode to plain
 * objects, not Maps.
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
