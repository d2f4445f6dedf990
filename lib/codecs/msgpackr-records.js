import { msgpackrCodec } from './msgpackr.js';

/**
 * msgpackr with its record extension on (useRecords: true): each object shape
 * is defined once per message and its objects refer to it, which is smaller
 * and faster to decode but is not MessagePack another decoder reads. No
 * structures are shared between messages (no saveStructures), so each message
 * stands alone. Non-standard: shown apart from the standard msgpackr row.
 */
export default msgpackrCodec({
  name: 'msgpackr-records', records: true,
  description: 'msgpackr with its records extension: each object shape sent once per message, later objects refer to it; only msgpackr reads it back',
});
