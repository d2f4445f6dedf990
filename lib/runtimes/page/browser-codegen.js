/**
 * Stands in for lib/codecs/codegen.js in a page: there is no disk to load
 * generated code from, so the bundle carries the modules the host picked
 * (generatedModulePath) and registers them here before any codec is created.
 */

import { Unsupported } from '../../errors.js';

/**
 * What picks a generated module: the codec, the schema's files (its hash) and, for a generator writing one module per
 * .proto, the file declaring the message (Schema.typeFile: --type may name a message of an imported file, whose
 * module the host picked, codegen.js), so two payloads of one schema with messages of two files get their own.
 * @typedef {{ hash: string, typeFile?: string }} GeneratedFor
 */

/**
 * The registry's key for a codec's module for a schema.
 * @param {string} codecName
 * @param {GeneratedFor} schema
 */
const keyOf = (codecName, { hash, typeFile }) => `${codecName}\u0000${hash}\u0000${typeFile ?? ''}`;

/** @type {Map<string, object>} keyOf → the module's exports */
const modules = new Map();
/** @type {Map<string, string>} keyOf → why the host could not generate the module (Unsupported) */
const refused = new Map();

/**
 * Registers a bundled generated module.
 * @param {string} codecName
 * @param {GeneratedFor} schema
 * @param {object} exports
 */
export function registerGenerated(codecName, schema, exports) {
  modules.set(keyOf(codecName, schema), exports);
}

/**
 * Registers a module the host did not generate because the codec cannot take the schema (its generator refused it
 * with Unsupported, say a .proto with editions): loading it throws that Unsupported, as on a runtime with files.
 * @param {string} codecName
 * @param {GeneratedFor} schema
 * @param {string} reason
 */
export function registerUnsupported(codecName, schema, reason) {
  refused.set(keyOf(codecName, schema), reason);
}

/**
 * The bundled generated module of a codec for a schema, as loadGenerated gives it on a runtime with files.
 * @param {{ name: string }} codec
 * @param {GeneratedFor & { typeName: string }} schema
 * @returns {object}
 */
export function loadGenerated(codec, schema) {
  const reason = refused.get(keyOf(codec.name, schema));
  if (reason !== undefined) throw new Unsupported(reason);
  const found = modules.get(keyOf(codec.name, schema));
  if (!found) throw new Error(`no generated code for ${codec.name} and ${schema.typeName} was bundled into the page`);
  return found;
}

/** Code is generated on the host before the page is built, never in it. */
export function bufGenerate() {
  throw new Error('code generation does not run in a browser page');
}
