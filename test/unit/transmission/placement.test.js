import test from 'node:test';
import assert from 'node:assert/strict';
import {
  describePlacement, formatCpuList, parseCpuList, placementLine, placementOption, planPlacement,
} from '../../../lib/transmission/placement.js';
import { UserError } from '../../../lib/errors.js';

test('parseCpuList: single cores, ranges, both, sorted and each core once', () => {
  assert.deepEqual(parseCpuList('0'), [0]);
  assert.deepEqual(parseCpuList('0-1'), [0, 1]);
  assert.deepEqual(parseCpuList('0-3,8,10-11\n'), [0, 1, 2, 3, 8, 10, 11]);
  assert.deepEqual(parseCpuList('5,1-2,2'), [1, 2, 5]);
  assert.throws(() => parseCpuList('0-a'), /not a CPU list/);
  assert.throws(() => parseCpuList('3-1'), /backwards/);
  assert.throws(() => parseCpuList(''), /not a CPU list/);
});

test('formatCpuList: consecutive cores as ranges, the inverse of parseCpuList', () => {
  assert.equal(formatCpuList([0]), '0');
  assert.equal(formatCpuList([0, 1]), '0-1');
  assert.equal(formatCpuList([5, 0, 1, 2, 8, 9]), '0-2,5,8-9');
  for (const list of ['0-2,5', '1', '3,7-9']) assert.equal(formatCpuList(parseCpuList(list)), list);
});

test('planPlacement: two cores give the server one and the client the other', () => {
  const plan = planPlacement({ available: [0, 1] });
  assert.deepEqual({ pinned: plan.pinned, server: plan.server, client: plan.client, note: plan.note }, { pinned: true, server: [0], client: [1], note: null });
});

test('planPlacement: a server of N workers gets N cores, the client the rest; cores are those this process may use', () => {
  const plan = planPlacement({ available: [2, 3, 6, 7], serverCores: 2 });
  assert.deepEqual([plan.server, plan.client], [[2, 3], [6, 7]]);
  assert.equal(describePlacement(plan).client, '6-7');
});

test('planPlacement: nothing pinned, and the reason said, when the sides cannot have disjoint cores', () => {
  const one = planPlacement({ available: [1] });
  assert.equal(one.pinned, false);
  assert.match(/** @type {string} */ (one.note), /1 core \(1\) for a server of 1 and a client: they share them/);
  const two = planPlacement({ available: [0, 1], serverCores: 2 });
  assert.equal(two.pinned, false);
  assert.match(/** @type {string} */ (two.note), /2 cores \(0-1\) for a server of 2/);
  assert.equal(two.server, null);
});

test('planPlacement: off, no taskset, unknown cores, a server not started here: not pinned, each with its reason', () => {
  assert.match(/** @type {string} */ (planPlacement({ available: [0, 1], mode: 'off' }).note), /--placement off/);
  assert.match(/** @type {string} */ (planPlacement({ available: [0, 1], cannotPin: 'taskset not found (install util-linux)' }).note), /not pinned: taskset not found/);
  assert.match(/** @type {string} */ (planPlacement({ available: null }).note), /unknown/);
  const remote = planPlacement({ available: [0, 1, 2, 3], startsServer: false });
  assert.equal(remote.pinned, false);
  assert.match(/** @type {string} */ (remote.note), /not started by this run/);
});

test('placementLine: where each side ran, or why nothing was pinned', () => {
  assert.equal(placementLine(describePlacement(planPlacement({ available: [0, 1] }))), 'server on core 0, client on core 1');
  assert.equal(placementLine(describePlacement(planPlacement({ available: [0, 1, 2, 3], serverCores: 2 }))), 'server on cores 0-1, client on cores 2-3');
  assert.equal(placementLine(describePlacement(planPlacement({ available: [0, 1], mode: 'off' }))), 'not pinned (--placement off)');
});

test('placementOption: auto or off; anything else is one UserError naming the option and the value', () => {
  assert.equal(placementOption('off'), 'off');
  assert.throws(() => placementOption('on'), (e) => e instanceof UserError && /--placement: expected auto or off, got "on"/.test(e.message));
});
