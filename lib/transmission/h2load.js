/**
 * h2load (nghttp2's HTTP/2 load generator, Debian's nghttp2-client) as the load generator of a capacity search on
 * the HTTP/2 transports, http2, connect-h2 and grpc, and on http1 and connect over HTTP/1.1 (so that REST/JSON and
 * gRPC/protobuf meet the same load generator). The toolkit's own clients of the first three are node:http2 sessions, which
 * cost ~200 µs of client CPU a message and pause 10–25 ms for scavenges on Node 20 (~10 on Node 24): they run out
 * long before the server does (a capacity run read http2 at 2,000–3,750 msgs/s, client-bound, where h2load drove
 * the same server at 20,000 msgs/s open loop with p99 3.4 ms). h2load is C on nghttp2; it sends one body (the
 * corpus's first message, as the toolkit's client frames it) at a fixed rate per connection (--rps) with
 * --window streams each, and logs every request's start, status and duration (--log-file), from which the
 * percentiles are taken. Its latency counts from the actual send: when streams run out, h2load holds requests
 * back (coordinated omission), so a probe also fails when the pass took longer than its schedule.
 *
 * The pure parts (the request a transport expects, h2load's arguments, its summary and log) are exported for tests;
 * h2loadPass runs one pass.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import path from 'node:path';
import { endWithThisProcess } from '../child-process.js';
import { UserError } from '../errors.js';
import { tempFolder } from '../files.js';
import { createLatency } from './latency.js';
import { loadService } from './transports/rpc-service.js';
import { CONNECT_FORMATS } from './transports/connect-formats.js';

/**
 * The transports h2load can drive: a request per message, over HTTP/2, and http1 and connect over HTTP/1.1 (`--h1`).
 * http1's streams per connection are its requests pipelined; Connect's HTTP/1.1 client sends one request at a time on
 * each of its connections, whatever the window, so h2load does the same for it (h2loadLoad).
 */
export const H2LOAD_TRANSPORTS = ['http1', 'http2', 'connect', 'connect-h2', 'grpc'];


/**
 * h2load's version ("1.52.0"), or null when it is not on the PATH.
 * @param {string} [bin]
 */
export function h2loadVersion(bin = 'h2load') {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 5000 });
  if (r.error || r.status !== 0) return null;
  return /nghttp2\/(\S+)/.exec(r.stdout)?.[1] ?? null;
}

/** The oldest h2load every pass can run: --rps, which paces a pass, came with nghttp2 1.44.0 (Debian 11 ships 1.43.0). */
export const H2LOAD_MIN_VERSION = '1.44.0';

/**
 * Whether a dotted version is at least another ("1.52.0" ≥ "1.44.0"; a missing part counts 0).
 * @param {string} version
 * @param {string} least
 */
export function atLeastVersion(version, least) {
  const a = version.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const b = least.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/**
 * h2load's version and why it cannot be used here (not on the PATH, or older than H2LOAD_MIN_VERSION), or null.
 * @param {string} [bin]
 * @returns {{ version: string|null, problem: string|null }}
 */
export function h2loadProblem(bin = 'h2load') {
  const version = h2loadVersion(bin);
  if (!version) return { version, problem: 'h2load is not on the PATH (Debian/Ubuntu: apt-get install nghttp2-client)' };
  if (!atLeastVersion(version, H2LOAD_MIN_VERSION)) return { version, problem: `h2load ${version} is older than ${H2LOAD_MIN_VERSION}, the first with --rps, which paces every pass` };
  return { version, problem: null };
}

/**
 * The version of h2load to run, or a UserError saying what is wrong with the one here (missing, or too old).
 * @param {string} [bin]
 * @param {string} [option] the option that asked for it, named in the error
 */
export function requireH2load(bin = 'h2load', option = '--load-generator h2load') {
  const { version, problem } = h2loadProblem(bin);
  if (problem || !version) throw new UserError(`${option}: ${problem}`);
  return version;
}

/**
 * Who sends a capacity run, as asked (benchmark_transport.js --load-generator, npm start's --capacity): 'toolkit', the
 * toolkit's own clients; 'h2load', which must be here and 1.44.0 or later (one line saying what is wrong otherwise);
 * 'auto', h2load where a usable one is on the PATH and can send what the run asks (uploads, plain, no client worker
 * threads), else the toolkit's clients with the reason (`why`, printed with the capacity table). Another value: one
 * line naming the option.
 * @param {string} value
 * @param {{ option: string, direction?: string, compress?: string|null, tls?: boolean, clientWorkers?: number, bin?: string }} o
 *   option: how the run spells the choice, named in its errors ("--load-generator", "--capacity")
 * @returns {{ name: 'toolkit', why?: string } | { name: 'h2load', version: string }}
 */
export function chooseLoadGenerator(value, { option, direction = 'up', compress = null, tls = false, clientWorkers = 1, bin = 'h2load' }) {
  if (value === 'toolkit') return { name: 'toolkit' };
  if (value === 'h2load') return { name: 'h2load', version: requireH2load(bin, `${option} h2load`) };
  if (value !== 'auto') throw new UserError(`${option} ${value}: give auto, toolkit or h2load`);
  if (direction !== 'up' || compress || tls) return { name: 'toolkit', why: 'h2load sends uploads only, without --compress or --tls' };
  if (clientWorkers > 1) return { name: 'toolkit', why: `--client-workers ${clientWorkers} asks for the toolkit's clients` };
  const { version, problem } = h2loadProblem(bin);
  return problem || !version ? { name: 'toolkit', why: problem ?? 'no h2load' } : { name: 'h2load', version };
}

/**
 * How a run names its load generator: "toolkit", or "h2load VERSION".
 * @param {{ name: 'toolkit' } | { name: 'h2load', version: string }} generator
 */
export const loadGeneratorLabel = (generator) => (generator.name === 'h2load' ? `h2load ${generator.version}` : 'toolkit');

/**
 * The settings fields that name a run's load generator: `loadGenerator` (loadGeneratorLabel) and, where the choice fell
 * to the toolkit's clients for a reason (h2load missing, too old, or the run's direction), `loadGeneratorWhy`.
 * @param {{ name: 'toolkit', why?: string } | { name: 'h2load', version: string }} generator
 * @returns {{ loadGenerator: string, loadGeneratorWhy?: string }}
 */
export const loadGeneratorSettings = (generator) => ({
  loadGenerator: loadGeneratorLabel(generator), ...('why' in generator && generator.why ? { loadGeneratorWhy: generator.why } : {}),
});

/**
 * The request a transport's server takes for one uploaded message, as its own client sends it: path, headers,
 * body and the answer that means "decoded" (gRPC's is in the trailers: grpc-status 0).
 * @param {string} transport http1, http2, connect, connect-h2 or grpc
 * @param {{ name: string, mediaType: string, encodeMessage(i: number): Uint8Array }} codec a wire codec
 * @param {import('../payload/index.js').Payload['schema']} schema
 * @returns {{ path: string, headers: Record<string, string>, body: Buffer, status: number, grpc: boolean, h1: boolean, serial: boolean }}
 *   h1: over HTTP/1.1; serial: one request at a time on each connection, whatever the window (Connect's HTTP/1.1
 *   client: a keep-alive agent of one socket per connection, no pipelining)
 */
export function h2loadRequest(transport, codec, schema) {
  const bytes = Buffer.from(codec.encodeMessage(0));
  if (transport === 'http2' || transport === 'http1') {
    return { path: `/${encodeURIComponent(codec.name)}`, headers: { 'content-type': codec.mediaType }, body: bytes, status: 204, grpc: false, h1: transport === 'http1', serial: false };
  }
  if (transport === 'connect-h2' || transport === 'connect') {
    const type = CONNECT_FORMATS[codec.name]?.contentType;
    if (!type) throw new UserError(`--load-generator h2load: ${transport} carries protobuf-es and protobuf-es-json, not ${codec.name}`);
    const h1 = transport === 'connect';
    return { path: loadService(schema, transport).path('send'), headers: { 'content-type': type, 'connect-protocol-version': '1' }, body: bytes, status: 200, grpc: false, h1, serial: h1 };
  }
  if (transport === 'grpc') {
    // the length-prefixed message: a flag byte (0, uncompressed) and the length, big-endian
    const prefix = Buffer.alloc(5);
    prefix.writeUInt32BE(bytes.length, 1);
    return { path: loadService(schema, transport).path('send'), headers: { 'content-type': 'application/grpc', te: 'trailers' }, body: Buffer.concat([prefix, bytes]), status: 200, grpc: true, h1: false, serial: false };
  }
  throw new UserError(`--load-generator h2load: drives ${H2LOAD_TRANSPORTS.join(', ')}, not ${transport}`);
}

/**
 * The connections h2load opens and the streams on each, as the transport's own client keeps them on the wire: given
 * `connections` and the messages in flight on each (model.js's inFlight: HTTP/2's window, http1's pipelining), the
 * same; for Connect over HTTP/1.1, whose client sends one request at a time on each connection whatever the window,
 * one stream a connection.
 * @param {{ serial: boolean }} request h2loadRequest's
 * @param {{ connections: number, window: number }} load
 */
export const h2loadLoad = (request, { connections, window }) => (request.serial ? { connections, window: 1 } : { connections, window });

/**
 * h2load's arguments for one pass: `messages` requests over `connections` connections with `window` streams each
 * (HTTP/1.1, `h1`: requests pipelined), at `rate` msgs/s in all (each connection rate ÷ connections), the body from
 * a file, every request logged.
 * @param {{ url: string, path: string, headers: Record<string, string>, bodyFile: string, logFile: string, messages: number,
 *   rate: number, connections: number, window: number, h1?: boolean }} o
 */
export function h2loadArgs({ url, path: where, headers, bodyFile, logFile, messages, rate, connections, window, h1 = false }) {
  return [
    ...(h1 ? ['--h1'] : []), '-n', String(messages), '-c', String(connections), '-m', String(window), `--rps=${rate / connections}`,
    // a connection with nothing coming back for 10 s is closed, its requests counted timed out: a server that stopped
    // answering fails the probe instead of hanging it
    '-N', '10',
    '-d', bodyFile, `--log-file=${logFile}`,
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    new URL(where, url).href,
  ];
}

/**
 * The summary h2load prints: the pass's seconds, requests done and succeeded (2xx), failed, errored and timed out,
 * and the status classes; null when the text is not h2load's summary.
 * @param {string} text
 */
export function parseH2loadSummary(text) {
  const finished = /finished in ([\d.]+)(us|ms|s),/.exec(text);
  const requests = /requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(text);
  const codes = /status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/.exec(text);
  if (!finished || !requests || !codes) return null;
  const [total, started, done, succeeded, failed, errored, timeout] = requests.slice(1).map(Number);
  return {
    seconds: Number(finished[1]) / { us: 1e6, ms: 1000, s: 1 }[/** @type {'us'|'ms'|'s'} */ (finished[2])],
    total, started, done, succeeded, failed, errored, timeout,
    status: { '2xx': Number(codes[1]), '3xx': Number(codes[2]), '4xx': Number(codes[3]), '5xx': Number(codes[4]) },
  };
}

/**
 * h2load's per-request log (start µs since the epoch, status, µs until the end of the answer, tab-separated): the
 * latencies of the requests answered with `status`, in HDR histograms (latency.js, as the toolkit's own clients
 * record theirs), how many were, and how many had another status.
 *
 * `latency` is h2load's own, from each request's actual send. `scheduled` counts from a uniform schedule instead
 * (request i, in order of start, due i ÷ rate after the first; one that started later adds the delay), as the
 * toolkit's open-loop clients count (coordinated omission). It is kept beside, not judged: h2load's --rps timer
 * releases the requests that fell due over the last 10 ms at once, so against a uniform schedule every request is up
 * to 10 ms late by h2load's own design, and a 10 ms p99 target would fail at any rate (a run with it judged read
 * grpc at 923 msgs/s and http2 at 3,250, both sides idle). What `latency` leaves out, requests held inside h2load
 * while a connection's streams are full, shows as a pass that falls behind its schedule (keptSchedule).
 * @param {string} text
 * @param {number} status
 * @param {number} rate msgs/s of the pass, over all connections
 */
export function readH2loadLog(text, status, rate) {
  /** @type {Array<[number, number, number]>} start µs, status, duration µs */
  const requests = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [start, code, us] = line.split('\t').map(Number);
    requests.push([start, code, us]);
  }
  requests.sort((a, b) => a[0] - b[0]);
  const scheduled = createLatency();
  const latency = createLatency();
  let answered = 0;
  let otherStatus = 0;
  const first = requests[0]?.[0] ?? 0;
  requests.forEach(([start, code, us], i) => {
    if (code !== status || !Number.isFinite(us) || us < 0) {
      otherStatus++;
      return;
    }
    answered++;
    const late = Math.max(0, start - (first + (i * 1e6) / rate));
    scheduled.record((late + us) / 1000);
    latency.record(us / 1000);
  });
  return { latency: latency.summary(), scheduled: scheduled.summary(), answered, otherStatus };
}

/**
 * The CPU time, in µs, of this process's children that have ended (/proc/self/stat's cutime and cstime, in clock
 * ticks of 10 ms), as the kernel split it into user and system time, or null where there is no /proc. The difference
 * around one h2load run is that run's CPU.
 * @returns {{ user: number, system: number }|null}
 */
export function endedChildrenCpuUs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line: 14 and 15 here, after pid and comm
    const user = Number(fields[13]) * 1e4;
    const system = Number(fields[14]) * 1e4;
    return Number.isFinite(user) && Number.isFinite(system) ? { user, system } : null;
  } catch {
    return null;
  }
}

/**
 * h2load's CPU per message acked over one run, from endedChildrenCpuUs before and after it: the total and its user and
 * system parts (each null without /proc or without an answer).
 * @param {{ user: number, system: number }|null} before
 * @param {{ user: number, system: number }|null} after
 * @param {number} acked
 */
export function childCpuPerMessage(before, after, acked) {
  if (!before || !after || !acked) return { clientCpuUs: null, clientUserUs: null, clientSystemUs: null };
  const user = (after.user - before.user) / acked;
  const system = (after.system - before.system) / acked;
  return { clientCpuUs: user + system, clientUserUs: user, clientSystemUs: system };
}

/**
 * Sends the request once over node:http2 and says what is wrong with its answer (null: the server decoded it), so
 * that a body or header the server refuses is found before h2load sends it thousands of times (h2load counts any
 * 2xx as success and never reads gRPC's trailers).
 * @param {string} url
 * @param {ReturnType<typeof h2loadRequest>} request
 * @param {number} [timeoutMs] a server that does not answer in this long is named too
 * @returns {Promise<string|null>}
 */
export function checkH2loadRequest(url, request, timeoutMs = 5000) {
  if (request.h1) return checkH1Request(url, request, timeoutMs);
  return new Promise((resolve) => {
    const session = http2.connect(url);
    const timer = setTimeout(() => { session.destroy(); resolve(`${request.path}: no answer in ${timeoutMs / 1000} s`); }, timeoutMs);
    session.on('close', () => clearTimeout(timer));
    session.on('error', (err) => { session.destroy(); resolve(`cannot reach ${url}: ${err.message}`); });
    const stream = session.request({ ':method': 'POST', ':path': request.path, ...request.headers });
    let status = 0;
    /** @type {string|undefined} */
    let grpcStatus;
    let text = '';
    stream.on('response', (h) => {
      status = Number(h[':status']);
      if (h['grpc-status'] !== undefined) grpcStatus = String(h['grpc-status']);
    });
    stream.on('trailers', (h) => { if (h['grpc-status'] !== undefined) grpcStatus = String(h['grpc-status']); });
    stream.setEncoding('utf8');
    stream.on('data', (d) => { text += d; });
    stream.on('error', (err) => resolve(`${request.path}: ${err.message}`));
    stream.on('close', () => {
      session.close();
      if (status !== request.status) resolve(`${request.path} answered ${status || 'nothing'} (expected ${request.status})${text ? `: ${text.trim().slice(0, 200)}` : ''}`);
      else if (request.grpc && grpcStatus !== '0') resolve(`${request.path} answered grpc-status ${grpcStatus ?? '(none)'}`);
      else resolve(null);
    });
    stream.end(request.body);
  });
}

/**
 * checkH2loadRequest over HTTP/1.1.
 * @param {string} url
 * @param {ReturnType<typeof h2loadRequest>} request
 * @param {number} timeoutMs
 * @returns {Promise<string|null>}
 */
function checkH1Request(url, request, timeoutMs) {
  return new Promise((resolve) => {
    // agent: false, so its connection closes after the answer instead of idling beside h2load's
    const req = http.request(new URL(request.path, url), { method: 'POST', agent: false, timeout: timeoutMs, headers: { ...request.headers, 'content-length': request.body.length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve(res.statusCode === request.status ? null
        : `${request.path} answered ${res.statusCode} (expected ${request.status})${text ? `: ${text.trim().slice(0, 200)}` : ''}`));
    });
    req.on('timeout', () => { req.destroy(); resolve(`${request.path}: no answer in ${timeoutMs / 1000} s`); });
    req.on('error', (err) => resolve(`cannot reach ${url}: ${err.message}`));
    req.end(request.body);
  });
}

/**
 * Whether a pass kept to its rate: it took at most 2.5% (and 10 ms, for h2load's connecting and the last answer)
 * longer than `messages ÷ rate`. Unsaturated passes here took 1–2% longer (h2load's own start and its timer); a
 * server that fell behind stretched them by 5–20%, while h2load's latencies, timed from each late send, stayed low.
 * @param {number} seconds the pass's, as h2load timed it
 * @param {number} scheduledSeconds
 */
export const keptSchedule = (seconds, scheduledSeconds) => seconds <= scheduledSeconds * 1.025 + 0.01;

/**
 * One h2load pass at a fixed rate against a running server, with the server's own figures over it.
 * @param {object} o
 * @param {string} o.url the server's origin
 * @param {ReturnType<typeof h2loadRequest>} o.request
 * @param {number} o.rate msgs/s over all connections
 * @param {number} o.messages at least one a connection (h2load refuses fewer)
 * @param {number} o.connections
 * @param {number} o.window streams per connection
 * @param {{ mark(): Promise<void>, report(): Promise<import('./server-meter.js').ServerReport|null> }} o.serverControl
 * @param {string} [o.bin]
 * @param {number} [o.timeoutMs] h2load is killed after this (default: three times the schedule and 10 s)
 * @returns {Promise<{ messages: number, acked: number, errors: number, seconds: number, scheduledSeconds: number, msgsPerSec: number,
 *   latencyMs: { p50: number|null, p99: number|null, max: number|null }, latencyScheduledMs: { p50: number|null, p99: number|null, max: number|null },
 *   server: import('./server-meter.js').ServerReport|null,
 *   clientCpuUs: number|null, clientUserUs: number|null, clientSystemUs: number|null, onSchedule: boolean, load: { connections: number, streams: number },
 *   failure?: string }>} acked: requests answered with the expected status; load: the connections h2load opened and the streams (or pipelined
 *   requests) on each; latencyMs from each request's actual send, latencyScheduledMs from a uniform schedule (readH2loadLog); clientCpuUs: h2load's
 *   CPU per message, clientUserUs and clientSystemUs its user and system parts (childCpuPerMessage); onSchedule: the pass took at most 2.5% (and 10 ms) longer than its schedule
 */
export async function h2loadPass({ url, request, rate, messages: asked, connections, window, serverControl, bin = 'h2load', timeoutMs }) {
  // h2load refuses fewer requests than connections
  const messages = Math.max(asked, connections);
  // removed at the end, or (the run interrupted: its signal handler exits at once) when the process exits
  const { dir, remove } = tempFolder('pvj-h2load-');
  try {
    const bodyFile = path.join(dir, 'body');
    const logFile = path.join(dir, 'log.tsv');
    fs.writeFileSync(bodyFile, request.body);
    const scheduledSeconds = messages / rate;
    const args = h2loadArgs({ url, path: request.path, headers: request.headers, bodyFile, logFile, messages, rate, connections, window, h1: request.h1 });
    await serverControl.mark();
    const cpuBefore = endedChildrenCpuUs();
    const { code, stdout, stderr } = await run(bin, args, timeoutMs ?? scheduledSeconds * 3000 + 10000);
    const cpuAfter = endedChildrenCpuUs();
    const server = await serverControl.report();
    const summary = parseH2loadSummary(stdout);
    if (!summary) {
      // killed, or ended before it could sum up (every connection refused): a pass with nothing answered, and why
      const failure = `h2load exited ${code ?? 'killed'}: ${(stderr || stdout).trim().split('\n').slice(-2).join(' / ') || 'no output'}`;
      const none = { p50: null, p99: null, max: null };
      return { messages, acked: 0, errors: messages, seconds: scheduledSeconds, scheduledSeconds, msgsPerSec: 0, latencyMs: none, latencyScheduledMs: none, server, clientCpuUs: null, clientUserUs: null, clientSystemUs: null, onSchedule: false, load: { connections, streams: window }, failure };
    }
    const log = readH2loadLog(fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '', request.status, rate);
    // h2load counts every answer with the expected HTTP status; the server says how many messages it failed where no
    // HTTP status shows it (gRPC's trailers), and, when every process of it reported, how many it took at all (grpc-js
    // refuses some before the handler): only what both count as good is answered
    const failed = server?.failed ?? 0;
    const whole = server != null && (server.workers === undefined || server.answered === server.workers);
    const acked = Math.max(0, Math.min(log.answered - failed, whole ? server.messages - failed : Infinity));
    return {
      messages, acked, errors: messages - acked, seconds: summary.seconds, scheduledSeconds,
      msgsPerSec: summary.seconds > 0 ? acked / summary.seconds : 0,
      latencyMs: { p50: log.latency.p50, p99: log.latency.p99, max: log.latency.max },
      latencyScheduledMs: { p50: log.scheduled.p50, p99: log.scheduled.p99, max: log.scheduled.max },
      server, ...childCpuPerMessage(cpuBefore, cpuAfter, acked),
      onSchedule: keptSchedule(summary.seconds, scheduledSeconds), load: { connections, streams: window },
    };
  } finally {
    remove();
  }
}

/**
 * @param {string} bin
 * @param {string[]} args
 * @param {number} timeoutMs
 * @returns {Promise<{ code: number|null, stdout: string, stderr: string }>}
 */
function run(bin, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // not left sending when the run is ended by a signal
    if (child.pid !== undefined) endWithThisProcess(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => { clearTimeout(timer); reject(err); });
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}
