/**
 * JSON.stringify / JSON.parse on strings: the classic comparison's JSON, which
 * skips the UTF-8 conversion a socket needs (see json-buffer for that).
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'json',
  description: `JSON.stringify / JSON.parse on strings, no bytes: json-buffer without the UTF-8 conversion a socket needs (the classic comparison's JSON)`,
  library: 'node',
  mediaType: 'application/json',
  kind: { schema: false, binary: false, codegen: false },
  normalise: [],
  decoded: 'JSON.parse of the string',
  create() {
    return { encode: (obj) => JSON.stringify(obj), decode: (/** @type {string} */ text) => JSON.parse(text) };
  },
});
