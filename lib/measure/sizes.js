import zlib from 'node:zlib';
import { toBytes } from '../codecs/index.js';
import { describePayload } from '../payload/index.js';
import { describeCodec, measurable } from '../verify.js';

/**
 * A codec's identity and verdict, with its sizes when it could be measured.
 * @typedef {ReturnType<typeof describeCodec> & { bytes?: number, gzip?: number, brotli?: number, ofJson?: number }} SizeRow
 */

/**
 * Bytes on the wire per codec, raw and compressed (gzip at zlib's default
 * level 6, brotli at its default quality 11), and as a share of compact JSON.
 * @param {import('../verify.js').Prepared[]} prepared
 * @param {import('../payload/index.js').Payload} payload
 */
export function measureSizes(prepared, payload) {
  return {
    payload: describePayload(payload),
    codecs: prepared.map((p) => {
      /** @type {SizeRow} */
      const row = { ...describeCodec(p) };
      if (!measurable(p)) return row;
      const bytes = toBytes(p.instance.encode(p.native));
      row.bytes = bytes.length;
      row.gzip = zlib.gzipSync(bytes).length;
      row.brotli = zlib.brotliCompressSync(bytes).length;
      row.ofJson = bytes.length / payload.jsonBytes;
      return row;
    }),
  };
}
