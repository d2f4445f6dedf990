import { parse, stringify } from 'smol-toml';
import { refuseFirstRecord } from './corpus-check.js';
import { findPath, isJsonObject } from '../json.js';

/** TOML 1.0 by smol-toml. A TOML document is a table, and TOML has no null. */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'toml',
  description: 'TOML 1.0 text by smol-toml (stringify / parse): a document is a table, and TOML has no null',
  library: 'smol-toml',
  mediaType: 'application/toml',
  kind: { schema: false, binary: false, codegen: false },
  normalise: [],
  decoded: 'parse() of the text (plain objects and arrays, integers as JS numbers)',
  /** @param {import('./index.js').DataContext} ctx the messages alone decide */
  create({ value, corpus = [value] }) {
    refuseFirstRecord(corpus, (record) => {
      if (!isJsonObject(record)) return 'a TOML document must be a table (a JSON object) at the top level';
      const nullAt = findPath(record, (v) => v === null);
      return nullAt && `TOML has no null (first at ${nullAt})`;
    });
    return { encode: (obj) => stringify(obj), decode: (/** @type {string} */ text) => parse(text) };
  },
});
