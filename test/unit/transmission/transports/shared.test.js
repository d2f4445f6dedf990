import test from 'node:test';
import assert from 'node:assert/strict';
import { connectionFailure, hpackIntegerBytes, hpackLiteralBytes, hpackStringBytes, varintBytes } from '../../../../lib/transmission/transports/shared.js';
import { grpcFramingBytes } from '../../../../lib/transmission/transports/grpc.js';
import { connectFramingBytes } from '../../../../lib/transmission/transports/connect.js';
import http2 from '../../../../lib/transmission/transports/http2.js';

test('HPACK strings: the Huffman-coded sizes of RFC 7541\'s examples (C.4, C.6), with their 1-byte length prefix', () => {
  // C.4.1-C.4.3 and C.6.1: the examples' Huffman-encoded octets, counted
  const examples = { 'www.example.com': 12, 'no-cache': 6, 'custom-key': 8, 'custom-value': 9, 302: 2, private: 5,
    'Mon, 21 Oct 2013 20:13:21 GMT': 22, 'https://www.example.com': 17, gzip: 3, 'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1': 45 };
  for (const [value, huffman] of Object.entries(examples)) assert.equal(hpackStringBytes(value), 1 + huffman, value);
  // a value whose Huffman code is longer than itself goes raw
  assert.equal(hpackStringBytes('\\\\\\'), 1 + 3);
  assert.equal(hpackIntegerBytes(126, 7), 1);
  assert.equal(hpackIntegerBytes(127, 7), 2);
  assert.equal(hpackIntegerBytes(1337, 5), 3, 'RFC 7541 C.1.2');
  // 210 × 5 bits: 132 bytes of code, a length past the 7-bit prefix
  assert.equal(hpackStringBytes('a'.repeat(210)), 2 + 132);
});

test('one HPACK estimator: grpc, connect-h2 and http2 count a longer :path (a packaged schema\'s) by the same bytes', () => {
  // measured with node:http2 (nghttp2) at the socket: 15 and 30 bytes for these two literals
  const [short, long] = ['/bench.Bench/Send', '/com.example.orders.v1.bench.Bench/Send'];
  assert.equal(hpackLiteralBytes(short), 15);
  assert.equal(hpackLiteralBytes(long), 30);
  const more = hpackLiteralBytes(long) - hpackLiteralBytes(short);
  const grpc = (/** @type {string} */ path) => grpcFramingBytes({ payloadBytes: 100, direction: 'up', compress: null, path }).up;
  const connect = (/** @type {string} */ path) => connectFramingBytes({ payloadBytes: 100, direction: 'up', compress: null, httpVersion: '2', path }).up;
  assert.equal(grpc(long) - grpc(short), more, 'grpc');
  assert.equal(connect(long) - connect(short), more, 'connect-h2');
  // http2's path is the format's name: the same estimator for its literal
  const h2 = (/** @type {string} */ format) => http2.framingBytes({ payloadBytes: 100, direction: 'up', compress: null, tls: false, format }).up;
  assert.equal(h2('protobufjs-static') - h2('pbf'), hpackLiteralBytes('/protobufjs-static') - hpackLiteralBytes('/pbf'));
});

test('varintBytes and connectionFailure', () => {
  assert.deepEqual([0, 127, 128, 16383, 16384, 2 ** 28].map(varintBytes), [1, 1, 2, 2, 3, 5]);
  assert.equal(connectionFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })), 'connection refused (is the server running?)');
  assert.equal(connectionFailure(new Error('something else')), 'something else');
});
