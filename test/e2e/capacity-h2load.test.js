// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity with h2load sending, over ws, http1 and http2 (connect, connect-h2 and grpc in
// capacity-h2load-rpc.test.js): a file of its own (it was capacity.test.js's third test) because its runs took 70 s
// together on an idle 2-core VM and over 300 s beside the suite's other files in CI (2026-11-29, AMD EPYC, all six
// transports in one run, against a cap of 450 s): each file runs three. This one also checks the text report's line
// on the load generator, to even out the two files' times (88 s and 239 s in CI on 2026-11-29 with that check in the
// other file). Nothing here is timed against a bound: a p99 target nothing meets keeps every search to its probes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { CAPACITY_WARMUP_REQUESTS } from '../../lib/transmission/capacity-settings.js';
import { checkH2loadDrives, noH2load, run } from '../helpers/capacity-h2load.js';

test('benchmark_transport.js --capacity --load-generator h2load: h2load drives http1 and http2 (probes, half-rate passes, the server\'s CPU); ws keeps the toolkit\'s client; the text says how it sends', { timeout: 540_000, skip: noH2load }, () => {
  checkH2loadDrives(['ws', 'http1', 'http2']);
  const text = run('5', '--capacity', '--searches', '1', '--transports', 'grpc', '--load-generator', 'h2load', '--target-p99', '0.001', '--from-rate', '2000', '--probe-seconds', '0.1');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, new RegExp(`^Load generator: h2load \\d\\S* \\(grpc\\); h2load sends the corpus's first message every time, releases its requests in 10 ms batches and times each from its actual send.*; each fresh server first took each format's requests from h2load in chunks of ${CAPACITY_WARMUP_REQUESTS.toLocaleString('en-US')}, as fast as it answered them, unmeasured, until its CPU per request stopped falling \\(a chunk less than 10% below the one before; 2 to 8 chunks, none begun after 10 s\\): [\\d,–]+ requests here`, 'm'));
});
