/**
 * A break-even model of a pipelined pass over any transport: each message crosses four
 * stages, the uplink (its frame), the server's CPU, the downlink (its ACK) and
 * the client's CPU. Pipelined, the stages work at once, so the slowest one
 * sets the pace, unless the window cannot cover the round trip:
 *
 *   stage times  up = upBytes·8 / upBandwidth, down = downBytes·8 / downBandwidth, server, client CPU
 *   per message  max(slowest stage, (RTT + sum of the stages) / window)
 *   N messages   RTT + sum of the stages + (N − 1) · per message
 *
 * Bandwidths in kbit/s (1000 bit/s), RTT in ms, CPU in µs, bytes as the TCP
 * stream carries them (the transport's framing — WebSocket frames, HTTP headers, HTTP/2 frames after HPACK,
 * gRPC's prefix, TLS records — included); the link also carries each segment's headers (linkBytes: what a
 * kernel shaper such as tc tbf counts, and the built-in emulator with it).
 * @typedef {{ format: string, upBytes: number, downBytes: number, serverCpuUs: number, clientCpuUs: number }} MessageCost
 * @typedef {{ up: number, down?: number, rtt?: number, window?: number }} Link up/down kbit/s (down defaults to up), rtt ms
 * @typedef {import('./rounds.js').TransmissionRow} TransmissionRow
 * @typedef {{ format: string, messages: number, notSent?: number, wireBytes: { up: number, down: number, frames?: number, payload?: number },
 *   serverCpuUs?: number|null, clientCpuUs?: number|null }} CostRow what messageCost reads of a row
 */

/**
 * The largest TCP segment on a 1500-byte MTU with the timestamps option Linux sends by default:
 * 1500 − 20 (IPv4) − 20 (TCP) − 12 (timestamps).
 */
export const TCP_MSS = 1448;

/**
 * Header bytes a link shaper counts per TCP segment: Ethernet 14 (tc counts a packet from its MAC header, on a
 * veth pair as on Ethernet), IPv4 20, TCP 20 and its timestamps option 12. Measured: a closed-loop pass of
 * test3's JSON through tc tbf on a veth pair moved 496,680 stream bytes (plus the handshake) as 530,990 bytes in
 * 516 packets, 66.5 bytes each beyond the stream.
 */
export const SEGMENT_HEADER_BYTES = 66;

/**
 * The mean segment of a busy TCP sender, as measured: two thirds of the MSS. Through tc tbf on a veth pair at
 * 768 kbit/s with 32 messages in flight, Linux 6.18 carried test3's 828-byte JSON messages in 0.87 segments each
 * and its 389-byte protobuf ones in 0.40 (965 and 972 bytes a segment): it sends a busy stream in buffers of a few
 * segments cut at the MSS, so their last segments are short, and one header per MSS (0.57 and 0.27) would count too
 * few headers, one per message (1 and 1) too many.
 */
export const BUSY_SEGMENT_BYTES = Math.round((TCP_MSS * 2) / 3);

/**
 * Bytes on the link for one message of `bytes` of the TCP stream: the stream plus a header per segment. A
 * message that goes alone (the link idle when it is sent) takes ceil(bytes / MSS) segments; on a busy link
 * (`packed`) the stream travels in segments of BUSY_SEGMENT_BYTES on average, whatever the messages.
 * @param {number} bytes
 * @param {{ packed?: boolean }} [how]
 */
export function linkBytes(bytes, { packed = false } = {}) {
  if (bytes <= 0) return 0;
  return bytes + SEGMENT_HEADER_BYTES * (packed ? bytes / BUSY_SEGMENT_BYTES : Math.ceil(bytes / TCP_MSS));
}

/**
 * Whether a row has what the model needs: latencies (it ran), the server's CPU and the bytes on the wire.
 * @param {TransmissionRow} row
 * @returns {row is TransmissionRow & CostRow & { serverCpuUs: number, seconds: number }}
 */
const measuredRow = (row) => Boolean(row.latencyMs && row.serverCpuUs != null && row.wireBytes?.up);

/**
 * The cost of one message of a format from a measured row: the bytes each way per message as the client's
 * sockets counted them (codec bytes and every byte of framing), and the CPU per message on each side.
 * @param {CostRow} row
 * @returns {MessageCost}
 */
export function messageCost(row) {
  const sent = row.messages - (row.notSent ?? 0);
  return {
    format: row.format,
    upBytes: row.wireBytes.up / sent,
    downBytes: row.wireBytes.down / sent,
    serverCpuUs: row.serverCpuUs ?? 0,
    clientCpuUs: row.clientCpuUs ?? 0,
  };
}

/**
 * The cost of one message from what its transport declares: the codec's bytes plus the transport's framingBytes()
 * each way (HTTP headers, HTTP/2 frames after HPACK, gRPC's prefix and trailers, WebSocket headers, and TLS's
 * records when the run is over TLS), with the CPU per message measured on each side. The model needs no
 * measured byte count then: a payload size, a transport and its settings are enough.
 * @param {Pick<import('./transports/index.js').Transport, 'framingBytes'>} transport
 * @param {{ format: string, mediaType?: string, payloadBytes: number, direction?: 'up'|'down', compress?: string|null, tls?: boolean, serverCpuUs?: number|null, clientCpuUs?: number|null }} message
 *   payloadBytes: the codec's bytes of one message (a mean over the messages sent); mediaType: the codec's
 *   Content-Type on the HTTP transports
 * @returns {MessageCost & { framing: { up: number, down: number } }}
 */
export function framedCost(transport, { format, mediaType, payloadBytes, direction = 'up', compress = null, tls = false, serverCpuUs = 0, clientCpuUs = 0 }) {
  // the format's name is part of the framing where a transport puts it in a header (HTTP paths, Connect's content-type)
  const framing = transport.framingBytes({ payloadBytes, direction, compress, tls, format, ...(mediaType ? { mediaType } : {}) });
  return {
    format,
    upBytes: framing.up + (direction === 'up' ? payloadBytes : 0),
    downBytes: framing.down + (direction === 'down' ? payloadBytes : 0),
    serverCpuUs: serverCpuUs ?? 0,
    clientCpuUs: clientCpuUs ?? 0,
    framing,
  };
}

/**
 * Messages in flight on one connection, the model's window: --window, but no more than --pipelining on a
 * transport that answers in order one request after another (HTTP/1.1, which declares supports.pipelining).
 * @param {{ supports: { pipelining: boolean } }} transport
 * @param {{ window?: number, pipelining?: number }} settings
 */
export function inFlight(transport, { window = 1, pipelining = 1 }) {
  return transport.supports.pipelining ? Math.min(window, pipelining) : window;
}

/**
 * The four stages' times of one message over a link, in seconds: up, down, server CPU, client CPU. The links
 * carry the message's segments with their headers (linkBytes): shared with the messages queued beside it when
 * the link is busy, its own when it goes alone.
 * @param {MessageCost} cost
 * @param {Link} link
 * @param {{ packed?: boolean }} [how]
 */
function stages(cost, link, how = {}) {
  const down = link.down ?? link.up;
  return [
    (linkBytes(cost.upBytes, how) * 8) / (link.up * 1000),
    (linkBytes(cost.downBytes, how) * 8) / (down * 1000),
    cost.serverCpuUs / 1e6,
    cost.clientCpuUs / 1e6,
  ];
}

/**
 * Predicted steady seconds per message and throughput over a link.
 * @param {MessageCost} cost
 * @param {Link} link
 * @returns {{ secondsPerMessage: number, msgsPerSec: number, bottleneck: 'uplink'|'downlink'|'server CPU'|'client CPU'|'round trip' }}
 */
export function predictThroughput(cost, link) {
  // the slowest stage paces a busy pipeline (messages share segments); a message's own round trip has its own
  const s = stages(cost, link, { packed: true });
  const alone = stages(cost, link);
  const slowest = Math.max(...s);
  const roundTrip = (link.rtt ?? 0) / 1000 + alone.reduce((a, b) => a + b, 0);
  const windowBound = roundTrip / (link.window ?? Infinity);
  const secondsPerMessage = Math.max(slowest, windowBound);
  const bottleneck = windowBound > slowest ? 'round trip' : /** @type {const} */ (['uplink', 'downlink', 'server CPU', 'client CPU'])[s.indexOf(slowest)];
  return { secondsPerMessage, msgsPerSec: 1 / secondsPerMessage, bottleneck };
}

/**
 * Predicted seconds for N messages: the first one's full round trip, then one every secondsPerMessage.
 * @param {MessageCost} cost
 * @param {Link} link
 * @param {number} messages
 */
export function predictSeconds(cost, link, messages) {
  const s = stages(cost, link);
  const roundTrip = (link.rtt ?? 0) / 1000 + s.reduce((a, b) => a + b, 0);
  return roundTrip + (messages - 1) * predictThroughput(cost, link).secondsPerMessage;
}

/**
 * The bandwidth (kbit/s, both directions) below which the format with fewer
 * bytes per message is faster than the other: Infinity when it is faster at
 * every bandwidth (it costs no more CPU either), 0 when it never is.
 * @param {MessageCost} a
 * @param {MessageCost} b
 * @param {{ rtt?: number, window?: number, messages?: number }} [link] the rest of the link
 * @returns {{ smaller: string, larger: string, belowKbit: number }}
 */
export function breakEven(a, b, { rtt = 0, window = Infinity, messages = 10000 } = {}) {
  const [smaller, larger] = a.upBytes <= b.upBytes ? [a, b] : [b, a];
  const gain = (/** @type {number} */ kbit) => predictSeconds(larger, { up: kbit, rtt, window }, messages) - predictSeconds(smaller, { up: kbit, rtt, window }, messages);
  let lo = 1;
  let hi = 1e8; // 100 Gbit/s: beyond any link a message benchmark meets
  const result = (/** @type {number} */ belowKbit) => ({ smaller: smaller.format, larger: larger.format, belowKbit });
  if (gain(hi) > 0) return result(Infinity);
  if (gain(lo) <= 0) return result(0);
  // the smaller format's gain falls as the bandwidth grows: bisect on a log scale
  for (let i = 0; i < 60; i++) {
    const mid = Math.sqrt(lo * hi);
    if (gain(mid) > 0) lo = mid;
    else hi = mid;
  }
  return result(Math.sqrt(lo * hi));
}

/**
 * Time per `messages` against bandwidth on a log grid, for a chart: one series per format.
 * @param {MessageCost[]} costs
 * @param {{ rtt?: number, window?: number, messages?: number, fromKbit?: number, toKbit?: number, points?: number }} [options]
 * @returns {{ kbit: number[], series: Array<{ format: string, seconds: number[] }> }}
 */
export function timeCurve(costs, { rtt = 0, window = Infinity, messages = 10000, fromKbit = 100, toKbit = 1e6, points = 41 } = {}) {
  const kbit = Array.from({ length: points }, (_, i) => fromKbit * (toKbit / fromKbit) ** (i / (points - 1)));
  return { kbit, series: costs.map((c) => ({ format: c.format, seconds: kbit.map((k) => predictSeconds(c, { up: k, rtt, window }, messages)) })) };
}

/**
 * The break-even section of a run: the model fed with the loopback pass's
 * bytes and CPU per message of one payload, checked against the same
 * payload's pass over an emulated (or shaped) link.
 * @param {{ payload: string, settings: object, results: TransmissionRow[] }} loopback the payload's unshaped transmission entry
 * @param {{ payload: string, profile: string, settings: { link?: { up?: number|null, down?: number|null, rtt: number }|null, messages?: number, window?: number, inFlight?: number },
 *   results: TransmissionRow[] }} shaped the same payload's entry over a slow link
 * @param {number} [messages] the N of "time for N messages" (default 10,000)
 */
export function breakEvenReport(loopback, shaped, messages = 10000) {
  const link = shaped.settings.link;
  if (!link) throw new Error(`breakEvenReport: the ${shaped.profile} run has no link to model`);
  const { messages: perPass, window } = shaped.settings;
  if (!perPass || !window) throw new Error(`breakEvenReport: the ${shaped.profile} run's settings lack its messages or window`);
  const costs = loopback.results.filter(measuredRow).map(messageCost);
  const pairs = [];
  for (let i = 0; i < costs.length; i++) {
    for (let j = i + 1; j < costs.length; j++) {
      const be = breakEven(costs[i], costs[j], { rtt: link.rtt, messages });
      pairs.push({ ...be, belowKbit: Number.isFinite(be.belowKbit) ? be.belowKbit : null, always: be.belowKbit === Infinity });
    }
  }
  const measured = shaped.results.flatMap((r) => {
    const cost = r.latencyMs ? costs.find((c) => c.format === r.format) : undefined;
    if (!cost) return [];
    // settings.inFlight: the messages a connection really has in flight (HTTP/1.1: no more than --pipelining)
    const predicted = predictSeconds(cost, { up: link.up ?? 1e9, down: link.down ?? 1e9, rtt: link.rtt, window: shaped.settings.inFlight ?? window }, perPass);
    return [{ format: r.format, up: link.up, down: link.down, rtt: link.rtt, measuredSeconds: (Number(r.seconds) / perPass) * messages, predictedSeconds: (predicted / perPass) * messages }];
  });
  return { payload: loopback.payload, profile: shaped.profile, messages, rtt: link.rtt, costs, pairs, measured, curve: timeCurve(costs, { rtt: link.rtt, messages }) };
}

/**
 * benchmark_ws's break-even reports: with a loopback run among the runs (one
 * per profile), the model fed by it and checked against every shaped run.
 * @param {Array<{ payload: { id: string }, settings: { profile: string, raw?: boolean|null, link?: { up?: number|null, down?: number|null, rtt: number }|null,
 *   messages?: number, window?: number, inFlight?: number }, results: TransmissionRow[] }>} runs
 */
export function breakEvenReports(runs) {
  const loopback = runs.find((r) => r.settings.profile === 'none' && !r.settings.raw);
  /** @param {(typeof runs)[number]} run */
  const entry = (run) => ({ payload: run.payload.id, profile: run.settings.profile, settings: run.settings, results: run.results });
  return loopback ? runs.filter((r) => r.settings.link).map((r) => breakEvenReport(entry(loopback), entry(r))) : [];
}
