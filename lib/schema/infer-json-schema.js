import { keysAreData } from './infer.js';

/**
 * Infers a JSON Schema (draft-07 subset: type, properties, required, items,
 * additionalProperties) that describes a JSON value and every value of the
 * same shape: objects in one array merge into one schema, a key some of them
 * lack is not required, integers and non-integers merge into "number", other
 * mixed types become a list of types. An object whose keys are data (numeric
 * ids, or many keys holding objects of one shape: the rule the inferred .proto
 * uses for a map) gets `additionalProperties` for its values instead of one
 * property per key, so other keys in other messages fit it.
 * @param {any} value
 * @returns {object}
 */
export function inferJsonSchema(value) {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) {
    const items = value.map(inferJsonSchema).reduce(mergeSchemas, null);
    return items ? { type: 'array', items } : { type: 'array' };
  }
  switch (typeof value) {
    case 'number': return { type: Number.isInteger(value) ? 'integer' : 'number' };
    case 'string': return { type: 'string' };
    case 'boolean': return { type: 'boolean' };
    case 'object': {
      if (keysAreData(value)) {
        const values = Object.values(value).map(inferJsonSchema).reduce(mergeSchemas, null);
        return { type: 'object', additionalProperties: values ?? {} };
      }
      const properties = {};
      for (const [k, v] of Object.entries(value)) properties[k] = inferJsonSchema(v);
      return { type: 'object', properties, required: Object.keys(properties) };
    }
    default: throw new TypeError(`not a JSON value: ${typeof value}`);
  }
}

/**
 * One JSON Schema for every record of a corpus: each record's, merged in
 * order, so a key that only a later record holds, or a type that differs in
 * one, is covered (a serializer compiled from the first record alone refuses
 * or drops them).
 * @param {unknown[]} records
 * @returns {object}
 */
export function inferJsonSchemaOfRecords(records) {
  let merged = null;
  for (const record of records) merged = mergeSchemas(merged, inferJsonSchema(record));
  return merged ?? {};
}

function typesOf(s) {
  return Array.isArray(s.type) ? s.type : [s.type];
}

/** The schema of every value an object schema holds: its map values, or each of its properties. */
function valuesOf(s) {
  if (s.additionalProperties) return s.additionalProperties.type ? s.additionalProperties : null;
  return Object.values(s.properties ?? {}).reduce(mergeSchemas, null);
}

/** One schema that accepts what either accepts (only for schemas inferJsonSchema makes). */
export function mergeSchemas(a, b) {
  // no schema, or {} (any value: an empty map's values), adds nothing
  if (!a?.type) return b ?? a;
  if (!b?.type) return a;
  const types = new Set([...typesOf(a), ...typesOf(b)]);
  if (types.has('integer') && types.has('number')) types.delete('integer');
  const out = { type: types.size === 1 ? [...types][0] : [...types] };
  if (types.has('object') && (a.additionalProperties || b.additionalProperties)) {
    // keys that are data in one place make a map of every object met there; {} has no values to add
    out.additionalProperties = mergeSchemas(valuesOf(a), valuesOf(b)) ?? {};
  } else if (types.has('object')) {
    const pa = a.properties || {};
    const pb = b.properties || {};
    const properties = {};
    for (const k of new Set([...Object.keys(pa), ...Object.keys(pb)])) properties[k] = mergeSchemas(pa[k], pb[k]);
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
