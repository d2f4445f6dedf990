/**
 * Memory per operation for the speed benchmark's own operations: bytes
 * allocated per call (JS heap and external memory apart) and GC time per
 * 1,000 calls, measured by lib/measure/memory.js in child processes (memory-child.js), in a
 * pass of its own after the timing. This file is also the case module the
 * memory worker imports: functions cannot cross a process boundary, so the
 * child rebuilds each payload (from its JSON value and .proto text), prepares
 * and verifies the codecs by name, and takes the same per-operation functions
 * the speed benchmark times (operationFunctions).
 */
import { selectCodecs } from '../codecs/index.js';
import { loadSchemaFile, parseSchema, schemaForPayload } from '../schema/index.js';
import { prepareCodecs } from '../verify.js';
import { measureMemoryInChild } from './memory-child.js';
import { operationFunctions, planBenchmarks } from './speed.js';

const SELF = new URL(import.meta.url).href;

// Between a payload's id and "format op" in a case name; ids and format names have no tab.
const SEP = '\t';

/**
 * @typedef {object} PayloadRecipe what a child process needs to rebuild a payload
 * @property {string} id
 * @property {string} title
 * @property {string} dataFile
 * @property {any} value the plain JSON value
 * @property {number} jsonBytes
 * @property {string} schemaSource
 * @property {{ text: string, file: string, sourceFile: string|null, typeName: string, fit?: { aliases: boolean, longsAsStrings: boolean } }} schema
 */

/**
 * What a child process needs to rebuild a payload as the timed pass has it (JSON-safe): the schema by its source,
 * and how the payload spells keys and 64-bit integers, for its adapter.
 * @param {import('../payload/index.js').Payload} p
 * @returns {PayloadRecipe}
 */
export function payloadRecipe(p) {
  const { text, file, sourceFile, typeName } = p.schema;
  return {
    id: p.id, title: p.title, dataFile: p.dataFile, value: p.value, jsonBytes: p.jsonBytes,
    schemaSource: p.schemaSource, schema: { text, file, sourceFile, typeName, fit: p.schema.adapter.fit },
  };
}

/**
 * @param {PayloadRecipe} r
 * @returns {import('../payload/index.js').Payload}
 */
function rebuildPayload(r) {
  // a .proto from a file may import others, resolved from its folder
  const schema = r.schema.sourceFile
    ? loadSchemaFile(r.schema.sourceFile, r.schema.typeName)
    : parseSchema(r.schema.text, { file: r.schema.file, typeName: r.schema.typeName });
  // the adapter for how the payload spells keys and 64-bit integers (lowerCamelCase keys would otherwise be dropped)
  return { ...r, schema: r.schema.fit ? schemaForPayload(schema, r.schema.fit) : schema, warnings: [] };
}

/**
 * The memory worker's cases: every measurable codec × operation of every
 * payload, as planBenchmarks lists them for the speed benchmark, named
 * "payload<TAB>format op". Not meant to be called but by the worker.
 * @param {{ payloads: PayloadRecipe[], codecs: string[], filter?: string|null }} args
 * @returns {Promise<import('./memory.js').MemoryCase[]>}
 */
export async function memoryCases({ payloads, codecs, filter = null }) {
  const infos = await selectCodecs(codecs.join(','));
  const re = filter ? new RegExp(filter) : undefined;
  return payloads.flatMap((recipe) => {
    const payload = rebuildPayload(recipe);
    return planBenchmarks(prepareCodecs(infos, payload), re).map(({ p, op, name }) => ({
      name: `${payload.id}${SEP}${name}`,
      fn: /** @type {() => any} */ (operationFunctions(p, payload.value).fns[op]),
    }));
  });
}

/**
 * @typedef {object} OperationMemory the memory figures of one codec × operation, as attachMemory takes them
 * @property {string} format
 * @property {string} op
 * @property {number} heapBytesPerOp JS-heap bytes allocated per call (median of windows)
 * @property {number} externalBytesPerOp ArrayBuffer backing-store bytes per call (median of windows)
 * @property {number} bytesPerOp the two together
 * @property {number} gcMsPer1000Ops GC pause time per 1,000 calls (median of loops)
 */

/**
 * Measures memory per operation for every measurable codec × operation of
 * each payload, in two child processes (one per pass, all payloads in each),
 * never inside the ops/s timing. The codecs must be registry codecs: the
 * children select them again by name.
 * @param {import('../payload/index.js').Payload[]} payloads
 * @param {{ name: string }[]} codecs
 * @param {import('./memory.js').MemoryOptions & { filter?: RegExp, youngGenerationMiB?: number }} [options]
 * @returns {Promise<OperationMemory[][]>} per payload, in the order given
 */
export async function measureOperationMemory(payloads, codecs, { filter, ...options } = {}) {
  const results = await measureMemoryInChild({
    module: SELF,
    args: { payloads: payloads.map(payloadRecipe), codecs: codecs.map((c) => c.name), filter: filter ? filter.source : null },
  }, options);
  return payloads.map((p) => results.filter((r) => r.name.startsWith(`${p.id}${SEP}`)).map((r) => {
    const [format, op] = r.name.slice(p.id.length + 1).split(' ');
    const heap = r.allocation?.heapBytesPerOp ?? null;
    const external = r.allocation?.externalBytesPerOp ?? null;
    return {
      format, op, heapBytesPerOp: heap, externalBytesPerOp: external,
      bytesPerOp: heap == null || external == null ? null : heap + external,
      gcMsPer1000Ops: r.gc?.msPer1000Ops ?? null,
    };
  }));
}
