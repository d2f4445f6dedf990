import { fileURLToPath, pathToFileURL } from 'node:url';
import { startProcess } from '../child-process.js';
import { MEMORY_PASSES, memoryNodeFlags } from './memory.js';

/**
 * The memory passes in child processes: one fresh process per pass, started
 * with that pass's node flags (memoryNodeFlags), running memory-worker.js,
 * which builds the cases and runs measureMemory there. A fresh process per
 * pass also keeps the caller's own heap and JIT state out of the figures.
 */

/**
 * Where a child process finds its cases: a module whose export (default
 * 'memoryCases') is called with args and returns MemoryCase[] (or a promise
 * of them). Functions cannot cross a process boundary, so the child builds
 * its own from this recipe.
 * @typedef {object} CaseSource
 * @property {string} module path or file: URL of the module
 * @property {string} [export] name of the exported function (default 'memoryCases')
 * @property {unknown} [args] passed to it; must survive structured cloning
 */

/**
 * What the parent sends the worker, and what the worker sends back: { progress } as each case starts, then
 * { results } or { error }.
 * @typedef {{ source: CaseSource, options: MemoryOptions }} WorkerRequest
 * @typedef {{ progress?: MemoryProgress, results?: MemoryResult[], error?: string }} WorkerMessage
 */

/** @typedef {import('./memory.js').MemoryOptions} MemoryOptions */
/** @typedef {import('./memory.js').MemoryResult} MemoryResult */
/** @typedef {import('./memory.js').MemoryProgress} MemoryProgress */
/** @typedef {import('./memory.js').MemoryPass} MemoryPass */

const WORKER = fileURLToPath(new URL('./memory-worker.js', import.meta.url));

/**
 * Runs measureMemory in fresh child processes, one per pass, each started
 * with memoryNodeFlags(pass): the allocation pass with a large young
 * generation, the gc pass with V8's default. Results of the passes are
 * merged by case name (mergePasses).
 * @param {CaseSource} source
 * @param {MemoryOptions & { youngGenerationMiB?: number, execPath?: string }} [options] onCase is called here,
 *   in this process, as the child starts each case
 * @returns {Promise<MemoryResult[]>}
 */
export async function measureMemoryInChild(source, options = {}) {
  const { passes = MEMORY_PASSES, youngGenerationMiB, execPath = process.execPath, gc: _ignored, onCase = () => {}, ...rest } = options;
  const request = { source: { ...source, module: toModuleUrl(source.module) }, options: rest };
  /** @type {{ pass: MemoryPass, results: MemoryResult[] }[]} */
  const perPass = [];
  for (const pass of passes) {
    const execArgv = memoryNodeFlags(pass, { youngGenerationMiB });
    perPass.push({ pass, results: await runWorker(execPath, execArgv, { ...request, options: { ...rest, passes: [pass] } }, onCase) });
  }
  return mergePasses(perPass);
}

/**
 * One result per case from the results of each pass: the first pass's list,
 * in its order, with each later pass's figures put in by case name (a case
 * only a later pass has is left out: every pass builds the same cases).
 * @param {{ pass: MemoryPass, results: MemoryResult[] }[]} perPass
 * @returns {MemoryResult[]}
 */
export function mergePasses(perPass) {
  const [first, ...later] = perPass;
  if (!first) return [];
  const merged = first.results.map((r) => ({ ...r }));
  for (const { pass, results } of later) {
    for (const r of results) {
      const m = merged.find((x) => x.name === r.name);
      if (!m) continue;
      if (pass === 'allocation') m.allocation = r.allocation;
      else m.gc = r.gc;
    }
  }
  return merged;
}

/**
 * A module specifier the worker can import(): a file: URL as it is, a path made into one.
 * @param {string} spec
 */
export function toModuleUrl(spec) {
  return /^file:/.test(spec) ? spec : pathToFileURL(spec).href;
}

/**
 * One pass in one child: sends the request, relays its progress, and gives its results (or its error, or how it
 * ended without either).
 * @param {string} execPath
 * @param {string[]} execArgv
 * @param {WorkerRequest} request
 * @param {(progress: MemoryProgress) => void} onCase
 * @returns {Promise<MemoryResult[]>}
 */
async function runWorker(execPath, execArgv, request, onCase) {
  const { child, exited, stop } = startProcess(execPath, [...execArgv, WORKER], { ipc: true, stdout: 'inherit' });
  // the worker's last message other than progress: its answer
  const answer = { message: /** @type {WorkerMessage} */ ({}) };
  child.on('message', (m) => {
    const message = /** @type {WorkerMessage} */ (m);
    if (message.progress) onCase(message.progress);
    else answer.message = message;
  });
  // a request that did not arrive would leave the worker waiting: stop it, and its outcome says the rest (a child
  // that could not start has no channel either, and its outcome says why)
  child.send(request, (err) => { if (err) stop(); });
  const outcome = await exited;
  if (outcome.error) throw outcome.error;
  const { error, results } = answer.message;
  if (error) throw new Error(`memory worker: ${error}`);
  if (results) return results;
  const stderr = outcome.stderr.trim();
  throw new Error(`memory worker exited (${outcome.signal ?? outcome.code}) without results${stderr ? `: ${stderr}` : ''}`);
}
