// test-runner: long (started first: see scripts/run-tests.js)
// benchmark_transport.js --capacity with h2load sending, over ws, http1 and http2 (connect, connect-h2 and grpc in
// capacity-h2load-rpc.test.js): a file of its own (it was capacity.test.js's third test) because its runs took 70 s
// together on an idle 2-core VM and over 300 s beside the suite's other files in CI (2026-11-29, AMD EPYC, all six
// transports in one run, against a cap of 450 s): each file runs three. Nothing here is timed against a bound: a p99
// target nothing meets keeps every search to its probes.
import test from 'node:test';
import { checkH2loadDrives, noH2load } from '../helpers/capacity-h2load.js';

test('benchmark_transport.js --capacity --load-generator h2load: h2load drives http1 and http2 (probes, half-rate passes, the server\'s CPU); ws keeps the toolkit\'s client', { timeout: 540_000, skip: noH2load }, () => {
  checkH2loadDrives(['ws', 'http1', 'http2']);
});
