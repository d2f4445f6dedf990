// The cache of generated code (lib/codecs/codegen.js cachedModulePath): what keys it beside the schema. The generators
// here are stand-ins that write a file (no process starts); the real tools run in test/e2e/codegen.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedModulePath, generatorIdentity, installedVersion } from '../../../lib/codecs/codegen.js';
import { loadCodecs } from '../../../lib/codecs/index.js';
import { loadSchemaFile } from '../../../lib/schema/index.js';
import { BUNDLED_SERVICE } from '../../../lib/transmission/transports/rpc-service.js';
import { CACHE_DIR, ROOT } from '../../../lib/paths.js';

const require = createRequire(import.meta.url);
const SCHEMAS = path.join(ROOT, 'test', 'fixtures', 'schemas');
// imports googleapis' annotations.proto, which imports google/protobuf/descriptor.proto (protobufjs's copy)
const GREETER = path.join(SCHEMAS, 'service', 'acme', 'greeter', 'v1', 'greeter.proto');
const schema = loadSchemaFile(GREETER, 'GreetRequest', { protoPaths: [path.join(SCHEMAS, 'googleapis')] });

/**
 * A version as read from a package.json found at a path (pbf's "exports" hide its package.json from require.resolve).
 * @param {string} file
 */
const versionAt = (file) => JSON.parse(fs.readFileSync(file, 'utf8')).version;

test('installedVersion: a package\'s version from its installed package.json, the copy a dependent loads for "dependent>name"', () => {
  assert.equal(installedVersion('@bufbuild/protoc-gen-es'), versionAt(require.resolve('@bufbuild/protoc-gen-es/package.json')));
  assert.equal(installedVersion('pbf'), versionAt(path.join(ROOT, 'node_modules', 'pbf', 'package.json')));
  // @protobuf-ts/plugin transpiles with the TypeScript it depends on (3.9), not the project's own
  const plugin = createRequire(require.resolve('@protobuf-ts/plugin/package.json'));
  assert.equal(installedVersion('@protobuf-ts/plugin>typescript'), versionAt(plugin.resolve('typescript/package.json')));
  assert.equal(installedVersion('typescript'), versionAt(require.resolve('typescript/package.json')));
  assert.equal(installedVersion('no-such-package-here'), 'not installed');
  assert.equal(installedVersion('pbf>no-such-package-here'), 'not installed');
});

test('every code generator names the packages that write its code, each installed', async () => {
  const generators = [...(await loadCodecs()).filter((c) => c.generator), BUNDLED_SERVICE];
  assert.deepEqual(generators.map((c) => c.name).sort(), ['pbf', 'protobuf-es', 'protobuf-ts', 'protobufjs-static', 'rpc']);
  for (const { name, generator } of generators) {
    const packages = generator?.packages ?? [];
    assert.ok(packages.length > 0, name);
    assert.match(generator?.source ?? '', /^file:.*\/lib\/(codecs|transmission\/transports)\/[\w-]+\.js$/, `${name}: the module that defines it keys the cache`);
    for (const p of packages) assert.notEqual(installedVersion(p), 'not installed', `${name}: ${p}`);
  }
});

test('cachedModulePath: the cache is keyed by the generator\'s packages and their installed versions and by the files it is given, not the schema alone', (t) => {
  const name = `codegen-unit-${process.pid}`;
  t.after(() => fs.rmSync(path.join(CACHE_DIR, name), { recursive: true, force: true }));
  /** @type {string[][]} the .proto files each run of a generator was given */
  const runs = [];
  /** @type {(own: Partial<import('../../../lib/codecs/codegen.js').Generator>) => import('../../../lib/codecs/codegen.js').Generator} */
  const generator = (own) => ({
    packages: ['@bufbuild/protoc-gen-es'],
    file: (base) => `${base}.js`,
    generate(protoDir, outDir) {
      runs.push(fs.readdirSync(protoDir, { recursive: true }).map(String).filter((f) => f.endsWith('.proto')).map((f) => f.split(path.sep).join('/')).sort());
      fs.writeFileSync(path.join(outDir, 'greeter.js'), 'export {};\n');
    },
    ...own,
  });
  const first = cachedModulePath({ name, generator: generator({}) }, schema);
  // the folder says what keyed it: the versions installed, the files given (protobufjs's descriptor.proto among them)
  // (in the layout's order, the schema's own first)
  const files = ['greeter.proto', 'acme/greeter/v1/greeting.proto', 'google/api/annotations.proto', 'google/api/http.proto', 'google/protobuf/descriptor.proto'];
  const written = JSON.parse(fs.readFileSync(path.join(path.dirname(first), 'generator.json'), 'utf8'));
  assert.deepEqual(written, { packages: { '@bufbuild/protoc-gen-es': versionAt(require.resolve('@bufbuild/protoc-gen-es/package.json')) }, files });
  assert.deepEqual(written, JSON.parse(JSON.stringify(generatorIdentity(generator({}), files))));
  assert.equal(path.relative(path.join(CACHE_DIR, name, schema.hash), first).split(path.sep).length, 2, 'under the schema\'s hash, one folder per generator key');
  // the same generator again: the cached code, not generated twice
  assert.equal(cachedModulePath({ name, generator: generator({}) }, schema), first);
  assert.equal(runs.length, 1);
  // given other files (a tool with the well-known types built in gets no descriptor.proto): generated anew, elsewhere
  const builtIn = cachedModulePath({ name, generator: generator({ carriesWellKnownTypes: true }) }, schema);
  assert.notEqual(builtIn, first);
  assert.deepEqual(runs[0], files.slice().sort());
  assert.deepEqual(runs.at(-1), files.filter((f) => !f.startsWith('google/protobuf/')).sort());
  // written by another package, or by one more (its own dependency's copy, whose version differs from the project's)
  const other = cachedModulePath({ name, generator: generator({ packages: ['@bufbuild/buf'] }) }, schema);
  const more = cachedModulePath({ name, generator: generator({ packages: ['@bufbuild/protoc-gen-es', '@protobuf-ts/plugin>typescript'] }) }, schema);
  // run by other project code (the module that defines the generator: its options, its template, its rewrites)
  const sources = ['a', 'b'].map((x) => {
    const file = path.join(CACHE_DIR, name, `source-${x}.js`);
    fs.writeFileSync(file, `// the project's generator module, version ${x}\n`);
    return pathToFileURL(file).href;
  });
  const [byA, byB] = sources.map((source) => cachedModulePath({ name, generator: generator({ source }) }, schema));
  assert.equal(new Set([first, builtIn, other, more, byA, byB]).size, 6);
  assert.equal(runs.length, 6);
  const code = JSON.parse(fs.readFileSync(path.join(path.dirname(byA), 'generator.json'), 'utf8')).code;
  assert.deepEqual(Object.keys(code), [path.relative(ROOT, fileURLToPath(sources[0])), path.join('lib', 'codecs', 'codegen.js')]);
  assert.equal(JSON.parse(fs.readFileSync(path.join(path.dirname(more), 'generator.json'), 'utf8')).packages['@protobuf-ts/plugin>typescript'],
    installedVersion('@protobuf-ts/plugin>typescript'));
});
