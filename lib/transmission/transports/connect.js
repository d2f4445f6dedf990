/**
 * Connect (connectrpc.com), the RPC protocol that speaks JSON and binary protobuf over HTTP/1.1 and HTTP/2:
 * @connectrpc/connect-node's server (connectNodeAdapter on node:http or node:http2) and client
 * (createConnectTransport), with the payload's generated service (rpc-service.js):
 *
 *   up    POST /<package>.bench.Bench/Send   body: the message     → 200, body: Ack (empty)
 *   down  POST /<package>.bench.Bench/Get    body: GetRequest{i}   → 200, body: message i of the corpus
 *
 * A server answers its direction's method; the other one gets unimplemented (404) with the reason (counted as otherDirection).
 * Unary Connect: one HTTP request per message, Content-Type application/proto (binary) or application/json
 * (JSON), errors as HTTP statuses with a JSON body { code, message }. The format is the codec: Connect
 * serializes with protobuf-es itself, so its two formats are the codecs `protobuf-es` (toBinary/fromBinary)
 * and `protobuf-es-json` (toJsonString/fromJsonString), the very calls those codecs time. The same service,
 * the same code path; only the format differs. This is the one transport whose codec calls run inside the
 * library rather than through the WireCodec: Connect has no way to hand it bytes made elsewhere.
 *
 * Compression: Connect's own (Content-Encoding on the request for 'up', Accept-Encoding asked for 'down'),
 * gzip or br, every message compressed (compressMinBytes 0; Connect's default would leave messages under
 * 1 KiB alone). Without --compress the client accepts no compression (connect-node's client would otherwise
 * ask for gzip and br, and its server compress answers over 1 KiB).
 *
 * The payload's identity travels in `bench-payload` / `bench-payload-name` headers on each connection's
 * first request (409 when it is another payload); raw passes send `bench-raw: 1` on every request, which a
 * plain node handler in front of Connect answers as Connect would (an empty Ack; for 'down' the message's
 * bytes encoded once ahead): no routing, no serialization, the HTTP layer's ceiling.
 */
import http from 'node:http';
import https from 'node:https';
import http2 from 'node:http2';
import net from 'node:net';
import tls from 'node:tls';
import { Code, ConnectError, createClient as createRpcClient } from '@connectrpc/connect';
import { compressionBrotli, compressionGzip, connectNodeAdapter, createConnectTransport } from '@connectrpc/connect-node';
import { create, fromBinary, fromJsonString, toBinary, toJsonString } from '@bufbuild/protobuf';
import { UserError, firstLine, recordName } from '../../errors.js';
import { libraryVersion } from '../../codecs/index.js';
import { ANSWER } from './index.js';
import { listen } from './listen.js';
import { connectionErrors, isConnectionLoss } from './http-common.js';
import { loadService, serviceRefusal } from './rpc-service.js';
import { withTlsRecords } from '../tls-records.js';
import { H2_FRAME, h2WindowUpdates, hpackLiteralBytes, varintBytes } from './shared.js';
import { CONNECT_FORMATS } from './connect-formats.js';
import { counted } from '../../text.js';

/** @typedef {import('@bufbuild/protobuf').Message} Message */

/** Connect's formats: the codec whose calls it makes, and the media type it sends them as. */
const FORMATS = CONNECT_FORMATS;
/** @type {Record<string, import('@connectrpc/connect/protocol').Compression>} */
const COMPRESSIONS = { gzip: compressionGzip, br: compressionBrotli };
const TRANSPORT_NAME = 'connect';
const HEADER = { payload: 'bench-payload', name: 'bench-payload-name', raw: 'bench-raw' };

/**
 * The format a request's Content-Type names (null: not one of Connect's unary types; Connect answers 415).
 * @param {string|undefined} contentType
 */
export function formatOf(contentType) {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return Object.keys(FORMATS).find((name) => FORMATS[name].contentType === type) ?? null;
}

/**
 * The message natives a codec holds, one per corpus message: Connect takes and returns protobuf-es messages,
 * which is the native form of both its codecs.
 * @param {import('../wire-codec.js').WireCodec} codec
 * @returns {Message[]}
 */
function nativesOf(codec) {
  // protobuf-es and protobuf-es-json decode into protobuf-es messages (FORMATS lets no other codec through)
  return Array.from({ length: codec.messageCount }, (_, i) => /** @type {Message} */ (codec.decode(codec.encodeMessage(i))));
}

/**
 * Why Connect cannot carry a codec's messages, or null: each is serialized and parsed back as Connect does it
 * (toBinary, or toJsonString/fromJsonString with the service's type registry), so a message Connect would refuse
 * makes the cell unsupported with the reason instead of failing the run at its first request.
 * @param {import('../wire-codec.js').WireCodec} codec
 * @param {import('../../schema/index.js').Schema} schema
 * @returns {string|null}
 */
export function carries(codec, schema) {
  const format = FORMATS[codec.name];
  if (!format) return null;
  const service = loadService(schema, TRANSPORT_NAME);
  const json = jsonOptions(service);
  for (let i = 0; i < codec.messageCount; i++) {
    try {
      const message = /** @type {Message} */ (codec.decode(codec.encodeMessage(i)));
      if (format.binary) fromBinary(service.message, toBinary(service.message, message));
      else fromJsonString(service.message, toJsonString(service.message, message, json), json);
    } catch (err) {
      return `Connect cannot ${format.binary ? 'serialize' : 'write or read the JSON of'} ${recordName(i)}: ${firstLine(err)}`;
    }
  }
  return null;
}

/**
 * Connect's JSON options: the service's registry, so a google.protobuf.Any's message is found by its type URL.
 * @param {import('./rpc-service.js').RpcService} service
 */
const jsonOptions = (service) => ({ registry: service.registry });

/**
 * Connect over one HTTP version.
 * @param {'1.1'|'2'} httpVersion
 * @returns {import('./index.js').Transport}
 */
export function connectTransport(httpVersion) {
  const h2 = httpVersion === '2';
  return {
    name: h2 ? 'connect-h2' : 'connect',
    library: '@connectrpc/connect-node',
    description: `Connect unary RPC over HTTP/${h2 ? '2 (h2c; one session multiplexing --window streams)' : '1.1 (one request at a time per connection)'}, JSON or binary`,
    supports: { formats: Object.keys(FORMATS), directions: ['up', 'down'], compress: Object.keys(COMPRESSIONS), multiplex: h2, pipelining: false, tls: true },
    formatPair: {
      json: { format: 'protobuf-es-json', label: `Connect JSON${h2 ? ' over HTTP/2' : ''}` },
      protobuf: { format: 'protobuf-es', label: `Connect binary${h2 ? ' over HTTP/2' : ''}` },
    },
    schemes: { plain: 'http', tls: 'https' },
    framingBytes: (o) => connectFramingBytes({ ...o, httpVersion }),
    servesSchema: (schema) => serviceRefusal(schema, h2 ? 'connect-h2' : 'connect'),
    carries,
    startServer: (o) => startServer(o, httpVersion),
    createClient: (o) => createClient(o, httpVersion),
  };
}

/** @type {import('./index.js').Transport} */
export default connectTransport('1.1');

/** Connect over HTTP/2. */
export const connectH2 = connectTransport('2');

/**
 * What a Connect server counts: data messages, those answered 200 and the other answers by HTTP status, refusals
 * (payload or format), calls of the other direction's method (unimplemented: a server serves one direction), requests
 * for a path the service does not have (404, unknownPath), raw answers, requests the client reset before their answer went out (not messages), bytes
 * that were not HTTP (malformed) and connections the client reset or closed mid-request; per format its messages.
 * @typedef {{ startedAt: number, messages: number, ok: number, refused: number, otherDirection: number, unknownPath: number, raw: number, resets: number, malformed: number, connectionResets: number, byStatus: Record<string, number>,
 *   byFormat: Record<string, { messages: number }> }} ConnectCounters
 */

/**
 * @param {import('./index.js').ServerOptions} options
 * @param {'1.1'|'2'} httpVersion
 * @returns {Promise<import('./index.js').TransportServer>}
 */
async function startServer({ codecs, direction, host, port, tls: keys, compress, maxPayload, raw, identity, meter, schema }, httpVersion) {
  const service = loadService(schema, TRANSPORT_NAME);
  const paths = { send: service.path('send'), get: service.path('get') };
  /** @type {Record<string, number>} answers other than 200, by HTTP status */
  const byStatus = {};
  /** @type {Record<string, { messages: number }>} */
  const byFormat = {};
  /** @type {ConnectCounters} */
  const counters = { startedAt: Date.now(), messages: 0, ok: 0, refused: 0, otherDirection: 0, unknownPath: 0, raw: 0, resets: 0, malformed: 0, connectionResets: 0, byStatus, byFormat };
  const usable = [...codecs].filter(([name, c]) => FORMATS[name] && !('refused' in c));
  const natives = usable.length ? nativesOf(/** @type {import('../wire-codec.js').WireCodec} */ (usable[0][1])) : [];
  const ack = create(service.ack);
  // raw downloads: each message's bytes made once per format, as Connect would send them
  /** @type {Map<string, Buffer>} */
  const encodedOnce = new Map();
  /** @type {(format: string, i: number) => Buffer} */
  const rawAnswer = (format, i) => {
    const key = `${format}\0${i}`;
    let bytes = encodedOnce.get(key);
    if (!bytes) {
      bytes = FORMATS[format].binary ? Buffer.from(toBinary(service.message, natives[i])) : Buffer.from(toJsonString(service.message, natives[i], jsonOptions(service)));
      encodedOnce.set(key, bytes);
    }
    return bytes;
  };
  let rawNext = 0;

  const adapter = connectNodeAdapter({
    jsonOptions: jsonOptions(service),
    routes: (router) => router.service(service.desc, {
      // Connect has decoded the message by the time the implementation runs (and answered a failure itself)
      send: () => ack,
      get: (request) => natives[/** @type {Message & { index: number }} */ (request).index % natives.length],
    }),
    acceptCompression: [compressionGzip, compressionBrotli],
    // under --compress every downloaded message is compressed; an upload's answer (an empty Ack) never is
    compressMinBytes: compress && direction === 'down' ? 0 : 1024,
    readMaxBytes: maxPayload,
    fallback: (req, res) => {
      counters.unknownPath++;
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Connect service ${service.desc.typeName}: POST ${direction === 'down' ? `${paths.get} (this server serves downloads)` : `${paths.send} (this server serves uploads)`} with `
        + `Content-Type ${usable.map(([name]) => FORMATS[name].contentType).join(' or ')}\n${describe()}\n`);
    },
  });

  /** @param {http.IncomingMessage | http2.Http2ServerRequest} req @param {http.ServerResponse | http2.Http2ServerResponse} res */
  const onRequest = (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== paths.send && path !== paths.get) return adapter(req, res);
    // a server serves one direction: the other's method is answered as Connect answers a method it does not have
    // (unimplemented, HTTP 404), with the reason, and counted; the client's first request learns it and refuses the pass
    const theirDirection = path === paths.get ? 'down' : 'up';
    if (theirDirection !== direction) {
      return refuse(res, 404, Code.Unimplemented, `direction mismatch: this server serves --direction ${direction} (${direction === 'down' ? paths.get : paths.send}), `
        + `the client asked for ${theirDirection} (${path})`, 'otherDirection');
    }
    const format = formatOf(req.headers['content-type']);
    const theirs = req.headers[HEADER.payload];
    if (identity && typeof theirs === 'string' && theirs !== identity.hash) {
      const them = decodeHeader(req.headers[HEADER.name]);
      return refuse(res, 409, Code.Aborted, `payload mismatch: server measures ${identity.id} (hash ${identity.hash}), `
        + `this client sends ${them ? `${them} (hash ${theirs})` : `hash ${theirs}`}`);
    }
    const codec = format && codecs.get(format);
    if (format && !codec) return refuse(res, 400, Code.FailedPrecondition, `this server does not serve ${format} (${FORMATS[format].contentType}); it serves: ${usable.map(([n]) => n).join(', ') || 'nothing'}`);
    if (codec && 'refused' in codec) return refuse(res, 400, Code.FailedPrecondition, `${format} cannot carry this payload: ${codec.refused}`);
    const perFormat = (counters.byFormat[format ?? 'other'] ??= { messages: 0 });
    // a message counts once its answer has gone out; a request the client reset first (HTTP/1.1: its connection
    // closed before the answer finished; HTTP/2: its stream reset before it closed cleanly, which node:http2's
    // compatibility request hides, ending it as if complete) is counted as reset, not as a message or an HTTP status
    const stream = 'stream' in req ? req.stream : null;
    let finished = false;
    res.once('finish', () => { finished = true; });
    const settle = () => {
      if (!finished || stream?.rstCode) return void counters.resets++;
      counters.messages++;
      meter.handled();
      perFormat.messages++;
      if (res.statusCode === 200) counters.ok++;
      else counters.byStatus[res.statusCode] = (counters.byStatus[res.statusCode] ?? 0) + 1;
    };
    if (stream) stream.once('close', settle);
    else res.once('close', settle);
    if (format && (raw || req.headers[HEADER.raw] === '1')) return answerRaw(req, res, format, path === paths.get);
    return adapter(req, res);
  };

  /**
   * Answers as Connect answers an error: an HTTP status and a JSON body { code, message }.
   * @param {http.ServerResponse | http2.Http2ServerResponse} res
   * @param {number} status
   * @param {Code} code
   * @param {string} message
   * @param {'refused'|'otherDirection'} [counter]
   */
  function refuse(res, status, code, message, counter = 'refused') {
    counters[counter]++;
    // node:http2's compatibility response takes node:http's writeHead arguments
    /** @type {http.ServerResponse} */ (res).writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: Code[code].replace(/[A-Z]/g, (c, i) => `${i ? '_' : ''}${c.toLowerCase()}`), message }));
  }

  /**
   * Reads the body without keeping it (refusing it past maxPayload) and answers as Connect would.
   * @param {http.IncomingMessage | http2.Http2ServerRequest} req
   * @param {http.ServerResponse | http2.Http2ServerResponse} res
   * @param {string} format
   * @param {boolean} download
   */
  function answerRaw(req, res, format, download) {
    counters.raw++;
    let bytes = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      bytes += chunk.length;
      if (bytes > maxPayload && !res.headersSent) refuse(res, 429, Code.ResourceExhausted, `message larger than ${maxPayload} bytes`);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      const body = download ? rawAnswer(format, rawNext++ % natives.length) : FORMATS[format].binary ? Buffer.alloc(0) : Buffer.from('{}');
      /** @type {http.ServerResponse} */ (res).writeHead(200, { 'content-type': FORMATS[format].contentType, 'content-length': body.length });
      res.end(body);
    });
  }

  /** what is not a request: bytes that are not HTTP (malformed), a connection the client reset mid-request */
  const notRequests = connectionErrors(counters, 'connectionResets');
  /** @type {Set<http2.ServerHttp2Session>} */
  const sessions = new Set();
  let server;
  if (httpVersion === '2') {
    server = keys ? http2.createSecureServer({ key: keys.key, cert: keys.cert }, onRequest) : http2.createServer(onRequest);
    server.on('session', (session) => {
      sessions.add(session);
      session.on('error', () => {});
      session.once('close', () => sessions.delete(session));
    });
    // bytes that are not HTTP/2 (a bad preface, a frame out of place), or a connection the client reset: counted as
    // http2.js counts them
    server.on('sessionError', notRequests.sessionError);
  } else {
    server = keys ? https.createServer({ key: keys.key, cert: keys.cert }, onRequest) : http.createServer(onRequest);
    // bytes that are not HTTP: a 400 and the connection closed, counted as malformed, as http1.js does; a client that
    // resets its connection or closes it in the middle of a request is going away, not sending bad bytes
    server.on('clientError', notRequests.clientError);
    // a pass's client keeps its connections open between messages (node's default would close them after 5 s idle,
    // and a connection the server closed is one the client no longer sends on)
    server.keepAliveTimeout = 60_000;
  }
  server.on('tlsClientError', () => {});

  function describe() {
    const seconds = (Date.now() - counters.startedAt) / 1000;
    const statuses = Object.entries(counters.byStatus).map(([status, n]) => `${n} × HTTP ${status}`).join(', ') || 'none';
    const formats = Object.entries(counters.byFormat).map(([format, f]) => `${format}: ${counted(f.messages, 'message')}`);
    return [
      `server summary after ${seconds.toFixed(1)} s${raw ? ' (raw: no decoding)' : ''}: ${counted(counters.messages, 'message')}, ${counters.ok} answered 200, `
        + `${counters.raw} raw, ${counters.refused} refused (payload or format), ${counted(counters.otherDirection, 'call')} of the other direction's method `
        + `(unimplemented, 404: this server serves --direction ${direction}), ${counted(counters.unknownPath, 'request')} for paths it does not have (404)`,
      `errors: ${statuses}; ${counted(counters.resets, 'request')} reset by the client before their answer; ${counters.malformed} malformed (not HTTP${httpVersion === '2' ? '/2' : ''}), `
        + `${counted(counters.connectionResets, 'connection')} reset or closed mid-request by the client`,
      ...formats,
    ].join('\n');
  }

  const address = await listen(/** @type {import('node:net').Server} */ (/** @type {unknown} */ (server)), host, port);
  return {
    url: `${keys ? 'https' : 'http'}://${address.shown}:${address.port}`,
    host: address.address,
    port: address.port,
    counters,
    describe,
    async close() {
      for (const session of sessions) session.destroy();
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/**
 * A header's value percent-decoded (as the client encodes it), or null when there is none.
 * @param {string|string[]|undefined} v
 */
const decodeHeader = (v) => {
  if (typeof v !== 'string') return null;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/**
 * Whether a call failed because its connection broke before the answer (sent, no answer: lost), not with an answer
 * of the server's: its socket has closed, or its failure is a connection's (a reset, a hang-up: connect-node's
 * `aborted` "socket hang up" over HTTP/1.1), or its HTTP/2 stream was cancelled, which the client never does itself
 * (node:http2 cancels the streams of a session that is destroyed).
 * @param {unknown} err
 * @param {boolean} socketClosed
 */
export function lostWithConnection(err, socketClosed) {
  if (socketClosed) return true;
  const e = ConnectError.from(err);
  return isConnectionLoss(e.cause) || e.code === Code.Canceled;
}

/**
 * What an answer's failure means for the accounting: a message one side could not decode, or another error.
 * @param {unknown} err
 */
export function answerStatus(err) {
  const e = ConnectError.from(err);
  // Connect reports a JSON body it cannot parse as invalid_argument, a binary one as internal "parse binary"
  if (e.code === Code.InvalidArgument || (e.code === Code.Internal && /^parse binary/.test(e.rawMessage))) return ANSWER.decodeError;
  return ANSWER.error;
}

/**
 * The HTTP/2 session of one client connection, as connect-node's transport asks for it (its
 * NodeHttp2ClientSessionManager interface): one session on a socket of ours (so its bytes can be counted),
 * opened again when the server has closed it. connect-node's own Http2SessionManager adds keep-alive pings and
 * idle timeouts a benchmark does not need, and can let a GOAWAY's error escape as an uncaught exception once
 * it has detached its listeners.
 * @param {string} url
 * @param {() => import('node:net').Socket} openSocket
 */
function oneSession(url, openSocket) {
  const authority = new URL(url).origin;
  /** @type {http2.ClientHttp2Session|null} */
  let session = null;
  const open = () => {
    const s = http2.connect(authority, { createConnection: openSocket });
    // a failure reaches every open stream, which answers its call with the error
    s.on('error', () => {});
    s.once('close', () => {
      if (session === s) session = null;
    });
    return s;
  };
  return {
    authority,
    /**
     * @param {string} method
     * @param {string} path
     * @param {http2.OutgoingHttpHeaders} headers
     * @param {Omit<http2.ClientSessionRequestOptions, 'signal'>} options
     */
    async request(method, path, headers, options) {
      if (!session || session.closed || session.destroyed) session = open();
      return session.request({ ...headers, ':method': method, ':path': path }, options);
    },
    notifyResponseByteRead() {},
    close() {
      session?.destroy();
      session = null;
    },
  };
}

/**
 * @param {import('./index.js').ClientOptions} options
 * @param {'1.1'|'2'} httpVersion
 * @returns {Promise<import('./index.js').TransportClient>}
 */
async function createClient({ url, codec, direction, window, connections, compress, tls: trust, raw, identity, timeoutMs = 10000, onAnswer, onLost, onClosed, schema }, httpVersion) {
  const format = FORMATS[codec.name];
  if (!format) throw new UserError(`--format ${codec.name}: Connect sends ${Object.keys(FORMATS).join(' or ')} (its binary and JSON formats)`);
  const service = loadService(schema, TRANSPORT_NAME);
  const natives = direction === 'up' ? nativesOf(codec) : [];
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port) || (trust ? 443 : 80);
  /** @type {Array<import('node:net').Socket>} every socket opened, for the bytes at the wire */
  const sockets = [];
  /** @type {Array<import('node:net').Socket>} their TCP sockets (under the TLS ones with --tls: a TLS socket counts plaintext) */
  const wires = [];
  /** @type {boolean[]} per connection: its socket has closed (the server ended it): no message is sent on it again */
  const gone = Array.from({ length: connections }, () => false);
  let closing = false;
  let closedCalled = false;
  const openSocket = (/** @type {number} */ link) => {
    const wire = net.connect({ host, port });
    wire.once('close', () => {
      if (closing) return;
      gone[link] = true;
      if (!closedCalled && gone.every(Boolean)) {
        closedCalled = true;
        onClosed?.();
      }
    });
    const socket = trust
      ? tls.connect({ socket: wire, ca: trust.ca, servername: 'localhost', ALPNProtocols: httpVersion === '2' ? ['h2'] : ['http/1.1'] })
      : wire;
    socket.setNoDelay(true);
    // the HTTP client above sees every failure; a socket destroyed with an error must not also throw it
    socket.on('error', () => {});
    wire.on('error', () => {});
    sockets.push(socket);
    wires.push(wire);
    return socket;
  };
  const codecOptions = {
    useBinaryFormat: format.binary,
    jsonOptions: jsonOptions(service),
    // Connect answers in the request's encoding unless told otherwise, so a compressing client accepts it too
    acceptCompression: compress ? [COMPRESSIONS[compress]] : [],
    sendCompression: compress && direction === 'up' ? COMPRESSIONS[compress] : undefined,
    compressMinBytes: 0,
  };
  const rawHeaders = raw ? { [HEADER.raw]: '1' } : undefined;
  const rawOptions = rawHeaders && { headers: rawHeaders };
  const links = Array.from({ length: connections }, (_, i) => {
    if (httpVersion === '2') {
      const sessionManager = oneSession(url, () => openSocket(i));
      const transport = createConnectTransport({ baseUrl: url, httpVersion: '2', sessionManager, ...codecOptions });
      return { client: createRpcClient(service.desc, transport), inFlight: 0, close: () => sessionManager.close() };
    }
    const agent = new (trust ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: 1 });
    agent.createConnection = () => openSocket(i);
    const transport = createConnectTransport({ baseUrl: url, httpVersion: '1.1', nodeOptions: { agent }, ...codecOptions });
    return { client: createRpcClient(service.desc, transport), inFlight: 0, close: () => agent.destroy() };
  });
  /** @type {(link: (typeof links)[number], seq: number, options?: import('@connectrpc/connect').CallOptions) => Promise<unknown>} */
  const call = (link, seq, options) => (direction === 'up'
    ? link.client.send(natives[seq % natives.length], options)
    : link.client.get({ index: seq }, options));

  // each connection's first request carries the payload's identity: the server refuses another payload (409)
  const probeHeaders = { ...rawHeaders, ...(identity ? { [HEADER.payload]: identity.hash, [HEADER.name]: encodeURIComponent(identity.id) } : {}) };
  const probes = await Promise.allSettled(links.map((link) => call(link, 0, { headers: probeHeaders, timeoutMs })
    .then(() => undefined, (/** @type {unknown} */ err) => { throw refusal(url, err); })));
  const failed = probes.find((p) => p.status === 'rejected');
  if (failed) {
    closing = true;
    for (const link of links) link.close();
    throw failed.reason;
  }
  return {
    capacity: httpVersion === '2' ? window * links.length : links.length,
    send(seq) {
      // the least busy connection the server has not closed (connect-node would open a new one: a benchmark's
      // pass does not); none left: the message is not sent
      let best = -1;
      for (let i = 0; i < links.length; i++) if (!gone[i] && (best < 0 || links[i].inFlight < links[best].inFlight)) best = i;
      if (best < 0) return false;
      const link = links[best];
      link.inFlight++;
      call(link, seq, rawOptions).then(() => {
        link.inFlight--;
        onAnswer(seq, ANSWER.ok);
      }, (/** @type {unknown} */ err) => {
        link.inFlight--;
        if (lostWithConnection(err, gone[best])) return void onLost?.(seq);
        onAnswer(seq, answerStatus(err));
      });
      return true;
    },
    wireBytes: () => wires.reduce((n, s) => ({ up: n.up + s.bytesWritten, down: n.down + s.bytesRead }), { up: 0, down: 0 }),
    async close() {
      closing = true;
      for (const link of links) link.close();
      for (const s of sockets) s.destroy();
    },
  };

  /**
   * A failed first request as one line: the connection's failure, or the server's reason.
   * @param {string} at
   * @param {unknown} err
   */
  function refusal(at, err) {
    const e = ConnectError.from(err);
    const cause = /** @type {NodeJS.ErrnoException|undefined} */ (e.cause);
    /** @type {Record<string, string>} */
    const known = { ECONNREFUSED: 'connection refused (is the server running?)', ENOTFOUND: 'no such host', ECONNRESET: 'connection reset' };
    const reason = cause?.code ? known[cause.code] ?? cause.message : null;
    if (reason || e.code === Code.Unavailable) return new UserError(`cannot connect to ${at}: ${reason ?? e.rawMessage}`);
    return new UserError(`${at}: server refused: ${e.rawMessage} (${Code[e.code]})`);
  }
}

const windowUpdates = h2WindowUpdates;
/** The Date header's value (HTTP/1.1): always 29 characters (RFC 9110 IMF-fixdate). */
const DATE = 'Mon, 23 Nov 2026 16:21:44 GMT';
const USER_AGENT = `connect-es/${libraryVersion('@connectrpc/connect')}`;
/** A GetRequest's bytes for a typical sequence number (5,000, the middle of a 10,000-message pass). */
const TYPICAL_INDEX = 5000;

/**
 * Connect's bytes per message beyond the codec's, both directions, in steady state (keep-alive connection,
 * warm HPACK tables), as connect-node 2.2 sends them; test/e2e/rpc-transports.test.js counts them at the
 * socket. HTTP/1.1: the request line and headers (Host as 127.0.0.1:NNNNN), the body chunked (connect-node
 * sends unary requests with Transfer-Encoding: chunked: a size line, CRLF, the last chunk), node's answer
 * headers (content-length, content-type, Date, Connection, Keep-Alive: timeout=60). HTTP/2: HEADERS with the :path as a
 * literal and every other header indexed, the body in one DATA frame and END_STREAM in an empty one (so 9
 * bytes more than gRPC's), the answer's HEADERS, DATA and empty END_STREAM DATA, and the WINDOW_UPDATEs the
 * receiving side sends. For 'down', the GetRequest counts as framing. Compressed sizes are not known here:
 * payloadBytes is the message as sent. With tls, TLS 1.3's record bytes (tls-records.js) for the writes named below.
 * @param {{ payloadBytes: number, direction: 'up'|'down', compress: string|null, tls?: boolean, httpVersion: '1.1'|'2',
 *   format?: string, path?: string, authority?: string, index?: number }} options format: the codec (default protobuf-es);
 *   path: the method's (default the bundled payloads' /bench.Bench/Send or Get); authority: the Host (default 127.0.0.1 and a 5-digit port)
 * @returns {{ up: number, down: number }}
 */
export function connectFramingBytes({ payloadBytes, direction, compress = null, tls: overTls = false, httpVersion, format = 'protobuf-es', path, authority = '127.0.0.1:65535', index = TYPICAL_INDEX }) {
  const { binary, contentType } = FORMATS[format] ?? FORMATS['protobuf-es'];
  const up = direction === 'up';
  path ??= up ? '/bench.Bench/Send' : '/bench.Bench/Get';
  const getRequest = index === 0 ? (binary ? 0 : 2) : binary ? 1 + varintBytes(index) : `{"index":${index}}`.length;
  const requestBody = up ? payloadBytes : getRequest;
  const answerBody = up ? (binary ? 0 : 2) : payloadBytes;
  const compressedAnswer = Boolean(compress) && !up;
  if (httpVersion === '2') {
    const requestHpack = 1 + hpackLiteralBytes(path) + 5 + (compress ? 1 : 0) + (compress && up ? 1 : 0);
    const answerHpack = (up ? 7 : 9) + (compressedAnswer ? 1 : 0);
    const request = H2_FRAME + requestHpack + (requestBody ? H2_FRAME + requestBody : 0) + H2_FRAME;
    const answer = H2_FRAME + answerHpack + (answerBody ? H2_FRAME + answerBody : 0) + H2_FRAME;
    // with TLS: each way, the HEADERS and DATA frames in one write, the empty END_STREAM DATA frame in another
    return withTlsRecords({
      up: request - (up ? payloadBytes : 0) + windowUpdates(answerBody),
      down: answer - (up ? 0 : payloadBytes) + windowUpdates(requestBody),
    }, overTls, { up: [request - H2_FRAME, H2_FRAME], down: [answer - H2_FRAME, H2_FRAME] });
  }
  const requestHead = `POST ${path} HTTP/1.1\r\n${compress ? `accept-encoding: ${compress}\r\n` : ''}connect-protocol-version: 1\r\n`
    + `${compress && up ? `content-encoding: ${compress}\r\n` : ''}content-type: ${contentType}\r\nuser-agent: ${USER_AGENT}\r\n`
    + `Host: ${authority}\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n`;
  const chunked = (requestBody ? requestBody.toString(16).length + 2 + requestBody + 2 : 0) + '0\r\n\r\n'.length;
  const answerHead = `HTTP/1.1 200 OK\r\n${compressedAnswer ? `content-encoding: ${compress}\r\n` : ''}content-length: ${answerBody}\r\n`
    + `content-type: ${contentType}\r\nDate: ${DATE}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n`;
  // with TLS: the request's head, its chunk and the last chunk are three writes; the answer is one
  const chunk = requestBody ? requestBody.toString(16).length + 2 + requestBody + 2 : 0;
  return withTlsRecords({
    up: requestHead.length + chunked - (up ? payloadBytes : 0),
    down: answerHead.length + answerBody - (up ? 0 : payloadBytes),
  }, overTls, { up: [requestHead.length, ...(chunk ? [chunk] : []), '0\r\n\r\n'.length], down: [answerHead.length + answerBody] });
}
