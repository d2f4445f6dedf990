import fs from 'node:fs';
import path from 'node:path';
import { UserError, shellWord, recordName, namedTwice } from '../errors.js';
import { fromBase64 } from '../base64.js';
import { inferSchema, isMixedKinds, pascalCase } from '../schema/infer.js';
import { readJsonFile, readUtf8File } from '../files.js';
import { isValueError, loadSchemaFile, parseSchema, schemaForPayload } from '../schema/index.js';
import { ROOT } from '../paths.js';
import { childPath, scanJsonText } from '../json.js';
import { bundledCorpusFile, checkCorpusFits, corpusLabel, readBundledCorpus, readCorpusFile } from './corpus.js';


export { ROOT };

/**
 * The five bundled payloads. `type` is the root message of proto/testN.proto,
 * as scripts/generate-protos.js names it.
 */
export const BUNDLED = [
  { n: 1, type: 'Numbers', title: 'numbers only' },
  { n: 2, type: 'Strings', title: 'strings only' },
  { n: 3, type: 'Order', title: 'medium real-life object' },
  { n: 4, type: 'Feed', title: 'large, deeply nested object' },
  { n: 5, type: 'Status', title: 'tiny message' },
].map((p) => ({
  ...p,
  name: `test${p.n}`,
  dataFile: path.join(ROOT, 'data', `test${p.n}.json`),
  protoFile: path.join(ROOT, 'proto', `test${p.n}.proto`),
}));

/**
 * Turns the command line's payload choice into payloads ready to measure:
 * bundled numbers (1–5; none means all five) or --data FILE, each with its
 * schema: --proto FILE [--type NAME], the bundled proto/testN.proto, or one
 * inferred from the data on the fly.
 * Every payload carries its corpus (lib/payload/corpus.js): the bundled
 * data/testN.corpus.ndjson.gz, or the records of --data FILE [--records PATH].
 * With `strict`, a --data file with a key given twice in one object is refused
 * (otherwise it is a warning: JSON.parse keeps the last value silently).
 * `protoPaths` (--proto-path) are folders the --proto FILE's imports are also looked for under (loadSchemaFile).
 * @param {{ numbers?: string[], data?: string, records?: string, proto?: string, type?: string, protoPaths?: string[],
 *   strict?: boolean }} choice
 * @returns {Payload[]}
 */
export function resolvePayloads({ numbers = [], data, records, proto, type, protoPaths = [], strict = false } = {}) {
  if (data && numbers.length) throw new UserError(`give a payload number or --data FILE, not both`);
  if (type && !proto) throw new UserError(`--type names a message in --proto FILE; give --proto too`);
  if (protoPaths.length && !proto) throw new UserError(`--proto-path is where the imports of --proto FILE are looked for; give --proto too`);
  if (records !== undefined && !data) throw new UserError(`--records picks the records inside --data FILE; give --data too`);
  if (data) {
    // a large corpus is read and decoded once, for the records and for what JSON.parse does not say
    const text = readUtf8File(data);
    const { corpus } = readCorpusFile(data, { records, text });
    const { warnings, fileBytes } = inspectDataFile(data, { strict, text });
    const payload = finish({ id: corpusLabel(data), title: data, dataFile: data, value: corpus[0], corpus, ...(records !== undefined && { records }),
      ...(corpus.length === 1 && { corpusWarning: oneMessageHint(data, records) }) }, { proto, type, protoPaths, dataWarnings: warnings });
    // the file's own size is comparable with the measured JSON only when the file is that one message
    return [corpus.length === 1 ? { ...payload, fileBytes } : payload];
  }
  // as a format or a transport named twice: measured and printed twice otherwise, and compare.js then folded the two
  const given = numbers.map((n) => String(n).trim());
  const twice = namedTwice(given);
  if (twice !== undefined) throw new UserError(`payload ${twice} named twice`);
  const chosen = numbers.length ? numbers.map(bundledByNumber) : BUNDLED;
  return chosen.map((p) => finish(bundledPayload(p), proto ? { proto, type, protoPaths } : { bundled: p }));
}

/**
 * What to say when a --data file gives one message: every figure comes from it alone, and the speed pass times it in
 * a loop, the case that flatters a codec (README, "One message in a loop flatters"); and how to give a stream.
 * @param {string} data the --data FILE
 * @param {string} [records] the --records PATH, when given
 */
export function oneMessageHint(data, records) {
  const where = records === undefined ? data : `${data} at --records ${records}`;
  return `${where} holds one message: every figure comes from it alone (no spread over messages, no dictionary to train), `
    + 'and speed times it in a loop (a client sends it again and again), which flatters codecs by different amounts '
    + '(README, "One message in a loop flatters"). '
    + 'For a stream of distinct messages give a JSON array of them, NDJSON (one message per line), or --records PATH '
    + 'naming an array inside the file.';
}

/**
 * A bundled payload: data/testN.json and its corpus, whose first message it is.
 * @param {(typeof BUNDLED)[number]} p
 */
function bundledPayload(p) {
  const value = readJsonFile(p.dataFile);
  const corpus = readBundledCorpus(bundledCorpusFile(p.dataFile));
  const matches = JSON.stringify(corpus[0]) === JSON.stringify(value);
  return { id: p.name, title: p.title, dataFile: p.dataFile, value, corpus: matches ? corpus : [value],
    ...(!matches && { corpusWarning: `${path.relative(ROOT, p.dataFile)} is not the first message of its corpus, so it is measured alone (npm run generate:data regenerates both)` }) };
}

/** @param {string} arg a payload number as the command line gives it */
function bundledByNumber(arg) {
  const p = BUNDLED.find((b) => String(b.n) === String(arg).trim());
  if (!p) throw new UserError(`unknown payload "${arg}": choose 1–5, or --data FILE for your own JSON`);
  return p;
}

/**
 * @param {{ id: string, title: string, dataFile: string, value: unknown, corpus: unknown[], corpusWarning?: string, records?: string }} payload
 * @param {{ proto?: string, type?: string, protoPaths?: string[], bundled?: (typeof BUNDLED)[number], dataWarnings?: string[] }} schemaChoice
 *   dataWarnings: what inspectDataFile found in a --data file, which then replace the check of parsed values
 * @returns {Payload}
 */
function finish(payload, { proto, type, protoPaths, bundled, dataWarnings }) {
  let schema;
  let schemaSource;
  if (proto) {
    schema = loadSchemaFile(proto, type, { protoPaths });
    schemaSource = proto;
  } else if (bundled) {
    schema = loadSchemaFile(bundled.protoFile, bundled.type);
    schemaSource = path.relative(ROOT, bundled.protoFile);
  } else {
    const name = pascalCase(payload.id, 'Message');
    // Inferred from every record of the corpus (widened where they differ), then every record is checked against it.
    const records = corpusOf(payload);
    let inferred;
    try {
      inferred = records.length > 1
        ? inferSchema(records, { name, source: payload.dataFile, records: true })
        : inferSchema(payload.value, { name, source: payload.dataFile });
    } catch (err) {
      // the way to measure it still: a schema that types such places google.protobuf.Value, written once
      if (isMixedKinds(err)) {
        const command = ['node scripts/json2proto.js', shellWord(payload.dataFile), ...(payload.records !== undefined ? ['--records', shellWord(payload.records)] : []),
          '--mixed-as-value --out FILE.proto'].join(' ');
        throw new UserError(`${payload.dataFile}: ${/** @type {Error} */ (err).message}; \`${command}\` types such places google.protobuf.Value `
          + 'in the schema it writes, to give as --proto FILE.proto');
      }
      if (err instanceof UserError) throw new UserError(`${payload.dataFile}: ${err.message}`);
      throw err;
    }
    schema = parseSchema(inferred.text, { file: `schema inferred from ${payload.dataFile}`, typeName: inferred.typeName });
    schemaSource = 'inferred';
  }
  // a bundled corpus with its own proto is checked by its tests (every message infers that proto, no integer
  // beyond 2^53): checking its 1,000 messages again on every start would cost every entry point a second
  const checkedRecords = bundled ? [payload.value] : corpusOf(payload);
  let fit;
  /** @type {import('../schema/fit.js').BytesNote[]} */
  const bytesNotes = [];
  try {
    fit = checkCorpusFits(schema.type, checkedRecords, payload.dataFile, bytesNotes);
  } catch (err) {
    // a message picked by default may not be the one the user meant: say which it was (not where no schema could
    // carry the value, a lone surrogate say: another message would not help)
    if (err instanceof UserError && proto && !type && !isValueError(err)) {
      throw new UserError(`${err.message} (checked against message ${schema.typeName}, the first in ${proto}; choose another with --type)`);
    }
    throw err;
  }
  schema = schemaForPayload(schema, fit);
  const unsafeAt = checkedRecords.findIndex((record) => firstUnsafeInteger(record));
  const unsafe = unsafeAt < 0 ? null : firstUnsafeInteger(checkedRecords[unsafeAt]);
  const { corpusWarning, ...rest } = payload;
  return {
    ...rest,
    warnings: [
      ...(dataWarnings ?? (unsafe ? [`${unsafeAt > 0 ? `${recordName(unsafeAt)}: ` : ''}${unsafe.path}: ${unsafe.value} is beyond 2^53 − 1 (Number.MAX_SAFE_INTEGER), so JSON.parse may already have rounded it; every codec sees the rounded number`] : [])),
      ...(corpusWarning ? [corpusWarning] : []),
      ...(bytesNotes.length ? [hexBytesWarning(bytesNotes)] : []),
    ],
    jsonBytes: Buffer.byteLength(JSON.stringify(payload.value)),
    schema,
    schemaSource,
    schemaOrigin: proto ? 'user' : 'inferred',
  };
}

/**
 * What a --data file holds that JSON.parse does not say: keys given twice in one object (a warning naming the
 * path, or refused under --strict), integers it rounded (beyond 2^53, quoted as written in the file; a double
 * written as one, such as 1e308, is not an integer that was rounded) and numbers beyond a double's range (refused:
 * JSON.parse reads 1e400 as Infinity, which JSON cannot carry, so the JSON baseline would write null and every
 * codec would be measured on a value the file does not hold). And the file's own size in bytes.
 * @param {string} file
 * @param {{ strict?: boolean, text?: string }} [options] text: the file's text, when read already
 * @returns {{ warnings: string[], fileBytes: number }}
 */
export function inspectDataFile(file, { strict = false, text = readUtf8File(file) } = {}) {
  const { duplicates, roundedIntegers, infinite } = scanJsonText(text);
  if (infinite.length) {
    const [{ path: at, written }] = infinite;
    throw new UserError(`${file}: ${at}: ${written} is beyond a double's range (JSON.parse reads ${Number(written)}, which JSON cannot carry)${infinite.length > 1 ? `; ${infinite.length} such numbers in the file` : ''}`);
  }
  if (strict && duplicates.length) {
    throw new UserError(`${file}: ${duplicates[0]}: key given twice in one object (refused under --strict${duplicates.length > 1 ? `; ${duplicates.length} such keys in the file` : ''})`);
  }
  const warnings = [];
  if (duplicates.length) {
    warnings.push(`${duplicates[0]}: key given twice in one object; JSON.parse keeps the last value, so the first is not measured${duplicates.length > 1 ? ` (${duplicates.length - 1} more such keys)` : ''}; --strict refuses such files`);
  }
  if (roundedIntegers.length) {
    const [{ path: at, written }] = roundedIntegers;
    // the first named, the others counted (as duplicate keys are): a file of such ids would otherwise read as one
    const more = roundedIntegers.length > 1 ? ` (${roundedIntegers.length - 1} more such integer${roundedIntegers.length > 2 ? 's' : ''} in the file)` : '';
    warnings.push(`${at}: ${written} is beyond 2^53, and JSON.parse rounds it to ${BigInt(Number(written))}; every codec sees the rounded number (the proto3 JSON mapping writes 64-bit integers as strings: "${written}")${more}`);
  }
  return { warnings, fileBytes: fs.statSync(file).size };
}

/**
 * A payload from messages made in code (the --shapes families): its schema inferred like --data's, every
 * message checked against it.
 * @param {{ id: string, title: string, dataFile: string, value: unknown, corpus: unknown[] }} payload
 * @returns {Payload}
 */
export const payloadFromCorpus = (payload) => finish(payload, {});

/**
 * A payload's messages in stream order: its corpus, or its one value.
 * @param {{ value: unknown, corpus?: unknown[] }} payload
 * @returns {unknown[]}
 */
export const corpusOf = (payload) => payload.corpus ?? [payload.value];

/**
 * The first integer a double cannot hold exactly (beyond ±2^53), with its JSON path.
 * @param {unknown} value
 * @param {string} [path] the value's own path
 * @returns {{ path: string, value: number } | null}
 */
export function firstUnsafeInteger(value, path = '$') {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value) ? { path, value } : null;
  if (value === null || typeof value !== 'object') return null;
  /** @type {[string | number, unknown][]} */
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    const found = firstUnsafeInteger(v, childPath(path, k));
    if (found) return found;
  }
  return null;
}

/**
 * What to say when bytes fields hold hex or UUIDs (hexLikeBytes): the proto3 JSON mapping reads them as base64, so
 * the codecs that read the schema's bytes fields (the protobuf codecs) carry more bytes than the data holds, and the
 * sizes compare a JSON of hex with a binary form no service would send. One line: the first such value, where, and how many more in which fields.
 * @param {import('../schema/fit.js').BytesNote[]} notes
 */
export function hexBytesWarning(notes) {
  const [first] = notes;
  const read = fromBase64(first.value).length;
  const fields = [...new Set(notes.map((n) => n.field.replace(/^field /, '')))];
  const more = notes.length > 1 ? ` (${notes.length - 1} more such value${notes.length > 2 ? 's' : ''}; fields ${fields.join(', ')})` : '';
  const what = first.value.includes('-') ? 'a UUID' : 'hex';
  return `${first.path}: ${JSON.stringify(first.value)} in ${first.field} looks like ${what} (${first.hexBytes} bytes), but the proto3 JSON mapping `
    + `reads bytes as base64, so the protobuf codecs carry the ${read} bytes base64 gives, not ${first.hexBytes}${more}. OTLP/JSON writes trace and `
    + 'span IDs in hex (a deviation from the mapping); to compare with the binary form a service sends, give such fields in base64.';
}

/**
 * @typedef {object} Payload
 * @property {string} id short name (test3, or the file's base name)
 * @property {string} title what it is
 * @property {string} dataFile
 * @property {unknown} value the parsed JSON (the corpus's first message)
 * @property {unknown[]} [corpus] the messages in stream order, corpus[0] deep-equal to value; resolvePayloads
 *   always sets it (read it with corpusOf where a payload may have been built by hand)
 * @property {number} jsonBytes size of JSON.stringify(value) in UTF-8 (the compact re-serialisation)
 * @property {number} [fileBytes] size of the --data file itself, as it is on disk
 * @property {string} [records] the --records path the corpus was read from inside the --data file, as given
 * @property {import('../schema/index.js').Schema} schema
 * @property {string} schemaSource proto file path, or 'inferred'
 * @property {'user'|'inferred'} [schemaOrigin] who wrote the schema: the user (--proto FILE), or the toolkit's
 *   inference (on the fly, or ahead of time for the bundled payloads' proto/testN.proto, which generate:proto writes)
 * @property {string[]} warnings things the user should know about the data (one line each)
 */

/**
 * The payload's identity as every result carries it (fileBytes: only for a --data file; warnings: only where there
 * are some, the lines the tools print on stderr, so that the report says them too).
 * @param {Payload} payload
 * @returns {{ id: string, title: string, dataFile: string, schema: string, type: string, jsonBytes: number, fileBytes?: number, warnings?: string[] }}
 */
export function describePayload(payload) {
  return {
    id: payload.id,
    title: payload.title,
    dataFile: payload.dataFile,
    schema: payload.schemaSource,
    type: payload.schema.typeName,
    jsonBytes: payload.jsonBytes,
    ...(payload.fileBytes !== undefined && { fileBytes: payload.fileBytes }),
    ...(payload.warnings?.length && { warnings: payload.warnings }),
  };
}
