/**
 * Stands in for lib/codecs/codegen.js in a page: there is no disk to load
 * generated code from, so the bundle carries the modules the host picked
 * (generatedModulePath) and registers them here before any codec is created.
 */

/** @type {Map<string, object>} codec name + schema hash → the module's exports */
const modules = new Map();

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
 * The bundled generated module of a codec for a schema, as loadGenerated gives it on a runtime with files.
 * @param {{ name: string }} codec
 * @param {{ hash: string, typeName: string }} schema
 * @returns {object}
 */
export function loadGenerated(codec, schema) {
  const found = modules.get(`${codec.name}\u0000${schema.hash}`);
  if (!found) throw new Error(`no generated code for ${codec.name} and ${schema.typeName} was bundled into the page`);
  return found;
}

/** Code is generated on the host before the page is built, never in it. */
export function bufGenerate() {
  throw new Error('code generation does not run in a browser page');
}
