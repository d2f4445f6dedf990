/**
 * Stands in for lib/codecs/codegen.js in a page: there is no disk to load
 * generated code from, so the bundle carries the modules the host picked
 * (generatedModulePath) and registers them here before any codec is created.
 */

import { Unsupported } from '../../errors.js';

/** @type {Map<string, object>} codec name + schema hash → the module's exports */
const modules = new Map();
/** @type {Map<string, string>} codec name + schema hash → why the host could not generate the module (Unsupported) */
const refused = new Map();

/**
 * Registers a bundled generated module.
 * @param {string} codecName
 * @param {string} schemaHash
 * @param {object} exports
 */
export function registerGenerated(codecName, schemaHash, exports) {
  modules.set(`${codecName}\u0000${schemaHash}`, exports);
}

/**
 * Registers a module the host did not generate because the codec cannot take the schema (its generator refused it
 * with Unsupported, say a .proto with editions): loading it throws that Unsupported, as on a runtime with files.
 * @param {string} codecName
 * @param {string} schemaHash
 * @param {string} reason
 */
export function registerUnsupported(codecName, schemaHash, reason) {
  refused.set(`${codecName}\u0000${schemaHash}`, reason);
}

/**
 * The bundled generated module of a codec for a schema, as loadGenerated gives it on a runtime with files.
 * @param {{ name: string }} codec
 * @param {{ hash: string, typeName: string }} schema
 * @returns {object}
 */
export function loadGenerated(codec, schema) {
  const reason = refused.get(`${codec.name}\u0000${schema.hash}`);
  if (reason !== undefined) throw new Unsupported(reason);
  const found = modules.get(`${codec.name}\u0000${schema.hash}`);
  if (!found) throw new Error(`no generated code for ${codec.name} and ${schema.typeName} was bundled into the page`);
  return found;
}

/** Code is generated on the host before the page is built, never in it. */
export function bufGenerate() {
  throw new Error('code generation does not run in a browser page');
}
