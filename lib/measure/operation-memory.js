/**
 * Memory per operation for the speed benchmark's own operations: bytes
 * allocated per call (JS heap and external memory apart) and GC time per
 * 1,000 calls, measured by lib/measure/memory.js in child processes (memory-child.js), in a
 * pass of its own after the timing. This file is also the case module the
 * memory worker imports: functions cannot cross a process boundary, so the
 * child rebuilds each payload (lib/payload/portable.js), prepares
 * and verifies the codecs by name, and takes the same per-operation functions
 * the speed benchmark times (operationFunctions).
 */
import { selectCodecs } from '../codecs/index.js';
import { portablePayload, rebuildPayload } from '../payload/portable.js';
import { prepareCodecs } from '../verify.js';
import { measureMemoryInChild } from './memory-child.js';
import { operationFunctions, planBenchmarks } from './speed.js';

const SELF = new URL(import.meta.url).href;

// Between a payload's id and "format op" in a case name; ids and format names have no tab.
const SEP = '\t';

/**
 * The memory worker's cases: every measurable codec × operation of every
 * payload, as planBenchmarks lists them for the speed benchmark, named
 * "payload<TAB>format op". Not meant to be called but by the worker.
 * @param {{ payloads: import('../payload/portable.js').PortablePayload[], codecs: string[], filter?: string|null }} args
 * @returns {Promise<import('./memory.js').MemoryCase[]>}
 */
export async function memoryCases({ payloads, codecs, filter = null }) {
  const infos = await selectCodecs(codecs.join(','));
  const re = filter ? new RegExp(filter) : undefined;
  return payloads.flatMap((portable) => {
    const payload = rebuildPayload(portable);
    return planBenchmarks(prepareCodecs(infos, payload), re).map(({ p, op, name }) => {
      const fn = operationFunctions(p, payload.value).fns[op];
      // planBenchmarks leaves out the identity conversions, the only operations without a function
      if (!fn) throw new TypeError(`${name}: no function to measure`);
      return { name: `${payload.id}${SEP}${name}`, fn };
    });
  });
}

/**
 * @typedef {object} OperationMemory the memory figures of one codec × operation, as attachMemory takes them
 * @property {string} format
 * @property {string} op
 * @property {number|null} heapBytesPerOp JS-heap bytes allocated per call (median of the last windows, once they agree; null
 *   when not measured)
 * @property {number|null} externalBytesPerOp ArrayBuffer backing-store bytes per call (median of the same windows)
 * @property {number|null} bytesPerOp the two together
 * @property {number|null} gcMsPer1000Ops GC pause time per 1,000 calls (median of loops)
 * @property {boolean|null} [settled] whether the allocation windows agreed before their limit (null: not measured)
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
    // the value is what is measured: the rest of the corpus stays here
    args: { payloads: payloads.map((p) => portablePayload(p, { messages: 1 })), codecs: codecs.map((c) => c.name), filter: filter ? filter.source : null },
  }, options);
  return payloads.map((p) => results.filter((r) => r.name.startsWith(`${p.id}${SEP}`)).map((r) => {
    const [format, op] = r.name.slice(p.id.length + 1).split(' ');
    const heap = r.allocation?.heapBytesPerOp ?? null;
    const external = r.allocation?.externalBytesPerOp ?? null;
    return {
      format, op, heapBytesPerOp: heap, externalBytesPerOp: external,
      bytesPerOp: heap == null || external == null ? null : heap + external,
      gcMsPer1000Ops: r.gc?.msPer1000Ops ?? null, settled: r.allocation?.settled ?? null,
    };
  }));
}
