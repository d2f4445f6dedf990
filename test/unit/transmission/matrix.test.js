import test from 'node:test';
import assert from 'node:assert/strict';
import { UserError } from '../../../lib/errors.js';
import { payloadFromCorpus } from '../../../lib/payload/index.js';
import json from '../../../lib/codecs/json.js';
import { standInCodec } from '../../helpers/narrow.js';
import { matrixBreakEven, matrixVerdicts, measureTransportMatrix } from '../../../lib/transmission/matrix.js';

// The parts of the transport matrix that need no server: the verdicts over combined rows, and the refusal of a
// matrix in which no transport carries a format (given before any server starts).

/** @typedef {import('../../../lib/transmission/rounds.js').TransmissionRow} TransmissionRow */

/**
 * A combined row of a matrix: a format on a transport, its msgs/s median and min–max over its rounds.
 * @param {string} transport
 * @param {string} codec
 * @param {number} msgsPerSec
 * @param {[number, number]} range min–max of msgs/s over the rounds
 * @param {number} [rounds]
 * @returns {TransmissionRow}
 */
const row = (transport, codec, msgsPerSec, [min, max], rounds = 3) => ({
  format: `${transport} ${codec}`, transport, codec, status: 'exact', messages: 100, acked: 100, lost: 0, duplicated: 0, errors: 0,
  msgsPerSec, latencyMs: { p50: 1 },
  minMax: { seconds: [1, 1], msgsPerSec: [min, max], serverCpuUs: null, clientCpuUs: null, latencyMs: null },
  passes: Array.from({ length: rounds }, () => ({ seconds: 1, msgsPerSec, latencyMs: { p50: 1 }, serverCpuUs: null, clientCpuUs: null, serverElu: null, clientElu: null })),
});

/**
 * A row that was not run (no figures), as a matrix keeps it.
 * @param {string} transport
 * @param {string} codec
 * @returns {TransmissionRow}
 */
const notRun = (transport, codec) => ({
  format: `${transport} ${codec}`, transport, codec, status: 'unsupported', messages: 0, acked: 0, lost: 0, duplicated: 0, errors: 0,
  msgsPerSec: null, latencyMs: null,
});

test('matrixVerdicts: formats within a transport, transports on the same format, never two different ones of both', () => {
  const verdicts = matrixVerdicts([
    row('ws', 'json', 1000, [900, 1100]),
    row('ws', 'protobuf', 2000, [1800, 2200]),
    row('http1', 'json', 800, [700, 950]),
    row('http1', 'protobuf', 1600, [1000, 1700]),
    notRun('grpc', 'protobuf'),
  ]);
  assert.deepEqual(verdicts, [
    // 1800 > 1100: every round of protobuf beat every round of json
    { formats: ['ws json', 'ws protobuf'], winner: 'ws protobuf', ratio: 2, rounds: 3, kind: 'format' },
    // 900–1100 and 700–950 overlap: no winner; the ratio is the first's median over the other's
    { formats: ['ws json', 'http1 json'], winner: null, ratio: 1.25, rounds: 3, kind: 'transport' },
    // 1800 > 1700
    { formats: ['ws protobuf', 'http1 protobuf'], winner: 'ws protobuf', ratio: 1.25, rounds: 3, kind: 'transport' },
    // 1000 > 950
    { formats: ['http1 json', 'http1 protobuf'], winner: 'http1 protobuf', ratio: 2, rounds: 3, kind: 'format' },
  ]);
});

test('matrixVerdicts: no winner under three rounds, however far apart; rows without figures are left out', () => {
  assert.deepEqual(matrixVerdicts([row('ws', 'json', 1000, [900, 1100], 2), row('ws', 'protobuf', 2000, [1800, 2200], 2)]),
    [{ formats: ['ws json', 'ws protobuf'], winner: null, ratio: 0.5, rounds: 2, kind: 'format' }]);
  assert.deepEqual(matrixVerdicts([row('ws', 'json', 1000, [900, 1100]), notRun('ws', 'protobuf'), { ...row('ws', 'cbor', 0, [0, 0]), msgsPerSec: 0 }]), []);
  assert.deepEqual(matrixVerdicts([]), []);
});

test('measureTransportMatrix: no transport carrying any of the formats is a one-line UserError, before any server starts', async () => {
  const payload = payloadFromCorpus({ id: 'p', title: 'p', dataFile: '(test)', value: { a: 1 }, corpus: [{ a: 1 }] });
  const codec = standInCodec({ ...json });
  await assert.rejects(measureTransportMatrix({ payload, transports: ['ws', 'http1'], codecs: { grpc: [codec], ws: [] } }),
    (err) => err instanceof UserError && err.message === '--formats: no transport of ws, http1 carries any of them');
  await assert.rejects(measureTransportMatrix({ payload, transports: ['ws'], codecs: [] }),
    (err) => err instanceof UserError && err.message === '--formats: no transport of ws carries any of them');
});

/** @typedef {Parameters<typeof matrixBreakEven>[0][number]} MatrixRun */
/** @typedef {MatrixRun['runs'][number]} TransmissionRun */

/**
 * One transport's measured row in a matrix run: what the model reads (bytes per pass, server CPU, seconds).
 * @param {string} transport
 * @param {string} codec
 * @param {{ up: number, down: number, serverCpuUs: number, seconds: number }} figures
 * @returns {TransmissionRow}
 */
const measuredRow = (transport, codec, { up, down, serverCpuUs, seconds }) => ({
  ...row(transport, codec, 100 / seconds, [100 / seconds, 100 / seconds]),
  wireBytes: { up, down }, serverCpuUs, clientCpuUs: 0, seconds,
});

const PAYLOAD = { id: 'p', title: 'p', dataFile: '(test)', schema: 'inferred', type: 'Message', jsonBytes: 7 };

/**
 * A matrix run over one profile: each transport's own run (its settings: messages 100 per pass, messages in flight)
 * and the combined rows.
 * @param {string} profile
 * @param {{ name: string, up: number, down: number, rtt: number } | null} link
 * @param {Array<{ transport: string, inFlight: number, rows: TransmissionRow[] }>} transports
 * @returns {MatrixRun}
 */
function matrixRun(profile, link, transports) {
  /** @type {TransmissionRun[]} */
  const runs = transports.map(({ transport, inFlight, rows }) => ({
    payload: PAYLOAD,
    settings: {
      transport, direction: 'up', messages: 100, window: 8, connections: 1, pipelining: 1, inFlight, rate: null, profile, link,
      shaper: link ? 'emulator' : 'none', shaperNote: null, raw: false, warmup: 0, rounds: 3, rawPasses: false, deflate: false, compress: null, tls: false,
      placement: { pinned: false, server: null, client: null, available: null, note: 'not pinned (--placement off)' }, clientWorkers: 1,
    },
    results: rows.map((r) => ({ ...r, format: String(r.codec) })),
    verdicts: [],
    cpuAtRate: null,
  }));
  const [{ settings }] = runs;
  return {
    payload: PAYLOAD, settings: { ...settings, transport: null, transports: transports.map((t) => t.transport), profile },
    runs, results: transports.flatMap((t) => t.rows), verdicts: [], named: [], skipped: [],
  };
}

test('matrixBreakEven: per transport, the model from its loopback rows checked against its own shaped rows', () => {
  // json: 200 B up, 10 B down, 50 µs of server CPU per message; protobuf: 80 B, 10 B, 40 µs
  const loopback = (/** @type {string} */ t) => [
    measuredRow(t, 'json', { up: 20000, down: 1000, serverCpuUs: 50, seconds: 0.01 }),
    measuredRow(t, 'protobuf', { up: 8000, down: 1000, serverCpuUs: 40, seconds: 0.01 }),
  ];
  const shaped = (/** @type {string} */ t) => [
    measuredRow(t, 'json', { up: 20000, down: 1000, serverCpuUs: 50, seconds: 2 }),
    notRun(t, 'protobuf'),
  ];
  const link = { name: 'slow', up: 1000, down: 1000, rtt: 40 };
  const model = matrixBreakEven([
    matrixRun('none', null, [
      { transport: 'ws', inFlight: 8, rows: loopback('ws') },
      { transport: 'http1', inFlight: 1, rows: loopback('http1') },
      { transport: 'grpc', inFlight: 8, rows: loopback('grpc') },
    ]),
    // grpc has no shaped run: no model for it
    matrixRun('slow', link, [{ transport: 'ws', inFlight: 8, rows: shaped('ws') }, { transport: 'http1', inFlight: 1, rows: shaped('http1') }]),
  ]);
  assert.deepEqual(model.map((m) => m.transport), ['ws', 'http1']);
  for (const { reports: [report], reports } of model) {
    assert.equal(reports.length, 1, 'one shaped profile');
    assert.equal(report.profile, 'slow');
    assert.deepEqual(report.costs, [
      { format: 'json', upBytes: 200, downBytes: 10, serverCpuUs: 50, clientCpuUs: 0 },
      { format: 'protobuf', upBytes: 80, downBytes: 10, serverCpuUs: 40, clientCpuUs: 0 },
    ], 'formats named by their codec, bytes per message from the loopback pass');
    assert.deepEqual(report.measured.map((m) => [m.format, m.measuredSeconds]), [['json', 200]], '2 s per 100 messages: 200 s per 10,000');
  }
  // the round trip of a json message, each way in a segment of its own with its 66 header bytes: 40 ms
  // + (200 + 66)·8 bits at 1 Mbit/s (2.128 ms) + (10 + 66)·8 bits (0.608 ms) + 50 µs = 42.786 ms.
  // ws, 8 in flight: 42.786 ms, then 99 more at 42.786/8 ms each = 0.57226275 s per 100; http1, 1 in flight: 4.2786 s per 100
  const predicted = model.map((m) => m.reports[0].measured[0].predictedSeconds);
  assert.ok(Math.abs(predicted[0] - 57.226275) < 1e-9, `ws: ${predicted[0]}`);
  assert.ok(Math.abs(predicted[1] - 427.86) < 1e-9, `http1: ${predicted[1]}`);
});

test('matrixBreakEven: no loopback run, no model', () => {
  const link = { name: 'slow', up: 1000, down: 1000, rtt: 40 };
  assert.deepEqual(matrixBreakEven([matrixRun('slow', link, [{ transport: 'ws', inFlight: 8, rows: [notRun('ws', 'json')] }])]), []);
  assert.deepEqual(matrixBreakEven([]), []);
});
