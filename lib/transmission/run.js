import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startProcess } from '../child-process.js';
import { UserError } from '../errors.js';
import { startLinkEmulator } from './shaping/emulator.js';
import { ROOT } from '../paths.js';
import { BUNDLED, describePayload } from '../payload/index.js';
import { resolveProfile } from './shaping/profiles.js';
import { chooseShaper, startOsShaper } from './shaping/os.js';
import { describeCodec } from '../verify.js';
import { largestMessageBytes, payloadBytesSent, payloadIdentity, prepareWireCodecs } from './wire-codec.js';
import { createLatency } from './latency.js';
import { drivePass } from './accounting.js';
import { summariseTransmissionRounds, pairVerdicts } from './rounds.js';
import { complete } from './outcome.js';
import { checkSettings, DEFAULT_TRANSPORT, loadTransport } from './transports/index.js';
import { inFlight } from './model.js';
import { describePlacement, detectPlacement, pinProcess, withClientPinned } from './placement.js';
import { watchGcPauses } from './gc-pauses.js';
import { burstAt, CPU_AT_RATE_PASSES, CPU_AT_RATE_SECONDS, CPU_AT_RATE_SERVERS, IDLE_WINDOWS, idleSecondsFor, idleSubtracting, messagesAtRate, netCpuUs, probeSummary, ratePairs, rateSlots, ratesSettled, summariseRatePasses } from './cpu-at-rate.js';
import { alternate } from '../measure/statistics.js';
import { deathsNote } from './server-workers.js';
import { searchRate } from './rate-search.js';

// what server.js needs too, kept where loading it does not load the client's machinery
export { payloadIdentity, prepareWireCodecs } from './wire-codec.js';

/**
 * The command-line arguments that make server.js load the same payload.
 * @param {import('../payload/index.js').Payload} payload
 */
export function payloadArgs(payload) {
  const bundled = BUNDLED.find((b) => b.dataFile === payload.dataFile && payload.schemaSource === path.relative(ROOT, b.protoFile));
  if (bundled) return [String(bundled.n)];
  const args = ['--data', payload.dataFile, ...(payload.records !== undefined ? ['--records', payload.records] : [])];
  if (payload.schemaSource !== 'inferred') args.push('--proto', payload.schemaSource, '--type', payload.schema.typeName);
  for (const dir of payload.schema.protoPaths ?? []) args.push('--proto-path', dir);
  return args;
}

/**
 * The server settings of a pass as server.js's options.
 * @param {{ transport?: string, direction?: string, compress?: string|null, tls?: boolean }} s
 */
export function serverArgs({ transport = DEFAULT_TRANSPORT, direction = 'up', compress = null, tls = false }) {
  return ['--transport', transport, '--direction', direction, ...(compress ? ['--compress', compress] : []), ...(tls ? ['--tls'] : [])];
}

/**
 * Starts server.js as a child process (its own core, as in real use) and
 * resolves once it prints `listening on SCHEME://HOST:PORT`. The child is tied to
 * this process by an IPC channel and exits when it closes, so it never
 * outlives its parent, however the parent ends; signal handling stays with
 * the entry points. The same channel carries the server's CPU accounting
 * (control.mark(), control.report()) and, with --tls, its certificate.
 * With a placement plan (placement.js) that gives the server cores, the child is pinned to them as soon as it
 * exists (before it loads anything), and `placement` says where it ran, or why it could not be pinned.
 * @param {{ payload: import('../payload/index.js').Payload, formats: string[], raw?: boolean, host?: string, port?: number, extraArgs?: string[],
 *   plan?: ReturnType<typeof detectPlacement> }} options
 */
export function startServerProcess({ payload, formats, raw = false, host = '127.0.0.1', port = 0, extraArgs = [], plan = detectPlacement({ mode: 'off' }) }) {
  const args = [path.join(ROOT, 'server.js'), ...payloadArgs(payload), '--formats', formats.join(','),
    '--host', host, '--port', String(port), ...(raw ? ['--raw'] : []), ...extraArgs];
  const server = startProcess(process.execPath, args, { ipc: true, env: { PORT: '', BENCH_SERVER_CHILD: 'ipc' } });
  const { child } = server;
  const pinProblem = plan.server && child.pid !== undefined ? pinProcess(child.pid, plan.server) : null;
  const placement = describePlacement(pinProblem ? { ...plan, pinned: false, server: null, client: null, note: `not pinned: ${pinProblem}` } : plan);
  // the channel must not keep this process alive on its own
  child.channel?.unref();
  /** @type {(cert: string) => void} */
  let gotCert = () => {};
  const certificate = new Promise((resolve) => { gotCert = resolve; });
  /** @type {Map<number, (report: unknown) => void>} */
  const waiting = new Map();
  let nextId = 0;
  child.on('message', (/** @type {unknown} */ message) => {
    if (message === null || typeof message !== 'object') return;
    /** @type {{ op?: unknown, cert?: unknown, id?: unknown, report?: unknown }} what server.js sends: its certificate, or an answer */
    const m = message;
    if (m.op === 'tls' && typeof m.cert === 'string') gotCert(m.cert);
    const w = typeof m.id === 'number' ? waiting.get(m.id) : undefined;
    if (w) {
      waiting.delete(/** @type {number} */ (m.id));
      if (!waiting.size) child.channel?.unref();
      w(m.report ?? null);
    }
  });
  /** @param {string} op */
  const ask = (op) => new Promise((resolve) => {
    if (!child.connected) return resolve(null);
    const id = ++nextId;
    waiting.set(id, resolve);
    child.channel?.ref();
    child.send({ op, id });
  });
  server.exited.then(() => { for (const w of waiting.values()) w(null); waiting.clear(); });
  /** @type {Promise<string>} */
  const ready = new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      const m = /^listening on ([a-z]+:\/\/\S+)$/m.exec(server.output().stdout);
      if (m) resolve(m[1]);
    });
    server.exited.then(({ code, error, stdout, stderr }) => reject(error
      ?? new Error(`server.js exited (${code}) before listening: ${stderr.trim() || stdout.trim()}`)));
  });
  const tls = extraArgs.includes('--tls');
  return ready.then(async (url) => ({
    url,
    child,
    /** Where the server (and, by the same plan, the client) runs. */
    placement,
    /** The certificate a --tls server made (PEM), for the client to trust; null without TLS. */
    cert: tls ? /** @type {string} */ (await certificate) : null,
    /** The server's CPU accounting over IPC. */
    control: {
      mark: async () => { await ask('mark'); },
      report: () => /** @type {Promise<import('./server-meter.js').ServerReport|null>} */ (ask('report')),
      /** The machine probe's rate in the server process (machine-probe.js); null when it does not answer. */
      probe: () => /** @type {Promise<ReturnType<typeof import('./machine-probe.js').machineProbe>|null>} */ (ask('probe')),
    },
    /** SIGTERM, then SIGKILL after 5 s; resolves with the server's summary output. */
    async stop() {
      const { stdout, stderr } = await server.stop(5000);
      return { stdout, stderr };
    },
  }), async (err) => {
    child.kill('SIGKILL');
    throw err;
  });
}

/**
 * Puts a shaper between a client and a server URL for the duration of a run.
 * @param {{ url: string, profile?: string, rtt?: number, down?: number, up?: number, shaper?: string }} options
 * @returns {Promise<{ url: string, kind: 'none'|'os'|'emulator', link: ReturnType<typeof resolveProfile>, note: string|null, stop(): Promise<void> }>}
 */
export async function startShaping({ url, profile = 'none', rtt, down, up, shaper = 'auto' }) {
  const link = resolveProfile(profile, { rtt, down, up });
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const loopback = /^(127\.|localhost$|::1$)/.test(host);
  const { kind, note } = await chooseShaper({ shaper, link, loopback });
  // chooseShaper gives 'none' for a link that is not there
  if (kind === 'none' || !link) return { url, kind: 'none', link, note, stop: async () => {} };
  if (kind === 'os') {
    const os = await startOsShaper(link, { loopback });
    return { url, kind, link, note, stop: () => os.stop() };
  }
  const relay = await startLinkEmulator({ target: { host, port: Number(target.port) || 80 }, rtt: link.rtt, down: link.down, up: link.up });
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return { url: relayed.href.replace(/\/$/, ''), kind, link, note, stop: () => relay.close() };
}

/**
 * The warm-up's chunk size (messages a warm-up pass; runPass) unless the caller says otherwise:
 * enough for the JIT on a fast link; none through a shaper, where the link,
 * not the code, sets the pace and every message costs real time.
 * @param {number} messages the measured pass's messages
 * @param {string} shaper the shaper in use ('none' on a plain link)
 */
export function defaultWarmup(messages, shaper) {
  return shaper === 'none' ? Math.min(1000, messages) : 0;
}

/**
 * The bytes a message of `payloadBytes` takes on the client's socket, frame included, by the transport's own
 * framingBytes, before compression and TLS (a compressed message is smaller, so the cap only errs low); the payload
 * itself only where the client sends it (direction up).
 * @param {import('./transports/index.js').Transport} transport
 * @param {number} payloadBytes
 * @param {'up'|'down'} direction
 */
export function clientWireBytes(transport, payloadBytes, direction) {
  return (direction === 'up' ? payloadBytes : 0) + transport.framingBytes({ payloadBytes, direction, compress: null, tls: false }).up;
}

/**
 * A format's warm-up before its first measured pass: chunks of the warm-up's messages, each a pass like the measured
 * ones (its own connection, the server marked and asked for its figures, which are thrown away), until the rate stops
 * rising: no chunk of the last `recent` more than `rise` above the fastest before them (passWarmupSettled, which needs
 * `minChunks` to tell); at most `maxChunks`, and none begun after `maxSeconds` of them (a chunk that takes longer, on a
 * slow link or a slow transport, is the only one). One warm-up pass did not warm what the
 * measured passes run: on the AMD EPYC VM (2026-12-02, Node 20.20.2, test3, window 1, 750 messages a pass) the
 * first measured pass read 3,660–6,800 msgs/s after a single warm-up of 750, 5,000 or 20,000 messages, and the later
 * rounds 15,000–17,500 (server CPU 139 µs a message in the first, 33–35 later); in chunks of 750 the rate rose from
 * 3,200 to about 16,000 over ten chunks (one second), and the measured passes after it read 14,200–17,100. The cap
 * is 1 s, not the 1.2–1.4 s a first format took to settle there, for npm start's time (docs/transmission.md, "Warm-up
 * until the rate settles").
 */
/** @type {Readonly<{ minChunks: number, maxChunks: number, maxSeconds: number, recent: number, rise: number }>} */
export const PASS_WARMUP = Object.freeze({ minChunks: 4, maxChunks: 30, maxSeconds: 1, recent: 3, rise: 0.1 });

/**
 * Whether a warm-up's rate has stopped rising: at least `minChunks` chunks, and none of the last `recent` more than
 * `rise` above the fastest chunk before them.
 * @param {number[]} rates each chunk's msgs/s, in order
 * @param {{ minChunks: number, recent: number, rise: number }} [o]
 */
export function passWarmupSettled(rates, { minChunks, recent, rise } = PASS_WARMUP) {
  if (rates.length < Math.max(minChunks, recent + 1)) return false;
  return Math.max(...rates.slice(-recent)) <= (1 + rise) * Math.max(...rates.slice(0, -recent));
}

/**
 * Why a warm-up stops after the chunks so far, or null while it goes on: its rate settled (passWarmupSettled), it ran
 * `maxChunks`, or its chunks took `maxSeconds` (however few: a chunk that takes longer than the cap is the only one).
 * @param {number[]} rates each chunk's msgs/s, in order
 * @param {number} seconds the chunks' wall time so far
 * @param {typeof PASS_WARMUP} [o]
 * @returns {'settled'|'chunks'|'time'|null}
 */
export function passWarmupDone(rates, seconds, o = PASS_WARMUP) {
  if (passWarmupSettled(rates, o)) return 'settled';
  if (rates.length >= o.maxChunks) return 'chunks';
  return seconds >= o.maxSeconds ? 'time' : null;
}

/**
 * Sends a format's warm-up in chunks of `chunk` messages until its rate settles (PASS_WARMUP): what it sent, what was
 * answered, each chunk's rate, and why it ended (passWarmupDone's reason, or 'incomplete': a chunk not wholly
 * answered ends it, as a server that stopped answering would otherwise be waited on chunk after chunk; the measured
 * pass then shows what is wrong).
 * @param {(o: PassOptions) => Promise<PassResult>} clientPass
 * @param {PassOptions} pass the measured pass's options
 * @param {number} chunk messages a chunk
 * @param {typeof PASS_WARMUP} [o]
 * @returns {Promise<PassWarmup>}
 */
export async function warmUpPass(clientPass, pass, chunk, o = PASS_WARMUP) {
  /** @type {number[]} */
  const rates = [];
  const began = performance.now();
  let messages = 0;
  let acked = 0;
  /** @type {PassWarmup['ended']|null} */
  let ended = null;
  while (!ended) {
    const w = await clientPass({ ...pass, messages: chunk, rate: undefined, onProgress: undefined });
    rates.push(w.msgsPerSec);
    messages += w.messages;
    acked += w.acked;
    ended = w.acked < chunk ? 'incomplete' : passWarmupDone(rates, (performance.now() - began) / 1000, o);
  }
  const seconds = Math.round(performance.now() - began) / 1000;
  return { chunks: rates.length, messages, acked, msgsPerSec: rates.map((r) => Math.round(r)), seconds, settled: ended === 'settled', ended };
}

/**
 * A warm-up as a row keeps it (warmUpPass): chunks sent, their messages and answers, each chunk's msgs/s, its wall
 * time, and why it ended: its rate settled, `maxChunks`, `maxSeconds`, or a chunk not wholly answered.
 * @typedef {{ chunks: number, messages: number, acked: number, msgsPerSec: number[], seconds: number, settled: boolean,
 *   ended: 'settled'|'chunks'|'time'|'incomplete' }} PassWarmup
 */

/**
 * @typedef {object} PassOptions
 * @property {import('./transports/index.js').Transport} transport
 * @property {string} url the server, or the shaper in front of it
 * @property {import('./wire-codec.js').WireCodec} codec
 * @property {import('../schema/index.js').Schema} [schema] the payload's (for transports that generate code from it)
 * @property {{ id: string, hash: string }|null} [identity]
 * @property {number} messages
 * @property {'up'|'down'} [direction]
 * @property {number} [window]
 * @property {number} [connections]
 * @property {number} [pipelining]
 * @property {number} [rate]
 * @property {number} [burst] open loop: messages due together, in one write (drivePass; 1 by default)
 * @property {string|null} [compress]
 * @property {{ ca: string }|null} [tls]
 * @property {boolean} [raw]
 * @property {number} [idleTimeoutMs]
 * @property {(p: { done: number, total: number }) => void} [onProgress]
 * @property {number} [warmup] for a client that warms up itself (runPass's clientWarmsUp)
 * @property {boolean} [askServer] ask the server for its CPU figures (default true; false for a server that cannot answer)
 * @property {{ mark(): Promise<void>, report(): Promise<import('./server-meter.js').ServerReport|null> }|null} [serverControl]
 *   the server's CPU accounting (over IPC when this process started it); else the transport's own, if any
 */

/**
 * One measured pass of one codec through the Node client: the pass's figures as runPass rows hold them.
 * @param {PassOptions} o
 */
export async function nodeClientPass({ transport, url, codec, schema, identity = null, messages, direction = 'up', window = 1, connections = 1, pipelining = 1, rate, burst = 1, compress = null, tls = null, raw = false, idleTimeoutMs = 10000, onProgress, serverControl = null, askServer = true }) {
  const latency = createLatency();
  const uncorrected = rate ? createLatency() : null;
  let control = serverControl;
  let wireStart = { up: 0, down: 0 };
  let cpuStart;
  let eluStart;
  /** @type {ReturnType<typeof watchGcPauses>|undefined} */
  let gc;
  const r = await drivePass({
    open: (/** @type {import('./accounting.js').PassHandlers} */ handlers) => transport.createClient({ url, codec, schema, direction, window, connections, pipelining, compress, tls, raw, identity, timeoutMs: 10000, ...handlers }),
    messages, rate, burst, idleTimeoutMs, onProgress,
    record: (ms) => latency.record(ms),
    recordUncorrected: uncorrected ? (ms) => uncorrected.record(ms) : undefined,
    beforeStart: async (client) => {
      const { mark, report } = client; // a transport that answers the CPU accounting itself has both
      if (!control && askServer && mark && report) control = { mark: async () => mark.call(client), report: () => report.call(client) };
      await control?.mark();
      wireStart = client.wireBytes();
      cpuStart = process.cpuUsage();
      eluStart = performance.eventLoopUtilization();
      gc = watchGcPauses();
    },
  });
  const pauses = gc?.stop() ?? null;
  const cpu = process.cpuUsage(cpuStart);
  const clientElu = performance.eventLoopUtilization(eluStart).utilization;
  const client = /** @type {import('./transports/index.js').TransportClient} */ (r.client);
  const wireEnd = client.wireBytes();
  const server = r.ended.startsWith('the server closed every connection') ? null : await control?.report() ?? null;
  await client.close();
  // codec bytes of every message sent (the corpus's sizes, measured once)
  const payloadBytes = payloadBytesSent(codec, r.sent);
  const up = wireEnd.up - wireStart.up;
  const down = wireEnd.down - wireStart.down;
  const died = deathsNote(server?.died, r);
  return {
    ...passFigures(died ? { ...r, ended: died } : r, payloadBytes),
    wireBytes: { payload: payloadBytes, frames: direction === 'up' ? up : down, up, down },
    latencyMs: latency.summary(),
    latencyUncorrectedMs: uncorrected?.summary() ?? null,
    // CPU per message acked; the server's over the messages it handled since the mark
    ...clientCpuFigures(cpu, r.acked),
    clientElu,
    // the client's longest GC pause and all of them over the pass: a pause as long as the latency target is the client's tail
    clientGcMaxMs: pauses?.maxMs ?? null,
    clientGcMs: pauses?.totalMs ?? null,
    serverCpuUs: server?.messages ? server.cpuUs / server.messages : null,
    serverElu: server?.elu ?? null,
    // the server's longest GC pause over the pass, as it reported it (null from a server that does not)
    serverGcMaxMs: server?.gcMaxMs ?? null,
    // wall time the server's event loop was busy per message (its CPU, plus any time it blocked or waited for a core)
    serverBusyUs: server?.messages ? (server.elu * server.seconds * 1e6) / server.messages : null,
  };
}

/**
 * The client's CPU per message acked over a pass, from process.cpuUsage's difference across it (this process:
 * every thread of it, client workers included): user + system, and each of the two as the kernel split it, as the
 * server's report gives its own (server-meter.js). Null where nothing was acked.
 * @param {{ user: number, system: number }} cpu µs
 * @param {number} acked
 * @returns {{ clientCpuUs: number|null, clientUserUs: number|null, clientSystemUs: number|null }}
 */
export function clientCpuFigures(cpu, acked) {
  if (!acked) return { clientCpuUs: null, clientUserUs: null, clientSystemUs: null };
  return { clientCpuUs: (cpu.user + cpu.system) / acked, clientUserUs: cpu.user / acked, clientSystemUs: cpu.system / acked };
}

/**
 * The accounting and throughput of a pass (any client), from drivePass's result.
 * @param {{ messages: number, sent: number, acked: number, lost: number, notSent: number, duplicated: number, errors: number, seconds: number, ended: string }} r
 * @param {number} payloadBytes codec bytes of the messages sent
 */
export function passFigures(r, payloadBytes) {
  return {
    messages: r.messages, acked: r.acked, lost: r.lost, notSent: r.notSent, duplicated: r.duplicated, errors: r.errors,
    seconds: r.seconds,
    msgsPerSec: r.seconds > 0 ? r.acked / r.seconds : 0,
    payloadMBps: r.seconds > 0 && r.sent ? (payloadBytes * (r.acked / r.sent)) / 1e6 / r.seconds : 0,
    ended: r.ended,
  };
}

/**
 * A pass's row name: the codec, with its compression.
 * @param {string} codecName
 * @param {string|null} compress
 */
export const variantName = (codecName, compress) => (compress ? `${codecName}+${compress}` : codecName);

/**
 * What a client's pass gives (nodeClientPass, the page client): the accounting and throughput (passFigures), the
 * bytes, the latencies, and the CPU figures each side could measure (null where it could not).
 * @typedef {ReturnType<typeof passFigures> & { wireBytes: { payload: number, frames: number, up: number, down: number },
 *   latencyMs: import('./latency.js').LatencySummary, latencyUncorrectedMs: import('./latency.js').LatencySummary | null,
 *   clientCpuUs: number | null, clientUserUs?: number | null, clientSystemUs?: number | null, clientElu: number | null, clientGcMaxMs?: number | null,
 *   clientGcMs?: number | null, serverCpuUs: number | null, serverElu: number | null, serverGcMaxMs?: number | null,
 *   serverBusyUs: number | null }} PassResult
 *   clientUserUs, clientSystemUs: clientCpuUs as the kernel split it (clientCpuFigures; absent from a client that
 *   cannot measure its CPU, a page)
 */

/**
 * One client pass of one codec against a running server, warmed up first: the result row.
 * @param {PassOptions & { clientPass?: (o: PassOptions) => Promise<PassResult>, clientWarmsUp?: boolean, settleWarmup?: boolean, warmed?: PassWarmup|null }} options
 *   warmup: messages a warm-up chunk, sent closed loop and not counted, chunk after chunk until the rate settles
 *   (warmUpPass; the row's `warmup` says what was sent), or in one pass with settleWarmup false (a capacity or
 *   sweep probe, which runs many short passes, each after its own warm-up); raw: answered without decoding;
 *   clientPass: the client that runs it (nodeClientPass unless a page client is asked for); clientWarmsUp: it
 *   sends the warm-up itself (a page, which must warm up in the same page as it measures); warmed: a warm-up the
 *   caller has already sent for this pass (warmUpPass), which the row then reports, none sent here
 */
export async function runPass({ warmup = 0, settleWarmup = true, clientPass = nodeClientPass, clientWarmsUp = false, warmed: sent = null, ...pass }) {
  // warm-up: the same path, unmeasured, in chunks until the rate settles, so the JIT has compiled encode, decode,
  // the socket code and what each pass runs once; or, for a capacity or sweep probe (settleWarmup false), one pass;
  // or none here, where the caller has sent it (`warmed`)
  const warms = warmup > 0 && !clientWarmsUp && !sent;
  if (warms && !settleWarmup) await clientPass({ ...pass, messages: warmup, rate: undefined, onProgress: undefined, serverControl: null });
  const warmed = sent ?? (warms && settleWarmup ? await warmUpPass(clientPass, pass, warmup) : null);
  const r = await clientPass(clientWarmsUp ? { ...pass, warmup } : pass);
  const described = describeCodec(pass.codec.prepared);
  return {
    ...described,
    format: variantName(described.format, pass.compress ?? null),
    ...(pass.compress ? { compress: pass.compress } : {}),
    ...(pass.compress === 'deflate' ? { deflate: true } : {}),
    ...(warmed ? { warmup: warmed } : {}),
    ...r,
  };
}

/**
 * The server.js measureTransmission starts for these options (the same formats, transport settings and placement),
 * started now: for a caller that knows its passes ahead and starts their servers while it does other work (npm
 * start: during its memory pass), then gives each to its run as `server` and stops it after. Null when no format is
 * usable (the run itself then measures nothing).
 * @param {{ payload: import('../payload/index.js').Payload, codecs: import('../codecs/index.js').CodecInfo[], transport?: string, direction?: 'up'|'down',
 *   messages?: number, warmup?: number, raw?: boolean, compress?: string|null|Array<string|null>, deflate?: boolean|'both', tls?: boolean, placement?: 'auto'|'off' }} o
 *   as measureTransmission takes them
 */
export async function startServerAhead({ payload, codecs, transport: transportName = DEFAULT_TRANSPORT, direction = 'up', messages = 10000, warmup, raw = false, compress, deflate = false, tls = false, placement = 'auto' }) {
  const transport = await loadTransport(transportName);
  const variantsOf = compressVariants(compress, deflate);
  const { usable } = prepareWireCodecs(codecs, payload, transport, { verifyMessages: verifiedMessages(messages, warmup) });
  if (!usable.length) return null;
  return startServerProcess(serverLaunch({ payload, usable, raw, plan: detectPlacement({ mode: placement, startsServer: true }), transport: transportName, direction, variantsOf, tls }));
}

/**
 * The compressions a run's passes use: `compress` as given, or with `deflate: 'both'` each format plain and deflated.
 * @param {string|null|Array<string|null>|undefined} compress
 * @param {boolean|'both'} deflate
 * @returns {Array<string|null>}
 */
const compressVariants = (compress, deflate) => (compress !== undefined ? [compress].flat() : deflate === 'both' ? [null, 'deflate'] : [deflate ? 'deflate' : null]);

/** The corpus messages a client verifies before it sends: its messages and its warm-up's. */
const verifiedMessages = (/** @type {number} */ messages, /** @type {number|undefined} */ warmup) => messages + (warmup ?? Math.min(1000, messages));

/**
 * startServerProcess's options for a run's server: its usable formats, the transport's settings (the compression a
 * pass asks for), pinned by the run's placement plan.
 * @param {{ payload: import('../payload/index.js').Payload, usable: import('./wire-codec.js').WireCodec[], raw: boolean, plan: ReturnType<typeof detectPlacement>, transport: string,
 *   direction: string, variantsOf: Array<string|null>, tls: boolean }} o
 */
function serverLaunch({ payload, usable, raw, plan, transport, direction, variantsOf, tls }) {
  return { payload, formats: usable.map((c) => c.name), raw, plan, extraArgs: serverArgs({ transport, direction, compress: variantsOf.find(Boolean) ?? null, tls }) };
}

/**
 * The one owner of a transmission run: starts a server (a server.js child on
 * 127.0.0.1, ephemeral port) or uses the one at `url`, puts the asked-for
 * shaper in between, runs a warmed-up pass per codec (and compression) over
 * the asked-for transport, stops everything it started and returns plain results.
 * Every entry point and npm start measure through it; whether a run is complete, and the exit
 * code it deserves, follow from the result (see outcome.js).
 * @param {object} options
 * @param {import('../payload/index.js').Payload} options.payload from resolvePayloads()
 * @param {import('../codecs/index.js').CodecInfo[]} options.codecs from selectCodecs()
 * @param {string} [options.transport] a name from transports/index.js (default ws)
 * @param {'up'|'down'} [options.direction] up: the client sends the payload; down: the server does
 * @param {string} [options.url] a running server (scheme://HOST:PORT); default: start one
 * @param {number} [options.messages] per codec (default 10000)
 * @param {number} [options.window] messages in flight per connection (1 = strict request/response)
 * @param {number} [options.connections]
 * @param {number} [options.pipelining] HTTP/1.1 requests in flight per connection
 * @param {number} [options.rate] open loop: msgs/s over all connections (default: closed loop)
 * @param {string} [options.profile] 'none', a profile name ('4g', '3g', …) or 'custom' with rtt/down/up
 * @param {number} [options.rtt] ms, for 'custom'
 * @param {number} [options.down] kbit/s, for 'custom'
 * @param {number} [options.up] kbit/s, for 'custom'
 * @param {'auto'|'os'|'emulator'} [options.shaper]
 * @param {boolean} [options.raw] the started server answers without decoding (with `url`, the server decides)
 * @param {number} [options.warmup] messages a warm-up chunk, before each format's first pass (default: defaultWarmup())
 * @param {boolean} [options.settleWarmup] chunks until the rate settles (default), or false: one warm-up pass (a
 *   capacity or sweep probe's)
 * @param {number} [options.idleTimeoutMs] give up on a pass when no answer arrives for this long
 * @param {boolean} [options.strict] refuse (UserError) a codec that cannot carry the payload, instead of listing it as not run
 * @param {string|null|Array<string|null>} [options.compress] a compression the transport declares, or several
 *   variants of each format side by side (null: plain): rows "NAME" and "NAME+COMPRESSION"
 * @param {boolean|'both'} [options.deflate] the WebSocket spelling of compress: true is 'deflate', 'both' is [null, 'deflate']
 * @param {boolean} [options.tls] serve with a certificate made at run time (a started server only)
 * @param {{ ca: string }} [options.trust] with `url` and TLS: the certificate to trust
 * @param {boolean} [options.rawPasses] after each pass, one more of the same format that the server answers
 *   without decoding, for the decode share of the server's CPU (ignored when the whole server is raw)
 * @param {number} [options.rounds] passes per format, the formats alternated (in order in odd rounds, reversed in even
 *   ones: ABBA) so that load on the machine, the fresh server's cold start and a trend through the run fall on all of them; rows hold medians with min–max, and the run a verdict per pair (rounds.js)
 * @param {(o: PassOptions) => Promise<PassResult>} [options.clientPass] the client (default nodeClientPass; the
 *   Chromium page client is another, lib/runtimes/page/browser-ws.js)
 * @param {boolean} [options.clientWarmsUp] clientPass sends the warm-up itself
 * @param {object} [options.client] what clientPass is, for the settings (runtime, version)
 * @param {(p: { done: number, total: number, format: string, round: number, transport?: string }) => void} [options.onProgress]
 * @param {boolean} [options.keepServer] leave the server.js this run started running, and hand it back as the
 *   result's (non-enumerable) `server`: the caller passes it to its next runs of the same transport and payload
 *   (option `server`) and stops it itself, as the matrix's rounds do (a server's start is most of a short pass)
 * @param {Awaited<ReturnType<typeof startServerProcess>> | null} [options.server] a server a keepServer run handed back
 * @param {'auto'|'off'} [options.placement] auto: the server and this process (the client) on disjoint cores where
 *   taskset and the cores allow (placement.js); settings.placement says where each ran, or why not
 * @param {{ rate: number, seconds?: number, passes?: number, servers?: number, maxSeconds?: number } | null} [options.cpuAtRate] also, in every round after the passes above,
 *   `passes` (CPU_AT_RATE_PASSES) open-loop passes per format at this fixed rate (seconds long, CPU_AT_RATE_SECONDS
 *   by default), spread over `servers` server processes (CPU_AT_RATE_SERVERS: the run's own and fresh ones beside it,
 *   unshaped links only), the formats alternated, each after an idle interval (idleSecondsFor) whose server CPU rate is
 *   subtracted (cpu-at-rate.js): the result's `cpuAtRate` holds server CPU per message at the same offered rate for
 *   every format, with its 95% interval, precision and spread, and the ratios of passes run back to back. Needs a server this run started or was given (it asks it over IPC); ignored with `url`.
 *   After the rounds, while some pair's ratio has not met its target (ratesSettled), rounds of these passes
 *   alone are added, each where it should end within `maxSeconds` of the first by the time the round before took
 *   (over ws with one connection from this thread the passes go out in bursts, burstAt: `cpuAtRate.burst` says)
 *   (0, the default: none; `cpuAtRate.added` says how many, and whether they settled).
 * @param {number} [options.clientWorkers] the Node client's connections and messages spread over this many worker
 *   threads (client-workers.js), one accounting and merged histograms; 1 (default): this thread alone
 */
export async function measureTransmission({
  payload, codecs, transport: transportName = DEFAULT_TRANSPORT, direction = 'up', url, messages = 10000, window = 1, connections = 1, pipelining = 1,
  rate, profile = 'none', rtt, down, up, shaper = 'auto', raw = false, warmup, settleWarmup = true, idleTimeoutMs, strict = false, rounds = 1, rawPasses = false,
  compress, deflate = false, tls = false, trust, clientPass = nodeClientPass, clientWarmsUp = false, client, onProgress, server: given = null, keepServer = false, placement = 'auto', cpuAtRate = null, clientWorkers = 1,
}) {
  const transport = await loadTransport(transportName);
  const variantsOf = compressVariants(compress, deflate);
  for (const c of variantsOf) checkSettings(transport, { direction, compress: c, tls, pipelining });
  const { usable, refused } = prepareWireCodecs(codecs, payload, transport, { verifyMessages: verifiedMessages(messages, warmup) });
  if (strict && refused.length) throw refusedCodec(refused[0]);
  if (!usable.length) return notRunResult();
  const plan = detectPlacement({ mode: placement, startsServer: !url });
  const server = url ? null : given ?? await startServerProcess(serverLaunch({ payload, usable, raw, plan, transport: transportName, direction, variantsOf, tls }));
  // where each side ran: the server as it was pinned when it started (a given server by its own run's plan)
  let where = server?.placement ?? describePlacement(plan);
  const clientPlan = where.pinned ? plan : { ...plan, pinned: false };
  // the server this run talks to: the one at `url`, else the one started (or given) above
  const target = url || server?.url;
  if (!target) throw new Error('measureTransmission: no server url');
  let shaping;
  const variants = usable.flatMap((codec) => variantsOf.map((c) => ({ codec, compress: c })));
  /** @type {import('./rounds.js').TransmissionPass[][]} each variant's passes, one per round */
  const passes = variants.map(() => []);
  /** @type {import('./rounds.js').TransmissionPass[][]} */
  const rawOnes = variants.map(() => []);
  const withRaw = rawPasses && !raw;
  const identity = payloadIdentity(payload);
  const tlsTrust = server?.cert ? { ca: server.cert } : trust ?? null;
  // a server started here and kept for the caller (keepServer) is handed back only by a run that ends: one that
  // throws stops it, or nobody would
  let ended = false;
  // a fixed-rate pass's messages go out in bursts (cpu-at-rate.js burstAt) where one write then carries one burst:
  // the Node client on this thread, over WebSocket, one connection (several split a burst between them, worker threads
  // between theirs; http1 queues what exceeds its pipelining). Elsewhere each message goes at its own time. A burst
  // fits one socket read with the largest message of any format (burstAt).
  const sendsBursts = clientPass === nodeClientPass && transportName === 'ws' && connections === 1 && clientWorkers <= 1;
  const pool = clientWorkers > 1 && clientPass === nodeClientPass
    ? await (await import('./client-workers.js')).startClientWorkers({ workers: clientWorkers, payload, formats: usable.map((c) => c.name), transport: transportName })
      .catch(async (/** @type {unknown} */ error) => { if (!given) await server?.stop(); throw error; })
    : null;
  if (pool) clientPass = pool.clientPass;
  const atRate = cpuAtRate && server ? { rate: cpuAtRate.rate, seconds: cpuAtRate.seconds ?? CPU_AT_RATE_SECONDS, passes: cpuAtRate.passes ?? CPU_AT_RATE_PASSES,
    servers: cpuAtRate.servers ?? CPU_AT_RATE_SERVERS, serverPids: /** @type {Array<number|null>} */ ([]), burst: sendsBursts ? burstAt(cpuAtRate.rate, clientWireBytes(transport, largestMessageBytes(usable), direction)) : 1,
    maxSeconds: cpuAtRate.maxSeconds ?? 0, addedRounds: 0, settled: /** @type {boolean|null} */ (null) } : null;
  /** @type {import('./cpu-at-rate.js').RatePass[][]} each variant's fixed-rate passes, one per round */
  const ratePasses = variants.map(() => []);
  /** each format's fixed-rate passes so far, summarised (cpu-at-rate.js summariseRatePasses) */
  const rateRows = () => variants.map(({ codec, compress: c }, i) => summariseRatePasses(variantName(codec.name, c), /** @type {NonNullable<typeof atRate>} */ (atRate).rate, ratePasses[i]));
  /** @type {Array<Awaited<ReturnType<typeof startServerProcess>>>} the fresh servers beside the run's own for the fixed-rate passes */
  const extraServers = [];
  try {
    shaping = await startShaping({ url: target, profile, rtt, down, up, shaper });
    warmup ??= defaultWarmup(messages, shaping.kind);
    const shapedUrl = shaping.url;
    const warm = warmup;
    // the fixed-rate passes' servers (cpu-at-rate.js CPU_AT_RATE_SERVERS): the run's own and fresh ones beside it, on
    // the same cores, where the link is not shaped (a shaper relays to one server); a run at `url` has none of its own
    if (atRate && server && shaping.kind === 'none') {
      for (let k = 1; k < atRate.servers; k++) {
        const extra = await startServerProcess(serverLaunch({ payload, usable, raw, plan, transport: transportName, direction, variantsOf, tls }));
        // only where it runs as the run's own does (pinned to the same cores, or neither pinned): a server on other
        // cores would differ by where it ran, which its figures would then be taken to say of the process
        if (samePlace(extra.placement, server.placement)) extraServers.push(extra);
        else await extra.stop();
      }
    }
    const rateServers = server ? [{ url: shapedUrl, control: server.control, trust: tlsTrust, pid: server.child.pid ?? null },
      ...extraServers.map((s) => ({ url: s.url, control: s.control, trust: s.cert ? { ca: s.cert } : tlsTrust, pid: s.child.pid ?? null }))] : [];
    if (atRate) atRate.servers = rateServers.length;
    /**
     * A round's fixed-rate passes: every server takes passes in every place of a round, and both orders of the
     * formats (rateSlots).
     * @param {number} round from 1
     */
    const fixedRateRound = async (round) => {
      const at = atRate;
      for (const { slot, server: host, order } of at && server ? rateSlots(round, at.passes, rateServers.length) : []) {
        if (!at) continue; // (never: no slots without it; tells the type checker)
        const on = rateServers[host];
        for (const i of alternate(variants.map((_, k) => k), order)) {
          const { codec, compress: c } = variants[i];
          const control = idleSubtracting(on.control, idleSecondsFor(at.seconds) * 1000);
          const r = await runPass({
            transport, url: on.url, codec, schema: payload.schema, identity, messages: messagesAtRate(at.rate, at.seconds), direction, window, connections, pipelining,
            rate: at.rate, burst: at.burst, idleTimeoutMs, compress: c, tls: on.trust, serverControl: control, clientPass, clientWarmsUp, warmup: 0,
          });
          ratePasses[i].push({ ...ratePass(round, slot, r, control.measured()), ...(rateServers.length > 1 ? { server: host } : {}) });
        }
      }
    };
    let lastRoundSeconds = 0;
    const { problem } = await withClientPinned(clientPlan, async () => {
      /** @param {number} i a variant's index */
      const passOf = (i) => ({ transport, url: shapedUrl, codec: variants[i].codec, schema: payload.schema, identity, messages, direction, window, connections, pipelining, rate, idleTimeoutMs, compress: variants[i].compress, tls: tlsTrust, serverControl: server?.control ?? null, clientPass, clientWarmsUp });
      // every format's warm-up chunks before the first measured pass, in round 1's order: what all formats' passes
      // share (this process's socket and transport code, its first connections) warms with each, so the run's first
      // format is measured after its own chunks and the others', not cold when its own hit the time cap (the first
      // loopback pass of npm start read 7,000 msgs/s against 11,000–13,700 in the rounds after, its warm-up at 1 s
      // and still rising: docs/transmission.md, "Warm-up until the rate settles")
      /** @type {Array<PassWarmup|null>} */
      const warmedAhead = variants.map(() => null);
      if (warm > 0 && settleWarmup && !clientWarmsUp) for (const i of alternate(variants.map((_, k) => k), 1)) warmedAhead[i] = await warmUpPass(clientPass, passOf(i), warm);
      for (let round = 1; round <= rounds; round++) {
        // odd rounds in order, even rounds reversed (ABBA, as the transport matrix runs): the format measured first on
        // the fresh server pays its cold start, and a trend through the run falls on each format alike over two rounds
        for (const i of alternate(variants.map((_, k) => k), round)) {
          const { codec, compress: c } = variants[i];
          const pass = passOf(i);
          const format = variantName(codec.name, c);
          // the JIT stays warm across rounds: only the first pass of a format needs it (sent above where it settles)
          passes[i].push(await runPass({ ...pass, warmup: round === 1 ? warm : 0, warmed: round === 1 ? warmedAhead[i] : null, settleWarmup, onProgress: onProgress && ((p) => onProgress({ ...p, format, round })) }));
          if (withRaw) rawOnes[i].push(await runPass({ ...pass, raw: true }));
          // the fixed-rate passes' other servers get the same passes as the run's own, unmeasured, every round: a
          // server's heap and GC settle with the messages it has handled, and a fresh server given only a warm-up
          // pass read 5–22% dearer than the run's own at the same rate, with GC pauses growing to 9 ms a pass
          for (const other of atRate ? rateServers.slice(1) : []) {
            const mirror = { ...pass, url: other.url, tls: other.trust, serverControl: null };
            await runPass({ ...mirror, warmup: round === 1 ? warm : 0, settleWarmup });
            if (withRaw) await runPass({ ...mirror, raw: true });
          }
        }
        const from = performance.now();
        await fixedRateRound(round);
        lastRoundSeconds = (performance.now() - from) / 1000;
      }
      // rounds of fixed-rate passes alone, while a pair's ratio has not met its target (cpu-at-rate.js ratesSettled),
      // each begun only where it should end within maxSeconds (benchmark_ws.js --cpu-max-seconds) of the first, by
      // the time the round before it took
      if (atRate && server && atRate.maxSeconds > 0) {
        const began = performance.now();
        let last = lastRoundSeconds;
        // settled, and whether every format measured some pass: one that measured none in the run's rounds (its
        // server does not report, or its idle rate left nothing) leaves the ratio unmeasured however many are added
        const state = () => {
          const rows = rateRows();
          return { settled: ratesSettled(rows, ratePairs(rows)), measured: rows.every((r) => r.serverCpuUs != null) };
        };
        let now = state();
        while (!now.settled && now.measured && (performance.now() - began) / 1000 + last <= atRate.maxSeconds) {
          const from = performance.now();
          await fixedRateRound(rounds + atRate.addedRounds + 1);
          atRate.addedRounds++;
          last = (performance.now() - from) / 1000;
          now = state();
        }
        atRate.settled = now.settled;
      }
      if (atRate) atRate.serverPids = rateServers.map((s) => s.pid);
    });
    if (problem) where = { ...where, client: null, note: `client not pinned: ${problem}` };
    ended = true;
  } finally {
    for (const s of extraServers) await s.stop();
    await pool?.close();
    await shaping?.stop();
    if (!given && (!keepServer || !ended)) await server?.stop();
  }
  /** @type {import('./rounds.js').TransmissionRow[]} */
  const results = passes.map((p, i) => ({ ...summariseTransmissionRounds(p, withRaw ? rawOnes[i] : []), transport: transportName, direction }));
  const verdicts = pairVerdicts(results);
  for (const r of refused) results.push({ ...notRunRow(describeCodec(r.prepared)), transport: transportName, direction });
  const result = {
    payload: describePayload(payload),
    settings: {
      transport: transportName, direction, messages, window, connections, pipelining, inFlight: inFlight(transport, { window, pipelining }), rate: rate ?? null, profile, link: shaping?.link ?? null,
      shaper: shaping?.kind ?? 'none', shaperNote: shaping?.note ?? null, raw: url ? null : raw, warmup, rounds, rawPasses: withRaw,
      deflate: variantsOf.includes('deflate') ? (variantsOf.includes(null) ? 'both' : true) : false,
      compress: variantsOf.length === 1 ? variantsOf[0] : variantsOf, tls: Boolean(tls || trust), placement: where, clientWorkers: pool ? clientWorkers : 1,
      // the server process that answered (null: a server at --url), so runs that shared one can be told apart
      serverPid: server?.child.pid ?? null,
      ...(client ? { client } : {}),
    },
    results,
    verdicts,
    cpuAtRate: atRate ? cpuAtRateResult(atRate, rateRows()) : null,
  };
  if (keepServer && server && !given) Object.defineProperty(result, 'server', { value: server });
  return /** @type {typeof result & { server?: Awaited<ReturnType<typeof startServerProcess>> }} */ (result);

  function notRunResult() {
    /** @type {import('./rounds.js').TransmissionRow[]} */
    const notRun = refused.map((r) => ({ ...notRunRow(describeCodec(r.prepared)), transport: transportName, direction }));
    /** @type {ReturnType<typeof pairVerdicts>} no pass, no pair to judge */
    const noVerdicts = [];
    return {
      payload: describePayload(payload),
      settings: { transport: transportName, direction, messages, window, connections, pipelining, rate: rate ?? null, profile, link: resolveProfile(profile, { rtt, down, up }), shaper: 'none', shaperNote: null, raw, warmup: warmup ?? 0, rounds, rawPasses: false, deflate: false, compress: variantsOf.length === 1 ? variantsOf[0] : variantsOf, tls: Boolean(tls),
        placement: { ...describePlacement(detectPlacement({ mode: 'off' })), note: 'nothing ran' }, clientWorkers: 1 },
      results: notRun,
      verdicts: noVerdicts,
      cpuAtRate: null,
    };
  }
}

/**
 * Whether two servers run in the same place: both pinned to the same cores, or neither pinned.
 * @param {import('./placement.js').Placement | undefined} a
 * @param {import('./placement.js').Placement | undefined} b
 */
const samePlace = (a, b) => Boolean(a?.pinned) === Boolean(b?.pinned) && (!a?.pinned || a.server === b?.server);

/**
 * One fixed-rate pass's figures (cpu-at-rate.js's RatePass): the pass's own, its server CPU per message net of
 * idle where that is positive (netCpuUs), and the idle and gross server CPU as the idle-subtracting control measured them.
 * @param {number} round
 * @param {number} slot the pass's place among its format's passes in the round
 * @param {Pick<Awaited<ReturnType<typeof runPass>>, 'messages'|'acked'|'seconds'|'msgsPerSec'|'serverCpuUs'|'serverElu'|'clientCpuUs'|'clientElu'
 *   |'lost'|'notSent'|'duplicated'|'errors'> & { clientUserUs?: number|null, clientSystemUs?: number|null, latencyMs: { p50: number|null, p99: number|null } }} r
 *   the pass (runPass's, or h2load's in its shape: capacity.js)
 * @param {{ idle: import('./server-meter.js').ServerReport|null, pass: import('./server-meter.js').ServerReport|null, machineProbes?: Array<number|null> }} measured
 * @returns {import('./cpu-at-rate.js').RatePass}
 */
export function ratePass(round, slot, r, { idle, pass, machineProbes }) {
  return {
    round, slot, messages: r.messages, acked: r.acked, seconds: r.seconds, msgsPerSec: r.msgsPerSec, serverCpuUs: netCpuUs(r.serverCpuUs),
    grossCpuUs: pass?.messages ? pass.cpuUs / pass.messages : null,
    // the gross figure as the kernel split it between the server's own code and the kernel's work for it (absent where the server did not say)
    ...(pass?.messages && pass.userUs != null && pass.systemUs != null && { serverUserUs: pass.userUs / pass.messages, serverSystemUs: pass.systemUs / pass.messages }),
    idleCpuUsPerSec: idle && idle.seconds > 0 ? idle.cpuUs / idle.seconds : null, serverGcMs: pass?.gcMs ?? null,
    // messages a socket read of the server carried (null where its transport counts no reads: only ws does)
    serverMsgsPerRead: pass?.reads ? pass.messages / pass.reads : null,
    serverElu: r.serverElu, clientCpuUs: r.clientCpuUs,
    // the client's CPU per message as the kernel split it, as the server's above (absent where the client did not say)
    ...(r.clientUserUs != null && r.clientSystemUs != null && { clientUserUs: r.clientUserUs, clientSystemUs: r.clientSystemUs }),
    clientElu: r.clientElu, latencyMs: { p50: r.latencyMs.p50, p99: r.latencyMs.p99 },
    complete: complete(r),
    ...(machineProbes?.length ? { machineProbes } : {}),
  };
}

/**
 * What a run's `cpuAtRate` holds: the rate, seconds and passes per round, the idle interval, the server processes the
 * passes ran on (how many, their pids), each format's row (summariseRatePasses), the pairs' ratios and which passes
 * the machine probe found on a slowed core (probeSummary).
 * @param {{ rate: number, seconds: number, passes: number, servers: number, serverPids: Array<number|null>, burst: number, maxSeconds: number, addedRounds: number, settled: boolean|null }} atRate
 * @param {Array<ReturnType<typeof summariseRatePasses>>} formats
 */
const cpuAtRateResult = (atRate, formats) => ({ rate: atRate.rate, seconds: atRate.seconds, passesPerRound: atRate.passes, idleSeconds: idleSecondsFor(atRate.seconds), idleWindows: IDLE_WINDOWS,
  servers: atRate.servers, serverPids: atRate.serverPids,
  // the messages of one write and how often one went (1 where a write could not carry a burst: each message at its own time)
  burst: { messages: atRate.burst, everyMs: (atRate.burst * 1000) / atRate.rate },
  // rounds of fixed-rate passes added after the run's rounds until every pair's ratio met its target (null: none allowed)
  added: atRate.maxSeconds > 0 ? { maxSeconds: atRate.maxSeconds, rounds: atRate.addedRounds, settled: atRate.settled } : null,
  formats, pairs: ratePairs(formats), probe: probeSummary(formats) });

/**
 * A result row for a codec that was not run, with its verdict and reason.
 * @param {{ format: string, status: string, [field: string]: unknown }} described the codec's identity and verdict (describeCodec)
 */
export const notRunRow = (described) => ({ ...described, messages: 0, acked: 0, lost: 0, notSent: 0, duplicated: 0, errors: 0, seconds: 0,
  msgsPerSec: null, payloadMBps: null, wireBytes: null, latencyMs: null, ended: 'not run' });

/**
 * A UserError for a codec the client cannot send.
 * @param {{ name: string, reason: string }} r
 */
export function refusedCodec(r) {
  return new UserError(`--format ${r.name}: cannot carry this payload: ${r.reason}`);
}

/**
 * The saturation knee: for each codec, the highest open-loop rate whose p99
 * latency (corrected: from each message's scheduled send time) stays under a
 * target with every message acked. Rates double from `fromRate` until a probe
 * fails, then `steps` bisections narrow the gap. One server for every probe;
 * each probe is a measureTransmission pass of about `seconds` of messages.
 * @param {object} options
 * @param {import('../payload/index.js').Payload} options.payload
 * @param {import('../codecs/index.js').CodecInfo[]} options.codecs
 * @param {number} [options.targetP99Ms] default 10
 * @param {number} [options.fromRate] msgs/s of the first probe (default 1000)
 * @param {number} [options.maxRate] stop doubling here (default 1,000,000)
 * @param {number} [options.seconds] length of a probe (default 0.5 s, at least 200 messages)
 * @param {number} [options.steps] bisections after the first failed probe (default 4)
 * @param {(p: { format: string, rate: number, p99: number|null, ok: boolean }) => void} [options.onProbe]
 * @param {{ profile?: string, rtt?: number, down?: number, up?: number, shaper?: 'auto'|'os'|'emulator', connections?: number,
 *   transport?: string, direction?: 'up'|'down', compress?: string|null, tls?: boolean, pipelining?: number, window?: number,
 *   placement?: 'auto'|'off' }} [options.link]
 *   the link and the transport's settings, as measureTransmission takes them
 * @returns {Promise<Array<{ format: string, targetP99Ms: number, maxRate: number|null, failedRate: number|null, probes: Probe[],
 *   placement?: import('./placement.js').Placement }>>}
 *   maxRate null: even fromRate failed; failedRate null: maxRate reached without a failure
 */
export async function measureSaturation({ payload, codecs, targetP99Ms = 10, fromRate = 1000, maxRate = 1e6, seconds = 0.5, steps = 4, onProbe, link = {} }) {
  const { transport: transportName = DEFAULT_TRANSPORT, direction = 'up', compress = null, tls = false } = link;
  const transport = await loadTransport(transportName);
  const { usable } = prepareWireCodecs(codecs, payload, transport);
  const plan = detectPlacement({ mode: link.placement ?? 'auto' });
  const server = await startServerProcess({ payload, formats: usable.map((c) => c.name), plan, extraArgs: serverArgs({ transport: transportName, direction, compress, tls }) });
  /** @type {Array<{ format: string, targetP99Ms: number, maxRate: number|null, failedRate: number|null, probes: Probe[], placement?: import('./placement.js').Placement }>} */
  const knees = [];
  const clientPlan = server.placement.pinned ? plan : { ...plan, pinned: false };
  try {
    const { problem } = await withClientPinned(clientPlan, () => probeEach());
    const placementOf = problem ? { ...server.placement, client: null, note: `client not pinned: ${problem}` } : server.placement;
    for (const k of knees) k.placement = placementOf;
  } finally {
    await server.stop();
  }
  return knees;

  async function probeEach() {
    for (const info of codecs.filter((c) => usable.some((u) => u.name === c.name))) {
      /** @type {Probe[]} */
      const probes = [];
      /** @param {number} rate */
      const probe = async (rate) => {
        const run = await measureTransmission({ ...link, payload, codecs: [info], url: server.url, trust: server.cert ? { ca: server.cert } : undefined, rate, messages: Math.max(200, Math.round(rate * seconds)), placement: 'off', settleWarmup: false });
        const [row] = run.results;
        const p99 = row.latencyMs?.p99 ?? null;
        const ok = complete(row) && p99 != null && p99 < targetP99Ms;
        probes.push({ rate, msgsPerSec: row.msgsPerSec, latencyMs: row.latencyMs, latencyUncorrectedMs: row.latencyUncorrectedMs, ok });
        onProbe?.({ format: info.name, rate, p99, ok });
        return ok;
      };
      const { good, bad } = await searchRate(probe, { fromRate, maxRate, steps });
      knees.push({ format: info.name, targetP99Ms, maxRate: good, failedRate: bad, probes, placement: server.placement });
    }
  }
}

/**
 * One probe of measureSaturation: its rate, what it achieved, its latencies, and whether it held the target.
 * @typedef {{ rate: number, msgsPerSec: number|null, latencyMs: import('./rounds.js').Percentiles|null,
 *   latencyUncorrectedMs?: import('./rounds.js').Percentiles|null, ok: boolean }} Probe
 */
