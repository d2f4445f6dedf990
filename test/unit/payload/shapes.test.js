import test from 'node:test';
import assert from 'node:assert/strict';
import { SHAPE_MESSAGES, SHAPES, shapeCorpus, shapePayloads } from '../../../lib/payload/shapes.js';
import protobuf from 'protobufjs';
import { UserError } from '../../../lib/errors.js';
import { array, field } from '../../helpers/narrow.js';

const payloads = new Map(shapePayloads().map((p) => [p.id, p]));

/**
 * One family's payload and its corpus; fails the test when there is no such family.
 * @param {string} id
 */
function family(id) {
  const p = payloads.get(id);
  assert.ok(p?.corpus, `family ${id} with a corpus`);
  return { ...p, corpus: p.corpus };
}

/**
 * Every leaf value of a message (object values and array elements, recursively).
 * @param {unknown} v
 * @returns {unknown[]}
 */
const leaves = (v) => (v !== null && typeof v === 'object' ? Object.values(v).flatMap(leaves) : [v]);

/**
 * The field types the inferred schema gives the family's root message (map and repeated included).
 * @param {import('../../../lib/payload/index.js').Payload} p
 */
function fieldTypes(p) {
  /** @type {Set<string>} */
  const types = new Set();
  for (const f of p.schema.type.fieldsArray) types.add(f instanceof protobuf.MapField ? `map<${f.keyType}, ${f.type}>` : `${f.repeated ? 'repeated ' : ''}${f.type}`);
  return [...types];
}

// what each family must hold, value by value: if a generator drifts to another kind, its row stops meaning what it says
/** @type {Record<string, (v: unknown) => boolean>} */
const HOLDS = {
  'small-int': (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100,
  'large-int': (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1e6 && v < 2 ** 31,
  'negative-int': (v) => typeof v === 'number' && Number.isInteger(v) && v < 0 && v >= -(2 ** 31),
  int64: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 2 ** 32,
  double: (v) => typeof v === 'number' && !Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  'short-ascii': (v) => typeof v === 'string' && /^[A-Za-z]{4,16}$/.test(v),
  'long-string': (v) => typeof v === 'string' && /^[\x20-\x7e]+$/.test(v),
  utf8: (v) => typeof v === 'string' && [...v].every((c) => Number(c.codePointAt(0)) > 0x7f),
  bytes: (v) => typeof v === 'string' && Buffer.from(v, 'base64').toString('base64') === v && Buffer.from(v, 'base64').length >= 16,
  'array-10': (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10000,
  'array-1000': (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10000,
  map: (v) => Number.isInteger(v),
  deep: (v) => Number.isInteger(v) || (typeof v === 'string' && /^[A-Za-z]{8}$/.test(v)),
};

const EXPECTED_TYPES = {
  'small-int': ['int32'], 'large-int': ['int32'], 'negative-int': ['sint32'], int64: ['int64'], double: ['double'], boolean: ['bool'],
  'short-ascii': ['string'], 'long-string': ['string'], utf8: ['string'], bytes: ['string'],
  'array-10': ['repeated int32'], 'array-1000': ['repeated int32'], map: ['map<string, int32>'],
};

test('every family is a corpus of distinct messages, each holding only its kind of value', () => {
  assert.deepEqual([...payloads.keys()], Object.keys(HOLDS));
  for (const id of payloads.keys()) {
    const p = family(id);
    const expected = id === 'boolean' ? 256 : SHAPE_MESSAGES; // 8 booleans have 256 distinct messages
    assert.equal(p.corpus.length, expected, id);
    assert.equal(new Set(p.corpus.map((m) => JSON.stringify(m))).size, expected, `${id}: distinct`);
    assert.equal(p.value, p.corpus[0]);
    for (const [i, m] of p.corpus.entries()) {
      const wrong = leaves(m).find((v) => !HOLDS[id](v));
      assert.equal(wrong, undefined, `${id} message ${i} holds ${JSON.stringify(wrong)}`);
    }
  }
  assert.equal(array(field(family('array-1000').corpus[5], 'values')).length, 1000);
  assert.equal(array(field(family('array-10').corpus[5], 'values')).length, 10);
  assert.ok(family('long-string').corpus.every((m) => {
    const body = field(m, 'body');
    return typeof body === 'string' && body.length >= 1000 && body.length <= 4100;
  }));
});

test('each family\'s schema is inferred from its messages, with the proto type its values call for', () => {
  for (const [id, types] of Object.entries(EXPECTED_TYPES)) {
    const p = family(id);
    assert.equal(p.schemaSource, 'inferred');
    assert.deepEqual(fieldTypes(p), types, id);
  }
  // 16 levels of nested messages, then the leaf
  let type = family('deep').schema.type;
  let depth = 0;
  while (type.fields.child) {
    const child = type.fields.child.resolvedType;
    assert.ok(child instanceof protobuf.Type, `level ${depth + 1} is a message`);
    type = child;
    depth++;
  }
  assert.equal(depth, 16);
  assert.deepEqual(type.fieldsArray.map((f) => f.type), ['int32', 'string']);
});

test('the families are seeded: the same seed draws the same messages, another seed others', () => {
  for (const shape of SHAPES) {
    assert.deepEqual(shapeCorpus(shape, { messages: 20 }), family(shape.id).corpus.slice(0, 20), shape.id);
    assert.notDeepEqual(shapeCorpus(shape, { messages: 20, seed: 99 }), shapeCorpus(shape, { messages: 20 }), shape.id);
  }
});

test('an unknown family is a user error naming the choices', () => {
  assert.throws(() => shapePayloads({ only: ['int64', 'nope'] }), (err) => err instanceof UserError && /unknown family "nope"; choose from small-int, /.test(err.message));
  assert.deepEqual(shapePayloads({ only: ['double', 'int64'] }).map((p) => p.id), ['int64', 'double']);
});
