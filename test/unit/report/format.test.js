import test from 'node:test';
import assert from 'node:assert/strict';
import { fixed, int, ms, pct, ratioCell } from '../../../lib/report/format.js';

test('every formatter shows — where there is no figure (null, undefined, NaN), and 0 as a figure', () => {
  for (const none of [null, undefined, NaN]) {
    assert.equal(int(none), '—');
    assert.equal(fixed(none, 2), '—');
    assert.equal(pct(none), '—');
    assert.equal(ms(none), '—');
  }
  assert.equal(int(0), '0');
  assert.equal(fixed(0, 1), '0.0');
  assert.equal(pct(0), '0.0%');
  assert.equal(ms(0), '0.000');
});

test('int: rounded to a whole number, with thousands separators', () => {
  assert.equal(int(815), '815');
  assert.equal(int(1154), '1,154');
  assert.equal(int(1234567.4), '1,234,567');
  assert.equal(int(999.5), '1,000');
  assert.equal(int(-2500.2), '-2,500');
});

test('fixed: exactly d decimals', () => {
  assert.equal(fixed(3.14159, 2), '3.14');
  assert.equal(fixed(2, 3), '2.000');
  assert.equal(fixed(2.75, 0), '3');
  assert.equal(fixed(1234.5, 1), '1234.5', 'no thousands separators');
});

test('pct: a fraction as a percentage with one decimal', () => {
  assert.equal(pct(0.1234), '12.3%');
  assert.equal(pct(1), '100.0%');
  assert.equal(pct(1.5), '150.0%');
  assert.equal(pct(-0.02), '-2.0%');
});

test('ms: three decimals below 10 ms, two below 100 ms, one from 100 ms', () => {
  assert.equal(ms(0.04567), '0.046');
  assert.equal(ms(9.9), '9.900');
  assert.equal(ms(10), '10.00');
  assert.equal(ms(42.123), '42.12');
  assert.equal(ms(99.9), '99.90');
  assert.equal(ms(100), '100.0');
  assert.equal(ms(1234.56), '1234.6');
});

test('ratioCell: the median ratio with its range over the rounds, the ratio alone when they agree, — without one', () => {
  assert.equal(ratioCell({ vsBaseline: 1.364, vsBaselineMin: 1.21, vsBaselineMax: 1.48 }), '1.36× (1.21–1.48)');
  assert.equal(ratioCell({ vsBaseline: 0.5, vsBaselineMin: 0.456, vsBaselineMax: 0.5 }), '0.50× (0.46–0.50)');
  assert.equal(ratioCell({ vsBaseline: 1.5, vsBaselineMin: 1.5, vsBaselineMax: 1.5 }), '1.50×');
  // a bound that is not 1 never reads as 1.00: an interval wholly below 1 (▼) does not seem to touch it
  assert.equal(ratioCell({ vsBaseline: 0.97, vsBaselineMin: 0.961, vsBaselineMax: 0.9969 }), '0.97× (0.96–0.997)');
  assert.equal(ratioCell({ vsBaseline: 1.03, vsBaselineMin: 1.0004, vsBaselineMax: 1.05 }), '1.03× (1.0004–1.05)');
  assert.equal(ratioCell({ vsBaseline: 1.01, vsBaselineMin: 1, vsBaselineMax: 1.02 }), '1.01× (1.00–1.02)');
  assert.equal(ratioCell({ vsBaseline: 2 }), '2.00×', 'one round: no range');
  assert.equal(ratioCell({ vsBaseline: null, vsBaselineMin: 1, vsBaselineMax: 2 }), '—');
  assert.equal(ratioCell({}), '—');
  assert.equal(ratioCell(null), '—');
  assert.equal(ratioCell(undefined), '—');
});
