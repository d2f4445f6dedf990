// The break-even model against the built-in emulator for HTTP/1.1 (test/e2e/model.test.js does it for ws): payload
// 3's protobuf and JSON bodies POSTed by undici, pipelined, through an emulated link; the model fed with the codec's
// bytes, HTTP/1.1's declared request and answer headers (framingBytes) and the CPU per message of the same pass.
// test-runner: alone (compares a model with emulated passes: see scripts/run-tests.js)
import nodeTest from 'node:test';
import http1 from '../../lib/transmission/transports/http1.js';
import { checkRows, modelAgainstEmulator } from './fixtures/model-check.js';

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 120000 }, fn);

test('http1: the model predicts the emulated time within ±15% at three links (two uplink-bound, one downlink-bound by the 204 answers\' headers)', async (t) => {
  const rows = await modelAgainstEmulator({
    transport: http1, formats: 'protobufjs-static,json-buffer', window: 32, pipelining: 32,
    points: [{ upMs: 25, rtt: 20 }, { upMs: 10, rtt: 20 }, { downMs: 12, rtt: 20 }],
  });
  // the headers the transport declares are the ones on the wire (within a byte: a content-length digit)
  checkRows(t, rows, ['uplink', 'uplink', 'downlink'], 1);
});
