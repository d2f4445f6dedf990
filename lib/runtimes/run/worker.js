/**
 * Entry run inside another runtime (Node, Bun or Deno) by matrix.js: builds
 * the payloads there, prepares and verifies every codec there, times one
 * round (or, with job.timer 'paired', the paired speed pass: lib/runtimes/run/processes.js) and prints the
 * results as JSON on its last line. The job is JSON on
 * stdin (see WorkerJob in matrix.js), its payloads as lib/payload/portable.js
 * sends them; each runtime loads the codecs itself.
 */
import { rebuildPayload } from '../../payload/portable.js';
import { selectCodecs } from '../../codecs/index.js';
import { describeCodec, prepareCodecs } from '../../verify.js';
import { measureSpeed } from '../../measure/speed.js';
import { rotate } from '../../measure/statistics.js';

let input = '';
for await (const chunk of process.stdin.setEncoding('utf8')) input += chunk;
/** @type {import('../matrix/matrix.js').WorkerJob} */
const job = JSON.parse(input);
const codecs = await selectCodecs(job.formats);
const payloads = job.payloads.map(rebuildPayload);
const filter = job.filter ? new RegExp(job.filter) : undefined;

const results = payloads.map((payload, i) => {
  // the codec order turns each round, as within one runtime's rounds
  const prepared = prepareCodecs(rotate(codecs, job.round ?? 0), payload);
  if (job.verifyOnly) return { verdicts: prepared.map(describeCodec) };
  if (job.timer === 'paired') {
    return measureSpeed(prepared, payload, {
      timer: 'paired', maxTime: job.maxTime, precision: job.precision, filter, oneMessage: job.oneMessage?.[i] ?? [], timerCheck: Boolean(job.timerCheck) && i === job.payloads.length - 1,
      harness: job.harness ?? null, filterMayMissAll: Boolean(job.filterMayMissAll),
    });
  }
  return measureSpeed(prepared, payload, { timer: 'benchmark', rounds: 1, maxTime: job.maxTime, minTime: job.minTime, filter });
});
console.log(JSON.stringify({ results }));
