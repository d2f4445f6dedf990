/**
 * A payload is a family: a corpus of distinct messages of one shape, in the
 * order a stream would carry them. This module reads corpora (the bundled
 * data/testN.corpus.ndjson.gz, a user's JSON array, a --records path inside a
 * document, NDJSON) and checks every record against one schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { UserError, errorMessage, firstFew, firstLine, recordName } from '../errors.js';
import { describeIoError, jsonErrorOffset, parseJsonText, readUtf8File } from '../files.js';
import { childPath, isJsonObject } from '../json.js';
import { checkFits, fitOf, isValueError, mergeFits, valueError } from '../schema/index.js';

/**
 * Where bundled payload n keeps its corpus (data/testN.json is its first message).
 * @param {string} dataFile
 */
export const bundledCorpusFile = (dataFile) => dataFile.replace(/\.json$/, '.corpus.ndjson.gz');

/**
 * The messages of a bundled corpus: gzip-compressed NDJSON, one message a line.
 * @param {string} file
 * @returns {unknown[]}
 */
export function readBundledCorpus(file) {
  let text;
  try {
    text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  } catch (err) {
    const missing = err instanceof Error && 'code' in err && err.code === 'ENOENT';
    throw new UserError(`${file}: ${missing ? describeIoError(err) : `cannot read the corpus: ${errorMessage(err)}`} (regenerate with npm run generate:data)`);
  }
  return parseNdjson(text, file);
}

/**
 * Parses NDJSON (JSON Lines): one JSON value per non-blank line.
 * @param {string} text
 * @param {string} label how errors name the file
 * @returns {unknown[]}
 */
export function parseNdjson(text, label) {
  const records = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    try {
      records.push(JSON.parse(line));
    } catch (err) {
      const at = jsonErrorOffset(firstLine(err), line);
      const column = at == null ? '' : `, column ${lines[i].indexOf(line) + at + 1}`;
      throw new UserError(`${label}: line ${i + 1}${column}: invalid JSON: ${firstLine(err)}`);
    }
  }
  return records;
}

/**
 * A user's --data FILE as a corpus. FILE may hold one JSON document or NDJSON
 * (.ndjson/.jsonl, or text whose lines are JSON values). Without --records, a
 * top-level array of objects is a corpus of records, any other document is a
 * corpus of one message; with --records PATH the array at PATH is the corpus.
 * @param {string} file
 * @param {{ records?: string, text?: string }} [options] text: the file's text, when the caller has read it already
 *   (readUtf8File), so a large file is read and decoded once
 * @returns {CorpusFile}
 */
export function readCorpusFile(file, { records, text = readText(file) } = {}) {
  if (/\.(ndjson|jsonl)$/i.test(file)) return ndjsonCorpus(file, text, records);
  let document;
  try {
    document = parseJsonText(text, file);
  } catch (err) {
    // Not one JSON document: NDJSON, if its first line is a JSON value of its own.
    const first = text.replace(/^\uFEFF/, '').split('\n').find((l) => l.trim());
    if (first === undefined || !isJson(first)) throw err;
    return ndjsonCorpus(file, text, records);
  }
  /** @type {'json'} */
  const format = 'json';
  if (records !== undefined) return { corpus: recordsAt(document, records, file), recordsPath: normaliseRecordsPath(records), format };
  if (Array.isArray(document) && document.length && document.some(isJsonObject)) {
    return { corpus: checkRecords(document, '$', file), recordsPath: '$', format };
  }
  if (Array.isArray(document) && !document.length) throw new UserError(`${file}: the array holds no records (an empty corpus)`);
  return { corpus: [document], recordsPath: null, format };
}

/**
 * @typedef {{ corpus: unknown[], recordsPath: string | null, format: 'json' | 'ndjson' }} CorpusFile
 */

/**
 * @param {string} file
 * @param {string} text
 * @param {string} [records] the --records path, which NDJSON cannot have
 * @returns {CorpusFile}
 */
function ndjsonCorpus(file, text, records) {
  if (records !== undefined) throw new UserError(`--records picks an array inside one JSON document, but ${file} is NDJSON (every line is a record already)`);
  const corpus = parseNdjson(text, file);
  if (!corpus.length) throw new UserError(`${file}: no records (an empty corpus)`);
  return { corpus: checkRecords(corpus, null, file), recordsPath: null, format: 'ndjson' };
}

/** @param {string} file */
function readText(file) {
  return readUtf8File(file); // UTF-8 or one clear refusal (issue 16), as for a JSON document
}

/** @param {string} text */
function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The segments of a --records path: `items`, `data.items`, `$.data.items`,
 * `data.pages[2].items`, `["odd key"]`. Numbers in brackets are array indexes.
 * @param {string} text
 * @returns {(string | number)[]}
 */
export function parseRecordsPath(text) {
  const segments = [];
  let rest = text.trim().replace(/^\$/, '');
  if (!rest && text.trim() !== '$') throw new UserError(`--records: give the key (or path, like data.items) of the array of records`);
  while (rest) {
    let m;
    if ((m = /^\.?([^.[\]]+)/.exec(rest))) segments.push(m[1]);
    else if ((m = /^\[(\d+)\]/.exec(rest))) segments.push(Number(m[1]));
    else if ((m = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest))) segments.push(JSON.parse(m[1]));
    else throw new UserError(`--records ${text}: cannot read the path at "${rest}" (write keys with dots, like data.items, and indexes as [2])`);
    rest = rest.slice(m[0].length);
  }
  return segments;
}

/**
 * A --records path in the form errors and results name paths: `$.data.items`.
 * @param {string} text
 */
export function normaliseRecordsPath(text) {
  let at = '$';
  for (const key of parseRecordsPath(text)) at = childPath(at, key);
  return at;
}

/**
 * The array of records at a --records path inside a document.
 * @param {unknown} document
 * @param {string} recordsPath
 * @param {string} label the file, for errors
 * @returns {unknown[]}
 */
export function recordsAt(document, recordsPath, label) {
  let value = document;
  let at = '$';
  for (const key of parseRecordsPath(recordsPath)) {
    const next = childPath(at, key);
    if (typeof key === 'number' && Array.isArray(value) && key < value.length) value = value[key];
    else if (typeof key === 'string' && isJsonObject(value) && Object.hasOwn(value, key)) value = value[key];
    else throw new UserError(`${label}: --records ${recordsPath}: nothing at ${next} (${at} is ${describeKind(value)}${isJsonObject(value) ? ` with keys ${keyList(value)}` : ''})`);
    at = next;
  }
  if (!Array.isArray(value)) throw new UserError(`${label}: --records ${recordsPath}: ${at} is ${describeKind(value)}, not an array of records`);
  if (!value.length) throw new UserError(`${label}: --records ${recordsPath}: ${at} is an empty array (an empty corpus)`);
  return checkRecords(value, at, label);
}

/**
 * Every record must be a JSON object (a message); names the first that is not.
 * @param {unknown[]} records
 * @param {string|null} at the records' path in the document (null: NDJSON's lines)
 * @param {string} label the file, for errors
 */
function checkRecords(records, at, label) {
  const bad = records.findIndex((r) => !isJsonObject(r));
  if (bad >= 0) throw new UserError(`${label}: ${recordName(bad)}${at ? ` (${childPath(at, bad)})` : ''} is ${describeKind(records[bad])}; every record must be a JSON object`);
  return records;
}

/** @param {unknown} v */
function describeKind(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return isJsonObject(v) ? 'an object' : `a ${typeof v}`;
}

/** @param {object} object */
function keyList(object) {
  const keys = Object.keys(object);
  return keys.length ? firstFew(keys.map((k) => JSON.stringify(k))) : '(none)';
}

/**
 * Checks that every record of a corpus can be encoded with the schema's
 * message; the first that cannot is named ("record N", counted from 1) with its JSON path.
 * @param {import('protobufjs').Type} type
 * @param {unknown[]} corpus
 * @param {string} label the file, for errors
 * @param {import('../schema/fit.js').BytesNote[]} [notes] where checkFits notes what is no refusal (each path led by
 *   its record's index where there are several)
 * @returns {import('../schema/fit.js').Found} how the records spell keys, 64-bit integers, non-finite floats and
 *   other numbers (see checkFits)
 */
export function checkCorpusFits(type, corpus, label, notes) {
  // how the records spell keys, 64-bit integers, non-finite floats and other numbers, for the adapter (schemaForPayload)
  if (corpus.length === 1) {
    // one message: its refusal names the file, as a record's does, without a record number
    try {
      return checkFits(type, corpus[0], notes);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      const message = `${label}: ${err.message}`;
      throw isValueError(err) ? valueError(message) : new UserError(message);
    }
  }
  let fit = fitOf();
  for (let i = 0; i < corpus.length; i++) {
    try {
      /** @type {import('../schema/fit.js').BytesNote[]} */
      const mine = [];
      fit = mergeFits(fit, checkFits(type, corpus[i], notes && mine));
      // a record's notes name the record, as its refusal does
      for (const n of mine) notes?.push({ ...n, path: `${recordName(i)}: ${n.path}` });
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      // a value no schema could carry (valueError) is that record's alone, not a schema the records do not share
      const message = `${label}: ${recordName(i)}: ${err.message}`;
      throw isValueError(err) ? valueError(message) : new UserError(`${message}${i > 0 ? ` (records must share one schema; ${recordName(0)} fits it)` : ''}`);
    }
  }
  return fit;
}

/**
 * The file name a result shows for a corpus file: its base name without the JSON extensions.
 * @param {string} file
 */
export const corpusLabel = (file) => path.basename(file).replace(/\.(json|ndjson|jsonl)$/i, '');
