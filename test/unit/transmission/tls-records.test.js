import test from 'node:test';
import assert from 'node:assert/strict';
import { TLS_MAX_PLAINTEXT, TLS_RECORD_OVERHEAD, tlsRecordBytes, withTlsRecords } from '../../../lib/transmission/tls-records.js';

// RFC 8446 §5.1–5.2: TLSCiphertext has a 5-byte header (type 1, legacy_record_version 2, length 2); the encrypted
// TLSInnerPlaintext adds its 1-byte content type; AES-GCM and ChaCha20-Poly1305 add a 16-byte tag. Records carry
// at most 2^14 bytes of plaintext.
const PER_RECORD = 5 + 1 + 16;

test('one TLS 1.3 record adds 22 bytes and carries at most 2^14 bytes of plaintext', () => {
  assert.equal(TLS_RECORD_OVERHEAD, PER_RECORD);
  assert.equal(TLS_MAX_PLAINTEXT, 2 ** 14);
});

test('a write becomes as many records as its plaintext needs', () => {
  assert.equal(tlsRecordBytes(1), 22);
  assert.equal(tlsRecordBytes(16384), 22, 'exactly one full record');
  assert.equal(tlsRecordBytes(16385), 44, 'one byte over spills into a second record');
  assert.equal(tlsRecordBytes(40000), 66, '16384 + 16384 + 7232');
});

test('each write is its own records: two small writes cost two records', () => {
  assert.equal(tlsRecordBytes(100, 100), 44);
  assert.equal(tlsRecordBytes(9, 20000, 5), 22 + 44 + 22);
  assert.equal(tlsRecordBytes(), 0, 'no writes, no records');
});

test('withTlsRecords adds the record bytes of each direction\'s writes, and nothing without TLS', () => {
  const framing = { up: 10, down: 5 };
  assert.deepEqual(withTlsRecords(framing, false, { up: [100], down: [5] }), { up: 10, down: 5 });
  assert.deepEqual(withTlsRecords(framing, true, { up: [9, 100], down: [20000] }), { up: 10 + 44, down: 5 + 44 });
});
