// The Artillery engine against an in-process stand-in transport (no sockets): what it emits per message and per user.
import test from 'node:test';
import assert from 'node:assert/strict';
import { UserError } from '../../../../lib/errors.js';
import { resolvePayloads } from '../../../../lib/payload/index.js';
import { PvjEngine, readEngineConfig } from '../../../../lib/transmission/artillery/engine.js';
import { encodePayload } from '../../../../lib/transmission/artillery/payload.js';
import { payloadIdentity } from '../../../../lib/transmission/wire-codec.js';

const [payload] = resolvePayloads({ numbers: ['3'] });
const encoded = encodePayload(payload);
const identity = payloadIdentity(payload);

/**
 * A transport that answers every message it is sent after a tick, except: `silent` (never answered), `failing`
 * (answered with an error); `refuse` makes createClient fail as a server that is down does; from message `goneAt`
 * on, the server has gone: each message taken never leaves (onUnsent, as http1's client reports a request whose
 * connection could not be opened) and the client reports every connection gone. It records the sequence numbers it
 * was asked to send.
 * @param {{ silent?: number[], failing?: number[], refuse?: boolean, goneAt?: number }} behaviour
 */
function standIn({ silent = [], failing = [], refuse = false, goneAt = Infinity } = {}) {
  /** @type {number[]} */
  const sent = [];
  /** @type {import('../../../../lib/transmission/transports/index.js').Transport} */
  const transport = {
    name: 'ws', library: 'none', description: 'stand-in', schemes: { plain: 'ws', tls: 'wss' },
    supports: { formats: 'any', directions: ['up', 'down'], compress: [], multiplex: true, pipelining: false, tls: false },
    formatPair: {},
    framingBytes: () => ({ up: 0, down: 0 }),
    startServer: () => { throw new Error('not here'); },
    async createClient({ onAnswer, onUnsent, onClosed, window }) {
      if (refuse) throw new UserError('cannot connect to ws://127.0.0.1:1/json: connection refused (is the server running?)');
      let answering = 0;
      /** @type {number[]} */
      const held = [];
      return {
        capacity: window,
        send(seq) {
          sent.push(seq);
          if (seq >= goneAt) {
            held.push(seq);
            return true;
          }
          if (silent.includes(seq)) return true;
          answering++;
          setImmediate(() => {
            onAnswer(seq, failing.includes(seq) ? 2 : 0);
            // the last answer before the server went: what was taken since never left, and every connection is gone
            if (--answering === 0 && held.length) {
              for (const s of held.splice(0)) onUnsent?.(s);
              onClosed?.();
            }
          });
          return true;
        },
        wireBytes: () => ({ up: 1000, down: 50 }),
        close: async () => {},
      };
    },
  };
  return { transport, sent };
}

/**
 * Runs one scenario's users through the engine and collects what it emitted.
 * @param {{ transport: import('../../../../lib/transmission/transports/index.js').Transport, users?: number, messages?: number,
 *   warmupSeconds?: number, clock?: number[] }} o clock: what now() returns, user by user
 */
async function run({ transport, users = 1, messages = 10, warmupSeconds = 0, clock }) {
  let t = 0;
  const engine = new PvjEngine({ config: { pvj: { payload: encoded, identity, warmupSeconds, timeoutMs: 200 } } }, undefined, undefined,
    { loadTransport: async () => transport, now: () => (clock ? clock[Math.min(t++, clock.length - 1)] : 0) });
  /** @type {Array<[string, ...unknown[]]>} */
  const events = [];
  const ee = { emit: (/** @type {string} */ event, /** @type {unknown[]} */ ...args) => events.push([event, ...args]) };
  const scenario = engine.createScenario({ flow: [{ send: { transport: 'ws', format: 'json', url: 'ws://127.0.0.1:1', messages, window: 3 } }] }, ee);
  for (let i = 0; i < users; i++) {
    await new Promise((resolve, reject) => scenario({}, (err) => (err ? reject(err) : resolve(undefined))));
  }
  /** @type {Record<string, number>} */
  const counters = {};
  for (const [event, name, value] of events) if (event === 'counter') counters[String(name)] = (counters[String(name)] ?? 0) + Number(value);
  const histogram = events.filter(([event]) => event === 'histogram');
  return { events, counters, histogram };
}

test('a latency value per message answered ok, and the user\'s counters: a message never answered is lost, not acked', async () => {
  const { transport } = standIn({ silent: [3] });
  const { counters, histogram } = await run({ transport });
  assert.equal(histogram.length, 9);
  for (const [, name, ms] of histogram) {
    assert.equal(name, 'pvj.ws.json.latency_ms');
    assert.ok(typeof ms === 'number' && ms >= 0);
  }
  assert.equal(counters['pvj.ws.json.messages'], 10);
  assert.equal(counters['pvj.ws.json.sent'], 10);
  assert.equal(counters['pvj.ws.json.acked'], 9);
  assert.equal(counters['pvj.ws.json.lost'], 1);
  assert.equal(counters['pvj.ws.json.not_sent'], 0);
  assert.equal(counters['pvj.ws.json.errors'], 0);
  assert.equal(counters['pvj.ws.json.bytes_up'], 1000);
  assert.equal(counters['pvj.ws.json.bytes_down'], 50);
  assert.ok(counters['pvj.ws.json.payload_bytes'] > 10 * 100, 'the codec bytes of the ten messages sent');
  assert.equal(counters['pvj.ws.json.verified_exact'], 1);
  assert.equal(counters['pvj.ws.json.connections'], 1);
});

test('an answer with an error is an error, neither acked nor lost, and has no latency', async () => {
  const { transport } = standIn({ failing: [5] });
  const { counters, histogram } = await run({ transport });
  assert.equal(histogram.length, 9);
  assert.deepEqual([counters['pvj.ws.json.acked'], counters['pvj.ws.json.errors'], counters['pvj.ws.json.lost']], [9, 1, 0]);
});

test('a server that is down: every message of the user is lost (and not sent), an error is reported, no latency', async () => {
  const { transport } = standIn({ refuse: true });
  const { counters, histogram, events } = await run({ transport, users: 2 });
  assert.equal(histogram.length, 0);
  assert.equal(counters['pvj.ws.json.messages'], 20);
  assert.equal(counters['pvj.ws.json.lost'], 20);
  assert.equal(counters['pvj.ws.json.not_sent'], 20);
  assert.equal(counters['pvj.ws.json.acked'], 0);
  assert.equal(counters['pvj.ws.json.connections'], 0);
  const errors = events.filter(([event]) => event === 'error');
  assert.equal(errors.length, 2);
  assert.match(String(errors[0][1]), /^pvj ws json: cannot connect to .*connection refused/);
});

test('a server gone mid-run: the messages that never left are not sent, not sent-and-lost', async () => {
  const { transport } = standIn({ goneAt: 4 });
  const { counters } = await run({ transport });
  // 0-3 answered; 4-6 taken (a window of 3) but never left; 7-9 never taken
  assert.deepEqual([counters['pvj.ws.json.sent'], counters['pvj.ws.json.acked'], counters['pvj.ws.json.not_sent'], counters['pvj.ws.json.lost']], [4, 4, 6, 6]);
});

test('each user starts further into the corpus; users within the warm-up are named apart', async () => {
  const { transport, sent } = standIn();
  const { counters } = await run({ transport, users: 3, messages: 4, warmupSeconds: 1, clock: [0, 500, 1500] });
  assert.deepEqual(sent, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  assert.equal(counters['pvj.warmup.ws.json.acked'], 8);
  assert.equal(counters['pvj.ws.json.acked'], 4);
});

test('a script without config.pvj is refused in one line; one of another payload loses every message, saying why', async () => {
  assert.throws(() => readEngineConfig(undefined), (err) => err instanceof UserError && /no config\.pvj/.test(err.message));
  const { transport, sent } = standIn();
  const engine = new PvjEngine({ config: { pvj: { payload: encoded, identity: { id: 'other', hash: '000000000000' } } } }, undefined, undefined, { loadTransport: async () => transport });
  /** @type {Array<[string, ...unknown[]]>} */
  const events = [];
  const ee = { emit: (/** @type {string} */ event, /** @type {unknown[]} */ ...args) => events.push([event, ...args]) };
  const scenario = engine.createScenario({ flow: [{ send: { transport: 'ws', format: 'json', url: 'ws://127.0.0.1:1', messages: 7 } }] }, ee);
  await new Promise((resolve, reject) => scenario({}, (err) => (err ? reject(err) : resolve(undefined))));
  assert.deepEqual(sent, []);
  const counter = (/** @type {string} */ what) => events.find(([event, name]) => event === 'counter' && name === `pvj.ws.json.${what}`)?.[2];
  assert.deepEqual([counter('messages'), counter('lost'), counter('not_sent'), counter('acked')], [7, 7, 7, 0]);
  assert.match(String(events.find(([event]) => event === 'error')?.[1]), /not the script's \(hash [0-9a-f]{12}, the script says 000000000000\)/);
});

test('payloadFromScript: a schema loaded with --proto-path is loaded again with its folders, where this machine has its file', async () => {
  const path = await import('node:path');
  const { ROOT } = await import('../../../../lib/paths.js');
  const { payloadFromScript } = await import('../../../../lib/transmission/artillery/engine.js');
  const dir = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const [greet] = resolvePayloads({ data: path.join(dir, 'service-greet.json'), proto: path.join(dir, 'service/acme/greeter/v1/greeter.proto'),
    type: 'GreetRequest', protoPaths: [path.join(dir, 'googleapis')] });
  const again = payloadFromScript(encodePayload(greet));
  assert.deepEqual([again.schema.typeName, again.schema.hash, again.schema.protoPaths], [greet.schema.typeName, greet.schema.hash, [path.join(dir, 'googleapis')]]);
  assert.deepEqual(again.schema.layout, greet.schema.layout);
});
