import crypto from 'node:crypto';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { UserError } from '../errors.js';
import { startLinkEmulator } from './shaping/emulator.js';
import { ROOT } from '../paths.js';
import { BUNDLED, describePayload } from '../payload/index.js';
import { resolveProfile } from './shaping/profiles.js';
import { chooseShaper, startOsShaper } from './shaping/os.js';
import { describeCodec, describeVerdict, measurable, prepareCodecs } from '../verify.js';
import { wireCodec } from './wire-codec.js';
import { runClient } from './client.js';
import { combineRounds, pairVerdicts } from './rounds.js';
import { complete } from './outcome.js';

/**
 * Builds and verifies codecs for the wire. Unsupported and failed ones are
 * returned apart with their reason; lossy ones stay and carry their status.
 * @param {import('../codecs/index.js').CodecInfo[]} codecs
 * @param {import('../payload/index.js').Payload} payload
 */
export function prepareWireCodecs(codecs, payload) {
  const prepared = prepareCodecs(codecs, payload);
  return {
    usable: prepared.filter(measurable).map((p) => wireCodec(p, payload.value)),
    refused: prepared.filter((p) => !measurable(p)).map((p) => ({ name: p.codec.name, reason: describeVerdict(p), prepared: p })),
  };
}

/**
 * What a client encodes and a server decodes, independent of file paths (two
 * machines hold the same files in different places): a short hash of the
 * payload's JSON, the schema text and the message type, with the payload's name.
 * @param {import('../payload/index.js').Payload} payload
 * @returns {{ id: string, hash: string }}
 */
export function payloadIdentity(payload) {
  const hash = crypto.createHash('sha256')
    .update(JSON.stringify(payload.value)).update('\0').update(payload.schema.text).update('\0').update(payload.schema.typeName)
    .digest('hex').slice(0, 12);
  const schema = payload.schemaSource === 'inferred' ? 'inferred schema' : path.basename(payload.schemaSource);
  return { id: `${payload.id} as ${payload.schema.typeName} from ${schema}`, hash };
}

/** The query string that tells the server which payload this client sends. */
export function identityQuery({ id, hash }) {
  return `?payload=${hash}&name=${encodeURIComponent(id)}`;
}

/**
 * The command-line arguments that make server.js load the same payload.
 * @param {import('../payload/index.js').Payload} payload
 */
export function payloadArgs(payload) {
  const bundled = BUNDLED.find((b) => b.dataFile === payload.dataFile && payload.schemaSource === path.relative(ROOT, b.protoFile));
  if (bundled) return [String(bundled.n)];
  const args = ['--data', payload.dataFile];
  if (payload.schemaSource !== 'inferred') args.push('--proto', payload.schemaSource, '--type', payload.schema.typeName);
  return args;
}

/**
 * Starts server.js as a child process (its own core, as in real use) and
 * resolves once it prints `listening on ws://HOST:PORT`. The child is tied to
 * this process by an IPC channel and exits when it closes, so it never
 * outlives its parent, however the parent ends; signal handling stays with
 * the entry points.
 * @param {{ payload: object, formats: string[], raw?: boolean, host?: string, port?: number, extraArgs?: string[] }} options
 */
export function startServerProcess({ payload, formats, raw = false, host = '127.0.0.1', port = 0, extraArgs = [] }) {
  const args = [path.join(ROOT, 'server.js'), ...payloadArgs(payload), '--formats', formats.join(','),
    '--host', host, '--port', String(port), ...(raw ? ['--raw'] : []), ...extraArgs];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, PORT: '', BENCH_SERVER_CHILD: 'ipc' } });
  // the channel must not keep this process alive on its own
  child.channel?.unref();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s) => { stderr += s; });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (s) => {
      stdout += s;
      const m = /^listening on (ws:\/\/\S+)$/m.exec(stdout);
      if (m) resolve(m[1]);
    });
    exited.then(({ code }) => reject(new Error(`server.js exited (${code}) before listening: ${stderr.trim() || stdout.trim()}`)));
    child.once('error', reject);
  });
  return ready.then((url) => ({
    url,
    child,
    /** SIGTERM, then SIGKILL after 5 s; resolves with the server's summary output. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
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
 * @returns {Promise<{ url: string, kind: 'none'|'os'|'emulator', link: object|null, note: string|null, stop(): Promise<void> }>}
 */
export async function startShaping({ url, profile = 'none', rtt, down, up, shaper = 'auto' }) {
  const link = resolveProfile(profile, { rtt, down, up });
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const loopback = /^(127\.|localhost$|::1$)/.test(host);
  const { kind, note } = await chooseShaper({ shaper, link, loopback });
  if (kind === 'none') return { url, kind, link, note, stop: async () => {} };
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
 * Unmeasured messages sent before a pass unless the caller says otherwise:
 * enough for the JIT on a fast link; none through a shaper, where the link,
 * not the code, sets the pace and every message costs real time.
 * @param {number} messages the measured pass's messages
 * @param {string} shaper the shaper in use ('none' on a plain link)
 */
export function defaultWarmup(messages, shaper) {
  return shaper === 'none' ? Math.min(1000, messages) : 0;
}

/**
 * One client pass of one codec against a running server: the result row.
 * @param {{ url: string, codec: ReturnType<typeof wireCodec>, value: any, identity?: { id: string, hash: string }, messages: number, window?: number, connections?: number, rate?: number, idleTimeoutMs?: number, warmup?: number, onProgress?: (p: { done: number, total: number }) => void, raw?: boolean, deflate?: boolean }} options
 *   warmup: messages sent first, closed loop, and not counted; raw: this connection is ACKed without decoding;
 *   deflate: permessage-deflate on both ends (the row's format gets "+deflate")
 */
export async function runPass({ url, codec, value, identity, messages, window = 1, connections = 1, rate, idleTimeoutMs, warmup = 0, onProgress, raw = false, deflate = false }) {
  const base = url.replace(/\/+$/, '');
  const query = `${identity ? identityQuery(identity) : ''}${raw ? `${identity ? '&' : '?'}raw=1` : ''}`;
  const target = `${base}/${encodeURIComponent(codec.name)}${query}`;
  // warm-up: the same path, unmeasured, so the JIT has compiled encode, decode and the socket code first
  if (warmup > 0) await runClient({ url: target, codec, value, messages: warmup, window, connections, idleTimeoutMs, deflate });
  const r = await runClient({ url: target, codec, value, messages, window, connections, rate, idleTimeoutMs, onProgress, serverReport: true, deflate });
  const described = describeCodec(codec.prepared);
  return {
    ...described,
    ...(deflate ? { format: `${described.format}+deflate`, deflate: true } : {}),
    messages: r.messages,
    acked: r.acked,
    lost: r.lost,
    notSent: r.notSent,
    duplicated: r.duplicated,
    errors: r.errors,
    seconds: r.seconds,
    msgsPerSec: r.msgsPerSec,
    payloadMBps: r.payloadMBps,
    wireBytes: r.wireBytes,
    latencyMs: r.latency.summary(),
    latencyUncorrectedMs: r.latencyUncorrected?.summary() ?? null,
    serverCpuUs: r.serverCpuUs,
    clientCpuUs: r.clientCpuUs,
    serverElu: r.serverElu,
    clientElu: r.clientElu,
    ended: r.ended,
  };
}

/**
 * The one owner of a transmission run: starts a server (a server.js child on
 * 127.0.0.1, ephemeral port) or uses the one at `url`, puts the asked-for
 * shaper in between, runs a warmed-up pass per codec, stops everything it
 * started and returns plain results. benchmark_ws.js, the clients and
 * npm start all measure through it; whether a run is complete, and the exit
 * code it deserves, follow from the result (see outcome.js).
 * @param {object} options
 * @param {import('../payload/index.js').Payload} options.payload from resolvePayloads()
 * @param {import('../codecs/index.js').CodecInfo[]} options.codecs from selectCodecs()
 * @param {string} [options.url] a running server (ws://HOST:PORT); default: start one
 * @param {number} [options.messages] per codec (default 10000)
 * @param {number} [options.window] messages in flight per connection (1 = strict request/response)
 * @param {number} [options.connections]
 * @param {number} [options.rate] open loop: msgs/s over all connections (default: closed loop)
 * @param {string} [options.profile] 'none', a profile name ('4g', '3g', …) or 'custom' with rtt/down/up
 * @param {number} [options.rtt] ms, for 'custom'
 * @param {number} [options.down] kbit/s, for 'custom'
 * @param {number} [options.up] kbit/s, for 'custom'
 * @param {'auto'|'os'|'emulator'} [options.shaper]
 * @param {boolean} [options.raw] the started server ACKs without decoding (with `url`, the server decides)
 * @param {number} [options.warmup] unmeasured messages first (default: defaultWarmup())
 * @param {number} [options.idleTimeoutMs] give up on a pass when no ACK arrives for this long
 * @param {boolean} [options.strict] refuse (UserError) a codec that cannot carry the payload, instead of listing it as not run
 * @param {boolean|'both'} [options.deflate] permessage-deflate on both ends: true for every format, 'both' for
 *   each format plain and deflated (rows "NAME" and "NAME+deflate")
 * @param {boolean} [options.rawPasses] after each pass, one more of the same format that the server ACKs
 *   without decoding, for the decode share of the server's CPU (ignored when the whole server is raw)
 * @param {number} [options.rounds] passes per format, the formats alternated (ABAB…) so that load on the machine
 *   falls on all of them; rows hold medians with min–max, and the run a verdict per pair (rounds.js)
 * @param {(p: { done: number, total: number, format: string, round: number }) => void} [options.onProgress]
 */
export async function measureTransmission({
  payload, codecs, url, messages = 10000, window = 1, connections = 1, rate, profile = 'none', rtt, down, up,
  shaper = 'auto', raw = false, warmup, idleTimeoutMs, strict = false, rounds = 1, rawPasses = false, deflate = false, onProgress,
}) {
  const { usable, refused } = prepareWireCodecs(codecs, payload);
  if (strict && refused.length) throw refusedCodec(refused[0]);
  const server = url ? null : await startServerProcess({ payload, formats: usable.map((c) => c.name), raw });
  let shaping;
  // what runs: each codec plain, deflated, or both
  const variants = usable.flatMap((codec) => (deflate === 'both' ? [false, true] : [Boolean(deflate)]).map((d) => ({ codec, deflate: d })));
  const passes = variants.map(() => []);
  const rawOnes = variants.map(() => []);
  const withRaw = rawPasses && !raw;
  try {
    shaping = await startShaping({ url: url ?? server.url, profile, rtt, down, up, shaper });
    warmup ??= defaultWarmup(messages, shaping.kind);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, { codec, deflate: d }] of variants.entries()) {
        const pass = { url: shaping.url, codec, value: payload.value, identity: payloadIdentity(payload), messages, window, connections, rate, idleTimeoutMs, deflate: d };
        const format = d ? `${codec.name}+deflate` : codec.name;
        // the JIT stays warm across rounds: only the first pass of a format needs it
        passes[i].push(await runPass({ ...pass, warmup: round === 1 ? warmup : 0, onProgress: onProgress && ((p) => onProgress({ ...p, format, round })) }));
        if (withRaw) rawOnes[i].push(await runPass({ ...pass, raw: true }));
      }
    }
  } finally {
    await shaping?.stop();
    await server?.stop();
  }
  /** @type {import('./rounds.js').TransmissionRow[]} */
  const results = passes.map((p, i) => combineRounds(p, withRaw ? rawOnes[i] : []));
  const verdicts = pairVerdicts(results);
  for (const r of refused) {
    results.push({ ...describeCodec(r.prepared), messages: 0, acked: 0, lost: 0, notSent: 0, duplicated: 0, errors: 0, seconds: 0,
      msgsPerSec: null, payloadMBps: null, wireBytes: null, latencyMs: null, ended: 'not run' });
  }
  return {
    payload: describePayload(payload),
    settings: { messages, window, connections, rate: rate ?? null, profile, link: shaping?.link ?? null, shaper: shaping?.kind ?? 'none',
      shaperNote: shaping?.note ?? null, raw: url ? null : raw, warmup, rounds, rawPasses: withRaw, deflate },
    results,
    verdicts,
  };
}

/** A UserError for a codec the client cannot send. */
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
 * @param {object} [options.link] profile, rtt, down, up, shaper, connections: as measureTransmission takes them
 * @returns {Promise<Array<{ format: string, targetP99Ms: number, maxRate: number|null, failedRate: number|null, probes: object[] }>>}
 *   maxRate null: even fromRate failed; failedRate null: maxRate reached without a failure
 */
export async function measureSaturation({ payload, codecs, targetP99Ms = 10, fromRate = 1000, maxRate = 1e6, seconds = 0.5, steps = 4, onProbe, link = {} }) {
  const { usable } = prepareWireCodecs(codecs, payload);
  const server = await startServerProcess({ payload, formats: usable.map((c) => c.name) });
  const knees = [];
  try {
    for (const info of codecs.filter((c) => usable.some((u) => u.name === c.name))) {
      const probes = [];
      const probe = async (rate) => {
        const run = await measureTransmission({ ...link, payload, codecs: [info], url: server.url, rate, messages: Math.max(200, Math.round(rate * seconds)) });
        const [row] = run.results;
        const ok = complete(row) && row.latencyMs.p99 != null && row.latencyMs.p99 < targetP99Ms;
        probes.push({ rate, msgsPerSec: row.msgsPerSec, latencyMs: row.latencyMs, latencyUncorrectedMs: row.latencyUncorrectedMs, ok });
        onProbe?.({ format: info.name, rate, p99: row.latencyMs.p99, ok });
        return ok;
      };
      let good = null;
      let bad = null;
      for (let rate = fromRate; bad === null && rate <= maxRate; rate *= 2) {
        if (await probe(rate)) good = rate;
        else bad = rate;
      }
      for (let i = 0; i < steps && good !== null && bad !== null; i++) {
        const mid = Math.round((good + bad) / 2);
        if (await probe(mid)) good = mid;
        else bad = mid;
      }
      knees.push({ format: info.name, targetP99Ms, maxRate: good, failedRate: bad, probes });
    }
  } finally {
    await server.stop();
  }
  return knees;
}
