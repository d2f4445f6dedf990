/**
 * The names the Artillery engine gives its metrics, and how the report reader takes them apart again: one place,
 * so the two cannot drift. Every name is `pvj.<transport>.<format>.<what>` (measured phase) or
 * `pvj.warmup.<transport>.<format>.<what>` (a virtual user that started during the warm-up), with <what> one of
 * COUNTERS or LATENCY. Transport and format names hold no dots (transports/index.js, codecs/index.js).
 */

/** The first part of every metric name the engine emits. */
export const PREFIX = 'pvj';

/** The part that marks a warm-up virtual user's metrics. */
export const WARMUP = 'warmup';

/** The histogram: milliseconds from a message's send to its answer, one value per message answered ok. */
export const LATENCY = 'latency_ms';

/**
 * The counters, each summed over the virtual users of a scenario: messages a user was to send, sent, acked (answered
 * ok), errors (answered with an error), lost (no answer ever came, whether sent or not: messages − acked − errors),
 * not_sent (the part of lost that never left: no connection), bytes_up and bytes_down (what the client's sockets
 * carried, handshakes and framing included), payload_bytes (the codec bytes of the messages sent), connections (users
 * whose client opened: one connection each; gRPC's client opens each with one identity call the server counts too).
 */
export const COUNTERS = /** @type {const} */ (['messages', 'sent', 'acked', 'errors', 'lost', 'not_sent', 'bytes_up', 'bytes_down', 'payload_bytes', 'connections']);

/** @typedef {(typeof COUNTERS)[number]} CounterName */

/** The counter a user emits once with its codec's round-trip verdict: `verified_exact`, `verified_lossy`, … */
export const VERIFIED = 'verified_';

/**
 * @param {string} status a codec's verdict (verify.js)
 * @returns {`verified_${string}`}
 */
export const verifiedCounter = (status) => `${VERIFIED}${status}`;

/**
 * A metric's name.
 * @param {{ transport: string, format: string, warmup?: boolean }} scenario
 * @param {CounterName | typeof LATENCY | `verified_${string}`} what
 */
export function metricName({ transport, format, warmup = false }, what) {
  return [PREFIX, ...(warmup ? [WARMUP] : []), transport, format, what].join('.');
}

/**
 * A metric name taken apart, or null when it is not one of the engine's.
 * @param {string} name
 * @returns {{ transport: string, format: string, warmup: boolean, what: string } | null}
 */
export function parseMetricName(name) {
  const parts = name.split('.');
  if (parts[0] !== PREFIX) return null;
  const warmup = parts[1] === WARMUP;
  const rest = parts.slice(warmup ? 2 : 1);
  if (rest.length !== 3 || rest.some((p) => !p)) return null;
  const [transport, format, what] = rest;
  return { transport, format, warmup, what };
}
