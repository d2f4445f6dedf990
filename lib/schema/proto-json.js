/**
 * The proto3 JSON mapping ("ProtoJSON", https://protobuf.dev/programming-guides/json/) as a comparison: two JSON
 * values that a conformant ProtoJSON parser would read into the same message are the same data. Each rule of the
 * mapping that lets two spellings mean one message is a named normalisation, so a verdict can say which ones it
 * needed. Rules apply only where the schema says they may: a default value is absence only for a field without
 * presence, an enum number is its name only in an enum field, a string is a number only in a number field.
 */
import protobuf from 'protobufjs';
import { fromBase64, isBase64, toBase64 } from '../base64.js';
import { childPath, isJsonObject, setKey } from '../json.js';
import { WELL_KNOWN_RULES, canonicalWellKnown, wellKnownKind } from './well-known.js';

/**
 * @typedef {import('protobufjs').Type} Type
 * @typedef {import('protobufjs').Field} Field
 * @typedef {import('../json.js').JsonObject} JsonObject
 */

/**
 * The rules, in the order a verdict lists them. Each names one way ProtoJSON lets the same message be written
 * differently; docs/verification.md explains each with an example.
 */
export const PROTO_JSON_RULES = Object.freeze([
  'json-name', // a field's lowerCamelCase name, its json_name and its proto name are one key
  'int64-as-string', // a 64-bit integer written as a decimal string or as a number
  'enum-as-number', // an enum value by name or by number
  'bytes-as-base64', // bytes as standard or URL-safe base64, padded or not (or a byte array a codec gives back)
  'non-finite-as-string', // a float or double's NaN, Infinity, -Infinity as the strings ProtoJSON writes or as numbers
  'number-as-string', // a float, double or 32-bit integer written as a string ("1.5", "12", "1e2") or as the number
  ...WELL_KNOWN_RULES, // google.protobuf.Timestamp, Duration, the wrappers, FieldMask: their JSON forms and their fields (well-known.js)
  'negative-zero', // -0 is 0 in a number field (ProtoJSON reads them as one number, though the binary wire keeps a double's sign)
  'null-as-absent', // null is "not set" for every field
  'empty-as-absent', // [] and {} are an unset repeated or map field
  'default-as-absent', // 0, "", false, the zero enum: an unset field without presence (proto3 implicit presence)
  'proto2-default-as-absent', // a proto2 field holding its declared default (or its type's) reads as unset
]);

const LONG = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const INTEGER = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32', ...LONG]);
const FLOAT = new Set(['double', 'float']);
/** The strings ProtoJSON writes for a float or double that is not a finite number (JSON has no literal for them). */
export const NON_FINITE = new Set(['NaN', 'Infinity', '-Infinity']);

/** The integers each 32-bit integer type holds. */
const INT32_RANGE = /** @type {Record<string, [bigint, bigint]>} */ ({
  int32: [-(2n ** 31n), 2n ** 31n - 1n], sint32: [-(2n ** 31n), 2n ** 31n - 1n], sfixed32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n], fixed32: [0n, 2n ** 32n - 1n],
});
/** The integers each 64-bit integer type holds. */
const INT64_RANGE = /** @type {Record<string, [bigint, bigint]>} */ ({
  int64: [-(2n ** 63n), 2n ** 63n - 1n], sint64: [-(2n ** 63n), 2n ** 63n - 1n], sfixed64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n], fixed64: [0n, 2n ** 64n - 1n],
});
/** The types whose values ProtoJSON also reads from a string holding a number (64-bit integers have their own rule). */
export const NUMBER_IN_STRING = new Set(['double', 'float', ...Object.keys(INT32_RANGE)]);
/** A number as JSON writes one (RFC 8259): no "+", no leading zeros, no ".5" or "5.", no hex, no white space. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/**
 * A double a float holds as a finite number: one that rounds to the largest finite float or below it, as protobuf-es
 * (Math.fround) and Go's protojson (strconv.ParseFloat(s, 32)) read one, so "3.4028235e38", the largest float as
 * printed with 8 digits, is taken, and "3.5e38" is not (the conformance suite's FloatFieldTooLarge).
 * @param {number} value
 */
const finiteAsFloat = (value) => Number.isFinite(Math.fround(value));

/**
 * A float, double or 32-bit integer written as a string, read as ProtoJSON parsers read it ("Either numbers or strings
 * are accepted", https://protobuf.dev/programming-guides/json/): the string must hold a number as JSON writes one, so
 * "1.5", "-3", "1e2" are read and "abc", "", " 1", "+1", "01", "0x10" are not (the conformance suite's
 * Int32FieldStringValuePartiallyNumeric, Int32FieldEmptyString, Int32FieldLeadingSpace, …). A float or double must be
 * finite: "1e400" in a double, and in a float anything beyond its largest finite value, are refused (the suite's
 * DoubleFieldTooLarge, FloatFieldTooLarge). A 32-bit integer must be an integer within its type's range, judged on
 * the decimal as written, not on a rounded double: "1e5" and "100.0" are 100000 and 100, as the suite's required
 * Int32FieldQuotedExponentialValue reads "1e5", while "1.5" (Int32FieldNotInteger, 64-bit integers' Int64FieldNotInteger
 * in a string) and "2147483648" (Int32FieldTooLarge) are refused. NaN and the infinities are non-finite-as-string's.
 * @param {string} type the field's scalar type, one of NUMBER_IN_STRING
 * @param {string} text
 * @returns {{ value: number } | { problem: string|null }} the number, or why ProtoJSON refuses the string (null: it is
 *   no number at all, nothing to add)
 */
export function numberFromString(type, text) {
  const parts = JSON_NUMBER.exec(text);
  // the hint only where the string looks like a number that JSON would write otherwise ("+1", "01", ".5", "0x10");
  // "one" is no number at all, and the plain refusal says so
  if (!parts) return { problem: /^\s*[-+]?\.?\d/.test(text) ? `a number in a string is read only as JSON writes one: ${FLOAT.has(type) ? '"1.5", "-2.5e-3"' : '"12", "-3", "1e2"'}` : null };
  if (FLOAT.has(type)) {
    const value = Number(text);
    if (!Number.isFinite(value) || (type === 'float' && !finiteAsFloat(value))) return { problem: `beyond the largest finite ${type}` };
    return { value };
  }
  const [lo, hi] = INT32_RANGE[type];
  const [, whole, fraction = '', exponent = '0'] = parts;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  // the value is digits × 10^scale
  const scale = BigInt(exponent) - BigInt(fraction.length);
  let integer = 0n;
  if (digits !== '') {
    // beyond 10 digits (or scaled past them) no 32-bit integer is left: say so without building a huge BigInt
    if (BigInt(digits.length) + scale > 11n) return { problem: `outside the ${type} range ${lo} to ${hi}` };
    if (scale >= 0n) integer = BigInt(digits) * 10n ** scale;
    else {
      const cut = Number(-scale);
      if (cut >= digits.length || !/^0+$/.test(digits.slice(-cut))) return { problem: 'not an integer' };
      integer = BigInt(digits.slice(0, -cut));
    }
    if (text.startsWith('-')) integer = -integer;
  }
  if (integer < lo || integer > hi) return { problem: `outside the ${type} range ${lo} to ${hi}` };
  return { value: Number(integer) };
}

/**
 * Why a JSON number is no value of a number field, as ProtoJSON parsers refuse it (protobuf-es's fromJson; the
 * conformance suite's Int32FieldNotInteger and Uint32FieldNotInteger, {"optionalInt32": 0.5}, and its TooLarge and
 * TooSmall cases), or null where it is one: an integer type takes an integer within its range (1e2 and 100.0 are
 * the integer 100, as JSON.parse reads them; 1.5, 2147483648 in an int32 and -1 in a uint32 or uint64 are refused), a
 * 64-bit type too (a number beyond 2^53 that JSON.parse rounded is the integer it rounded to, which the payload's
 * warning names), a float a number within the float's range, a double any finite number. NaN and the infinities
 * are JSON numbers only to code that built the payload itself: ProtoJSON writes them as strings. The same rules as
 * numberFromString's for a number in a string, so a value is refused or taken alike however it is written.
 * @param {string} type the field's scalar type (any other type: null)
 * @param {number} value
 * @returns {string|null}
 */
export function numberProblem(type, value) {
  if (FLOAT.has(type)) {
    if (!Number.isFinite(value)) return 'NaN and the infinities are written as the strings "NaN", "Infinity", "-Infinity"';
    return type === 'float' && !finiteAsFloat(value) ? 'beyond the largest finite float' : null;
  }
  const range = INT32_RANGE[type] ?? INT64_RANGE[type];
  if (!range) return null;
  if (!Number.isInteger(value)) return 'not an integer';
  const [lo, hi] = range;
  const integer = BigInt(value);
  if (integer >= lo && integer <= hi) return null;
  // the largest 64-bit integers written as JSON numbers (9223372036854775807) reach here as JSON.parse rounded them:
  // say so, and how to write one exactly
  const rounded = Number.isSafeInteger(value) ? '' : `; JSON.parse rounds an integer this large (here to ${integer}): the proto3 JSON mapping writes a 64-bit integer as a string`;
  return `outside the ${type} range ${lo} to ${hi}${rounded}`;
}

/**
 * protoc's default JSON name for a field: `last_updated` → `lastUpdated`.
 * @param {string} name
 */
export const lowerCamelCase = (name) => name.replace(/_+([a-z0-9]?)/gi, (_, /** @type {string} */ c) => c.toUpperCase());

/**
 * Whether a type is a proto2 group's (`group PhoneNumber = 5 {...}` declares a type and a field at once).
 * @param {unknown} type
 * @returns {type is Type}
 */
// protobuf.js sets `group` on a group's type, which its typings do not declare
export const isGroupType = (type) => type instanceof protobuf.Type && /** @type {{ group?: boolean }} */ (/** @type {unknown} */ (type)).group === true;

/**
 * protobuf.js's name for a proto2 group's own field: the group's name with its first letter lowered (`phoneNumber` for
 * `group PhoneNumber`), where protoc's is the name in lower case (`phonenumber`).
 * @param {string} group the group's name
 */
export const groupFieldName = (group) => group.charAt(0).toLowerCase() + group.slice(1);

/**
 * The group of a proto2 group field (`repeated group PhoneNumber = 5 {...}`), or null for any other field, also one
 * that only names the group's type (`optional PhoneNumber primary = 3`, keyed as any field). protoc names a group's
 * own field after its group in lower case (`phonenumber`, also its JSON name), protobuf.js with the first letter
 * lowered (`phoneNumber`, which is how the own field is told apart): the payload's JSON and the code generators other
 * than pbjs use protoc's.
 * @param {Field} field resolved
 * @returns {Type | null}
 */
function groupOf(field) {
  const type = field.resolvedType;
  if (!isGroupType(type)) return null;
  const own = type.parent === field.parent && field.name === groupFieldName(type.name);
  return own ? type : null;
}

/**
 * The full name of the proto2 extension a field stands for (`pkg.level` for `extend Base { optional int32 level = 100; }`
 * in package pkg, `pkg.Holder.note` for one declared inside message Holder), or null for a message's own field.
 * protobuf.js adds each extension to the message it extends as a field named `.pkg.level`, whose declaringField is
 * the extension as declared.
 * @param {Field} field
 * @returns {string | null}
 */
export function extensionName(field) {
  return field.declaringField ? field.declaringField.fullName.replace(/^\./, '') : null;
}

/**
 * The key a field has in the payload's JSON: its json_name option where the .proto gives one, else its proto name
 * (protoc's, for a group: see groupOf); an extension's is its full name in brackets, `[pkg.level]`, as protoc,
 * Go's protojson and protobuf-es write it (an extension has no json_name, and no other key: protobuf.js's own
 * `.pkg.level` is none a ProtoJSON parser reads).
 * @param {Field} field
 * @returns {string}
 */
export function jsonKey(field) {
  const extension = extensionName(field);
  if (extension !== null) return `[${extension}]`;
  const name = field.options && field.options.json_name;
  if (typeof name === 'string') return name; // "" is a key too (a JSON object may have one)
  return groupOf(field)?.name.toLowerCase() ?? field.name;
}

/**
 * Every key ProtoJSON parsers accept for a field: json_name (or lowerCamelCase) and the proto name; for a group's
 * field, its proto name, that name's lowerCamelCase and the group's own name (`PhoneNumber`, as Go's protojson also
 * reads it), not protobuf.js's.
 * @param {Field} field
 * @returns {string[]}
 */
export function fieldKeys(field) {
  if (extensionName(field) !== null) return [jsonKey(field)];
  const explicit = field.options && typeof field.options.json_name === 'string';
  const group = groupOf(field);
  // protoc's name, its JSON name (lowerCamelCase: `phoneNumber` for `group Phone_Number`) and the group's name
  if (group) return [...new Set([jsonKey(field), group.name.toLowerCase(), lowerCamelCase(group.name.toLowerCase()), group.name])];
  return [...new Set([jsonKey(field), field.name, explicit ? jsonKey(field) : lowerCamelCase(field.name)])];
}

/**
 * A message marked `// @json-wrapper` above it stands for its one field `value` (see infer.js).
 * @param {Type} type
 */
export function isWrapper(type) {
  return typeof type.comment === 'string' && type.comment.trimStart().startsWith('@json-wrapper')
    && type.fieldsArray.length === 1 && type.fieldsArray[0].name === 'value';
}

/**
 * How a field tells "unset" from a value, after the field presence rules:
 * container (repeated, map), message, explicit (oneof members and proto3 `optional`: a zero is a value),
 * proto2 (presence, but decoders fill in the declared default), implicit (proto3 scalars: the default is unset).
 * @param {import('protobufjs').Field} field
 * @returns {'container'|'message'|'explicit'|'proto2'|'implicit'}
 */
export function presenceOf(field) {
  if (field.repeated || field.map) return 'container';
  if (field.resolvedType instanceof protobuf.Type) return 'message';
  if (field.partOf) return 'explicit';
  return field.hasPresence ? 'proto2' : 'implicit';
}

/**
 * Whether an enum is closed: proto2's enums, and an edition's where `features.enum_type = CLOSED` applies. A closed
 * enum field holds only the numbers the enum names (a binary parser keeps another among the unknown fields, and
 * protobuf-es's fromJson refuses it); an open one, proto3's, holds any int32.
 * @param {import('protobufjs').Enum} type resolved (its schema's root has been resolved, which resolves features)
 */
export function isClosedEnum(type) {
  // protobuf.js keeps the resolved features in _features, which its types do not declare; its own decoder and
  // converter read enum_type there the same way
  const features = /** @type {{ _features?: { enum_type?: string } }} */ (/** @type {unknown} */ (type))._features;
  return features?.enum_type === 'CLOSED';
}

/** @typedef {{ primary: Map<string, Field>, alias: Map<string, Field> }} KeyMaps primary: each field by its json key */

/** @type {WeakMap<Type, KeyMaps>} */
const keyMaps = new WeakMap();

/**
 * Builds, once per message type, the lookup from every accepted key to its field.
 * @param {Type} type
 * @returns {KeyMaps}
 */
function fieldsByKey(type) {
  let maps = keyMaps.get(type);
  if (!maps) {
    /** @type {Map<string, Field>} */
    const primary = new Map();
    /** @type {Map<string, Field>} */
    const alias = new Map();
    for (const field of type.fieldsArray) {
      primary.set(jsonKey(field), field);
      for (const key of fieldKeys(field)) if (key !== jsonKey(field)) alias.set(key, field);
    }
    maps = { primary, alias };
    keyMaps.set(type, maps);
  }
  return maps;
}

/**
 * The field a JSON key names in a message, and whether the key is an alias (not the payload's own json key).
 * @param {Type} type
 * @param {string} key
 * @returns {{ field: import('protobufjs').Field, alias: boolean } | null}
 */
export function fieldForKey(type, key) {
  const { primary, alias } = fieldsByKey(type);
  const field = primary.get(key);
  if (field) return { field, alias: false };
  const other = alias.get(key);
  return other ? { field: other, alias: true } : null;
}

/**
 * A JSON value as ProtoJSON reads it under `type`, with the given rules applied: the same message gives the same
 * result however it was spelled (within those rules). Keys and values the schema does not know are kept as written,
 * so a comparison still sees them.
 * @param {Type} type
 * @param {unknown} value
 * @param {ReadonlySet<string>} rules names from PROTO_JSON_RULES
 * @returns {unknown}
 */
export function canonicalMessage(type, value, rules) {
  if (isWrapper(type)) return canonicalField(type.fieldsArray[0], value, rules);
  const wellKnown = wellKnownKind(type);
  if (wellKnown) {
    return canonicalWellKnown(wellKnown, type, value, rules, (field, v) => canonicalField(field, v, rules),
      (v) => canonicalFields(type, v, rules), (inner, v) => canonicalMessage(inner, v, rules));
  }
  return canonicalFields(type, value, rules);
}

/**
 * canonicalMessage over a message's own fields (a well-known type's too, when written as its fields).
 * @param {Type} type
 * @param {unknown} value
 * @param {ReadonlySet<string>} rules
 * @returns {unknown}
 */
function canonicalFields(type, value, rules) {
  if (!isJsonObject(value)) return value;
  /** @type {JsonObject} */
  const out = {};
  for (const key of Object.keys(value)) {
    const found = fieldForKey(type, key);
    if (!found || (found.alias && !rules.has('json-name'))) {
      setKey(out, key, value[key]);
      continue;
    }
    const { field } = found;
    const canonical = canonicalField(field, value[key], rules);
    if (!isUnset(field, canonical, rules)) setKey(out, jsonKey(field), canonical);
  }
  return out;
}

/**
 * @param {Field} field
 * @param {unknown} value
 * @param {ReadonlySet<string>} rules
 * @returns {unknown}
 */
function canonicalField(field, value, rules) {
  if (value === null) return null;
  if (field.map && isJsonObject(value)) {
    /** @type {JsonObject} */
    const out = {};
    for (const k of Object.keys(value)) setKey(out, k, canonicalSingle(field, value[k], rules));
    return out;
  }
  if (field.repeated && Array.isArray(value)) return value.map((v) => canonicalSingle(field, v, rules));
  return canonicalSingle(field, value, rules);
}

/**
 * One value of a field (one element of a repeated field, one value of a map).
 * @param {Field} field
 * @param {unknown} value
 * @param {ReadonlySet<string>} rules
 * @returns {unknown}
 */
function canonicalSingle(field, value, rules) {
  const sub = field.resolvedType;
  if (sub instanceof protobuf.Type) return canonicalMessage(sub, value, rules);
  if (sub instanceof protobuf.Enum) {
    if (rules.has('enum-as-number') && typeof value === 'string' && Object.hasOwn(sub.values, value)) return sub.values[value];
    return value;
  }
  if (LONG.has(field.type)) {
    if (rules.has('int64-as-string')) return int64String(value) ?? value;
    return value;
  }
  // the number a codec gives back for "NaN" (Object.is compares NaN with NaN as equal)
  if (typeof value === 'string' && NON_FINITE.has(value) && FLOAT.has(field.type) && rules.has('non-finite-as-string')) return Number(value);
  if (typeof value === 'string' && NUMBER_IN_STRING.has(field.type) && rules.has('number-as-string')) {
    const read = numberFromString(field.type, value);
    if ('value' in read) return Object.is(read.value, -0) && rules.has('negative-zero') ? 0 : read.value;
  }
  if (Object.is(value, -0) && rules.has('negative-zero') && (INTEGER.has(field.type) || FLOAT.has(field.type))) return 0;
  if (field.type === 'bytes' && rules.has('bytes-as-base64')) return canonicalBase64(value) ?? value;
  return value;
}

/**
 * A bytes value (base64, or the byte array a codec gives back) as standard padded base64, or null for a value that
 * is neither: a string the fit check refuses (which never gets here) is compared as written.
 * @param {unknown} value
 * @returns {string|null}
 */
function canonicalBase64(value) {
  if (value instanceof Uint8Array) return toBase64(value);
  return typeof value === 'string' && isBase64(value) ? toBase64(fromBase64(value)) : null;
}

/**
 * A 64-bit integer, as a number or a decimal string, in one spelling: its decimal string.
 * @param {unknown} value
 * @returns {string|null}
 */
function int64String(value) {
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value).toString();
  return null;
}

/**
 * True when a field's (canonical) value means "not set" under the rules and the field's presence.
 * @param {Field} field
 * @param {unknown} value
 * @param {ReadonlySet<string>} rules
 */
function isUnset(field, value, rules) {
  // null in a google.protobuf.Value field is a value, NullValue (the one exception ProtoJSON makes)
  if (value === null) return rules.has('null-as-absent') && wellKnownKind(field.resolvedType) !== 'Value';
  switch (presenceOf(field)) {
    case 'container':
      return rules.has('empty-as-absent') && (Array.isArray(value) ? value.length === 0
        : isJsonObject(value) && Object.keys(value).length === 0);
    case 'implicit':
      return rules.has('default-as-absent') && isTypeDefault(field, value);
    case 'proto2':
      return rules.has('proto2-default-as-absent') && isDeclaredDefault(field, value);
    default: // message and explicit presence: a value is a value, whatever it is
      return false;
  }
}

/**
 * The zero value of a field's type: 0 (-0 only under negative-zero, which has made it 0), "", false, the zero enum.
 * @param {Field} field
 * @param {unknown} value
 */
function isTypeDefault(field, value) {
  const sub = field.resolvedType;
  if (sub instanceof protobuf.Enum) return value === 0 || (typeof value === 'string' && sub.values[value] === 0);
  if (FLOAT.has(field.type)) return Object.is(value, 0);
  if (INTEGER.has(field.type)) return Object.is(value, 0) || value === '0';
  if (field.type === 'bool') return value === false;
  if (field.type === 'bytes') return value === '' || (value instanceof Uint8Array && value.length === 0);
  return value === ''; // string
}

/**
 * A proto2 field's default: `[default = …]` where declared, else its type's zero value (an enum's first value).
 * @param {Field} field
 * @param {unknown} value
 */
function isDeclaredDefault(field, value) {
  const declared = field.options && field.options.default;
  const sub = field.resolvedType;
  if (declared === undefined) {
    if (sub instanceof protobuf.Enum) {
      const first = Object.values(sub.values)[0];
      return value === first || (typeof value === 'string' && sub.values[value] === first);
    }
    return isTypeDefault(field, value);
  }
  if (sub instanceof protobuf.Enum) {
    const number = typeof declared === 'string' ? sub.values[declared] : declared;
    return value === number || (typeof value === 'string' && sub.values[value] === number);
  }
  if (LONG.has(field.type)) return int64String(value) !== null && int64String(value) === int64String(declared);
  if (field.type === 'bytes' && typeof value === 'string') return isBase64(value) && sameLatin1(fromBase64(value), String(declared));
  return Object.is(value, declared);
}

/**
 * Whether bytes are a string's characters, one byte each (a bytes field's declared default, as protobuf.js reads it).
 * @param {Uint8Array} bytes
 * @param {string} text
 */
function sameLatin1(bytes, text) {
  if (bytes.length !== text.length) return false;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * The first 64-bit integer in a message's plain form (proto field names as keys, as protobuf.js's toObject gives it)
 * for which `test` holds, with its JSON path (a wrapper's value at its field's path), or null. For the reasons a codec
 * gives when its own number type cannot hold one.
 * @param {Type} type
 * @param {unknown} plain
 * @param {(value: unknown) => boolean} test
 * @param {string} [path] the JSON path of `plain`
 * @returns {{ path: string, value: unknown } | null}
 */
export function findInt64(type, plain, test, path = '$') {
  if (!isJsonObject(plain)) return null;
  for (const field of type.fieldsArray) {
    const v = plain[field.name];
    if (v === undefined || v === null) continue;
    const at = wellKnownKind(type) === 'wrapper' ? path : childPath(path, jsonKey(field));
    /** @type {[string, unknown][]} */
    const items = field.map && isJsonObject(v) ? Object.entries(v).map(([k, x]) => [childPath(at, k), x])
      : field.repeated && Array.isArray(v) ? v.map((x, i) => [childPath(at, i), x]) : [[at, v]];
    for (const [where, x] of items) {
      if (LONG.has(field.type) && test(x)) return { path: where, value: x };
      const found = field.resolvedType instanceof protobuf.Type ? findInt64(field.resolvedType, x, test, where) : null;
      if (found) return found;
    }
  }
  return null;
}

/**
 * The first proto2 extension a message's JSON sets (its key `[pkg.level]` holding anything but null), with its JSON
 * path, or null: for the codecs whose generated code has no place for one, which refuse the payload naming it rather
 * than leave the value out. It looks into messages (also in repeated and map fields), not into a well-known type's
 * JSON form or an Any's message.
 * @param {Type} type
 * @param {unknown} value the message's JSON (the payload's keys)
 * @param {string} [path] the JSON path of `value`
 * @param {(name: string) => boolean} [wanted] which extensions to find, by full name (every one unless given)
 * @returns {{ path: string, name: string } | null}
 */
export function findExtension(type, value, path = '$', wanted = () => true) {
  if (!isJsonObject(value) || isWrapper(type) || wellKnownKind(type)) return null;
  for (const key of Object.keys(value)) {
    const v = value[key];
    const field = fieldForKey(type, key)?.field;
    if (!field || v === null || v === undefined) continue;
    const at = childPath(path, key);
    const name = extensionName(field);
    if (name !== null && wanted(name)) return { path: at, name };
    if (name !== null && !(field.resolvedType instanceof protobuf.Type)) continue;
    const sub = field.resolvedType;
    if (!(sub instanceof protobuf.Type)) continue;
    /** @type {[string, unknown][]} */
    const items = field.map && isJsonObject(v) ? Object.entries(v).map(([k, x]) => [childPath(at, k), x])
      : field.repeated && Array.isArray(v) ? v.map((x, i) => [childPath(at, i), x]) : [[at, v]];
    for (const [where, x] of items) {
      const found = findExtension(sub, x, where, wanted);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Whether a message type, or one its fields reach, is extended (so that its JSON may set an extension).
 * @param {Type} type
 * @param {Set<Type>} [seen]
 * @returns {boolean}
 */
function extensionReachable(type, seen = new Set()) {
  if (seen.has(type)) return false;
  seen.add(type);
  return type.fieldsArray.some((f) => f.declaringField !== null
    || (f.resolvedType instanceof protobuf.Type && extensionReachable(f.resolvedType, seen)));
}

/**
 * The first extension any message of a corpus sets, named for a refusal: `extension pkg.level ($["[pkg.level]"])`,
 * with the record for a corpus of more than one. Null when none sets one.
 * @param {Type} type
 * @param {unknown[]} corpus the messages' JSON
 * @returns {string | null}
 */
export function corpusExtension(type, corpus) {
  if (!extensionReachable(type)) return null;
  for (let i = 0; i < corpus.length; i++) {
    const found = findExtension(type, corpus[i]);
    if (found) return `extension ${found.name} (${corpus.length > 1 ? `record ${i + 1} ` : ''}${found.path})`;
  }
  return null;
}
