/**
 * gRPC as deployed: @grpc/grpc-js server and client, binary protobuf over HTTP/2 (h2c unless --tls), unary
 * calls on the payload's generated service (rpc-service.js):
 *
 *   up    /<package>.bench.Bench/Send   request: the message      → response: Ack (empty), status OK
 *   down  /<package>.bench.Bench/Get    request: GetRequest{i}    → response: message i of the corpus
 *
 * A server answers its direction's method; the other one gets UNIMPLEMENTED with the reason (counted as otherDirection).
 * Each message is a length-prefixed gRPC message (1-byte compressed flag, 4-byte length) in HTTP/2 DATA
 * frames; the status travels in trailers. The bytes are the toolkit's verified codec's: grpc-js is given
 * pass-through (de)serializers and the codec encodes (WireCodec.encodeMessage, inside grpc-js's serialize
 * call) and decodes (WireCodec.decode, in the handler, so a failure is INVALID_ARGUMENT and the server keeps
 * serving). Any codec that writes protobuf's wire format can be the format; the server learns it from the
 * `bench-format` metadata (default: the first it serves, so a client built only from the .proto works).
 *
 * Compression: gRPC's per-message gzip (grpc-encoding), set by grpc-js's default_compression_algorithm on
 * the client, so for 'up' only: grpc-js's server never compresses what it answers (checkSettings refuses
 * --compress with 'down'). Max message size: grpc-js's
 * max_receive_message_length (RESOURCE_EXHAUSTED past it). The payload's identity travels in `bench-payload`
 * metadata on each connection's first call; raw passes send `bench-raw: 1` with every call.
 */
import net from 'node:net';
import grpc from '@grpc/grpc-js';
import { libraryVersion } from '../../codecs/library-version.js';
import { getLogger } from '@grpc/grpc-js/build/src/logging.js';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { UserError, firstLine } from '../../errors.js';
import { ANSWER } from './index.js';
import { loadService, serviceRefusal } from './rpc-service.js';
import { H2_FRAME, h2WindowUpdates, hpackLiteralBytes, varintBytes } from './shared.js';
import { withTlsRecords } from '../tls-records.js';
import { parseServerReport } from '../server-meter.js';
import { counted } from '../../text.js';

/** Codecs whose bytes are protobuf's wire format (what a gRPC peer built from the .proto reads). */
export const PROTOBUF_CODECS = ['protobufjs-static', 'protobufjs-dynamic', 'protobuf-es', 'protobuf-ts', 'pbf', 'google-protobuf'];
const TRANSPORT_NAME = 'grpc';
const METADATA = { format: 'bench-format', payload: 'bench-payload', name: 'bench-payload-name', raw: 'bench-raw', control: 'bench-control' };
const GZIP = 2; // grpc-js's CompressionAlgorithms.gzip
/** gRPC's length prefix, HTTP/2's frame header, and the HPACK bytes of the trailers (grpc-status: 0, grpc-message indexed). */
const PREFIX = 5;
const TRAILERS_HPACK = 2;
const TYPICAL_INDEX = 5000;
/** @typedef {import('../wire-codec.js').WireCodec} WireCodec */
/** @typedef {grpc.ServerUnaryCall<Buffer, Buffer>} UnaryCall */
const windowUpdates = h2WindowUpdates;
const passThrough = (/** @type {Buffer} */ bytes) => bytes;

/** @type {import('./index.js').Transport} */
export default {
  name: 'grpc',
  library: '@grpc/grpc-js',
  description: 'gRPC unary calls (grpc-js), binary protobuf over HTTP/2, one channel multiplexing --window calls per connection',
  // grpc-js's server never compresses its answers (its server-interceptors.js sends every message with the compressed
  // flag 0, whatever grpc.default_compression_algorithm says): --compress gzip is for uploads only
  supports: { formats: PROTOBUF_CODECS, directions: ['up', 'down'], compress: ['gzip'], compressDirections: ['up'], multiplex: true, pipelining: false, tls: true },
  // binary protobuf only, as deployed: no JSON side of its own
  formatPair: { protobuf: { format: 'protobufjs-static', label: 'gRPC protobuf', deployed: true } },
  schemes: { plain: 'http', tls: 'https' },
  framingBytes: (o) => grpcFramingBytes(o),
  servesSchema: (schema) => serviceRefusal(schema, 'grpc'),
  startServer,
  createClient,
};

/**
 * grpc-js's address for host:port (IPv6 literals in brackets).
 * @param {string} host
 * @param {number} port
 */
const hostPort = (host, port) => (net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`);

/**
 * What a gRPC server counts: data messages, those answered OK, decode errors (INVALID_ARGUMENT), malformed requests,
 * refusals (payload or format), calls of the other direction's method (UNIMPLEMENTED: a server serves one direction),
 * and what grpc-js answers itself before any handler runs: calls of a method the service does not have
 * (UNIMPLEMENTED, unknownMethod), messages over --max-payload (RESOURCE_EXHAUSTED, tooLarge) and requests that are
 * not gRPC (no application/grpc content type: HTTP 415, notGrpc); raw answers; per format its messages.
 * @typedef {{ startedAt: number, messages: number, ok: number, decodeErrors: number, malformed: number, refused: number,
 *   otherDirection: number, unknownMethod: number, tooLarge: number, notGrpc: number, raw: number, byFormat: Record<string, { messages: number }> }} GrpcCounters
 */

/** The line grpc-js logs (E, on stderr) when it cannot bind, before the error startServer turns into its own one line. */
const BIND_FAILURE = /^No address added out of total \d+ resolved$/;
let binds = 0;
/** @type {Partial<Console>} */
let logger = getLogger();

/**
 * While a server binds (+1 when it starts, -1 when its callback comes), grpc-js's logger leaves out BIND_FAILURE:
 * a port in use is then one line, as on every transport. Every other line goes to the logger in place before
 * (grpc-js's own, or one an application set), and that logger is put back once no bind is under way.
 * @param {1|-1} step
 */
function quietBind(step) {
  binds += step;
  if (step === 1 && binds === 1) {
    const kept = getLogger();
    logger = kept;
    // every call goes to the logger in place, as its own method (a class-based one keeps its methods on the prototype)
    grpc.setLogger({
      error: (message, ...rest) => { if (!BIND_FAILURE.test(String(message))) kept.error?.(message, ...rest); },
      info: (message, ...rest) => kept.info?.(message, ...rest),
      debug: (message, ...rest) => kept.debug?.(message, ...rest),
    });
  } else if (binds === 0) grpc.setLogger(logger);
}

/**
 * @param {import('./index.js').ServerOptions} options
 * @returns {Promise<import('./index.js').TransportServer>}
 */
async function startServer({ codecs, direction, host, port, tls: keys, maxPayload, raw, identity, meter, schema }) {
  const service = loadService(schema, TRANSPORT_NAME);
  /** @type {Record<string, { messages: number }>} */
  const byFormat = {};
  /** @type {GrpcCounters} */
  const counters = { startedAt: Date.now(), messages: 0, ok: 0, decodeErrors: 0, malformed: 0, refused: 0, otherDirection: 0, unknownMethod: 0, tooLarge: 0, notGrpc: 0, raw: 0, byFormat };
  // the owner has refused, in the map, what supports.formats does not list
  const usable = [...codecs].filter(([, c]) => !('refused' in c)).map(([name]) => name);
  const ack = Buffer.from(toBinary(service.ack, create(service.ack)));
  // raw downloads: each message encoded once ahead
  /** @type {Map<string, Buffer>} */
  const encodedOnce = new Map();

  /**
   * The codec a call asks for, or a status to answer with.
   * @param {UnaryCall} call
   * @returns {{ codec: WireCodec, raw: boolean } | { error: Partial<grpc.StatusObject> }}
   */
  const codecFor = (call) => {
    const theirs = call.metadata.get(METADATA.payload)[0];
    if (identity && theirs !== undefined && String(theirs) !== identity.hash) {
      const them = call.metadata.get(METADATA.name)[0];
      counters.refused++;
      return { error: { code: grpc.status.FAILED_PRECONDITION, details: `payload mismatch: server measures ${identity.id} (hash ${identity.hash}), `
        + `this client sends ${them ? `${decodeURIComponent(String(them))} (hash ${theirs})` : `hash ${theirs}`}` } };
    }
    const name = String(call.metadata.get(METADATA.format)[0] ?? usable[0]);
    const codec = codecs.get(name);
    if (!codec) {
      counters.refused++;
      return { error: { code: grpc.status.FAILED_PRECONDITION, details: `this server does not serve ${name}; it serves: ${usable.join(', ') || 'nothing'}` } };
    }
    if ('refused' in codec) {
      counters.refused++;
      return { error: { code: grpc.status.FAILED_PRECONDITION, details: `${name} cannot carry this payload: ${codec.refused}` } };
    }
    counters.messages++;
    meter.handled();
    (counters.byFormat[name] ??= { messages: 0 }).messages++;
    return { codec, raw: raw || call.metadata.get(METADATA.raw)[0] === '1' };
  };

  // a server serves one direction: the other's method is answered UNIMPLEMENTED (as grpc-js answers a method a service
  // does not have), with the reason, and counted; the client's first call learns it and refuses the pass in one line
  const served = direction === 'down' ? 'Get' : 'Send';
  /** @param {'up'|'down'} theirs @param {grpc.sendUnaryData<Buffer>} callback */
  const otherDirection = (theirs, callback) => {
    counters.otherDirection++;
    callback({ code: grpc.status.UNIMPLEMENTED, details: `direction mismatch: this server serves --direction ${direction} (${service.path(direction === 'down' ? 'get' : 'send')}), `
      + `the client asked for ${theirs} (${service.path(theirs === 'down' ? 'get' : 'send')})` });
  };

  const handlers = {
    /**
     * @param {UnaryCall} call
     * @param {grpc.sendUnaryData<Buffer>} callback
     */
    Send(call, callback) {
      // the server's CPU accounting for a client that reached it by URL (no IPC): not a data message
      const control = call.metadata.get(METADATA.control)[0];
      if (control === 'mark') {
        meter.mark();
        return callback(null, ack);
      }
      if (control === 'report') return callback(null, Buffer.from(JSON.stringify(meter.report())));
      if (served !== 'Send') return otherDirection('up', callback);
      const chosen = codecFor(call);
      if ('error' in chosen) return callback(chosen.error);
      const { codec, raw: rawHere } = chosen;
      if (rawHere) counters.raw++;
      else {
        try {
          codec.decode(call.request);
        } catch (err) {
          counters.decodeErrors++;
          // HTTP 200 with grpc-status 3 in the trailers: h2load, which reads only the HTTP status, learns it from the report
          meter.failed();
          return callback({ code: grpc.status.INVALID_ARGUMENT, details: `cannot decode the message as ${codec.name}: ${firstLine(err)}` });
        }
      }
      counters.ok++;
      callback(null, ack);
    },
    /**
     * @param {UnaryCall} call
     * @param {grpc.sendUnaryData<Buffer>} callback
     */
    Get(call, callback) {
      if (served !== 'Get') return otherDirection('down', callback);
      const chosen = codecFor(call);
      if ('error' in chosen) return callback(chosen.error);
      const { codec, raw: rawHere } = chosen;
      let index;
      try {
        index = /** @type {{ index: number }} */ (/** @type {unknown} */ (fromBinary(service.getRequest, call.request))).index;
      } catch {
        counters.malformed++;
        meter.failed();
        return callback({ code: grpc.status.INVALID_ARGUMENT, details: `not a ${service.getRequest.typeName}` });
      }
      counters.ok++;
      if (!rawHere) return callback(null, codec.encodeMessage(index));
      counters.raw++;
      const key = `${codec.name}\0${index % codec.messageCount}`;
      let bytes = encodedOnce.get(key);
      if (!bytes) {
        bytes = codec.encodeMessage(index);
        encodedOnce.set(key, bytes);
      }
      callback(null, bytes);
    },
  };
  const method = (/** @type {string} */ path) => ({ path, requestStream: false, responseStream: false, requestSerialize: passThrough, requestDeserialize: passThrough, responseSerialize: passThrough, responseDeserialize: passThrough });
  const server = new grpc.Server({
    'grpc.max_receive_message_length': maxPayload,
    'grpc.max_send_message_length': -1,
  });
  server.addService({ Send: method(service.path('send')), Get: method(service.path('get')) }, handlers);
  const credentials = keys
    ? grpc.ServerCredentials.createSsl(null, [{ private_key: Buffer.from(keys.key), cert_chain: Buffer.from(keys.cert) }], false)
    : grpc.ServerCredentials.createInsecure();
  /** @type {Promise<number>} */
  const binding = new Promise((resolve, reject) => {
    quietBind(+1);
    const callback = (/** @type {Error|null} */ err, /** @type {number} */ p) => {
      quietBind(-1);
      if (!err) return resolve(p);
      const text = String(err.message);
      if (/EADDRINUSE|address already in use/i.test(text)) reject(new UserError(`port ${port} on ${host} is already in use`));
      else if (/EADDRNOTAVAIL|EACCES|ENOTFOUND|No address added/i.test(text)) reject(new UserError(`cannot listen on ${host}:${port}: ${text.split('\n')[0]}`));
      else reject(err);
    };
    try {
      server.bindAsync(hostPort(host, port), credentials, callback);
    } catch (err) {
      // thrown at once (a port of the wrong kind): no callback follows, so the logger is put back here
      quietBind(-1);
      reject(err);
    }
  });
  const bound = await binding;
  countOwnAnswers(server, new Set([service.path('send'), service.path('get')]), counters);
  const shown = net.isIPv6(host) ? `[${host}]` : host;

  function describe() {
    const seconds = (Date.now() - counters.startedAt) / 1000;
    const formats = Object.entries(counters.byFormat).map(([format, f]) => `${format}: ${counted(f.messages, 'message')}`);
    return [
      `server summary after ${seconds.toFixed(1)} s${raw ? ' (raw: no decoding)' : ''}: ${counted(counters.messages, 'message')}, ${counters.ok} answered OK, ${counters.raw} raw, `
        + `${counters.refused} refused (payload or format)`,
      `errors: ${counters.decodeErrors} decode (INVALID_ARGUMENT), ${counted(counters.malformed, 'malformed request')}, `
        + `${counters.tooLarge} over --max-payload (RESOURCE_EXHAUSTED), ${counted(counters.unknownMethod, 'call')} of unknown methods (UNIMPLEMENTED), `
        + `${counted(counters.otherDirection, 'call')} of the other direction's method (UNIMPLEMENTED: this server serves --direction ${direction}), `
        + `${counted(counters.notGrpc, 'request')} not gRPC (HTTP 415: no application/grpc content type)`,
      ...formats,
    ].join('\n');
  }

  return {
    url: `${keys ? 'https' : 'http'}://${shown}:${bound}`,
    host,
    port: bound,
    counters,
    describe,
    async close() {
      server.forceShutdown();
    },
  };
}

/**
 * Counts the statuses grpc-js sends before any handler of ours runs, which no handler or interceptor sees: UNIMPLEMENTED
 * for a path the service does not have (grpc-js answers it in its 'stream' listener, before making a call),
 * RESOURCE_EXHAUSTED for a message over grpc.max_receive_message_length (its call's own sendStatus, from the length
 * prefix, below the interceptors) and HTTP 415 for a request without an application/grpc content type (its
 * _verifyContentType; no grpc-status at all). Each is read where they leave, at the HTTP/2 stream: grpc-js's public API has no
 * hook on its HTTP/2 servers, so they are taken from its `http2Servers` (a Map keyed by them, grpc-js 1.10 to 1.14 at
 * least); a grpc-js without it fails here, loudly, rather than leave those answers uncounted. Our listener runs after
 * grpc-js's, and the status is read once the stream has closed: a trailers-only answer carries it in its headers,
 * any other in its trailers.
 * @param {grpc.Server} server bound
 * @param {Set<string>} paths the service's methods
 * @param {GrpcCounters} counters
 */
function countOwnAnswers(server, paths, counters) {
  const servers = /** @type {{ http2Servers?: unknown }} */ (/** @type {unknown} */ (server)).http2Servers;
  if (!(servers instanceof Map)) throw new Error(`@grpc/grpc-js ${libraryVersion('@grpc/grpc-js')}: no http2Servers map on its Server; grpc.js cannot count the answers grpc-js sends itself`);
  for (const h2 of /** @type {Map<import('node:http2').Http2Server, unknown>} */ (servers).keys()) {
    h2.on('stream', (stream, headers) => {
      stream.once('close', () => {
        const status = Number(stream.sentTrailers?.['grpc-status'] ?? stream.sentHeaders?.['grpc-status']);
        if (status === grpc.status.RESOURCE_EXHAUSTED) counters.tooLarge++;
        else if (Number(stream.sentHeaders?.[':status']) === 415) counters.notGrpc++;
        else if (status === grpc.status.UNIMPLEMENTED && !paths.has(String(headers[':path']))) counters.unknownMethod++;
      });
    });
  }
}

/**
 * Channel credentials that count: the given ones, with every TCP socket grpc-js opens kept, so its bytes (TLS
 * records included) can be read at the wire. grpc-js offers no other hook on its sockets; this one is the
 * ChannelCredentials contract its own credentials implement.
 */
class CountingCredentials extends grpc.ChannelCredentials {
  /** @param {grpc.ChannelCredentials} inner @param {import('node:net').Socket[]} sockets */
  constructor(inner, sockets) {
    super();
    this.inner = inner;
    this.sockets = sockets;
  }

  _isSecure() {
    return this.inner._isSecure();
  }

  /**
   * @param {grpc.ChannelCredentials} other
   * @returns {boolean}
   */
  _equals(other) {
    return other === this;
  }

  /**
   * @param {Parameters<grpc.ChannelCredentials['_createSecureConnector']>[0]} target
   * @param {Parameters<grpc.ChannelCredentials['_createSecureConnector']>[1]} options
   * @param {Parameters<grpc.ChannelCredentials['_createSecureConnector']>[2]} callCredentials
   * @returns {ReturnType<grpc.ChannelCredentials['_createSecureConnector']>}
   */
  _createSecureConnector(target, options, callCredentials) {
    const connector = this.inner._createSecureConnector(target, options, callCredentials);
    const { sockets } = this;
    return {
      connect(/** @type {import('node:net').Socket} */ socket) {
        sockets.push(socket);
        return connector.connect(socket);
      },
      waitForReady: () => connector.waitForReady(),
      getCallCredentials: () => connector.getCallCredentials(),
      destroy: () => connector.destroy(),
    };
  }
}

const controlMetadata = (/** @type {'mark'|'report'} */ op) => {
  const m = new grpc.Metadata();
  m.set(METADATA.control, op);
  return m;
};


/**
 * What a failed call means for the accounting.
 * @param {grpc.ServiceError} err
 */
export function answerStatus(err) {
  return err.code === grpc.status.INVALID_ARGUMENT ? ANSWER.decodeError : ANSWER.error;
}

/**
 * @param {import('./index.js').ClientOptions} options
 * @returns {Promise<import('./index.js').TransportClient>}
 */
async function createClient({ url, codec, direction, window, connections, compress, tls: trust, raw, identity, timeoutMs = 10000, onAnswer, onLost, onClosed, schema }) {
  if (codec.textual) throw new UserError(`--format ${codec.name}: gRPC carries protobuf's binary wire format (${PROTOBUF_CODECS.join(', ')}), not text`);
  const service = loadService(schema, TRANSPORT_NAME);
  const target = new URL(url);
  const address = `${target.hostname}:${target.port || (trust ? 443 : 80)}`;
  /** @type {import('node:net').Socket[]} */
  const sockets = [];
  const inner = trust ? grpc.credentials.createSsl(Buffer.from(trust.ca)) : grpc.credentials.createInsecure();
  const options = {
    // one connection per client: grpc-js would otherwise share one subchannel between clients of the same target
    'grpc.use_local_subchannel_pool': 1,
    'grpc.max_receive_message_length': -1,
    ...(trust ? { 'grpc.ssl_target_name_override': 'localhost', 'grpc.default_authority': 'localhost' } : {}),
    ...(compress && direction === 'up' ? { 'grpc.default_compression_algorithm': GZIP } : {}),
  };
  const links = Array.from({ length: connections }, () => ({ client: new grpc.Client(address, new CountingCredentials(inner, sockets), options), inFlight: 0, gone: false }));
  const metadata = new grpc.Metadata();
  metadata.set(METADATA.format, codec.name);
  if (raw) metadata.set(METADATA.raw, '1');
  const path = service.path(direction === 'up' ? 'send' : 'get');
  const getRequest = (/** @type {number} */ seq) => Buffer.from(toBinary(service.getRequest, create(service.getRequest, { index: seq })));
  const serialize = direction === 'up' ? (/** @type {number} */ seq) => codec.encodeMessage(seq) : getRequest;
  /** @type {(link: (typeof links)[number], seq: number, md: grpc.Metadata, done: grpc.requestCallback<Buffer>) => grpc.ClientUnaryCall} */
  const call = (link, seq, md, done) => link.client.makeUnaryRequest(path, serialize, passThrough, seq, md, {}, done);

  let closing = false;
  const closeAll = () => {
    closing = true;
    for (const link of links) link.client.close();
  };
  try {
    await Promise.all(links.map((link) => new Promise((resolve, reject) => {
      link.client.waitForReady(Date.now() + timeoutMs, (err) => (err ? reject(new UserError(`cannot connect to ${url}: ${err.message}`)) : resolve(undefined)));
    })));
    // each connection's first call carries the payload's identity: the server refuses another payload
    const probe = metadata.clone();
    if (identity) {
      probe.set(METADATA.payload, identity.hash);
      probe.set(METADATA.name, encodeURIComponent(identity.id));
    }
    await Promise.all(links.map((link) => new Promise((resolve, reject) => {
      call(link, 0, probe, (err) => (err ? reject(new UserError(`${url}: server refused: ${err.details || err.message}`)) : resolve(undefined)));
    })));
  } catch (err) {
    closeAll();
    throw err;
  }
  // a connection that leaves READY (the server closed it: GOAWAY or the socket ended) is gone for this pass; grpc-js
  // would connect again on the next call, a benchmark's pass does not
  let closedCalled = false;
  for (const link of links) {
    const channel = link.client.getChannel();
    const watch = (/** @type {grpc.connectivityState} */ state) => {
      channel.watchConnectivityState(state, Infinity, () => {
        const now = channel.getConnectivityState(false);
        if (closing) return;
        if (now === grpc.connectivityState.READY) return watch(now);
        link.gone = true;
        if (!closedCalled && links.every((l) => l.gone)) {
          closedCalled = true;
          onClosed?.();
        }
      });
    };
    watch(channel.getConnectivityState(false));
  }
  return {
    capacity: window * links.length,
    send(seq) {
      /** @type {(typeof links)[number] | null} */
      let link = null;
      for (const l of links) if (!l.gone && (!link || l.inFlight < link.inFlight)) link = l;
      if (!link) return false;
      const chosen = link;
      chosen.inFlight++;
      call(chosen, seq, metadata, (err, bytes) => {
        chosen.inFlight--;
        // UNAVAILABLE: grpc-js's status for a call whose connection dropped (this server never sends it): lost, not an answer
        if (err?.code === grpc.status.UNAVAILABLE) return void onLost?.(seq);
        if (err) return onAnswer(seq, answerStatus(err));
        if (direction === 'down') {
          try {
            if (!bytes) throw new Error('an answer without a message');
            codec.decode(bytes);
          } catch {
            return onAnswer(seq, ANSWER.decodeError);
          }
        }
        onAnswer(seq, ANSWER.ok);
      });
      return true;
    },
    wireBytes: () => sockets.reduce((n, s) => ({ up: n.up + s.bytesWritten, down: n.down + s.bytesRead }), { up: 0, down: 0 }),
    // over the first connection, ahead of the pass's calls (HTTP/2 keeps their order)
    mark() {
      links[0].client.makeUnaryRequest(service.path('send'), passThrough, passThrough, Buffer.alloc(0), controlMetadata('mark'), {}, () => {});
    },
    report() {
      return new Promise((resolve) => {
        links[0].client.makeUnaryRequest(service.path('send'), passThrough, passThrough, Buffer.alloc(0), controlMetadata('report'), { deadline: Date.now() + 2000 },
          (err, bytes) => resolve(err || !bytes ? null : parseServerReport(bytes.toString('utf8'))));
      });
    },
    async close() {
      closeAll();
    },
  };
}

/**
 * gRPC's bytes per message beyond the codec's, both directions, in steady state (warm HPACK tables), as
 * grpc-js 1.14 sends them; test/e2e/rpc-transports.test.js counts them at the socket. Request: HEADERS (the
 * :path as a literal; :method, :scheme, :authority, content-type, te, user-agent, grpc-accept-encoding and
 * the bench-format metadata indexed), one DATA frame with the 5-byte message prefix and
 * END_STREAM. Answer: HEADERS (:status, content-type, grpc-accept-encoding...), DATA with the prefix, and
 * trailers (grpc-status, grpc-message) as a last HEADERS frame; and the WINDOW_UPDATEs each receiver sends.
 * For 'down', the GetRequest counts as framing. With tls, TLS 1.3's record bytes (tls-records.js) for those writes.
 * @param {{ payloadBytes: number, direction: 'up'|'down', compress: string|null, tls?: boolean, path?: string, index?: number }} options
 * @returns {{ up: number, down: number }}
 */
export function grpcFramingBytes({ payloadBytes, direction, compress = null, tls = false, path, index = TYPICAL_INDEX }) {
  const up = direction === 'up';
  path ??= up ? '/bench.Bench/Send' : '/bench.Bench/Get';
  const requestBody = up ? payloadBytes : index === 0 ? 0 : 1 + varintBytes(index);
  const answerBody = up ? 0 : payloadBytes;
  // grpc-encoding: gzip is one more indexed header on the compressing side (the client's: grpc-js's server never compresses)
  const requestHpack = 1 + hpackLiteralBytes(path) + 8 + (compress && up ? 1 : 0);
  const answerHpack = 5;
  const request = H2_FRAME + requestHpack + H2_FRAME + PREFIX + requestBody;
  const answer = H2_FRAME + answerHpack + H2_FRAME + PREFIX + answerBody + H2_FRAME + TRAILERS_HPACK;
  // with TLS: the request leaves in one write; the answer's HEADERS and DATA in one, its trailers in another
  const trailers = H2_FRAME + TRAILERS_HPACK;
  return withTlsRecords({
    up: request - (up ? payloadBytes : 0) + windowUpdates(PREFIX + answerBody),
    down: answer - (up ? 0 : payloadBytes) + windowUpdates(PREFIX + requestBody),
  }, tls, { up: [request], down: [answer - trailers, trailers] });
}
