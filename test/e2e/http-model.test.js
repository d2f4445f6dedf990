// The break-even model against the built-in emulator for HTTP/1.1 (test/e2e/model.test.js does it for ws): payload
// 3's protobuf and JSON bodies POSTed by undici, pipelined, through an emulated link; the model fed with the codec's
// bytes, HTTP/1.1's declared request and answer headers (framingBytes) and the CPU per message of the same pass.
// test-runner: alone (compares a model with emulated passes: see scripts/run-tests.js)
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import http1 from '../../lib/transmission/transports/http1.js';
import { describeRows, modelAgainstEmulator } from './fixtures/model-check.js';

const test = (name, fn) => nodeTest(name, { timeout: 120000 }, fn);

test('http1: the model predicts the emulated time within ±15% at three links (two uplink-bound, one downlink-bound by the 204 answers\' headers)', async (t) => {
  const rows = await modelAgainstEmulator({
    transport: http1, formats: 'protobufjs-static,json-buffer', window: 32, pipelining: 32,
    points: [{ up: 1000, down: 1000, rtt: 20 }, { up: 2500, down: 2500, rtt: 20 }, { up: 8000, down: 300, rtt: 20 }],
  });
  for (const r of rows) t.diagnostic(describeRows([r]));
  assert.deepEqual(rows.map((r) => r.bottleneck), ['uplink', 'uplink', 'downlink', 'uplink', 'uplink', 'downlink'], 'the link, not CPU, sets the pace');
  for (const r of rows) {
    // the headers the transport declares are the ones on the wire (a Date or a content-length digit apart)
    assert.ok(Math.abs(r.measuredUp - r.declaredUp) <= 4 && Math.abs(r.measuredDown - r.declaredDown) <= 4, describeRows([r]));
    assert.ok(Math.abs(r.ratio - 1) <= 0.15, `measured/predicted ${r.ratio.toFixed(3)}: ${describeRows([r])}`);
  }
});
