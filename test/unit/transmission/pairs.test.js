// The pairs that matter, read from the transports' declarations: each transport's default codecs, the cells a
// transport skips, the named pairs (cross-transport and within one), and their verdicts from the rows.
import test from 'node:test';
import assert from 'node:assert/strict';
import { assignFormats, namedPairs, namedVerdicts, pairFormats, wireBytesPerMessage } from '../../../lib/transmission/pairs.js';
import { summariseTransmissionRounds } from '../../../lib/transmission/rounds.js';
import { formatRefusal, loadTransport, TRANSPORT_NAMES } from '../../../lib/transmission/transports/index.js';
import { selectCodecs } from '../../../lib/codecs/index.js';

const transports = await Promise.all(TRANSPORT_NAMES.map((n) => loadTransport(n)));
const byName = Object.fromEntries(transports.map((t) => [t.name, t]));

test('every transport declares a JSON-vs-protobuf pair it can carry, with a label per side', async () => {
  const codecs = Object.fromEntries((await selectCodecs('all')).map((c) => [c.name, c]));
  for (const t of transports) {
    const names = pairFormats(t);
    assert.ok(names.length >= 1, `${t.name}: no formatPair`);
    for (const [key, side] of Object.entries(t.formatPair)) {
      assert.ok(['json', 'protobuf'].includes(key), `${t.name}: ${key}`);
      assert.ok(side.label, `${t.name} ${key}: a label`);
      assert.ok(codecs[side.format], `${t.name} ${key}: ${side.format} is a codec`);
      assert.equal(formatRefusal(t, { name: side.format, textual: codecs[side.format].kind.binary === false }), null, `${t.name} carries its own ${key} side`);
    }
  }
});

test('assignFormats without --formats: each transport its own pair, none left empty; gRPC protobuf only, Connect its two codecs', async () => {
  const union = [...new Set(transports.flatMap(pairFormats))].join(',');
  const { codecsFor, skipped } = assignFormats(transports, await selectCodecs(union), { explicit: false });
  const names = (/** @type {string} */ t) => codecsFor[t].map((c) => c.name).sort();
  assert.deepEqual(skipped, []);
  for (const t of ['ws', 'http1', 'http2']) assert.deepEqual(names(t), ['json-buffer', 'protobufjs-static'], t);
  assert.deepEqual(names('connect'), ['protobuf-es', 'protobuf-es-json']);
  assert.deepEqual(names('connect-h2'), ['protobuf-es', 'protobuf-es-json']);
  assert.deepEqual(names('grpc'), ['protobufjs-static']);
});

test('assignFormats with --formats: a cell a transport cannot carry is skipped with its reason, the rest kept', async () => {
  const { codecsFor, skipped } = assignFormats([byName.http1, byName.grpc, byName.connect], await selectCodecs('json-buffer,protobufjs-static'), { explicit: true });
  assert.deepEqual(codecsFor.http1.map((c) => c.name), ['protobufjs-static', 'json-buffer']);
  assert.deepEqual(codecsFor.grpc.map((c) => c.name), ['protobufjs-static']);
  assert.deepEqual(codecsFor.connect, []);
  assert.deepEqual(skipped.map((s) => `${s.transport} ${s.format}`), ['grpc json-buffer', 'connect protobufjs-static', 'connect json-buffer']);
  assert.match(skipped[0].reason, /^grpc carries protobufjs-static, .* only$/);
});

test('namedPairs: REST JSON (http1, http2) vs gRPC protobuf across transports first, then each transport\'s own JSON vs protobuf', () => {
  const pairs = namedPairs([byName.ws, byName.http1, byName.http2, byName.connect, byName.grpc]);
  const shown = pairs.map((p) => `${p.kind} ${p.json.transport} ${p.json.format} / ${p.protobuf.transport} ${p.protobuf.format}: ${p.label}`);
  assert.deepEqual(shown, [
    'cross http1 json-buffer / grpc protobufjs-static: REST JSON over HTTP/1.1 vs gRPC protobuf',
    'cross http2 json-buffer / grpc protobufjs-static: REST JSON over HTTP/2 vs gRPC protobuf',
    'format ws json-buffer / ws protobufjs-static: JSON over WebSocket vs protobuf over WebSocket',
    'format http1 json-buffer / http1 protobufjs-static: REST JSON over HTTP/1.1 vs protobuf over HTTP/1.1',
    'format http2 json-buffer / http2 protobufjs-static: REST JSON over HTTP/2 vs protobuf over HTTP/2',
    'format connect protobuf-es-json / connect protobuf-es: Connect JSON vs Connect binary',
  ]);
  // without gRPC in the run there is no cross pair
  assert.ok(namedPairs([byName.http1, byName.connect]).every((p) => p.kind === 'format'));
});

test('namedPairs reads declarations, not names: any transport whose sides are deployed pairs across', () => {
  const a = { name: 'a', formatPair: { json: { format: 'j', label: 'A JSON', deployed: true } } };
  const b = { name: 'b', formatPair: { json: { format: 'j', label: 'B JSON' }, protobuf: { format: 'p', label: 'B proto', deployed: true } } };
  const pairs = namedPairs(/** @type {any} */ ([a, b]));
  assert.deepEqual(pairs.map((p) => p.label), ['A JSON vs B proto', 'B JSON vs B proto']);
});

const latency = (/** @type {number} */ p50) => ({ p50, p90: p50, p99: p50, p999: p50, max: p50, mean: p50 });
/**
 * @param {number} msgsPerSec
 * @param {{ up: number, down: number }} wire bytes per pass
 */
const pass = (msgsPerSec, wire) => ({
  format: 'x', status: 'exact', messages: 100, acked: 100, lost: 0, notSent: 0, duplicated: 0, errors: 0, seconds: 100 / msgsPerSec, msgsPerSec,
  payloadMBps: 1, wireBytes: { payload: 1, frames: 1, up: wire.up, down: wire.down }, latencyMs: latency(1), ended: 'complete',
});
/**
 * @param {string} transport
 * @param {string} codec
 * @param {number[]} rates msgs/s of each round
 * @param {{ up: number, down: number }} wire bytes per pass
 */
const row = (transport, codec, rates, wire) => ({ ...summariseTransmissionRounds(rates.map((r) => pass(r, wire))), format: `${transport} ${codec}`, codec, transport });

test('namedVerdicts: the protobuf side as ratios of the JSON side, the winner from the rounds, an unmeasured row named, an absent one left out', () => {
  const pairs = namedPairs([byName.http1, byName.grpc, byName.connect]);
  const rows = /** @type {any[]} */ ([
    row('http1', 'json-buffer', [100, 110, 105], { up: 900, down: 100 }),
    row('http1', 'protobufjs-static', [100, 120, 104], { up: 500, down: 100 }),
    row('grpc', 'protobufjs-static', [200, 220, 210], { up: 300, down: 100 }),
    { format: 'connect protobuf-es', codec: 'protobuf-es', transport: 'connect', status: 'unsupported', reason: 'no schema', latencyMs: null, msgsPerSec: null },
  ]);
  const verdicts = namedVerdicts(pairs, rows);
  assert.deepEqual(verdicts.map((v) => v.label), ['REST JSON over HTTP/1.1 vs gRPC protobuf', 'REST JSON over HTTP/1.1 vs protobuf over HTTP/1.1'],
    'Connect has no JSON row here: its pair is left out');
  const [cross, within] = verdicts;
  assert.equal(cross.winner, 'protobuf');
  assert.equal(cross.msgsPerSecRatio, 2);
  assert.equal(cross.bytesRatio, 0.4);
  assert.equal(cross.verdict?.rounds, 3);
  assert.equal(within.winner, null, 'overlapping ranges: no winner');
  assert.equal(wireBytesPerMessage(rows[0]), 10, '(900 + 100) bytes per pass of 100 messages');
  const withJson = [...rows, { ...rows[3], format: 'connect protobuf-es-json', codec: 'protobuf-es-json', reason: 'no schema' }];
  const connect = namedVerdicts(pairs, withJson).find((v) => v.label === 'Connect JSON vs Connect binary');
  assert.ok(connect);
  assert.equal(connect.verdict, null);
  assert.equal(connect.missing, 'connect protobuf-es-json: no schema');
});
