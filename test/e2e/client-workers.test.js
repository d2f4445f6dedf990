// --client-workers: a pass spread over worker threads, one accounting, merged histograms, over two transports.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { selectCodecs } from '../../lib/codecs/index.js';
import { ROOT } from '../../lib/paths.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { measureTransmission, payloadIdentity, prepareWireCodecs } from '../../lib/transmission/run.js';
import { serveTransport } from '../../lib/transmission/serve.js';
import { loadTransport } from '../../lib/transmission/transports/index.js';

for (const transport of ['ws', 'http1']) {
  test(`measureTransmission clientWorkers 2 over ${transport}: every message answered exactly once across workers, the server counting the same`, { timeout: 120_000 }, async () => {
    const [payload] = resolvePayloads({ numbers: ['5'] });
    const codecs = await selectCodecs('protobufjs-static,json-buffer');
    // an odd count: the workers' shares differ by one; open loop, so each worker's share of the rate matters too
    // and one fixed-rate pass a format, on one server: its client CPU is every worker thread's
    const run = await measureTransmission({ payload, codecs, transport, messages: 501, connections: 3, window: 2, clientWorkers: 2, warmup: 40, rate: 2000, rounds: 1,
      cpuAtRate: { rate: 2000, seconds: 0.1, passes: 1, servers: 1 } });
    assert.equal(run.settings.clientWorkers, 2);
    // the workers sent messages 0–250 and 251–500 of the corpus, as one client would have: the same payload bytes
    const { usable } = prepareWireCodecs(codecs, payload, await loadTransport(transport));
    for (const row of run.results) {
      assert.deepEqual([row.messages, row.acked, row.lost, row.notSent, row.duplicated, row.errors], [501, 501, 0, 0, 0, 0], row.format);
      // the merged histograms give percentiles; open loop has both the corrected and the uncorrected ones
      assert.ok(row.latencyMs?.p50 != null && row.latencyMs.p99 != null && row.latencyMs.p99 >= row.latencyMs.p50);
      assert.ok(row.latencyUncorrectedMs?.p50 != null);
      // the server's CPU per message is over what it handled since the mark: the measured pass's 501 messages
      assert.ok(row.serverCpuUs != null && row.serverCpuUs > 0);
      assert.ok(row.wireBytes && row.wireBytes.up > row.wireBytes.payload && row.wireBytes.payload > 0);
      const codec = usable.find((c) => c.name === row.format);
      assert.equal(row.wireBytes.payload, Array.from({ length: 501 }, (_, i) => codec?.byteLength(i) ?? NaN).reduce((a, b) => a + b, 0), `${row.format}: payload bytes of messages 0–500`);
      // 501 messages at 2,000 msgs/s: a quarter of a second, whichever worker is slower
      assert.ok(row.seconds && row.seconds >= 0.24, String(row.seconds));
    }
    // the client's CPU per message over the workers, and as the kernel split it, adding up to it
    for (const f of run.cpuAtRate?.formats ?? []) {
      const [p] = f.passes;
      assert.ok(p.clientCpuUs != null && p.clientCpuUs > 0 && p.clientUserUs != null && p.clientSystemUs != null, `${f.format}: ${JSON.stringify(p)}`);
      assert.ok(Math.abs(p.clientUserUs + p.clientSystemUs - p.clientCpuUs) < 1e-6 * p.clientCpuUs, `${f.format}: ${JSON.stringify(p)}`);
      assert.deepEqual([f.clientUserUs, f.clientSystemUs], [p.clientUserUs, p.clientSystemUs], f.format);
    }
    assert.equal(run.cpuAtRate?.formats.length, 2);
  });
}

test('--client-workers: more workers than connections, or 0: one line naming it, exit 2', () => {
  const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [path.join(ROOT, 'benchmark_ws.js'), ...args], { encoding: 'utf8', timeout: 60_000 });
  const zero = run('5', '--client-workers', '0');
  assert.equal(zero.status, 2);
  assert.equal(zero.stderr, 'benchmark_ws: --client-workers: expected a whole number ≥ 1, got "0"\n');
  const few = run('5', '--profiles', 'none', '--messages', '50', '--rounds', '1', '--client-workers', '3', '--connections', '2');
  assert.equal(few.status, 2, few.stderr);
  assert.equal(few.stderr, 'benchmark_ws: --client-workers 3: needs --connections ≥ 3 (each worker opens its own; got 2)\n');
});

// a server this run did not start (--url; client_json.js against a running server.js) answers its CPU accounting over
// the transport's own protocol where it has one: the pass without workers asked it so, the pool once asked nothing
for (const transport of ['ws', 'grpc']) {
  test(`measureTransmission clientWorkers 2 against a server at url over ${transport}: the server's CPU per message measured as without workers`, { timeout: 120_000 }, async () => {
    const [payload] = resolvePayloads({ numbers: ['3'] });
    const codecs = await selectCodecs('protobufjs-static');
    const t = await loadTransport(transport);
    const { usable } = prepareWireCodecs(codecs, payload, t);
    const server = await serveTransport(t, { codecs: new Map(usable.map((c) => [c.name, c])), schema: payload.schema, identity: payloadIdentity(payload) });
    try {
      for (const clientWorkers of [1, 2]) {
        const run = await measureTransmission({ payload, codecs, transport, url: server.url, messages: 300, connections: 2, warmup: 20, rounds: 1, clientWorkers });
        const [row] = run.results;
        assert.equal(row.acked, 300, `${clientWorkers} workers`);
        assert.ok(row.serverCpuUs != null && row.serverCpuUs > 0, `${clientWorkers} workers: server µs/msg ${row.serverCpuUs}`);
        assert.ok(row.serverElu != null, `${clientWorkers} workers: server ELU`);
      }
    } finally {
      await server.close();
    }
  });
}
