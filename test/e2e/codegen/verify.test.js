// In e2e: protobufjs-static generates code with pbjs (a child process) for the user schema below.
import test from 'node:test';
import assert from 'node:assert/strict';
import { verifyRoundTrip } from '../../../lib/verify.js';
import { parseSchema } from '../../../lib/schema/index.js';
import dynamic from '../../../lib/codecs/protobufjs-dynamic.js';
import staticCodec from '../../../lib/codecs/protobufjs-static.js';

test('a float schema is reported lossy, with the path and both values', () => {
  const schema = parseSchema('syntax = "proto3"; message M { float lat = 1; }');
  const value = { lat: 52.52000659999999 };
  for (const codec of [dynamic, staticCodec]) {
    const v = verifyRoundTrip(codec.create({ value, schema }), value, codec.normalise);
    assert.equal(v.status, 'lossy', codec.name);
    assert.ok(v.diff, codec.name);
    assert.equal(v.diff.path, '$.lat');
    assert.equal(v.diff.expected, 52.52000659999999);
    assert.equal(v.diff.actual, Math.fround(52.52000659999999));
  }
});
