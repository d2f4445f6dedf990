import { markdownTable } from 'markdown-table';
import { describeVerdict, measurable, prepareCodecs } from '../../lib/verify.js';
import { toBytes } from '../../lib/codecs/index.js';

/** The markers around the generated codec table in README.md. */
export const STATUS_MARKERS = ['<!-- codec-status:start -->', '<!-- codec-status:end -->'];

/**
 * Every codec's round-trip status and encoded size on every payload, the
 * unavailable ones included, verified the way the benchmarks verify.
 * @param {import('../../lib/codecs/index.js').CodecInfo[]} codecs
 * @param {import('../../lib/payload/index.js').Payload[]} payloads
 * @returns {{ codec: import('../../lib/codecs/index.js').CodecInfo, cells: { payload: string, status: string, bytes: number|null, verdict: string }[] }[]}
 */
export function codecStatuses(codecs, payloads) {
  return codecs.map((codec) => ({
    codec,
    cells: payloads.map((payload) => {
      if (!codec.available) return { payload: payload.id, status: 'unavailable', bytes: null, verdict: `unavailable: ${codec.reason}` };
      const [p] = prepareCodecs([codec], payload);
      const bytes = measurable(p) && p.instance ? toBytes(p.instance.encode(p.native)).length : null;
      return { payload: payload.id, status: p.status, bytes, verdict: describeVerdict(p) };
    }),
  }));
}

const kindText = (/** @type {import('../../lib/codecs/index.js').CodecInfo['kind']} */ k) => [k.schema ? 'schema' : 'schemaless', k.codegen ? 'codegen' : 'reflection', k.binary ? 'binary' : 'text'].join(', ');

/**
 * The README's codec table in Markdown: one row per codec, one column per
 * payload with status and bytes, then a note for every cell that is not
 * exact saying why. Deterministic, so a test can compare it with README.
 * @param {ReturnType<typeof codecStatuses>} rows
 * @param {import('../../lib/payload/index.js').Payload[]} payloads
 */
export function codecStatusMarkdown(rows, payloads) {
  /** @type {string[]} */
  const notes = [];
  const body = rows.map(({ codec, cells }) => {
    if (!codec.available) {
      notes.push(`- **${codec.name}**: ${codec.reason}`);
      return [codec.name, kindText(codec.kind), ...cells.map(() => 'unavailable')];
    }
    return [codec.name, kindText(codec.kind), ...cells.map((c) => {
      if (c.status !== 'exact') notes.push(`- **${codec.name}** on ${c.payload}: ${c.verdict}`);
      return c.bytes == null ? c.status : `${c.status}, ${c.bytes.toLocaleString('en-US')} B`;
    })];
  });
  const head = ['format', 'kind', ...payloads.map((p) => `${p.id} (JSON ${p.jsonBytes.toLocaleString('en-US')} B)`)];
  const table = markdownTable([head, ...body], { align: ['l', 'l', ...payloads.map(() => 'r')] });
  return `${table}\n\n${notes.length ? notes.join('\n') : 'Every round trip is exact.'}\n`;
}

/**
 * The text between the codec-status markers of a Markdown file, or null.
 * @param {string} readme
 */
export function readmeStatusBlock(readme) {
  const [start, end] = STATUS_MARKERS;
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) return null;
  return readme.slice(i + start.length, j).replace(/^\n+/, '').replace(/\n+$/, '\n');
}
