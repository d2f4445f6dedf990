/**
 * Infers a proto3 schema from one JSON value, so that the value (and values
 * shaped like it) survives a Protocol Buffers round trip exactly.
 *
 * Three steps, each a small pure function:
 *   1. inferType: JSON value -> type tree (every node remembers the JSON path
 *      where it was first seen, for error messages);
 *   2. mergeTypes: two type trees -> one (array elements, map values, the same
 *      key in several objects); conflicts throw a UserError at the later path;
 *      then dataKeyMaps: a message some of whose keys are data by their form
 *      (isDataKey) becomes a map where its values can share one type;
 *   3. buildRoot / buildMessage / buildWrapper, then printMessage: type tree ->
 *      .proto text, one top-level message, everything else nested where it is used.
 *
 * Anything proto cannot carry exactly is an error, never a silent coercion.
 */
import { UserError, oneLine, recordName } from '../errors.js';
import { MAX_DEPTH, childPath, isJsonObject } from '../json.js';

/** @typedef {import('../json.js').JsonObject} JsonObject */

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMERIC_KEY = /^-?\d+$/;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const UINT32_MAX = 2 ** 32 - 1;
// 2^63 and 2^64 are exact doubles; every double below them fits int64 / uint64.
const TWO_63 = 2 ** 63;
const TWO_64 = 2 ** 64;
/** Objects with this many keys, all of one shape, are treated as maps. */
const MAP_MIN_SAME_SHAPE_KEYS = 8;
/**
 * Characters some JSON naming convention puts in field names: letters (any script), digits, `_` (snake_case), `-`
 * (kebab-case), `:` (JSON-LD compact IRIs, XML namespaces), `@` and `$` (JSON-LD, OData, JSON Schema, MongoDB), `#`
 * (xml2js's `#text`), `.` (judged apart, see isDataKey). A key with any other character (`/`, whitespace, `+`, `,`,
 * `=`, `?`, `*`, quotes, brackets, emoji) is no field name.
 */
const FIELD_NAME_CHARS = /^[\p{L}\p{M}\p{N}_\-:@$#.]*$/u;
/** HTTP's canonical header case, every word capitalised, at least two words: Content-Type, X-Request-ID. */
const HEADER_CASE = /^[A-Z][A-Za-z0-9]*(?:-[A-Z0-9][A-Za-z0-9]*)+$/;
/**
 * Hyphenated HTTP header names (RFC 9110, 9111 and widely sent ones) that HTTP/2, Node's req.headers and fetch's
 * Headers write in lower case; kebab-case alone is a field name convention.
 */
const HEADER_NAMES = new Set([
  'accept-charset', 'accept-encoding', 'accept-language', 'accept-ranges', 'access-control-allow-headers',
  'access-control-allow-methods', 'access-control-allow-origin', 'cache-control', 'content-disposition',
  'content-encoding', 'content-language', 'content-length', 'content-location', 'content-range',
  'content-security-policy', 'content-type', 'if-match', 'if-modified-since', 'if-none-match', 'if-range',
  'if-unmodified-since', 'last-modified', 'proxy-authorization', 'referrer-policy', 'retry-after', 'set-cookie',
  'strict-transport-security', 'transfer-encoding', 'upgrade-insecure-requests', 'user-agent', 'www-authenticate',
  'x-forwarded-for', 'x-forwarded-proto', 'x-request-id',
]);
/** Digits, then `-` or `:` and a digit: dates, times, timestamps, ranges (2026-11-30, 12:30, 10-20). */
const DATE_LIKE_KEY = /^\d+[-:]\d/;
const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Message declarations nest at most this deep; deeper ones are hoisted to the top level (protobufjs stops at 32). */
const NEST_LIMIT = 30;
/** inferSchema's mixedAsValue while it infers: a conflict of kinds becomes google.protobuf.Value (mergeTypes). */
let mixed = false;
/** Field numbers 19000-19999 are reserved by protobuf. */
const RESERVED_FIELD_NUMBERS = [19000, 19999];

/**
 * Infers a proto3 schema from a JSON value, or from every record of a corpus.
 * With `records`, `value` is the array of records (the messages of one
 * stream): the schema is inferred from all of them, numbers widened to cover
 * every record (int32 → int64 → double), a key missing from some records made
 * `optional`; records that cannot share one schema are a UserError naming the
 * first record index and JSON path that disagrees. Without it, `value` is one
 * message (a top-level array is then one message that is an array).
 * @param {unknown} value a parsed JSON value (the top level must be an object or an array), or the records
 * @param {{ name?: string, source?: string, records?: boolean, regenerate?: string, mixedAsValue?: boolean }} [options] name: the root message;
 *   source: the JSON file it came from, for the header comment; records: value is an array of records;
 *   regenerate: the command that writes this file again, for the header comment (none: "do not edit by hand");
 *   mixedAsValue: where values of one place mix kinds (an array of numbers and arrays, a field that is a string in one
 *   object and an object in another), type that place google.protobuf.Value, which carries any JSON value, instead of
 *   refusing the JSON (records of different kinds at the top level are still refused: the root must be a message)
 * @returns {{ text: string, typeName: string }} text = a complete .proto file;
 *   typeName = the root message name
 * @throws {UserError} when the value cannot be carried exactly by any proto type
 */
export function inferSchema(value, { name = 'Message', source, records = false, regenerate, mixedAsValue = false } = {}) {
  if (typeof name !== 'string' || !IDENT.test(name)) {
    throw new UserError(`invalid message name ${JSON.stringify(name)}: must match ${IDENT}`);
  }
  // inference is synchronous, so the option can stand in a module variable for the merges below without threading it
  mixed = mixedAsValue;
  let type;
  try {
    // a record of a stream stays a message; one document may be a map as a whole (a dependency list, a dictionary)
    type = dataKeyMaps(records ? inferRecords(value) : inferDocument(value), records);
  } finally {
    mixed = false;
  }
  const { root, hoisted } = buildRoot(type, name);
  const from = records && Array.isArray(value) && value.length > 1 ? ` (${value.length} records)` : '';
  const origin = source === undefined ? '' : ` from ${oneLine(source)}${from}`;
  const header = `// Generated by scripts/json2proto.js${origin}. ${regenerate === undefined ? 'Do not edit by hand.' : `Do not edit; regenerate with ${oneLine(regenerate)}.`}`;
  const imports = usesValue(type) ? ['import "google/protobuf/struct.proto";', ''] : [];
  const text = [header, '', 'syntax = "proto3";', '', ...imports, ...printMessage(root, ''),
    ...hoisted.flatMap((m) => ['', ...printMessage(m, '')]), ''].join('\n');
  return { text, typeName: name };
}

/**
 * @param {unknown} value
 * @returns {TypeNode}
 */
function inferDocument(value) {
  if (value === null || typeof value !== 'object') {
    throw new UserError('$: top-level value must be an object or an array');
  }
  return inferType(value, '$', 0);
}

/**
 * One type for every record: each inferred alone, then merged in order; a conflict names the later record.
 * @param {unknown} records
 * @returns {TypeNode}
 */
function inferRecords(records) {
  if (!Array.isArray(records) || records.length === 0) throw new UserError('records: expected a non-empty array of records');
  let merged = inferRecord(records[0], 0, null);
  for (let i = 1; i < records.length; i++) merged = inferRecord(records[i], i, merged);
  return merged;
}

/**
 * One record's type, merged into the type of the records before it (if any); a UserError names the record.
 * @param {unknown} record
 * @param {number} i its index
 * @param {TypeNode | null} earlier the records before it, merged
 * @returns {TypeNode}
 */
function inferRecord(record, i, earlier) {
  try {
    const type = inferDocument(record);
    return earlier ? mergeTypes(earlier, type, 'record') : type;
  } catch (err) {
    if (err instanceof UserError) {
      throw Object.assign(new UserError(`${recordName(i)}: ${err.message}${i > 0 ? ' (records must share one schema)' : ''}`), { mixedKinds: isMixedKinds(err) });
    }
    throw err;
  }
}

/**
 * PascalCase of a JSON key or file name: `line_items` -> `LineItems`,
 * `content-type` -> `ContentType`; a leading digit gets an `F` prefix, an
 * empty result becomes `fallback`.
 * @param {string} text
 * @param {string} [fallback]
 */
export function pascalCase(text, fallback = 'Field') {
  const words = String(text).split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  if (!joined) return fallback;
  return /^\d/.test(joined) ? `F${joined}` : joined;
}

// ---------------------------------------------------------------------------
// 1. Inference. Every type node has the JSON path where it was first seen.

/**
 * @typedef {{ kind: 'bool' | 'string', path: string }} ScalarNode
 * @typedef {{ kind: 'number', path: string, min: number, max: number, fraction: boolean, negZero: boolean }} NumberNode
 * @typedef {{ kind: 'array', path: string, element: TypeNode | null }} ArrayNode element null: no element seen
 * @typedef {{ kind: 'map', path: string, value: TypeNode | null, numeric: boolean, shapeKeys: number,
 *   dataKey: string | null }} MapNode value null: no value seen; numeric, shapeKeys: why its keys are data (mapReason);
 *   dataKey: the first of its keys that is data by its form (isDataKey), named in its comment
 * @typedef {{ kind: 'message', path: string, objects: number, fields: Map<string, FieldNode> }} MessageNode
 *   objects: how many JSON objects it stands for
 * @typedef {{ kind: 'value', path: string, mixes: string }} ValueNode google.protobuf.Value (only with mixedAsValue):
 *   a place whose values mix kinds; mixes: the first two kinds met there, and where
 * @typedef {ScalarNode | NumberNode | ArrayNode | MapNode | MessageNode | ValueNode} TypeNode
 * @typedef {{ type: TypeNode | null, present: number, nullPath: string | null }} FieldNode one key of a message: type
 *   null when only null was seen; present: in how many of the message's objects; nullPath: where it was first null
 * @typedef {'array' | 'map' | 'field' | 'record'} MergeContext why two types meet (see mergeTypes)
 */

/**
 * @param {unknown} value
 * @param {string} path
 * @param {number} depth
 * @returns {TypeNode}
 */
function inferType(value, path, depth) {
  if (depth > MAX_DEPTH) throw new UserError(`${path}: nested deeper than ${MAX_DEPTH} levels`);
  switch (typeof value) {
    case 'boolean':
      return { kind: 'bool', path };
    case 'string':
      return { kind: 'string', path };
    case 'number':
      return {
        kind: 'number',
        path,
        min: value,
        max: value,
        fraction: !Number.isInteger(value),
        // -0 is an integer to JS, but only double keeps its sign.
        negZero: Object.is(value, -0),
      };
    default:
      if (Array.isArray(value)) return inferArray(value, path, depth);
      if (isJsonObject(value)) return inferObject(value, path, depth);
      throw new UserError(`${path}: ${String(value)} is not a JSON value`);
  }
}

/**
 * @param {unknown[]} array
 * @param {string} path
 * @param {number} depth
 * @returns {ArrayNode}
 */
function inferArray(array, path, depth) {
  /** @type {TypeNode | null} */
  let element = null;
  for (const [i, item] of array.entries()) {
    const itemPath = childPath(path, i);
    // a repeated field has no null element; google.protobuf.Value has (null_value), so mixedAsValue takes it, and
    // without it the refusal is one mixedAsValue would type, and says so (isMixedKinds)
    if (item === null && !mixed) {
      throw Object.assign(new UserError(`${itemPath}: array holds null, which a repeated field cannot carry`), { mixedKinds: true });
    }
    const type = item === null ? nullValue(itemPath, 'an array') : inferType(item, itemPath, depth + 1);
    element = element ? mergeTypes(element, type, 'array') : type;
  }
  return { kind: 'array', path, element };
}

/**
 * The type of a null element of an array or value of a map under mixedAsValue: google.protobuf.Value, whose null_value
 * carries it (a repeated or map field has no null of its own).
 * @param {string} path
 * @param {string} where 'an array' or 'a map'
 * @returns {ValueNode}
 */
function nullValue(path, where) {
  return { kind: 'value', path, mixes: `null in ${where} at ${path}` };
}

/**
 * A map's null value refused (without mixedAsValue, which would type it: isMixedKinds).
 * @param {string} path
 */
function nullInMap(path) {
  return Object.assign(new UserError(`${path}: map holds null, which a map value cannot carry`), { mixedKinds: true });
}

/**
 * @param {JsonObject} object
 * @param {string} path
 * @param {number} depth
 * @returns {MapNode | MessageNode}
 */
function inferObject(object, path, depth) {
  const keys = Object.keys(object);
  const reason = mapReason(object, keys);
  if (reason) {
    /** @type {TypeNode | null} */
    let value = null;
    for (const key of keys) {
      const itemPath = childPath(path, key);
      if (object[key] === null && !mixed) throw nullInMap(itemPath);
      const type = object[key] === null ? nullValue(itemPath, 'a map') : inferType(object[key], itemPath, depth + 1);
      value = value ? mergeTypes(value, type, 'map') : type;
    }
    return { kind: 'map', path, value, ...reason, dataKey: null };
  }
  /** @type {Map<string, FieldNode>} */
  const fields = new Map();
  for (const key of keys) {
    const itemPath = childPath(path, key);
    const item = object[key];
    fields.set(key, item === null
      ? { type: null, present: 1, nullPath: itemPath }
      : { type: inferType(item, itemPath, depth + 1), present: 1, nullPath: null });
  }
  return { kind: 'message', path, objects: 1, fields };
}

/**
 * Keys are data rather than names when they are all numeric ids, or when
 * there are many of them and every value is an object of the same shape.
 * @param {JsonObject} object
 * @param {string[]} keys its keys
 * @returns {{ numeric: boolean, shapeKeys: number } | null}
 */
function mapReason(object, keys) {
  if (keys.length === 0) return null; // {} merges with either a map or a message
  if (keys.every((k) => NUMERIC_KEY.test(k))) return { numeric: true, shapeKeys: 0 };
  if (keys.length < MAP_MIN_SAME_SHAPE_KEYS) return null;
  const values = keys.map((k) => object[k]);
  if (!values.every(isJsonObject)) return null;
  const shape = shapeOf(values[0]);
  return values.every((v) => shapeOf(v) === shape) ? { numeric: false, shapeKeys: keys.length } : null;
}

/** @param {JsonObject} object */
const shapeOf = (object) => JSON.stringify(Object.keys(object).sort());

/**
 * True when a key is data rather than a field name by its form alone: no hand-written schema names a field so.
 * - a character no naming convention puts in a field name (FIELD_NAME_CHARS): `/` (paths, media types, label
 *   prefixes, npm scopes), whitespace, `+`, `,`, `=`, `?`, quotes, brackets, emoji;
 * - a `.` (domain names, file names, versions, dotted config paths, JSONPath's `$.a.b`), except after an `@`:
 *   JSON-LD's and OData's names (`@odata.context`, the property annotation `price@odata.type`), and OData v3's
 *   `odata.metadata`, `odata.etag` (Azure Table Storage); `$` names such as `$schema` and `$ref` have no dot;
 * - a leading `:` (HTTP/2 pseudo-headers; JSON-LD's compact IRIs `schema:name` have their colon inside);
 * - an HTTP header name: in HTTP's canonical case (`Content-Type`, `X-Request-Id`), or one of the hyphenated
 *   headers HTTP/2 writes in lower case (`content-type`, `user-agent`); kebab-case alone (`max-age`,
 *   `first-name`) is a field name convention, so `-` is not enough;
 * - a date, time or range (`2026-11-30`, `12:30`), or a UUID.
 * @param {string} key
 */
export function isDataKey(key) {
  if (!FIELD_NAME_CHARS.test(key) || key.startsWith(':')) return true;
  const dot = key.indexOf('.');
  if (dot >= 0 && !key.startsWith('odata.')) {
    const at = key.indexOf('@');
    if (at < 0 || dot < at) return true;
  }
  return HEADER_CASE.test(key) || HEADER_NAMES.has(key.toLowerCase()) || DATE_LIKE_KEY.test(key) || UUID_KEY.test(key);
}

/**
 * The type tree with every message whose keys are data by their form (isDataKey: one such key among all the
 * objects it stands for is enough) made a map, inner ones first, where that is exact: when every value it holds
 * merges into one map value type and none is null. Otherwise it stays the message it is (a map would turn data that
 * infers into an error). Run after every record and array element is merged, so a key that is data in one record
 * makes the object a map in all of them, and records whose values disagree keep their message.
 * @param {TypeNode} type
 * @param {boolean} [root] the top-level value is a record of a stream (inferSchema's records): a message there stays one
 * @returns {TypeNode}
 */
function dataKeyMaps(type, root = false) {
  switch (type.kind) {
    case 'array':
      return type.element ? { ...type, element: dataKeyMaps(type.element) } : type;
    case 'map':
      return type.value ? { ...type, value: dataKeyMaps(type.value) } : type;
    case 'message': {
      /** @type {Map<string, FieldNode>} */
      const fields = new Map();
      for (const [key, field] of type.fields) fields.set(key, field.type ? { ...field, type: dataKeyMaps(field.type) } : field);
      const message = { ...type, fields };
      // a record of a stream stays a message: its keys are a record's fields, even in naming conventions this rule
      // would read as data (Elastic Common Schema's `log.level` in NDJSON logs, a spreadsheet export's "First Name")
      return root ? message : asDataKeyMap(message) ?? message;
    }
    default:
      return type;
  }
}

/**
 * The map a message is when some key of it is data by its form and its values share one map value type, else null.
 * A `__proto__` key keeps it a message: decoded into a map's plain object it would set the prototype, not a key.
 * @param {MessageNode} message
 * @returns {MapNode | null}
 */
function asDataKeyMap(message) {
  const keys = [...message.fields.keys()];
  if (!keys.some(isDataKey) || keys.includes('__proto__')) return null;
  // values of several kinds keep the message even under mixedAsValue, which would merge them into one
  // google.protobuf.Value: that option types the places that mix kinds, not objects it was not asked about
  const was = mixed;
  mixed = false;
  try {
    return messageAsMap(message);
  } catch (err) {
    if (err instanceof UserError) return null; // a null value, or values of more than one type
    throw err;
  } finally {
    mixed = was;
  }
}

/**
 * True when an object's keys are data (ids, names as values) rather than field names, by the rule the inferred
 * .proto uses to make it a map: every key numeric, or many keys whose values are objects of one shape, or a key
 * that is data by its form with values that share one map value type (the .proto's decision for this object alone;
 * merged with other objects whose values differ, the .proto may keep a message where this says map). A record of a
 * stream (`root`) is a map only by the first two: its keys are a record's fields, as in the .proto.
 * @param {JsonObject} object
 * @param {{ root?: boolean }} [options]
 */
export function keysAreData(object, { root = false } = {}) {
  const keys = Object.keys(object);
  if (mapReason(object, keys) !== null) return true;
  if (root || !keys.some(isDataKey)) return false;
  try {
    return dataKeyMaps(inferType(object, '$', 0)).kind === 'map';
  } catch (err) {
    if (err instanceof UserError) return false;
    throw err;
  }
}

// ---------------------------------------------------------------------------
// 2. Merging. `context` says why two types meet, for the error message:
// 'array' (elements of one array), 'map' (values of one map), 'field' (one key
// in several objects). Conflicts are reported at b's path: b is the later value.

/** @type {Record<TypeNode['kind'], string>} */
const JSON_KIND = { bool: 'boolean', number: 'number', string: 'string', array: 'array', map: 'object', message: 'object', value: 'any value' };

/**
 * @param {TypeNode} a
 * @param {TypeNode} b
 * @param {MergeContext} context
 * @returns {TypeNode}
 */
function mergeTypes(a, b, context) {
  // google.protobuf.Value carries whatever else meets it there
  if (a.kind === 'value') return a;
  if (b.kind === 'value') return { ...b, path: a.path };
  // An object whose keys are data in one place makes it a map everywhere;
  // a message's keys then become map keys, which is still exact.
  if (a.kind === 'map' && b.kind === 'message') return mergeTypes(a, messageAsMap(b), context);
  if (a.kind === 'message' && b.kind === 'map') return mergeTypes(messageAsMap(a), b, context);
  if (a.kind === 'number' && b.kind === 'number') {
    return {
      ...a,
      min: Math.min(a.min, b.min),
      max: Math.max(a.max, b.max),
      fraction: a.fraction || b.fraction,
      negZero: a.negZero || b.negZero,
    };
  }
  if (a.kind === 'array' && b.kind === 'array') return { ...a, element: mergeNullable(a.element, b.element, 'array') };
  if (a.kind === 'map' && b.kind === 'map') {
    return {
      ...a,
      value: mergeNullable(a.value, b.value, 'map'),
      numeric: a.numeric || b.numeric,
      shapeKeys: Math.max(a.shapeKeys, b.shapeKeys),
      dataKey: a.dataKey ?? b.dataKey,
    };
  }
  if (a.kind === 'message' && b.kind === 'message') return mergeMessages(a, b);
  if (a.kind !== b.kind) {
    // the top level must stay a message, array or map: records of two kinds are refused even so
    if (mixed && context !== 'record') return { kind: 'value', path: a.path, mixes: `${JSON_KIND[a.kind]} and ${JSON_KIND[b.kind]} meet at ${b.path}` };
    throw conflict(a, b, context);
  }
  return a; // bool, string: nothing to widen
}

/**
 * @param {TypeNode | null} a
 * @param {TypeNode | null} b
 * @param {MergeContext} context
 * @returns {TypeNode | null}
 */
function mergeNullable(a, b, context) {
  if (!a) return b;
  if (!b) return a;
  return mergeTypes(a, b, context);
}

/**
 * @param {MessageNode} a
 * @param {MessageNode} b
 * @returns {MessageNode}
 */
function mergeMessages(a, b) {
  const fields = new Map(a.fields);
  for (const [key, fb] of b.fields) {
    const fa = fields.get(key);
    fields.set(key, !fa ? fb : {
      type: mergeNullable(fa.type, fb.type, 'field'),
      present: fa.present + fb.present,
      nullPath: fa.nullPath ?? fb.nullPath,
    });
  }
  return { ...a, objects: a.objects + b.objects, fields };
}

/**
 * @param {MessageNode} message
 * @returns {MapNode}
 */
function messageAsMap(message) {
  /** @type {TypeNode | null} */
  let value = null;
  for (const field of message.fields.values()) {
    if (field.nullPath && !mixed) throw nullInMap(field.nullPath);
    value = mergeNullable(value, field.nullPath ? nullValue(field.nullPath, 'a map') : field.type, 'map');
  }
  return { kind: 'map', path: message.path, value, numeric: false, shapeKeys: 0, dataKey: [...message.fields.keys()].find(isDataKey) ?? null };
}

/**
 * @param {TypeNode} a
 * @param {TypeNode} b
 * @param {MergeContext} context
 */
function conflict(a, b, context) {
  const [x, y] = [JSON_KIND[a.kind], JSON_KIND[b.kind]];
  const problem = {
    array: `array mixes ${x} and ${y}`,
    map: `map values mix ${x} and ${y}`,
    field: `field is ${x} in one object and ${y} in another`,
    record: `this record is ${y}, an earlier one ${x}`,
  }[context];
  return Object.assign(new UserError(`${b.path}: ${problem}`), { mixedKinds: context !== 'record' });
}

/**
 * Whether an error is inference refusing a place whose values mix kinds, which mixedAsValue would type
 * google.protobuf.Value instead (records of different kinds are not: the root must be a message).
 * @param {unknown} err
 */
export const isMixedKinds = (err) => err instanceof UserError && /** @type {{ mixedKinds?: boolean }} */ (err).mixedKinds === true;

// ---------------------------------------------------------------------------
// 3. Rendering. A message is { name, comment, lines, nested }; nested messages
// are named inside a scope holding the message's field names (protoc and
// protobufjs share one namespace for fields and nested types) and the names of
// all enclosing messages (so no name shadows an ancestor).

/**
 * @typedef {{ name: string, comment: string | null, lines: string[], nested: ProtoMessage[] }} ProtoMessage a message
 *   as it is printed: its field lines, and the messages declared inside it
 * @typedef {{ messages: ProtoMessage[], count: number }} Hoisted the messages declared at the top level instead
 * @typedef {{ ancestors: string[], hoisted: Hoisted, nested: ProtoMessage[], unique: (candidate: string) => string }} Scope
 *   where a message's nested messages are named and declared
 * @typedef {{ key: string, type: TypeNode, missing: boolean, isNull: boolean, unknown: boolean, map: boolean,
 *   optional: boolean }} FieldEntry one key of a message on its way to a field line
 * @typedef {FieldEntry & { name: string, renamed: string | null }} NamedField renamed: why the key is not the name
 */

/** @type {Record<'root' | 'array' | 'map', Record<'array' | 'map', string>>} */
const WRAPPER_COMMENTS = {
  root: {
    array: '@json-wrapper: stands for the top-level JSON array (a .proto root must be a message)',
    map: '@json-wrapper: stands for the top-level JSON object, whose keys are data (a .proto root must be a message)',
  },
  array: {
    array: '@json-wrapper: stands for a JSON array inside an array (proto has no repeated repeated)',
    map: '@json-wrapper: stands for a JSON object with data keys inside an array (proto has no repeated map)',
  },
  map: {
    array: '@json-wrapper: stands for a JSON array used as a map value (proto has no map<string, repeated T>)',
    map: '@json-wrapper: stands for a JSON object with data keys used as a map value (proto has no map of maps)',
  },
};

/**
 * Whether a type tree holds google.protobuf.Value anywhere (the .proto then imports struct.proto).
 * @param {TypeNode | null} type
 * @returns {boolean}
 */
function usesValue(type) {
  if (!type) return false;
  switch (type.kind) {
    case 'value': return true;
    case 'array': return usesValue(type.element);
    case 'map': return usesValue(type.value);
    case 'message': return [...type.fields.values()].some((f) => usesValue(f.type));
    default: return false;
  }
}

/**
 * The root message, and the messages hoisted to the top level: protobufjs refuses message declarations nested
 * deeper than 32 (util.nestingLimit, after protoc's), so a message that would sit deeper than NEST_LIMIT is
 * declared at the top level instead, where its own nesting starts again.
 * @param {TypeNode} type the top-level value's
 * @param {string} name
 * @returns {{ root: ProtoMessage, hoisted: ProtoMessage[] }}
 */
function buildRoot(type, name) {
  /** @type {Hoisted} */
  const hoisted = { messages: [], count: 0 };
  if (type.kind === 'message') return { root: buildMessage(name, type, [], hoisted), hoisted: hoisted.messages };
  if (type.kind !== 'array' && type.kind !== 'map') throw new Error(`${type.path}: a top-level ${type.kind} (inferDocument takes only objects and arrays)`);
  const base = type.kind === 'array'
    ? (singular(name) !== name ? singular(name) : `${name}Item`)
    : `${name}Value`;
  return { root: buildWrapper(name, type, WRAPPER_COMMENTS.root[type.kind], [], base, hoisted), hoisted: hoisted.messages };
}

/**
 * Where a nested message is declared: in its parent's scope, or at the top level when that would nest it deeper
 * than NEST_LIMIT. A hoisted name has `_H` and a number in it, which no name derived from a JSON key has, so no
 * enclosing scope can shadow it.
 * @param {Scope} scope
 * @param {string} candidate
 * @returns {{ name: string, ancestors: string[], add: (message: ProtoMessage) => void }}
 */
function placeNested(scope, candidate) {
  if (scope.ancestors.length < NEST_LIMIT) {
    return { name: scope.unique(candidate), ancestors: scope.ancestors, add: (m) => scope.nested.push(m) };
  }
  const name = `${candidate}_H${++scope.hoisted.count}`;
  return { name, ancestors: [], add: (m) => scope.hoisted.messages.push(m) };
}

/**
 * A message for a JSON object: one field per key, numbered in order of first appearance.
 * @param {string} name
 * @param {MessageNode} type
 * @param {string[]} ancestors the names of the messages it is declared in, outermost first
 * @param {Hoisted} hoisted
 * @returns {ProtoMessage}
 */
function buildMessage(name, type, ancestors, hoisted) {
  /** @type {FieldEntry[]} */
  const entries = [...type.fields].map(([key, field]) => {
    // Only null in this JSON: any type carries null as "absent", so string stands in (said in a comment).
    const unknown = !field.type;
    /** @type {TypeNode} */
    const fieldType = field.type ?? { kind: 'string', path: field.nullPath ?? childPath(type.path, key) };
    const missing = field.present < type.objects;
    const isNull = field.nullPath !== null;
    const container = fieldType.kind === 'array' || fieldType.kind === 'map';
    return { key, type: fieldType, missing, isNull, unknown, map: fieldType.kind === 'map', optional: (missing || isNull) && !container };
  });
  const { fields, names } = assignFieldNames(entries);
  const scope = newScope(names, [...ancestors, name], hoisted);
  const lines = fields.map((f, i) => {
    const ref = typeRef(f.type, pascalCase(f.key), scope);
    const notes = [...ref.notes];
    if (f.unknown) notes.push('only null in the sample, so its type is unknown: string stands in');
    if (f.missing || f.isNull) {
      const when = f.missing && f.isNull ? 'sometimes missing or null' : f.missing ? 'sometimes missing' : 'sometimes null';
      notes.push(f.optional
        ? `optional: ${when}`
        : `${when}, which decodes as an empty ${ref.container} (${ref.container === 'map' ? 'map' : 'repeated'} fields cannot be optional)`);
    }
    // a key that keeps its name but whose default JSON name is another key's gets only the json_name option
    if (f.renamed) {
      notes.push(f.name === f.key ? `json_name given: protoc's own JSON name for ${JSON.stringify(f.key)}, ${JSON.stringify(protocJsonName(f.key))}, is another key`
        : `renamed: ${JSON.stringify(f.key)} ${f.renamed}`);
    }
    const option = f.renamed ? ` [json_name = ${protoString(f.key)}]` : '';
    return fieldLine(`${f.optional ? 'optional ' : ''}${ref.type}`, f.name, fieldNumber(i), option, notes);
  });
  return { name, comment: null, lines, nested: scope.nested };
}

/**
 * A wrapper stands for one JSON array or map: exactly one field `value = 1`.
 * @param {string} name
 * @param {ArrayNode | MapNode} type
 * @param {string} comment
 * @param {string[]} ancestors
 * @param {string} base the PascalCase name to derive nested message names from
 * @param {Hoisted} hoisted
 * @returns {ProtoMessage}
 */
function buildWrapper(name, type, comment, ancestors, base, hoisted) {
  const scope = newScope(type.kind === 'map' ? ['value', mapEntryName('value')] : ['value'], [...ancestors, name], hoisted);
  /** @type {{ type: string, notes: string[] }} */
  let ref;
  if (type.kind === 'array') {
    const element = elementRef(type.element, base, scope, 'array');
    ref = { type: `repeated ${element.type}`, notes: element.notes };
  } else {
    const value = elementRef(type.value, base, scope, 'map');
    ref = { type: `map<string, ${value.type}>`, notes: [mapNote(type), ...value.notes] };
  }
  return { name, comment, lines: [fieldLine(ref.type, 'value', 1, '', ref.notes)], nested: scope.nested };
}

/**
 * The proto type of a field holding `type`; nested messages it needs are
 * added to `scope`. `base` is the PascalCase name to derive message names from.
 * @param {TypeNode} type
 * @param {string} base
 * @param {Scope} scope
 * @returns {{ type: string, notes: string[], container?: 'array' | 'map' }}
 */
function typeRef(type, base, scope) {
  switch (type.kind) {
    case 'bool':
      return { type: 'bool', notes: [] };
    case 'string':
      return { type: 'string', notes: [] };
    case 'number':
      return numberType(type);
    case 'value':
      return { type: 'google.protobuf.Value', notes: [`google.protobuf.Value (--mixed-as-value): ${type.mixes}`] };
    case 'message': {
      const place = placeNested(scope, base);
      place.add(buildMessage(place.name, type, place.ancestors, scope.hoisted));
      return { type: place.name, notes: [] };
    }
    case 'array': {
      const element = elementRef(type.element, singular(base), scope, 'array');
      return { type: `repeated ${element.type}`, notes: element.notes, container: 'array' };
    }
    case 'map': {
      const value = elementRef(type.value, `${base}Value`, scope, 'map');
      return { type: `map<string, ${value.type}>`, notes: [mapNote(type), ...value.notes], container: 'map' };
    }
  }
}

/**
 * The type of an array element or map value: arrays and maps there need a wrapper message.
 * @param {TypeNode | null} type null: no element or value seen
 * @param {string} base
 * @param {Scope} scope
 * @param {'array' | 'map'} container what holds it
 * @returns {{ type: string, notes: string[] }}
 */
function elementRef(type, base, scope, container) {
  if (!type) {
    // Only empty arrays were seen; any element type round-trips them.
    return { type: 'string', notes: ['element type unknown (always empty in the sample)'] };
  }
  if (type.kind !== 'array' && type.kind !== 'map') return typeRef(type, base, scope);
  const place = placeNested(scope, `${base}${type.kind === 'array' ? 'List' : 'Map'}`);
  place.add(buildWrapper(place.name, type, WRAPPER_COMMENTS[container][type.kind], place.ancestors, base, scope.hoisted));
  return { type: place.name, notes: [] };
}

/**
 * The smallest wire type that carries every value exactly, and why if not obvious.
 * @param {NumberNode} type
 * @returns {{ type: string, notes: string[] }}
 */
function numberType({ min, max, fraction, negZero }) {
  if (fraction) return { type: 'double', notes: ['double: non-integer values occur (float would round them)'] };
  if (negZero) return { type: 'double', notes: ['double: -0 occurs, which integer types would turn into 0'] };
  if (min >= 0) {
    if (max <= INT32_MAX) return { type: 'int32', notes: [] };
    if (max <= UINT32_MAX) return { type: 'uint32', notes: ['uint32: values above int32 range, none negative'] };
    if (max < TWO_63) return { type: 'int64', notes: ['int64: values beyond 32 bits (the codecs decode them as JS numbers)'] };
    if (max < TWO_64) return { type: 'uint64', notes: ['uint64: values beyond int64 (the codecs decode them as JS numbers)'] };
  } else {
    if (min >= INT32_MIN && max <= INT32_MAX) return { type: 'sint32', notes: ['sint32: negative values occur (zigzag keeps them short)'] };
    if (min >= -TWO_63 && max < TWO_63) return { type: 'sint64', notes: [`sint64: negative values occur, and values beyond 32 bits${min < INT32_MIN ? '' : ' (positive ones)'} (zigzag keeps small ones short; the codecs decode them as JS numbers)`] };
  }
  return { type: 'double', notes: ['double: integers beyond 64 bits, which only double holds as parsed'] };
}

/** @param {MapNode} type */
function mapNote({ numeric, shapeKeys, dataKey }) {
  const why = [numeric && 'numeric ids', shapeKeys && `${shapeKeys} keys of one shape`,
    dataKey !== null && `keys like ${commentKey(dataKey)}`].filter(Boolean);
  return `map: keys are data (${why.length ? why.join('; ') : 'merged with such an object'})`;
}

/**
 * A key quoted for a comment: at most 40 characters of it, anything but printable ASCII escaped, so no line break
 * (nor a character a parser might take for one) ends the comment early.
 * @param {string} key
 */
function commentKey(key) {
  const chars = Array.from(key);
  const shown = JSON.stringify(chars.slice(0, 40).join(''))
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return chars.length > 40 ? `${shown.slice(0, -1)}..."` : shown;
}

/**
 * Chooses a field name for every key. A key keeps its name unless it is not
 * a proto identifier or would clash with another field under the rules of
 * protobufjs (synthetic oneof `_name` of an optional field) or protoc (proto3
 * rejects names equal after lowercasing and dropping `_`, and json names that
 * collide, and the nested `<Name>Entry` type it makes for a map field); a
 * renamed field gets `json_name` = the original key.
 * @param {FieldEntry[]} entries
 * @returns {{ fields: NamedField[], names: Set<string> }} fields: the entries, in order, with their names; names:
 *   every name the fields occupy in the message's scope
 */
function assignFieldNames(entries) {
  const keys = new Set(entries.map((f) => f.key));
  /** @type {Set<string>} */
  const names = new Set();
  /** @type {Set<string>} */
  const lowered = new Set();
  /** @type {(name: string, f: FieldEntry) => boolean} */
  const fits = (name, f) => name !== '__proto__' // protobufjs would silently drop the field
    && !names.has(name)
    && !lowered.has(loweredName(name))
    && !(f.optional && names.has(`_${name}`))
    && !(f.map && names.has(mapEntryName(name)));
  /** @type {(name: string, f: FieldEntry) => string} */
  const reserve = (name, f) => {
    names.add(name);
    lowered.add(loweredName(name));
    if (f.optional) names.add(`_${name}`);
    if (f.map) names.add(mapEntryName(name));
    return name;
  };
  // Valid keys first, so a key that needs no renaming keeps its name even if
  // an invalid key earlier in the object sanitises to the same identifier.
  const kept = entries.map((f) => {
    // A kept name's default JSON name must not equal another key: that key may
    // be some renamed field's json_name.
    const jsonName = protocJsonName(f.key);
    const jsonClash = jsonName !== f.key && keys.has(jsonName);
    return IDENT.test(f.key) && !jsonClash && fits(f.key, f) ? reserve(f.key, f) : null;
  });
  // then the others, in order
  const fields = entries.map((f, i) => {
    const name = kept[i];
    if (name !== null) return { ...f, name, renamed: null };
    const renamed = !IDENT.test(f.key) ? 'is not a proto identifier'
      : f.key === '__proto__' ? 'is special in JavaScript objects' : 'would clash with another field under protoc/protobufjs naming rules';
    const base = sanitize(f.key);
    let candidate = base;
    for (let n = 2; !fits(candidate, f); n++) candidate = `${base}_${n}`;
    return { ...f, name: reserve(candidate, f), renamed };
  });
  return { fields, names };
}

/**
 * Invalid characters become `_`; a leading digit (or nothing) gets an `f_` prefix.
 * @param {string} key
 */
function sanitize(key) {
  const name = Array.from(key, (c) => (/[A-Za-z0-9_]/.test(c) ? c : '_')).join('');
  return name === '' || /^\d/.test(name) ? `f_${name}` : name;
}

/** @param {string} name */
const loweredName = (name) => name.replace(/_/g, '').toLowerCase();
/**
 * protoc's default JSON name: drop `_`, capitalise the letter after it.
 * @param {string} name
 */
const protocJsonName = (name) => name.replace(/_+(.?)/g, (_, /** @type {string} */ c) => c.toUpperCase());
/**
 * The nested type protoc makes for a map field: `foo_bar` -> `FooBarEntry`.
 * @param {string} name
 */
const mapEntryName = (name) => `${protocJsonName(`_${name}`)}Entry`;

/**
 * @param {Iterable<string>} fieldNames the names a message's fields occupy
 * @param {string[]} ancestors the message's name and its enclosing messages'
 * @param {Hoisted} hoisted
 * @returns {Scope}
 */
function newScope(fieldNames, ancestors, hoisted) {
  const taken = new Set([...fieldNames, ...ancestors]);
  return {
    ancestors,
    hoisted,
    nested: [],
    unique(candidate) {
      let name = candidate;
      for (let n = 2; taken.has(name); n++) name = `${candidate}${n}`;
      taken.add(name);
      return name;
    },
  };
}

/**
 * Naive English singular for element message names: posts -> Post, replies -> Reply.
 * @param {string} name
 */
function singular(name) {
  /** @type {[RegExp, string][]} */
  const rules = [[/([^aeiou])ies$/, '$1y'], [/(ss|x|ch|sh)es$/, '$1'], [/([^siu])s$/, '$1']];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(name)) {
      const result = name.replace(pattern, replacement);
      return /^[A-Za-z][A-Za-z0-9]/.test(result) ? result : name; // not empty or a lone letter
    }
  }
  return name;
}

/** @param {number} index the field's, from 0 */
function fieldNumber(index) {
  const n = index + 1;
  return n >= RESERVED_FIELD_NUMBERS[0] ? n + (RESERVED_FIELD_NUMBERS[1] - RESERVED_FIELD_NUMBERS[0] + 1) : n;
}

/**
 * @param {string} type
 * @param {string} name
 * @param {number} number
 * @param {string} option
 * @param {string[]} notes
 */
function fieldLine(type, name, number, option, notes) {
  return `${type} ${name} = ${number}${option};${notes.length ? ` // ${notes.join('; ')}` : ''}`;
}

/**
 * A proto string literal that protoc and protobufjs both read back as `text`.
 * @param {string} text
 */
function protoString(text) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  const escaped = text.replace(/["\\\x00-\x1f\x7f]/g, (c) => {
    if (c === '"' || c === '\\') return `\\${c}`;
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return `"${escaped}"`;
}

/**
 * @param {ProtoMessage} message
 * @param {string} indent
 * @returns {string[]}
 */
function printMessage(message, indent) {
  const out = [];
  if (message.comment) out.push(`${indent}// ${message.comment}`); // directly above, for alternateCommentMode
  if (!message.lines.length && !message.nested.length) return [...out, `${indent}message ${message.name} {}`];
  out.push(`${indent}message ${message.name} {`);
  for (const line of message.lines) out.push(`${indent}  ${line}`);
  message.nested.forEach((nested, i) => {
    if (i > 0 || message.lines.length) out.push('');
    out.push(...printMessage(nested, `${indent}  `));
  });
  out.push(`${indent}}`);
  return out;
}
