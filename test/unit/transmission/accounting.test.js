import test from 'node:test';
import assert from 'node:assert/strict';
import { createAccounting, drivePass } from '../../../lib/transmission/accounting.js';
import { closeText } from '../../../lib/transmission/transports/ws.js';

test('createAccounting: ok, error, duplicate, stray, lost and never-sent messages each land in their own count', () => {
  /** @type {number[]} */
  const corrected = [];
  /** @type {number[]} */
  const uncorrected = [];
  const a = createAccounting(6, { record: (ms) => corrected.push(ms), recordUncorrected: (ms) => uncorrected.push(ms) });
  // message 0 was due at 90 (open loop) but left at 100; its answer comes at 130
  a.sent(0, 100, 90);
  a.sent(1, 101);
  a.sent(2, 102);
  a.sent(3, 103);
  a.sent(4, 104);
  a.unsent(4); // the client could not send it after all
  a.answer(3, true, 105);
  a.unsent(3); // too late: an answered message stays answered (a transport that learns of a failure after an answer)
  a.unsent(5); // never sent at all: nothing to take back
  assert.equal(a.answer(0, true, 130), true);
  assert.equal(a.answer(1, false, 140), true, 'an error answer is still the first answer');
  assert.equal(a.answer(0, true, 150), false, 'a second answer is a duplicate');
  assert.equal(a.answer(-1, true, 150), false, 'an answer matching no request');
  assert.equal(a.answer(6, true, 150), false, 'a sequence number past the pass');
  assert.equal(a.answer(5, true, 150), false, 'an answer to a message never sent');
  assert.equal(a.answer(4, true, 150), false, 'an answer to a message taken back');
  // 2 never answered
  assert.deepEqual(a.summary(), { messages: 6, sent: 4, acked: 2, lost: 1, notSent: 2, duplicated: 5, errors: 1 });
  assert.deepEqual(corrected, [2, 40], 'latency counts from the due time');
  assert.deepEqual(uncorrected, [2, 30], 'and, uncorrected, from the actual send');
});

test('createAccounting: closed loop (no uncorrected recorder) counts from the send time', () => {
  /** @type {number[]} */
  const corrected = [];
  const a = createAccounting(1, { record: (ms) => corrected.push(ms) });
  a.sent(0, 10);
  a.answer(0, true, 12.5);
  assert.deepEqual(corrected, [2.5]);
});

/**
 * A stand-in client (no sockets): answers each message as the `answer` function says, on the next microtask,
 * and records how many messages were in flight at most.
 * @param {{ capacity: number, answer?: (seq: number) => Array<[number, number]>, refuse?: (seq: number) => boolean, closeAfter?: number, closeAt?: number, closedWhy?: string }} how
 *   answer: the (seq, status) answers message seq gets (default: one ok); refuse: send returns false;
 *   closeAfter: the client reports every connection gone after this many sends; closeAt: or this many ms after it opened; closedWhy: how it says the last one was closed
 */
function standInClient({ capacity, answer = (seq) => [[seq, 0]], refuse = () => false, closeAfter = Infinity, closeAt, closedWhy }) {
  const seen = { sent: /** @type {number[]} */ ([]), maxInFlight: 0 };
  let inFlight = 0;
  /** @param {{ onAnswer: (seq: number, status: number) => void, onClosed: (why?: string) => void }} handlers */
  const open = async ({ onAnswer, onClosed }) => {
    if (closeAt !== undefined) setTimeout(onClosed, closeAt);
    return {
      capacity,
      /** @param {number} seq */
      send(seq) {
        if (refuse(seq)) return false;
        seen.sent.push(seq);
        inFlight++;
        seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
        if (seen.sent.length === closeAfter) {
          queueMicrotask(() => onClosed(closedWhy));
          return true;
        }
        queueMicrotask(() => {
          inFlight--;
          for (const [s, status] of answer(seq)) onAnswer(s, status);
        });
        return true;
      },
    };
  };
  return { open, seen };
}

test('drivePass, closed loop: every message sent once, in order, never more in flight than the capacity', async () => {
  const { open, seen } = standInClient({ capacity: 3 });
  /** @type {number[]} */
  const latencies = [];
  /** @type {number[]} */
  const progress = [];
  const r = await drivePass({ open, messages: 250, record: (ms) => latencies.push(ms), onProgress: (p) => progress.push(p.done) });
  assert.deepEqual(seen.sent, Array.from({ length: 250 }, (_, i) => i));
  assert.equal(seen.maxInFlight, 3);
  assert.equal(latencies.length, 250);
  assert.ok(latencies.every((ms) => ms >= 0));
  assert.deepEqual([r.messages, r.sent, r.acked, r.lost, r.notSent, r.duplicated, r.errors], [250, 250, 250, 0, 0, 0, 0]);
  assert.equal(r.ended, 'complete');
  // one progress report per 1% (2 messages) of the pass
  assert.equal(progress.length, 125);
  assert.equal(progress.at(-1), 250);
});

test('drivePass: error answers, duplicates and a lost message are told apart; the pass ends on the idle timeout', async () => {
  const { open } = standInClient({
    capacity: 2,
    answer: (seq) => (seq === 3 ? [[3, 0], [3, 0]] : seq === 5 ? [[5, 1]] : seq === 7 ? [] : [[seq, 0]]),
  });
  /** @type {number[]} */
  const latencies = [];
  const r = await drivePass({ open, messages: 10, record: (ms) => latencies.push(ms), idleTimeoutMs: 40 });
  // message 7 is never answered: it holds one of the two slots, so 8 and 9 still go out on the other
  assert.deepEqual([r.sent, r.acked, r.errors, r.duplicated, r.lost, r.notSent], [10, 8, 1, 1, 1, 0]);
  assert.equal(latencies.length, 8, 'only ok answers have a latency');
  assert.equal(r.ended, 'no answer for 0.04 s');
});

test('drivePass: a message status other than okStatus is an error', async () => {
  const { open } = standInClient({ capacity: 1, answer: (seq) => [[seq, 204]] });
  const r = await drivePass({ open, messages: 3, record: () => {}, okStatus: 204 });
  assert.deepEqual([r.acked, r.errors, r.ended], [3, 0, 'complete']);
  const { open: open2 } = standInClient({ capacity: 1, answer: (seq) => [[seq, 204]] });
  const r2 = await drivePass({ open: open2, messages: 3, record: () => {} });
  assert.deepEqual([r2.acked, r2.errors, r2.ended], [0, 3, 'complete']);
});

// the timeout guards "at once": without it a pass the server closed would wait out its 60 s idle timeout
test('drivePass: when the server closes every connection the pass ends at once and says why', { timeout: 5000 }, async () => {
  const { open } = standInClient({ capacity: 1, closeAfter: 4 });
  const r = await drivePass({ open, messages: 10, record: () => {}, idleTimeoutMs: 60000 });
  assert.deepEqual([r.sent, r.acked, r.lost, r.notSent], [4, 3, 1, 6]);
  assert.equal(r.ended, 'the server closed every connection');
  // where the transport says how the last connection was closed (a WebSocket's close code), the line says it too
  const { open: withCode } = standInClient({ capacity: 1, closeAfter: 1, closedWhy: closeText(1009, Buffer.from('too big')) });
  const coded = await drivePass({ open: withCode, messages: 3, record: () => {}, idleTimeoutMs: 60000 });
  assert.equal(coded.ended, 'the server closed every connection, the last with close code 1009 (message too big: over the server\'s --max-payload): "too big"');
  assert.equal(closeText(4321, undefined), 'with close code 4321');
});

test('drivePass: a message the client could not send counts as not sent, not lost, and ends the pass', { timeout: 5000 }, async () => {
  const { open } = standInClient({ capacity: 4, refuse: (seq) => seq >= 2 });
  // send's false means every connection is gone: nothing is in flight after 0 and 1, so no timeout would end it
  const r = await drivePass({ open, messages: 4, record: () => {}, idleTimeoutMs: 60000 });
  assert.deepEqual([r.sent, r.acked, r.lost, r.notSent], [2, 2, 0, 2]);
  assert.equal(r.ended, 'the server closed every connection');
});

test('drivePass, open loop: every message sent at its rate, latencies recorded both ways', async () => {
  const { open, seen } = standInClient({ capacity: 1 });
  /** @type {number[]} */
  const corrected = [];
  /** @type {number[]} */
  const uncorrected = [];
  // a high rate, so the pass takes a few milliseconds; in open loop the capacity does not limit what is in flight
  const r = await drivePass({ open, messages: 50, rate: 1e6, record: (ms) => corrected.push(ms), recordUncorrected: (ms) => uncorrected.push(ms) });
  assert.equal(r.acked, 50);
  assert.equal(seen.sent.length, 50);
  assert.ok(seen.maxInFlight > 1, 'open loop does not wait for answers');
  assert.equal(corrected.length, 50);
  assert.equal(uncorrected.length, 50);
  // from the due time is never shorter than from the actual send, which is at or after it
  assert.ok(corrected.every((ms, i) => ms >= uncorrected[i]));
});

test('drivePass, open loop: an answer never sends the next message ahead of its due time', async () => {
  const { open, seen } = standInClient({ capacity: 4, closeAt: 30 });
  // one message per 1000 s: message 0 is due at once, message 1 only long after the server closed (30 ms in)
  const r = await drivePass({ open, messages: 3, rate: 0.001, record: () => {}, idleTimeoutMs: 10 });
  assert.deepEqual(seen.sent, [0]);
  assert.deepEqual([r.sent, r.acked, r.notSent], [1, 1, 2]);
  assert.equal(r.ended, 'the server closed every connection', 'the wait for message 1, nothing in flight, is no missing answer');
});

test('drivePass, open loop with bursts: the messages fall due three at a time and go out in the same tick, never a burst split', async () => {
  /** @type {number[]} each send's tick: messages sent in one synchronous run share it */
  const ticks = [];
  let tick = 0;
  let pending = false;
  const { open } = standInClient({ capacity: 1 });
  const counted = async (/** @type {any} */ handlers) => {
    const client = await open(handlers);
    return { ...client, send(/** @type {number} */ seq) {
      if (!pending) { pending = true; setImmediate(() => { pending = false; tick++; }); }
      ticks.push(tick);
      return client.send(seq);
    } };
  };
  // 20 msgs/s in bursts of 3: one burst every 150 ms (a late timer may send two together, never part of one)
  const r = await drivePass({ open: counted, messages: 9, rate: 20, burst: 3, record: () => {} });
  assert.equal(r.acked, 9);
  const sizes = [...new Set(ticks)].map((t) => ticks.filter((x) => x === t).length);
  assert.ok(sizes.every((n) => n % 3 === 0), `messages per tick ${sizes.join(', ')}`);
  assert.ok(sizes.length >= 2, 'the bursts go out at their own times');
  // a burst is a whole number of messages, at least one
  for (const burst of [0, 1.5, -2]) await assert.rejects(drivePass({ open, messages: 3, rate: 20, burst, record: () => {} }), RangeError);
  // the rate's messages in 2 ms, at least one
  const { burstAt } = await import('../../../lib/transmission/cpu-at-rate.js');
  assert.deepEqual([burstAt(2000), burstAt(1000), burstAt(500), burstAt(10)], [4, 2, 1, 1]);
  // and no more of the largest message than one 64 KiB socket read holds, its frame included (the transport's
  // framingBytes, through clientWireBytes): test4's largest JSON message (6,247 bytes) at 10,000 msgs/s goes 10 a
  // write over ws, not 20; test3's (1,067) at 2,000 still 4; a message over 64 KiB one at a time
  const { SOCKET_READ_BYTES } = await import('../../../lib/transmission/cpu-at-rate.js');
  const { clientWireBytes } = await import('../../../lib/transmission/run.js');
  const ws = (await import('../../../lib/transmission/transports/ws.js')).default;
  assert.equal(SOCKET_READ_BYTES, 65536);
  const test4 = clientWireBytes(ws, 6247, 'up');
  assert.ok(test4 > 6247 && test4 < 6247 + 20, `${test4} bytes on the wire`);
  assert.equal(clientWireBytes(ws, 6247, 'down'), clientWireBytes(ws, 0, 'up'), 'down: the client sends only the request frame');
  assert.deepEqual([burstAt(10000, test4), burstAt(2000, clientWireBytes(ws, 1067, 'up')), burstAt(10000, 0), burstAt(2000, 100_000)], [10, 4, 20, 1]);
  assert.ok(burstAt(10000, test4) * test4 <= SOCKET_READ_BYTES);
  // a message that fills the read but for a byte: one a write
  assert.equal(burstAt(10000, SOCKET_READ_BYTES / 2 + 1), 1);
});

test('largestMessageBytes: the largest message of any format over its corpus', async () => {
  const { largestMessageBytes } = await import('../../../lib/transmission/wire-codec.js');
  const codec = (/** @type {number[]} */ sizes) => ({ messageCount: sizes.length, byteLength: (/** @type {number} */ i) => sizes[i % sizes.length] });
  assert.equal(largestMessageBytes(/** @type {any} */ ([codec([10, 300, 20]), codec([5, 40, 299])])), 300);
  assert.equal(largestMessageBytes([]), 0);
});

test('drivePass, open loop: the idle timeout counts only while a message is in flight', async () => {
  // every message answered at once, the next due 250 ms later: twice the timeout with nothing in flight, every time
  const { open, seen } = standInClient({ capacity: 1 });
  const r = await drivePass({ open, messages: 3, rate: 4, record: () => {}, idleTimeoutMs: 125 });
  assert.deepEqual(seen.sent, [0, 1, 2]);
  assert.deepEqual([r.acked, r.notSent, r.ended], [3, 0, 'complete']);
  // a message in flight still ends the pass when its answer does not come: the last one, so that no later send races
  // the watchdog (with a third message due when the watchdog looked, its answer could come first and count as progress)
  const { open: silent } = standInClient({ capacity: 1, answer: (seq) => (seq === 1 ? [] : [[seq, 0]]) });
  const stalled = await drivePass({ open: silent, messages: 2, rate: 4, record: () => {}, idleTimeoutMs: 125 });
  assert.deepEqual([stalled.acked, stalled.lost, stalled.ended], [1, 1, 'no answer for 0.125 s']);
});

test('drivePass: an empty pass ends at once, and a pass past 32-bit sequence numbers is refused', async () => {
  const { open, seen } = standInClient({ capacity: 1 });
  const r = await drivePass({ open, messages: 0, record: () => {} });
  assert.deepEqual([r.sent, r.ended, seen.sent.length], [0, 'complete', 0]);
  await assert.rejects(drivePass({ open, messages: 2 ** 32, record: () => {} }), RangeError);
});

test('createAccounting: a message reported lost (its connection broke after it left) counts as lost, not in flight; an answer after it is a duplicate', () => {
  const a = createAccounting(4, { record: () => {} });
  a.sent(0, 1);
  a.sent(1, 2);
  a.sent(2, 3);
  assert.equal(a.lost(1), true);
  assert.equal(a.lost(1), false, 'once');
  assert.equal(a.answer(0, true, 4), true);
  assert.equal(a.lost(0), false, 'an answered message stays answered');
  assert.equal(a.lost(3), false, 'a message never sent is not lost');
  assert.equal(a.answer(1, true, 5), false, 'a late answer to a message reported lost');
  a.unsent(1); // nor can it be taken back: it left
  assert.equal(a.counts.lostInFlight, 1);
  // 1 reported lost, 2 still without an answer: both lost
  assert.deepEqual(a.summary(), { messages: 4, sent: 3, acked: 1, lost: 2, notSent: 1, duplicated: 1, errors: 0 });
});

// the timeout guards "without the idle timeout": a lost message left in flight would hold the pass for 60 s
test('drivePass: a message the client reports lost frees its slot for the next; the pass ends once the rest are answered, and says why', { timeout: 5000 }, async () => {
  let maxInFlight = 0;
  let inFlight = 0;
  /** @param {import('../../../lib/transmission/accounting.js').PassHandlers} handlers */
  const open = async ({ onAnswer, onLost }) => ({
    capacity: 2,
    /** @param {number} seq */
    send(seq) {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      queueMicrotask(() => {
        inFlight--;
        if (seq === 3 || seq === 4) onLost(seq);
        else onAnswer(seq, 0);
      });
      return true;
    },
  });
  const r = await drivePass({ open, messages: 10, record: () => {}, idleTimeoutMs: 60000 });
  assert.deepEqual([r.sent, r.acked, r.errors, r.lost, r.notSent, r.duplicated], [10, 8, 0, 2, 0, 0]);
  assert.equal(maxInFlight, 2);
  assert.equal(r.ended, '2 messages lost with their connections');
});

test('drivePass: once the pass is over, a late answer or loss changes nothing and sends nothing more', { timeout: 5000 }, async () => {
  /** @type {import('../../../lib/transmission/accounting.js').PassHandlers|null} */
  let given = null;
  /** @type {number[]} */
  const sent = [];
  const open = async (/** @type {import('../../../lib/transmission/accounting.js').PassHandlers} */ handlers) => {
    given = handlers;
    return {
      capacity: 2,
      /** @param {number} seq */
      send(seq) {
        sent.push(seq);
        // message 1 is never answered; the others are until message 4, after which every connection is reported gone
        if (seq === 4) queueMicrotask(handlers.onClosed);
        else if (seq !== 1) queueMicrotask(() => handlers.onAnswer(seq, 0));
        return true;
      },
    };
  };
  const r = await drivePass({ open, messages: 10, record: () => {}, idleTimeoutMs: 60000 });
  assert.deepEqual([r.sent, r.acked, r.lost, r.notSent], [5, 3, 2, 5]);
  const before = sent.length;
  const handlers = /** @type {import('../../../lib/transmission/accounting.js').PassHandlers} */ (/** @type {unknown} */ (given));
  // message 1's connection is found broken after the pass (while the owner asks the server for its report), then an
  // answer to 4 straggles in: neither sends the next message, as they would during the pass
  handlers.onLost(1);
  handlers.onAnswer(4, 0);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(sent.slice(before), [], 'no message sent after the pass');
});
