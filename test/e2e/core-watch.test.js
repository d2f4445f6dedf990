// The core watch (lib/transmission/core-watch.js): a child pinned to the server's core that times a fixed unit of
// work every quarter second while the fixed-rate passes run. What it can be trusted for: it sits on the core it was
// given, reads only while resumed, and each reading is the unit's CPU time; that a slower core reads higher cannot be
// planted here (sharing a core with a busy process costs wall time, not CPU time), so the decision it feeds is
// tested with stand-in readings (unit/transmission/cpu-at-rate.test.js) and through measureTransmission below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { allowedCores, tasksetUnavailable } from '../../lib/transmission/placement.js';
import { startCoreWatch, watchClock } from '../../lib/transmission/core-watch.js';

const cores = allowedCores();
const skip = tasksetUnavailable() ?? (cores && cores.length >= 1 ? false : 'the cores this process may use are unknown');
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

test('the core watch runs pinned to the core it is given, reads only while resumed, and is gone once stopped', { skip }, async () => {
  const core = /** @type {number[]} */ (cores).at(-1);
  const watch = await startCoreWatch([/** @type {number} */ (core)], { periodMs: 50 });
  assert.ok(watch, 'started and pinned');
  const pid = /** @type {number} */ (watch.pid);
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  assert.match(status, new RegExp(`^Cpus_allowed_list:\\s+${core}$`, 'm'), 'on that core alone');
  // paused from the start: no reading before resume()
  await sleep(200);
  assert.equal(watch.readings.length, 0, 'nothing read while paused');
  const from = watchClock();
  watch.resume();
  await sleep(400);
  watch.pause();
  const to = watchClock();
  const n = watch.readings.length;
  assert.ok(n >= 3, `${n} readings in 0.4 s at one per 50 ms`);
  for (const r of watch.readings) {
    assert.ok(r.at >= from && r.at <= to, 'stamped on the same clock as the passes');
    // a unit is a fraction of a millisecond to a few: CPU time, not the 50 ms between readings
    assert.ok(r.ms > 0 && r.ms < 40, `${r.ms} ms`);
  }
  const mid = watch.during(from, to);
  assert.ok(mid !== null && mid > 0, 'the median of the readings in the interval');
  assert.equal(watch.during(to + 1, to + 2), null, 'none outside it');
  await sleep(200);
  assert.equal(watch.readings.length, n, 'paused again');
  watch.stop();
  await sleep(200);
  assert.equal(fs.existsSync(`/proc/${pid}`), false, 'the child is gone');
});

test('measureTransmission: each fixed-rate pass gets the watch\'s reading over its own time, and a format whose passes ran on a core that changed speed is not a figure that met its target', { skip }, async () => {
  const { measureTransmission } = await import('../../lib/transmission/run.js');
  const { resolvePayloads } = await import('../../lib/payload/index.js');
  const { selectCodecs } = await import('../../lib/codecs/index.js');
  const [payload] = await resolvePayloads({ numbers: ['5'] });
  const codecs = await selectCodecs('protobufjs-static,json-buffer');
  /**
   * A stand-in watch: it reads 0.7 ms, or 1.2 ms for an interval that starts after the second round's fixed-rate
   * passes began (the core slowed from round 2 on) when `slows`.
   * @param {boolean} slows
   */
  const standIn = (slows) => {
    /** @type {Array<[number, number]>} */
    const asked = [];
    /** @type {number[][]} */
    const pinnedTo = [];
    /** @type {string[]} */
    const calls = [];
    let round2 = Infinity;
    const start = async (/** @type {number[]} */ on) => {
      pinnedTo.push(on);
      return {
        pid: 0, readings: [],
        resume() { calls.push('resume'); if (calls.filter((c) => c === 'resume').length === 2) round2 = watchClock(); },
        pause() { calls.push('pause'); },
        stop() { calls.push('stop'); },
        during: (/** @type {number} */ from, /** @type {number} */ to) => { asked.push([from, to]); return slows && from >= round2 ? 1.2 : 0.7; },
      };
    };
    return { start, asked, pinnedTo, calls };
  };
  for (const slows of [true, false]) {
    const watch = standIn(slows);
    const r = await measureTransmission({ payload, codecs, messages: 100, warmup: 20, rounds: 3, cpuAtRate: { rate: 1000, seconds: 0.1 }, coreWatch: watch.start });
    const at = /** @type {NonNullable<typeof r.cpuAtRate>} */ (r.cpuAtRate);
    if (!r.settings.placement.pinned) return; // not pinned: nothing to watch (the run says why)
    assert.deepEqual(watch.pinnedTo, [[Number(r.settings.placement.server)]], 'the watch is started on the server\'s core');
    // read only around each round's fixed-rate passes, and stopped at the end
    assert.deepEqual(watch.calls, ['resume', 'pause', 'resume', 'pause', 'resume', 'pause', 'stop']);
    // every pass asked about its own interval: 2 formats × 3 rounds × 2 passes, none overlapping another
    assert.equal(watch.asked.length, 12);
    const inTime = [...watch.asked].sort((a, b) => a[0] - b[0]);
    for (const [k, [from, to]] of inTime.entries()) assert.ok(from < to && (k === 0 || inTime[k - 1][1] <= from), `${k}: ${from}–${to}`);
    for (const f of at.formats) {
      assert.deepEqual(f.passes.map((p) => p.coreMs), slows ? [0.7, 0.7, 1.2, 1.2, 1.2, 1.2] : Array(6).fill(0.7), f.format);
      assert.equal(f.core?.changed, slows, JSON.stringify(f.core));
      if (slows) assert.equal(f.precision.met, false, 'passes on two machines');
    }
  }
});
