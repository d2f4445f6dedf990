/**
 * A payload sent to another process or a page: the one JSON-safe form a
 * payload crosses a boundary in (a runtime's worker over stdin, a Chromium
 * page as an argument, the memory pass's child over IPC), and the one way it
 * is rebuilt on the other side. The schema travels as protobuf.js JSON, with
 * its imports already resolved, so the other side needs no files and no
 * parser: a page rebuilds it as a Node child does. Importable in a page
 * (no Node built-ins at load).
 */
import protobuf from 'protobufjs';
import { buildAdapter } from '../schema/index.js';

/**
 * @typedef {object} PortableSchema
 * @property {import('protobufjs').INamespace} root the resolved protobuf.js Root as JSON (Root.toJSON)
 * @property {string} typeName
 * @property {string} hash
 * @property {string} file
 * @property {string} text
 * @property {string|null} sourceFile
 * @property {{ path: string, name: string }[]} [layout] the files a code generator is given (Schema.layout), so a
 *   process that generates code for the schema first has the files its imports name (those found under a
 *   --proto-path, and protobufjs's copy of a well-known type, among them)
 * @property {string} [typeFile] the file declaring the message when it is not the schema's own (Schema.typeFile)
 * @property {string[]} [protoPaths] the folders given as --proto-path (Schema.protoPaths), for a process that loads the
 *   schema again from its file (server.js's arguments, an Artillery worker)
 * @property {import('../schema/index.js').Adapter['fit']} [fit] how the payload spells keys and numbers (buildAdapter's)
 */

/**
 * @typedef {object} PortablePayload
 * @property {string} id
 * @property {string} title
 * @property {string} dataFile
 * @property {unknown} value the parsed JSON (the corpus's first message)
 * @property {unknown[]} corpus the first messages of the corpus (all of it unless limited)
 * @property {number} corpusLength how many messages the whole corpus has
 * @property {number} jsonBytes
 * @property {number} [fileBytes]
 * @property {string} [records]
 * @property {string[]} [warnings] what the user should know about the data (Payload.warnings), where there is something
 * @property {string} schemaSource
 * @property {'user'|'inferred'} [schemaOrigin]
 * @property {PortableSchema} schema
 */

/**
 * The payload as another process or a page receives it.
 * @param {import('./index.js').Payload} payload
 * @param {{ messages?: number }} [options] carry only the first `messages` of the corpus (at least one)
 * @returns {PortablePayload}
 */
export function portablePayload(payload, { messages } = {}) {
  const corpus = payload.corpus ?? [payload.value];
  const { root, typeName, hash, file, text, sourceFile, adapter, layout, protoPaths, typeFile } = payload.schema;
  return {
    id: payload.id,
    title: payload.title,
    dataFile: payload.dataFile,
    value: payload.value,
    corpus: messages === undefined ? corpus : corpus.slice(0, Math.max(1, messages)),
    corpusLength: corpus.length,
    jsonBytes: payload.jsonBytes,
    ...(payload.fileBytes !== undefined && { fileBytes: payload.fileBytes }),
    ...(payload.records !== undefined && { records: payload.records }),
    ...(payload.warnings?.length && { warnings: payload.warnings }),
    schemaSource: payload.schemaSource,
    ...(payload.schemaOrigin !== undefined && { schemaOrigin: payload.schemaOrigin }),
    schema: { root: root.toJSON({ keepComments: true }), typeName, hash, file, text, sourceFile, ...(layout && { layout }),
      ...(protoPaths && { protoPaths }), ...(typeFile && { typeFile }), ...(adapter.fit && { fit: adapter.fit }) },
  };
}

/**
 * The payload again, on the other side: the same values, schema and adapter as the sender measured with.
 * @param {PortablePayload} p
 * @returns {import('./index.js').Payload}
 */
export function rebuildPayload(p) {
  const { root: json, fit, ...schema } = p.schema;
  const root = protobuf.Root.fromJSON(json);
  const type = root.lookupType(schema.typeName);
  const { corpusLength: _length, ...payload } = p;
  return { ...payload, schema: { ...schema, root, type, adapter: buildAdapter(type, fit) }, warnings: p.warnings ?? [] };
}
