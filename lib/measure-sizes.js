import zlib from 'node:zlib';
import { measurable } from './verify.js';

/** Wire bytes of an encoded value: strings count as their UTF-8 bytes. */
export function toBytes(encoded) {
  return typeof encoded === 'string' ? Buffer.from(encoded, 'utf8') : encoded;
}

/**
 * Bytes on the wire per codec, raw and compressed (gzip at zlib's default
 * level 6, brotli at its default quality 11), and as a share of compact JSON.
 * @param {import('./verify.js').Prepared[]} prepared
 * @param {import('./payloads.js').Payload} payload
 */
export function measureSizes(prepared, payload) {
  return {
    payload: describePayload(payload),
    codecs: prepared.map((p) => {
      const row = { ...describeCodec(p) };
      if (!measurable(p)) return row;
      const bytes = toBytes(p.instance.encode(payload.value));
      row.bytes = bytes.length;
      row.gzip = zlib.gzipSync(bytes).length;
      row.brotli = zlib.brotliCompressSync(bytes).length;
      row.ofJson = bytes.length / payload.jsonBytes;
      return row;
    }),
  };
}

/** The payload's identity as every result carries it. */
export function describePayload(payload) {
  return {
    id: payload.id,
    title: payload.title,
    dataFile: payload.dataFile,
    schema: payload.schemaSource,
    type: payload.schema.typeName,
    jsonBytes: payload.jsonBytes,
  };
}

/** A codec's identity and round-trip verdict as every result carries it. */
export function describeCodec(p) {
  return {
    format: p.codec.name,
    library: p.codec.library,
    version: p.codec.version,
    status: p.status,
    diff: p.diff ?? null,
    normalised: p.normalised ?? [],
    reason: p.reason ?? null,
  };
}
