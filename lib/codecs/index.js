import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.js';
import { UserError } from '../errors.js';

// One line per codec file in this folder; this order is the order of every table.
const FILES = [
  'protobufjs-static',
  'protobufjs-dynamic',
  'json',
  'json-buffer',
  'protobuf-es',
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

/** The baseline every speed and size is compared with. */
export const BASELINE = 'json-buffer';

/** Codecs of npm start's WebSocket pass unless --ws-formats says otherwise: the baseline JSON and protobuf. */
export const TRANSMISSION_FORMATS = [BASELINE, 'protobufjs-static'];

let loaded;

/**
 * Imports every codec file. A codec whose library is missing, or that says
 * it cannot run here (`unavailable`), is listed with the reason instead.
 * @returns {Promise<CodecInfo[]>}
 */
export async function loadCodecs() {
  loaded ??= Promise.all(FILES.map(async (file) => {
    try {
      const codec = (await import(`./${file}.js`)).default;
      const reason = typeof codec.unavailable === 'function' ? codec.unavailable() : codec.unavailable;
      return { ...codec, version: libraryVersion(codec.library), available: !reason, reason: reason || null };
    } catch (err) {
      return { name: file, library: null, version: null, kind: {}, available: false, reason: `cannot load: ${err.message.split('\n')[0]}` };
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
  if (!formats) return all.filter((c) => DEFAULT_FORMATS.includes(c.name) && c.available);
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
 * The conversion of a codec whose native form is the plain JSON-shaped object
 * itself (JSON, the schemaless codecs): nothing to convert, nothing to time.
 * A codec's create() may leave fromPlain or toPlain out to mean this.
 * @template T
 * @param {T} value
 * @returns {T}
 */
export const IDENTITY = (value) => value;

/**
 * A codec instance with both conversions present: a missing one is IDENTITY.
 * @param {Partial<CodecInstance>} instance what create() returned (encode and decode at least)
 * @returns {CodecInstance}
 */
export function completeInstance(instance) {
  return /** @type {CodecInstance} */ ({ fromPlain: IDENTITY, toPlain: IDENTITY, ...instance });
}

/** True when a conversion of an instance is the identity (the native form is the plain object). */
export const isIdentity = (conversion) => conversion === IDENTITY;

/**
 * The fairness flags of a codec on one payload, declared by the codec file
 * (`flags`) or detected now: where its schema came from, whether it runs
 * generated code, whether a native addon is loaded, which stateful or
 * non-standard extension it uses, whether it writes into a buffer it keeps
 * between calls.
 * @param {CodecInfo} codec
 * @param {{ schemaSource?: string }} payload
 * @returns {FairnessFlags}
 */
export function fairnessFlags(codec, payload) {
  const declared = codec.flags ?? {};
  const from = declared.schema ?? (codec.kind?.schema ? 'payload' : 'none');
  const schema = from === 'payload' ? (payload.schemaSource === 'inferred' ? 'inferred' : 'user') : from;
  const addon = typeof declared.nativeAddon === 'function' ? declared.nativeAddon() : declared.nativeAddon;
  return {
    schema,
    codegen: Boolean(codec.kind?.codegen),
    nativeAddon: addon || null,
    extension: declared.extension ?? null,
    bufferReused: Boolean(declared.bufferReused),
  };
}

/** Wire bytes of an encoded value: strings count as their UTF-8 bytes. */
export function toBytes(encoded) {
  return typeof encoded === 'string' ? Buffer.from(encoded, 'utf8') : encoded;
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
 * @property {import('./codegen.js').Generator} [generator] how it generates code from a .proto, when it does
 * @property {CodecFlags} [flags] fairness flags the codec declares (see fairnessFlags)
 * @property {(ctx: { value: any, schema: import('../schema/index.js').Schema }) => Partial<CodecInstance>} create
 *   builds the codec for one payload and schema; may throw Unsupported
 */

/**
 * A codec built for one payload. The native form is what the library's users
 * hold in memory: what encode takes and decode gives.
 * @typedef {object} CodecInstance
 * @property {(plain: any) => any} fromPlain the plain JSON-shaped object → the native form (IDENTITY when they are the same)
 * @property {(native: any) => any} toPlain the native form → the plain JSON-shaped object (IDENTITY when they are the same)
 * @property {(native: any) => Uint8Array|string} encode the native form → bytes (or text, for text codecs)
 * @property {(encoded: any) => any} decode bytes (or text) → the native form
 */

/**
 * What a codec file may declare about itself, for the fairness flags.
 * @typedef {object} CodecFlags
 * @property {'payload'|'inferred'|'none'} [schema] 'payload': the payload's schema (user's .proto, or inferred when
 *   there is none); 'inferred': the codec infers its own from the value; 'none': schemaless. Default: from kind.schema.
 * @property {string | (() => string|null)} [nativeAddon] the native addon in use, detected when a function
 * @property {string} [extension] a stateful or non-standard extension in use (off by default, so only variants name one)
 * @property {boolean} [bufferReused] encode writes into a buffer the library keeps between calls
 */

/**
 * The fairness flags of a row, as results.json records them.
 * @typedef {object} FairnessFlags
 * @property {'user'|'inferred'|'none'} schema where the schema came from
 * @property {boolean} codegen code generated from the schema
 * @property {string|null} nativeAddon the native addon in use, or null
 * @property {string|null} extension a stateful or non-standard extension in use, or null
 * @property {boolean} bufferReused encode writes into a buffer kept between calls
 */
