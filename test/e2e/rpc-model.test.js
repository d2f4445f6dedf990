// The break-even model against the built-in emulator for gRPC (test/e2e/model.test.js does it for ws): grpc-js unary
// calls carrying payload 3's protobuf through an emulated link; the model fed with the codec's bytes, gRPC's declared
// framing (HTTP/2 frame headers, HPACK-indexed headers, the 5-byte prefix, trailers, WINDOW_UPDATEs; TLS records over
// TLS) and the CPU per message of the same pass. The points are link-bound, so a loaded machine's CPU (the server's
// event loop at 4-6 ms per message at load 20-46 sank an earlier version fed with a loopback pass's figures)
// cannot decide the prediction.
// test-runner: alone (compares a model with emulated passes: see scripts/run-tests.js)
import nodeTest from 'node:test';
import grpc from '../../lib/transmission/transports/grpc.js';
import { checkRows, modelAgainstEmulator } from './fixtures/model-check.js';

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 120000 }, fn);

test('grpc: the model predicts the emulated time within ±15% at three links (two uplink-bound, one downlink-bound by the answers\' frames and trailers)', async (t) => {
  const rows = await modelAgainstEmulator({
    transport: grpc, formats: 'protobufjs-static', window: 32,
    points: [{ upMs: 25, rtt: 20 }, { upMs: 10, rtt: 20 }, { downMs: 12, rtt: 20 }],
  });
  // the framing declared is what the emulated link carried (a WINDOW_UPDATE lands when it does)
  checkRows(t, rows, ['uplink', 'uplink', 'downlink'], 3);
});
