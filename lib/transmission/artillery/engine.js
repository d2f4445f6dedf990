/**
 * The Artillery engine's work (packages/artillery-engine-pvj is its package, which Artillery loads by name): each
 * virtual user opens one client of the toolkit's own transport (the transport's createClient, as every other
 * client of the toolkit), sends its share of the payload's corpus with the toolkit's own verified codec, and
 * emits to Artillery one latency value per message answered ok and, when it ends, its counters (metrics.js names
 * them). The accounting is the toolkit's (accounting.js's drivePass): a message whose answer never came is lost,
 * and so is every message of a user that could not connect.
 *
 * What the script carries (payload.js writes it, script.js puts it into config.pvj): the payload in its portable
 * form (gzip, base64), its identity, the warm-up's length; each scenario's one step names the transport, format,
 * target URL, direction, messages per user and window.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tempFolder } from '../../files.js';
import { UserError, errorMessage, firstLine } from '../../errors.js';
import { ROOT } from '../../paths.js';
import { rebuildPayload } from '../../payload/portable.js';
import { buildAdapter, loadSchemaFile } from '../../schema/index.js';
import { selectCodecs } from '../../codecs/index.js';
import { drivePass } from '../accounting.js';
import { loadTransport } from '../transports/index.js';
import { payloadBytesSent, prepareWireCodecs, payloadIdentity } from '../wire-codec.js';
import { metricName, LATENCY, verifiedCounter } from './metrics.js';
import { decodePayload } from './payload.js';

/**
 * One step of a scenario's flow, as the script holds it (`- send: {...}`).
 * @typedef {object} SendStep
 * @property {string} transport
 * @property {string} format
 * @property {string} url
 * @property {'up'|'down'} direction
 * @property {number} messages per virtual user
 * @property {number} window messages in flight on the user's connection
 */

/**
 * What the engine reads of config.pvj.
 * @typedef {object} EngineConfig
 * @property {string} payload the portable payload, gzip and base64 (payload.js)
 * @property {{ id: string, hash: string }} identity
 * @property {number} warmupSeconds virtual users that start within this long of a worker's first one count as warm-up
 * @property {number} timeoutMs a user gives up waiting when no answer came for this long (the rest of its messages are lost)
 */

/**
 * What Artillery hands an engine to emit through (an EventEmitter; only emit is used).
 * @typedef {{ emit: (event: string, ...args: unknown[]) => unknown }} Emitter
 */

/**
 * A transport and codec made ready once per worker (codecs built and verified over the messages a user sends).
 * @typedef {{ transport: import('../transports/index.js').Transport, codec: import('../wire-codec.js').WireCodec,
 *   schema: import('../../schema/index.js').Schema, identity: { id: string, hash: string } }} Prepared
 */

/**
 * Checks config.pvj and returns it typed; a script not written by benchmark_artillery.js gets one line.
 * @param {unknown} config the script's config.pvj
 * @returns {EngineConfig}
 */
export function readEngineConfig(config) {
  const c = /** @type {Partial<EngineConfig> | null | undefined} */ (config);
  if (!c || typeof c.payload !== 'string' || !c.identity || typeof c.identity.hash !== 'string') {
    throw new UserError('artillery-engine-pvj: the script has no config.pvj (payload, identity): write it with node benchmark_artillery.js');
  }
  return { payload: c.payload, identity: c.identity, warmupSeconds: Number(c.warmupSeconds ?? 0), timeoutMs: Number(c.timeoutMs ?? 5000) };
}

/**
 * Checks one step of a flow.
 * @param {unknown} step
 * @returns {SendStep}
 */
export function readStep(step) {
  const s = /** @type {{ send?: Partial<SendStep> } | null} */ (step)?.send;
  if (!s || typeof s.transport !== 'string' || typeof s.format !== 'string' || typeof s.url !== 'string') {
    throw new UserError(`artillery-engine-pvj: a step must be { send: { transport, format, url, ... } }, got ${JSON.stringify(step)}`);
  }
  return {
    transport: s.transport, format: s.format, url: s.url, direction: s.direction === 'down' ? 'down' : 'up',
    messages: Math.max(1, Math.floor(Number(s.messages ?? 1))), window: Math.max(1, Math.floor(Number(s.window ?? 1))),
  };
}

/**
 * The payload again, from the script: its schema loaded from its .proto where this machine has it (the repository's
 * proto/ for a bundled payload, so the RPC transports' generated service is the committed one), else from the text the
 * script carries.
 * @param {string} encoded config.pvj.payload
 * @returns {import('../../payload/index.js').Payload}
 */
export function payloadFromScript(encoded) {
  const portable = decodePayload(encoded);
  const payload = rebuildPayload(portable);
  const { sourceFile } = portable.schema;
  if (!sourceFile) return { ...payload, schema: { ...payload.schema, sourceFile: null } };
  // a bundled payload's .proto is named relative to the repository: found in this checkout wherever it lives
  const local = sourceFile.startsWith('repo:') ? path.join(ROOT, sourceFile.slice(5)) : sourceFile;
  let file = local;
  // the folders its imports were found under (--proto-path), where this machine has the schema's own file
  let protoPaths = portable.schema.protoPaths;
  if (!fs.existsSync(local)) {
    protoPaths = undefined;
    // the .proto is not on this machine (a worker elsewhere): its text, in a folder of its own
    // (removed when the worker exits)
    file = path.join(tempFolder('pvj-artillery-').dir, path.basename(local));
    fs.writeFileSync(file, portable.schema.text);
  }
  const loaded = loadSchemaFile(file, portable.schema.typeName, { protoPaths });
  return { ...payload, schema: { ...loaded, adapter: buildAdapter(loaded.type, portable.schema.fit) } };
}

/**
 * The engine: Artillery calls `new Engine(script, ee, helpers)` once per worker, then createScenario once per scenario.
 * Options (tests): `transports` replaces the registry's loader, `now` the clock.
 */
export class PvjEngine {
  /**
   * @param {{ config: { pvj?: unknown } }} script
   * @param {Emitter} [_ee]
   * @param {unknown} [_helpers]
   * @param {{ loadTransport?: (name: string) => Promise<import('../transports/index.js').Transport>, now?: () => number }} [options]
   */
  constructor(script, _ee, _helpers, options = {}) {
    this.config = readEngineConfig(script.config.pvj);
    this.loadTransport = options.loadTransport ?? loadTransport;
    this.now = options.now ?? (() => performance.now());
    /** @type {Map<string, Promise<Prepared>>} */
    this.prepared = new Map();
    /** @type {import('../../payload/index.js').Payload | null} */
    this.payload = null;
    /** @type {number | null} when this worker's first user started */
    this.firstUserAt = null;
    this.users = 0;
  }

  /**
   * The transport and codec of a step, made ready once per worker.
   * @param {SendStep} step
   * @returns {Promise<Prepared>}
   */
  prepare(step) {
    const key = `${step.transport} ${step.format}`;
    let ready = this.prepared.get(key);
    if (!ready) {
      ready = (async () => {
        this.payload ??= payloadFromScript(this.config.payload);
        const identity = payloadIdentity(this.payload);
        if (identity.hash !== this.config.identity.hash) {
          throw new UserError(`artillery-engine-pvj: the payload rebuilt here is not the script's (hash ${identity.hash}, the script says ${this.config.identity.hash})`);
        }
        const transport = await this.loadTransport(step.transport);
        const { usable, refused } = prepareWireCodecs(await selectCodecs(step.format), this.payload, transport, { verifyMessages: this.payload.corpus?.length ?? 1 });
        if (!usable.length) throw new UserError(`--formats ${step.format}: cannot travel on ${step.transport}: ${refused[0]?.reason}`);
        return { transport, codec: usable[0], schema: this.payload.schema, identity: this.config.identity };
      })();
      this.prepared.set(key, ready);
    }
    return ready;
  }

  /**
   * The function Artillery runs for each virtual user of a scenario: its steps in turn, then Artillery's callback.
   * @param {{ name?: string, flow: unknown[] }} spec
   * @param {Emitter} ee
   */
  createScenario(spec, ee) {
    const steps = spec.flow.map(readStep);
    return (/** @type {unknown} */ context, /** @type {(err: Error|null, context: unknown) => void} */ done) => {
      ee.emit('started');
      (async () => {
        for (const step of steps) await this.runUser(step, ee);
      })().then(() => done(null, context), (err) => {
        ee.emit('error', firstLine(errorMessage(err)));
        done(err, context);
      });
    };
  }

  /**
   * One virtual user's step: one client, `messages` messages with at most `window` in flight, then the counters.
   * @param {SendStep} step
   * @param {Emitter} ee
   */
  async runUser(step, ee) {
    const start = this.now();
    this.firstUserAt ??= start;
    const warmup = start - this.firstUserAt < this.config.warmupSeconds * 1000;
    const name = (/** @type {Parameters<typeof metricName>[1]} */ what) => metricName({ transport: step.transport, format: step.format, warmup }, what);
    /** @type {Prepared | null} */
    let ready = null;
    let offset = 0;
    let wire = { up: 0, down: 0 };
    let result;
    try {
      ready = await this.prepare(step);
      const { transport, codec, schema, identity } = ready;
      // each user starts further into the corpus, so the users of a run send all of it, not its first messages over and over
      offset = (this.users++ * step.messages) % codec.messageCount;
      result = await drivePass({
        open: async (/** @type {import('../accounting.js').PassHandlers} */ handlers) => {
          const client = await transport.createClient({
            url: step.url, codec, schema, direction: step.direction, window: step.window, connections: 1, pipelining: 1, compress: null,
            tls: null, raw: false, identity, timeoutMs: this.config.timeoutMs,
            onAnswer: (seq, status) => handlers.onAnswer(seq < 0 ? seq : seq - offset, status),
            onUnsent: (seq) => handlers.onUnsent(seq - offset),
            onLost: (seq) => handlers.onLost(seq - offset),
            onClosed: handlers.onClosed,
          });
          return { capacity: client.capacity, send: (/** @type {number} */ seq) => client.send(seq + offset), client };
        },
        messages: step.messages,
        idleTimeoutMs: this.config.timeoutMs,
        record: (ms) => ee.emit('histogram', name(LATENCY), ms),
      });
      wire = result.client.client.wireBytes();
      await result.client.client.close();
    } catch (err) {
      // no connection (refused, the server down, a 409 for another payload), or the payload or codec could not be made
      // ready on this worker: every message of this user is lost
      ee.emit('error', `pvj ${step.transport} ${step.format}: ${firstLine(errorMessage(err))}`);
      result = null;
    }
    const sent = result?.sent ?? 0;
    const acked = result?.acked ?? 0;
    const errors = result?.errors ?? 0;
    const payloadBytes = ready ? payloadBytesSent(ready.codec, sent, offset) : 0;
    /** @type {Record<import('./metrics.js').CounterName, number>} */
    const counts = {
      messages: step.messages, sent, acked, errors, lost: step.messages - acked - errors, not_sent: step.messages - sent,
      bytes_up: wire.up, bytes_down: wire.down, payload_bytes: payloadBytes, connections: result ? 1 : 0,
    };
    for (const [what, value] of Object.entries(counts)) ee.emit('counter', name(/** @type {import('./metrics.js').CounterName} */ (what)), value);
    if (!ready) return;
    // the codec's round-trip verdict over the corpus (exact, equivalent, lossy), which the report carries to its rows
    ee.emit('counter', name(verifiedCounter(ready.codec.prepared.status)), 1);
  }
}
