import crypto from 'node:crypto';
import path from 'node:path';
import { corpusOf } from '../payload/index.js';
import { corpusVerdict, describeVerdict, measurable, prepareCodecs } from '../verify.js';
import { formatRefusal } from './transports/index.js';

/**
 * A prepared codec as the transmission benchmark uses it, the same on both ends of every transport: message i
 * of a pass is corpus[i % corpus.length], held in the library's native form (built once, as the library's
 * users hold their messages), encoded into bytes per send and decoded from the received bytes into the native
 * form. A codec whose encode returns a string (say, plain JSON) travels as UTF-8 and is handed a string again
 * on decode, so every codec sees its own interface and the wire sees bytes.
 *
 * @typedef {object} WireCodec
 * @property {string} name the format
 * @property {import('../verify.js').Prepared} prepared
 * @property {boolean} textual its encode returns a string
 * @property {string} mediaType what an HTTP Content-Type carries for it
 * @property {number} messageCount distinct messages in the corpus
 * @property {(i: number, prefixBytes?: number) => Buffer} encodeMessage message i's bytes; with prefixBytes, that
 *   many bytes are left (unset) before them for the transport's own header, so it needs no second copy
 * @property {(bytes: Buffer) => unknown} decode the message in the codec's native form; throws on bad input
 * @property {(i: number) => number} byteLength the codec bytes of message i (measured once per corpus message)
 */

/**
 * @param {import('../verify.js').Prepared} prepared a measurable prepared codec
 * @param {unknown[]} corpus the payload's messages (payload.corpus ?? [payload.value]); corpus[0] is the value
 *   prepared.native was built from
 * @returns {WireCodec}
 */
export function wireCodec(prepared, corpus) {
  if (!prepared.instance) throw new Error(`${prepared.codec.name}: not measurable (${prepared.reason ?? prepared.status}), no wire codec`);
  const { decode, fromPlain, encode } = prepared.instance;
  const count = corpus.length;
  // native forms built on first use: a server that only decodes never needs them
  const natives = new Array(count);
  natives[0] = prepared.native;
  const native = (/** @type {number} */ i) => {
    const k = i % count;
    if (natives[k] === undefined) natives[k] = fromPlain(corpus[k]);
    return natives[k];
  };
  const textual = typeof encode(natives[0]) === 'string';
  /** @type {WireCodec['encodeMessage']} */
  const encodeMessage = textual
    ? (i, prefixBytes = 0) => {
      const text = /** @type {string} */ (encode(native(i)));
      const out = Buffer.allocUnsafe(prefixBytes + Buffer.byteLength(text));
      out.write(text, prefixBytes, 'utf8');
      return out;
    }
    : (i, prefixBytes = 0) => {
      const bytes = /** @type {Uint8Array} */ (encode(native(i)));
      if (!prefixBytes) return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const out = Buffer.allocUnsafe(prefixBytes + bytes.length);
      out.set(bytes, prefixBytes);
      return out;
    };
  const sizes = new Array(count);
  return {
    name: prepared.codec.name,
    prepared,
    textual,
    mediaType: prepared.codec.mediaType ?? (textual ? 'text/plain; charset=utf-8' : 'application/octet-stream'),
    messageCount: count,
    encodeMessage,
    byteLength: (i) => (sizes[i % count] ??= encodeMessage(i).length),
    decode: textual ? (bytes) => decode(bytes.toString('utf8')) : decode,
  };
}

/**
 * The largest message of any of these codecs over their corpus, in codec bytes (each message's size measured once).
 * @param {WireCodec[]} codecs
 */
export function largestMessageBytes(codecs) {
  let largest = 0;
  for (const c of codecs) for (let i = 0; i < c.messageCount; i++) largest = Math.max(largest, c.byteLength(i));
  return largest;
}

/**
 * The codec bytes of the first `sent` messages a client sent, message i being corpus message (i + offset) modulo the
 * corpus: each corpus message's size once, times how often it went out. Every client's pass counts its payload this
 * way (run.js, client-worker.js, the Artillery engine).
 * @param {Pick<WireCodec, 'byteLength'|'messageCount'>} codec
 * @param {number} sent
 * @param {number} [offset] where in the corpus the client started
 */
export function payloadBytesSent(codec, sent, offset = 0) {
  let bytes = 0;
  for (let i = 0; i < Math.min(sent, codec.messageCount); i++) bytes += codec.byteLength(i + offset) * Math.floor((sent - 1 - i) / codec.messageCount + 1);
  return bytes;
}

/**
 * Verifies the corpus messages a pass will send, beyond the first (prepareCodecs verified that one): each one
 * encoded from its native form, decoded and compared with the record under the payload's rules. Returns the
 * codec's verdict over them: the first record that throws makes it unsupported or failed, the first that
 * changes makes it lossy, naming the record.
 * @param {import('../verify.js').Prepared} p a measurable prepared codec
 * @param {unknown[]} corpus
 * @param {number} upTo how many messages of the corpus are sent (at most corpus.length are checked)
 * @param {import('protobufjs').Type | null} type the payload's message type
 * @returns {{ status: import('../verify.js').Prepared['status'], diff: import('../verify.js').Prepared['diff'], normalised: string[], reason: string|null, record: number|null }}
 */
export function verifyCorpus(p, corpus, upTo, type) {
  const { instance } = p;
  if (!instance) throw new Error(`${p.codec.name}: not measurable (${p.reason ?? p.status}), nothing to verify`);
  const verdict = corpusVerdict(p, type);
  for (let i = 1; i < Math.min(upTo, corpus.length) && !verdict.settled; i++) {
    try {
      verdict.check(i, corpus[i], instance.toPlain(instance.decode(instance.encode(instance.fromPlain(corpus[i])))));
    } catch (err) {
      return verdict.refuse(i, err);
    }
  }
  return verdict.result();
}

/**
 * Builds and verifies codecs for the wire. Unsupported and failed ones are
 * returned apart with their reason; lossy ones stay and carry their status.
 * A transport that cannot carry a codec (grpc and a textual one, say) refuses it too.
 * @param {import('../codecs/index.js').CodecInfo[]} codecs
 * @param {import('../payload/index.js').Payload} payload
 * @param {import('./transports/index.js').Transport} [transport]
 * @param {{ verifyMessages?: number }} [options] the messages a client will send: each distinct corpus message among
 *   them is verified too (a server, which only decodes, passes 0)
 */
export function prepareWireCodecs(codecs, payload, transport, { verifyMessages = 0 } = {}) {
  const corpus = corpusOf(payload);
  const prepared = prepareCodecs(codecs, payload).map((p) => {
    if (!measurable(p) || verifyMessages <= 1 || corpus.length < 2) return p;
    const verdict = /** @type {Omit<ReturnType<typeof verifyCorpus>, 'record'>} */ (remembered(payload, p.codec, `verify\0${Math.min(verifyMessages, corpus.length)}`, () => {
      const { record: _record, ...v } = verifyCorpus(p, corpus, verifyMessages, payload.schema?.type ?? null);
      return v;
    }));
    return /** @type {import('../verify.js').Prepared} */ ({ ...p, ...verdict, ...(verdict.status === 'unsupported' || verdict.status === 'failed' ? { instance: null } : {}) });
  });
  const usable = [];
  const refused = prepared.filter((p) => !measurable(p)).map((p) => ({ name: p.codec.name, reason: describeVerdict(p), prepared: p }));
  for (const p of prepared.filter(measurable)) {
    const codec = wireCodec(p, corpus);
    const why = transport ? /** @type {string|null} */ (remembered(payload, p.codec, `carries\0${transport.name}\0${p.status}`, () => formatRefusal(transport, codec, payload.schema))) : null;
    if (why) refused.push({ name: codec.name, reason: why, prepared: { ...p, status: 'unsupported', reason: why } });
    else usable.push(codec);
  }
  return { usable, refused };
}

/** @type {WeakMap<import('../payload/index.js').Payload, WeakMap<object, Map<string, unknown>>>} */
const CHECKED = new WeakMap();

/**
 * What prepareWireCodecs found of a payload's corpus with a codec (the codec object, not its name) already, under
 * `key`, else `find()`'s answer, kept as long as the payload and the codec: a run that passes over the same payload
 * again does not ask a transport again whether it carries the codec's messages (Connect's check serializes every
 * corpus message as Connect would: 0.3–0.7 s a call for test3 on the 2-core Intel VM, each round of the transport
 * comparison and its second link), nor verify the same number of messages again (the comparison's later rounds and
 * links send as many as an earlier one; a different number is verified anew).
 * @param {import('../payload/index.js').Payload} payload
 * @param {object} codec
 * @param {string} key
 * @param {() => unknown} find
 */
function remembered(payload, codec, key, find) {
  let byCodec = CHECKED.get(payload);
  if (!byCodec) CHECKED.set(payload, (byCodec = new WeakMap()));
  let found = byCodec.get(codec);
  if (!found) byCodec.set(codec, (found = new Map()));
  if (!found.has(key)) found.set(key, find());
  return found.get(key);
}

/**
 * What a client encodes and a server decodes, independent of file paths (two
 * machines hold the same files in different places): a short hash of the
 * payload's messages, the schema text and the message type, with the payload's name.
 * @param {import('../payload/index.js').Payload} payload
 * @returns {{ id: string, hash: string }}
 */
export function payloadIdentity(payload) {
  const messages = payload.corpus;
  const hash = crypto.createHash('sha256')
    .update(JSON.stringify(messages ?? payload.value)).update('\0').update(payload.schema.text).update('\0').update(payload.schema.typeName)
    .digest('hex').slice(0, 12);
  const schema = payload.schemaSource === 'inferred' ? 'inferred schema' : path.basename(payload.schemaSource);
  return { id: `${payload.id} as ${payload.schema.typeName} from ${schema}`, hash };
}
