// The memory pass rebuilds each payload in a child process from a recipe: it must encode the same message the timed
// pass encodes, with the adapter for how the payload spells its keys (lowerCamelCase ones were dropped: issue 16).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { memoryCases } from '../../../lib/measure/operation-memory.js';
import { portablePayload } from '../../../lib/payload/portable.js';
import { resolvePayloads } from '../../../lib/payload/index.js';
import { prepareCodecs } from '../../../lib/verify.js';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { ROOT } from '../../../lib/paths.js';
import { instanceOf } from '../../helpers/narrow.js';

const DIR = path.join(ROOT, 'test', 'fixtures', 'schemas');

test('a payload with lowerCamelCase keys and well-known types is rebuilt with its adapter: the same bytes as the timed pass', async () => {
  const [payload] = resolvePayloads({ data: path.join(DIR, 'wellknown-timestamp.json'), proto: path.join(DIR, 'wellknown.proto'), type: 'telemetry.Reading' });
  const [timed] = prepareCodecs(await selectCodecs('protobufjs-dynamic'), payload);
  const expected = /** @type {Uint8Array} */ (instanceOf(timed).encode(timed.native));
  // as it travels to the child process: JSON
  const recipe = JSON.parse(JSON.stringify(portablePayload(payload, { messages: 1 })));
  const [encode] = await memoryCases({ payloads: [recipe], codecs: ['protobufjs-dynamic'], filter: 'encode$' });
  assert.equal(encode.name, 'wellknown-timestamp\tprotobufjs-dynamic encode');
  assert.deepEqual(Buffer.from(/** @type {Uint8Array} */ (encode.fn())), Buffer.from(expected));
  assert.equal(expected.length, 91);
});

test('the memory pass of a mode measures only the operations its speed pass times: the default run\'s cases are encode, decode and the round trip', async () => {
  const { MODES, memoryOptions } = await import('../../../lib/suite.js');
  const [payload] = resolvePayloads({ numbers: ['3'] });
  const recipe = portablePayload(payload, { messages: 1 });
  const ops = async (/** @type {keyof typeof MODES} */ mode) => {
    const { filter } = memoryOptions(MODES[mode]);
    const cases = await memoryCases({ payloads: [recipe], codecs: ['json-buffer', 'protobuf-es'], filter: filter ? filter.source : null });
    return [...new Set(cases.map((c) => c.name.split(' ').at(-1)))].sort();
  };
  assert.deepEqual(await ops('default'), ['decode', 'encode', 'roundtrip']);
  // --full times every operation, the conversions too
  assert.deepEqual(await ops('full'), ['decode', 'encode', 'from-plain', 'roundtrip', 'to-plain']);
  assert.equal(/** @type {{ rounds?: number }} */ (memoryOptions(MODES.default)).rounds, 4, 'the mode\'s memory settings kept');
});
