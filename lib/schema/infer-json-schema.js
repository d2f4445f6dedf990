/**
 * Infers a JSON Schema (draft-07 subset: type, properties, required, items)
 * that describes a JSON value and every value of the same shape: objects in
 * one array merge into one schema, a key some of them lack is not required,
 * integers and non-integers merge into "number", other mixed types become a
 * list of types.
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
      const properties = {};
      for (const [k, v] of Object.entries(value)) properties[k] = inferJsonSchema(v);
      return { type: 'object', properties, required: Object.keys(properties) };
    }
    default: throw new TypeError(`not a JSON value: ${typeof value}`);
  }
}

function typesOf(s) {
  return Array.isArray(s.type) ? s.type : [s.type];
}

/** One schema that accepts what either accepts (only for schemas inferJsonSchema makes). */
export function mergeSchemas(a, b) {
  if (!a) return b;
  if (!b) return a;
  const types = new Set([...typesOf(a), ...typesOf(b)]);
  if (types.has('integer') && types.has('number')) types.delete('integer');
  const out = { type: types.size === 1 ? [...types][0] : [...types] };
  if (types.has('object')) {
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
