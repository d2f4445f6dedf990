import { Encoder } from 'cbor-x';

/**
 * CBOR (RFC 8949) by cbor-x, without its record extension (tag 105, a
 * cbor-x-only way of sending each object shape once), so the bytes are plain
 * CBOR any decoder reads, and maps decode to plain objects.
 */
export default {
  name: 'cbor-x',
  library: 'cbor-x',
  kind: { schema: false, binary: true, codegen: false },
  normalise: [],
  decoded: 'plain objects and arrays (useRecords: false, mapsAsObjects: true)',
  create() {
    const encoder = new Encoder({ useRecords: false, mapsAsObjects: true });
    return { encode: (obj) => encoder.encode(obj), decode: (bytes) => encoder.decode(bytes) };
  },
};
