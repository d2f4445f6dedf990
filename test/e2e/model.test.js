// The break-even model against the built-in emulator, with known CPU costs planted in a server process.
// test-runner: alone (asserts timing bounds: see scripts/run-tests.js)
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { nodeClientPass } from '../../lib/transmission/run.js';
import ws from '../../lib/transmission/transports/ws.js';
import { startLinkEmulator } from '../../lib/transmission/shaping/emulator.js';
import { messageCost, predictSeconds, predictThroughput } from '../../lib/transmission/model.js';

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 120000 }, fn);

/**
 * How long the planted server's decode (Atomics.wait for `us`) takes on this machine: the median of 200 such waits
 * here, in µs (a wait ends after its time, late by the kernel's and the hypervisor's wake-up).
 * @param {number} us
 */
function plantedSleepUs(us) {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const took = Array.from({ length: 200 }, () => {
    const t = performance.now();
    Atomics.wait(cell, 0, 0, us / 1000);
    return (performance.now() - t) * 1000;
  }).sort((a, b) => a - b);
  return took[100];
}

const PLANTED_US = 1000;
const BODY = Buffer.alloc(800, 0x61);
// the wire codec of the planted format: the same 800 bytes every time
// any: a stand-in with only what the Node client calls (a real WireCodec also holds its prepared library codec)
const codec = /** @type {any} */ ({
  name: 'planted', messageCount: 1, byteLength: () => BODY.length,
  encodeMessage: (/** @type {number} */ i, prefix = 0) => { const out = Buffer.allocUnsafe(prefix + BODY.length); BODY.copy(out, prefix); return out; },
});
/** @param {{ url: string, messages: number, window: number, serverReport?: boolean }} o */
const runClient = ({ url, serverReport = false, ...o }) => nodeClientPass({ transport: ws, url: url.replace(/\/planted$/, ''), codec, askServer: serverReport, ...o });

test('the model predicts the emulated time for N messages within ±15% at four bandwidths, link- and server-bound (planted server cost 1 ms/msg)', async (t) => {
  const child = spawn(process.execPath, [path.join(ROOT, 'test/e2e/fixtures/planted-cost-server.js'), String(PLANTED_US)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`fixture exited ${code}`)));
    });
    // the model's inputs from an unshaped pass: bytes per message as sent, and the server's cost per message as it
    // reports it (its event loop's busy time: the planted cost blocks the loop without using a core)
    // (the fastest of three passes, as for the shaped passes below: a pass slowed by other processes reads a higher
    // cost, and judging the fastest shaped pass against a slowed cost read 0.82-0.84 on a slow morning, 2026-11-30)
    await runClient({ url: `${url}/planted`, messages: 200, window: 8 }); // warm-up
    let loop = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      const r = await runClient({ url: `${url}/planted`, messages: 300, window: 8, serverReport: true });
      assert.ok(r.serverBusyUs !== null && r.clientCpuUs !== null, 'the server and the client reported their time per message');
      if (loop === null || /** @type {number} */ (r.serverBusyUs) < /** @type {number} */ (loop.serverBusyUs)) loop = r;
    }
    assert.ok(loop !== null && loop.serverBusyUs !== null && loop.clientCpuUs !== null);
    const cost = messageCost({ format: 'planted', messages: loop.messages, wireBytes: loop.wireBytes, serverCpuUs: loop.serverBusyUs, clientCpuUs: loop.clientCpuUs });
    // the planted cost as this machine sleeps it: Atomics.wait of 1 ms took a median 1,095 µs on the 2-core Intel VM
    // (2026-11-27), where the bound below, judged against 1,000, failed at 1,525 and 1,567 µs/msg
    const slept = plantedSleepUs(PLANTED_US);
    assert.ok(cost.serverCpuUs >= PLANTED_US && cost.serverCpuUs < slept * 1.5, `server ${cost.serverCpuUs} µs/msg for ${PLANTED_US} planted (slept ${slept.toFixed(0)} here)`);
    assert.equal(cost.upBytes, BODY.length + 4 + 4 + 4, 'codec bytes, sequence number, 4-byte header (126-byte length form), mask');

    const target = new URL(url);
    const rows = [];
    // link-bound (1,500 and 4,000 kbit/s) and CPU-bound (8,000 and 40,000); 256 in flight, so the window never binds
    for (const kbit of [1500, 4000, 8000, 40000]) {
      const link = { up: kbit, down: kbit, rtt: 20, window: 256 };
      // about half a second of traffic each
      const messages = Math.max(100, Math.round(0.5 / predictThroughput(cost, link).secondsPerMessage));
      const predicted = predictSeconds(cost, link, messages);
      // other processes on a shared machine can only slow a pass down, never speed it up: the fastest of three
      // attempts, all of them run whatever they show (stopping at the first inside the bound would let load rescue a
      // model that predicts too slow a link), is this link's figure
      let best = Infinity;
      for (let attempt = 0; attempt < 3; attempt++) {
        const relay = await startLinkEmulator({ target: { host: target.hostname, port: Number(target.port) }, rtt: link.rtt, up: kbit, down: kbit });
        try {
          const r = await runClient({ url: `ws://127.0.0.1:${relay.port}/planted`, messages, window: link.window });
          assert.equal(r.acked, messages);
          best = Math.min(best, r.seconds);
        } finally {
          await relay.close();
        }
      }
      rows.push({ kbit, bottleneck: predictThroughput(cost, link).bottleneck, ratio: best / predicted });
    }
    t.diagnostic(`server ${cost.serverCpuUs.toFixed(0)} µs/msg as measured (slept ${slept.toFixed(0)}); ` + rows.map((r) => `${r.kbit} kbit/s (${r.bottleneck}): measured/predicted ${r.ratio.toFixed(3)}`).join('; '));
    assert.deepEqual(rows.map((r) => r.bottleneck), ['uplink', 'uplink', 'server CPU', 'server CPU'], 'the points span both regimes');
    for (const r of rows) assert.ok(Math.abs(r.ratio - 1) <= 0.15, `measured/predicted ${r.ratio.toFixed(3)} at ${r.kbit} kbit/s: ${JSON.stringify(rows)}`);
  } finally {
    child.kill('SIGTERM');
  }
});
