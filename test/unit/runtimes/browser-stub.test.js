import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { builtinStub, pageEntry } from '../../../lib/runtimes/page/browser-runner.js';
import { browserForm } from '../../../lib/runtimes/page/browser-worker.js';
import { loadGenerated, registerUnsupported } from '../../../lib/runtimes/page/browser-codegen.js';
import jsonBuffer from '../../../lib/codecs/json-buffer.js';
import protobufTs from '../../../lib/codecs/protobuf-ts.js';
import { Unsupported } from '../../../lib/errors.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { ROOT } from '../../../lib/paths.js';
import { verifyRoundTrip } from '../../../lib/verify.js';
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
  registerUnsupported(codec.name, payload.schema.hash, JSON.parse(reason[1]));
  assert.throws(() => loadGenerated(codec, payload.schema), (err) => err instanceof Unsupported && err.message === JSON.parse(reason[1]));
});
