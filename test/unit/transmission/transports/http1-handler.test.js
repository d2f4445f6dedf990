import test from 'node:test';
import assert from 'node:assert/strict';
import { answerHandler } from '../../../../lib/transmission/transports/http1.js';

/** @type {any} */
const controller = {};

test('answerHandler: the final status after a 1xx, its content-encoding and the body chunks, done once', () => {
  /** @type {[number, string|null][]} */
  const calls = [];
  /** @type {Buffer[]} */
  const chunks = [];
  const h = /** @type {any} */ (answerHandler((status, coding) => calls.push([status, coding]), () => assert.fail('not failed'), chunks));
  h.onRequestStart(controller, {});
  h.onResponseStart(controller, 103, {});
  h.onResponseStart(controller, 200, { 'content-encoding': 'gzip' });
  h.onResponseData(controller, Buffer.from('ab'));
  h.onResponseData(controller, Buffer.from('c'));
  h.onResponseEnd(controller, {});
  // an error after the end is no second answer
  h.onResponseError(controller, new Error('late'));
  assert.deepEqual(calls, [[200, 'gzip']]);
  assert.equal(Buffer.concat(chunks).toString(), 'abc');
});

test('answerHandler: a failure is reported once, saying whether the request had started; one before it started, on a later microtask, never inside dispatch', async () => {
  /** @type {boolean[]} */
  const failed = [];
  let starts = 0;
  const started = /** @type {any} */ (answerHandler(() => assert.fail('not done'), (s) => failed.push(s), undefined, () => starts++));
  started.onRequestStart(controller, {});
  assert.equal(starts, 1, 'onStart as undici starts the request on a connection');
  started.onResponseError(controller, new Error('reset'));
  started.onResponseError(controller, new Error('again'));
  assert.deepEqual(failed, [true], 'at once, once, as started');
  /** @type {boolean[]} */
  const early = [];
  const refused = /** @type {any} */ (answerHandler(() => assert.fail('not done'), (s) => early.push(s), undefined, () => assert.fail('never started')));
  refused.onResponseError(controller, new Error('connect ECONNREFUSED'));
  assert.deepEqual(early, [], 'not inside the call that dispatched it');
  await Promise.resolve();
  assert.deepEqual(early, [false], 'as never started: its connection could not be opened');
});

test('answerHandler: an exception from the answer callback is not handed back to undici but thrown again outside it', () => {
  const tick = process.nextTick;
  /** @type {Function[]} */
  const queued = [];
  process.nextTick = /** @type {any} */ ((/** @type {Function} */ fn) => { queued.push(fn); });
  try {
    const h = /** @type {any} */ (answerHandler(() => { throw new Error('bug in onAnswer'); }, () => assert.fail('not failed')));
    h.onRequestStart(controller, {});
    h.onResponseStart(controller, 204, {});
    assert.doesNotThrow(() => h.onResponseEnd(controller, {}));
  } finally {
    process.nextTick = tick;
  }
  assert.equal(queued.length, 1);
  assert.throws(() => queued[0](), /bug in onAnswer/);
});
