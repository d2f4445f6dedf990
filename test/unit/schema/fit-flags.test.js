// The fit flags (how a payload spells what its schema carries): one list, FIT_FLAGS, that checkFits reports, a
// corpus merges, schemaForPayload and buildAdapter are built for, and a portable payload carries.
import test from 'node:test';
import assert from 'node:assert/strict';
import { FIT_FLAGS, anyFit, buildAdapter, checkFits, fitOf, mergeFits, parseSchema, schemaForPayload } from '../../../lib/schema/index.js';
import { checkCorpusFits } from '../../../lib/payload/corpus.js';
import { UserError } from '../../../lib/errors.js';

const schema = parseSchema('syntax = "proto3"; message M { string last_updated = 1; int64 big = 2; double d = 3; int32 n = 4; }');
/** @type {Record<string, Record<string, unknown>>} a message that sets one flag, and no other, by flag */
const SETS = { aliases: { lastUpdated: 'x' }, longsAsStrings: { big: '1' }, nonFiniteAsStrings: { d: 'NaN' }, numbersAsStrings: { n: '12' } };
const only = (/** @type {typeof FIT_FLAGS[number]} */ flag) => fitOf({ [flag]: true });

test('FIT_FLAGS: the four flags, frozen, each with a case here', () => {
  assert.deepEqual(FIT_FLAGS, ['aliases', 'longsAsStrings', 'nonFiniteAsStrings', 'numbersAsStrings']);
  assert.ok(Object.isFrozen(FIT_FLAGS));
  assert.deepEqual(Object.keys(SETS), [...FIT_FLAGS]);
  assert.deepEqual(fitOf(), { aliases: false, longsAsStrings: false, nonFiniteAsStrings: false, numbersAsStrings: false });
  assert.deepEqual(mergeFits(only('aliases'), only('numbersAsStrings')), { aliases: true, longsAsStrings: false, nonFiniteAsStrings: false, numbersAsStrings: true });
  assert.equal(anyFit(fitOf()), false);
  assert.equal(anyFit({}), false);
});

test('checkFits reports exactly FIT_FLAGS; a corpus merges its records\'; the adapter is built for them and records every one', () => {
  assert.deepEqual(Object.keys(checkFits(schema.type, { last_updated: 'x', big: 1, d: 1.5, n: 12 })), [...FIT_FLAGS]);
  assert.equal(schemaForPayload(schema, checkFits(schema.type, { last_updated: 'x' })), schema, 'no flag set: no adapter of its own');
  assert.deepEqual(Object.keys(/** @type {object} */ (buildAdapter(schema.type).fit)), [...FIT_FLAGS]);
  for (const flag of FIT_FLAGS) {
    const found = checkFits(schema.type, SETS[flag]);
    assert.deepEqual(found, only(flag), flag);
    assert.equal(anyFit(found), true, flag);
    const fitted = schemaForPayload(schema, found);
    assert.notEqual(fitted, schema, flag);
    assert.deepEqual(fitted.adapter.fit, only(flag), flag);
    // as a worker or a page rebuilds it from a portable payload's JSON
    assert.deepEqual(buildAdapter(schema.type, JSON.parse(JSON.stringify(fitted.adapter.fit))).fit, only(flag), flag);
  }
  assert.deepEqual(checkCorpusFits(schema.type, Object.values(SETS), 'corpus.json'), fitOf(Object.fromEntries(FIT_FLAGS.map((f) => [f, true]))));
  assert.deepEqual(checkCorpusFits(schema.type, [SETS.longsAsStrings], 'one.json'), only('longsAsStrings'));
});

test('a message that does not fit is named with its file, one message as records are', () => {
  const { type } = parseSchema('syntax = "proto3";\nmessage Order { string id = 1; }\n', { typeName: 'Order' });
  assert.throws(() => checkCorpusFits(type, [{ id: 1 }], 'idnum.json'), (err) => err instanceof UserError && /^idnum\.json: \$\.id: number 1 does not fit field id of type string$/.test(err.message));
  assert.throws(() => checkCorpusFits(type, [{ id: 'a' }, { id: 1 }], 'two.json'), (err) => err instanceof UserError && /^two\.json: record 2: \$\.id: number 1 does not fit/.test(err.message));
});
