// A schema: loading one (load.js), the JSON<->proto adapter (adapter.js) and the fit check (fit.js); this file is the
// folder's public face, so importers name lib/schema/index.js whatever file a function lives in.
export { TO_OBJECT_OPTIONS, buildAdapter } from './adapter.js';
export { loadSchemaFile, parseSchema, protoEdition, schemaForPayload } from './load.js';
export { FIT_FLAGS, anyFit, checkFits, fitOf, isValueError, mergeFits, valueError } from './fit.js';
export { isWrapper, jsonKey } from './proto-json.js';

/** @typedef {import('./load.js').Schema} Schema */
/** @typedef {import('./adapter.js').Adapter} Adapter */
/** @typedef {import('./fit.js').Found} Fit */
