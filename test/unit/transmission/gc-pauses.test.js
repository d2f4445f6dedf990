import test from 'node:test';
import assert from 'node:assert/strict';
import { watchGcPauses } from '../../../lib/transmission/gc-pauses.js';

test('watchGcPauses: the pauses of collections that ran before stop(), even those not yet delivered to the observer', async () => {
  const watch = watchGcPauses();
  // young garbage enough for several scavenges (kept in a ring so it is really allocated)
  const ring = new Array(1024);
  let keep = 0;
  for (let i = 0; i < 3e5; i++) { ring[i & 1023] = { i, list: [i, i + 1] }; keep += ring[i & 1023].list.length; }
  // Node queues a GC's entry after it; stop() right after that, before the observer's own callback has run
  await new Promise((resolve) => { setImmediate(resolve); });
  const { count, totalMs, maxMs } = watch.stop();
  assert.ok(keep > 0);
  assert.ok(count >= 1, `${count} collections`);
  assert.ok(maxMs > 0 && maxMs <= totalMs, `longest ${maxMs} ms of ${totalMs} ms`);
  // after stop() nothing more is counted
  for (let i = 0; i < 2e6; i++) keep += [i].length;
  assert.deepEqual(watch.stop(), { count, totalMs, maxMs });
});
