import { completeInstance, fairnessFlags } from './codecs/native-form.js';
import { Unsupported, errorMessage, recordName, printable } from './errors.js';
import { childPath, setKey } from './json.js';
import { PROTO_JSON_RULES, canonicalMessage } from './schema/proto-json.js';

/**
 * A codec that carries the payload's .proto declares this: 'equivalent' then means "the same message under the
 * proto3 JSON mapping" (lib/schema/proto-json.js), and the verdict names the mapping's rules it needed.
 */
export const PROTO3_JSON = 'proto3-json';

/**
 * Normalisations a codec may declare. Each turns a JSON value into the form
 * in which the codec's known, documented difference no longer shows.
 */
export const NORMALISATIONS = {
  /** null and an absent key are the same (proto3, for one, cannot tell them apart) */
  'null-as-absent': (/** @type {unknown} */ v) => v === null,
  /** [] and {} and an absent key are the same (repeated and map fields have no presence) */
  'empty-as-absent': (/** @type {unknown} */ v) => v !== null && typeof v === 'object'
    && (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0),
  /** 0, "" and false and an absent key are the same (proto3 fields without presence decode a missing key as its default); -0 is not 0 */
  'default-as-absent': (/** @type {unknown} */ v) => Object.is(v, 0) || v === '' || v === false,
};

/**
 * @param {string} name
 * @returns {name is keyof typeof NORMALISATIONS}
 */
const isNormalisation = (name) => Object.hasOwn(NORMALISATIONS, name);

/**
 * The test a normalisation's name stands for; a name NORMALISATIONS does not hold is a codec's declaration error.
 * @param {string} name
 * @returns {(v: unknown) => boolean}
 */
function normalisation(name) {
  if (!isNormalisation(name)) throw new Error(`unknown normalisation "${name}" (known: ${Object.keys(NORMALISATIONS).join(', ')}, ${PROTO3_JSON})`);
  return NORMALISATIONS[name];
}

/**
 * A JSON value with every key whose (normalised) value one of `drops` matches left out, at every depth.
 * @param {unknown} value
 * @param {((v: unknown) => boolean)[]} drops
 * @returns {unknown}
 */
function normalise(value, drops) {
  if (Array.isArray(value)) return value.map((v) => normalise(v, drops));
  if (value === null || typeof value !== 'object') return value;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    const n = normalise(v, drops);
    if (!drops.some((drop) => drop(n))) setKey(out, k, n);
  }
  return out;
}

/**
 * @typedef {{ path: string, expected: unknown, actual: unknown }} Difference
 * where two values differ: its JSON path, and the value on each side (undefined where the key is absent)
 */

/**
 * The first place where two JSON values differ, or null when they are the
 * same value. Objects compare as unordered sets of keys, as RFC 8259 defines
 * JSON objects; arrays, types and numbers compare exactly. A key that holds
 * undefined is an absent key: JSON has no undefined (JSON.stringify leaves the
 * key out), and a decoder that fills every field in first (pbf's readX gives
 * an unset message or bytes field as undefined) has not set it.
 * @param {unknown} expected
 * @param {unknown} actual
 * @param {string} [path] the path of the two values
 * @returns {Difference | null}
 */
export function firstDifference(expected, actual, path = '$') {
  const found = differenceAt(expected, actual, path, []);
  return found && { path: found.path, expected: found.expected, actual: found.actual };
}

/**
 * firstDifference, with the keys that lead to the difference (to find the values as written). The path is built
 * only once a difference is found: a corpus pass compares thousands of messages that are equal, and spelling the
 * path of every value it walks cost more than the walk.
 * @param {unknown} expected
 * @param {unknown} actual
 * @param {string} path
 * @param {Key[]} keys the keys that lead to the two values
 * @returns {(Difference & { keys: Key[] }) | null}
 */
function differenceAt(expected, actual, path, keys) {
  const found = findDifference(expected, actual);
  if (!found) return null;
  const inner = found.keys.reverse();
  let at = path;
  for (const key of inner) at = childPath(at, key);
  return { path: at, expected: found.expected, actual: found.actual, keys: [...keys, ...inner] };
}

/** @typedef {string | number} Key an object's key or an array's index */

/**
 * The first difference, its keys innermost first (each level pushes its own key on the way out).
 * @param {unknown} expected
 * @param {unknown} actual
 * @returns {{ expected: unknown, actual: unknown, keys: Key[] } | null}
 */
function findDifference(expected, actual) {
  if (Object.is(expected, actual)) return null; // -0 is not 0: JSON.stringify(-0) gives 0
  const te = kindOf(expected);
  if (te !== kindOf(actual)) return { expected, actual, keys: [] };
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      if (i >= expected.length || i >= actual.length) {
        // an element that is not there reads as undefined, so an undefined one beyond the other's end is shown
        // with the arrays it is in (which differ in length), not as "(absent)" on both sides
        if ((i < expected.length ? expected[i] : actual[i]) === undefined) return { expected, actual, keys: [] };
        return { expected: expected[i], actual: actual[i], keys: [i] };
      }
      const d = findDifference(expected[i], actual[i]);
      if (d) {
        d.keys.push(i);
        return d;
      }
    }
    return null;
  }
  if (te === 'object' && isObject(expected) && isObject(actual)) {
    for (const k of Object.keys(expected)) {
      if (expected[k] === undefined) continue; // absent (the loop over actual's keys finds one actual has)
      if (!isSet(actual, k)) return { expected: expected[k], actual: undefined, keys: [k] };
      const d = findDifference(expected[k], actual[k]);
      if (d) {
        d.keys.push(k);
        return d;
      }
    }
    for (const k of Object.keys(actual)) {
      if (!isSet(expected, k) && actual[k] !== undefined) return { expected: undefined, actual: actual[k], keys: [k] };
    }
    return null;
  }
  return { expected, actual, keys: [] };
}

/**
 * An object (arrays included) read by key.
 * @param {unknown} v
 * @returns {v is Record<Key, unknown>}
 */
const isObject = (v) => v !== null && typeof v === 'object';

/**
 * True when an object has a key of its own that holds a value (not undefined, which JSON does not have).
 * @param {Record<Key, unknown>} object
 * @param {Key} key
 */
const isSet = (object, key) => Object.hasOwn(object, key) && object[key] !== undefined;

/**
 * The value at a key path, or `fallback` when the path is not there as written.
 * @param {unknown} value
 * @param {Key[]} keys
 * @param {unknown} fallback
 */
function valueAt(value, keys, fallback) {
  let v = value;
  for (const k of keys) {
    if (!isObject(v) || !Object.hasOwn(v, k)) return fallback;
    v = v[k];
  }
  return v;
}

/** @param {unknown} v */
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
 * @param {unknown} value the plain JSON value
 * @param {string[]} [allowed] names from NORMALISATIONS the codec declares, or 'proto3-json'
 * @param {unknown} [native] the value's native form, when already built
 * @param {import('protobufjs').Type | null} [type] the payload's message type, for 'proto3-json'
 * @returns {Verdict}
 */
export function verifyRoundTrip(instance, value, allowed = [], native = undefined, type = null) {
  const { fromPlain, toPlain, encode, decode } = completeInstance(instance);
  const decoded = toPlain(decode(encode(native === undefined ? fromPlain(value) : native)));
  return compareWithPayload(value, decoded, allowed, type);
}

/**
 * The normalisations a codec's declaration stands for: 'proto3-json' is every rule of the proto3 JSON mapping
 * when the schema is known, and the schema-blind null/empty/default-as-absent when it is not.
 * @param {string[]} allowed
 * @param {import('protobufjs').Type | null} type
 */
function expand(allowed, type) {
  if (!allowed.includes(PROTO3_JSON)) return allowed;
  const rest = allowed.filter((n) => n !== PROTO3_JSON);
  const rules = type ? PROTO_JSON_RULES : ['null-as-absent', 'empty-as-absent', 'default-as-absent'];
  return [...new Set([...rules, ...rest])];
}

/**
 * How faithfully a plain object matches the payload it came from: exact,
 * equivalent under the normalisations a codec declares, or lossy with the
 * first difference the normalisations do not explain. With a message type and
 * 'proto3-json' declared, both sides are read as the proto3 JSON mapping reads
 * them (lib/schema/proto-json.js) before they are compared.
 * @param {unknown} value the payload
 * @param {unknown} decoded the plain object that came back
 * @param {string[]} [allowed] names from NORMALISATIONS, or 'proto3-json'
 * @param {import('protobufjs').Type | null} [type] the payload's message type
 * @returns {Verdict}
 */
export function compareWithPayload(value, decoded, allowed = [], type = null) {
  const diff = firstDifference(value, decoded);
  if (!diff) return { status: 'exact', diff: null, normalised: [] };
  const names = expand(allowed, type);
  const schemaType = allowed.includes(PROTO3_JSON) ? type : null; // read under the proto3 JSON mapping
  /** @type {(v: unknown, using: string[]) => unknown} */
  const read = (v, using) => {
    if (!schemaType) return normalise(v, using.map(normalisation));
    const rules = new Set(using.filter((n) => PROTO_JSON_RULES.includes(n)));
    const generic = using.filter((n) => !PROTO_JSON_RULES.includes(n)).map(normalisation);
    const canonical = canonicalMessage(schemaType, v, rules);
    return generic.length ? normalise(canonical, generic) : canonical;
  };
  /** @param {string[]} using */
  const differenceUnder = (using) => differenceAt(read(value, using), read(decoded, using), '$', []);
  /** @param {string[]} using */
  const equalUnder = (using) => !differenceUnder(using);
  // a lossy verdict names the first difference the codec's normalisations do not explain
  if (!names.length) return { status: 'lossy', diff, normalised: [] };
  const real = differenceUnder(names);
  if (real) {
    // shown as written on each side where the path is there as written ("0", not its canonical "0" string)
    const shown = real.expected === undefined ? undefined : valueAt(value, real.keys, real.expected);
    const back = real.actual === undefined ? undefined : valueAt(decoded, real.keys, real.actual);
    return { status: 'lossy', diff: { path: real.path, expected: shown, actual: back }, normalised: [] };
  }
  // report only the normalisations this payload needed
  let needed = [...names];
  for (const name of names) {
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
 * A codec is built for the whole corpus (`create` gets every message, so a
 * schema it infers covers them all); the round trip verified here is the first
 * message's, and each pass verifies the further messages it uses (corpusVerdict).
 * @param {import('./codecs/index.js').CodecInfo[]} codecs
 * @param {{ value: unknown, corpus?: unknown[], schema: import('./schema/index.js').Schema, schemaSource?: string }} payload
 * @returns {Prepared[]}
 */
export function prepareCodecs(codecs, payload) {
  const corpus = payload.corpus ?? [payload.value];
  return codecs.map((codec) => {
    const flags = fairnessFlags(codec, payload);
    /** @type {(status: 'unsupported'|'failed', reason: string) => Prepared} */
    const refused = (status, reason) => ({ codec, flags, instance: null, native: undefined, status, reason });
    let instance;
    try {
      instance = completeInstance(codec.create({ value: payload.value, corpus, schema: payload.schema }));
    } catch (err) {
      if (err instanceof Unsupported) return refused('unsupported', err.message);
      return refused('failed', `create: ${errorMessage(err)}`);
    }
    try {
      const native = instance.fromPlain(payload.value);
      const verdict = verifyRoundTrip(instance, payload.value, codec.normalise || [], native, payload.schema?.type ?? null);
      return { codec, flags, instance, native, ...verdict, reason: null };
    } catch (err) {
      if (err instanceof Unsupported) return refused('unsupported', err.message);
      return refused('failed', `round trip: ${errorMessage(err)}`);
    }
  });
}

/**
 * A codec's verdict over the messages of a corpus that a pass uses, built one message at a time by the pass
 * that already holds each message's round trip (so nothing is encoded twice). It starts from the prepared
 * codec's verdict on message 0; the first record that changes in the round trip makes it lossy, naming the
 * record (later ones are no longer compared); the normalisations any record needed are gathered; a record
 * the codec throws on ends it as unsupported or failed, naming the record.
 * @param {Prepared} p a measurable prepared codec
 * @param {import('protobufjs').Type | null} [type] the payload's message type, for codecs verified under the proto3 JSON mapping
 */
export function corpusVerdict(p, type = null) {
  const allowed = p.codec.normalise || [];
  const normalised = new Set(p.normalised ?? []);
  /** @type {CorpusVerdict} */
  let verdict = { status: p.status, diff: p.diff ?? null, normalised: p.normalised ?? [], reason: p.reason ?? null, record: p.status === 'lossy' ? 0 : null };
  return {
    /** True once the verdict is lossy: further records need not be compared. */
    get settled() {
      return verdict.status === 'lossy';
    },
    /**
     * Compares record `index` with the plain object that came back from its round trip.
     * @param {number} index
     * @param {unknown} record
     * @param {unknown} decoded
     */
    check(index, record, decoded) {
      if (verdict.status === 'lossy') return;
      const c = compareWithPayload(record, decoded, allowed, type);
      if (c.status === 'lossy') verdict = { ...verdict, status: 'lossy', diff: c.diff, normalised: [], record: index };
      else for (const x of c.normalised) normalised.add(x);
    },
    /**
     * The verdict when record `index` threw: unsupported (the codec said it cannot carry it) or failed.
     * @param {number} index
     * @param {unknown} err what the codec threw (an Unsupported from another bundle of errors.js is known by its name)
     * @returns {CorpusVerdict}
     */
    refuse(index, err) {
      /** @type {Record<Key, unknown>} */
      const fields = isObject(err) ? err : {};
      const unsupported = err instanceof Unsupported || fields.name === 'Unsupported';
      const message = fields.message ?? err;
      const reason = `${recordName(index)}: ${unsupported ? message : `round trip: ${message}`}`;
      return { status: unsupported ? 'unsupported' : 'failed', diff: null, normalised: [], reason, record: index };
    },
    /** @returns {CorpusVerdict} */
    result() {
      if (verdict.status === 'exact' && normalised.size) return { ...verdict, status: 'equivalent', normalised: [...normalised] };
      if (verdict.status === 'equivalent') return { ...verdict, normalised: [...normalised] };
      return verdict;
    },
  };
}

/**
 * @typedef {{ status: Prepared['status'], diff: Difference | null, normalised: string[],
 *   reason: string | null, record: number | null }} CorpusVerdict
 *   record: the index of the corpus record that made the verdict (0 when the first message did), null when none did
 */

/**
 * @typedef {{ status: 'exact'|'equivalent'|'lossy', diff: Difference | null, normalised: string[] }} Verdict
 * a round trip's verdict: diff is the first difference (null when exact), normalised what 'equivalent' needed
 */

/**
 * True when a prepared codec can be measured (its instance is there).
 * @param {Prepared} p
 */
export const measurable = (p) => p.instance !== null;

/**
 * One-line description of a verdict, for tables and notes.
 * @param {{ status: string, diff?: Difference | null, normalised?: string[], reason?: string | null, record?: number | null }} p
 */
export function describeVerdict(p) {
  if (p.status === 'exact') return 'exact';
  if (p.status === 'equivalent') {
    if (!p.normalised) throw new Error('an equivalent verdict names its normalisations');
    return `equivalent (${p.normalised.join(', ')})`;
  }
  if (p.status === 'lossy') {
    if (!p.diff) throw new Error('a lossy verdict names its first difference');
    // a later record of the corpus is named; the first message is the payload itself
    const record = (p.record ?? 0) > 0 ? `${recordName(p.record ?? 0)} ` : '';
    const [expected, actual] = showBoth(p.diff.expected, p.diff.actual);
    return `LOSSY at ${record}${p.diff.path}: ${expected} → ${actual}`;
  }
  return `${p.status}: ${printable(p.reason)}`;
}

/** The longest text a verdict line shows of one side of a difference (its cut marks included). */
const SHOWN = 40;

/**
 * The two sides of a difference as a verdict line prints them, never alike: the values differ, so the line must
 * say how. A text longer than SHOWN is cut where the two texts part (cut at the start, two strings that differ
 * near their ends would read the same), and where the whole texts are the same (JSON writes a Date as its string,
 * a Uint8Array as an object keyed by index) each side names its kind.
 * @param {unknown} expected
 * @param {unknown} actual
 * @returns {[string, string]}
 */
function showBoth(expected, actual) {
  const a = show(expected);
  const b = show(actual);
  if (a === b) return [`${a} (${kindName(expected)})`, `${b} (${kindName(actual)})`];
  let at = 0; // where the two texts part
  while (at < a.length && a[at] === b[at]) at++;
  // the window keeps 17 characters the two share before the first that differs (or the cut start, if earlier)
  const from = at < SHOWN - 3 ? 0 : at - 17;
  /** @param {string} s */
  const cut = (s) => {
    if (s.length <= SHOWN) return s;
    const lead = from > 0 ? '...' : '';
    const room = SHOWN - lead.length - 3;
    return s.length - from <= room + 3 ? `${lead}${s.slice(from)}` : `${lead}${s.slice(from, from + room)}...`;
  };
  return [cut(a), cut(b)];
}

/**
 * One side of a difference: "(absent)" where the key is not there, else its text (jsonText).
 * @param {unknown} v
 */
const show = (v) => (v === undefined ? '(absent)' : jsonText(v));

/**
 * A value as JSON text, with what JSON cannot write spelled out at every depth, so it does not read as another
 * value: -0 (JSON writes 0), NaN and ±Infinity (null), an undefined array element (null), a BigInt (JSON.stringify
 * throws on one). A key holding undefined is left out, as it is absent (findDifference).
 * @param {unknown} v
 * @returns {string}
 */
function jsonText(v) {
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isFinite(v) ? JSON.stringify(v) : String(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  // an object without toJSON (a Date has one, and a Buffer) is its own keys, as JSON.stringify writes it
  if (isObject(v) && typeof v.toJSON !== 'function') {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${jsonText(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? String(v);
}

/**
 * The kind of a value that a difference names beside its text when two values read the same as JSON.
 * @param {unknown} v
 */
function kindName(v) {
  if (v === undefined) return 'absent';
  if (v === null || typeof v !== 'object') return v === null ? 'null' : typeof v;
  return v.constructor?.name ?? 'object';
}

/**
 * @typedef {object} Prepared
 * @property {import('./codecs/index.js').CodecInfo} codec
 * @property {import('./codecs/native-form.js').CodecInstance | null} instance
 * @property {unknown} native the payload in the codec's native form, built once (undefined when not measurable)
 * @property {import('./codecs/native-form.js').FairnessFlags} [flags]
 * @property {'exact'|'equivalent'|'lossy'|'unsupported'|'failed'} status
 * @property {Difference | null} [diff]
 * @property {string[]} [normalised]
 * @property {string|null} reason
 * @property {number|null} [record] the corpus record that made the verdict, when a pass verified beyond the first message
 */

/**
 * A codec's identity and round-trip verdict as every result carries it.
 * @param {{ codec: { name: string, library?: string|null, version?: string|null }, status: string, diff?: Difference | null,
 *   normalised?: string[], reason?: string | null, flags?: import('./codecs/native-form.js').FairnessFlags | null }} p
 *   a prepared codec, or what a speed row keeps of one (measure/speed.js's SpeedCodec)
 */
export function describeCodec(p) {
  return {
    format: p.codec.name,
    library: p.codec.library ?? null,
    version: p.codec.version ?? null,
    status: p.status,
    diff: p.diff ?? null,
    normalised: p.normalised ?? [],
    reason: p.reason ?? null,
    flags: p.flags ?? null,
  };
}
