#!/usr/bin/env node
/**
 * Bytes allocated per operation and GC time per 1,000 operations for some
 * codecs on one bundled payload, until the suite shows them next to ops/s
 * (issue 9). Glue between today's lib/ layout and lib/measure/memory.js,
 * which takes plain functions: this file is also the case module the memory
 * worker imports (memoryCases), since functions cannot cross processes.
 *
 *   node scripts/measure-memory.js [payload number] [codec ...]
 *   node scripts/measure-memory.js 3 json-buffer protobufjs-static msgpackr
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolvePayloads } from '../lib/payload/index.js';
import { selectCodecs } from '../lib/codecs/index.js';
import { prepareCodecs, describeVerdict } from '../lib/verify.js';
import { operationFunctions, planBenchmarks } from '../lib/measure/speed.js';
import { measureMemoryInChild } from '../lib/measure/memory.js';

const SELF = fileURLToPath(import.meta.url);

/**
 * Every operation the speed benchmark times (encode from the native form,
 * decode to it, roundtrip, and the conversions that are not the identity),
 * as the same plain functions (operationFunctions), after a verified round
 * trip. Named "format op", as speed rows are, so attachMemory can match them.
 * @param {{ payload: string, codecs: string[] }} args
 * @returns {Promise<import('../lib/measure/memory.js').MemoryCase[]>}
 */
export async function memoryCases({ payload, codecs }) {
  const [p] = resolvePayloads({ numbers: [payload] });
  const prepared = prepareCodecs(await selectCodecs(codecs.join(',')), p);
  for (const { codec, instance, ...verdict } of prepared) {
    if (!instance) throw new Error(`${codec.name}: ${describeVerdict({ codec, ...verdict })}`);
  }
  return planBenchmarks(prepared).map(({ p: one, op, name }) => ({ name, fn: operationFunctions(one, p.value).fns[op] }));
}

async function main() {
  const [payload = '3', ...named] = process.argv.slice(2);
  const codecs = named.length ? named : ['json-buffer', 'protobufjs-static', 'msgpackr'];
  const results = await measureMemoryInChild({ module: SELF, args: { payload, codecs } });
  const rows = results.map(({ name, allocation: a, gc }) => [
    name,
    a.heapBytesPerOp.toFixed(1), `${a.heapBytesMin.toFixed(1)}–${a.heapBytesMax.toFixed(1)}`,
    a.externalBytesPerOp.toFixed(1),
    gc.msPer1000Ops.toFixed(4), `${gc.msMin.toFixed(4)}–${gc.msMax.toFixed(4)}`, String(gc.collections),
  ]);
  const head = ['operation', 'heap B/op', 'min–max', 'external B/op', 'gc ms/1000 ops', 'min–max', 'GCs/loop'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [head, ...rows]) console.log(r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '));
  console.log(`\nNode ${process.version}; allocation: ${results[0]?.allocation.opsPerRound} calls/window at least, `
    + `${results[0]?.allocation.rounds} windows; gc: ${results[0]?.gc.rounds} loops per case`);
}

if (path.resolve(process.argv[1] ?? '') === SELF) await main();
