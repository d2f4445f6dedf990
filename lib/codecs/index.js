import { UserError, namedTwice } from '../errors.js';
import { BASELINE } from './baseline.js';
import { libraryVersion } from './library-version.js';

// One line per codec file in this folder; this order is the order of every table.
const FILES = [
  'protobufjs-static',
  'protobufjs-dynamic',
  'json',
  'json-buffer',
  'protobuf-es',
  'protobuf-es-json',
  'protobuf-ts',
  'pbf',
  'fast-json-stringify',
  'msgpackr',
  'msgpackr-records',
  'msgpack',
  'cbor-x',
  'cbor-x-records',
  'avsc',
  'bson',
  'xml',
  'yaml',
  'toml',
  'php-serialize',
  'flatbuffers',
  'google-protobuf',
  'igbinary',
];

/**
 * The codecs measured when --formats is not given, in registry order: the
 * classic four, plus protobuf-es (the other protobuf library people choose:
 * library choice moves speed as much as the format does) and msgpackr (the
 * fastest binary format that needs no schema). README says why, with figures.
 */
export const DEFAULT_FORMATS = ['protobufjs-static', 'protobufjs-dynamic', 'json', 'json-buffer', 'protobuf-es', 'msgpackr'];

export { BASELINE, toBytes } from './baseline.js';
export { libraryVersion } from './library-version.js';
export { completeInstance, fairnessFlags, IDENTITY, isIdentity } from './native-form.js';

/**
 * The protobuf codec that stands for protobuf where one must: protobuf.js (npm protobufjs) has by far the most
 * weekly downloads of the JavaScript protobuf libraries, and its static code is how its users ship it. The
 * answer of a report names it beside the fastest protobuf codec of the run.
 */
export const REFERENCE_PROTOBUF = 'protobufjs-static';

/** Codecs of npm start's WebSocket pass unless --ws-formats says otherwise: the baseline JSON and protobuf. */
export const TRANSMISSION_FORMATS = [BASELINE, REFERENCE_PROTOBUF];

/** @type {Map<string, Promise<CodecInfo>>} */
const loaded = new Map();

/**
 * Imports one codec file, once. A codec that says it cannot run here (`unavailable`) is listed with the reason
 * instead; one whose import throws (a missing library, a bug) too, with the error as `loadError`.
 * @param {string} file a name in FILES (a codec's name is its file's)
 * @returns {Promise<CodecInfo>}
 */
function loadCodec(file) {
  let codec = loaded.get(file);
  if (!codec) {
    codec = (async () => {
      try {
        const { default: declared } = /** @type {{ default: Codec }} */ (await import(`./${file}.js`));
        const reason = typeof declared.unavailable === 'function' ? declared.unavailable() : declared.unavailable;
        return { ...declared, version: libraryVersion(declared.library), available: !reason, reason: reason || null };
      } catch (err) {
        // a crash is not a reason: it is kept apart (loadError) so that tests, and a default list, refuse it
        const loadError = err instanceof Error ? err : new Error(String(err));
        return {
          name: file, description: '—', library: null, version: null, kind: {}, normalise: [], decoded: '—', available: false,
          reason: `cannot load: ${loadError.message.split('\n')[0]}`, loadError,
          create() { throw loadError; },
        };
      }
    })();
    loaded.set(file, codec);
  }
  return codec;
}

/**
 * Imports every codec file (loadCodec), in registry order.
 * @returns {Promise<CodecInfo[]>}
 */
export async function loadCodecs() {
  return Promise.all(FILES.map(loadCodec));
}

/**
 * The codecs named by a --formats value (comma-separated; 'all' for every
 * available one), in registry order. Only the named codecs' files are imported:
 * a server or a client of two formats starts in a fraction of the time all
 * nineteen libraries take to load.
 * @param {string} [formats]
 * @param {string} [option] the option the value came from, which a refusal names (default --formats)
 */
export async function selectCodecs(formats, option = '--formats') {
  if (!formats) {
    const defaults = await Promise.all(FILES.filter((f) => DEFAULT_FORMATS.includes(f)).map(loadCodec));
    // the default list is what every run and report compares: a default codec that crashed on import is a bug, not
    // an absence to skip quietly
    const broken = defaults.find((c) => c.loadError);
    if (broken) throw new Error(`default codec ${broken.name} ${broken.reason}`, { cause: broken.loadError });
    return defaults.filter((c) => c.available);
  }
  if (formats === 'all') return (await loadCodecs()).filter((c) => c.available);
  const wanted = formats.split(',').map((s) => s.trim()).filter(Boolean);
  if (!wanted.length) throw new UserError(`${option}: no format named (known: ${FILES.join(', ')})`);
  // as --transports and --profiles: a format named twice is a mistake to say, not to run over quietly
  const twice = namedTwice(wanted);
  if (twice) throw new UserError(`${option} ${formats}: ${twice} named twice`);
  for (const name of wanted) {
    if (!FILES.includes(name)) throw new UserError(`${option}: unknown format "${name}" (known: ${FILES.join(', ')})`);
  }
  const chosen = await Promise.all(FILES.filter((f) => wanted.includes(f)).map(loadCodec));
  const unavailable = chosen.find((c) => !c.available);
  if (unavailable) throw new UserError(`${option}: ${unavailable.name} is unavailable here: ${unavailable.reason}`);
  return chosen;
}

/**
 * A codec file's default export: what it declares about itself, and create(), which builds it for one payload.
 * @typedef {object} Codec
 * @property {string} name the id users type in --formats
 * @property {string} description what it does to the data, in one line (--list shows it): the format, the library, and
 *   what sets it apart from its neighbours (json: strings; json-buffer: UTF-8 bytes, the baseline)
 * @property {string|null} library npm package ('node' for built-ins; null when there is none to measure, for a codec
 *   listed only so that its absence shows)
 * @property {string} [mediaType] what an HTTP Content-Type says of its bytes (application/json, application/x-protobuf,
 *   application/cbor, ...); none: application/octet-stream (text/plain for a textual one) on the HTTP transports
 * @property {{ schema?: boolean, binary?: boolean, codegen?: boolean }} kind
 * @property {string[]} normalise what 'equivalent' allows for it (see verify.js)
 * @property {string} decoded what decode() returns
 * @property {string | (() => string|null)} [unavailable] why it cannot run here (asked when the registry loads it)
 * @property {import('./codegen.js').Generator} [generator] how it generates code from a .proto, when it does
 * @property {{ create?: Codec['create'], unavailable?: string }} [browser] what differs in a browser page: a create()
 *   without Node's APIs, or why it cannot run there (see lib/runtimes/page/browser-runner.js)
 * @property {Record<string, { env?: Record<string, string>, flag?: string }>} [runtimes] per kind of runtime
 *   (bun, deno): environment it needs set before it loads, and the flag its rows then carry
 * @property {import('./native-form.js').CodecFlags} [flags] fairness flags the codec declares (see fairnessFlags)
 * @property {(ctx: CodecContext) => CreatedInstance} create builds the codec for one payload and schema; may throw
 *   Unsupported
 */

/**
 * What create() builds a codec for. `corpus` holds every message the codec will carry (value is corpus[0]; none:
 * the value alone): a schema or check it makes from the data must cover all of them.
 * @typedef {{ value: unknown, corpus?: unknown[], schema: import('../schema/index.js').Schema }} CodecContext
 */

/**
 * What a codec built from the schema alone reads of its CodecContext (the protobuf codecs).
 * @typedef {Partial<CodecContext> & Pick<CodecContext, 'schema'>} SchemaContext
 */

/**
 * What a codec built from the messages alone reads of its CodecContext (a schemaless format's checks, a schema it
 * infers).
 * @typedef {Partial<CodecContext> & Pick<CodecContext, 'value'>} DataContext
 */

/**
 * What create() returns: encode and decode at least; a conversion left out is the identity (completeInstance).
 * @typedef {Pick<import('./native-form.js').CodecInstance, 'encode' | 'decode'> & Partial<import('./native-form.js').CodecInstance>} CreatedInstance
 */

/**
 * A codec as the registry lists it: its file's declarations, the library's version, and whether it runs here.
 * @typedef {Codec & CodecState} CodecInfo
 */

/**
 * @typedef {object} CodecState
 * @property {string|null} version the library's, as installed
 * @property {boolean} available
 * @property {string|null} reason why not, when unavailable
 * @property {Error} [loadError] the error importing its file threw, when it crashed (a bug, never a declared absence)
 */
