import test from 'node:test';
import assert from 'node:assert/strict';
import ws from '../../../../lib/transmission/transports/ws.js';

test('ws framing: the sequence number and a masked header up, a 5-byte ACK with its 2-byte header down', () => {
  assert.deepEqual(ws.framingBytes({ payloadBytes: 100, direction: 'up', compress: null, tls: false }), { up: 4 + 2 + 4, down: 5 + 2 });
  assert.deepEqual(ws.framingBytes({ payloadBytes: 200, direction: 'up', compress: null, tls: false }), { up: 4 + 4 + 4, down: 7 },
    'over 125 bytes the length takes 2 more bytes');
  assert.deepEqual(ws.framingBytes({ payloadBytes: 70000, direction: 'up', compress: null, tls: false }).up, 4 + 10 + 4, 'over 65,535: 8 more');
});

test('ws framing downloading: a 4-byte request up, the answer header (sequence number, status) and frame header down', () => {
  assert.deepEqual(ws.framingBytes({ payloadBytes: 200, direction: 'down', compress: null, tls: false }), { up: 4 + 2 + 4, down: 5 + 4 });
});
