// Input hygiene (issue 16): a file that is not UTF-8 is refused or named, not measured with U+FFFD in it;
// duplicate keys and integers JSON.parse rounds are reported as the file has them.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJsonBytes, firstInvalidUtf8, scanJsonText } from '../../../lib/json.js';
import { inspectDataFile, resolvePayloads } from '../../../lib/payload/index.js';
import { readJsonFile } from '../../../lib/files.js';
import { UserError } from '../../../lib/errors.js';
import { payloadHeading } from '../../../lib/report/rows.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hygiene-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (/** @type {string} */ name, /** @type {string | Uint8Array} */ bytes) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const refused = (/** @type {() => unknown} */ fn, /** @type {RegExp} */ pattern) => assert.throws(fn, (err) => err instanceof UserError && pattern.test(err.message) && !/[\n\0]/.test(err.message));

test('invalid UTF-8 is refused with its byte offset (a Latin-1 é)', () => {
  const file = write('latin1.json', Buffer.from('{"s":"caf\xe9"}', 'latin1'));
  refused(() => readJsonFile(file), /latin1\.json: not UTF-8: invalid byte sequence at byte offset 9 \(e9 22 7d\)/);
  refused(() => resolvePayloads({ data: file }), /byte offset 9/);
});

test('UTF-8 decoding is strict: overlong forms, surrogates, truncated sequences; valid text passes', () => {
  assert.equal(firstInvalidUtf8(Buffer.from('{"s":"café ✓ 😀"}')), -1);
  assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0xc0, 0xaf])), 1); // overlong "/"
  assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0x42, 0xed, 0xa0, 0x80])), 2); // a UTF-16 surrogate
  assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0xe2, 0x9c])), 1); // cut short
  assert.deepEqual(decodeJsonBytes(Buffer.from('\ufeff{"a":1}')), { text: '{"a":1}' }); // the UTF-8 BOM is dropped
});

test('UTF-16 and UTF-32 are named, by byte-order mark or by the NUL pattern', () => {
  const json = '{"a":1}';
  const utf16be = Buffer.from(json, 'utf16le').swap16();
  /** @type {[Buffer, RegExp][]} */
  const cases = [
    [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]), /UTF-16LE \(byte-order mark\)/],
    [Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), /UTF-16BE \(byte-order mark\)/],
    [Buffer.from(json, 'utf16le'), /UTF-16LE \(a NUL byte after each character\)/],
    [utf16be, /UTF-16BE \(a NUL byte before each character\)/],
    [Buffer.from([0, 0, 0, 0x7b, 0, 0, 0, 0x7d]), /UTF-32BE \(NUL bytes before each character\)/],
    [Buffer.from([0x7b, 0, 0, 0, 0x7d, 0, 0, 0]), /UTF-32LE \(NUL bytes after each character\)/],
    [Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]), /UTF-32LE \(byte-order mark\)/],
  ];
  cases.forEach(([bytes, pattern], i) => refused(() => readJsonFile(write(`wide${i}.json`, bytes)), pattern));
});

test('duplicate keys: found with their path, in nested objects and NDJSON records; strings that look like keys are not', () => {
  assert.deepEqual(scanJsonText('{"a":1,"b":{"x":2,"x":3},"a":4,"s":"\\"a\\":"}').duplicates, ['$.b.x', '$.a']);
  assert.deepEqual(scanJsonText('[{"id":1,"id":2}]').duplicates, ['$[0].id']);
  assert.deepEqual(scanJsonText('{"a":1}\n{"a":1,"a":2}\n').duplicates, ['record 2: $.a']);
  assert.deepEqual(scanJsonText('{"a":["a","a"],"b":{"a":1}}').duplicates, []);
});

test('integers JSON.parse rounds are quoted as written; doubles written as doubles (1e308) are not', () => {
  const found = scanJsonText('{"n":[9007199254740993,1e308,9007199254740992,100000000000000000000,"9007199254740993",1.5e300]}').roundedIntegers;
  assert.deepEqual(found, [{ path: '$.n[0]', written: '9007199254740993' }]);
  assert.deepEqual(scanJsonText('{"id":123456789012345678901234567890}').roundedIntegers, [{ path: '$.id', written: '123456789012345678901234567890' }]);
});

test('numbers beyond a double\'s range are found as written; true, false, null and underflow to 0 are not', () => {
  const found = scanJsonText('{"a":1e400,"b":[-1e400,1e-400,1.7976931348623157e308,true,null,false],"c":"1e400"}').infinite;
  assert.deepEqual(found, [{ path: '$.a', written: '1e400' }, { path: '$.b[0]', written: '-1e400' }]);
  assert.deepEqual(scanJsonText('{"a":1}\n{"a":2e308}\n').infinite, [{ path: 'record 2: $.a', written: '2e308' }]);
});

test('a --data file with a number JSON.parse reads as Infinity is refused, naming record and path, not measured as null', () => {
  refused(() => resolvePayloads({ data: write('inf.json', '{"a":1e400,"b":-1e400,"c":1e-400}') }),
    /^[^:]*inf\.json: \$\.a: 1e400 is beyond a double's range \(JSON\.parse reads Infinity, which JSON cannot carry\); 2 such numbers in the file$/);
  refused(() => resolvePayloads({ data: write('inf.ndjson', '{"a":[1]}\n{"a":[1,-2e999]}\n') }),
    /inf\.ndjson: record 2: \$\.a\[1\]: -2e999 is beyond a double's range \(JSON\.parse reads -Infinity, which JSON cannot carry\)$/);
});

test('a --data file: duplicate keys warn (refused under strict), rounded integers quoted as written, both sizes', () => {
  const file = write('dup.json', '{\n  "a": 1,\n  "b": {"x": 2, "x": 3},\n  "big": 9007199254740993,\n  "huge": 1e308\n}\n');
  const [payload] = resolvePayloads({ data: file });
  // the third: the file holds one message (corpus.test.js checks that hint)
  assert.equal(payload.warnings.length, 3, payload.warnings.join('\n'));
  assert.match(payload.warnings[2], /dup\.json holds one message/);
  assert.match(payload.warnings[0], /^\$\.b\.x: key given twice in one object; JSON\.parse keeps the last value/);
  assert.match(payload.warnings[1], /^\$\.big: 9007199254740993 is beyond 2\^53, and JSON\.parse rounds it to 9007199254740992/);
  assert.equal(payload.fileBytes, fs.statSync(file).size);
  assert.equal(payload.jsonBytes, Buffer.byteLength(JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')))));
  assert.notEqual(payload.fileBytes, payload.jsonBytes);
  refused(() => resolvePayloads({ data: file, strict: true }), /dup\.json: \$\.b\.x: key given twice in one object \(refused under --strict\)/);
});

test('the heading labels both sizes when the file is not the compact JSON measured', () => {
  const p = { id: 'x', title: 't', dataFile: 'x.json', schema: 'inferred', type: 'X', jsonBytes: 56, fileBytes: 82 };
  assert.match(payloadHeading(p), /56 bytes of compact JSON \(the file: 82 bytes\)/);
  assert.match(payloadHeading({ ...p, fileBytes: 56 }), / 56 bytes of JSON /);
});

test('decodeJsonBytes with node:buffer isUtf8 as its fast check: the same text, the same problem at the same offset', async () => {
  const { isUtf8 } = await import('node:buffer');
  for (const bytes of [Buffer.from('\ufeff{"a":"é"}'), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])]) {
    assert.deepEqual(decodeJsonBytes(bytes, isUtf8), decodeJsonBytes(bytes));
  }
  assert.match(/** @type {any} */ (decodeJsonBytes(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]), isUtf8)).problem, /byte offset 1 /);
});

test('integers beyond 2^53: the first is named, the others in the file counted', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rounded-'));
  try {
    const file = path.join(dir, 'ids.json');
    fs.writeFileSync(file, '{"x":9007199254740993,"y":9007199254740995,"z":[18014398509481985]}');
    const [warning] = inspectDataFile(file).warnings;
    assert.match(warning, /^\$\.x: 9007199254740993 is beyond 2\^53, .* \(2 more such integers in the file\)$/);
    fs.writeFileSync(file, '{"x":9007199254740993,"y":9007199254740995}');
    assert.match(inspectDataFile(file).warnings[0], / \(1 more such integer in the file\)$/);
    fs.writeFileSync(file, '{"x":9007199254740993}');
    assert.doesNotMatch(inspectDataFile(file).warnings[0], /more such/);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test('invalid JSON says where, also where V8\'s message has no position (an unexpected token, NaN, single quotes), in a document and on an NDJSON line', () => {
  // V8 (Node 20 to 26) gives "at position N" for some errors only: these three carry none
  refused(() => readJsonFile(write('comma.json', '{\n  "a": 1,\n  "b": [1, 2,, 3]\n}\n')), /comma\.json: invalid JSON at line 3, column 14: Unexpected token ','/);
  refused(() => readJsonFile(write('nan.json', '{"a": NaN}')), /nan\.json: invalid JSON at line 1, column 7: /);
  refused(() => readJsonFile(write('quote.json', "{'a': 1}")), /quote\.json: invalid JSON at line 1, column 2: /);
  // a trailing comma JSON.parse refuses is refused at the same place (jsonc-parser would take it unless told not to)
  refused(() => readJsonFile(write('trailing.json', '{"a": 1,}')), /trailing\.json: invalid JSON at line 1, column 9: /);
  // NDJSON: the line and the column in it, the line's leading spaces counted
  refused(() => resolvePayloads({ data: write('lines.ndjson', '{"a": 1}\n  {"a": 2,,}\n') }), /lines\.ndjson: line 2, column 11: invalid JSON: /);
});
