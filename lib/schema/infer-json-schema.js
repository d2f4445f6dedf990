import { isJsonObject, setKey } from '../json.js';
import { keysAreData } from './infer.js';

/**
 * The JSON Schemas inferJsonSchema makes (a draft-07 subset); {} is any value.
 * @typedef {'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object'} JsonType
 * @typedef {object} JsonSchema
 * @property {JsonType | JsonType[]} [type]
 * @property {JsonSchema} [items] an array's elements
 * @property {Record<string, JsonSchema>} [properties] an object's keys
 * @property {string[]} [required]
 * @property {JsonSchema} [additionalProperties] the values of an object whose keys are data
 */

/**
 * Infers a JSON Schema (draft-07 subset: type, properties, required, items,
 * additionalProperties) that describes a JSON value and every value of the
 * same shape: objects in one array merge into one schema, a key some of them
 * lack is not required, integers and non-integers merge into "number", other
 * mixed types become a list of types. An object whose keys are data (numeric
 * ids, many keys holding objects of one shape, or a key no field is named such
 * as `app.kubernetes.io/name` with values of one type: keysAreData, the rule
 * the inferred .proto uses for a map) gets `additionalProperties` for its
 * values instead of one property per key, so other keys in other messages fit
 * it. The rule is applied object by object, so wherever the .proto has a map
 * this has one too; where records' values disagree the .proto keeps a message
 * and this keeps the map, its values taking both types.
 * @param {unknown} value
 * @returns {JsonSchema}
 */
export function inferJsonSchema(value) {
  return inferValue(value, false);
}

/**
 * inferJsonSchema at one place: `root` for a record of a stream, whose keys are a record's fields unless they are
 * numeric ids or many keys of one shape (keysAreData's root rule, as the .proto's).
 * @param {unknown} value
 * @param {boolean} root
 * @returns {JsonSchema}
 */
function inferValue(value, root) {
  const inner = (/** @type {unknown} */ v) => inferValue(v, false);
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) {
    const items = mergeAll(value.map(inner));
    return items ? { type: 'array', items } : { type: 'array' };
  }
  if (isJsonObject(value)) {
    if (keysAreData(value, { root })) {
      const values = mergeAll(Object.values(value).map(inner));
      return { type: 'object', additionalProperties: values ?? {} };
    }
    /** @type {Record<string, JsonSchema>} */
    const properties = {};
    for (const [k, v] of Object.entries(value)) setKey(properties, k, inner(v));
    return { type: 'object', properties, required: Object.keys(properties) };
  }
  switch (typeof value) {
    case 'number': return { type: Number.isInteger(value) ? 'integer' : 'number' };
    case 'string': return { type: 'string' };
    case 'boolean': return { type: 'boolean' };
    default: throw new TypeError(`not a JSON value: ${typeof value}`);
  }
}

/**
 * One schema for all of them, merged in order; null for none.
 * @param {JsonSchema[]} schemas
 * @returns {JsonSchema | null}
 */
function mergeAll(schemas) {
  /** @type {JsonSchema | null} */
  let merged = null;
  for (const schema of schemas) merged = mergeSchemas(merged, schema) ?? null;
  return merged;
}

/**
 * One JSON Schema for every record of a corpus: each record's, merged in
 * order, so a key that only a later record holds, or a type that differs in
 * one, is covered (a serializer compiled from the first record alone refuses
 * or drops them).
 * @param {unknown[]} records
 * @returns {JsonSchema}
 */
export function inferJsonSchemaOfRecords(records) {
  // as the .proto: several records are a stream, whose records stay messages; one is a document
  const root = records.length > 1;
  return mergeAll(records.map((r) => inferValue(r, root))) ?? {};
}

/**
 * @param {JsonType | JsonType[]} type
 * @returns {JsonType[]}
 */
function typesOf(type) {
  return Array.isArray(type) ? type : [type];
}

/**
 * The schema of every value an object schema holds: its map values, or each of its properties.
 * @param {JsonSchema} s
 * @returns {JsonSchema | null}
 */
function valuesOf(s) {
  if (s.additionalProperties) return s.additionalProperties.type ? s.additionalProperties : null;
  return mergeAll(Object.values(s.properties ?? {}));
}

/**
 * A property's schema, if the object schema has that property (a key such as "__proto__" or "toString" included).
 * @param {Record<string, JsonSchema>} properties
 * @param {string} key
 */
const own = (properties, key) => (Object.hasOwn(properties, key) ? properties[key] : undefined);

/**
 * One schema that accepts what either accepts (only for schemas inferJsonSchema makes); null or undefined when
 * neither is given.
 * @param {JsonSchema | null | undefined} a
 * @param {JsonSchema | null | undefined} b
 * @returns {JsonSchema | null | undefined}
 */
export function mergeSchemas(a, b) {
  // no schema, or {} (any value: an empty map's values), adds nothing
  if (!a?.type) return b ?? a;
  if (!b?.type) return a;
  const types = new Set([...typesOf(a.type), ...typesOf(b.type)]);
  if (types.has('integer') && types.has('number')) types.delete('integer');
  /** @type {JsonSchema} */
  const out = { type: types.size === 1 ? [...types][0] : [...types] };
  if (types.has('object') && (a.additionalProperties || b.additionalProperties)) {
    // keys that are data in one place make a map of every object met there; {} has no values to add
    out.additionalProperties = mergeSchemas(valuesOf(a), valuesOf(b)) ?? {};
  } else if (types.has('object')) {
    const pa = a.properties || {};
    const pb = b.properties || {};
    /** @type {Record<string, JsonSchema>} */
    const properties = {};
    // each key is in pa or pb, so merging gives a schema
    for (const k of new Set([...Object.keys(pa), ...Object.keys(pb)])) setKey(properties, k, mergeSchemas(own(pa, k), own(pb, k)) ?? {});
    const inA = a.properties ? new Set(a.required) : null;
    const inB = b.properties ? new Set(b.required) : null;
    out.properties = properties;
    out.required = Object.keys(properties).filter((k) => (!inA || inA.has(k)) && (!inB || inB.has(k)));
  }
  if (types.has('array')) {
    const items = mergeSchemas(a.items, b.items);
    if (items) out.items = items;
  }
  return out;
}
