// Bytes to and from base64 in each runtime's way (lib/base64.js): Buffer where there is one, the Uint8Array
// built-ins or atob/btoa where there is none (a Chromium page). Buffer's absence is simulated by the scope handed
// to base64For; test/unit/runtimes/browser-stub.test.js and test/e2e/runtimes/matrix-runtimes.test.js run the
// codecs that use it in a page.
import test from 'node:test';
import assert from 'node:assert/strict';
import { base64For, fromBase64, isBase64, toBase64 } from '../../lib/base64.js';

/** @typedef {import('../../lib/base64.js').Scope} Scope */

const BUILTIN = typeof (/** @type {{ fromBase64?: unknown }} */ (Uint8Array)).fromBase64 === 'function';

/**
 * A Uint8Array constructor as Node 22 and 24 and Chromium before 140 have it: no fromBase64 or toBase64, whatever
 * this Node has.
 * @type {Uint8ArrayConstructor}
 */
const OLD_UINT8ARRAY = /** @type {never} */ (Object.assign(function OldUint8Array(/** @type {number} */ n) {
  return new Uint8Array(n);
}, { prototype: {} }));

/** @type {[string, Scope, boolean][]} each way, the scope that gives it, and whether this Node can run it */
const WAYS = [
  ['Buffer', { Buffer, Uint8Array, atob, btoa }, true],
  ['Uint8Array', { Uint8Array, atob, btoa }, BUILTIN],
  ['atob', { Uint8Array: OLD_UINT8ARRAY, atob, btoa }, true],
];

/** Every byte value, each once. */
const ALL = Uint8Array.from({ length: 256 }, (_, i) => i);
/** @type {(text: string) => string} the URL-safe alphabet's spelling of standard base64 */
const urlSafe = (text) => text.replace(/\+/g, '-').replace(/\//g, '_');
/** @type {(text: string) => string} */
const unpadded = (text) => text.replace(/=+$/, '');

for (const [via, scope, runs] of WAYS) {
  const skip = !runs && 'this Node has no Uint8Array.fromBase64 (V8 before 14.0); Chromium runs it in test/e2e/runtimes/matrix-runtimes.test.js';
  test(`${via}: base64 in both alphabets, padded or not, to the bytes it holds and back as standard padded base64`, { skip }, () => {
    const b64 = base64For(scope);
    assert.equal(b64.via, via);
    // RFC 4648, section 10: each length modulo 3, so no padding, one "=" and two
    const vectors = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
    for (const [text, expected] of vectors) {
      const bytes = new TextEncoder().encode(text);
      assert.equal(b64.toBase64(bytes), expected, text);
      for (const spelling of [expected, unpadded(expected)]) {
        const read = b64.fromBase64(spelling);
        assert.ok(read instanceof Uint8Array, spelling);
        assert.deepEqual([...read], [...bytes], spelling);
      }
    }
    // "+" and "/" in the standard alphabet are "-" and "_" in the URL-safe one
    assert.equal(b64.toBase64(Uint8Array.of(0xfb, 0xff)), '+/8=');
    for (const spelling of ['+/8=', '+/8', '-_8=', '-_8']) assert.deepEqual([...b64.fromBase64(spelling)], [0xfb, 0xff], spelling);
    // every byte value, at every offset into a 3-byte group, read from each spelling; Buffer's text is the reference
    for (let start = 0; start < 3; start++) {
      for (const end of [256, 255, 254]) {
        const bytes = ALL.subarray(start, end); // a view into a larger buffer, at an offset
        const expected = Buffer.from(bytes).toString('base64');
        assert.equal(b64.toBase64(bytes), expected, `bytes ${start}..${end}`);
        for (const spelling of [expected, unpadded(expected), urlSafe(expected), urlSafe(unpadded(expected))]) {
          assert.deepEqual([...b64.fromBase64(spelling)], [...bytes], `bytes ${start}..${end} from ${spelling.slice(-8)}`);
        }
      }
    }
    // longer than one chunk of btoa's binary string
    const long = Uint8Array.from({ length: 100_003 }, (_, i) => (i * 7919) % 256);
    assert.equal(b64.toBase64(long), Buffer.from(long).toString('base64'));
    assert.deepEqual(b64.fromBase64(b64.toBase64(long)), via === 'Buffer' ? Buffer.from(long) : long);
    assert.deepEqual([...b64.fromBase64('')], []);
    assert.equal(b64.toBase64(new Uint8Array(0)), '');
  });
}

test('a runtime with neither Buffer nor the built-ins nor atob: each call names what is missing', () => {
  const none = base64For({});
  assert.equal(none.via, null);
  assert.throws(() => none.toBase64(ALL), /^Error: no base64 conversion in this runtime: it has no Buffer, Uint8Array\.fromBase64 or atob$/);
  assert.throws(() => none.fromBase64('AQID'), /no base64 conversion in this runtime/);
});

test('where Buffer is, as in Node, Bun and Deno, the module\'s conversions are Buffer\'s (the fastest there)', () => {
  assert.equal(base64For(globalThis).via, 'Buffer');
  assert.ok(Buffer.isBuffer(fromBase64('AQID')), 'read by Buffer');
  assert.equal(toBase64(ALL), Buffer.from(ALL).toString('base64'));
});

test('isBase64: either alphabet, padded to a multiple of 4 or not padded, and nothing else (what the fit check takes)', () => {
  for (const ok of ['', 'AQID', 'AQ==', 'AQ', 'AQI=', 'AQI', '+/8=', '+/8', '-_8=', '-_8']) assert.equal(isBase64(ok), true, ok);
  // one character is no byte; padding short of 4, inside the text or after an unpadded group; both alphabets; spaces
  for (const bad of ['A', 'AQ=', 'AQ==AQ==', 'AQID=', 'a+b_', 'AQ ID', '!!']) assert.equal(isBase64(bad), false, bad);
});
