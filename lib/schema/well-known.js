/**
 * The well-known types (google/protobuf/*.proto) in their proto3 JSON forms ("ProtoJSON",
 * https://protobuf.dev/programming-guides/json/): a Timestamp is an RFC 3339 string, a Duration "1.5s", a wrapper its
 * bare value, a Struct a plain JSON object, a Value any JSON value, a ListValue an array, a FieldMask "a,bC", an Empty
 * {}, an Any its message's JSON with "@type". Pure conversions between those forms and the messages' fields (the
 * shape every codec encodes), the checks a ProtoJSON parser makes on them, and the one spelling each is compared in.
 */
import protobuf from 'protobufjs';
import { isJsonObject, setKey } from '../json.js';

/**
 * @typedef {import('../json.js').JsonObject} JsonObject
 * @typedef {import('protobufjs').Type} Type
 * @typedef {import('protobufjs').Field} Field
 */

const WRAPPERS = new Set(['DoubleValue', 'FloatValue', 'Int64Value', 'UInt64Value', 'Int32Value', 'UInt32Value',
  'BoolValue', 'StringValue', 'BytesValue']);
const SPECIAL = new Set(['Timestamp', 'Duration', 'Struct', 'Value', 'ListValue', 'FieldMask', 'Empty', 'Any']);

/** Timestamps span 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z (timestamp.proto). */
const MIN_SECONDS = -62135596800;
const MAX_SECONDS = 253402300799;
/** Durations span ±10,000 years, ±315,576,000,000 s (duration.proto). */
const MAX_DURATION = 315576000000;

/**
 * Which well-known type a message type is, with a proto3 JSON form of its own: 'Timestamp', 'Duration', 'Struct',
 * 'Value', 'ListValue', 'FieldMask', 'Empty', 'Any', or 'wrapper' (DoubleValue … BytesValue); null for any other.
 * @param {unknown} type
 * @returns {string|null}
 */
export function wellKnownKind(type) {
  if (!(type instanceof protobuf.Type) || type.fullName.slice(0, 17) !== '.google.protobuf.') return null;
  const name = type.fullName.slice(17);
  if (SPECIAL.has(name)) return name;
  return WRAPPERS.has(name) ? 'wrapper' : null;
}

/** @param {string} name */
const camel = (name) => name.replace(/_+([a-z0-9]?)/gi, (_, /** @type {string} */ c) => c.toUpperCase());

/**
 * A field of a message in its plain shape, under its proto name or its JSON name: protobuf.js's bundled
 * google/protobuf types name Value's fields in lowerCamelCase (nullValue), generated code in snake_case (null_value).
 * @param {JsonObject} obj
 * @param {string} protoName
 */
const read = (obj, protoName) => (Object.hasOwn(obj, protoName) ? obj[protoName] : obj[camel(protoName)]);

/**
 * The key a message type's own field has (protobuf.js's bundled types may spell it in lowerCamelCase).
 * @param {Type} type
 * @param {string} protoName
 */
const keyIn = (type, protoName) => (type.fields[protoName] ? protoName : camel(protoName));

/**
 * A 64-bit integer as plain objects hold it (number, decimal string, BigInt, Long) as a JS number.
 * @param {unknown} v
 * @returns {number}
 */
const toNumber = (v) => (v === undefined || v === null ? 0 : Number(typeof v === 'object' ? String(v) : v));

// ---- Timestamp ----

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time as a Timestamp's seconds and nanos, or the rule it breaks.
 * @param {string} text
 * @returns {{ seconds: number, nanos: number } | { error: string }}
 */
export function parseTimestamp(text) {
  const m = RFC3339.exec(text);
  if (!m) return { error: 'proto3 JSON writes a Timestamp as an RFC 3339 date-time, "2024-01-02T03:04:05.123Z" or with an offset "+01:00"' };
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (month < 1 || month > 12 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return { error: 'no such date or time of day (RFC 3339: month 01-12, a day of that month, 00:00:00 to 23:59:59)' };
  }
  const offsetHours = m[8] ? Number(m[9]) : 0;
  const offsetMinutes = m[8] ? Number(m[10]) : 0;
  if (offsetHours > 23 || offsetMinutes > 59) return { error: 'the UTC offset is not a time of day (RFC 3339: +HH:MM, HH 00-23, MM 00-59)' };
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  const seconds = date.getTime() / 1000 - offset;
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) return { error: 'outside the Timestamp range 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z' };
  return { seconds, nanos: Number((m[7] ?? '').padEnd(9, '0')) };
}

/**
 * Nanoseconds as proto3 JSON printers write them: no fraction, or 3, 6 or 9 digits.
 * @param {number} nanos
 */
function fraction(nanos) {
  if (nanos === 0) return '';
  const digits = String(nanos).padStart(9, '0');
  if (nanos % 1e6 === 0) return `.${digits.slice(0, 3)}`;
  return nanos % 1e3 === 0 ? `.${digits.slice(0, 6)}` : `.${digits}`;
}

/**
 * A Timestamp's seconds and nanos as proto3 JSON printers write it: UTC, "Z", 0, 3, 6 or 9 fraction digits.
 * @param {number} seconds
 * @param {number} nanos
 */
export function formatTimestamp(seconds, nanos) {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, `${fraction(nanos)}Z`);
}

/**
 * The rule a Timestamp's fields break, or null: seconds in 0001-01-01 to 9999-12-31, nanos 0 to 999,999,999.
 * @param {number} seconds
 * @param {number} nanos
 * @returns {string|null}
 */
export function timestampFieldsProblem(seconds, nanos) {
  if (!Number.isInteger(seconds) || seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    return `seconds ${seconds} is outside the Timestamp range 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z (${MIN_SECONDS} to ${MAX_SECONDS})`;
  }
  if (!Number.isInteger(nanos) || nanos < 0 || nanos > 999999999) return `nanos ${nanos} is outside 0 to 999999999`;
  return null;
}

// ---- Duration ----

const DURATION = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/;

/**
 * A Duration's proto3 JSON string ("1.5s", "-0.000001s") as seconds and nanos (of one sign), or the rule it breaks.
 * @param {string} text
 * @returns {{ seconds: number, nanos: number } | { error: string }}
 */
export function parseDuration(text) {
  const m = DURATION.exec(text);
  if (!m) return { error: 'proto3 JSON writes a Duration as seconds with up to 9 fraction digits and an "s": "1.5s", "-0.000001s"' };
  const sign = m[1] ? -1 : 1;
  const seconds = Number(m[2]);
  if (seconds > MAX_DURATION) return { error: `outside the Duration range of ±${MAX_DURATION} seconds (10,000 years)` };
  const nanos = Number((m[3] ?? '').padEnd(9, '0'));
  return { seconds: sign * seconds || 0, nanos: sign * nanos || 0 };
}

/**
 * A Duration's seconds and nanos as proto3 JSON printers write it: "1.500s", "-0.5s", "3s".
 * @param {number} seconds
 * @param {number} nanos
 */
export function formatDuration(seconds, nanos) {
  const negative = seconds < 0 || nanos < 0;
  return `${negative ? '-' : ''}${Math.abs(seconds)}${fraction(Math.abs(nanos))}s`;
}

/**
 * The rule a Duration's fields break, or null: ±315,576,000,000 s, nanos of the seconds' sign and under 1 s.
 * @param {number} seconds
 * @param {number} nanos
 * @returns {string|null}
 */
export function durationFieldsProblem(seconds, nanos) {
  if (!Number.isInteger(seconds) || Math.abs(seconds) > MAX_DURATION) return `seconds ${seconds} is outside the Duration range of ±${MAX_DURATION}`;
  if (!Number.isInteger(nanos) || Math.abs(nanos) > 999999999) return `nanos ${nanos} is outside -999999999 to 999999999`;
  if ((seconds > 0 && nanos < 0) || (seconds < 0 && nanos > 0)) return `seconds ${seconds} and nanos ${nanos} have different signs`;
  return null;
}

// ---- FieldMask ----

/**
 * A FieldMask's proto3 JSON string ("user.displayName,photo") as its paths (["user.display_name", "photo"]), or
 * the rule it breaks: paths are lowerCamelCase in JSON, so an underscore cannot be in one.
 * @param {string} text
 * @returns {{ paths: string[] } | { error: string }}
 */
export function parseFieldMask(text) {
  if (text === '') return { paths: [] };
  const paths = text.split(',');
  const bad = paths.find((p) => !/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/.test(p));
  if (bad !== undefined) {
    return { error: `path ${JSON.stringify(bad)}: proto3 JSON writes a FieldMask as comma-separated lowerCamelCase paths, "user.displayName,photo" (no underscores or spaces)` };
  }
  return { paths: paths.map((p) => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) };
}

/**
 * A FieldMask's paths as proto3 JSON writes them.
 * @param {string[]} paths
 */
export const formatFieldMask = (paths) => paths.map(camel).join(',');

// ---- Struct, Value, ListValue ----

/**
 * The message type of a field of one of google/protobuf's types (Value's struct_value, Struct's fields, …).
 * @param {Type} type
 * @param {string} protoName
 * @returns {Type}
 */
function messageOf(type, protoName) {
  const sub = type.fields[keyIn(type, protoName)]?.resolvedType;
  if (!(sub instanceof protobuf.Type)) throw new Error(`${type.fullName} has no message field ${protoName}`);
  return sub;
}

/**
 * A JSON value as a google.protobuf.Value message's fields (keys as `valueType` names them).
 * @param {Type} valueType
 * @param {unknown} json
 * @returns {JsonObject}
 */
function jsonToValue(valueType, json) {
  const key = (/** @type {string} */ name) => keyIn(valueType, name);
  if (json === null) return { [key('null_value')]: 0 };
  if (typeof json === 'number') return { [key('number_value')]: json };
  if (typeof json === 'string') return { [key('string_value')]: json };
  if (typeof json === 'boolean') return { [key('bool_value')]: json };
  if (Array.isArray(json)) return { [key('list_value')]: jsonToList(messageOf(valueType, 'list_value'), json) };
  if (isJsonObject(json)) return { [key('struct_value')]: jsonToStruct(messageOf(valueType, 'struct_value'), json) };
  throw new TypeError(`a ${typeof json} is not a JSON value, so no google.protobuf.Value holds it`);
}

/**
 * @param {Type} structType google.protobuf.Struct
 * @param {JsonObject} json
 */
function jsonToStruct(structType, json) {
  const valueType = messageOf(structType, 'fields');
  /** @type {JsonObject} */
  const fields = {};
  for (const k of Object.keys(json)) setKey(fields, k, jsonToValue(valueType, json[k]));
  return { fields };
}

/**
 * @param {Type} listType google.protobuf.ListValue
 * @param {unknown[]} json
 */
function jsonToList(listType, json) {
  const valueType = messageOf(listType, 'values');
  return { values: json.map((v) => jsonToValue(valueType, v)) };
}

/**
 * A google.protobuf.Value message in any plain shape (either key spelling) as the JSON value it holds.
 * @param {unknown} message
 * @returns {unknown}
 */
function valueToJson(message) {
  if (!isJsonObject(message)) return null; // an unset Value (null, undefined); no plain form of a message is anything else
  let v;
  if ((v = read(message, 'number_value')) !== undefined && v !== null) return Number(v);
  if ((v = read(message, 'string_value')) !== undefined && v !== null) return v;
  if ((v = read(message, 'bool_value')) !== undefined && v !== null) return v;
  if ((v = read(message, 'struct_value')) !== undefined && v !== null) return structToJson(v);
  if ((v = read(message, 'list_value')) !== undefined && v !== null) return listToJson(v);
  return null; // null_value, or no kind set (which ProtoJSON printers refuse; null is the nearest JSON)
}

/**
 * A google.protobuf.Struct message's fields as the JSON object it stands for.
 * @param {unknown} message
 * @returns {JsonObject}
 */
export function structToJson(message) {
  /** @type {JsonObject} */
  const out = {};
  const fields = isJsonObject(message) && isJsonObject(message.fields) ? message.fields : {};
  for (const k of Object.keys(fields)) setKey(out, k, valueToJson(fields[k]));
  return out;
}

/**
 * A google.protobuf.ListValue message's values as the JSON array it stands for.
 * @param {unknown} message
 */
function listToJson(message) {
  return isJsonObject(message) && Array.isArray(message.values) ? message.values.map(valueToJson) : [];
}

/**
 * A JSON object as a google.protobuf.Struct message's plain fields, with snake_case keys (what generated code
 * names them): for a library that holds a Struct field as a JSON object (protobuf-es) and gives it back so.
 * @param {JsonObject} json
 * @returns {{ fields: JsonObject }}
 */
export function jsonToStructMessage(json) {
  /** @type {(v: unknown) => JsonObject} */
  const value = (v) => {
    if (v === null) return { null_value: 'NULL_VALUE' };
    if (typeof v === 'number') return { number_value: v };
    if (typeof v === 'string') return { string_value: v };
    if (typeof v === 'boolean') return { bool_value: v };
    if (Array.isArray(v)) return { list_value: { values: v.map(value) } };
    if (isJsonObject(v)) return { struct_value: jsonToStructMessage(v) };
    throw new TypeError(`a ${typeof v} is not a JSON value, so no google.protobuf.Struct holds it`);
  };
  /** @type {JsonObject} */
  const fields = {};
  for (const k of Object.keys(json)) setKey(fields, k, value(json[k]));
  return { fields };
}

// ---- Any ----

/**
 * The message type an Any's "@type" names ("type.googleapis.com/pkg.Msg": the name after the last "/"), looked up
 * among the schema's types; null when it names none.
 * @param {import('protobufjs').Type} anyType
 * @param {unknown} url
 * @returns {import('protobufjs').Type | null}
 */
export function anyMessageType(anyType, url) {
  if (typeof url !== 'string') return null;
  const name = url.slice(url.lastIndexOf('/') + 1);
  if (!url.includes('/') || !/^[A-Za-z_][\w.]*$/.test(name)) return null;
  const found = anyType.root.lookup(`.${name}`);
  return found instanceof protobuf.Type ? found : null;
}

/**
 * True when a message inside an Any is written as {"@type": …, "value": <its JSON>} (the well-known types with a JSON
 * form of their own), not with its fields beside "@type".
 * @param {import('protobufjs').Type} type
 */
export const isValueInAny = (type) => {
  const kind = wellKnownKind(type);
  return kind !== null && kind !== 'Empty';
};

// ---- the conversions ----

/**
 * A well-known type's proto3 JSON form as its message's plain fields (what every codec's from-plain takes). The
 * message's own fields ({"seconds": "1700000000"}) are taken as they are; `inner` converts a wrapper's value.
 * @param {string} kind from wellKnownKind
 * @param {Type} type
 * @param {unknown} json
 * @param {(field: Field, value: unknown) => unknown} inner converts a field's value to its plain form
 * @returns {unknown}
 */
export function wellKnownToMessage(kind, type, json, inner) {
  switch (kind) {
    case 'Timestamp': case 'Duration': {
      if (typeof json !== 'string') return json;
      const parsed = kind === 'Timestamp' ? parseTimestamp(json) : parseDuration(json);
      if ('error' in parsed) throw new Error(`${JSON.stringify(json)}: ${parsed.error}`); // checkFits refused it first
      return { seconds: parsed.seconds, nanos: parsed.nanos };
    }
    case 'FieldMask': {
      if (typeof json !== 'string') return json;
      const parsed = parseFieldMask(json);
      if ('error' in parsed) throw new Error(parsed.error);
      return { paths: parsed.paths };
    }
    case 'wrapper':
      if (!isJsonObject(json)) return { value: inner(type.fieldsArray[0], json) };
      // written as its message ({"value": "12"}): its value converted as the bare one is
      return Object.hasOwn(json, 'value') ? { ...json, value: inner(type.fieldsArray[0], json.value) } : json;
    case 'Struct':
      if (!isJsonObject(json)) throw new Error(`${describe(json)} is not a google.protobuf.Struct`); // checkFits refused it first
      return jsonToStruct(type, json);
    case 'ListValue':
      if (!Array.isArray(json)) throw new Error(`${describe(json)} is not a google.protobuf.ListValue`); // checkFits refused it first
      return jsonToList(type, json);
    case 'Value': return jsonToValue(type, json);
    default: return json; // Empty
  }
}

/**
 * A well-known type's message, as a codec's to-plain gives it, in its proto3 JSON form.
 * @param {string} kind from wellKnownKind
 * @param {Type} type
 * @param {unknown} message
 * @param {(field: Field, value: unknown) => unknown} inner converts a field's plain value back
 * @returns {unknown}
 */
export function wellKnownFromMessage(kind, type, message, inner) {
  if (kind === 'Value') return valueToJson(message);
  if (!isJsonObject(message)) return message; // a message's plain form is an object
  switch (kind) {
    case 'Timestamp': return formatTimestamp(toNumber(message.seconds), toNumber(message.nanos));
    case 'Duration': return formatDuration(toNumber(message.seconds), toNumber(message.nanos));
    case 'FieldMask': return formatFieldMask(Array.isArray(message.paths) ? message.paths : []);
    case 'wrapper': return inner(type.fieldsArray[0], message.value);
    case 'Struct': return structToJson(message);
    case 'ListValue': return listToJson(message);
    default: return {}; // Empty
  }
}

/**
 * The rule a well-known type's proto3 JSON value breaks, or null. A JSON object is a Timestamp's, Duration's,
 * FieldMask's or wrapper's own fields (checked as a message, then by `fieldsProblem`); Struct, Value and ListValue
 * take only their JSON forms.
 * @param {string} kind
 * @param {unknown} json
 * @returns {string|null}
 */
export function wellKnownProblem(kind, json) {
  const name = `google.protobuf.${kind}`;
  switch (kind) {
    case 'Timestamp': case 'Duration': case 'FieldMask': {
      if (isJsonObject(json)) return null;
      if (typeof json !== 'string') return `${describe(json)} is not a ${name} (proto3 JSON writes it as a string)`;
      const parsed = kind === 'Timestamp' ? parseTimestamp(json) : kind === 'Duration' ? parseDuration(json) : parseFieldMask(json);
      return 'error' in parsed ? `${describe(json)} is not a ${name}: ${parsed.error}` : null;
    }
    case 'Struct': return isJsonObject(json) ? null : `${describe(json)} is not a ${name} (proto3 JSON writes it as a JSON object)`;
    case 'ListValue': return Array.isArray(json) ? null : `${describe(json)} is not a ${name} (proto3 JSON writes it as a JSON array)`;
    case 'Empty': return isJsonObject(json) && Object.keys(json).length === 0 ? null : `${describe(json)} is not a ${name} (proto3 JSON writes it as {})`;
    case 'Any': return isJsonObject(json) ? null : `${describe(json)} is not a ${name} (proto3 JSON writes it as an object with "@type")`;
    default: return null;
  }
}

/**
 * The rule the fields of a Timestamp or Duration written as its message break, or null.
 * @param {string} kind
 * @param {JsonObject} json
 * @returns {string|null}
 */
export function wellKnownFieldsProblem(kind, json) {
  const seconds = toNumber(json.seconds);
  const nanos = toNumber(json.nanos);
  if (kind === 'Timestamp') return timestampFieldsProblem(seconds, nanos);
  if (kind === 'Duration') return durationFieldsProblem(seconds, nanos);
  return null;
}

/** The proto3 JSON mapping's rules for the well-known types, in the order a verdict lists them. */
export const WELL_KNOWN_RULES = Object.freeze([
  'timestamp-instant', // one instant in RFC 3339 spellings (fraction digits, offset) or as {seconds, nanos}
  'duration-value', // one duration as "1.5s", "1.500s" or {seconds, nanos}
  'wrapper-value', // a wrapper's bare value and {"value": …}
  'field-mask-paths', // "a,bC" and {"paths": ["a", "b_c"]}
]);

/**
 * A well-known type's value in the one spelling it is compared in, under the rules given; a spelling the rules do
 * not cover is kept as written, so a comparison sees it. Struct, Value and ListValue are JSON as they are.
 * @param {string} kind
 * @param {Type} type
 * @param {unknown} json
 * @param {ReadonlySet<string>} rules
 * @param {(field: Field, value: unknown) => unknown} inner canonical form of a wrapper's value
 * @param {(value: unknown) => unknown} asMessage canonical form of the value as the type's own fields
 * @param {(type: Type, value: unknown) => unknown} canonicalAny canonical form of an Any's message
 * @returns {unknown}
 */
export function canonicalWellKnown(kind, type, json, rules, inner, asMessage, canonicalAny) {
  switch (kind) {
    case 'Timestamp': case 'Duration': {
      const rule = kind === 'Timestamp' ? 'timestamp-instant' : 'duration-value';
      if (!rules.has(rule)) return isJsonObject(json) ? asMessage(json) : json;
      const parts = typeof json === 'string' ? (kind === 'Timestamp' ? parseTimestamp(json) : parseDuration(json))
        : isJsonObject(json) ? { seconds: toNumber(json.seconds), nanos: toNumber(json.nanos) } : null;
      if (!parts || 'error' in parts) return json;
      return kind === 'Timestamp' ? formatTimestamp(parts.seconds, parts.nanos) : formatDuration(parts.seconds, parts.nanos);
    }
    case 'FieldMask':
      if (rules.has('field-mask-paths') && isJsonObject(json) && Array.isArray(json.paths)) return formatFieldMask(json.paths);
      return isJsonObject(json) ? asMessage(json) : json;
    case 'wrapper': {
      const field = type.fieldsArray[0];
      if (!isJsonObject(json)) return inner(field, json);
      if (!rules.has('wrapper-value')) return asMessage(json);
      // {} is the wrapper holding its type's zero (its value field has no presence)
      return inner(field, json.value ?? zeroOf(field.type));
    }
    case 'Empty':
      return asMessage(json);
    case 'Any': {
      if (!isJsonObject(json)) return json;
      const inner = anyMessageType(type, json['@type']);
      if (!inner) return Object.hasOwn(json, '@type') ? json : asMessage(json);
      if (isValueInAny(inner)) return { '@type': json['@type'], value: canonicalAny(inner, json.value) };
      const { '@type': url, ...fields } = json;
      const canonical = canonicalAny(inner, fields);
      // a message's fields (a JSON object) stay an object in their canonical form
      if (!isJsonObject(canonical)) throw new Error(`the canonical form of an Any's ${inner.fullName.slice(1)} is not an object`);
      return { '@type': url, ...canonical };
    }
    default: // Struct, Value, ListValue: their JSON is the data
      return json;
  }
}

/**
 * A scalar type's zero as proto3 JSON writes it.
 * @param {string} scalar
 */
function zeroOf(scalar) {
  if (scalar === 'bool') return false;
  return scalar === 'string' || scalar === 'bytes' ? '' : 0;
}

/**
 * A JSON value for a message: 'null', 'an array', 'an object', or the value (cut short).
 * @param {unknown} v
 */
function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v);
  return s.length > 48 ? `${s.slice(0, 45)}…` : s;
}
