import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { builtinStub, bundlePage, pageEntry } from '../../../lib/runtimes/page/browser-runner.js';
import { browserForm } from '../../../lib/runtimes/page/browser-worker.js';
import fs from 'node:fs';
import { loadGenerated, registerGenerated, registerUnsupported } from '../../../lib/runtimes/page/browser-codegen.js';
import jsonBuffer from '../../../lib/codecs/json-buffer.js';
import pbf from '../../../lib/codecs/pbf.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import protobufTs from '../../../lib/codecs/protobuf-ts.js';
import { Unsupported } from '../../../lib/errors.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { portablePayload, rebuildPayload } from '../../../lib/payload/portable.js';
import { CACHE_DIR, ROOT } from '../../../lib/paths.js';
import { describeCodec, prepareCodecs, verifyRoundTrip } from '../../../lib/verify.js';
import { NO_SCHEMA } from '../../helpers/narrow.js';

const load = (/** @type {string} */ source) => import(`data:text/javascript,${encodeURIComponent(source)}`);

test('a Node built-in that does I/O throws in a page, naming what was called', async () => {
  const fs = await load(builtinStub('fs', ['readFileSync', 'existsSync', 'default']));
  assert.throws(() => fs.readFileSync('x'), /^Error: fs\.readFileSync is not available in a browser page$/);
  assert.throws(() => fs.default.promises.readFile('x'), /fs\.promises\.readFile is not available/);
});

test('path, url and module only name files at load time: inert in a page', async () => {
  const path = await load(builtinStub('path', ['join', 'dirname']));
  assert.doesNotThrow(() => path.join(path.dirname('a'), 'b'));
  const url = await load(builtinStub('url', ['fileURLToPath']));
  assert.throws(() => new url.fileURLToPath('x'), /not available in a browser page/);
});

test('json-buffer\'s browser form uses no Buffer and gives the same bytes', () => {
  const page = browserForm(jsonBuffer, null).create({ value: null, schema: NO_SCHEMA }); // json-buffer reads neither
  const node = jsonBuffer.create();
  const value = { s: 'é€😀', n: [1, 2.5, null] };
  assert.deepEqual([...page.encode(value)], [...node.encode(value)]);
  assert.equal(Buffer.isBuffer(page.encode(value)), false);
  assert.equal(verifyRoundTrip(page, value, []).status, 'exact');
});

test('a schema a codec\'s generator cannot take (editions for protobuf-ts) reaches the page as its reason: unsupported there too', () => {
  const dir = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const [payload] = resolvePayloads({ data: path.join(dir, 'editions.json'), proto: path.join(dir, 'editions.proto'), type: 'inventory.Item' });
  const codec = { ...protobufTs, version: null, available: true, reason: null };
  // refused before buf runs: no generated module to import, the reason in its place
  const entry = pageEntry([codec], [payload]);
  assert.doesNotMatch(entry, /import \* as gen0_0/);
  const reason = /unsupported: ("editions \(edition = \\"2023\\"\) not supported by protoc-gen-ts [^"]*")/.exec(entry);
  assert.ok(reason, entry);
  registerUnsupported(codec.name, payload.schema, JSON.parse(reason[1]));
  assert.throws(() => loadGenerated(codec, payload.schema), (err) => err instanceof Unsupported && err.message === JSON.parse(reason[1]));
});

test('pbf with a schema whose message uses another package\'s type (google.protobuf.Timestamp) reaches the page as its reason, not as its compiler\'s ENOENT', () => {
  const dir = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const [payload] = resolvePayloads({ data: path.join(dir, 'wellknown-timestamp.json'), proto: path.join(dir, 'wellknown.proto'), type: 'telemetry.Reading' });
  const entry = pageEntry([{ ...pbf, version: null, available: true, reason: null }], [payload]);
  assert.doesNotMatch(entry, /gen0_0/);
  assert.match(entry, /unsupported: "pbf's compiler merges imported files without their packages, so field \S+ of type google\.protobuf\.Timestamp from package google\.protobuf does not resolve/);
});

test('pbf runs in a page: its bundle has pbf\'s runtime and generated code but not its compiler, and round-trips there', async () => {
  // browser-runner.js leaves a codec that declares it cannot run in a page out of the bundle, with that as its row
  const declared = /** @type {import('../../../lib/codecs/index.js').Codec} */ (pbf).browser;
  assert.equal(declared?.unavailable, undefined, 'pbf declares it cannot run in a page');
  const [payload] = resolvePayloads({ numbers: ['5'] });
  const script = await bundlePage([{ ...pbf, version: null, available: true, reason: null }], [payload]);
  // esbuild names each bundled file in a comment (node_modules may be a symlink): pbf/compile.js reads its
  // package.json from disk as it loads; the assertions name what they looked for rather than print the whole bundle
  const files = [...script.matchAll(/^\s*\/\/ (\S+\.[cm]?js)$/gm)].map((m) => m[1]);
  assert.ok(files.some((f) => f.endsWith('node_modules/pbf/index.js')), 'pbf\'s runtime is bundled');
  assert.ok(files.includes('generated/pbf/test5.js'), 'the generated code for test5 is bundled');
  assert.deepEqual(files.filter((f) => /pbf\/compile|resolve-protobuf-schema|protocol-buffers-schema/.test(f)), [], 'pbf\'s compiler is not');
  const results = await verifyInPage(script, 'pbf', [payload]);
  assert.deepEqual(results.map((r) => r.verdicts.map((v) => [v.format, v.status])), [[['pbf', 'exact']]]);
});

/**
 * Runs a page's script as a page runs it, its own globals with no Buffer, process or files (Chromium runs it in
 * test/e2e/runtimes/matrix-runtimes.test.js), and verifies the payloads there.
 * @param {string} script bundlePage's
 * @param {string} formats
 * @param {import('../../../lib/payload/index.js').Payload[]} payloads
 * @returns {Promise<{ verdicts: ReturnType<typeof describeCodec>[] }[]>}
 */
async function verifyInPage(script, formats, payloads) {
  const page = vm.createContext({ URL, TextEncoder, TextDecoder, atob, btoa, console, setTimeout, clearTimeout });
  vm.runInContext('globalThis.window = globalThis.self = globalThis;', page); // where Benchmark.js finds its globals
  vm.runInContext(script, page);
  assert.equal(vm.runInContext('typeof Buffer + typeof process', page), 'undefinedundefined');
  const versions = Object.fromEntries(formats.split(',').map((f) => [f, null]));
  const got = await page.pvjRound({ formats, verifyOnly: true, round: 0 }, { payloads: payloads.map((p) => portablePayload(p)), versions });
  // the page's objects are of another realm: compared as the JSON Chromium hands back
  return JSON.parse(JSON.stringify(got)).results;
}

test('bytes fields in a page, which has no Buffer: base64 in both alphabets, padded or not, every byte value, and an Any, verified as on the host', async () => {
  const dir = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const fixture = (/** @type {string} */ data, /** @type {string} */ proto, /** @type {string} */ type) =>
    resolvePayloads({ data: path.join(dir, data), proto: path.join(dir, proto), type })[0];
  const [withPbf, withDynamic] = [[pbf, dynamic], [dynamic]].map((list) => list.map((c) => ({ ...c, version: null, available: true, reason: null })));
  // pbf's code is generated in this process; protobuf-es's and protobuf-ts's by buf, a process: the e2e test runs
  // them in Chromium. An Any's message travels as base64 through the schema adapter, which protobufjs-dynamic uses
  // (pbf does not resolve google.protobuf.Any).
  const runs = [
    { codecs: withPbf, payloads: [fixture('oneof-bytes.json', 'oneof.proto', 'quiz.Folder'), fixture('oneof.json', 'oneof.proto', 'quiz.Sheet')] },
    { codecs: withDynamic, payloads: [fixture('wellknown-any.json', 'wellknown.proto', 'telemetry.Envelope')] },
  ];
  /** @type {unknown[]} */
  const inPage = [];
  /** @type {ReturnType<typeof describeCodec>[][]} */
  const onHost = [];
  for (const { codecs, payloads } of runs) {
    const results = await verifyInPage(await bundlePage(codecs, payloads), codecs.map((c) => c.name).join(','), payloads);
    inPage.push(...results.map((r) => r.verdicts));
    onHost.push(...payloads.map((p) => prepareCodecs(codecs, p).map(describeCodec)));
  }
  // "-_8" comes back "+/8=" (bytes-as-base64); protobuf.js leaves out an empty bytes field's "" (default-as-absent)
  assert.deepEqual(onHost.map((verdicts) => verdicts.map((v) => [v.format, v.status, v.normalised.join()])), [
    [['pbf', 'equivalent', 'bytes-as-base64'], ['protobufjs-dynamic', 'equivalent', 'bytes-as-base64,default-as-absent']],
    [['pbf', 'exact', ''], ['protobufjs-dynamic', 'exact', '']],
    [['protobufjs-dynamic', 'equivalent', 'json-name,null-as-absent,empty-as-absent']],
  ]);
  // the same verdicts, with the rules each needed, in the page as on the host, where Buffer converts
  assert.deepEqual(inPage, JSON.parse(JSON.stringify(onHost)));
});

test('two payloads of one schema whose messages are declared in two files (--type naming an imported file\'s) each get their own generated module in a page', (t) => {
  const dir = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const proto = path.join(dir, 'tree', 'acme', 'orders', 'v1', 'order.proto');
  const [order] = resolvePayloads({ data: path.join(dir, 'tree-order.json'), proto, type: 'acme.orders.v1.Order' });
  const [money] = resolvePayloads({ data: path.join(dir, 'tree-money.json'), proto, type: 'acme.common.v1.Money' });
  // one schema (the same files), two declaring files: order.proto's own, money.proto's
  assert.equal(order.schema.hash, money.schema.hash);
  assert.equal(order.schema.typeFile, undefined);
  assert.equal(money.schema.typeFile, path.join(dir, 'tree', 'acme', 'common', 'v1', 'money.proto'));
  // a generator writing one module per .proto at its path, as buf's plugins do (without buf: no process here)
  const name = `page-per-file-${process.pid}`;
  t.after(() => fs.rmSync(path.join(CACHE_DIR, name), { recursive: true, force: true }));
  /** @type {import('../../../lib/codecs/codegen.js').Generator} */
  const generator = {
    packages: [],
    modulePerFile: true,
    carriesWellKnownTypes: true,
    file: (base) => `${base}.js`,
    generate(protoDir, outDir) {
      for (const f of fs.readdirSync(protoDir, { recursive: true }).map(String).filter((n) => n.endsWith('.proto'))) {
        fs.mkdirSync(path.dirname(path.join(outDir, f)), { recursive: true });
        fs.writeFileSync(path.join(outDir, f.replace(/\.proto$/, '.js')), `export const declares = ${JSON.stringify(f)};\n`);
      }
    },
  };
  const codec = { name, generator, version: null, available: true, reason: null };
  // the page's entry imports both modules and tells them apart by the declaring file
  const entry = pageEntry([/** @type {import('../../../lib/codecs/index.js').CodecInfo} */ (/** @type {unknown} */ (codec))], [order, money]);
  const imports = [...entry.matchAll(/^import \* as (gen0_\d) from "([^"]+)";$/gm)].map((m) => [m[1], path.basename(m[2])]);
  assert.deepEqual(imports, [['gen0_0', 'order.js'], ['gen0_1', 'money.js']]);
  const generated = /generated: \[(.*)\] \};/.exec(entry)?.[1];
  assert.equal(generated, [`{ codec: ${JSON.stringify(name)}, hash: ${JSON.stringify(order.schema.hash)}, exports: gen0_0 }`,
    `{ codec: ${JSON.stringify(name)}, hash: ${JSON.stringify(money.schema.hash)}, typeFile: ${JSON.stringify(money.schema.typeFile)}, exports: gen0_1 }`].join(', '));
  // registered as the page registers them, each payload's schema (rebuilt as the page rebuilds it) loads its own
  const [orderModule, moneyModule] = [{ declares: 'order.proto' }, { declares: 'acme/common/v1/money.proto' }];
  registerGenerated(name, { hash: order.schema.hash }, orderModule);
  registerGenerated(name, { hash: money.schema.hash, typeFile: money.schema.typeFile }, moneyModule);
  const inPage = (/** @type {import('../../../lib/payload/index.js').Payload} */ p) => rebuildPayload(JSON.parse(JSON.stringify(portablePayload(p)))).schema;
  assert.equal(loadGenerated(codec, inPage(order)), orderModule);
  assert.equal(loadGenerated(codec, inPage(money)), moneyModule);
});
