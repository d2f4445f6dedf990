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
export { measureCorpusSizes, measureSizes } from './measure/sizes.js';
export { measureSpeed, OPERATIONS } from './measure/speed.js';
/**
 * What is timed, one operation at a time: operationFunctions(prepared, value) gives a codec's plain
 * functions per operation (encode from its native form, decode to it, roundtrip, to-plain, from-plain;
 * null for an identity conversion), planBenchmarks(prepared, filter?) the "format op" list a run measures,
 * identityConversions(prepared) the conversions left out as n/a, IDENTITY_NOTE their note.
 */
export { IDENTITY_NOTE, identityConversions, operationFunctions, planBenchmarks } from './measure/speed.js';
/**
 * Streams of messages: speedMessages(payload) the messages a speed pass cycles through (the corpus, or a
 * seeded sample of a big one), measureHarness() the empty-loop and memory-copy rates a run's rows are judged
 * against, implausibleRate(row, harness) why a rate is implausible ("probably measured an empty loop"), or null.
 */
export { implausibleRate, measureHarness, speedMessages } from './measure/speed.js';
/**
 * The type-by-type micro-suite (benchmark_dss.js --shapes): shapePayloads() the families, each a seeded corpus
 * with an inferred schema; measureShapes(payloads, codecs) their encode and decode speed; shapesReport(results)
 * the tables.
 */
export { SHAPES, shapePayloads } from './payload/shapes.js';
export { measureShapes } from './measure/shapes.js';
export { shapesReport } from './report/shapes.js';
/**
 * Memory per operation, in passes of their own: measureMemoryInChild(source, options) runs the cases a
 * module builds in child processes (one per pass, each with memoryNodeFlags(pass)) and returns, per case,
 * bytes allocated per call (JS heap and external apart) and GC ms per 1,000 calls; measureMemory runs them
 * in this process (node --expose-gc). measureOperationMemory(payloads, codecs, options) does it for every
 * measurable codec × operation, as the suite does after the timing, and attachMemory(rows, figures)
 * puts those figures into speed rows.
 */
export { MEMORY_DEFAULTS, MEMORY_PASSES, measureMemory, memoryNodeFlags } from './measure/memory.js';
export { measureMemoryInChild } from './measure/memory-child.js';
export { measureOperationMemory } from './measure/operation-memory.js';
export { attachMemory } from './measure/speed.js';
/** Fairness flags of a prepared codec (schema source, codegen, native addon, extension, buffer reuse) and their legend. */
export { fairnessFlags } from './codecs/index.js';
export { FLAGS_LEGEND, flagsCell } from './report/flags.js';
/** The answer first: per payload, size against JSON and ratios to the baseline with their spread, and what lies outside it. */
export { answerModel, answerParagraph, outsideSpread, speedPrecision } from './report/answer.js';
export { describeEnvironment, environmentLine } from './measure/environment.js';
/** Transmission over WebSocket: server, client passes, link shaping. */
export { measureTransmission } from './transmission/run.js';
export { loadTransport, TRANSPORT_NAMES } from './transmission/transports/index.js';
export { PROFILES, resolveProfile } from './transmission/shaping/profiles.js';
/** The whole suite, as `npm start` runs it, returning results.json's object. */
export { MODES, runSuite, START_FORMATS } from './suite.js';
/** Results: read and validate results.json, compare two runs. */
export { readResultsFile, RESULTS_FORMAT, UNITS, validateResults } from './results/index.js';
export { compareRuns } from './results/compare.js';
/** Reports: the Markdown and self-contained HTML renderings of a results object. */
export { renderMarkdown } from './report/markdown.js';
export { renderHtml } from './report/html.js';
/** The one error type for a user's mistake (bad file, bad option, value that does not fit). */
export { Unsupported, UserError } from './errors.js';
