import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.js';
import { UserError } from '../errors.js';
import { BASELINE } from './baseline.js';

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
export { completeInstance, fairnessFlags, IDENTITY, isIdentity } from './native-form.js';

/** Codecs of npm start's WebSocket pass unless --ws-formats says otherwise: the baseline JSON and protobuf. */
export const TRANSMISSION_FORMATS = [BASELINE, 'protobufjs-static'];

let loaded;

/**
 * Imports every codec file. A codec that says it cannot run here
 * (`unavailable`) is listed with the reason instead; one whose import throws
 * (a missing library, a bug) too, with the error as `loadError`.
 * @returns {Promise<CodecInfo[]>}
 */
export async function loadCodecs() {
  loaded ??= Promise.all(FILES.map(async (file) => {
    try {
      const codec = (await import(`./${file}.js`)).default;
      const reason = typeof codec.unavailable === 'function' ? codec.unavailable() : codec.unavailable;
      return { ...codec, version: libraryVersion(codec.library), available: !reason, reason: reason || null };
    } catch (err) {
      // a crash is not a reason: it is kept apart (loadError) so that tests, and a default list, refuse it
      return { name: file, library: null, version: null, kind: {}, available: false, reason: `cannot load: ${err.message.split('\n')[0]}`, loadError: err };
    }
  }));
  return loaded;
}

/**
 * The codecs named by a --formats value (comma-separated; 'all' for every
 * available one), in registry order.
 * @param {string} [formats]
 */
export async function selectCodecs(formats) {
  const all = await loadCodecs();
  if (!formats) {
    const defaults = all.filter((c) => DEFAULT_FORMATS.includes(c.name));
    // the default list is what every run and report compares: a default codec that crashed on import is a bug, not
    // an absence to skip quietly
    const broken = defaults.find((c) => c.loadError);
    if (broken) throw new Error(`default codec ${broken.name} ${broken.reason}`, { cause: broken.loadError });
    return defaults.filter((c) => c.available);
  }
  if (formats === 'all') return all.filter((c) => c.available);
  const wanted = formats.split(',').map((s) => s.trim()).filter(Boolean);
  if (!wanted.length) throw new UserError(`--formats: no format named (known: ${all.map((c) => c.name).join(', ')})`);
  for (const name of wanted) {
    const codec = all.find((c) => c.name === name);
    if (!codec) throw new UserError(`--formats: unknown format "${name}" (known: ${all.map((c) => c.name).join(', ')})`);
    if (!codec.available) throw new UserError(`--formats: ${name} is unavailable here: ${codec.reason}`);
  }
  return all.filter((c) => wanted.includes(c.name));
}

/** Version of an npm package as installed, or Node's for built-ins. */
export function libraryVersion(name) {
  if (!name) return null;
  if (name === 'node') return process.versions.node;
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/**
 * @typedef {object} CodecInfo
 * @property {string} name the id users type in --formats
 * @property {string} library npm package ('node' for built-ins)
 * @property {string|null} version
 * @property {{ schema?: boolean, binary?: boolean, codegen?: boolean }} kind
 * @property {string[]} normalise what 'equivalent' allows for it (see verify.js)
 * @property {string} decoded what decode() returns
 * @property {boolean} available
 * @property {string|null} reason why not, when unavailable
 * @property {Error} [loadError] the error importing its file threw, when it crashed (a bug, never a declared absence)
 * @property {import('./codegen.js').Generator} [generator] how it generates code from a .proto, when it does
 * @property {{ create?: Function, unavailable?: string }} [browser] what differs in a browser page: a create()
 *   without Node's APIs, or why it cannot run there (see lib/runtimes/browser-runner.js)
 * @property {Record<string, { env?: Record<string, string>, flag?: string }>} [runtimes] per kind of runtime
 *   (bun, deno): environment it needs set before it loads, and the flag its rows then carry
 * @property {import('./native-form.js').CodecFlags} [flags] fairness flags the codec declares (see fairnessFlags)
 * @property {(ctx: { value: any, corpus?: unknown[], schema: import('../schema/index.js').Schema }) => Partial<import('./native-form.js').CodecInstance>} create
 *   builds the codec for one payload and schema; may throw Unsupported. `corpus` holds every message the codec will
 *   carry (value is corpus[0]; none: the value alone): a schema or check it makes from the data must cover all of them
 */

