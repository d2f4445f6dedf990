import { UserError } from '../errors.js';
import { checkFits, parseSchema, schemaForPayload } from '../schema/index.js';

/**
 * Parses a --batch value: comma-separated whole numbers ≥ 1, e.g. "1,10,100".
 * @param {string} value
 * @returns {number[]} the counts, ascending, without repeats
 */
export function parseBatchCounts(value) {
  const counts = String(value).split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1 || n > 1e6) {
      throw new UserError(`--batch: expected whole numbers from 1 to 1000000 separated by commas, got "${s}"`);
    }
    return n;
  });
  if (!counts.length) throw new UserError('--batch: expected counts such as 1,10,100,1000,10000');
  return [...new Set(counts)].sort((a, b) => a - b);
}

/**
 * The payload --batch wraps: the one --batch-payload names (an id such as test3, or its
 * number), else the first one chosen, else test3 (a medium object) when all five run.
 * @template {{ id: string }} P a payload (only its id is read)
 * @param {P[]} payloads the payloads of this run
 * @param {string | undefined} wanted the --batch-payload value, if given
 * @param {boolean} chosen whether the user picked payloads (numbers or --data)
 * @returns {P}
 */
export function batchBase(payloads, wanted, chosen) {
  if (wanted === undefined) return chosen ? payloads[0] : payloads.find((p) => p.id === 'test3') ?? payloads[0];
  const base = payloads.find((p) => p.id === wanted || p.id === `test${wanted}`);
  if (!base) throw new UserError(`--batch-payload: "${wanted}" is not one of the payloads chosen (${payloads.map((p) => p.id).join(', ')})`);
  return base;
}

/**
 * The payload repeated N times in one message: `{ items: [value × N] }`, with
 * the payload's schema extended by a message whose one repeated field holds
 * the payload's type, so every codec (schema-driven or not) encodes the same
 * thing. Each item is its own copy, so a codec cannot gain by spotting shared
 * references.
 * @param {import('./index.js').Payload} payload
 * @param {number} n
 * @returns {import('./index.js').Payload & { value: { items: unknown[] } }}
 */
export function batchPayload(payload, n) {
  const inner = payload.schema.typeName;
  let name = `BatchOf${inner.split('.').pop()}`;
  while (payload.schema.root.lookup(name)) name = `${name}_`;
  // Appended after everything, so the message lands in the file's package. The item type is
  // written as its full name without a leading dot: it resolves the same way, and pbf's parser
  // (protocol-buffers-schema) does not accept fully-qualified ".Name" references.
  const text = `${payload.schema.text.trimEnd()}\n\n// Added by --batch: the payload repeated N times.\nmessage ${name} {\n  repeated ${inner} items = 1;\n}\n`;
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(payload.schema.text)?.[1];
  const schema = parseSchema(text, { file: `${payload.schema.file} (batch wrapper)`, typeName: pkg ? `${pkg}.${name}` : name });
  const value = { items: Array.from({ length: n }, () => structuredClone(payload.value)) };
  // the adapter built for how the message spells keys and numbers, as the unbatched payload's was
  const fit = checkFits(schema.type, value);
  return {
    ...payload,
    id: `${payload.id}×${n}`,
    title: `${payload.title}, ${n} in one message`,
    value,
    corpus: [value], // one batch message, built from the corpus's first message
    jsonBytes: Buffer.byteLength(JSON.stringify(value)),
    schema: schemaForPayload(schema, fit),
    schemaSource: `${payload.schemaSource} + batch wrapper`,
  };
}
