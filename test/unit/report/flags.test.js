import test from 'node:test';
import assert from 'node:assert/strict';
import { FLAGS_LEGEND, flagsCell } from '../../../lib/report/flags.js';

/** @typedef {import('../../../lib/codecs/native-form.js').FairnessFlags} FairnessFlags */

/** @type {FairnessFlags} */
const NONE = { schema: 'none', codegen: false, nativeAddon: null, extension: null, bufferReused: false };

test('flagsCell: one letter per flag that is on, in the legend\'s order', () => {
  assert.equal(flagsCell({ ...NONE, schema: 'user' }), 'U');
  assert.equal(flagsCell({ ...NONE, schema: 'inferred' }), 'I');
  assert.equal(flagsCell({ ...NONE, schema: 'user', codegen: true }), 'U G');
  assert.equal(flagsCell({ ...NONE, nativeAddon: 'msgpackr-extract', bufferReused: true }), 'N B');
  assert.equal(flagsCell({ ...NONE, extension: 'structured clone records' }), 'X');
  assert.equal(flagsCell({ schema: 'inferred', codegen: true, nativeAddon: 'addon', extension: 'ext', bufferReused: true }), 'I G N X B');
});

test('flagsCell: — for a row with no flag on, and for a row whose flags are not known', () => {
  assert.equal(flagsCell(NONE), '—');
  assert.equal(flagsCell({ ...NONE, nativeAddon: '' }), '—', 'an empty addon name is no addon');
  assert.equal(flagsCell(null), '—');
  assert.equal(flagsCell(undefined), '—');
});

test('FLAGS_LEGEND names every letter flagsCell can print, and —', () => {
  assert.ok(FLAGS_LEGEND.startsWith('Flags: U schema written by the user (--proto FILE); I schema inferred from the JSON by the toolkit '
    + '(the bundled payloads\' proto/testN.proto too); G '), FLAGS_LEGEND);
  // benchmark_dss.js prints it and writes no results.json: the legend names where the full flags are in every case
  assert.match(FLAGS_LEGEND, /--json \(and the results\.json of npm start and benchmark\.js\) holds them in full/);
  for (const letter of ['U', 'I', 'G', 'N', 'X', 'B']) assert.match(FLAGS_LEGEND, new RegExp(`(: |; )${letter} `));
  assert.match(FLAGS_LEGEND, /; — none \(/);
  assert.ok(!FLAGS_LEGEND.includes('\n'), 'one line');
});
