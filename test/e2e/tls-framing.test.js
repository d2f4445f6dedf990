// TLS in the bytes per message: every transport's client counts the TCP bytes under TLS (records included, not the
// plaintext a TLS socket counts), and framingBytes({ tls: true }) declares the records one message adds when it
// travels alone (window 1): what TLS adds at the socket is what the transport declares, to the byte.
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import { selectCodecs } from '../../lib/codecs/index.js';
import { resolvePayloads } from '../../lib/payload/index.js';
import { makeCertificate } from '../../lib/transmission/certificate.js';
import { nodeClientPass, prepareWireCodecs } from '../../lib/transmission/run.js';
import { serveTransport } from '../../lib/transmission/serve.js';
import { loadTransport, TRANSPORT_NAMES } from '../../lib/transmission/transports/index.js';

const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 120000 }, fn);

const [payload] = resolvePayloads({ numbers: ['3'] });
const keys = await makeCertificate();
const MESSAGES = 100;

/**
 * Bytes per message beyond the codec's, each way, at the client's sockets, one message at a time.
 * @param {import('../../lib/transmission/transports/index.js').Transport} transport
 * @param {import('../../lib/transmission/wire-codec.js').WireCodec} codec
 * @param {'up'|'down'} direction
 * @param {boolean} tls
 */
async function framingAtSocket(transport, codec, direction, tls) {
  const server = await serveTransport(transport, { codecs: new Map([[codec.name, codec]]), schema: payload.schema, direction, tls: tls ? keys : null });
  try {
    const o = { transport, url: server.url, codec, schema: payload.schema, direction, window: 1, tls: tls ? { ca: keys.cert } : null, askServer: false };
    const r = await nodeClientPass({ ...o, messages: MESSAGES });
    assert.equal(r.acked, MESSAGES);
    const payloadBytes = r.wireBytes.payload / MESSAGES;
    return {
      payloadBytes,
      up: r.wireBytes.up / MESSAGES - (direction === 'up' ? payloadBytes : 0),
      down: r.wireBytes.down / MESSAGES - (direction === 'down' ? payloadBytes : 0),
    };
  } finally {
    await server.close();
  }
}

for (const name of TRANSPORT_NAMES) {
  test(`${name}: TLS adds at the socket the records framingBytes declares, both directions`, async (t) => {
    const transport = await loadTransport(name);
    const { usable } = prepareWireCodecs(await selectCodecs(name.startsWith('connect') ? 'protobuf-es' : 'protobufjs-static'), payload, transport);
    for (const direction of /** @type {const} */ (['up', 'down'])) {
      const plain = await framingAtSocket(transport, usable[0], direction, false);
      const tls = await framingAtSocket(transport, usable[0], direction, true);
      const declared = (/** @type {boolean} */ overTls) => transport.framingBytes({ payloadBytes: plain.payloadBytes, direction, compress: null, tls: overTls });
      const added = { up: tls.up - plain.up, down: tls.down - plain.down };
      const declaredAdded = { up: declared(true).up - declared(false).up, down: declared(true).down - declared(false).down };
      t.diagnostic(`${name} ${direction}: TLS adds ${added.up.toFixed(2)} up / ${added.down.toFixed(2)} down per message at the socket, declared ${declaredAdded.up} / ${declaredAdded.down}`);
      assert.ok(declaredAdded.up >= 22 && declaredAdded.down >= 22, 'at least one record each way');
      // a WINDOW_UPDATE or a coalesced write can move a fraction of a record
      assert.ok(Math.abs(added.up - declaredAdded.up) <= 1, `${direction} up: at the socket ${added.up}, declared ${declaredAdded.up}`);
      assert.ok(Math.abs(added.down - declaredAdded.down) <= 1, `${direction} down: at the socket ${added.down}, declared ${declaredAdded.down}`);
    }
  });
}
