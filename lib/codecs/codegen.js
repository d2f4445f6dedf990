import { shortHash } from '../hash.js';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { tempFolder } from '../files.js';
import { Unsupported } from '../errors.js';
import { CACHE_DIR, ROOT } from '../paths.js';
import { protoEdition } from '../schema/index.js';

const require = createRequire(import.meta.url);
const BUF = path.join(path.dirname(require.resolve('@bufbuild/buf/package.json')), 'bin', 'buf');
const PROTO_DIR = path.join(ROOT, 'proto');
/** Where the well-known types' .proto files are, by the names imports give them. */
const WELL_KNOWN_DIR = 'google/protobuf/';

/** @type {Map<string, string>} installedVersion's answers, by package (as it is asked): read once per process */
const versions = new Map();

/**
 * The installed version of an npm package, from its package.json, found as Node finds the package (node_modules
 * folders from the project's up; read directly, since some packages' "exports" hide package.json, pbf's): `name`, or `dependent>name` for the copy `dependent`
 * loads (its own nested one, else the project's). Read once per process; "not installed" when it is not.
 * @param {string} spec
 * @returns {string}
 */
export function installedVersion(spec) {
  let version = versions.get(spec);
  if (version === undefined) {
    /** @type {string|null} */
    let dir = ROOT;
    for (const name of spec.split('>')) dir = dir === null ? null : packageFolder(name, dir);
    try {
      version = dir ? String(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version) : 'not installed';
    } catch {
      version = 'not installed';
    }
    versions.set(spec, version);
  }
  return version;
}

/**
 * The folder of a package as code in `from` resolves it (node_modules/<name> in `from` or a folder above it), its
 * real path (so a package it depends on is found from where that package really is), or null.
 * @param {string} name
 * @param {string} from
 * @returns {string|null}
 */
function packageFolder(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * What a generator's output depends on beyond the schema's files: the installed versions of the packages that write
 * it (Generator.packages) and the names of the .proto files it is given (which carriesWellKnownTypes, say, decides).
 * @param {Generator} generator
 * @param {string[]} fileNames the .proto files laid out for it, by the names it gets them under
 * @returns {{ packages: Record<string, string>, files: string[] }}
 */
export function generatorIdentity(generator, fileNames) {
  return {
    packages: Object.fromEntries(generator.packages.map((p) => [p, installedVersion(p)])),
    files: fileNames,
    // the project's own code around the tool (its options, its template, how it rewrites what the tool writes): the
    // module that defines the generator, and this one, which runs it
    ...(generator.source && { code: Object.fromEntries([generator.source, import.meta.url].map((u) => [path.relative(ROOT, fileURLToPath(u)), sourceHash(u)])) }),
  };
}

/** @type {Map<string, string>} a project file's hash by its URL, read once per process */
const sourceHashes = new Map();

/**
 * The first 16 hex digits of the SHA-256 of a project module's text (Generator.source), read once per process.
 * @param {string} url
 */
function sourceHash(url) {
  let hash = sourceHashes.get(url);
  if (hash === undefined) {
    hash = shortHash(fs.readFileSync(fileURLToPath(url)));
    sourceHashes.set(url, hash);
  }
  return hash;
}

/**
 * Where a code-generating codec keeps its committed code for the bundled
 * schemas (generated/<codec>/).
 * @param {string} codecName
 */
export const generatedDir = (codecName) => path.join(ROOT, 'generated', codecName);

/**
 * Runs `buf generate` with one local protoc plugin (a Node script from
 * node_modules) over every .proto in protoDir. buf is the compiler shipped
 * inside the @bufbuild/buf npm package: nothing is downloaded.
 * @param {{ plugin: string, opt: string[], protoDir: string, outDir: string }} job
 */
export function bufGenerate({ plugin, opt, protoDir, outDir }) {
  const template = { version: 'v2', plugins: [{ local: [process.execPath, plugin], out: outDir, opt }] };
  try {
    execFileSync(process.execPath, [BUF, 'generate', protoDir, '--template', JSON.stringify(template)],
      { stdio: ['ignore', 'ignore', 'pipe'], cwd: protoDir });
  } catch (err) {
    throw bufFailure(err, protoDir);
  }
}

/** buf's exit status when the files do not compile: it then prints one `file:line:column:message` line per error. */
const BUF_FILE_ERRORS = 100;

/** At most this many of buf's error lines go into a reason (a row of a table, not a compiler's log). */
const BUF_ERRORS_SHOWN = 3;

/**
 * What a failed `buf generate` means for a codec. A schema buf does not compile (protobuf.js is more lenient than
 * protoc and buf: two fields with the same JSON name, a proto3 enum whose first value is not zero) is Unsupported, the
 * reason buf's own lines with paths as the schema's files are named (not the scratch folder they were copied to),
 * so the row says what to fix instead of `failed` with the command line (the lines are also its `bufLines`). An
 * import buf cannot find (the files laid out for it left one out: the toolkit's fault), and anything else (the plugin
 * crashed, buf could not start), is an Error with buf's first lines.
 * @param {unknown} err execFileSync's error
 * @param {string} protoDir the folder buf compiled
 * @returns {Error}
 */
export function bufFailure(err, protoDir) {
  const e = /** @type {{ status?: number|null, stderr?: unknown, message?: string }} */ (err ?? {});
  const prefix = protoDir.endsWith(path.sep) ? protoDir : `${protoDir}${path.sep}`;
  const lines = String(e.stderr ?? '').split('\n').map((l) => l.trim()).filter(Boolean)
    .map((l) => (l.startsWith(prefix) ? l.slice(prefix.length) : l));
  const shown = (/** @type {string[]} */ all) => all.slice(0, BUF_ERRORS_SHOWN).join('; ')
    + (all.length > BUF_ERRORS_SHOWN ? `; and ${all.length - BUF_ERRORS_SHOWN} more` : '');
  const located = lines.filter((l) => /^(?:[A-Za-z]:)?[^:]+\.proto:\d+:\d+:/.test(l));
  // an import buf cannot find is the toolkit's fault, not the schema's: protobuf.js found it, and the files laid out
  // for buf (codegen.js protoSources) left it out
  const missing = located.some((l) => /:\d+:\d+:\s*imported file does not exist/.test(l));
  if (e.status === BUF_FILE_ERRORS && located.length && !missing) {
    const refusal = new Unsupported(`buf, which compiles the schema for this code generator, rejects it (protobuf.js is more lenient): ${shown(located)}`);
    return Object.assign(refusal, { bufLines: shown(located) });
  }
  return new Error(`buf generate failed${e.status != null ? ` (exit status ${e.status})` : ''}: ${lines.length ? shown(lines) : e.message ?? String(err)}`);
}

/**
 * Generates a codec's code for every bundled proto/testN.proto into outDir.
 * @param {{ name: string, generator: Generator }} codec
 * @param {string} outDir
 */
export function generateBundled(codec, outDir) {
  fs.mkdirSync(outDir, { recursive: true });
  codec.generator.generate(PROTO_DIR, outDir);
}

/**
 * The committed files of a codec that differ from what its generator writes
 * now (regenerated into a temporary folder, compared byte for byte), as
 * paths relative to the project; missing and extra files count as stale.
 * @param {{ name: string, generator: Generator }} codec
 * @returns {string[]}
 */
export function staleGeneratedFiles(codec) {
  const { dir: tmp, remove } = tempFolder(`${codec.name}-check-`);
  try {
    generateBundled(codec, tmp);
    const committedDir = generatedDir(codec.name);
    const fresh = fs.readdirSync(tmp).sort();
    const committed = fs.existsSync(committedDir) ? fs.readdirSync(committedDir).sort() : [];
    const names = [...new Set([...fresh, ...committed])];
    return names.filter((n) => !fresh.includes(n) || !committed.includes(n)
      || fs.readFileSync(path.join(tmp, n), 'utf8') !== fs.readFileSync(path.join(committedDir, n), 'utf8'))
      .map((n) => path.relative(ROOT, path.join(committedDir, n)));
  } finally {
    remove();
  }
}

/**
 * A codec's generated module for a schema: the committed one when the schema
 * is a bundled proto/testN.proto, otherwise one generated on demand into
 * .cache/<codec>/<schema hash>/<generator key>/ (cachedModulePath; into a temporary folder first, renamed when
 * complete, so a failed run leaves nothing behind and concurrent runs do not collide). Loaded with require(),
 * which Node 20.19+ allows for ES modules, because create() is synchronous.
 * @param {{ name: string, generator: Generator }} codec
 * @param {import('../schema/index.js').Schema} schema
 * @returns {Record<string, unknown>} the module's exports
 */
export function loadGenerated(codec, schema) {
  return require(generatedModulePath(codec, schema));
}

/**
 * The file of a codec's generated module for a schema (see loadGenerated),
 * generating it first when needed; the browser bundle imports it from here.
 * @param {{ name: string, generator: Generator }} codec
 * @param {import('../schema/index.js').Schema} schema
 * @returns {string}
 */
export function generatedModulePath(codec, schema) {
  if (path.dirname(path.resolve(schema.file)) === PROTO_DIR) {
    const committed = path.join(generatedDir(codec.name), codec.generator.file(path.basename(schema.file, '.proto')));
    if (fs.existsSync(committed)) return committed;
  }
  return cachedModulePath(codec, schema);
}

/**
 * The file of a codec's generated module for a schema in the cache,
 * .cache/<codec>/<key>/<generator key>/, generating it first when needed; never the committed
 * code (see generatedModulePath). `key` defaults to the schema's hash: a
 * generator whose output depends on more than the schema's files (say, which
 * message it is for) folds that into the key. The generator key is a hash of generatorIdentity (the versions of the
 * packages that write the code, the names of the files given), so code an older version of a tool wrote, or written
 * from files chosen by an older rule, is not taken for today's; generator.json in the folder says what it hashes.
 * @param {{ name: string, generator: Generator }} codec
 * @param {import('../schema/index.js').Schema} schema
 * @param {string} [key]
 * @returns {string}
 */
export function cachedModulePath(codec, schema, key = schema.hash) {
  const { generator } = codec;
  // a tool with the well-known types built in refuses a copy of its own files beside the schema's (buf's "mismatched
  // types" on protobufjs's descriptor.proto): it is given none of them, and imports its own
  const sources = protoSources(schema).filter((f, i) => i === 0 || !generator.carriesWellKnownTypes || !f.name.startsWith(WELL_KNOWN_DIR));
  const identity = generatorIdentity(generator, sources.map((f) => f.name));
  const dir = path.join(CACHE_DIR, codec.name, key, shortHash(JSON.stringify(identity)));
  refuseEditions(generator, sources);
  refuseUnplaced(schema);
  const refused = generator.unsupported?.(schema);
  if (refused) throw new Unsupported(refused);
  // the module of the file that declares the message (--type may name one in an imported file), for a tool that
  // writes one module per .proto at the .proto's path; else the schema's own file's
  const primary = (generator.modulePerFile && declaringSource(schema, sources)) || sources[0];
  const file = path.join(dir, generator.file(primary === sources[0] ? path.basename(sources[0].name, '.proto') : primary.name.replace(/\.proto$/, '')));
  // a schema the tool refused: its refusal was kept in the folder instead of code, so the tool does not run again
  // for it in this process or the next (npm start's speed and runtime processes each load the codecs)
  const refusalFile = path.join(dir, REFUSAL_FILE);
  if (fs.existsSync(refusalFile)) {
    const kept = keptRefusal(refusalFile);
    if (kept) throw kept;
    // a refusal that cannot be read (a truncated file): the folder goes, and the tool runs again
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!fs.existsSync(file)) {
    const work = `${dir}.${process.pid}.tmp`;
    fs.rmSync(work, { recursive: true, force: true });
    try {
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      for (const { name, text } of sources) {
        fs.mkdirSync(path.dirname(path.join(work, 'proto', name)), { recursive: true });
        fs.writeFileSync(path.join(work, 'proto', name), text);
      }
      /** @type {Unsupported|null} */
      let refusal = null;
      try {
        generator.generate(path.join(work, 'proto'), work);
      } catch (err) {
        if (!(err instanceof Unsupported)) throw err;
        refusal = err;
      }
      // the folder keeps the code, or the refusal alone (a tool may have written part of its output before failing)
      fs.rmSync(refusal ? work : path.join(work, 'proto'), { recursive: true, force: true });
      if (refusal) {
        fs.mkdirSync(work);
        const { message, bufLines } = /** @type {Unsupported & { bufLines?: string }} */ (refusal);
        fs.writeFileSync(path.join(work, REFUSAL_FILE), `${JSON.stringify({ message, ...(bufLines && { bufLines }) }, null, 2)}\n`);
      }
      fs.writeFileSync(path.join(work, 'generator.json'), `${JSON.stringify(identity, null, 2)}\n`);
      try {
        fs.renameSync(work, dir);
      } catch (err) {
        // another process finished the same schema first: use its code
        const code = err instanceof Error && 'code' in err ? err.code : undefined;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
      }
      if (refusal) throw refusal;
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  return file;
}

/** The file a refused schema's cache folder holds instead of code: the tool's refusal, as cachedModulePath threw it. */
export const REFUSAL_FILE = 'refusal.json';

/**
 * A refusal kept in the cache (REFUSAL_FILE), as the Unsupported it was, buf's lines included; null when the file
 * does not hold one.
 * @param {string} file
 * @returns {Unsupported|null}
 */
function keptRefusal(file) {
  try {
    const { message, bufLines } = /** @type {{ message?: unknown, bufLines?: unknown }} */ (JSON.parse(fs.readFileSync(file, 'utf8')));
    if (typeof message !== 'string') return null;
    return Object.assign(new Unsupported(message), typeof bufLines === 'string' ? { bufLines } : {});
  } catch {
    return null;
  }
}

/**
 * The source that declares the schema's message (Schema.typeFile, which a portable schema carries), or null when
 * that is the schema's own file.
 * @param {import('../schema/index.js').Schema} schema
 * @param {{ name: string, text: string }[]} sources protoSources's, filtered as cachedModulePath gives them
 * @returns {{ name: string, text: string } | null}
 */
function declaringSource(schema, sources) {
  const declared = schema.typeFile;
  if (!declared || !schema.layout) return null;
  const entry = schema.layout.find((l) => path.resolve(l.path) === declared);
  return (entry && sources.find((s) => s.name === entry.name)) ?? null;
}

/**
 * Throws Unsupported, naming the edition and the tool, when a generator that declares it cannot take editions
 * (`editionsUnsupportedBy`) is given a .proto that uses them: one clear reason where the tool would fail with its own
 * (buf's "does not support feature \"supports editions\"", a parser's "Unexpected token: edition").
 * @param {Generator} generator
 * @param {{ name: string, text: string }[]} sources the schema's own file first
 */
function refuseEditions(generator, sources) {
  if (!generator.editionsUnsupportedBy) return;
  for (const { name, text } of sources) {
    const edition = protoEdition(text);
    if (edition === null) continue;
    const where = name === sources[0].name ? '' : ` in ${name}, which the schema imports`;
    throw new Unsupported(`editions (edition = "${edition}"${where}) not supported by ${generator.editionsUnsupportedBy()}`);
  }
}

/**
 * Throws Unsupported, naming the file, when the schema imports one that protoSources cannot lay out for a tool: one
 * found above the schema's own folder by an import path with "..", or on another drive. The tool would otherwise fail
 * to open it with an error about a temporary folder (pbjs: ENOENT). protoc and buf refuse such an import path too.
 * @param {import('../schema/index.js').Schema} schema
 */
function refuseUnplaced(schema) {
  const unplaced = (schema.layout ?? []).find((f) => f.name.startsWith('..') || path.isAbsolute(f.name));
  if (!unplaced) return;
  const parts = unplaced.name.split('/');
  const ups = parts.findIndex((p) => p !== '..');
  const how = schema.sourceFile && ups > 0
    ? `import "${parts.slice(ups).join('/')}" instead, with --proto-path ${path.resolve(path.dirname(schema.sourceFile), ...parts.slice(0, ups))}`
    : 'import it by its path under a folder given with --proto-path';
  throw new Unsupported(`the schema imports ${unplaced.name}, above its own folder, which cannot be laid out for the code generator `
    + `(protoc and buf refuse ".." in an import path too): ${how}`);
}

/**
 * The .proto files a generator needs for a schema, the schema's own first: a
 * schema parsed from text is one file; one loaded from a file brings the files
 * it imports, named as its layout names them (those beside it at the same
 * relative paths, those under an import root at the paths the imports write),
 * so its imports resolve. google/protobuf's well-known types are among them only where the schema's loading found
 * them on disk (descriptor.proto and the others protobuf.js does not bundle: the user's copy, or protobufjs's); pbjs
 * bundles the common ones as protobuf.js does, and buf carries them all (Generator.carriesWellKnownTypes).
 * @param {import('../schema/index.js').Schema} schema
 * @returns {{ name: string, text: string }[]}
 */
function protoSources(schema) {
  if (!schema.sourceFile) return [{ name: 'schema.proto', text: schema.text }];
  // a schema rebuilt in another process has no layout: only its own file's name matters there, to find its code
  const layout = schema.layout ?? [{ path: schema.sourceFile, name: path.basename(schema.sourceFile) }];
  // a file its layout cannot place (imported from above the schema's folder by a path with "..", or on another
  // drive) is left out
  return layout.filter((f) => !f.name.startsWith('..') && !path.isAbsolute(f.name)).map((f) => ({ name: f.name, text: fs.readFileSync(f.path, 'utf8') }));
}

/**
 * @typedef {object} Generator
 * @property {(protoDir: string, outDir: string) => void} generate writes code for every .proto in protoDir
 * @property {string[]} packages the npm packages whose code writes the output (the compiler, the plugin, what the
 *   plugin itself runs when its version floats apart from the plugin's: `plugin>dependency` names the copy the plugin
 *   loads): their installed versions key the cache (installedVersion), so an `npm update` of one regenerates
 * @property {string} [source] the URL of the project's module that defines the generator (its import.meta.url): its
 *   text and codegen.js's key the cache too, so a change to how the project runs the tool (its options, a template,
 *   a rewrite of the output) regenerates
 * @property {(protoBaseName: string) => string} file the generated module for one .proto, relative to outDir
 * @property {(schema: import('../schema/index.js').Schema) => string|null} [unsupported] why the generator cannot take
 *   this schema, found before it runs (pbf's: a type from another package), or null
 * @property {boolean} [modulePerFile] set when the tool writes one module per .proto, at the .proto's path (buf's
 *   plugins): the module loaded is then the one of the file that declares the message, which --type may name in an
 *   imported file
 * @property {boolean} [carriesWellKnownTypes] set when the tool has every google/protobuf/*.proto built in (buf): it is
 *   then given none of them, which it would refuse as a second copy of its own
 * @property {() => string} [editionsUnsupportedBy] set when the generator cannot take a .proto that uses editions
 *   (`edition = "2023";`): names the tool that cannot, for the reason; such a schema is then unsupported before the
 *   tool runs (test/e2e/codegen/fixture-schemas.test.js checks that the tool does fail on one)
 */
