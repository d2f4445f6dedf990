// The fairness flags of a row (lib/codecs/index.js, fairnessFlags) as one
// short cell, and the legend every table that shows them prints below it.

/** @type {[string, string, (f: import('../codecs/native-form.js').FairnessFlags) => boolean][]} */
const LETTERS = [
  ['U', 'schema written by the user (--proto FILE)', (f) => f.schema === 'user'],
  ['I', 'schema inferred from the JSON by the toolkit (the bundled payloads\' proto/testN.proto too)', (f) => f.schema === 'inferred'],
  ['G', 'code generated from the schema', (f) => f.codegen],
  ['N', 'native addon in use (detected at run time)', (f) => Boolean(f.nativeAddon)],
  ['X', 'stateful or non-standard extension (not readable by other decoders of the format)', (f) => Boolean(f.extension)],
  ['B', 'encode writes into a buffer kept between calls', (f) => f.bufferReused],
];

/**
 * A row's flags as letters ("U G", "N B"); '—' when it has none or none are known.
 * @param {import('../codecs/native-form.js').FairnessFlags | null | undefined} flags
 */
export function flagsCell(flags) {
  if (!flags) return '—';
  const on = LETTERS.filter(([, , test]) => test(flags)).map(([letter]) => letter);
  return on.length ? on.join(' ') : '—';
}

/** What the letters of flagsCell mean, in one line. */
export const FLAGS_LEGEND = `Flags: ${LETTERS.map(([l, text]) => `${l} ${text}`).join('; ')}; — none (schemaless, no addon, no extension, fresh buffer per call). --json (and the results.json of npm start and benchmark.js) holds them in full, with the addon and extension named.`;
