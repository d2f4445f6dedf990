// In e2e: protobufjs-static generates code with pbjs (a child process) for the user schema below.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { parseSchema } from '../../../lib/schema/index.js';
import staticCodec from '../../../lib/codecs/protobufjs-static.js';
import { verifyRoundTrip } from '../../../lib/verify.js';

const WRAPPED = fs.readFileSync(new URL('../../fixtures/json-wrapper.proto', import.meta.url), 'utf8');

test('json_name keys and @json-wrapper arrays round-trip exactly through protobufjs-static', () => {
  const schema = parseSchema(WRAPPED);
  const value = { rows: [[1.5, 2], [3]], 'content-type': 'text/plain', named: { a: [0.25], b: [] } };
  const c = staticCodec.create({ value, schema });
  assert.deepEqual(verifyRoundTrip(c, value, staticCodec.normalise).status, 'exact');
});
