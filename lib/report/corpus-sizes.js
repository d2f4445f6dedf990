// The corpus size tables (bytes per message over every message; compressed bytes per
// message per method) and the sentence comparing JSON with a dictionary to protobuf,
// as row models for the terminal, report.md and report.html.
import { TRANSMISSION_FORMATS } from '../codecs/index.js';
import { describeVerdict } from '../verify.js';
import { fixed, int, pct } from './format.js';
import { columnsOf, tableModel, toMarkdown } from './table.js';

/**
 * Compressed bytes per message of one method (lib/measure/sizes.js, measureCorpusSizes), or why the method is missing.
 * @typedef {{ unavailable: string, mean?: undefined, dictionaryBytes?: undefined }
 *   | { unavailable?: undefined, mean: number, median?: number, messages?: number, dictionaryBytes?: number, rawMean?: number, gzipMean?: number }} CompressedFigure
 */

/**
 * One codec over the corpus: its verdict (record: the corpus record that made it), and its figures when it could
 * be measured.
 * @typedef {object} CorpusSizeRow
 * @property {string} format
 * @property {string} status
 * @property {{ path: string, expected: unknown, actual: unknown } | null} [diff]
 * @property {string[]} [normalised]
 * @property {string | null} [reason]
 * @property {number | null} [record]
 * @property {{ median: number, p90: number, max: number, mean: number, total: number }} [perMessage]
 * @property {number} [ofJson] the stream total as a share of JSON's
 * @property {Partial<Record<CompressionMethod, CompressedFigure>>} [compressed]
 */

/**
 * What measureCorpusSizes found over a payload's corpus (results.payloads[].corpusSizes).
 * @typedef {object} CorpusSizes
 * @property {{ messages: number, json: { median: number, p90: number, total: number },
 *   sample: { messages: number, of: number, seed: number | null },
 *   training: { messages: number, measuredOn: number, dictionaryBytes: number },
 *   stream: { messages: number },
 *   levels: { gzipLevel: number, brotliQuality: number, zstdLevel: number },
 *   unavailable?: Record<string, string | true> }} corpus what was measured, how, and each method this runtime lacks with its reason
 * @property {CorpusSizeRow[]} codecs
 */

/** @typedef {keyof typeof METHOD_TITLES} CompressionMethod */

/** Column titles of the compression table, by method of lib/measure/sizes.js, in table order. */
export const METHOD_TITLES = {
  httpGzip: 'gzip', httpBrotli: 'brotli', httpZstd: 'zstd',
  deflateDictionary: 'deflate + dict', zstdDictionary: 'zstd + dict',
  deflateStream: 'deflate stream', zstdStream: 'zstd stream',
};

/**
 * The verdict over the corpus, naming the record that made it.
 * @param {CorpusSizeRow} row
 */
export function corpusVerdict(row) {
  return describeVerdict({ status: row.status, diff: row.diff, normalised: row.normalised ?? [], reason: row.reason, record: row.record });
}

/**
 * Bytes per message: one decimal below 100 (where a byte is a large share), whole numbers above.
 * @param {number | null | undefined} n
 */
export const bytesCell = (n) => (n == null ? '—' : n < 100 ? fixed(n, 1) : int(n));

/** @param {number | undefined} ofJson */
const ratioWords = (ofJson) => (ofJson == null ? '—' : Math.abs(ofJson - 1) < 0.0005 ? 'same size' : ofJson < 1 ? `${pct(1 - ofJson)} smaller` : `${pct(ofJson - 1)} larger`);

/**
 * Bytes per message over every message of the corpus, per codec (of a corpus of one message: its bytes alone).
 * @param {Pick<CorpusSizes, 'codecs'> & { corpus?: Pick<CorpusSizes['corpus'], 'messages'> }} result what measureCorpusSizes returns
 */
export function corpusSizeRows(result) {
  // one message: its bytes are the median, p90, max, mean and total alike, so only the bytes are shown
  if (result.corpus?.messages === 1) {
    return tableModel(columnsOf(['format', 'bytes', '% of JSON', 'vs JSON', 'round trip'], ['format', 'round trip']), result.codecs.map((c) => ({
      status: c.status,
      cells: c.perMessage ? [c.format, int(c.perMessage.total), pct(c.ofJson), ratioWords(c.ofJson), corpusVerdict(c)] : [c.format, '—', '—', '—', corpusVerdict(c)],
    })));
  }
  const titles = ['format', 'bytes/msg (median)', '% of JSON', 'vs JSON', 'p90', 'max', 'mean', 'stream total', 'round trip'];
  return tableModel(columnsOf(titles, ['format', 'round trip']), result.codecs.map((c) => ({
    status: c.status,
    cells: c.perMessage
      ? [c.format, int(c.perMessage.median), pct(c.ofJson), ratioWords(c.ofJson), int(c.perMessage.p90), int(c.perMessage.max), bytesCell(c.perMessage.mean), int(c.perMessage.total), corpusVerdict(c)]
      : [c.format, '—', '—', '—', '—', '—', '—', '—', corpusVerdict(c)],
  })));
}

/**
 * Mean compressed bytes per message, per codec and method; n/a where a method is missing (the notes say why).
 * @param {Pick<CorpusSizes, 'codecs'>} result
 */
export function compressionRows(result) {
  // METHOD_TITLES' own keys, which Object.keys types as string
  const methods = /** @type {CompressionMethod[]} */ (Object.keys(METHOD_TITLES));
  const titles = ['format', ...methods.map((m) => METHOD_TITLES[m])];
  return tableModel(columnsOf(titles, ['format']), result.codecs.map((c) => ({
    status: c.status,
    cells: [c.format, ...methods.map((m) => {
      const figure = c.compressed?.[m];
      if (!figure) return '—';
      return figure.unavailable ? 'n/a' : bytesCell(figure.mean);
    })],
  })));
}

/**
 * What the figures are: which messages, levels, the dictionary's size, and why a column is n/a.
 * @param {CorpusSizes} result
 * @returns {string[]}
 */
export function corpusNotes({ corpus, codecs }) {
  const { sample, training, stream, levels, messages } = corpus;
  const dictionaries = [...new Set(codecs.map((c) => c.compressed?.deflateDictionary?.dictionaryBytes).filter((x) => x != null))];
  const one = messages === 1;
  const sampled = one ? 'the one message' : sample.messages < sample.of
    ? `a seeded sample of ${int(sample.messages)} of the ${int(sample.of)} messages (seed ${sample.seed})` : `all ${int(sample.of)} messages`;
  const trained = training.messages > 0 && training.measuredOn > 0 && dictionaries.length > 0;
  const notes = [
    one ? `Bytes of the one message (JSON: ${int(corpus.json.total)}): no corpus, so no median, p90 or spread over messages.`
      : `Bytes per message over all ${int(messages)} messages (JSON: median ${int(corpus.json.median)}, p90 ${int(corpus.json.p90)}, total ${int(corpus.json.total)}); % of JSON compares stream totals.`,
    `Compressed: mean bytes per message, each message alone as an HTTP body gets it (gzip level ${levels.gzipLevel}, brotli quality ${levels.brotliQuality}, zstd level ${levels.zstdLevel}) over ${sampled}; `
      + (trained
        ? `+ dict: raw deflate / zstd with a preset dictionary of ${dictionaries.map(int).join(' or ')} bytes (each format's own, up to ${int(training.dictionaryBytes)} bytes of its first ${messagesWord(training.messages)}), measured on the ${messagesWord(training.measuredOn, 'sampled')} it did not see, and sent once per connection or deployment; `
        : `+ dict: n/a, ${one ? 'one message cannot both train a dictionary and be measured with it' : 'no message left to measure a dictionary on'}; `)
      + (one ? 'stream: the one message through a fresh compressor, so no context to gain from.'
        : `stream: one compressor across the first ${messagesWord(stream.messages)} in order, flushed after each (permessage-deflate with context takeover; zstd flushed per message).`),
  ];
  for (const [what, reason] of Object.entries(corpus.unavailable ?? {})) notes.push(`${what === 'zstd' ? 'zstd, zstd stream' : 'zstd + dict'}: n/a, ${reason}.`);
  return notes;
}

/**
 * One sentence: JSON with a dictionary against protobuf, raw and with its own dictionary.
 * The pair is the default comparison pair (TRANSMISSION_FORMATS: the JSON baseline and protobuf);
 * null when either is not measured or no dictionary could be.
 * @param {{ payload: { id: string }, codecs: CorpusSizeRow[] }} result
 * @returns {string | null}
 */
export function dictionarySentence({ payload, codecs }) {
  const [jsonName, protoName] = TRANSMISSION_FORMATS;
  const json = codecs.find((c) => c.format === jsonName && c.compressed);
  const proto = codecs.find((c) => c.format === protoName && c.compressed);
  if (!json?.compressed || !proto?.compressed || !proto.perMessage) return null;
  const jd = json.compressed.deflateDictionary;
  const pd = proto.compressed.deflateDictionary;
  const gzip = json.compressed.httpGzip;
  if (!jd || !pd || !gzip || jd.unavailable != null || pd.unavailable != null || gzip.unavailable != null) return null;
  // no multiple of 0 bytes (a protobuf message of defaults is empty): larger or smaller, without an Infinity×
  /** @type {(a: number, b: number) => string} */
  const times = (a, b) => (a === b ? 'the same as' : a === 0 || b === 0 ? `${a < b ? 'smaller' : 'larger'} than`
    : a < b ? `${fixed(b / a, 2)}× smaller than` : `${fixed(a / b, 2)}× larger than`);
  const zj = json.compressed.zstdDictionary;
  const zstd = zj && !zj.unavailable ? ` (with zstd and the same dictionary: ${bytesCell(zj.mean)} B)` : '';
  // every figure over the messages the dictionaries were measured on (those outside the training slice); results
  // written before the figures carried those messages' raw and gzip'd bytes compare with the whole corpus's and say so
  const same = pd.rawMean != null && jd.gzipMean != null;
  const protoRaw = pd.rawMean ?? proto.perMessage.mean;
  const jsonGzip = jd.gzipMean ?? gzip.mean;
  return `${payload.id}: over the ${messagesWord(jd.messages ?? 0)} outside the training slice, JSON with a ${int(jd.dictionaryBytes)}-byte deflate dictionary takes ${bytesCell(jd.mean)} B per message${zstd}, `
    + `${times(jd.mean, protoRaw)} ${protoName}'s ${bytesCell(protoRaw)} B raw${same ? '' : ' (over every message)'} `
    + `and ${times(jd.mean, pd.mean)} its ${bytesCell(pd.mean)} B with a dictionary of its own (${int(pd.dictionaryBytes)} bytes); `
    + `gzip alone leaves JSON at ${bytesCell(jsonGzip)} B${same ? '' : ' (over the sample)'}.`;
}

/**
 * "1 message", "1,000 messages", "30 sampled messages".
 * @param {number} n
 * @param {string} [adjective]
 */
export const messagesWord = (n, adjective) => `${int(n)}${adjective ? ` ${adjective}` : ''} message${n === 1 ? '' : 's'}`;

/**
 * Everything the corpus pass prints for one payload, in Markdown.
 * @param {CorpusSizes & { payload: { id: string } }} result what measureCorpusSizes returns
 */
export function corpusSizeReport(result) {
  const sentence = dictionarySentence(result);
  return [
    result.corpus.messages === 1 ? 'Bytes of the one message (no corpus):' : `Bytes per message over the corpus of ${messagesWord(result.corpus.messages)}:`,
    '', toMarkdown(corpusSizeRows(result)), '',
    'Compressed bytes per message (mean):', '', toMarkdown(compressionRows(result)), '',
    ...corpusNotes(result).map((n) => `- ${n}`),
    ...(sentence ? ['', sentence] : []),
  ].join('\n');
}
