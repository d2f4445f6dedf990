// A server measureTransmission starts and keeps for its caller (keepServer: the transport comparison shares one per
// transport over its links) is handed back only by a run that ends; a run that throws stops it, or it would outlive
// the run with nobody holding it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { selectCodecs } from '../../lib/codecs/index.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { measureTransmission } from '../../lib/transmission/run.js';

const [payload] = resolvePayloads({ numbers: ['5'] });
/** This process's children running server.js. */
const servers = () => execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' })
  .split('\n').filter((line) => /server\.js/.test(line));

test('a kept server of a run that throws is stopped; one of a run that ends is handed back running', { timeout: 60_000 }, async (t) => {
  // a server this test leaks (the feature broken) would hold the test process open: kill what is left
  t.after(() => {
    for (const line of servers()) process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
  });
  const codecs = await selectCodecs('protobufjs-static');
  assert.deepEqual(servers(), []);
  await assert.rejects(measureTransmission({
    payload, codecs, transport: 'ws', messages: 10, warmup: 0, placement: 'off', keepServer: true,
    clientPass: async () => { throw new Error('the client broke'); },
  }), /the client broke/);
  assert.deepEqual(servers(), [], 'no server outlives the run that threw');
  const run = await measureTransmission({ payload, codecs, transport: 'ws', messages: 10, warmup: 0, placement: 'off', keepServer: true });
  const kept = /** @type {{ server?: { stop: () => Promise<void> } }} */ (/** @type {unknown} */ (run)).server;
  assert.ok(kept, 'the run hands its server back');
  assert.equal(servers().length, 1);
  await kept.stop();
  assert.deepEqual(servers(), []);
});
