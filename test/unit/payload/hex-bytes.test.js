// Bytes written as hex or as UUIDs (OTLP/JSON's trace and span IDs): the proto3 JSON mapping reads them as base64,
// every codec then carries 3 bytes for every 4 characters, and nothing else would show it. The payload warns, and
// the warning reaches results.json and the report.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hexLikeBytes } from '../../../lib/schema/fit.js';
import { describePayload, resolvePayloads } from '../../../lib/payload/index.js';
import { renderMarkdown } from '../../../lib/report/markdown.js';
import { renderHtml } from '../../../lib/report/html.js';
import { validateResults } from '../../../lib/results/index.js';
import { makeResults } from '../../helpers/results-fixture.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hex-bytes-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (/** @type {string} */ name, /** @type {string} */ text) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

// a span in OTLP's shape, written here (not OpenTelemetry's .proto): IDs as bytes, a link holding another trace ID
const PROTO = write('span.proto', `syntax = "proto3";
message Link { bytes trace_id = 1; }
message Span { bytes trace_id = 1; bytes span_id = 2; string name = 3; repeated Link links = 4; bytes blob = 5; }
`);
const TRACE = '5B8EFFF798038103D269B633813FC60C'; // OTLP's specification's example, 16 bytes in hex
const SPAN = 'eee19b7ec3c1b174';

test('hexLikeBytes: hex in one case (an even number of digits, at least 16) or a UUID, by the bytes it holds as such', () => {
  assert.equal(hexLikeBytes(TRACE), 16);
  assert.equal(hexLikeBytes(TRACE.toLowerCase()), 16);
  assert.equal(hexLikeBytes(SPAN), 8);
  assert.equal(hexLikeBytes('550e8400-e29b-41d4-a716-446655440000'), 16);
  assert.equal(hexLikeBytes('550E8400-E29B-41D4-A716-446655440000'), 16);
  // not hex: both cases mixed, an odd count, too short to tell from base64, base64 with other letters
  assert.equal(hexLikeBytes('5B8EFFF798038103d269b633813fc60c'), 0);
  assert.equal(hexLikeBytes('5B8EFFF798038103D'), 0);
  assert.equal(hexLikeBytes('deadbeefcafe'), 0);
  assert.equal(hexLikeBytes(Buffer.from('eee19b7ec3c1b174eee19b7e', 'hex').toString('base64')), 0); // "7uGbfsPBsXTu4Zt+"
  assert.equal(hexLikeBytes(''), 0);
  // base64 of zero or small bytes: letters alone, no digit
  assert.equal(hexLikeBytes(Buffer.alloc(12).toString('base64')), 0); // "AAAAAAAAAAAAAAAA"
  assert.equal(hexLikeBytes(Buffer.alloc(24).toString('base64')), 0);
  assert.equal(hexLikeBytes('0000000000000000'), 0);
});

test('a corpus whose bytes fields hold hex is measured, with one warning naming the first value, its record and the fields', () => {
  const records = [
    { traceId: TRACE, spanId: SPAN, name: 'a', links: [{ traceId: TRACE }] },
    { traceId: TRACE.toLowerCase(), spanId: SPAN, name: 'b', blob: 'aGVsbG8=' },
  ];
  const data = write('spans.ndjson', records.map((r) => JSON.stringify(r)).join('\n'));
  const [payload] = resolvePayloads({ data, proto: PROTO, type: 'Span' });
  const hex = payload.warnings.filter((w) => /looks like/.test(w));
  assert.equal(hex.length, 1, payload.warnings.join('\n'));
  assert.equal(hex[0], `record 1: $.traceId: "${TRACE}" in field trace_id looks like hex (16 bytes), but the proto3 JSON mapping `
    + 'reads bytes as base64, so the protobuf codecs carry the 24 bytes base64 gives, not 16 (4 more such values; fields trace_id, span_id). '
    + 'OTLP/JSON writes trace and span IDs in hex (a deviation from the mapping); to compare with the binary form a service sends, give such fields in base64.');
  // the same IDs in base64, as the mapping writes them: nothing to say
  const base64 = write('spans-b64.ndjson', records.map((r) => JSON.stringify({
    ...r, traceId: Buffer.from(r.traceId, 'hex').toString('base64'), spanId: Buffer.from(r.spanId, 'hex').toString('base64'),
    links: (r.links ?? []).map((l) => ({ traceId: Buffer.from(l.traceId, 'hex').toString('base64') })),
  })).join('\n'));
  const [clean] = resolvePayloads({ data: base64, proto: PROTO, type: 'Span' });
  assert.deepEqual(clean.warnings.filter((w) => /looks like/.test(w)), []);
});

test('one message with a UUID in a bytes field: named without a record index, as a UUID', () => {
  const data = write('one.json', JSON.stringify({ name: 'x', blob: '550e8400-e29b-41d4-a716-446655440000' }));
  const [payload] = resolvePayloads({ data, proto: PROTO, type: 'Span' });
  const [line] = payload.warnings.filter((w) => /looks like/.test(w));
  assert.match(line, /^\$\.blob: "550e8400-e29b-41d4-a716-446655440000" in field blob looks like a UUID \(16 bytes\), .* carry the 27 bytes base64 gives, not 16\. OTLP/);
});

test('payload warnings are carried in results.json and shown under the payload in report.md and report.html', () => {
  const data = write('spans2.ndjson', JSON.stringify({ traceId: TRACE, name: 'a' }));
  const [payload] = resolvePayloads({ data, proto: PROTO, type: 'Span' });
  const described = describePayload(payload);
  assert.ok(described.warnings?.some((w) => /looks like hex/.test(w)), JSON.stringify(described));
  const r = makeResults();
  r.payloads[0].payload.warnings = ['$.x: something the user should know <b>'];
  assert.deepEqual(validateResults(r), []);
  assert.match(renderMarkdown(r), /## p1: fixture .*\n\nWarning: \$\.x: something the user should know &lt;b>\n\n### Size/);
  assert.match(renderHtml(r), /<\/h2>\n<p class="warning">Warning: \$\.x: something the user should know &lt;b&gt;<\/p>/);
  // a payload without warnings carries none
  assert.equal('warnings' in describePayload({ ...payload, warnings: [] }), false);
});
