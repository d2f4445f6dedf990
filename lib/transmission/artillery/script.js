/**
 * The Artillery script benchmark_artillery.js writes: one scenario per transport × format, all run by the engine
 * `pvj` (packages/artillery-engine-pvj), arrival phases for the offered rate (a warm-up, then the measured phase),
 * and the payload's corpus and schema in config.pvj. The same file serves `artillery run` here (Artillery shares the
 * arrival rate out between its worker threads) and `artillery run-fargate --count N` elsewhere (each of the N
 * workers runs the whole script: N times the load).
 */
import YAML from 'yaml';
import { UserError } from '../../errors.js';

/** The engine's name in config.engines and each scenario's `engine:` (Artillery loads artillery-engine-<name>). */
export const ENGINE = 'pvj';

/**
 * Parses --target: one URL (every transport's server at that address: only with one transport), or
 * `transport=URL` pairs separated by commas, one per transport.
 * @param {string} value
 * @param {string[]} transports
 * @returns {Record<string, string>} URL by transport
 */
export function parseTargets(value, transports) {
  const parts = value.split(',').map((s) => s.trim()).filter(Boolean);
  /** @type {Record<string, string>} */
  const targets = {};
  for (const part of parts) {
    const m = /^([a-z0-9-]+)=(.+)$/.exec(part);
    if (!m && parts.length === 1 && transports.length === 1) targets[transports[0]] = checkUrl(part);
    else if (!m) throw new UserError(`--target ${value}: with several transports give transport=URL for each (ws=ws://HOST:7070,http1=http://HOST:7071)`);
    else if (!transports.includes(m[1])) throw new UserError(`--target ${part}: ${m[1]} is not one of --transports ${transports.join(',')}`);
    else targets[m[1]] = checkUrl(m[2]);
  }
  const missing = transports.find((t) => !targets[t]);
  if (missing) throw new UserError(`--target ${value}: no URL for ${missing} (give ${missing}=URL)`);
  return targets;
}

/**
 * The least --timeout benchmark_artillery.js takes, in milliseconds. Its --timeout is milliseconds where the other
 * tools' --timeout and Artillery's own config.http.timeout are seconds; a value under a second is taken for seconds meant
 * (no answer within a second is a loaded server's ordinary latency, not a user to give up on).
 */
export const MIN_TIMEOUT_MS = 1000;

/** The most --timeout benchmark_artillery.js takes, in milliseconds: ten minutes (below 2^31 ms, past which Node's timers fire after 1 ms); the other tools' bound in seconds is this (lib/cli/transmission.js MAX_TIMEOUT_SECONDS). */
export const MAX_TIMEOUT_MS = 600_000;

/**
 * Parses benchmark_artillery.js's --timeout: whole milliseconds written in decimal digits, at least MIN_TIMEOUT_MS and
 * at most MAX_TIMEOUT_MS. Any other value is refused in one line naming the option, the value and the unit; one that
 * reads as seconds ("120", "5s") with the milliseconds it would be as seconds.
 * @param {string} value as given
 * @returns {number} milliseconds
 */
export function parseTimeoutMs(value) {
  const n = Number(value);
  // decimal digits only: Number() would also take "0x3E8" and "1e4"
  const whole = /^\s*\d+\s*$/.test(value);
  if (whole && n >= MIN_TIMEOUT_MS && n <= MAX_TIMEOUT_MS) return n;
  if (whole && n > MAX_TIMEOUT_MS) throw new UserError(`--timeout ${value}: expected whole milliseconds, at most ${MAX_TIMEOUT_MS}`);
  const seconds = /^\s*(\d+(?:\.\d+)?)\s*s\s*$/.exec(value)?.[1];
  const asSeconds = Number(seconds ?? value) * 1000;
  const meant = Number.isFinite(asSeconds) && asSeconds >= MIN_TIMEOUT_MS && asSeconds <= MAX_TIMEOUT_MS && (seconds !== undefined || n < MIN_TIMEOUT_MS)
    ? ` (${(seconds ?? value).trim()} seconds is --timeout ${Math.round(asSeconds)})` : '';
  throw new UserError(`--timeout ${value}: expected whole milliseconds, at least ${MIN_TIMEOUT_MS}${meant}`);
}

/**
 * @param {string} url
 * @returns {string} the URL without a trailing slash
 */
function checkUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserError(`--target ${url}: not a URL (expected scheme://HOST:PORT)`);
  }
  if (!/^(wss?|https?):$/.test(parsed.protocol)) throw new UserError(`--target ${url}: expected ws://, wss://, http:// or https://`);
  return url.replace(/\/+$/, '');
}

/**
 * Virtual users per second for an offered rate: each user sends `messagesPerUser` messages, and users are shared
 * out between the scenarios by equal weights, so each scenario is offered about `rate` msgs/s.
 * @param {{ rate: number, scenarios: number, messagesPerUser: number }} o
 * @returns {{ arrivalRate: number, offeredPerScenario: number }}
 */
export function arrivalsFor({ rate, scenarios, messagesPerUser }) {
  const arrivalRate = Math.round((rate * scenarios) / messagesPerUser);
  if (arrivalRate < 1) {
    throw new UserError(`--rate ${rate}: with ${messagesPerUser} messages per user and ${scenarios} scenario(s) that is under one user per second; lower --messages-per-user`);
  }
  return { arrivalRate, offeredPerScenario: (arrivalRate * messagesPerUser) / scenarios };
}

/**
 * @typedef {object} ScriptOptions
 * @property {{ id: string, hash: string }} identity
 * @property {string} payload encodePayload's string
 * @property {Array<{ transport: string, format: string }>} scenarios in table order
 * @property {Record<string, string>} targets URL by transport
 * @property {'up'|'down'} direction
 * @property {number} rate msgs/s offered to each scenario
 * @property {number} duration seconds of the measured phase
 * @property {number} warmup seconds of the warm-up phase (0: none)
 * @property {number} messagesPerUser
 * @property {number} window messages in flight per user
 * @property {number} timeoutMs
 * @property {string} command how the script was written, for the report
 */

/**
 * The script as an object (YAML.stringify writes it).
 * @param {ScriptOptions} o
 */
export function buildScript(o) {
  const { arrivalRate, offeredPerScenario } = arrivalsFor({ rate: o.rate, scenarios: o.scenarios.length, messagesPerUser: o.messagesPerUser });
  const phases = [
    ...(o.warmup > 0 ? [{ name: 'warm-up', duration: o.warmup, arrivalRate }] : []),
    { name: 'measured', duration: o.duration, arrivalRate },
  ];
  return {
    config: {
      target: o.targets[o.scenarios[0].transport],
      phases,
      engines: { [ENGINE]: {} },
      [ENGINE]: {
        command: o.command,
        identity: o.identity,
        warmupSeconds: o.warmup,
        timeoutMs: o.timeoutMs,
        settings: {
          direction: o.direction, rate: o.rate, offeredPerScenario, arrivalRate, messagesPerUser: o.messagesPerUser, window: o.window,
          durationSeconds: o.duration, warmupSeconds: o.warmup, transports: [...new Set(o.scenarios.map((s) => s.transport))],
        },
        payload: o.payload,
      },
    },
    scenarios: o.scenarios.map(({ transport, format }) => ({
      name: `${transport} ${format}`,
      engine: ENGINE,
      weight: 1,
      flow: [{ send: { transport, format, url: o.targets[transport], direction: o.direction, messages: o.messagesPerUser, window: o.window } }],
    })),
  };
}

/**
 * The script as YAML, with a header saying how to run it.
 * @param {ReturnType<typeof buildScript>} script
 */
export function scriptYaml(script) {
  const s = script.config[ENGINE].settings;
  const header = [
    `# Written by: ${script.config[ENGINE].command}`,
    `# ${script.scenarios.length} scenario(s), each offered ${s.offeredPerScenario} msgs/s (${s.arrivalRate} virtual users/s in all, ${s.messagesPerUser} messages each),`,
    `# ${s.warmupSeconds} s warm-up, then ${s.durationSeconds} s measured. Run it with the toolkit's Artillery (installed on first use):`,
    '#   node scripts/artillery.js run THIS.yml --output report.json',
    '#   node report.js --artillery report.json --script THIS.yml',
    '# run-fargate --count N runs all of it on each of N workers (N times the load): docs/artillery.md.',
  ];
  return `${header.join('\n')}\n${YAML.stringify(script, { lineWidth: 0 })}`;
}
