import { describeVerdict, prepareCodecs } from '../../lib/verify.js';
import { toBytes } from '../../lib/codecs/index.js';
import { tableModel, toMarkdown } from '../../lib/report/table.js';

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
      const bytes = p.instance ? toBytes(p.instance.encode(p.native)).length : null; // measured codecs only
      return { payload: payload.id, status: p.status, bytes, verdict: describeVerdict(p) };
    }),
  }));
}

/** @param {import('../../lib/codecs/index.js').CodecInfo['kind']} k */
const kindText = (k) => [k.schema ? 'schema' : 'schemaless', k.codegen ? 'codegen' : 'reflection', k.binary ? 'binary' : 'text'].join(', ');

/**
 * The codec table as a row model: one row per codec, one column per payload
 * with status and bytes; and a note for every cell that is not exact saying why.
 * @param {ReturnType<typeof codecStatuses>} rows
 * @param {import('../../lib/payload/index.js').Payload[]} payloads
 * @returns {{ table: import('../../lib/report/table.js').TableModel, notes: string[] }}
 */
export function codecStatusRows(rows, payloads) {
  /** @type {string[]} */
  const notes = [];
  const body = rows.map(({ codec, cells }) => {
    if (!codec.available) {
      notes.push(`- **${codec.name}**: ${codec.reason}`);
      return { cells: [codec.name, kindText(codec.kind), ...cells.map(() => 'unavailable')] };
    }
    return { cells: [codec.name, kindText(codec.kind), ...cells.map((c) => {
      if (c.status !== 'exact') notes.push(`- **${codec.name}** on ${c.payload}: ${c.verdict}`);
      return c.bytes == null ? c.status : `${c.status}, ${c.bytes.toLocaleString('en-US')} B`;
    })] };
  });
  const columns = /** @type {import('../../lib/report/table.js').Column[]} */ ([{ title: 'format', align: 'l' }, { title: 'kind', align: 'l' },
    ...payloads.map((p) => ({ title: `${p.id} (JSON ${p.jsonBytes.toLocaleString('en-US')} B)` }))]);
  return { table: tableModel(columns, body), notes };
}

/**
 * The docs' codec table in Markdown, its notes under it. Deterministic, so a test can compare it with the docs.
 * @param {ReturnType<typeof codecStatuses>} rows
 * @param {import('../../lib/payload/index.js').Payload[]} payloads
 */
export function codecStatusMarkdown(rows, payloads) {
  const { table, notes } = codecStatusRows(rows, payloads);
  return `${toMarkdown(table)}\n\n${notes.length ? notes.join('\n') : 'Every round trip is exact.'}\n`;
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
