/**
 * Child-process entry for measureMemoryInChild (memory-child.js): started
 * with the node flags of one memory pass and an IPC channel, it receives
 * { source: CaseSource, options: MemoryOptions }, imports the source module,
 * builds the cases there (functions cannot be sent between processes), runs
 * measureMemory and sends { progress } as each case starts, then { results } or { error }.
 * Not meant to be run by hand.
 */
import { measureMemory } from './memory.js';

const send = process.send?.bind(process);
if (!send) {
  console.error('memory-worker.js is started by measureMemoryInChild, with an IPC channel');
  process.exit(2);
}

/** @param {import('./memory-child.js').WorkerMessage} message */
const reply = (message) => send(message, undefined, undefined, () => process.disconnect());

process.once('message', async (/** @type {import('./memory-child.js').WorkerRequest} */ { source, options }) => {
  try {
    const mod = await import(source.module);
    const build = mod[source.export ?? 'memoryCases'];
    if (typeof build !== 'function') throw new Error(`${source.module} exports no function ${source.export ?? 'memoryCases'}`);
    const cases = await build(source.args);
    // each case as it starts, so the parent can show progress through a long pass
    const results = await measureMemory(cases, { ...options, onCase: (progress) => send({ progress }) });
    reply({ results });
  } catch (err) {
    reply({ error: (err instanceof Error && err.stack) || String(err) });
  }
});
