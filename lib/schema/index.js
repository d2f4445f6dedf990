import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import protobuf from 'protobufjs';
import { UserError, oneLine } from '../errors.js';
import { describeIoError } from '../files.js';
import { MAX_DEPTH, childPath, isJsonObject, setKey } from '../json.js';
import { fieldForKey, fieldKeys, isWrapper, jsonKey, lowerCamelCase } from './proto-json.js';
import {
  anyMessageType, isValueInAny, wellKnownFieldsProblem, wellKnownFromMessage, wellKnownKind, wellKnownProblem, wellKnownToMessage,
} from './well-known.js';

export { isWrapper, jsonKey };

/**
 * How every protobuf codec turns a decoded message into a plain object:
 * int64 as JS numbers, enums by name, bytes as base64 (the proto3 JSON
 * mapping), and default values filled in, so that a zero, an empty string or
 * false (which proto3 does not put on the wire) comes back as it went in.
 */
export const TO_OBJECT_OPTIONS = Object.freeze({
  longs: Number, enums: String, bytes: String, defaults: true, arrays: true, objects: true,
});

const PARSE_OPTIONS = { keepCase: true, alternateCommentMode: true };
/** The name a schema parsed from text has for code generators (lib/codecs/codegen.js writes it as schema.proto). */
const TEXT_SOURCE = 'schema.proto';

/**
 * Parses .proto text and picks the message type the payload is encoded as.
 * @param {string} text the .proto source
 * @param {{ file?: string, typeName?: string }} [where] file names the source in errors;
 *   typeName defaults to the first message in the file
 * @returns {Schema}
 */
export function parseSchema(text, { file = '<schema>', typeName } = {}) {
  let root;
  try {
    ({ root } = protobuf.parse(text, PARSE_OPTIONS));
  } catch (err) {
    throw new UserError(`${file}: ${oneLine(err.message)}`);
  }
  return finishSchema(root, { text, file, typeName, sourceFile: null, hashed: `${TEXT_SOURCE}\0${text}` });
}

/**
 * Reads and parses a .proto file, with the files it imports (resolved from
 * its own folder; protobuf.js bundles google/protobuf's well-known types).
 * @param {string} file
 * @param {string} [typeName]
 * @returns {Schema}
 */
export function loadSchemaFile(file, typeName) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`${file}: ${describeIoError(err)}`);
  }
  const root = new protobuf.Root();
  try {
    root.loadSync(file, PARSE_OPTIONS);
  } catch (err) {
    throw new UserError(`${file}: ${oneLine(err.message)}`);
  }
  // generated code depends on every file loaded, and is named after them, so their names and contents key its cache
  // (json2proto's output loaded as --proto has the text of the schema inferred from the same JSON, not its file name)
  const base = path.dirname(path.resolve(file));
  const hashed = root.files.map((f) => (fs.existsSync(f) ? `${path.relative(base, path.resolve(f))}\0${fs.readFileSync(f, 'utf8')}` : f)).join('\0');
  return finishSchema(root, { text, file, typeName, sourceFile: path.resolve(file), hashed });
}

function finishSchema(root, { text, file, typeName, sourceFile, hashed }) {
  try {
    root.resolveAll();
  } catch (err) {
    throw new UserError(`${file}: ${oneLine(err.message)}`);
  }
  let type;
  if (typeName) {
    const found = root.lookup(typeName);
    if (!(found instanceof protobuf.Type)) {
      throw new UserError(`${file}: no message type "${typeName}" (it has: ${messageNames(root).join(', ') || 'none'})`);
    }
    type = found;
  } else {
    type = firstMessage(root, sourceFile) ?? firstMessage(root);
    if (!type) throw new UserError(`${file}: no message type in the file`);
  }
  return {
    text,
    file,
    sourceFile,
    typeName: type.fullName.replace(/^\./, ''),
    hash: crypto.createHash('sha256').update(hashed).digest('hex').slice(0, 16),
    root,
    type,
    adapter: buildAdapter(type),
  };
}

/** The first message declared (in sourceFile, when given), top level before nested. */
function firstMessage(ns, sourceFile) {
  const inFile = (t) => !sourceFile || (t.filename && path.resolve(t.filename) === sourceFile);
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type && inFile(nested)) return nested;
  }
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Namespace) {
      const found = firstMessage(nested, sourceFile);
      if (found) return found;
    }
  }
  return null;
}

function messageNames(ns, out = []) {
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type) out.push(nested.fullName.replace(/^\./, ''));
    if (nested instanceof protobuf.Namespace) messageNames(nested, out);
  }
  return out;
}

function reachableTypes(rootType, seen = new Set()) {
  if (seen.has(rootType)) return seen;
  seen.add(rootType);
  for (const field of rootType.fieldsArray) {
    if (field.resolvedType instanceof protobuf.Type) reachableTypes(field.resolvedType, seen);
  }
  return seen;
}

/**
 * Builds the two functions that turn a JSON-shaped object into the shape the
 * schema encodes (json_name keys renamed to field names, arrays and maps that
 * proto cannot nest put inside their wrapper message, enum names turned into
 * numbers as protobuf.js's encoder expects) and back. Both are null when the
 * schema needs none of this, so the common case costs nothing.
 * @param {import('protobufjs').Type} rootType
 * @param {{ aliases?: boolean, longsAsStrings?: boolean }} [how] aliases: the payload writes some keys as the proto3
 *   JSON mapping also allows (lowerCamelCase or proto names beside json_name), so toProto accepts every spelling;
 *   longsAsStrings: it writes 64-bit integers as strings, so protobuf.js's toObject gives them back as strings
 * @returns {Adapter}
 */
export function buildAdapter(rootType, { aliases = false, longsAsStrings = false } = {}) {
  const toObjectOptions = longsAsStrings ? Object.freeze({ ...TO_OBJECT_OPTIONS, longs: String }) : undefined;
  const types = reachableTypes(rootType);
  const keyed = (t) => t.fieldsArray.some((f) => jsonKey(f) !== f.name || (aliases && fieldKeys(f).length > 1));
  const needs = new Set([...types].filter((t) => isWrapper(t) || keyed(t) || wellKnownKind(t)
    || t.fieldsArray.some((f) => f.resolvedType instanceof protobuf.Enum)));
  // a type needs the adapter if any type it reaches does; iterate to a fixed point, since schemas may be recursive
  for (let changed = true; changed;) {
    changed = false;
    for (const t of types) {
      if (!needs.has(t) && t.fieldsArray.some((f) => needs.has(f.resolvedType))) {
        needs.add(t);
        changed = true;
      }
    }
  }
  // what it was built for, so a worker or a page that rebuilds the schema builds the same adapter
  const fit = Object.freeze({ aliases, longsAsStrings });
  if (!needs.has(rootType)) return { toProto: null, fromProto: null, toObjectOptions, fit };

  // an Any's message, packed into its bytes and unpacked, with protobuf.js over the schema's types (as anyPack does)
  const innerAdapters = new Map();
  const innerAdapter = (inner) => {
    if (!innerAdapters.has(inner)) innerAdapters.set(inner, buildAdapter(inner, { aliases: true, longsAsStrings }));
    return innerAdapters.get(inner);
  };
  const packAny = (type, json) => {
    if (!isJsonObject(json) || !Object.hasOwn(json, '@type')) return json; // {}, or the message's own fields
    const inner = anyMessageType(type, json['@type']);
    if (!inner) throw new Error(`${JSON.stringify(json['@type'])} names no message in the schema`); // checkFits refused it first
    const { '@type': url, ...fields } = json;
    const body = isValueInAny(inner) ? json.value : fields;
    const { toProto: pack } = innerAdapter(inner);
    const bytes = inner.encode(pack ? pack(body) : body).finish();
    return { [type.fields.type_url ? 'type_url' : 'typeUrl']: url, value: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
  };
  const unpackAny = (type, message) => {
    if (message === null || typeof message !== 'object') return message;
    const url = message.type_url ?? message.typeUrl;
    if (!url) return {}; // an unset Any (proto3 JSON printers write {})
    const inner = anyMessageType(type, url);
    if (!inner) return message;
    const bytes = typeof message.value === 'string' ? Buffer.from(message.value, 'base64') : (message.value ?? new Uint8Array(0));
    const { fromProto: unpack, toObjectOptions: options } = innerAdapter(inner);
    const plain = inner.toObject(inner.decode(bytes), options ?? TO_OBJECT_OPTIONS);
    const body = unpack ? unpack(plain) : plain;
    return isValueInAny(inner) ? { '@type': url, value: body } : { '@type': url, ...body };
  };
  const convert = (type, value, toProto) => {
    // well-known types in their proto3 JSON forms (a Timestamp's string, a wrapper's bare value, a Struct's object)
    const wellKnown = wellKnownKind(type);
    if (wellKnown === 'Any') return toProto ? packAny(type, value) : unpackAny(type, value);
    if (wellKnown) {
      return toProto ? wellKnownToMessage(wellKnown, type, value, (f, v) => convertField(f, v, true))
        : wellKnownFromMessage(wellKnown, type, value, (f, v) => convertField(f, v, false));
    }
    if (value === null || typeof value !== 'object') return value;
    if (isWrapper(type)) {
      const inner = type.fieldsArray[0];
      if (toProto) return { value: convertField(inner, value, true) };
      return convertField(inner, value.value, false);
    }
    const out = {};
    if (toProto && aliases) {
      for (const key of Object.keys(value)) {
        const found = fieldForKey(type, key);
        if (found) setKey(out, found.field.name, convertField(found.field, value[key], true));
      }
      return out;
    }
    for (const field of type.fieldsArray) {
      const from = toProto ? jsonKey(field) : field.name;
      if (!Object.hasOwn(value, from)) continue;
      // an unset google.protobuf.Value field comes back as null (an unset message); JSON's null is its NullValue
      if (!toProto && value[from] === null && wellKnownKind(field.resolvedType) === 'Value') continue;
      setKey(out, toProto ? field.name : jsonKey(field), convertField(field, value[from], toProto));
    }
    return out;
  };
  const convertOne = (sub, value, toProto) => {
    if (sub instanceof protobuf.Enum) return toProto && typeof value === 'string' ? (sub.values[value] ?? value) : value;
    return convert(sub, value, toProto);
  };
  const convertField = (field, value, toProto) => {
    const sub = field.resolvedType;
    // null in a google.protobuf.Value field is the Value NullValue, not an unset field
    if (value === null && toProto && !field.repeated && !field.map && wellKnownKind(sub) === 'Value') return convertOne(sub, value, true);
    if (value == null || !(needs.has(sub) || (toProto && sub instanceof protobuf.Enum))) return value;
    if (field.map) {
      const out = {};
      for (const k of Object.keys(value)) setKey(out, k, convertOne(sub, value[k], toProto));
      return out;
    }
    if (field.repeated) return value.map((v) => convertOne(sub, v, toProto));
    return convertOne(sub, value, toProto);
  };
  return {
    toProto: (v) => convert(rootType, v, true),
    fromProto: (v) => convert(rootType, v, false),
    toObjectOptions,
    fit,
  };
}

/**
 * The schema a payload is measured with: the same as `schema`, with an adapter built for how the payload spells
 * its keys and 64-bit integers (see checkFits' answer).
 * @param {Schema} schema
 * @param {{ aliases: boolean, longsAsStrings: boolean }} fit what checkFits found
 * @returns {Schema}
 */
export function schemaForPayload(schema, fit) {
  if (!fit.aliases && !fit.longsAsStrings) return schema;
  return { ...schema, adapter: buildAdapter(schema.type, fit) };
}

const LONG = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const NUMERIC = new Set(['double', 'float', 'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32', ...LONG]);

/**
 * Checks that a JSON value can be encoded with a message type at all, and
 * throws a UserError naming the first JSON path that cannot. Values that
 * protobuf coerces (true into an int32, 1.5 into a float) are allowed here:
 * round-trip verification reports them as lossy, which is the point. Keys may
 * be spelled as the proto3 JSON mapping allows (json_name, lowerCamelCase or
 * the proto name); a proto2 `required` field must be present.
 * @param {import('protobufjs').Type} type
 * @param {any} value
 * @returns {{ aliases: boolean, longsAsStrings: boolean }} whether the payload spells some key other than the
 *   schema's json key (the adapter must accept it), and whether it writes some 64-bit integer as a string
 */
export function checkFits(type, value) {
  const found = { aliases: false, longsAsStrings: false };
  checkMessage(type, value, '$', 0, found);
  return found;
}

function checkMessage(type, value, path, depth, found) {
  if (depth > MAX_DEPTH) throw new UserError(`${path}: nested deeper than ${MAX_DEPTH} messages`);
  if (isWrapper(type)) {
    checkField(type.fieldsArray[0], value, path, type, depth, found);
    return;
  }
  const wellKnown = wellKnownKind(type);
  if (wellKnown) {
    checkWellKnown(wellKnown, type, value, path, depth, found);
    return;
  }
  if (!isJsonObject(value)) {
    throw new UserError(`${path}: expected an object for message ${type.name}, got ${jsonType(value)}`);
  }
  checkFields(type, value, path, depth, found);
}

/** Checks each key of a JSON object against a message's fields, and that its required fields are there. */
function checkFields(type, value, path, depth, found) {
  const seen = new Map();
  for (const key of Object.keys(value)) {
    const at = childPath(path, key);
    const match = fieldForKey(type, key);
    if (!match) throw new UserError(`${at}: message ${type.name} has no field for this key${keyHint(type, key)}`);
    const { field, alias } = match;
    if (seen.has(field)) throw new UserError(`${at}: field ${type.name}.${field.name} is also given as ${JSON.stringify(seen.get(field))}`);
    seen.set(field, key);
    if (alias) found.aliases = true;
    checkField(field, value[key], at, type, depth, found);
  }
  for (const field of type.fieldsArray) {
    if (field.required && (!seen.has(field) || value[seen.get(field)] === null)) {
      throw new UserError(`${childPath(path, jsonKey(field))}: required field ${type.name}.${field.name} is missing`);
    }
  }
}

/**
 * A well-known type in its proto3 JSON form, or written as its message's fields: one line naming the path and the
 * rule a value breaks (an RFC 3339 date-time, a Duration's range, lowerCamelCase FieldMask paths).
 */
function checkWellKnown(kind, type, value, path, depth, found) {
  const problem = wellKnownProblem(kind, value);
  if (problem) throw new UserError(`${path}: ${problem}`);
  if (kind === 'Any') {
    checkAny(type, value, path, depth, found);
    return;
  }
  if (kind === 'wrapper') {
    if (isJsonObject(value)) checkFields(type, value, path, depth, found);
    else checkScalarOrMessage(type.fieldsArray[0], value, path, depth, found);
    return;
  }
  if (kind === 'Struct' || kind === 'Value' || kind === 'ListValue') {
    // any JSON; protobuf nests two messages (a Value and a Struct or ListValue) per level of it
    const deepest = jsonDepth(value);
    if (depth + 2 * deepest > MAX_DEPTH) throw new UserError(`${path}: nested deeper than ${MAX_DEPTH} messages (a ${type.name} nests two per level of JSON)`);
    return;
  }
  if (isJsonObject(value) && kind !== 'Empty') {
    checkFields(type, value, path, depth, found);
    const fields = wellKnownFieldsProblem(kind, value);
    if (fields) throw new UserError(`${path}: not a google.protobuf.${kind}: ${fields}`);
  }
}

/**
 * An Any in proto3 JSON: {"@type": "type.googleapis.com/pkg.Msg", …its message's fields} or, for a well-known type
 * with a JSON form of its own, {"@type": …, "value": …}. Its message must be one of the schema's types (defined or
 * imported), since packing it takes its schema. {} is an unset Any; {"type_url", "value"} its own fields.
 */
function checkAny(type, value, path, depth, found) {
  if (!Object.hasOwn(value, '@type')) {
    const stray = Object.keys(value).find((k) => !fieldForKey(type, k));
    if (stray !== undefined) throw new UserError(`${path}: an Any names its message with "@type" ("type.googleapis.com/pkg.Msg") beside the message's fields`);
    checkFields(type, value, path, depth, found);
    return;
  }
  const url = value['@type'];
  const at = childPath(path, '@type');
  const inner = anyMessageType(type, url);
  if (!inner) {
    throw new UserError(`${at}: ${jsonType(url)} names no message type of the schema (an Any's message, "type.googleapis.com/pkg.Msg", must be defined or imported by the .proto)`);
  }
  if (isValueInAny(inner)) {
    const extra = Object.keys(value).find((k) => k !== '@type' && k !== 'value');
    if (extra !== undefined) throw new UserError(`${childPath(path, extra)}: an Any holding ${inner.fullName.slice(1)} has only "@type" and "value"`);
    if (Object.hasOwn(value, 'value')) checkMessage(inner, value.value, childPath(path, 'value'), depth + 1, found);
    return;
  }
  const { '@type': _, ...fields } = value;
  checkMessage(inner, fields, path, depth + 1, found);
}

/** How many arrays and objects deep a JSON value nests (0 for a scalar). */
function jsonDepth(value) {
  let deepest = 0;
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > deepest) deepest = d + 1;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

/** A hint for an unknown key: the field it may have meant, by the names the proto3 JSON mapping accepts. */
function keyHint(type, key) {
  const folded = key.replace(/[_-]/g, '').toLowerCase();
  const near = type.fieldsArray.find((f) => [f.name, lowerCamelCase(f.name)].some((k) => k.replace(/_/g, '').toLowerCase() === folded));
  const names = type.fieldsArray.map((f) => jsonKey(f));
  if (near) return ` (did you mean ${JSON.stringify(jsonKey(near))}?)`;
  const list = names.slice(0, 8).join(', ');
  return names.length ? ` (its fields: ${list}${names.length > 8 ? ', …' : ''})` : ' (it has no fields)';
}

function checkField(field, value, path, parent, depth, found) {
  if (value === null) {
    if (field.required) throw new UserError(`${path}: null in required field ${parent.name}.${field.name}`);
    if (field.repeated || field.map || field.resolvedType instanceof protobuf.Type || field.partOf || field.hasPresence) return;
    throw new UserError(`${path}: null, but field ${parent.name}.${field.name} has no presence (declare it optional)`);
  }
  if (field.map) {
    if (!isJsonObject(value)) throw new UserError(`${path}: expected an object for map field ${field.name}, got ${jsonType(value)}`);
    for (const k of Object.keys(value)) checkScalarOrMessage(field, value[k], childPath(path, k), depth, found);
    return;
  }
  if (field.repeated) {
    if (!Array.isArray(value)) throw new UserError(`${path}: expected an array for repeated field ${field.name}, got ${jsonType(value)}`);
    value.forEach((v, i) => {
      if (v === null && wellKnownKind(field.resolvedType) !== 'Value') throw new UserError(`${childPath(path, i)}: null inside repeated field ${field.name}`);
      checkScalarOrMessage(field, v, childPath(path, i), depth, found);
    });
    return;
  }
  checkScalarOrMessage(field, value, path, depth, found);
}

function checkScalarOrMessage(field, value, path, depth, found) {
  const sub = field.resolvedType;
  if (sub instanceof protobuf.Type) {
    checkMessage(sub, value, path, depth + 1, found);
    return;
  }
  const t = typeof value;
  let ok = false;
  if (sub instanceof protobuf.Enum) ok = t === 'string' ? Object.hasOwn(sub.values, value) : t === 'number';
  else if (field.type === 'string' || field.type === 'bytes') ok = t === 'string';
  else if (field.type === 'bool' || NUMERIC.has(field.type)) ok = t === 'number' || t === 'boolean';
  // the proto3 JSON mapping writes 64-bit integers as strings; protobuf.js encodes them (they decode as numbers)
  if (!ok && LONG.has(field.type) && t === 'string' && /^-?\d+$/.test(value)) {
    ok = true;
    found.longsAsStrings = true;
  }
  if (!ok && sub instanceof protobuf.Enum && t === 'string') {
    throw new UserError(`${path}: ${JSON.stringify(value).slice(0, 40)} is not a value of enum ${sub.name} (it has: ${Object.keys(sub.values).slice(0, 8).join(', ')})`);
  }
  if (!ok) throw new UserError(`${path}: ${jsonType(value)} does not fit field ${field.name} of type ${field.type}`);
}


function jsonType(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`.slice(0, 60);
}

/**
 * @typedef {object} Schema
 * @property {string} text the .proto source
 * @property {string} file where it came from (a path, or a description for inferred schemas)
 * @property {string|null} sourceFile absolute path of the .proto when it was loaded from a file (imports resolve from there)
 * @property {string} typeName the message the payload is encoded as
 * @property {string} hash short content hash of text, for caches of generated code
 * @property {import('protobufjs').Root} root
 * @property {import('protobufjs').Type} type
 * @property {Adapter} adapter
 */

/**
 * @typedef {object} Adapter
 * @property {((v: any) => any) | null} toProto
 * @property {((v: any) => any) | null} fromProto
 * @property {object} [toObjectOptions] protobuf.js toObject options when not TO_OBJECT_OPTIONS
 * @property {{ aliases: boolean, longsAsStrings: boolean }} [fit] how the payload spells keys and 64-bit integers, as
 *   buildAdapter was told (rebuild the schema elsewhere with buildAdapter(type, fit))
 */
