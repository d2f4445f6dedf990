import { cborCodec } from './cbor-x.js';

/**
 * cbor-x with its record extension on (useRecords: true, tag 105): each
 * object shape is defined once per message and its objects refer to it.
 * Valid CBOR, but only cbor-x reads the records back as objects. No
 * structures are shared between messages, so each message stands alone.
 * Non-standard: shown apart from the standard cbor-x row.
 */
export default cborCodec({
  name: 'cbor-x-records', records: true,
  description: 'cbor-x with its records extension: each object shape sent once per message, later objects refer to it; only cbor-x reads it back',
});
