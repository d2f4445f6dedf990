import YAML from 'yaml';

/** YAML 1.2 (core schema) by the yaml package: stringify and parse. */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'yaml',
  description: 'YAML 1.2 text by the yaml package (stringify / parse)',
  library: 'yaml',
  mediaType: 'application/yaml',
  kind: { schema: false, binary: false, codegen: false },
  normalise: [],
  decoded: 'YAML.parse of the text (plain objects and arrays)',
  create() {
    return { encode: (obj) => YAML.stringify(obj), decode: (/** @type {string} */ text) => YAML.parse(text) };
  },
});
