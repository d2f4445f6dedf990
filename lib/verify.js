import { completeInstance, fairnessFlags } from './codecs/native-form.js';
import { Unsupported } from './errors.js';
import { childPath, setKey } from './json.js';

/**
 * Normalisations a codec may declare. Each turns a JSON value into the form
 * in which the codec's known, documented difference no longer shows.
 */
export const NORMALISATIONS = {
  /** null and an absent key are the same (proto3, for one, cannot tell them apart) */
  'null-as-absent': (v) => v === null,
  /** [] and {} and an absent key are the same (repeated and map fields have no presence) */
  'empty-as-absent': (v) => v !== null && typeof v === 'object'
    && (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0),
  /** 0, "" and false and an absent key are the same (proto3 fields without presence decode a missing key as its default) */
  'default-as-absent': (v) => v === 0 || v === '' || v === false,
};

function normalise(value, drops) {
  if (Array.isArray(value)) return value.map((v) => normalise(v, drops));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    const n = normalise(v, drops);
    if (!drops.some((drop) => drop(n))) setKey(out, k, n);
  }
  return out;
}

/**
 * The first place where two JSON values differ, or null when they are the
 * same value. Objects compare as unordered sets of keys, as RFC 8259 defines
 * JSON objects; arrays, types and numbers compare exactly.
 * @returns {{ path: string, expected: any, actual: any } | null}
 */
export function firstDifference(expected, actual, path = '$') {
  if (Object.is(expected, actual)) return null; // -0 is not 0: JSON.stringify(-0) gives 0
  const te = kindOf(expected);
  if (te !== kindOf(actual)) return { path, expected, actual };
  if (te === 'array') {
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      if (i >= expected.length || i >= actual.length) {
        return { path: childPath(path, i), expected: expected[i], actual: actual[i] };
      }
      const d = firstDifference(expected[i], actual[i], childPath(path, i));
      if (d) return d;
    }
    return null;
  }
  if (te === 'object') {
    for (const k of Object.keys(expected)) {
      if (!Object.hasOwn(actual, k)) return { path: childPath(path, k), expected: expected[k], actual: undefined };
      const d = firstDifference(expected[k], actual[k], childPath(path, k));
      if (d) return d;
    }
    for (const k of Object.keys(actual)) {
      if (!Object.hasOwn(expected, k)) return { path: childPath(path, k), expected: undefined, actual: actual[k] };
    }
    return null;
  }
  return { path, expected, actual };
}

function kindOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Uint8Array) return 'bytes';
  return typeof v;
}

/**
 * Round-trips a value through a codec and says how faithfully it came back:
 * the plain value is turned into the codec's native form, encoded, decoded,
 * and the decoded native form turned back into a plain object, which is
 * compared with the value. Nothing here is timed.
 * @param {Partial<import('./codecs/native-form.js').CodecInstance>} instance what the codec's create() returned
 * @param {any} value the plain JSON value
 * @param {string[]} [allowed] names from NORMALISATIONS the codec declares
 * @param {any} [native] the value's native form, when already built
 * @returns {{ status: 'exact'|'equivalent'|'lossy', diff: object|null, normalised: string[] }}
 */
export function verifyRoundTrip(instance, value, allowed = [], native = undefined) {
  const { fromPlain, toPlain, encode, decode } = completeInstance(instance);
  const decoded = toPlain(decode(encode(native === undefined ? fromPlain(value) : native)));
  return compareWithPayload(value, decoded, allowed);
}

/**
 * How faithfully a plain object matches the payload it came from: exact,
 * equivalent under the normalisations a codec declares, or lossy with the
 * first difference the normalisations do not explain.
 * @param {any} value the payload
 * @param {any} decoded the plain object that came back
 * @param {string[]} [allowed] names from NORMALISATIONS
 * @returns {{ status: 'exact'|'equivalent'|'lossy', diff: object|null, normalised: string[] }}
 */
export function compareWithPayload(value, decoded, allowed = []) {
  const diff = firstDifference(value, decoded);
  if (!diff) return { status: 'exact', diff: null, normalised: [] };
  const differenceUnder = (names) => {
    const drops = names.map((name) => NORMALISATIONS[name]);
    return firstDifference(normalise(value, drops), normalise(decoded, drops));
  };
  const equalUnder = (names) => !differenceUnder(names);
  // a lossy verdict names the first difference the codec's normalisations do not explain
  if (!allowed.length) return { status: 'lossy', diff, normalised: [] };
  const real = differenceUnder(allowed);
  if (real) return { status: 'lossy', diff: real, normalised: [] };
  // report only the normalisations this payload needed
  let needed = [...allowed];
  for (const name of allowed) {
    const without = needed.filter((n) => n !== name);
    if (equalUnder(without)) needed = without;
  }
  return { status: 'equivalent', diff, normalised: needed };
}

/**
 * Builds each codec for a payload and verifies its round trip before anything
 * is timed, and builds the payload's native form once (what the encode
 * benchmark encodes). A codec that cannot carry the payload is `unsupported`,
 * one that throws is `failed`; neither is measured. A lossy one is measured
 * and marked. Every prepared codec carries its fairness flags.
 * @param {import('./codecs/index.js').CodecInfo[]} codecs
 * @param {{ value: any, schema: import('./schema/index.js').Schema, schemaSource?: string }} payload
 * @returns {Prepared[]}
 */
export function prepareCodecs(codecs, payload) {
  return codecs.map((codec) => {
    const flags = fairnessFlags(codec, payload);
    const refused = (status, reason) => ({ codec, flags, instance: null, native: undefined, status, reason });
    let instance;
    try {
      instance = completeInstance(codec.create({ value: payload.value, schema: payload.schema }));
    } catch (err) {
      if (err instanceof Unsupported) return refused('unsupported', err.message);
      return refused('failed', `create: ${err.message}`);
    }
    try {
      const native = instance.fromPlain(payload.value);
      const verdict = verifyRoundTrip(instance, payload.value, codec.normalise || [], native);
      return { codec, flags, instance, native, ...verdict, reason: null };
    } catch (err) {
      if (err instanceof Unsupported) return refused('unsupported', err.message);
      return refused('failed', `round trip: ${err.message}`);
    }
  });
}

/** True when a prepared codec can be measured. */
export const measurable = (p) => p.instance !== null;

/** One-line description of a verdict, for tables and notes. */
export function describeVerdict(p) {
  if (p.status === 'exact') return 'exact';
  if (p.status === 'equivalent') return `equivalent (${p.normalised.join(', ')})`;
  if (p.status === 'lossy') {
    return `LOSSY at ${p.diff.path}: ${show(p.diff.expected)} → ${show(p.diff.actual)}`;
  }
  return `${p.status}: ${p.reason}`;
}

function show(v) {
  if (v === undefined) return '(absent)';
  if (Object.is(v, -0)) return '-0';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/**
 * @typedef {object} Prepared
 * @property {import('./codecs/index.js').CodecInfo} codec
 * @property {import('./codecs/native-form.js').CodecInstance | null} instance
 * @property {any} native the payload in the codec's native form, built once (undefined when not measurable)
 * @property {import('./codecs/native-form.js').FairnessFlags} [flags]
 * @property {'exact'|'equivalent'|'lossy'|'unsupported'|'failed'} status
 * @property {{ path: string, expected: any, actual: any } | null} [diff]
 * @property {string[]} [normalised]
 * @property {string|null} reason
 */

/** A codec's identity and round-trip verdict as every result carries it. */
export function describeCodec(p) {
  return {
    format: p.codec.name,
    library: p.codec.library,
    version: p.codec.version,
    status: p.status,
    diff: p.diff ?? null,
    normalised: p.normalised ?? [],
    reason: p.reason ?? null,
    flags: p.flags ?? null,
  };
}
