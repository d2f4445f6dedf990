// The fixed-rate passes' second server (cpu-at-rate.js CPU_AT_RATE_SERVERS): it gets every closed-loop pass the run's
// own server gets, unmeasured, in every round (a fresh server given only the fixed-rate passes read 5–22% dearer:
// its heap and GC had not settled), and it is stopped when a pass throws, as when the run ends.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { selectCodecs } from '../../lib/codecs/index.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { measureTransmission, nodeClientPass } from '../../lib/transmission/run.js';

const [payload] = resolvePayloads({ numbers: ['5'] });
/** This process's children running server.js. */
const servers = () => execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' })
  .split('\n').filter((line) => /server\.js/.test(line));
const killLeft = () => {
  for (const line of servers()) process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
};

test('the second server gets the closed-loop and raw passes of every round, unmeasured, before the fixed-rate passes', { timeout: 120_000 }, async (t) => {
  t.after(killLeft);
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  /** @type {Array<{ url: string, format: string, rate: number|null, raw: boolean, messages: number, measured: boolean }>} every client pass, in order */
  const calls = [];
  const run = await measureTransmission({
    payload, codecs, transport: 'ws', messages: 40, warmup: 5, placement: 'off', rounds: 2, rawPasses: true,
    cpuAtRate: { rate: 200, seconds: 0.1, passes: 2, servers: 2 },
    clientPass: async (pass) => {
      calls.push({ url: pass.url, format: pass.codec.name, rate: pass.rate ?? null, raw: Boolean(pass.raw), messages: pass.messages, measured: pass.serverControl != null });
      return nodeClientPass(pass);
    },
  });
  const [own, other] = [...new Set(calls.map((c) => c.url))];
  assert.ok(own && other && own !== other, 'two servers were sent passes');
  assert.equal(run.cpuAtRate?.servers, 2);
  // the run's closed-loop passes (warm-ups left out: 5 messages), in order, with the server each went to
  const closed = calls.filter((c) => c.rate == null && c.messages === 40);
  // each round: per format, own closed, own raw, then the same two on the other server
  const formats = codecs.map((c) => c.name);
  const round = formats.flatMap((format) => [
    [own, format, false, true], [own, format, true, true], [other, format, false, false], [other, format, true, false]]);
  assert.deepEqual(closed.map((c) => [c.url, c.format, c.raw, c.measured]), [...round, ...round]);
  // the other server's closed-loop passes are never measured, and in round 1 each format warms it up first
  const warmups = calls.filter((c) => c.messages === 5);
  assert.deepEqual(warmups.map((c) => [c.url, c.format]), formats.flatMap((format) => [[own, format], [other, format]]));
  // the fixed-rate passes go to both servers, measured
  const fixed = calls.filter((c) => c.rate === 200);
  assert.equal(fixed.length, 2 * 2 * 2);
  assert.ok(fixed.every((c) => c.measured));
  assert.deepEqual([...new Set(fixed.map((c) => c.url))].sort(), [own, other].sort());
  assert.deepEqual(servers(), [], 'both servers are stopped when the run ends');
});

test('the second server is stopped when a fixed-rate pass throws', { timeout: 60_000 }, async (t) => {
  t.after(killLeft);
  const codecs = await selectCodecs('protobufjs-static');
  const urls = new Set();
  await assert.rejects(measureTransmission({
    payload, codecs, transport: 'ws', messages: 10, warmup: 0, placement: 'off',
    cpuAtRate: { rate: 200, seconds: 0.1, passes: 2, servers: 2 },
    clientPass: async (pass) => {
      urls.add(pass.url);
      if (pass.rate) throw new Error('the fixed-rate pass broke');
      return nodeClientPass(pass);
    },
  }), /the fixed-rate pass broke/);
  assert.equal(urls.size, 2, 'the second server was started and sent its mirrored pass');
  assert.deepEqual(servers(), [], 'no server outlives the run that threw');
});
