import fs from 'node:fs';
import path from 'node:path';
import { shortHash } from '../hash.js';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';
import { UserError, oneLine } from '../errors.js';
import { describeIoError } from '../files.js';
import { buildAdapter } from './adapter.js';
import { anyFit } from './fit.js';

// Loading a schema: a .proto file (with its imports) or .proto text, resolved, its message type picked.

const PARSE_OPTIONS = { keepCase: true, alternateCommentMode: true };
/** The name a schema parsed from text has for code generators (lib/codecs/codegen.js writes it as schema.proto). */
const TEXT_SOURCE = 'schema.proto';

/** @type {string|undefined} protobufjsDir's answer, once asked */
let protobufjsFolder;

/**
 * The folder of the protobufjs package this module loads, whose google/protobuf/ holds the .proto files of the
 * well-known types it does not bundle as loadable files (descriptor.proto, api.proto, type.proto, ...): the copy an
 * import of one of them falls back to, as protoc falls back to the include/ folder installed beside it. Found when
 * first asked, not as this module loads: a page or another runtime that imports it never reads a .proto from disk.
 * @returns {string}
 */
export function protobufjsDir() {
  protobufjsFolder ??= path.dirname(createRequire(import.meta.url).resolve('protobufjs/package.json'));
  return protobufjsFolder;
}

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
    let imports;
    ({ root, imports } = protobuf.parse(text, PARSE_OPTIONS));
    // a text has no folder to read imports from: the well-known types protobuf.js bundles are added (json2proto's
    // --mixed-as-value imports struct.proto); any other import stays unresolved, and its types are named as missing
    for (const name of imports ?? []) {
      const json = protobuf.common.get(name);
      if (json?.nested) root.addJSON(json.nested);
    }
  } catch (err) {
    throw new UserError(`${file}: ${oneLine(/** @type {Error} */ (err).message)}`);
  }
  return finishSchema(root, { text, file, typeName, sourceFile: null, hashed: `${TEXT_SOURCE}\0${text}` });
}

/**
 * Reads and parses a .proto file, with the files it imports (protobuf.js bundles google/protobuf's common well-known
 * types). An import is looked for beside the file that imports it, as protobuf.js does, then as protoc and buf look
 * for it: relative to an import root (protoc's --proto_path), here the schema's own folder or the nearest folder above
 * it that holds the path, then each of `protoPaths` in order (the user's --proto-path: a tree elsewhere, googleapis
 * checked out beside the user's own), and last, for a google/protobuf/*.proto that protobuf.js does not bundle
 * (descriptor.proto, which googleapis' annotations import), protobufjs's own copy (protobufjsDir()). So a file inside a
 * tree whose imports name paths from the tree's top (OpenTelemetry's
 * `import "opentelemetry/proto/common/v1/common.proto";`, a buf module's) loads as given (docs/schemas.md says what does not).
 * @param {string} file
 * @param {string} [typeName]
 * @param {{ protoPaths?: string[] }} [options] protoPaths: folders imports are looked for under (each must be one)
 * @returns {Schema}
 */
export function loadSchemaFile(file, typeName, { protoPaths = [] } = {}) {
  const roots = protoPaths.map(checkProtoPath);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`${file}: ${describeIoError(err)}`);
  }
  const main = path.resolve(file);
  /** @type {Map<string, string>} each file loaded from disk, by absolute path: its name in layout */
  const names = new Map([[main, path.basename(main)]]);
  /** @type {Map<string, string>} an import found nowhere, by the path protobuf.js then reads: what to say of it */
  const missing = new Map();
  const root = new protobuf.Root();
  root.resolvePath = importResolver(main, roots, names, missing);
  try {
    root.loadSync(file, PARSE_OPTIONS);
  } catch (err) {
    // protobuf.js fails reading an import found nowhere (a weak one it skips): say where it was looked for
    const message = /** @type {Error} */ (err).message;
    const lost = [...missing].find(([at]) => message.includes(at));
    throw new UserError(`${file}: ${lost ? lost[1] : oneLine(message)}`);
  }
  const layout = root.files.map((f) => path.resolve(f)).filter((f) => fs.existsSync(f))
    .map((f) => ({ path: f, name: names.get(f) ?? path.relative(path.dirname(main), f).split(path.sep).join('/') }));
  // generated code depends on every file loaded, and is named after them, so their names and contents key its cache
  // (json2proto's output loaded as --proto has the text of the schema inferred from the same JSON, not its file name)
  const hashed = root.files.map((f) => {
    const at = layout.find((l) => l.path === path.resolve(f));
    return at ? `${at.name}\0${fs.readFileSync(at.path, 'utf8')}` : f;
  }).join('\0');
  const schema = finishSchema(root, { text, file, typeName, sourceFile: main, hashed });
  // the file that declares the message, when that is not the schema's own (--type naming a message of an import)
  const declared = schema.type.filename ? path.resolve(schema.type.filename) : main;
  return { ...schema, layout, ...(roots.length && { protoPaths: roots }), ...(declared !== main && { typeFile: declared }) };
}

/**
 * A --proto-path value as an absolute folder, or the user's error naming it.
 * @param {string} dir
 * @returns {string}
 */
function checkProtoPath(dir) {
  let stat;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    throw new UserError(`--proto-path ${dir}: ${describeIoError(err)}`);
  }
  if (!stat.isDirectory()) throw new UserError(`--proto-path ${dir}: not a folder (it names the folder imports are looked for under, as protoc's -I does)`);
  return path.resolve(dir);
}

/**
 * protobuf.js's resolvePath for one schema: an import beside the file that imports it (protobuf.js's own rule), else
 * under the nearest folder, from the schema's own up to the file system's root, that holds the imported path, the
 * import root protoc would be given; else under each of the user's proto paths, in order; else, for a
 * google/protobuf/*.proto protobuf.js does not bundle, protobufjs's own copy. It notes in `names` the name each file
 * has in layout: the path the import wrote, for a file found under an import root, a proto path or protobufjs's
 * folder. An import found nowhere is given back beside its importer, where protobuf.js fails to read it (or skips it,
 * a weak one), and `missing` holds the line saying where it was looked for.
 * @param {string} main the schema's .proto, absolute
 * @param {string[]} protoPaths the user's proto paths, absolute
 * @param {Map<string, string>} names
 * @param {Map<string, string>} missing where it notes an import found nowhere: the path it gave, and the line to say
 * @returns {(origin: string, target: string) => string}
 */
function importResolver(main, protoPaths, names, missing) {
  // the folders above the schema as given, and above the file a symbolic link to it points at
  const real = fs.realpathSync(main);
  const starts = [...new Set([path.dirname(main), path.dirname(real)])];
  /** @type {(dir: string, target: string) => string|null} the file under an import root, noted by its import path */
  const under = (dir, target) => {
    const candidate = path.join(dir, target);
    if (!fs.existsSync(candidate)) return null;
    if (!names.has(candidate)) names.set(candidate, path.posix.normalize(target.split(path.sep).join('/')));
    return candidate;
  };
  return (origin, target) => {
    if (!origin) return path.resolve(target); // the schema's own file (absolute: an import cycle back to it is one file)
    const beside = path.resolve(path.dirname(origin), target);
    if (fs.existsSync(beside)) return beside;
    for (const start of starts) {
      for (let dir = start; ; dir = path.dirname(dir)) {
        const found = under(dir, target);
        if (found) return found;
        if (path.dirname(dir) === dir) break;
      }
    }
    for (const dir of protoPaths) {
      const found = under(dir, target);
      if (found) return found;
    }
    // protoc and buf carry every google/protobuf/*.proto; protobuf.js bundles the common ones (it reads those from
    // memory whatever path is given back here) and ships the others as files in its package
    const wellKnown = path.posix.normalize(target.split(path.sep).join('/'));
    if (wellKnown.startsWith('google/protobuf/') && !(wellKnown in protobuf.common)) {
      const found = under(protobufjsDir(), wellKnown);
      if (found) return found;
    }
    // protobuf.js reads it and fails (or skips a weak import): the line for that failure
    const importer = names.get(path.resolve(origin)) ?? path.relative(path.dirname(main), origin);
    const elsewhere = protoPaths.length ? `, nor under --proto-path ${protoPaths.map((p) => JSON.stringify(p)).join(' or ')}` : '';
    missing.set(beside, `import "${target}" in ${importer} is found neither beside that file nor under ${starts.join(' or ')} or any folder above it${elsewhere}`);
    return beside;
  };
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
  refuseWellKnownRoot(type, file, typeName);
  return {
    text,
    file,
    sourceFile,
    typeName: type.fullName.replace(/^\./, ''),
    hash: shortHash(hashed),
    root,
    type,
    adapter: buildAdapter(type),
  };
}

/** The package of the well-known types, which every protobuf tool carries a copy of. */
const WELL_KNOWN_PACKAGE = '.google.protobuf.';

/**
 * Refuses (UserError) a payload's message from google.protobuf (`--type google.protobuf.FileDescriptorSet` on a schema
 * that imports descriptor.proto, or a copy of descriptor.proto given as --proto): the toolkit measures the messages of
 * the user's schema, which may hold a well-known type in a field, while the code generators take these types from their
 * own libraries rather than from the schema's files, so their code for the schema has no such message.
 * @param {import('protobufjs').Type} type
 * @param {string} file
 * @param {string} [typeName] the --type given, when one was
 */
function refuseWellKnownRoot(type, file, typeName) {
  if (!type.fullName.startsWith(WELL_KNOWN_PACKAGE)) return;
  const name = type.fullName.slice(1);
  let chosen = `its first message, ${name}, is`;
  if (typeName) chosen = typeName.replace(/^\./, '') === name ? `--type ${name} is` : `--type ${typeName} names ${name},`;
  throw new UserError(`${file}: ${chosen} in package google.protobuf (the well-known types'), not a message of your schema: `
    + 'measure a message of your own (a field of it may hold this type)');
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
 * @property {{ path: string, name: string }[]} [layout] for a schema loaded from a file, every file it loaded from
 *   disk (the schema's own first) and the name a code generator is given it by: the schema's own by its base name,
 *   one beside it by its path from the schema's folder, one found under an import root by the path its import wrote;
 *   so the files laid out by those names in one folder import each other as protoc and buf resolve imports (a
 *   file found under a --proto-path, or protobufjs's copy of a well-known type, is named by its import path too)
 * @property {string} [typeFile] for a message declared in a file the schema imports (--type naming it), that file,
 *   absolute: a code generator writing one module per .proto loads that file's (codegen.js); a portable schema
 *   carries it, since a Root rebuilt from JSON knows no file names
 * @property {string[]} [protoPaths] the folders given as --proto-path (absolute), when any: a process that loads the
 *   schema again from its file needs them
 * @property {string} typeName the message the payload is encoded as
 * @property {string} hash short content hash of text, for caches of generated code
 * @property {import('protobufjs').Root} root
 * @property {import('protobufjs').Type} type
 * @property {import('./adapter.js').Adapter} adapter
 */
