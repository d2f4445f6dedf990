/**
 * A codec of a schemaless library with a records extension of its own (msgpackr, cbor-x): the standard form, or
 * (`records`) the library-only wire format that defines each object shape once per message. Both libraries encode
 * into one buffer they keep between calls, and decode maps as plain objects.
 * @param {object} options
 * @param {string} options.name the codec's id
 * @param {string} options.description what it does to the data, in one line (the --list column)
 * @param {string} options.library npm package
 * @param {boolean} options.records the records extension on
 * @param {string} options.extension what the extension is, for the fairness flag
 * @param {string} options.decoderClass the library's decoder class, named in `decoded`
 * @param {() => string|null} options.addon the native addon in use, if any
 * @param {(options: { useRecords: boolean, mapsAsObjects: boolean }) => { encode(value: unknown): Uint8Array, decode(bytes: Uint8Array): unknown }} options.open
 *   one encoder-and-decoder of the library with these options
 * @param {Record<string, { env?: Record<string, string>, flag?: string }>} [options.runtimes] see CodecInfo
 * @param {string} options.mediaType the standard form's HTTP media type (the records form, readable only by the
 *   library, travels as application/octet-stream)
 * @returns {import('./index.js').Codec}
 */
export function recordsVariantCodec({ name, description, library, records, extension, decoderClass, addon, open, runtimes, mediaType }) {
  return {
    name,
    description,
    library,
    ...(records ? {} : { mediaType }),
    kind: { schema: false, binary: true, codegen: false },
    flags: {
      nativeAddon: addon,
      // encoding writes into one internal buffer the library keeps between calls and returns a view of it
      bufferReused: true,
      ...(records ? { extension } : {}),
    },
    normalise: [],
    ...(runtimes ? { runtimes } : {}),
    decoded: records
      ? `plain objects and arrays (useRecords: true, read by a separate ${decoderClass}: every message carries its own record definitions)`
      : 'plain objects and arrays (useRecords: false, mapsAsObjects: true)',
    create() {
      const encoder = open({ useRecords: records, mapsAsObjects: true });
      // with records, a separate decoder shows that no state passes from encoder to decoder
      const decoder = records ? open({ useRecords: true, mapsAsObjects: true }) : encoder;
      return { encode: (obj) => encoder.encode(obj), decode: (/** @type {Uint8Array} */ bytes) => decoder.decode(bytes) };
    },
  };
}
