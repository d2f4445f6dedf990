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
  // each round: per format, own closed, own raw, then the same two on the other server; the formats in order in round 1
  // and reversed in round 2 (ABBA)
  const formats = codecs.map((c) => c.name);
  const round = (/** @type {string[]} */ order) => order.flatMap((format) => [
    [own, format, false, true], [own, format, true, true], [other, format, false, false], [other, format, true, false]]);
  assert.deepEqual(closed.map((c) => [c.url, c.format, c.raw, c.measured]), [...round(formats), ...round([...formats].reverse())]);
  // in round 1 every format warms up the run's own server before its first measured pass (run.js: what the formats
  // share warms with each), then each format the other server before its mirrored passes, in chunks of 5 until its
  // rate settled (or its second ran out): consecutive chunks to one server for one format counted as one warm-up
  /** @type {Array<[string, string, number]>} url, format, chunks */
  const warmups = [];
  for (const c of calls.filter((x) => x.messages === 5)) {
    const last = warmups.at(-1);
    if (last && last[0] === c.url && last[1] === c.format) last[2]++;
    else warmups.push([c.url, c.format, 1]);
  }
  assert.deepEqual(warmups.map(([url, format]) => [url, format]), [...formats.map((format) => [own, format]), ...formats.map((format) => [other, format])]);
  // and the first measured pass comes after all of the own server's warm-ups
  const firstMeasured = calls.findIndex((c) => c.messages === 40);
  assert.ok(calls.slice(0, firstMeasured).every((c) => c.messages === 5 && c.url === own), 'only the own server\'s warm-up chunks before the first measured pass');
  assert.ok(run.results.every((r) => (r.warmup?.ended === 'settled' ? r.warmup.chunks >= 4 : r.warmup?.ended === 'time')), JSON.stringify(run.results.map((r) => r.warmup)));
  // the row says how many chunks warmed up the run's own server
  assert.deepEqual(run.results.map((r) => [r.format, r.warmup?.chunks]), formats.map((format) => [format, warmups.find(([url, f]) => url === own && f === format)?.[2]]));
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
