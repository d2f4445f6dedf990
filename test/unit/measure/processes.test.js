import test from 'node:test';
import assert from 'node:assert/strict';
import { mergeProcessRows, processAgreement } from '../../../lib/measure/processes.js';

test('processAgreement: agree when one value lies in every interval, bimodal for two groups that each agree, else process-dependent', () => {
  assert.equal(processAgreement([{ ratio: 1.6, low: 1.55, high: 1.65 }, { ratio: 1.62, low: 1.6, high: 1.7 }, { ratio: 1.58, low: 1.5, high: 1.61 }]), 'agree');
  // 1.6 and 1.61 agree, 2.0 and 2.02 agree, the groups do not
  assert.equal(processAgreement([{ ratio: 1.6, low: 1.55, high: 1.65 }, { ratio: 2.0, low: 1.95, high: 2.05 }, { ratio: 1.61, low: 1.58, high: 1.66 },
    { ratio: 2.02, low: 1.98, high: 2.06 }]), 'bimodal');
  // three apart from each other: no two groups that agree within
  assert.equal(processAgreement([{ ratio: 1, low: 0.99, high: 1.01 }, { ratio: 1.5, low: 1.49, high: 1.51 }, { ratio: 2, low: 1.99, high: 2.01 }]), 'process-dependent');
  // one process apart from two that agree is an outlier, not a second mode
  assert.equal(processAgreement([{ ratio: 1, low: 0.97, high: 1.03 }, { ratio: 1.01, low: 0.98, high: 1.04 }, { ratio: 1.05, low: 1.035, high: 1.07 }]), 'process-dependent');
  // two that disagree are not called bimodal: two processes cannot show two modes
  assert.equal(processAgreement([{ ratio: 1, low: 0.99, high: 1.01 }, { ratio: 2, low: 1.99, high: 2.01 }]), 'process-dependent');
  assert.equal(processAgreement([{ ratio: 1, low: null, high: null }, { ratio: 1, low: 0.9, high: 1.1 }]), 'process-dependent');
});

const row = (/** @type {number} */ vs, /** @type {number} */ low, /** @type {number} */ high, /** @type {number} */ hz, met = true) => ({
  format: 'pb', op: 'encode', opsPerSec: hz, min: hz * 0.9, max: hz * 1.1, vsBaseline: vs, vsBaselineMin: low, vsBaselineMax: high,
  precision: { low, high, level: 0.95, halfWidth: Math.max(high / vs - 1, 1 - low / vs), target: 0.05, met, pairs: 20 },
  rme: 1, rounds: [{ hz, rme: 1, samples: 20 }],
});

test('mergeProcessRows: medians over the processes, the interval spanning theirs, each process kept, a disagreement not met', () => {
  const [agreeing] = mergeProcessRows([[row(1.6, 1.56, 1.64, 100)], [row(1.62, 1.58, 1.66, 120)], [row(1.59, 1.55, 1.63, 110)]]);
  assert.equal(agreeing.vsBaseline, 1.6);
  assert.deepEqual([agreeing.vsBaselineMin, agreeing.vsBaselineMax], [1.55, 1.66]);
  assert.equal(agreeing.opsPerSec, 110);
  assert.equal(agreeing.rounds.length, 3);
  assert.deepEqual(agreeing.processes, { agreement: 'agree', vsBaseline: [1.6, 1.62, 1.59] });
  assert.equal(agreeing.precision?.met, true);
  assert.ok(Math.abs(/** @type {number} */ (agreeing.precision?.halfWidth) - 0.06 / 1.6) < 1e-12);
  // ops/s spans 90–132 around the median 110: ± is that span's half-width, not the first process's own 1%
  assert.ok(Math.abs(agreeing.rme - 20) < 1e-9, `± ${agreeing.rme}%`);
  // the one-message bias: the median of the processes', its range spanning theirs
  const biased = (/** @type {number} */ b, /** @type {number} */ hz) => ({ ...row(1.6, 1.56, 1.64, hz), bias: b, biasMin: b - 0.02, biasMax: b + 0.02 });
  const [bias] = mergeProcessRows([[biased(1.3, 100)], [biased(1.1, 100)], [biased(1.2, 100)]]);
  assert.deepEqual([bias.bias, bias.biasMin, bias.biasMax].map((x) => Math.round(/** @type {number} */ (x) * 100) / 100), [1.2, 1.08, 1.32]);
  const [split] = mergeProcessRows([[row(1.6, 1.56, 1.64, 100)], [row(2.0, 1.96, 2.04, 100)], [row(1.61, 1.57, 1.65, 100)], [row(2.02, 1.98, 2.06, 100)]]);
  assert.equal(split.processes.agreement, 'bimodal');
  assert.equal(split.precision?.met, false, 'a bimodal ratio has not met its precision, whatever each process said');
  // each met ±5%, and they agree, but together they span more than ±5%: not met
  const [wide] = mergeProcessRows([[row(1.0, 0.96, 1.04, 100)], [row(1.04, 1.0, 1.08, 100)]]);
  assert.equal(wide.processes.agreement, 'agree');
  assert.equal(wide.precision?.met, false);
  // one process that missed its own target: the merged figure has not met it either
  const [missed] = mergeProcessRows([[row(1.6, 1.56, 1.64, 100)], [row(1.6, 1.55, 1.65, 100, false)]]);
  assert.equal(missed.precision?.met, false);
});
