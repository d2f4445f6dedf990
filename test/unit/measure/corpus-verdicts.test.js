// Codecs are built for the whole corpus and every message a pass uses is verified: a message that differs in
// shape from the first is carried by every codec that can carry it, and a codec that changes one message is named
// with that message's index, in the speed pass as in the size pass.
import test from 'node:test';
import assert from 'node:assert/strict';
import { selectCodecs } from '../../../lib/codecs/index.js';
import { describeVerdict, prepareCodecs } from '../../../lib/verify.js';
import { corpusInputs, measureSpeed } from '../../../lib/measure/speed.js';
import { measureCorpusSizes } from '../../../lib/measure/sizes.js';
import { payloadFromCorpus } from '../../../lib/payload/index.js';
import { verdictOf } from '../../../lib/report/rows.js';
import { instanceOf, NO_SCHEMA, standInCodec } from '../../helpers/narrow.js';

const ODD = 7; // the message whose shape differs from the first

/**
 * Twelve messages of one shape, except message ODD: it holds keys the first lacks (`note`, and `ratio` in a nested
 * object), a double where the others hold integers (`count`), and other keys in the map (`owners`).
 */
function plantedCorpus() {
  return Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    name: `item ${i}`,
    count: i === ODD ? 2.5 : i,
    tags: ['red', 'green', 'blue'].slice(0, 1 + (i % 3)),
    owners: i === ODD
      ? { 900: { name: 'new owner', score: 9 }, 901: { name: 'another', score: 10 } }
      : { [String(100 + i)]: { name: `owner ${i}`, score: i } },
    detail: i === ODD ? { colour: 'teal', ratio: 0.25 } : { colour: 'grey' },
    ...(i === ODD && { note: 'only in this message' }),
  }));
}

const planted = () => payloadFromCorpus({ id: 'planted', title: 'planted', dataFile: 'planted.json', value: plantedCorpus()[0], corpus: plantedCorpus() });

// What the format or library cannot say whatever its schema, as its codec file documents: the verdict names it.
/** @type {Record<string, RegExp>} */
const CANNOT = {
  xml: /^unsupported: key at .* is not an XML element name/, // the map's keys are digits
  pbf: /^LOSSY at .*: \(absent\) → 0$/, // proto3 `optional` without presence: message 0 lacks detail.ratio
};

test('a message whose shape differs from the first: every codec that can carry it encodes and verifies every message', async () => {
  const payload = planted();
  const codecs = (await selectCodecs('all')).filter((c) => c.available);
  const prepared = prepareCodecs(codecs, payload);
  const corpus = payload.corpus;
  assert.ok(corpus);
  const inferring = prepared.filter((p) => p.flags?.schema === 'inferred').map((p) => p.codec.name);
  assert.ok(inferring.includes('fast-json-stringify') && inferring.includes('avsc'), `codecs that infer a schema from the data: ${inferring}`);
  for (const p of prepared) {
    const name = p.codec.name;
    const verdict = p.instance ? corpusInputs(p, corpus, { type: payload.schema.type }).verdict : p;
    if (CANNOT[name]) assert.match(describeVerdict(verdict), CANNOT[name], name);
    else assert.ok(['exact', 'equivalent'].includes(verdict.status), `${name} over every message: ${describeVerdict(verdict)}`);
  }
});

test('fast-json-stringify and avsc are built from every message: from the first alone they refuse or drop message 7', async () => {
  const corpus = plantedCorpus();
  const [fjs, avsc] = await selectCodecs('fast-json-stringify,avsc');
  /**
   * @param {import('../../../lib/verify.js').Prepared} p
   * @param {unknown} m
   */
  const roundTrip = (p, m) => {
    const instance = instanceOf(p);
    return JSON.parse(JSON.stringify(instance.toPlain(instance.decode(instance.encode(instance.fromPlain(m))))));
  };
  for (const codec of [fjs, avsc]) {
    const fromAll = prepareCodecs([codec], { value: corpus[0], corpus, schema: NO_SCHEMA })[0];
    const fromFirst = prepareCodecs([codec], { value: corpus[0], schema: NO_SCHEMA })[0];
    const back = roundTrip(fromAll, corpus[ODD]);
    assert.equal(back.note, 'only in this message', codec.name);
    assert.equal(back.detail.ratio, 0.25, codec.name);
    assert.deepEqual(Object.keys(back.owners), ['900', '901'], codec.name);
    // the planted difference is one a codec built from the first message alone does not survive
    let lost;
    try {
      lost = roundTrip(fromFirst, corpus[ODD]).note === undefined;
    } catch {
      lost = true;
    }
    assert.ok(lost, `${codec.name} built from the first message alone carries message ${ODD}: the planted corpus tests nothing`);
  }
});

/**
 * JSON that changes message `at` (its name) on the way back, and carries every other message exactly.
 * @param {number} at
 */
function manglingCodec(at) {
  return standInCodec({
    name: 'mangler', library: 'test', version: '1', normalise: [],
    create: () => ({
      encode: (o) => Buffer.from(JSON.stringify(o)),
      decode: (b) => {
        const o = JSON.parse(b.toString());
        return o.id === at + 1 ? { ...o, name: 'changed' } : o;
      },
    }),
  });
}

test('a codec that changes message 7 is caught by the speed pass, naming message 7, and its rows carry the verdict', () => {
  const payload = planted();
  const prepared = prepareCodecs([manglingCodec(ODD)], payload);
  assert.equal(prepared[0].status, 'exact', 'message 0 alone passes: only a check of every message finds it');
  const result = measureSpeed(prepared, payload, { rounds: 1, maxTime: 0.01, minTime: 0.002, filter: /encode$/ });
  const [row] = result.results;
  assert.equal(row.status, 'lossy');
  assert.equal(row.record, ODD);
  assert.equal(row.diff?.path, '$.name');
  assert.equal(verdictOf(row), `LOSSY at record ${ODD + 1} $.name: "item ${ODD}" → "changed"`);
});

test('the record is named by its index in the corpus when the pass uses a sample of it', () => {
  const payload = planted();
  const [p] = prepareCodecs([manglingCodec(9)], payload);
  const { corpus } = payload;
  assert.ok(corpus);
  const indices = [0, 4, 9, 11];
  const inputs = corpusInputs(p, indices.map((i) => corpus[i]), { indices });
  assert.equal(inputs.verdict.status, 'lossy');
  assert.equal(inputs.verdict.record, 9);
});

test('the size pass names the same message', async () => {
  const payload = planted();
  const prepared = prepareCodecs([manglingCodec(ODD)], payload);
  const result = await measureCorpusSizes(prepared, payload, { train: 4 });
  assert.equal(result.codecs[0].status, 'lossy');
  assert.equal(result.codecs[0].record, ODD);
});
