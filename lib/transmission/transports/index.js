/**
 * Transports: how a message crosses the wire. One file per transport, one line per transport in TRANSPORTS
 * below; nothing outside this folder names one. The owner of a run (measureTransmission in ../run.js) takes
 * any of them through the same rounds, verdicts, accounting, CPU per message, link emulator and model.
 *
 * THE CONTRACT (a transport file's default export is a Transport, typedef below)
 *
 * Messages and codecs. Message i of a pass is `corpus[i % corpus.length]` of the payload
 * (`payload.corpus ?? [payload.value]`). Both ends get WireCodecs (../wire-codec.js), one per format, built
 * from the same corpus: `codec.encodeMessage(i)` gives message i's bytes (a Buffer; textual codecs as UTF-8),
 * `codec.decode(bytes)` gives the library's native form back and throws on bad input, `codec.textual` says
 * whether the codec's own encode returns a string, `codec.mediaType` is its media type (what an HTTP
 * Content-Type carries). A transport never encodes or decodes by itself outside these two calls, so its CPU
 * per message is the codec's plus its own framing.
 *
 * Direction. 'up' (upload, the default): the client sends message i, the server decodes it and answers with
 * an empty acknowledgement. 'down' (download, the common API read): the client asks for message i (the
 * request names i and carries no payload), the server encodes message i and answers with it, the client
 * decodes it. In both directions the decode's failure is the answer's status, never an exception.
 *
 * startServer(options: ServerOptions) → Promise<TransportServer>. Listens on options.host (127.0.0.1 unless
 * told otherwise) and options.port (0: ephemeral). Serves every format of options.codecs (a Map by format
 * name; an entry `{ refused: reason }` is a format that cannot carry the payload: refuse it with the reason).
 * For each data message it calls `options.meter.handled()` once (success or error), so the server process
 * can report CPU and event-loop utilization per message; it never logs per message. With options.raw (or a
 * client that asks for raw on its connection/request) it answers without decoding ('up') or with bytes
 * encoded once ahead ('down'): the transport's ceiling and the codec's share of the server's CPU. It answers
 * a malformed or undecodable message with its protocol's error (HTTP 400, gRPC INVALID_ARGUMENT, an error
 * ACK) and keeps serving; a message over options.maxPayload bytes (after decompression) is refused without
 * buffering it whole (HTTP 413, gRPC RESOURCE_EXHAUSTED, ws close 1009); no bytes a client sends crash it.
 * A client naming another payload (options.identity: { id, hash }; the client sends the hash) is refused
 * with a message naming both (HTTP 409 or the protocol's equivalent); so is a client asking for the other
 * direction (a server serves one), unless the protocol makes it impossible to confuse them. Returns
 * `{ url, host, port, counters, describe(), close() }`: url is how a client reaches it (scheme included:
 * ws://, wss://, http://, https://), describe() a few lines of counters for the server's exit.
 *
 * TLS. options.tls is null (cleartext: h2c for HTTP/2) or `{ key, cert }` (PEM strings, a certificate made at
 * run time for localhost and 127.0.0.1); the client then gets `tls: { ca }` (the same certificate) and must
 * verify against it (servername 'localhost', since the link emulator sits on 127.0.0.1).
 *
 * Compression. options.compress (both ends) is null or one name from `supports.compress`: for HTTP a
 * Content-Encoding (gzip, br, zstd), for ws 'deflate' (permessage-deflate, each message on its own) or
 * 'deflate-context' (with context takeover), for gRPC/Connect their per-message gzip. The client compresses
 * what it sends ('up') and asks for compressed answers ('down'); the server accepts every encoding it lists
 * and answers in the one asked for. Shared code checks the name against `supports.compress` and whether the
 * runtime has it (zstd) before anything starts.
 *
 * CPU and event-loop utilization. The server process measures itself (../server-meter.js): `meter.mark()`
 * starts a measured pass, `meter.report()` returns { messages, cpuUs, elu, seconds } since the mark. When the
 * owner started the server (a server.js child) it asks over the child's IPC channel, so a transport needs
 * nothing for it; a transport may also carry mark/report in its own protocol (client.mark()/client.report())
 * for a server given by URL, as ws does with control frames.
 *
 * createClient(options: ClientOptions) → Promise<TransportClient>. Opens what it needs (connections,
 * sessions; a failure is a UserError of one line naming the URL and the reason; a server that refuses the
 * payload identity or the format is a UserError with the server's reason) and returns a client:
 *   capacity   how many messages may be in flight at once (window × connections, or connections ×
 *              pipelining for HTTP/1.1, streams for HTTP/2): the owner keeps at most this many outstanding;
 *   send(seq)  sends message seq ('up': its bytes; 'down': the request for it); returns false only when it
 *              could not send at all (every connection gone: the message counts as never sent). Never throws and never
 *              awaits: the outcome arrives as `options.onAnswer(seq, status)` exactly when the transport
 *              learns it (status ANSWER.ok, ANSWER.decodeError, ANSWER.error). For 'down' the client decodes the
 *              answer with codec.decode before calling onAnswer(seq, ok). An answer the client cannot match to
 *              a request is onAnswer(-1, …); the owner counts duplicates and strays itself, so a transport
 *              passes on whatever it receives. A message send() took that never left after all (it waited
 *              for a connection that could not be opened: http1's pool opens one per request as needed) is
 *              `options.onUnsent(seq)`, never an answer: the owner counts it as never sent. A message that left and
 *              whose connection broke before its answer is `options.onLost(seq)`, never an error answer (no server
 *              gave one): the owner counts it as lost, as it counts one still unanswered when the pass ends, and sends
 *              the next in its place (every transport here tells which messages a broken connection carried;
 *              one that could not would leave them unanswered: lost all the same, found at the pass's end);
 *   wireBytes() bytes written and read so far at its sockets ({ up, down }: TCP stream bytes, HTTP headers,
 *              frames and TLS records included): the model's bytes per message come from here;
 *   mark(), report()  optional, see above;
 *   close()    ends every connection; messages still in flight are the owner's to count as lost.
 * When the server closes every connection (or, for a client that opens connections as it needs them, one cannot be
 * opened again), the client calls options.onClosed() once, after its onUnsent calls.
 *
 * framingBytes({ payloadBytes, direction, compress, tls, format, mediaType }) → { up, down }: the transport's own bytes per
 * message beyond the codec's (headers, frames, prefixes, TLS records), client → server and back, in steady
 * state (HPACK tables warm). The model compares it with what wireBytes() measured; a transport documents in
 * it what each byte is.
 *
 * schemes: { plain, tls }: the URL schemes of its servers (a client's default URL is built from them).
 *
 * supports: { formats: 'any' | 'binary' | string[] (codec names), directions, compress: string[],
 * multiplex (many messages at once on one connection), pipelining, tls }. Shared code refuses, with one line
 * and exit 2, a combination the transport does not declare.
 *
 * formatPair: { json?, protobuf? }, each `{ format, label, deployed? }`: the JSON-vs-protobuf comparison the
 * transport stands for. Without --formats a run measures these codecs on it (a side it cannot carry is left
 * out: gRPC has no JSON side); its JSON side against its protobuf side is one of the named verdicts, under the
 * two labels ("Connect JSON" vs "Connect binary"). A side marked deployed is how the field ships that format
 * (REST's JSON over HTTP/1.1, gRPC's protobuf): every deployed JSON side is also compared with every deployed
 * protobuf side of another transport, the cross-transport verdict most teams ask for (../pairs.js).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { UserError } from '../../errors.js';

/**
 * Status of an answer, as TransportClient options.onAnswer receives it (the values of a ws ACK's status byte).
 * @type {{ ok: number, decodeError: number, error: number }}
 */
export const ANSWER = { ok: 0, decodeError: 1, error: 2 };

/** The directions a message can travel: upload (client sends the payload) or download (server sends it). */
export const DIRECTIONS = /** @type {const} */ (['up', 'down']);

/**
 * @param {string} direction
 * @returns {direction is (typeof DIRECTIONS)[number]}
 */
const isDirection = (direction) => DIRECTIONS.some((d) => d === direction);

/**
 * @typedef {object} TransportSupports
 * @property {'any'|'binary'|string[]} formats which codecs it carries: any, only binary ones (a textual codec's
 *   encode returns a string), or these codec names
 * @property {Array<'up'|'down'>} directions
 * @property {string[]} compress the names --compress may take with it ([] for none)
 * @property {Array<'up'|'down'>} [compressDirections] the directions it can compress (default both): a library that
 *   cannot compress one side (grpc-js's server never compresses its answers) leaves that direction out
 * @property {boolean} multiplex many messages in flight on one connection, answered in any order
 * @property {boolean} pipelining --pipelining applies (HTTP/1.1)
 * @property {boolean} tls --tls works
 */

/**
 * One side of a transport's JSON-vs-protobuf comparison.
 * @typedef {object} FormatSide
 * @property {string} format the codec's name (one that supports.formats lets through)
 * @property {string} label how the named verdicts call it ("REST JSON over HTTP/1.1", "gRPC protobuf")
 * @property {boolean} [deployed] how the field ships this format: compared with the other deployed side on
 *   every other transport
 */

/**
 * @typedef {{ json?: FormatSide, protobuf?: FormatSide }} FormatPair
 */

/**
 * @typedef {object} ServerOptions
 * @property {Map<string, import('../wire-codec.js').WireCodec | { refused: string }>} codecs by format name
 * @property {import('../../schema/index.js').Schema} [schema] the payload's schema (connect and grpc serve a service generated from it)
 * @property {'up'|'down'} direction
 * @property {string} host default 127.0.0.1
 * @property {number} port 0 for an ephemeral one
 * @property {{ key: string, cert: string } | null} tls
 * @property {string|null} compress
 * @property {number} maxPayload bytes of one message after decompression
 * @property {boolean} raw answer without decoding (up) or with bytes encoded once (down)
 * @property {{ id: string, hash: string } | null} identity the payload this server serves
 * @property {import('../server-meter.js').ServerMeter} meter call meter.handled() once per data message
 */

/**
 * What every transport's server counts: since when (ms since the epoch), the data messages it took, what it refused
 * (a format or payload it does not serve, a malformed upgrade), and the messages per format.
 * @typedef {{ startedAt: number, messages: number, refused: number, byFormat: Record<string, { messages: number }> }} BaseCounters
 */

/**
 * A server's counters: the base every transport keeps, with the ones of its own (ws.js; http-common.js for http1 and
 * http2; connect.js for connect and connect-h2; grpc.js). A new transport adds its counters' type here.
 * @typedef {BaseCounters & (import('./ws.js').WsCounters | import('./http-common.js').HttpCounters
 *   | import('./connect.js').ConnectCounters | import('./grpc.js').GrpcCounters)} ServerCounters
 */

/**
 * @typedef {object} TransportServer
 * @property {string} url scheme://host:port
 * @property {string} host
 * @property {number} port
 * @property {ServerCounters} counters messages, errors, refusals: the counts every transport keeps, and its own
 * @property {() => string} describe a few lines for the server's exit
 * @property {() => Promise<void>} close
 */

/**
 * @typedef {object} ClientOptions
 * @property {string} url the server (or the link emulator in front of it): scheme://host:port
 * @property {import('../wire-codec.js').WireCodec} codec
 * @property {import('../../schema/index.js').Schema} [schema] the payload's schema (connect and grpc call a service generated from it)
 * @property {'up'|'down'} direction
 * @property {number} window messages in flight per connection (streams per session for a multiplexing transport)
 * @property {number} connections
 * @property {number} pipelining requests in flight per HTTP/1.1 connection (1: none)
 * @property {string|null} compress
 * @property {{ ca: string } | null} tls
 * @property {boolean} raw ask the server to answer without decoding / with bytes encoded once
 * @property {{ id: string, hash: string } | null} identity
 * @property {number} timeoutMs for opening connections
 * @property {(seq: number, status: number) => void} onAnswer seq -1 for an answer matching no request
 * @property {(seq: number) => void} [onUnsent] a message send() took that never left (its connection could not be opened)
 * @property {(seq: number) => void} [onLost] a message that left and whose connection broke before its answer (lost)
 * @property {(why?: string) => void} [onClosed] call once every connection is gone (the server closed them): the owner
 *   then ends the pass instead of waiting for its idle timeout; `why`, where the transport knows how the last one was
 *   closed ("with close code 1009 (…)"), is added to the line that says why the pass ended
 */

/**
 * @typedef {object} TransportClient
 * @property {number} capacity messages the owner may keep in flight
 * @property {(seq: number) => boolean|void} send false when it could not send at all (no connection left)
 * @property {() => { up: number, down: number }} wireBytes
 * @property {() => Promise<void | { forced: number }>} close forced (where the transport says): connections that did not
 *   close gracefully within its grace and were cut
 * @property {() => void} [mark] ask the server to start its CPU accounting (over the protocol)
 * @property {() => Promise<import('../server-meter.js').ServerReport|null>} [report] and report it
 */

/**
 * @typedef {object} Transport
 * @property {string} name what users type in --transport / --transports
 * @property {string} library the module it is built on ('ws', 'node:http', 'undici', ...)
 * @property {string} description one line for --help and docs
 * @property {TransportSupports} supports
 * @property {FormatPair} formatPair its JSON and protobuf codecs when no --formats is given, and their labels
 * @property {{ plain: string, tls: string }} schemes its URLs' schemes, cleartext and with TLS (ws/wss, http/https)
 * @property {(o: { payloadBytes: number, direction: 'up'|'down', compress: string|null, tls: boolean, format?: string, mediaType?: string }) => { up: number, down: number }} framingBytes
 * @property {(codec: import('../wire-codec.js').WireCodec, schema: import('../../schema/index.js').Schema) => string|null} [carries]
 *   why it cannot carry these messages of this codec (null: it can), for a transport whose library serializes
 *   them itself (Connect): the cell is then marked unsupported with the reason before anything runs
 * @property {(schema: import('../../schema/index.js').Schema) => string|null} [servesSchema]
 *   why it cannot serve this schema at all (null: it can), for a transport whose server and client are generated from
 *   the schema (gRPC, Connect: rpc-service.js serviceRefusal): every cell of it is then unsupported with the reason
 * @property {(o: ServerOptions) => Promise<TransportServer>} startServer
 * @property {(o: ClientOptions) => Promise<TransportClient>} createClient
 */

/** The registry: one line per transport, its file in this folder (loaded on demand, so a library that fails to
 * load hurts only its own transport). */
export const TRANSPORTS = {
  ws: 'ws.js',
  http1: 'http1.js',
  http2: 'http2.js',
  connect: 'connect.js',
  'connect-h2': 'connect-h2.js',
  grpc: 'grpc.js',
};

/** The transport every entry point uses unless told otherwise. */
export const DEFAULT_TRANSPORT = 'ws';

/** Names of every registered transport. */
export const TRANSPORT_NAMES = Object.keys(TRANSPORTS);

/**
 * Loads one transport by name.
 * @param {string} name
 * @param {{ option?: string }} [o] the option the name came from, for the error (--transports where it is a list)
 * @returns {Promise<Transport>}
 */
export async function loadTransport(name, { option = '--transport' } = {}) {
  const file = Object.hasOwn(TRANSPORTS, name) ? TRANSPORTS[/** @type {keyof typeof TRANSPORTS} */ (name)] : null;
  if (!file) throw new UserError(`${option} ${name}: unknown (known: ${TRANSPORT_NAMES.join(', ')})`);
  const url = new URL(file, import.meta.url);
  if (!fs.existsSync(url)) throw new UserError(`${option} ${name}: not built yet (no lib/transmission/transports/${file})`);
  return (await import(url.href)).default;
}

/**
 * Why a transport cannot carry one codec, or null when it can: the formats it declares, then (given the payload's
 * schema) whether it can serve that schema at all (transport.servesSchema), then (given the codec's messages too) its
 * own check of those messages, transport.carries.
 * @param {Transport} transport
 * @param {{ name: string, textual: boolean } | import('../wire-codec.js').WireCodec} codec
 * @param {import('../../schema/index.js').Schema} [schema]
 * @returns {string|null}
 */
export function formatRefusal(transport, codec, schema) {
  const { formats } = transport.supports;
  if (formats === 'binary' && codec.textual) return `${transport.name} carries binary formats only (${codec.name} encodes to text)`;
  if (Array.isArray(formats) && !formats.includes(codec.name)) return `${transport.name} carries ${formats.join(', ')} only`;
  const whole = schema ? transport.servesSchema?.(schema) ?? null : null;
  if (whole) return whole;
  return transport.carries && schema && 'encodeMessage' in codec ? transport.carries(codec, schema) : null;
}

/**
 * Refuses (UserError, one line) settings a transport does not declare: a direction, a compression, TLS,
 * pipelining. Runs before anything starts.
 * @param {Transport} transport
 * @param {{ direction?: string, compress?: string|null, tls?: boolean, pipelining?: number }} settings
 * @param {{ hasZstd?: boolean }} [runtime] whether this runtime's zlib has zstd (default: detected)
 */
export function checkSettings(transport, { direction = 'up', compress = null, tls = false, pipelining = 1 }, { hasZstd = typeof zlib.zstdCompress === 'function' } = {}) {
  const { supports, name } = transport;
  if (!isDirection(direction)) throw new UserError(`--direction ${direction}: expected up or down`);
  if (!supports.directions.includes(direction)) throw new UserError(`--direction ${direction}: ${name} supports ${supports.directions.join(', ')}`);
  if (compress != null) {
    if (!supports.compress.includes(compress)) {
      throw new UserError(`--compress ${compress}: ${name} ${supports.compress.length ? `takes ${supports.compress.join(', ')}` : 'has no compression'}`);
    }
    const compressing = supports.compressDirections ?? DIRECTIONS;
    if (!compressing.includes(direction)) {
      throw new UserError(`--compress ${compress}: ${name} compresses --direction ${compressing.join(', ')} only (${transport.library} cannot compress ${direction === 'down' ? 'its answers' : 'its requests'})`);
    }
    if (compress === 'zstd' && !hasZstd) throw new UserError(`--compress zstd: this runtime's zlib has no zstd (Node ${process.versions.node}; zstd needs Node ≥ 22.15 or 23.8)`);
  }
  if (tls && !supports.tls) throw new UserError(`--tls: ${name} has no TLS variant here`);
  if (pipelining !== 1 && !supports.pipelining) throw new UserError(`--pipelining ${pipelining}: only for HTTP/1.1 (transport ${name} does not pipeline)`);
}
