import fs from 'node:fs';
import crypto from 'node:crypto';
import protobuf from 'protobufjs';
import { UserError, childPath } from './errors.js';

/**
 * How every protobuf codec turns a decoded message into a plain object:
 * int64 as JS numbers, enums by name, bytes as base64 (the proto3 JSON
 * mapping), and default values filled in, so that a zero, an empty string or
 * false (which proto3 does not put on the wire) comes back as it went in.
 */
export const TO_OBJECT_OPTIONS = Object.freeze({
  longs: Number, enums: String, bytes: String, defaults: true, arrays: true, objects: true,
});

const WRAPPER_MARK = '@json-wrapper';

/**
 * Parses .proto text and picks the message type the payload is encoded as.
 * @param {string} text the .proto source
 * @param {{ file?: string, typeName?: string }} [where] file names the source in errors;
 *   typeName defaults to the first message in the file
 * @returns {Schema}
 */
export function parseSchema(text, { file = '<schema>', typeName } = {}) {
  let parsed;
  try {
    parsed = protobuf.parse(text, { keepCase: true, alternateCommentMode: true });
  } catch (err) {
    throw new UserError(`${file}: ${err.message.replace(/\s+/g, ' ')}`);
  }
  const { root } = parsed;
  try {
    root.resolveAll();
  } catch (err) {
    throw new UserError(`${file}: ${err.message.replace(/\s+/g, ' ')}`);
  }
  let type;
  if (typeName) {
    const found = root.lookup(typeName);
    if (!(found instanceof protobuf.Type)) {
      throw new UserError(`${file}: no message type "${typeName}" (it has: ${messageNames(root).join(', ') || 'none'})`);
    }
    type = found;
  } else {
    type = firstMessage(root);
    if (!type) throw new UserError(`${file}: no message type in the file`);
  }
  return {
    text,
    file,
    typeName: type.fullName.replace(/^\./, ''),
    hash: crypto.createHash('sha256').update(text).digest('hex').slice(0, 16),
    root,
    type,
    adapter: buildAdapter(type),
  };
}

/**
 * Reads and parses a .proto file.
 * @param {string} file
 * @param {string} [typeName]
 * @returns {Schema}
 */
export function loadSchemaFile(file, typeName) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`${file}: ${err.code === 'ENOENT' ? 'no such file or directory' : err.message}`);
  }
  return parseSchema(text, { file, typeName });
}

function firstMessage(ns) {
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type) return nested;
  }
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Namespace) {
      const found = firstMessage(nested);
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

/** A message marked `// @json-wrapper` above it stands for its one field `value`. */
function isWrapper(type) {
  return typeof type.comment === 'string' && type.comment.trimStart().startsWith(WRAPPER_MARK)
    && type.fieldsArray.length === 1 && type.fieldsArray[0].name === 'value';
}

/** The key a field has in the JSON payload: its json_name where the schema gives one. */
export function jsonKey(field) {
  return (field.options && field.options.json_name) || field.name;
}

/**
 * Builds the two functions that turn a JSON-shaped object into the shape the
 * schema encodes (json_name keys renamed to field names, arrays and maps that
 * proto cannot nest put inside their wrapper message) and back. Both are null
 * when the schema needs neither, so the common case costs nothing.
 * @param {import('protobufjs').Type} rootType
 * @returns {{ toProto: ((v: any) => any) | null, fromProto: ((v: any) => any) | null }}
 */
export function buildAdapter(rootType) {
  const needs = new Map();
  const typeNeeds = (type) => {
    if (needs.has(type)) return needs.get(type);
    needs.set(type, false); // cycles: assume not, corrected below if a field needs it
    let result = isWrapper(type);
    for (const field of type.fieldsArray) {
      if (jsonKey(field) !== field.name) result = true;
      if (field.resolvedType instanceof protobuf.Type && typeNeeds(field.resolvedType)) result = true;
    }
    needs.set(type, result);
    return result;
  };
  if (!typeNeeds(rootType)) return { toProto: null, fromProto: null };

  const convert = (type, value, toProto) => {
    if (value === null || typeof value !== 'object') return value;
    if (isWrapper(type)) {
      const inner = type.fieldsArray[0];
      if (toProto) return { value: convertField(inner, value, true) };
      return convertField(inner, value.value, false);
    }
    const out = {};
    for (const field of type.fieldsArray) {
      const from = toProto ? jsonKey(field) : field.name;
      if (!(from in value)) continue;
      out[toProto ? field.name : jsonKey(field)] = convertField(field, value[from], toProto);
    }
    return out;
  };
  const convertField = (field, value, toProto) => {
    const sub = field.resolvedType;
    if (!(sub instanceof protobuf.Type) || !typeNeeds(sub) || value == null) return value;
    if (field.map) {
      const out = {};
      for (const k of Object.keys(value)) out[k] = convert(sub, value[k], toProto);
      return out;
    }
    if (field.repeated) return value.map((v) => convert(sub, v, toProto));
    return convert(sub, value, toProto);
  };
  return {
    toProto: (v) => convert(rootType, v, true),
    fromProto: (v) => convert(rootType, v, false),
  };
}

const NUMERIC = new Set(['double', 'float', 'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32',
  'int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

/**
 * Checks that a JSON value can be encoded with a message type at all, and
 * throws a UserError naming the first JSON path that cannot. Values that
 * protobuf coerces (true into an int32, 1.5 into a float) are allowed here:
 * round-trip verification reports them as lossy, which is the point.
 * @param {import('protobufjs').Type} type
 * @param {any} value
 * @param {string} [path]
 */
export function checkFits(type, value, path = '$') {
  if (isWrapper(type)) {
    checkField(type.fieldsArray[0], value, path, type);
    return;
  }
  if (!isPlainObject(value)) throw new UserError(`${path}: expected an object for message ${type.name}, got ${jsonType(value)}`);
  const byKey = new Map(type.fieldsArray.map((f) => [jsonKey(f), f]));
  for (const key of Object.keys(value)) {
    const field = byKey.get(key);
    const at = childPath(path, key);
    if (!field) throw new UserError(`${at}: message ${type.name} has no field for this key`);
    checkField(field, value[key], at, type);
  }
}

function checkField(field, value, path, parent) {
  if (value === null) {
    if (field.repeated || field.map || field.resolvedType instanceof protobuf.Type || field.partOf) return;
    throw new UserError(`${path}: null, but field ${parent.name}.${field.name} has no presence (declare it optional)`);
  }
  if (field.map) {
    if (!isPlainObject(value)) throw new UserError(`${path}: expected an object for map field ${field.name}, got ${jsonType(value)}`);
    for (const k of Object.keys(value)) checkScalarOrMessage(field, value[k], childPath(path, k));
    return;
  }
  if (field.repeated) {
    if (!Array.isArray(value)) throw new UserError(`${path}: expected an array for repeated field ${field.name}, got ${jsonType(value)}`);
    value.forEach((v, i) => {
      if (v === null) throw new UserError(`${childPath(path, i)}: null inside repeated field ${field.name}`);
      checkScalarOrMessage(field, v, childPath(path, i));
    });
    return;
  }
  checkScalarOrMessage(field, value, path);
}

function checkScalarOrMessage(field, value, path) {
  const sub = field.resolvedType;
  if (sub instanceof protobuf.Type) {
    checkFits(sub, value, path);
    return;
  }
  const t = typeof value;
  let ok;
  if (sub instanceof protobuf.Enum) ok = t === 'string' ? value in sub.values : t === 'number';
  else if (field.type === 'string' || field.type === 'bytes') ok = t === 'string';
  else if (field.type === 'bool' || NUMERIC.has(field.type)) ok = t === 'number' || t === 'boolean';
  else ok = false;
  if (!ok) throw new UserError(`${path}: ${jsonType(value)} does not fit field ${field.name} of type ${field.type}`);
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
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
 * @property {string} typeName the message the payload is encoded as
 * @property {string} hash short content hash of text, for caches of generated code
 * @property {import('protobufjs').Root} root
 * @property {import('protobufjs').Type} type
 * @property {{ toProto: Function|null, fromProto: Function|null }} adapter
 */
