// A message sent on a connection that breaks before its answer is lost (sent, no answer), on every transport:
// not an error answer (no server gave one), and not "not sent" (it left). A relay between client and server cuts one
// of the client's two connections while messages are in flight on it; the pass goes on over the other connection and
// ends once every message is answered or known lost, without waiting out its idle timeout.
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { selectCodecs } from '../../lib/codecs/index.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { nodeClientPass, payloadIdentity, prepareWireCodecs } from '../../lib/transmission/run.js';
import { serveTransport } from '../../lib/transmission/serve.js';
import { loadTransport } from '../../lib/transmission/transports/index.js';

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 120000 }, fn);

const [payload] = resolvePayloads({ numbers: ['3'] });
const identity = payloadIdentity(payload);

/**
 * A TCP relay to `port` that cuts the `cut`-th connection it relays (1-based) once the server has answered `after`
 * bytes on it: both sides destroyed, the chunk that crossed the mark dropped, so what was in flight on it never
 * gets its answer. The client's other connections pass untouched.
 * @param {import('node:test').TestContext} t
 * @param {number} port
 * @param {{ cut: number, after: number }} how
 */
async function cuttingRelay(t, port, { cut, after }) {
  let n = 0;
  const state = { cut: false };
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  const relay = net.createServer((client) => {
    const index = ++n;
    const upstream = net.connect({ host: '127.0.0.1', port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.once('close', () => sockets.delete(s));
    }
    client.pipe(upstream);
    let answered = 0;
    upstream.on('data', (chunk) => {
      if (index === cut && !state.cut && (answered += chunk.length) > after) {
        state.cut = true;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    upstream.once('end', () => client.end());
    client.once('close', () => upstream.destroy());
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', () => resolve(undefined)));
  t.after(() => {
    for (const s of sockets) s.destroy();
    relay.close();
  });
  const address = /** @type {net.AddressInfo} */ (relay.address());
  return { port: address.port, state };
}

// which of the client's connections carries the pass's messages: http1's first carries the check before the pass (an
// OPTIONS on undici's pool, whose next connection is the second); the others' first connection is one of the pass's
const CASES = /** @type {Array<[string, string, 'up'|'down', number]>} */ ([
  ['ws', 'protobufjs-static', 'up', 1],
  ['ws', 'protobufjs-static', 'down', 1],
  ['http1', 'protobufjs-static', 'up', 1],
  ['http1', 'protobufjs-static', 'down', 1],
  ['http2', 'protobufjs-static', 'up', 1],
  ['http2', 'protobufjs-static', 'down', 1],
  ['connect', 'protobuf-es', 'up', 1],
  ['connect-h2', 'protobuf-es', 'down', 1],
  ['grpc', 'protobufjs-static', 'up', 1],
  ['grpc', 'protobufjs-static', 'down', 1],
]);

for (const [name, format, direction, cut] of CASES) {
  test(`${name} ${direction}: messages in flight on a connection that breaks are lost, not errors nor "not sent"; the pass goes on over the other connection`, async (t) => {
    const transport = await loadTransport(name);
    const { usable } = prepareWireCodecs(await selectCodecs(format), payload, transport);
    const codec = usable[0];
    assert.ok(codec, format);
    const server = await serveTransport(transport, { codecs: new Map([[codec.name, codec]]), identity, schema: payload.schema, direction });
    t.after(() => server.close());
    // cut after some answers on it (the check before the pass and a few messages), while its window is full
    const relay = await cuttingRelay(t, server.port, { cut, after: 1000 });
    const messages = 600;
    const r = await nodeClientPass({
      transport, url: server.url.replace(/:\d+$/, `:${relay.port}`), codec, schema: payload.schema, identity, messages, direction,
      window: 8, connections: 2, askServer: false, idleTimeoutMs: 60000,
    });
    assert.ok(relay.state.cut, 'the relay cut a connection');
    t.diagnostic(`${name} ${direction}: ${r.acked} acked, ${r.lost} lost, ${r.errors} errors, ${r.notSent} not sent (${r.ended})`);
    assert.equal(r.errors, 0, 'no message counts as an error answer');
    assert.equal(r.notSent, 0, 'every message left');
    assert.ok(r.lost >= 1 && r.lost <= 8, `the messages in flight on the broken connection are lost: ${r.lost}`);
    assert.equal(r.acked + r.lost, messages, 'the rest answered over the other connection');
    // the pass ended when the last answer came, not after its idle timeout
    assert.match(r.ended, /^(1 message lost with its connection|\d+ messages lost with their connections)$/);
  });
}
