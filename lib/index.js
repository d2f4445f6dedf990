// The programmatic API: what a script would use to run the suite or one
// measurement and render the results, without going through the command line.
// Every function here is the same one the entry points call.
//
//   import { resolvePayloads, selectCodecs, prepareCodecs, measureSizes } from 'protobuf-vs-json-bench';
//   const [payload] = resolvePayloads({ numbers: ['3'] });
//   const prepared = prepareCodecs(await selectCodecs('json-buffer,protobufjs-static'), payload);
//   console.log(measureSizes(prepared, payload).codecs);

/** Payloads: the five bundled ones (by number) or a JSON file of the user's, with its schema. */
export { BUNDLED, describePayload, resolvePayloads } from './payload/index.js';
/** Batches: N copies of a payload in one repeated field, for scaling runs. */
export { batchPayload } from './payload/batch.js';
/** Schemas: infer a .proto from JSON, load or parse one, check a value fits. */
export { inferSchema } from './schema/infer.js';
export { checkFits, loadSchemaFile, parseSchema } from './schema/index.js';
/** Codecs: the registry, the default set and the baseline every ratio is taken against. */
export { BASELINE, DEFAULT_FORMATS, loadCodecs, selectCodecs } from './codecs/index.js';
/** Verification: build each codec for a payload and check its round trip before anything is timed. */
export { describeVerdict, measurable, prepareCodecs, verifyRoundTrip } from './verify.js';
/** Measurements: bytes, speed (Benchmark.js, interleaved rounds), the environment they ran in. */
export { measureSizes } from './measure/sizes.js';
export { measureSpeed, OPERATIONS } from './measure/speed.js';
export { describeEnvironment, environmentLine } from './measure/environment.js';
/** Transmission over WebSocket: server, client passes, link shaping. */
export { measureTransmission } from './transmission/run.js';
export { PROFILES, resolveProfile } from './transmission/shaping/profiles.js';
/** The whole suite, as `npm start` runs it, returning results.json's object. */
export { MODES, runSuite } from './suite.js';
/** Results: read and validate results.json, compare two runs. */
export { readResultsFile, RESULTS_FORMAT, UNITS, validateResults } from './results/index.js';
export { compareRuns } from './results/compare.js';
/** Reports: the Markdown and self-contained HTML renderings of a results object. */
export { renderMarkdown } from './report/markdown.js';
export { renderHtml } from './report/html.js';
/** The one error type for a user's mistake (bad file, bad option, value that does not fit). */
export { Unsupported, UserError } from './errors.js';
