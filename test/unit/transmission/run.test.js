// The Node client's own CPU figures (lib/transmission/run.js), through a stand-in transport in this process: no socket.
import test from 'node:test';
import assert from 'node:assert/strict';
import { clientCpuFigures, nodeClientPass } from '../../../lib/transmission/run.js';

test('clientCpuFigures: user + system per message acked, and each of the two apart; nothing acked, no figure', () => {
  assert.deepEqual(clientCpuFigures({ user: 3000, system: 1000 }, 100), { clientCpuUs: 40, clientUserUs: 30, clientSystemUs: 10 });
  assert.deepEqual(clientCpuFigures({ user: 3000, system: 1000 }, 0), { clientCpuUs: null, clientUserUs: null, clientSystemUs: null });
});

test('nodeClientPass: the client\'s CPU per message as the kernel split it, adding up to it; a client that computes between sends spends it in user time', async () => {
  // a few ms of arithmetic before each send: user time, with no system call in it
  const work = () => {
    let x = 0;
    for (let i = 0; i < 1e6; i++) x += Math.sqrt(i);
    return x;
  };
  let sink = 0;
  const transport = {
    name: 'stand-in',
    createClient: async (/** @type {{ onAnswer: (seq: number, status: number) => void }} */ { onAnswer }) => ({
      capacity: 1,
      send(/** @type {number} */ seq) {
        sink += work();
        queueMicrotask(() => onAnswer(seq, 0));
        return true;
      },
      wireBytes: () => ({ up: 0, down: 0 }),
      close: async () => {},
    }),
  };
  const codec = { name: 'stand-in', messageCount: 1, byteLength: () => 10 };
  const r = await nodeClientPass({ transport: /** @type {any} */ (transport), url: 'stand-in:', codec: /** @type {any} */ (codec), messages: 30, askServer: false });
  assert.ok(sink > 0);
  assert.equal(r.acked, 30);
  const { clientCpuUs, clientUserUs, clientSystemUs } = r;
  assert.ok(clientCpuUs != null && clientUserUs != null && clientSystemUs != null, JSON.stringify({ clientCpuUs, clientUserUs, clientSystemUs }));
  assert.ok(Math.abs(clientUserUs + clientSystemUs - clientCpuUs) <= 1e-9 * clientCpuUs, JSON.stringify({ clientCpuUs, clientUserUs, clientSystemUs }));
  // user time carries the arithmetic: more than the system time beside it (a swapped split reads the other way)
  assert.ok(clientUserUs > 2 * clientSystemUs, JSON.stringify({ clientUserUs, clientSystemUs }));
});

test('payloadArgs: server.js is given the --proto-path folders of the payload\'s schema, and loads the same schema from them', async () => {
  const { payloadArgs } = await import('../../../lib/transmission/run.js');
  const { resolvePayloads } = await import('../../../lib/payload/index.js');
  const { parseCli, PAYLOAD_SELECTION_OPTIONS } = await import('../../../lib/cli/index.js');
  const { ROOT } = await import('../../../lib/paths.js');
  const path = await import('node:path');
  const dir = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const choice = { data: path.join(dir, 'service-greet.json'), proto: path.join(dir, 'service/acme/greeter/v1/greeter.proto'), type: 'GreetRequest', protoPaths: [path.join(dir, 'googleapis')] };
  const [payload] = resolvePayloads(choice);
  const args = payloadArgs(payload);
  assert.deepEqual(args, ['--data', choice.data, '--proto', choice.proto, '--type', 'acme.greeter.v1.GreetRequest', '--proto-path', path.join(dir, 'googleapis')]);
  // as server.js parses them (lib/cli/index.js's resolveSelection): the same files, so the same schema
  const { values } = parseCli(args, PAYLOAD_SELECTION_OPTIONS);
  const [again] = resolvePayloads({ data: values.data, proto: values.proto, type: values.type, protoPaths: values['proto-path'] });
  assert.equal(again.schema.hash, payload.schema.hash);
});

test('passWarmupSettled: a warm-up settles when none of its last three chunks beats the fastest before them by more than 10%, after four chunks at least', async () => {
  const { passWarmupSettled, passWarmupDone, PASS_WARMUP } = await import('../../../lib/transmission/run.js');
  // a fresh server and client, test3, window 1, chunks of 750 (AMD EPYC VM, 2026-12-02): the rate rose for ten chunks
  const cold = [3483, 3958, 4475, 5403, 9550, 13236, 15126, 17094, 14845, 15067, 18192];
  const firstSettled = cold.findIndex((_, i) => passWarmupSettled(cold.slice(0, i + 1)));
  assert.equal(firstSettled, 10, 'after the eleventh chunk: 14,845, 15,067 and 18,192 against a fastest of 17,094 before them (at the tenth, the eighth\'s 17,094 beat the 15,126 before it by 13%)');
  // an already warm process: four chunks, the fewest
  assert.equal(passWarmupSettled([14046, 11588, 14398]), false);
  assert.equal(passWarmupSettled([14046, 11588, 14398, 13636]), true);
  // still rising: one chunk 11% above the fastest before
  assert.equal(passWarmupSettled([10000, 10000, 9000, 11100]), false);
  // why it stops: settled, at most maxChunks, and none begun after maxSeconds, however few ran (a chunk slower than
  // the cap is the only one)
  assert.equal(passWarmupDone([14046, 11588, 14398, 13636], 0.3), 'settled');
  assert.equal(passWarmupDone([1000], PASS_WARMUP.maxSeconds), 'time');
  assert.equal(passWarmupDone([1, 2, 4, 8], PASS_WARMUP.maxSeconds - 0.01), null);
  assert.equal(passWarmupDone(Array.from({ length: PASS_WARMUP.maxChunks }, (_, i) => 2 ** i), 0), 'chunks');
});

test('runPass: a process that needs many passes to warm up (planted: its rate rises 20% a pass from a quarter of its warm rate) measures its warm rate in the first measured pass; a chunk not wholly answered ends the warm-up', async () => {
  const { runPass } = await import('../../../lib/transmission/run.js');
  /** a stand-in client: each call is a pass, the k-th at 2,500 × 1.2^(k-1) msgs/s up to 10,000 (from the start when warm) */
  const standIn = (/** @type {boolean} */ cold, /** @type {number} */ answered = 1) => {
    /** @type {Array<{ messages: number, rate: unknown, serverControl: unknown }>} */
    const calls = [];
    const clientPass = async (/** @type {any} */ o) => {
      calls.push({ messages: o.messages, rate: o.rate, serverControl: o.serverControl });
      const msgsPerSec = cold ? Math.min(10000, 2500 * 1.2 ** (calls.length - 1)) : 10000;
      const acked = Math.round(o.messages * answered);
      return { messages: o.messages, acked, seconds: acked / msgsPerSec, msgsPerSec, ended: 'done' };
    };
    return { calls, clientPass };
  };
  const codec = { name: 'x', prepared: { codec: { name: 'x', library: 'l', version: '1' }, status: 'exact' } };
  const control = { mark: async () => {}, report: async () => null };
  const { calls, clientPass } = standIn(true);
  const r = /** @type {any} */ (await runPass(/** @type {any} */ ({ transport: {}, url: 'ws://x', codec, messages: 750, warmup: 500, rate: 2000, serverControl: control, clientPass })));
  assert.equal(r.msgsPerSec, 10000, 'the measured pass runs warm');
  // eight rising chunks (2,500 to 8,958), then 10,000: settled once three chunks beat 10,000 by no more than 10%
  assert.deepEqual(r.warmup.msgsPerSec, [2500, 3000, 3600, 4320, 5184, 6221, 7465, 8958, 10000, 10000, 10000, 10000]);
  assert.deepEqual([r.warmup.chunks, r.warmup.messages, r.warmup.acked, r.warmup.settled, r.warmup.ended], [12, 6000, 6000, true, 'settled']);
  // each chunk a pass like the measured one (its server marked and asked), closed loop, of the warm-up's messages
  assert.deepEqual(calls.slice(0, -1).map((c) => [c.messages, c.rate, c.serverControl]), Array(12).fill([500, undefined, control]));
  assert.deepEqual([calls.at(-1)?.messages, calls.at(-1)?.rate], [750, 2000]);
  // a server that answers half: one chunk, then the measured pass
  const half = standIn(false, 0.5);
  const h = /** @type {any} */ (await runPass(/** @type {any} */ ({ transport: {}, url: 'ws://x', codec, messages: 750, warmup: 500, clientPass: half.clientPass })));
  assert.deepEqual([h.warmup.chunks, h.warmup.messages, h.warmup.acked, h.warmup.settled, h.warmup.ended, half.calls.length], [1, 500, 250, false, 'incomplete', 2]);
  // no warm-up asked: none sent, none reported
  const none = standIn(false);
  const n = /** @type {any} */ (await runPass(/** @type {any} */ ({ transport: {}, url: 'ws://x', codec, messages: 750, warmup: 0, clientPass: none.clientPass })));
  assert.deepEqual([n.warmup, none.calls.length], [undefined, 1]);
});

test('measureTransmission: every format warms up before the first measured pass, so the run\'s first format, whose own warm-up ran out of time, is measured after the others\' chunks too (planted: warmth shared by all formats, rising 20% a pass)', async () => {
  const { measureTransmission, PASS_WARMUP } = await import('../../../lib/transmission/run.js');
  const { selectCodecs } = await import('../../../lib/codecs/index.js');
  const { resolvePayloads } = await import('../../../lib/payload/index.js');
  const [payload] = resolvePayloads({ numbers: ['3'] });
  const codecs = await selectCodecs('json-buffer,protobufjs-static');
  // a stand-in client for a process whose warmth is shared by all formats (the socket and transport code): the k-th
  // pass of any format runs at 2,500 × 1.2^(k-1) msgs/s up to 10,000, a cold chunk taking a seventh of the time cap,
  // so the first format's own warm-up ends at the cap after seven chunks (2,500 to 7,465), still rising
  /** @type {Array<{ format: string, messages: number }>} */
  const calls = [];
  const clientPass = async (/** @type {any} */ o) => {
    calls.push({ format: o.codec.name, messages: o.messages });
    const msgsPerSec = Math.min(10000, 2500 * 1.2 ** (calls.length - 1));
    if (msgsPerSec < 10000) await new Promise((resolve) => setTimeout(resolve, (PASS_WARMUP.maxSeconds * 1000) / 7 + 5));
    return { messages: o.messages, acked: o.messages, seconds: o.messages / msgsPerSec, msgsPerSec, ended: 'done', errors: 0, notSent: 0,
      bytesUp: 0, bytesDown: 0, clientCpuUs: null, serverCpuUs: null, serverElu: null, serverBusyUs: null, latencyMs: { p50: 1, p99: 2 } };
  };
  const run = await measureTransmission({ payload, codecs, url: 'ws://127.0.0.1:9', messages: 300, warmup: 100, rounds: 1, clientPass: /** @type {any} */ (clientPass), placement: 'off' });
  const rows = /** @type {any[]} */ (run.results);
  const order = [calls[0].format, calls.at(-1)?.format];
  assert.deepEqual([...order].sort(), ['json-buffer', 'protobufjs-static']);
  const [first, second] = order.map((f) => rows.find((r) => r.format === f));
  assert.deepEqual([first.warmup.chunks, first.warmup.ended, second.warmup.ended], [7, 'time', 'settled']);
  // both warm-ups, then both measured passes: the first format measured warm, as the second is
  const measured = calls.filter((c) => c.messages === 300).map((c) => c.format);
  assert.deepEqual(measured, order);
  assert.equal(calls.findIndex((c) => c.messages === 300), first.warmup.chunks + second.warmup.chunks);
  assert.equal(first.msgsPerSec, 10000, 'the run\'s first format measured warm');
  assert.equal(second.msgsPerSec, 10000);
});

test('warmUpPass: a chunk that takes longer than the time cap is the only one (a slow link or transport); runPass with settleWarmup false sends one warm-up pass, as a capacity or sweep probe does', async () => {
  const { runPass, warmUpPass, PASS_WARMUP } = await import('../../../lib/transmission/run.js');
  let calls = 0;
  const slow = async (/** @type {any} */ o) => {
    calls++;
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { messages: o.messages, acked: o.messages, seconds: 0.03, msgsPerSec: o.messages / 0.03, ended: 'done' };
  };
  const w = await warmUpPass(/** @type {any} */ (slow), /** @type {any} */ ({}), 10, { ...PASS_WARMUP, maxSeconds: 0.02 });
  assert.deepEqual([w.chunks, w.ended, w.settled, calls], [1, 'time', false, 1]);
  // one pass of the warm-up's messages, closed loop, the server not marked; the row says nothing of it
  /** @type {Array<{ messages: number, rate: unknown, serverControl: unknown }>} */
  const seen = [];
  const clientPass = async (/** @type {any} */ o) => {
    seen.push({ messages: o.messages, rate: o.rate, serverControl: o.serverControl });
    return { messages: o.messages, acked: o.messages, seconds: 0.1, msgsPerSec: o.messages / 0.1, ended: 'done' };
  };
  const codec = { name: 'x', prepared: { codec: { name: 'x', library: 'l', version: '1' }, status: 'exact' } };
  const control = { mark: async () => {}, report: async () => null };
  const r = /** @type {any} */ (await runPass(/** @type {any} */ ({ transport: {}, url: 'ws://x', codec, messages: 300, warmup: 200, settleWarmup: false, rate: 1000, serverControl: control, clientPass })));
  assert.deepEqual(seen, [{ messages: 200, rate: undefined, serverControl: null }, { messages: 300, rate: 1000, serverControl: control }]);
  assert.equal(r.warmup, undefined);
});
