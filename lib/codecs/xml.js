import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { refuseFirstRecord } from './corpus-check.js';
import { findPath } from '../json.js';

// An XML element name: a letter or underscore first (no digit), then letters, digits, '-', '_', '.'.
const XML_NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;

/**
 * XML by fast-xml-parser: each JSON key becomes an element under <root>, an
 * array becomes the element repeated. The parser turns numeric and boolean
 * text back into numbers and booleans and keeps whitespace. What XML cannot
 * say stays lossy and verification names it: a one-element array comes back
 * as a single element, an empty array disappears, a string of digits comes
 * back as a number. JSON keys that are not XML names (a key starting with a
 * digit) make the payload unsupported rather than producing malformed XML.
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'xml',
  description: 'XML text by fast-xml-parser: each key an element, an array the element repeated',
  library: 'fast-xml-parser',
  mediaType: 'application/xml',
  kind: { schema: false, binary: false, codegen: false },
  normalise: [],
  decoded: 'XMLParser.parse(text).root with parseTagValue (numbers and booleans from their text)',
  /** @param {import('./index.js').DataContext} ctx the messages alone decide */
  create({ value, corpus = [value] }) {
    refuseFirstRecord(corpus, (record) => {
      const badKey = findPath(record, (v, key) => typeof key === 'string' && !XML_NAME.test(key));
      return badKey && `key at ${badKey} is not an XML element name`;
    });
    const builder = new XMLBuilder({ ignoreAttributes: true, suppressEmptyNode: false });
    const parser = new XMLParser({
      ignoreAttributes: true,
      parseTagValue: true,
      trimValues: false,
      numberParseOptions: { leadingZeros: false, hex: false, eNotation: true },
    });
    return {
      encode: (obj) => builder.build({ root: obj }),
      decode: (/** @type {string} */ text) => parser.parse(text).root,
    };
  },
});
