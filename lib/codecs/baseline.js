// The baseline and how wire bytes are counted: what measurements need from the
// codecs without loading any (a browser page imports it without every codec file).

/** The baseline every speed and size is compared with. */
export const BASELINE = 'json-buffer';

/**
 * Wire bytes of an encoded value: strings count as their UTF-8 bytes.
 * @param {Uint8Array | string} encoded what a codec's encode gave
 * @returns {Uint8Array}
 */
export function toBytes(encoded) {
  // TextEncoder, not Buffer: the same code measures in a browser page
  return typeof encoded === 'string' ? new TextEncoder().encode(encoded) : encoded;
}
