// libraryVersion: one reader of installed versions, for the registry and for codec files that name a tool's version.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { libraryVersion } from '../../../lib/codecs/index.js';
import pbf from '../../../lib/codecs/pbf.js';
import protobufTs from '../../../lib/codecs/protobuf-ts.js';

const require = createRequire(import.meta.url);
const versionAt = (/** @type {string} */ file) => JSON.parse(fs.readFileSync(file, 'utf8')).version;

test('libraryVersion: an installed package\'s version, Node\'s for "node", null for none or one not installed', () => {
  assert.equal(libraryVersion('node'), process.versions.node);
  assert.equal(libraryVersion(null), null);
  assert.equal(libraryVersion('no-such-package-here'), null);
  assert.equal(libraryVersion('protobufjs'), versionAt(require.resolve('protobufjs/package.json')));
});

test('the editions reasons of pbf and protobuf-ts name the versions of the tools that run', () => {
  // protocol-buffers-schema is the project's own dependency: the copy pbf.js requires is the one libraryVersion reads
  const parser = versionAt(require.resolve('protocol-buffers-schema/package.json'));
  assert.equal(libraryVersion('protocol-buffers-schema'), parser);
  assert.equal(pbf.generator?.editionsUnsupportedBy?.(),
    `pbf's compiler, whose .proto parser (protocol-buffers-schema ${parser}) reads syntax proto2 and proto3 only`);
  const plugin = versionAt(require.resolve('@protobuf-ts/plugin/package.json'));
  assert.match(plugin, /^\d+\.\d+\.\d+/);
  assert.equal(protobufTs.generator?.editionsUnsupportedBy?.(), `protoc-gen-ts (@protobuf-ts/plugin ${plugin})`);
});
