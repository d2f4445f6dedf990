import protobuf from 'protobufjs';
import { isBase64 } from '../base64.js';
import { UserError, firstFew } from '../errors.js';
import { MAX_DEPTH, childPath, isJsonObject } from '../json.js';
import { NON_FINITE, NUMBER_IN_STRING, extensionName, fieldForKey, isClosedEnum, isWrapper, jsonKey, lowerCamelCase, numberFromString, numberProblem } from './proto-json.js';
import { anyMessageType, isValueInAny, wellKnownFieldsProblem, wellKnownKind, wellKnownProblem } from './well-known.js';

// The fit check: can a JSON value be encoded with a message type at all, and how it spells keys and 64-bit integers.

/**
 * The fit flags: how a payload spells what a schema carries, where the proto3 JSON mapping allows more than one
 * spelling. checkFits finds them, a corpus's are merged (mergeFits), and buildAdapter is built for them (and records
 * them as its `fit`, which a portable payload carries to another process or a page). aliases: some key spelled as the
 * mapping also allows (lowerCamelCase or the proto name beside json_name); longsAsStrings: some 64-bit integer as a
 * string; nonFiniteAsStrings: some float or double's NaN or infinity as a string ("NaN"); numbersAsStrings: some
 * float, double or 32-bit integer as a string holding a number ("1.5", "12"). This list is the one every reader and
 * writer of them goes by.
 */
export const FIT_FLAGS = Object.freeze(/** @type {const} */ (['aliases', 'longsAsStrings', 'nonFiniteAsStrings', 'numbersAsStrings']));

/**
 * What checkFits found about how a payload spells things: every fit flag, set or not.
 * @typedef {Record<typeof FIT_FLAGS[number], boolean>} Found
 * @typedef {Record<string, unknown>} JsonObject
 * @typedef {import('protobufjs').Type} MessageType
 * @typedef {import('protobufjs').Field} Field
 * @typedef {{ owner: Field | null, label: string, subject: string }} Shown how a refusal names what a value is given
 *   for: owner, the field a message inside is named by (null: none of the user's, at the top or in an Any); label, the
 *   field ("field kinds"); subject, the field and its type ("field kinds of type Kind"). A @json-wrapper's own field
 *   `value`, which the JSON does not show, is shown as the field that holds the wrapper, with the wrapper's type
 */

const LONG = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const NUMERIC = new Set(['double', 'float', 'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32', ...LONG]);

const INT32 = [-(2n ** 31n), 2n ** 31n - 1n];
const UINT32 = [0n, 2n ** 32n - 1n];
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n];
const UINT64 = [0n, 2n ** 64n - 1n];
/**
 * A refusal of a value no schema could carry (a lone surrogate, nesting past the limit), as against one that does
 * not fit this schema: in a corpus it is not a record that differs from the others (checkCorpusFits).
 * @param {string} message
 * @returns {UserError & { anySchema: true }}
 */
export function valueError(message) {
  return Object.assign(new UserError(message), { anySchema: /** @type {const} */ (true) });
}

/**
 * Whether an error is a valueError (or wraps one, as checkCorpusFits's does).
 * @param {unknown} err
 */
export const isValueError = (err) => err instanceof UserError && 'anySchema' in err;

/** @type {Record<string, bigint[]>} the integers a map key of each integer type holds */
const KEY_RANGE = {
  int32: INT32, sint32: INT32, sfixed32: INT32, uint32: UINT32, fixed32: UINT32,
  int64: INT64, sint64: INT64, sfixed64: INT64, uint64: UINT64, fixed64: UINT64,
};

/**
 * Checks that a JSON value can be encoded with a message type at all, and
 * throws a UserError naming the first JSON path that cannot. A value that
 * protobuf rounds (0.1 into a float, whose nearest float is another number) is
 * allowed here: round-trip verification reports it as lossy, which is the
 * point. A boolean in a number field and a number in a bool field are refused,
 * as ProtoJSON parsers refuse them. A number its field cannot hold is refused, as
 * ProtoJSON parsers refuse it, whether written as a number or in a string (1.5
 * or 2147483648 in an int32, -1 in a uint32, 1e39 in a float; a wrapper's bare
 * value, a google.protobuf one's or a @json-wrapper's, is named by the field
 * that holds the wrapper), and so are a number a closed enum (proto2's, or an
 * edition's where features.enum_type = CLOSED applies) does not name and two
 * members of one oneof. Keys may be spelled as the proto3 JSON mapping allows
 * (json_name, lowerCamelCase or the proto name); a proto2 `required` field
 * must be present.
 * @param {import('protobufjs').Type} type
 * @param {unknown} value a parsed JSON value
 * @param {BytesNote[]} [notes] where to note what is no refusal but a reader should know: each bytes value written
 *   as hex or as a UUID (hexLikeBytes), which the mapping reads as base64
 * @returns {Found} whether the payload spells some key other than the schema's json key (the adapter must accept it),
 *   whether it writes some 64-bit integer as a string, some float or double as "NaN", "Infinity" or "-Infinity", and
 *   some float, double or 32-bit integer as a string holding a number ("1.5", "12")
 */
export function checkFits(type, value, notes) {
  const found = fitOf();
  if (notes) NOTES.set(found, notes);
  checkMessage(type, value, '$', 0, found);
  return found;
}

/**
 * What a check noticed that is no refusal, by the Found it threads through (checkFits's `notes`): a bytes value
 * written as hex or as a UUID (hexLikeBytes).
 * @typedef {{ path: string, value: string, field: string, hexBytes: number }} BytesNote
 * @type {WeakMap<Found, BytesNote[]>}
 */
const NOTES = new WeakMap();

/**
 * Whether a bytes value the mapping reads as base64 was written as hex (in one case, an even number of digits, at
 * least 16, with a digit and a letter among them) or as a UUID: how many bytes it holds as hex, else 0. Such a string is valid base64 (hex digits and "-"
 * are in its alphabets), so a parser reads 3 bytes for every 4 characters, 24 for a 32-digit trace ID that holds 16,
 * and no refusal or verdict ever shows it (JSON and the codecs without a schema carry the string as it is). OTLP/JSON writes its trace and span IDs so, as a documented deviation from
 * the mapping (opentelemetry-proto, docs/specification.md, "JSON Protobuf Encoding"). Base64 of random bytes is hex
 * in one case with odds of (16/64)^16 + (16/64)^16 ≈ 5e-10 at 16 characters, so the rule all but never misreads real
 * base64 of random bytes; a shorter string, and one of digits or letters alone (base64 of zero bytes is all "A"), is
 * left alone.
 * @param {string} value
 */
export function hexLikeBytes(value) {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return 16;
  // a digit and a letter both: base64 of zero or small bytes ("AAAAAAAAAAAAAAAA", 12 zero bytes) has no digit
  const hex = (/^[0-9a-f]+$/.test(value) || /^[0-9A-F]+$/.test(value)) && /[0-9]/.test(value) && /[a-f]/i.test(value);
  return value.length >= 16 && value.length % 2 === 0 && hex ? value.length / 2 : 0;
}

/**
 * Every fit flag, as given (each one not given: false).
 * @param {Partial<Found>} [given]
 * @returns {Found}
 */
export function fitOf(given = {}) {
  return /** @type {Found} */ (Object.fromEntries(FIT_FLAGS.map((flag) => [flag, given[flag] ?? false])));
}

/**
 * The fit of a corpus from its records': each flag set where some record's is.
 * @param {Found} a
 * @param {Found} b
 * @returns {Found}
 */
export function mergeFits(a, b) {
  return /** @type {Found} */ (Object.fromEntries(FIT_FLAGS.map((flag) => [flag, a[flag] || b[flag]])));
}

/**
 * Whether some fit flag is set (the payload needs an adapter built for it).
 * @param {Partial<Found>} fit
 */
export function anyFit(fit) {
  return FIT_FLAGS.some((flag) => fit[flag]);
}

/**
 * @param {MessageType} type
 * @param {unknown} value
 * @param {string} path
 * @param {number} depth messages nested so far
 * @param {Found} found
 * @param {Field | null} [owner] the field that holds the message, which a refused bare wrapper value is named by
 */
function checkMessage(type, value, path, depth, found, owner) {
  if (depth > MAX_DEPTH) throw valueError(`${path}: nested deeper than ${MAX_DEPTH} messages`);
  if (isWrapper(type)) {
    // a @json-wrapper stands for its one field `value`, which the JSON does not show: as for a google.protobuf
    // wrapper's bare value, a refusal names the field the user wrote it in and the wrapper's type, and a wrapper
    // inside it (an array in an array in an array) is named by that field too
    const inner = type.fieldsArray[0];
    const label = owner ? `field ${owner.name} of type ${type.fullName.slice(1)}` : `message ${type.fullName.slice(1)}`;
    const subject = `${label}, whose ${inner.repeated || inner.map ? 'values are' : 'value is'} ${inner.type}`;
    checkField(inner, value, path, type, depth, found, { owner: owner ?? null, label, subject });
    return;
  }
  const wellKnown = wellKnownKind(type);
  if (wellKnown) {
    checkWellKnown(wellKnown, type, value, path, depth, found, owner);
    return;
  }
  if (!isJsonObject(value)) {
    throw new UserError(`${path}: expected an object for message ${type.name}, got ${jsonType(value)}`);
  }
  checkFields(type, /** @type {JsonObject} */ (value), path, depth, found);
}

/**
 * Checks each key of a JSON object against a message's fields, and that its required fields are there.
 * @param {MessageType} type
 * @param {JsonObject} value
 * @param {string} path
 * @param {number} depth
 * @param {Found} found
 */
function checkFields(type, value, path, depth, found) {
  /** @type {Map<Field, string>} */
  const seen = new Map();
  /** @type {Map<import('protobufjs').OneOf, string>} the key that set each oneof */
  const oneofs = new Map();
  for (const key of Object.keys(value)) {
    const at = childPath(path, key);
    const match = fieldForKey(type, key);
    if (!match) throw new UserError(`${at}: message ${type.name} has no field for this key${keyHint(type, key)}`);
    const { field, alias } = match;
    if (seen.has(field)) throw new UserError(`${at}: field ${type.name}.${field.name} is also given as ${JSON.stringify(seen.get(field))}`);
    seen.set(field, key);
    // a message holds one member of a oneof: protobuf-es's fromJson refuses two (as the conformance suite's
    // OneofFieldDuplicate long required), and each codec would keep one of them, the verdict calling the other lost.
    // null sets none (OneofFieldNullFirst), except in a google.protobuf.Value, where it is the NullValue
    const oneof = field.partOf;
    if (oneof && (value[key] !== null || wellKnownKind(field.resolvedType) === 'Value')) {
      const other = oneofs.get(oneof);
      if (other !== undefined) {
        throw new UserError(`${at}: oneof ${type.name}.${oneof.name} is given two members, ${JSON.stringify(other)} and ${JSON.stringify(key)} (a message holds one of them)`);
      }
      oneofs.set(oneof, key);
    }
    if (alias) found.aliases = true;
    checkField(field, value[key], at, type, depth, found);
  }
  for (const field of type.fieldsArray) {
    const key = seen.get(field);
    if (field.required && (key === undefined || value[key] === null)) {
      throw new UserError(`${childPath(path, jsonKey(field))}: required field ${type.name}.${field.name} is missing`);
    }
  }
}

/**
 * A well-known type in its proto3 JSON form, or written as its message's fields: one line naming the path and the
 * rule a value breaks (an RFC 3339 date-time, a Duration's range, lowerCamelCase FieldMask paths).
 * @param {string} kind what wellKnownKind says of the type
 * @param {MessageType} type
 * @param {unknown} value
 * @param {string} path
 * @param {number} depth
 * @param {Found} found
 * @param {Field | null} [owner] the field that holds it (none at the top and in an Any)
 */
function checkWellKnown(kind, type, value, path, depth, found, owner) {
  const problem = wellKnownProblem(kind, value);
  if (problem) throw new UserError(`${path}: ${problem}`);
  if (kind === 'Any') {
    checkAny(type, /** @type {JsonObject} */ (value), path, depth, found); // wellKnownProblem refused a non-object
    return;
  }
  if (kind === 'wrapper') {
    if (isJsonObject(value)) {
      checkFields(type, /** @type {JsonObject} */ (value), path, depth, found);
      return;
    }
    // the bare value stands for the whole wrapper: a refusal names the field the user wrote it in, and the wrapper's
    // type, not the wrapper's own field `value`, which the JSON does not show
    const wrapper = type.fullName.slice(1);
    const label = owner ? `field ${owner.name} of type ${wrapper}` : wrapper;
    checkScalarOrMessage(type.fieldsArray[0], value, path, depth, found, { owner: null, label, subject: label });
    return;
  }
  if (kind === 'Struct' || kind === 'Value' || kind === 'ListValue') {
    // any JSON; protobuf nests two messages (a Value and a Struct or ListValue) per level of it
    const deepest = jsonDepth(value);
    // not a valueError: a schema of typed messages, one per level, could carry what a Struct cannot
    if (depth + 2 * deepest > MAX_DEPTH) throw new UserError(`${path}: nested deeper than ${MAX_DEPTH} messages (a ${type.name} nests two per level of JSON)`);
    return;
  }
  if (isJsonObject(value) && kind !== 'Empty') {
    const object = /** @type {JsonObject} */ (value);
    checkFields(type, object, path, depth, found);
    const fields = wellKnownFieldsProblem(kind, object);
    if (fields) throw new UserError(`${path}: not a google.protobuf.${kind}: ${fields}`);
  }
}

/**
 * An Any in proto3 JSON: {"@type": "type.googleapis.com/pkg.Msg", …its message's fields} or, for a well-known type
 * with a JSON form of its own, {"@type": …, "value": …}. Its message must be one of the schema's types (defined or
 * imported), since packing it takes its schema. {} is an unset Any; {"type_url", "value"} its own fields.
 * @param {MessageType} type
 * @param {JsonObject} value
 * @param {string} path
 * @param {number} depth
 * @param {Found} found
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

/**
 * How many arrays and objects deep a JSON value nests (0 for a scalar).
 * @param {unknown} value
 */
function jsonDepth(value) {
  let deepest = 0;
  /** @type {[unknown, number][]} */
  const stack = [[value, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, d] = top;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > deepest) deepest = d + 1;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

/**
 * A hint for an unknown key: the field it may have meant, by the names the proto3 JSON mapping accepts.
 * @param {MessageType} type
 * @param {string} key
 */
function keyHint(type, key) {
  // an extension by protobuf.js's name for it (`.pkg.level`), its full name unbracketed or its own name
  const extension = type.fieldsArray.find((f) => f.declaringField && [extensionName(f), `.${extensionName(f)}`, f.declaringField.name].includes(key));
  if (extension) {
    const wanted = JSON.stringify(jsonKey(extension));
    if (key.startsWith('.')) return ` (an extension is keyed by its full name in brackets, ${wanted}; ${JSON.stringify(key)} is protobuf.js's own spelling, which no proto3 JSON parser reads)`;
    return ` (an extension is keyed by its full name in brackets: did you mean ${wanted}?)`;
  }
  const folded = key.replace(/[_-]/g, '').toLowerCase();
  const near = type.fieldsArray.find((f) => [f.name, lowerCamelCase(f.name)].some((k) => k.replace(/_/g, '').toLowerCase() === folded));
  const names = type.fieldsArray.map((f) => jsonKey(f));
  if (near) return ` (did you mean ${JSON.stringify(jsonKey(near))}?)`;
  return names.length ? ` (its fields: ${firstFew(names)})` : ' (it has no fields)';
}

/**
 * @param {Field} field
 * @param {unknown} value
 * @param {string} path
 * @param {MessageType} parent the message the field belongs to, for messages
 * @param {number} depth
 * @param {Found} found
 * @param {Shown} [shown] how a refusal names the field, where it is not by its own name and type (a @json-wrapper's)
 */
function checkField(field, value, path, parent, depth, found, shown) {
  if (value === null) {
    if (field.required) throw new UserError(`${path}: null in required field ${parent.name}.${field.name}`);
    if (field.repeated || field.map || field.resolvedType instanceof protobuf.Type || field.partOf || field.hasPresence) return;
    throw new UserError(`${path}: null, but field ${parent.name}.${field.name} has no presence (declare it optional)`);
  }
  if (field.map) {
    if (!isJsonObject(value)) throw new UserError(`${path}: expected an object for ${shown?.label ?? `map field ${field.name}`}, got ${jsonType(value)}`);
    const map = /** @type {JsonObject} */ (value);
    for (const k of Object.keys(map)) {
      if (field instanceof protobuf.MapField) checkMapKey(field, k, childPath(path, k), shown?.label);
      checkScalarOrMessage(field, map[k], childPath(path, k), depth, found, shown);
    }
    return;
  }
  if (field.repeated) {
    const named = shown?.label ?? `repeated field ${field.name}`;
    if (!Array.isArray(value)) throw new UserError(`${path}: expected an array for ${named}, got ${jsonType(value)}`);
    value.forEach((v, i) => {
      if (v === null && wellKnownKind(field.resolvedType) !== 'Value') throw new UserError(`${childPath(path, i)}: null inside ${named}`);
      checkScalarOrMessage(field, v, childPath(path, i), depth, found, shown);
    });
    return;
  }
  checkScalarOrMessage(field, value, path, depth, found, shown);
}

/**
 * A map key is a JSON object's key, a string, whatever the key type: it must read as that type, as ProtoJSON writes
 * map keys ("true"/"false" for bool, the decimal integer for the integer types, within the type's range). Without
 * this check a key "x" of a map<int32, …> would be encoded as key 0 and the data lost, reported only as LOSSY.
 * Integers are taken as printers write them (no sign but "-", no leading zeros): a key "01" or "+1" would come back
 * as "1", a different key to the comparison, which does not canonicalise map keys.
 * @param {import('protobufjs').MapField} field
 * @param {string} key
 * @param {string} path the path of the key's value
 * @param {string} [label] how a refusal names the field (a @json-wrapper's by the field that holds the wrapper)
 */
function checkMapKey(field, key, path, label = `field ${field.name}`) {
  const keyType = field.keyType;
  if (keyType === 'string') return;
  if (keyType === 'bool') {
    if (key === 'true' || key === 'false') return;
    throw new UserError(`${path}: map key ${JSON.stringify(key).slice(0, 40)} does not fit ${label}, whose keys are bool ("true" or "false")`);
  }
  const range = KEY_RANGE[keyType];
  if (!range) return; // protobuf.js refuses other key types when it parses the .proto
  const [lo, hi] = range;
  if (/^(?:0|-?[1-9]\d*)$/.test(key) && BigInt(key) >= lo && BigInt(key) <= hi) return;
  throw new UserError(`${path}: map key ${JSON.stringify(key).slice(0, 40)} does not fit ${label}, whose keys are ${keyType} (decimal integers from ${lo} to ${hi}, as ProtoJSON writes them)`);
}

/**
 * @param {Field} field
 * @param {unknown} value one value of the field (one element of a repeated field, one value of a map)
 * @param {string} path
 * @param {number} depth
 * @param {Found} found
 * @param {Shown} [shown] how a refusal names the field: by its name and type, or for a wrapper's bare value by the
 *   field that holds the wrapper and the wrapper's type
 */
function checkScalarOrMessage(field, value, path, depth, found, shown = shownAs(field)) {
  const { owner, label, subject } = shown;
  const sub = field.resolvedType;
  if (sub instanceof protobuf.Type) {
    checkMessage(sub, value, path, depth + 1, found, owner);
    return;
  }
  const t = typeof value;
  let ok = false;
  // an enum's number is an int32 to ProtoJSON; an open enum (proto3's) keeps a number it does not name, a closed one
  // (proto2's, or an edition's enum_type = CLOSED) cannot hold it (below)
  if (sub instanceof protobuf.Enum) ok = typeof value === 'string' ? Object.hasOwn(sub.values, value) : t === 'number';
  else if (field.type === 'string') {
    ok = t === 'string';
    // a proto string is UTF-8, which has no encoding for half a surrogate pair: encoders refuse it or write U+FFFD
    // (with the u flag a pair is one code point, so only half of one matches)
    const at = ok ? /** @type {string} */ (value).search(/\p{Surrogate}/u) : -1;
    // no schema could carry it: not a record that differs from the others (valueError, for checkCorpusFits)
    if (at >= 0) throw valueError(`${path}: the string holds a lone surrogate (at UTF-16 position ${at}), which UTF-8, and so ${subject}, cannot carry`);
  } else if (field.type === 'bytes') {
    if (t === 'string' && !isBase64(/** @type {string} */ (value))) {
      throw new UserError(`${path}: ${jsonType(value)} is not base64 (${subject} takes standard or URL-safe base64, padded or not)`);
    }
    ok = t === 'string';
    const hexBytes = ok ? hexLikeBytes(/** @type {string} */ (value)) : 0;
    if (hexBytes) NOTES.get(found)?.push({ path, value: /** @type {string} */ (value), field: shown.label, hexBytes });
  } else if (field.type === 'bool') {
    // ProtoJSON takes only true and false for a bool: the conformance suite's BoolFieldIntegerZero and
    // BoolFieldIntegerOne ({"optionalBool": 0}, 1) are parse failures, as protobuf-es's fromJson refuses them
    if (t === 'number') throw new UserError(`${path}: ${jsonType(value)} does not fit ${subject} (ProtoJSON takes true or false, not a number)`);
    ok = t === 'boolean';
  } else if (NUMERIC.has(field.type)) {
    // and a number or a numeric string for a number field, never a boolean (protobuf-es's fromJson refuses it)
    if (t === 'boolean') throw new UserError(`${path}: ${jsonType(value)} does not fit ${subject} (ProtoJSON takes a number, or a number in a string, not a boolean)`);
    ok = t === 'number';
  }
  // a number the field cannot hold (1.5 or 2147483648 in an int32, -1 in a uint32): refused as ProtoJSON parsers
  // refuse it, and as the same number in a string is (numberFromString), instead of measured and called LOSSY
  if (ok && t === 'number') {
    const problem = numberProblem(sub instanceof protobuf.Enum ? 'int32' : field.type, /** @type {number} */ (value));
    if (problem) throw new UserError(`${path}: ${jsonType(value)} does not fit ${subject} (${problem})`);
    // a closed enum holds only the numbers it names: protobuf-es's fromJson refuses another, and a binary parser keeps
    // it among the unknown fields, not in the field (proto2's enums, and an edition's where enum_type = CLOSED applies)
    if (sub instanceof protobuf.Enum && isClosedEnum(sub) && !Object.hasOwn(sub.valuesById, /** @type {number} */ (value))) {
      throw new UserError(notInEnum(path, String(value), sub, label, true));
    }
  }
  // the proto3 JSON mapping writes NaN and the infinities of a float or double as strings
  if (!ok && (field.type === 'float' || field.type === 'double') && NON_FINITE.has(/** @type {string} */ (value))) {
    ok = true;
    found.nonFiniteAsStrings = true;
  }
  // ProtoJSON parsers read a float, double or 32-bit integer from a string too ("1.5", "12", "1e2"), and refuse a
  // string that is no such number ("abc", "", "0x10", "1.5" for an int32, "2147483648")
  if (!ok && t === 'string' && NUMBER_IN_STRING.has(field.type)) {
    const read = numberFromString(field.type, /** @type {string} */ (value));
    if ('problem' in read) throw new UserError(`${path}: ${jsonType(value)} does not fit ${subject}${read.problem ? ` (${read.problem})` : ''}`);
    ok = true;
    found.numbersAsStrings = true;
  }
  // the proto3 JSON mapping writes 64-bit integers as strings; protobuf.js encodes them (they decode as numbers)
  if (!ok && LONG.has(field.type) && typeof value === 'string' && /^-?\d+$/.test(value)) {
    ok = true;
    found.longsAsStrings = true;
  }
  if (!ok && sub instanceof protobuf.Enum && t === 'string') throw new UserError(notInEnum(path, JSON.stringify(value).slice(0, 40), sub, label, false));
  if (!ok) throw new UserError(`${path}: ${jsonType(value)} does not fit ${subject}`);
}

/**
 * How a refusal names a field by default: its own name, and its type as the .proto writes it.
 * @param {Field} field
 * @returns {Shown}
 */
function shownAs(field) {
  const extension = extensionName(field);
  if (extension !== null) return { owner: field, label: `extension ${extension}`, subject: `extension ${extension} of type ${field.type}` };
  return { owner: field, label: `field ${field.name}`, subject: `field ${field.name} of type ${field.type}` };
}

/**
 * The one line for a value an enum field cannot hold: a name the enum does not have, or a number a closed enum does
 * not name (an open one keeps any int32). It names the field and lists the enum's values, the first eight of them.
 * @param {string} path
 * @param {string} written the value as the line shows it (a name in quotes, a number)
 * @param {import('protobufjs').Enum} type
 * @param {string} label the field ("field kind")
 * @param {boolean} closed whether the enum is refusing a number for being closed
 */
function notInEnum(path, written, type, label, closed) {
  const values = Object.entries(type.values).map(([name, number]) => `${name} = ${number}`);
  return `${path}: ${written} is not a value of ${closed ? 'closed ' : ''}enum ${type.name} (${label}; its values: ${firstFew(values)})`;
}

/**
 * What a JSON value is, for an error message: 'null', 'an array', 'an object', or its type and value.
 * @param {unknown} v
 */
function jsonType(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number' && !Number.isFinite(v)) return `number ${v}`; // JSON.stringify writes null for NaN
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`.slice(0, 60);
}
