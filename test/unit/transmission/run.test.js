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
