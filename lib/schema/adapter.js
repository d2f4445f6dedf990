import protobuf from 'protobufjs';
import { fromBase64, toBase64 } from '../base64.js';
import { isJsonObject, setKey } from '../json.js';
import { NUMBER_IN_STRING, fieldForKey, fieldKeys, isWrapper, jsonKey, numberFromString } from './proto-json.js';
import { anyMessageType, isValueInAny, wellKnownFromMessage, wellKnownKind, wellKnownToMessage } from './well-known.js';
import { fitOf } from './fit.js';

// The JSON<->proto adapter: what turns a payload's JSON into the shape protobuf.js encodes, and back.

/**
 * @typedef {import('protobufjs').Type} Type
 * @typedef {import('protobufjs').Enum} Enum
 * @typedef {import('protobufjs').Field} Field
 * @typedef {import('../json.js').JsonObject} JsonObject
 */

/**
 * How every protobuf codec turns a decoded message into a plain object:
 * int64 as JS numbers, enums by name, bytes as base64 (the proto3 JSON
 * mapping), and default values filled in, so that a zero, an empty string or
 * false (which proto3 does not put on the wire) comes back as it went in.
 */
export const TO_OBJECT_OPTIONS = Object.freeze({
  longs: Number, enums: String, bytes: String, defaults: true, arrays: true, objects: true,
});

/**
 * Every message type a type's fields reach, itself included.
 * @param {Type} rootType
 * @param {Set<Type>} [seen]
 * @returns {Set<Type>}
 */
export function reachableTypes(rootType, seen = new Set()) {
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
 * @param {Partial<import('./fit.js').Found>} [how] the fit flags (FIT_FLAGS in fit.js) it is built for, each false
 *   unless given. aliases: the payload writes some keys as the proto3 JSON mapping also allows (lowerCamelCase or
 *   proto names beside json_name), so toProto accepts every spelling; longsAsStrings: it writes 64-bit integers as strings, so
 *   protobuf.js's toObject gives them back as strings; nonFiniteAsStrings: it writes a float or double's NaN or
 *   infinity as a string ("NaN"), which a codec whose messages hold numbers must convert (protobuf-ts; protobuf.js and
 *   pbf write the string as its number); numbersAsStrings: it writes some float, double or 32-bit integer as a string
 *   holding a number ("1.5", "12", "1e2"), which toProto turns into the number, so every codec encodes one message
 * @returns {Adapter}
 */
export function buildAdapter(rootType, how = {}) {
  // what it was built for, so a worker or a page that rebuilds the schema builds the same adapter
  const fit = Object.freeze(fitOf(how));
  const { aliases, longsAsStrings, numbersAsStrings } = fit;
  const toObjectOptions = longsAsStrings ? Object.freeze({ ...TO_OBJECT_OPTIONS, longs: String }) : undefined;
  const types = reachableTypes(rootType);
  const keyed = (/** @type {Type} */ t) => t.fieldsArray.some((f) => jsonKey(f) !== f.name || (aliases && fieldKeys(f).length > 1));
  const needs = new Set([...types].filter((t) => isWrapper(t) || keyed(t) || wellKnownKind(t)
    || t.fieldsArray.some((f) => f.resolvedType instanceof protobuf.Enum || (numbersAsStrings && NUMBER_IN_STRING.has(f.type)))));
  /** @type {(sub: Type | Enum | null) => sub is Type} */
  const needed = (sub) => sub instanceof protobuf.Type && needs.has(sub);
  // a type needs the adapter if any type it reaches does; iterate to a fixed point, since schemas may be recursive
  for (let changed = true; changed;) {
    changed = false;
    for (const t of types) {
      if (!needs.has(t) && t.fieldsArray.some((f) => needed(f.resolvedType))) {
        needs.add(t);
        changed = true;
      }
    }
  }
  if (!needs.has(rootType)) return { toProto: null, fromProto: null, toObjectOptions, fit };

  // an Any's message, packed into its bytes and unpacked, with protobuf.js over the schema's types (as anyPack does)
  /** @type {Map<Type, Adapter>} */
  const innerAdapters = new Map();
  /** @type {(inner: Type) => Adapter} */
  const innerAdapter = (inner) => {
    let adapter = innerAdapters.get(inner);
    if (!adapter) {
      adapter = buildAdapter(inner, { aliases: true, longsAsStrings, numbersAsStrings });
      innerAdapters.set(inner, adapter);
    }
    return adapter;
  };
  /** @type {(type: Type, json: unknown) => unknown} */
  const packAny = (type, json) => {
    if (!isJsonObject(json) || !Object.hasOwn(json, '@type')) return json; // {}, or the message's own fields
    const inner = anyMessageType(type, json['@type']);
    if (!inner) throw new Error(`${JSON.stringify(json['@type'])} names no message in the schema`); // checkFits refused it first
    const { '@type': url, ...fields } = json;
    const body = isValueInAny(inner) ? json.value : fields;
    const { toProto: pack } = innerAdapter(inner);
    const message = pack ? pack(body) : body;
    // checkFits refused a value whose message has no plain form (a message's plain form is an object)
    if (!isJsonObject(message)) throw new Error(`${JSON.stringify(url)}: the Any's ${inner.fullName.slice(1)} is not a message's fields`);
    const bytes = inner.encode(message).finish();
    return { [type.fields.type_url ? 'type_url' : 'typeUrl']: url, value: toBase64(bytes) };
  };
  /** @type {(type: Type, message: unknown) => unknown} */
  const unpackAny = (type, message) => {
    if (message === null || typeof message !== 'object') return message;
    const { type_url: snake, typeUrl, value } = /** @type {JsonObject} */ (message); // an object's keys read as unknown values
    const url = snake ?? typeUrl;
    if (!url) return {}; // an unset Any (proto3 JSON printers write {})
    const inner = anyMessageType(type, url);
    if (!inner) return message;
    const bytes = typeof value === 'string' ? fromBase64(value) : anyBytes(value);
    const { fromProto: unpack, toObjectOptions: options } = innerAdapter(inner);
    const plain = inner.toObject(inner.decode(bytes), options ?? TO_OBJECT_OPTIONS);
    const body = unpack ? unpack(plain) : plain;
    if (isValueInAny(inner)) return { '@type': url, value: body };
    // a message's fields come back as an object
    if (!isJsonObject(body)) throw new Error(`${JSON.stringify(url)}: the Any's ${inner.fullName.slice(1)} did not come back as a message's fields`);
    return { '@type': url, ...body };
  };
  /** @type {(type: Type, value: unknown, toProto: boolean) => unknown} */
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
      if (toProto) return { value: convertField(inner, value, true) }; // the JSON array or object the wrapper stands for
      return convertField(inner, isJsonObject(value) ? value.value : undefined, false);
    }
    // a message written as an object; any other object (checkFits refused it) is read the same way, by its keys
    const object = /** @type {JsonObject} */ (value);
    /** @type {JsonObject} */
    const out = {};
    if (toProto && aliases) {
      for (const key of Object.keys(object)) {
        const found = fieldForKey(type, key);
        if (found) setKey(out, found.field.name, convertField(found.field, object[key], true));
      }
      return out;
    }
    for (const field of type.fieldsArray) {
      const from = toProto ? jsonKey(field) : field.name;
      if (!Object.hasOwn(object, from)) continue;
      // an unset google.protobuf.Value field comes back as null (an unset message); JSON's null is its NullValue
      if (!toProto && object[from] === null && wellKnownKind(field.resolvedType) === 'Value') continue;
      setKey(out, toProto ? field.name : jsonKey(field), convertField(field, object[from], toProto));
    }
    return out;
  };
  /** @type {(sub: Type | Enum, value: unknown, toProto: boolean) => unknown} */
  const convertOne = (sub, value, toProto) => {
    if (sub instanceof protobuf.Enum) return toProto && typeof value === 'string' ? (sub.values[value] ?? value) : value;
    return convert(sub, value, toProto);
  };
  /** @type {(value: unknown, type: string) => unknown} a number written as a string, as the number (checkFits read it) */
  const number = (value, type) => {
    if (typeof value !== 'string') return value;
    const read = numberFromString(type, value);
    return 'value' in read ? read.value : value; // "NaN" and the infinities: each codec writes them (non-finite-as-string)
  };
  /** @type {(field: Field, value: unknown, toProto: boolean) => unknown} */
  const convertField = (field, value, toProto) => {
    const sub = field.resolvedType;
    if (toProto && numbersAsStrings && !sub && NUMBER_IN_STRING.has(field.type) && value !== null && value !== undefined) {
      if (field.map && isJsonObject(value)) {
        /** @type {JsonObject} */
        const out = {};
        for (const k of Object.keys(value)) setKey(out, k, number(value[k], field.type));
        return out;
      }
      return field.repeated && Array.isArray(value) ? value.map((v) => number(v, field.type)) : number(value, field.type);
    }
    // null in a google.protobuf.Value field is the Value NullValue, not an unset field
    if (value === null && toProto && !field.repeated && !field.map && sub instanceof protobuf.Type && wellKnownKind(sub) === 'Value') return convert(sub, value, true);
    if (value === undefined || value === null || !sub || !(needed(sub) || (toProto && sub instanceof protobuf.Enum))) return value;
    if (field.map) {
      if (!isJsonObject(value)) return value; // checkFits refused a map that is not an object
      /** @type {JsonObject} */
      const out = {};
      for (const k of Object.keys(value)) setKey(out, k, convertOne(sub, value[k], toProto));
      return out;
    }
    if (field.repeated) return Array.isArray(value) ? value.map((v) => convertOne(sub, v, toProto)) : value; // checkFits refused a non-array
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
 * An Any's bytes as a plain message holds them when not as base64: a Uint8Array (a Buffer), or none.
 * @param {unknown} value
 * @returns {Uint8Array}
 */
function anyBytes(value) {
  if (value === undefined || value === null) return new Uint8Array(0);
  if (value instanceof Uint8Array) return value;
  throw new Error(`an Any's value is ${Array.isArray(value) ? 'an array' : `a ${typeof value}`}, not bytes (base64 or a Uint8Array)`);
}

/**
 * @typedef {object} Adapter
 * @property {((json: unknown) => unknown) | null} toProto the payload's JSON → the plain message protobuf.js encodes
 *   (null: they are the same)
 * @property {((plain: unknown) => unknown) | null} fromProto a decoded message's plain form → the payload's JSON
 *   (null: they are the same)
 * @property {import('protobufjs').IConversionOptions} [toObjectOptions] protobuf.js toObject options when not
 *   TO_OBJECT_OPTIONS
 * @property {Readonly<import('./fit.js').Found>} [fit] how the payload spells keys, 64-bit integers, non-finite floats
 *   and other numbers (every one of FIT_FLAGS), as buildAdapter was told (rebuild the schema elsewhere with
 *   buildAdapter(type, fit))
 */
