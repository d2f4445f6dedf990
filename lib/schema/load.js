import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import protobuf from 'protobufjs';
import { UserError, oneLine } from '../errors.js';
import { describeIoError } from '../files.js';
import { buildAdapter } from './adapter.js';
import { anyFit } from './fit.js';

// Loading a schema: a .proto file (with its imports) or .proto text, resolved, its message type picked.

const PARSE_OPTIONS = { keepCase: true, alternateCommentMode: true };
/** The name a schema parsed from text has for code generators (lib/codecs/codegen.js writes it as schema.proto). */
const TEXT_SOURCE = 'schema.proto';

/** What may stand before a .proto's first statement: white space and comments (and a byte order mark). */
const LEADING = /^\uFEFF?(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/;
/** An edition statement, which when a file has one is its first statement, as `syntax = "proto3";` is. */
const EDITION = /^edition\s*=\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*;/;

/**
 * The edition a .proto declares (`edition = "2023";` gives "2023"), or null for a file written in syntax proto2 or
 * proto3 (or with no syntax statement, which is proto2). Read from the text, so a code generator's inputs can be
 * checked before the generator runs.
 * @param {string} text a .proto file's source
 * @returns {string|null}
 */
export function protoEdition(text) {
  const leading = LEADING.exec(text);
  const found = EDITION.exec(text.slice(leading ? leading[0].length : 0));
  return found ? found[1] ?? found[2] : null;
}

/**
 * Parses .proto text and picks the message type the payload is encoded as.
 * @param {string} text the .proto source
 * @param {{ file?: string, typeName?: string }} [where] file names the source in errors;
 *   typeName defaults to the first message in the file
 * @returns {Schema}
 */
export function parseSchema(text, { file = '<schema>', typeName } = {}) {
  let root;
  try {
    ({ root } = protobuf.parse(text, PARSE_OPTIONS));
  } catch (err) {
    throw new UserError(`${file}: ${oneLine(/** @type {Error} */ (err).message)}`);
  }
  return finishSchema(root, { text, file, typeName, sourceFile: null, hashed: `${TEXT_SOURCE}\0${text}` });
}

/**
 * Reads and parses a .proto file, with the files it imports (resolved from
 * its own folder; protobuf.js bundles google/protobuf's well-known types).
 * @param {string} file
 * @param {string} [typeName]
 * @returns {Schema}
 */
export function loadSchemaFile(file, typeName) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`${file}: ${describeIoError(err)}`);
  }
  const root = new protobuf.Root();
  try {
    root.loadSync(file, PARSE_OPTIONS);
  } catch (err) {
    throw new UserError(`${file}: ${oneLine(/** @type {Error} */ (err).message)}`);
  }
  // generated code depends on every file loaded, and is named after them, so their names and contents key its cache
  // (json2proto's output loaded as --proto has the text of the schema inferred from the same JSON, not its file name)
  const base = path.dirname(path.resolve(file));
  const hashed = root.files.map((f) => (fs.existsSync(f) ? `${path.relative(base, path.resolve(f))}\0${fs.readFileSync(f, 'utf8')}` : f)).join('\0');
  return finishSchema(root, { text, file, typeName, sourceFile: path.resolve(file), hashed });
}

/**
 * Resolves a parsed or loaded root and picks its message type: the named one, or the first declared.
 * @param {import('protobufjs').Root} root
 * @param {{ text: string, file: string, typeName?: string, sourceFile: string|null, hashed: string }} how hashed: what
 *   keys the cache of generated code
 * @returns {Schema}
 */
function finishSchema(root, { text, file, typeName, sourceFile, hashed }) {
  try {
    root.resolveAll();
  } catch (err) {
    throw new UserError(`${file}: ${oneLine(/** @type {Error} */ (err).message)}`);
  }
  let type;
  if (typeName) {
    type = messageNamed(root, typeName, file);
  } else {
    type = firstMessage(root, sourceFile) ?? firstMessage(root);
    if (!type) throw new UserError(`${file}: no message type in the file`);
  }
  return {
    text,
    file,
    sourceFile,
    typeName: type.fullName.replace(/^\./, ''),
    hash: crypto.createHash('sha256').update(hashed).digest('hex').slice(0, 16),
    root,
    type,
    adapter: buildAdapter(type),
  };
}

/**
 * The message a --type names: its full name (a leading dot allowed), or a shorter name that ends the full name of
 * exactly one message (`Msg`, `Outer.Msg` for top.Outer.Msg). protobuf.js's lookup takes the first of several such
 * messages, depth first, and the payload would be measured with a message the user did not mean without a word; a
 * name that several end is refused, naming them.
 * @param {import('protobufjs').Root} root
 * @param {string} typeName
 * @param {string} file
 * @returns {import('protobufjs').Type}
 */
function messageNamed(root, typeName, file) {
  const names = messageNames(root);
  const full = typeName.replace(/^\./, '');
  const matches = names.includes(full) ? [full] : typeName.startsWith('.') ? [] : names.filter((n) => n.endsWith(`.${typeName}`));
  if (matches.length > 1) throw new UserError(`--type ${typeName} is ambiguous in ${file}: ${matches.join(', ')}; give the full name`);
  if (!matches.length) throw new UserError(`${file}: no message type "${typeName}" (it has: ${names.join(', ') || 'none'})`);
  return root.lookupType(`.${matches[0]}`);
}

/**
 * The first message declared (in sourceFile, when given), top level before nested.
 * @param {import('protobufjs').Namespace} ns
 * @param {string|null} [sourceFile]
 * @returns {import('protobufjs').Type | null}
 */
function firstMessage(ns, sourceFile) {
  const inFile = (/** @type {import('protobufjs').ReflectionObject} */ t) => !sourceFile || (t.filename && path.resolve(t.filename) === sourceFile);
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type && inFile(nested)) return nested;
  }
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Namespace) {
      const found = firstMessage(nested, sourceFile);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Every message's full name, for an error that names the choices.
 * @param {import('protobufjs').Namespace} ns
 * @param {string[]} [out]
 * @returns {string[]}
 */
function messageNames(ns, out = []) {
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type) out.push(nested.fullName.replace(/^\./, ''));
    if (nested instanceof protobuf.Namespace) messageNames(nested, out);
  }
  return out;
}

/**
 * The schema a payload is measured with: the same as `schema`, with an adapter built for how the payload spells
 * its keys and numbers (see checkFits' answer).
 * @param {Schema} schema
 * @param {Partial<import('./fit.js').Found>} fit what checkFits found (its FIT_FLAGS)
 * @returns {Schema}
 */
export function schemaForPayload(schema, fit) {
  if (!anyFit(fit)) return schema;
  return { ...schema, adapter: buildAdapter(schema.type, fit) };
}

/**
 * @typedef {object} Schema
 * @property {string} text the .proto source
 * @property {string} file where it came from (a path, or a description for inferred schemas)
 * @property {string|null} sourceFile absolute path of the .proto when it was loaded from a file (imports resolve from there)
 * @property {string} typeName the message the payload is encoded as
 * @property {string} hash short content hash of text, for caches of generated code
 * @property {import('protobufjs').Root} root
 * @property {import('protobufjs').Type} type
 * @property {import('./adapter.js').Adapter} adapter
 */
