import test from 'node:test';
import assert from 'node:assert/strict';
import { deathsNote, mergeServerReports } from '../../../lib/transmission/server-workers.js';

test('mergeServerReports: messages and CPU added over the workers and the primary, mean event-loop use, longest wall time', () => {
  const merged = mergeServerReports(
    [{ messages: 300, cpuUs: 9000, elu: 0.5, seconds: 1.0 }, { messages: 100, cpuUs: 4000, elu: 0.3, seconds: 1.1 }],
    { messages: 0, cpuUs: 500, elu: 0.01, seconds: 1.05 },
    { total: 3, died: [{ worker: 3, pid: 42, code: null, signal: 'SIGKILL' }] },
  );
  assert.equal(merged.messages, 400);
  assert.equal(merged.cpuUs, 13500);
  assert.ok(Math.abs(merged.elu - 0.4) < 1e-12);
  assert.equal(merged.seconds, 1.1);
  assert.deepEqual([merged.workers, merged.answered, merged.died.length], [3, 2, 1]);
  // GC pauses: the longest of any process, all of them added
  const paused = mergeServerReports([{ messages: 1, cpuUs: 1, elu: 0, seconds: 1, gcMaxMs: 4, gcMs: 10 }, { messages: 1, cpuUs: 1, elu: 0, seconds: 1, gcMaxMs: 12, gcMs: 20 }],
    { messages: 0, cpuUs: 1, elu: 0, seconds: 1, gcMaxMs: 1, gcMs: 1 }, { total: 2, died: [] });
  assert.deepEqual([paused.gcMaxMs, paused.gcMs], [12, 31]);
  // socket reads: the workers' added (a worker of an older report without them counts none)
  const read = mergeServerReports([{ messages: 9, cpuUs: 1, elu: 0, seconds: 1, reads: 4 }, { messages: 6, cpuUs: 1, elu: 0, seconds: 1 }, { messages: 6, cpuUs: 1, elu: 0, seconds: 1, reads: 3 }],
    { messages: 0, cpuUs: 1, elu: 0, seconds: 1, reads: 0 }, { total: 3, died: [] });
  assert.equal(read.reads, 7);
  // user and system time added like the CPU, where every process gave them; none where one did not
  const split = mergeServerReports([{ messages: 1, cpuUs: 10, userUs: 7, systemUs: 3, elu: 0, seconds: 1 }, { messages: 1, cpuUs: 20, userUs: 15, systemUs: 5, elu: 0, seconds: 1 }],
    { messages: 0, cpuUs: 4, userUs: 1, systemUs: 3, elu: 0, seconds: 1 }, { total: 2, died: [] });
  assert.deepEqual([split.cpuUs, split.userUs, split.systemUs], [34, 23, 11]);
  const partial = mergeServerReports([{ messages: 1, cpuUs: 10, userUs: 7, systemUs: 3, elu: 0, seconds: 1 }, { messages: 1, cpuUs: 20, elu: 0, seconds: 1 }],
    { messages: 0, cpuUs: 4, userUs: 1, systemUs: 3, elu: 0, seconds: 1 }, { total: 2, died: [] });
  assert.deepEqual([partial.userUs, partial.systemUs], [undefined, undefined]);
});

test('deathsNote: which worker, how it ended, and the messages without an answer (lost, and failed: answered with an error); nothing when none died', () => {
  assert.equal(deathsNote([], { lost: 3, errors: 0 }), null);
  assert.equal(deathsNote(undefined, { lost: 3, errors: 1 }), null);
  assert.equal(deathsNote([{ worker: 2, pid: 77, code: null, signal: 'SIGKILL' }], { lost: 37, errors: 2 }), 'server worker 2 (pid 77) died (SIGKILL) during the pass, not replaced: 39 messages without an answer (37 lost, 2 failed)');
  assert.equal(deathsNote([{ worker: 1, pid: null, code: 1, signal: null }], { lost: 0, errors: 1 }), 'server worker 1 died (exit code 1) during the pass, not replaced: 1 message without an answer (0 lost, 1 failed)');
});
