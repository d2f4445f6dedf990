/**
 * Every message of a pass accounted for by its sequence number: answered ok exactly once, answered with an
 * error, duplicated (a second answer, or one matching no request), lost (sent, never answered) or never sent.
 * Pure state and arithmetic, no I/O and no Node built-ins, so the Node client and the page client (a browser)
 * share it; latencies go to the recorders the caller passes (an HDR histogram on the host, an array in a page).
 */

const UNSENT = 0;
const IN_FLIGHT = 1;
const ANSWERED = 2;
/** sent, and its connection broke before its answer: lost, and known to be (no answer will come) */
const LOST = 3;

/**
 * @param {number} messages
 * @param {{ record: (ms: number) => void, recordUncorrected?: (ms: number) => void }} recorders
 *   record: latency of each ok answer from its due time (the scheduled send time in open loop);
 *   recordUncorrected: open loop only, from the actual send time
 */
export function createAccounting(messages, { record, recordUncorrected }) {
  const state = new Uint8Array(messages);
  const due = new Float64Array(messages);
  const sentAt = recordUncorrected ? new Float64Array(messages) : null;
  // lostInFlight: messages the client reported lost (their connection broke before their answer); the summary's lost
  // counts them with those still without an answer when the pass ends
  const counts = { sent: 0, answered: 0, acked: 0, errors: 0, duplicated: 0, lostInFlight: 0 };
  return {
    counts,
    /**
     * @param {number} seq
     * @param {number} now
     * @param {number} [dueAt] the scheduled send time (open loop); now otherwise
     */
    sent(seq, now, dueAt = now) {
      state[seq] = IN_FLIGHT;
      due[seq] = dueAt;
      if (sentAt) sentAt[seq] = now;
      counts.sent++;
    },
    /**
     * The client could not send it after all (no connection left): never sent. Only a message in flight: one
     * already answered stays answered.
     * @param {number} seq
     */
    unsent(seq) {
      if (!(seq >= 0 && seq < messages) || state[seq] !== IN_FLIGHT) return;
      state[seq] = UNSENT;
      counts.sent--;
    },
    /**
     * The client knows no answer will come for a message in flight (its connection broke after it was sent): lost,
     * as one still unanswered when the pass ends is, but no longer in flight. Returns true when it was in flight.
     * @param {number} seq
     */
    lost(seq) {
      if (!(seq >= 0 && seq < messages) || state[seq] !== IN_FLIGHT) return false;
      state[seq] = LOST;
      counts.lostInFlight++;
      return true;
    },
    /**
     * One answer. Returns true when it is the first answer to a message this pass sent.
     * @param {number} seq -1 for an answer matching no request
     * @param {boolean} ok
     * @param {number} now
     */
    answer(seq, ok, now) {
      if (!(seq >= 0 && seq < messages) || state[seq] !== IN_FLIGHT) {
        counts.duplicated++;
        return false;
      }
      state[seq] = ANSWERED;
      counts.answered++;
      if (ok) {
        counts.acked++;
        record(now - due[seq]);
        if (recordUncorrected && sentAt) recordUncorrected(now - sentAt[seq]);
      } else {
        counts.errors++;
      }
      return true;
    },
    /** The pass's accounting as a result row has it. */
    summary() {
      return {
        messages,
        sent: counts.sent,
        acked: counts.acked,
        lost: counts.sent - counts.answered,
        // never sent (the server went away first): not lost on the wire, and not part of any per-message figure
        notSent: messages - counts.sent,
        duplicated: counts.duplicated,
        errors: counts.errors,
      };
    },
  };
}

/** @typedef {{ capacity: number, send: (seq: number) => boolean|void }} PassClient what drivePass needs of a client */

/**
 * What drivePass hands open(): a client calls onAnswer for each answer (its sequence number and status), onUnsent
 * for a message send() took that never left after all (the connection it waited for could not be opened), onLost for
 * a message sent whose connection broke before its answer (lost: no answer will come), onClosed when every
 * connection is gone (with how the last one was closed, where the transport knows: a WebSocket's close code).
 * @typedef {{ onAnswer: (seq: number, status: number) => void, onUnsent: (seq: number) => void, onLost: (seq: number) => void, onClosed: (why?: string) => void }} PassHandlers
 */

/**
 * Drives one pass through a client: closed loop (default: `capacity` messages in flight, the next sent as an
 * answer arrives, no timer in the way) or open loop (`rate`: message i is due at start + i/rate and its
 * latency counts from then, so a stall shows in the percentiles instead of silently slowing the sender).
 * Ends when every message is answered, the client reports every connection gone, or no answer came for
 * idleTimeoutMs while some message was in flight (time with nothing in flight, waiting for an open loop's next due
 * message, does not count). Uses only performance.now and timers, so it runs in a page too.
 * open: creates the client with these handlers; rate: msgs/s (open loop); burst: open loop, messages due together
 * (default 1), burst after burst at burst ÷ rate s, each one's latency timed from the burst's due time; recordUncorrected: open loop;
 * beforeStart: after the client opened, before the clock starts; okStatus: the status that means ok (0)
 * The client is what open() gives (the Node client, a TransportClient, or the page's), to beforeStart and in the result;
 * a caller types open's handlers (PassHandlers), so that the client's type is inferred from it.
 * @template {PassClient} C
 * @param {{ open: (handlers: PassHandlers) => Promise<C>,
 *   messages: number, rate?: number, burst?: number, idleTimeoutMs?: number, record: (ms: number) => void, recordUncorrected?: (ms: number) => void,
 *   onProgress?: (p: { done: number, total: number }) => void, beforeStart?: (client: C) => void | Promise<void>, okStatus?: number }} options
 */
export async function drivePass({ open, messages, rate, burst = 1, idleTimeoutMs = 10000, record, recordUncorrected, onProgress, beforeStart, okStatus = 0 }) {
  if (messages > 0xfffffffe) throw new RangeError('at most 4294967294 messages per pass (32-bit sequence numbers)');
  if (!Number.isInteger(burst) || burst < 1) throw new RangeError(`a burst is a whole number of messages, at least 1 (got ${burst})`);
  const accounting = createAccounting(messages, { record, recordUncorrected: rate ? recordUncorrected : undefined });
  const progressStep = Math.max(1, Math.floor(messages / 100));
  let nextSeq = 0;
  let lastProgress = 0;
  let end = 0;
  let closed = false;
  /** how the last connection was closed, where the transport said (onClosed) */
  let closedWhy = '';
  /** messages sent and not yet answered, nor known lost */
  const inFlight = () => accounting.counts.sent - accounting.counts.answered - accounting.counts.lostInFlight;
  /** every message answered or known lost */
  const settledAll = () => accounting.counts.answered + accounting.counts.lostInFlight === messages;
  /** @type {() => void} */
  let finish = () => {};
  // once its summary is taken, the pass takes no more answers, losses or sends: the owner may still hold the client
  // open for a while (the server's report comes over it), and a connection that breaks then changes nothing
  let over = false;
  const finished = new Promise((resolve) => { finish = () => resolve(undefined); });
  /** @type {PassClient|null} */
  let client = null;
  /** @type {(seq: number, dueAt?: number) => void} */
  const send = (seq, dueAt) => {
    // sends start only after open() resolved
    if (!client) throw new Error('drivePass: a message sent before the client opened');
    const now = performance.now();
    // the idle timeout counts only while a message awaits its answer: a message sent with none in flight starts it afresh
    if (inFlight() === 0) lastProgress = now;
    accounting.sent(seq, now, dueAt);
    // false: every connection is gone (the transports' contract), so nothing more can be sent
    if (client.send(seq) === false) {
      accounting.unsent(seq);
      closed = true;
      finish();
    }
  };
  /** @type {(seq: number, status: number) => void} */
  const onAnswer = (seq, status) => {
    if (over) return;
    const now = performance.now();
    if (!accounting.answer(seq, status === okStatus, now)) return;
    lastProgress = now;
    const { answered } = accounting.counts;
    if (onProgress && answered % progressStep === 0) onProgress({ done: answered, total: messages });
    next(now);
  };
  /** @type {(now: number) => void} after a message is answered or known lost: the end, or the next message (closed loop) */
  const next = (now) => {
    if (settledAll()) {
      end = now;
      finish();
    } else if (!rate && nextSeq < messages) {
      send(nextSeq++);
    }
  };
  /** @type {(seq: number) => void} */
  const onLost = (seq) => {
    if (over || !accounting.lost(seq)) return;
    const now = performance.now();
    lastProgress = now;
    next(now);
  };
  const opened = await open({ onAnswer, onUnsent: (seq) => accounting.unsent(seq), onLost, onClosed: (why) => { closed = true; closedWhy = why ?? ''; finish(); } });
  client = opened;
  await beforeStart?.(opened);
  const start = performance.now();
  lastProgress = start;
  let pump;
  if (rate) {
    const interval = 1000 / rate;
    // messages fall due `burst` at a time (1: each at its own time), each burst's at the time of its first, and all
    // that are due go out in one tick (the transports cork them into one write)
    const dueAt = (/** @type {number} */ n) => start + Math.floor(n / burst) * burst * interval;
    const tick = () => {
      const now = performance.now();
      while (nextSeq < messages && dueAt(nextSeq) <= now && !closed) {
        send(nextSeq, dueAt(nextSeq));
        nextSeq++;
      }
      if (nextSeq < messages && !closed) pump = setTimeout(tick, Math.max(0, dueAt(nextSeq) - performance.now()));
    };
    tick();
  } else {
    while (nextSeq < Math.min(messages, opened.capacity) && !closed) send(nextSeq++);
  }
  // a watchdog, not a pacer: it only ends a pass that stopped getting answers, counting only the time some message
  // was in flight (in open loop at a low rate, the wait for the next message's due time is not a missing answer)
  const watchdog = setInterval(() => {
    if (inFlight() > 0 && performance.now() - lastProgress > idleTimeoutMs) finish();
  }, Math.min(1000, idleTimeoutMs));
  if (messages === 0) finish();
  await finished;
  over = true;
  clearInterval(watchdog);
  clearTimeout(pump);
  if (!end) end = performance.now();
  const summary = accounting.summary();
  const incomplete = summary.acked + summary.errors < messages;
  const { lostInFlight } = accounting.counts;
  return {
    client: opened,
    ...summary,
    seconds: (end - start) / 1000,
    ended: !incomplete ? 'complete' : closed ? `the server closed every connection${closedWhy ? `, the last ${closedWhy}` : ''}`
      : settledAll() ? `${lostInFlight} ${lostInFlight === 1 ? 'message lost with its connection' : 'messages lost with their connections'}` : `no answer for ${idleTimeoutMs / 1000} s`,
  };
}
