// The page client's messages: the corpus messages a pass sends, built and verified before the clock starts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pageMessages } from '../../../lib/runtimes/page/browser-ws-page.js';
import { describeVerdict, prepareCodecs } from '../../../lib/verify.js';
import { NO_SCHEMA, standInCodec } from '../../helpers/narrow.js';

const corpus = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `item ${i}` }));

/** JSON whose decode changes message `changes` and throws on message `throws` (by id). */
const codec = ({ changes = -1, throws = -1 } = {}) => standInCodec({
  name: 'planted', library: 'test', version: '1', normalise: [],
  create: () => ({
    encode: (/** @type {{ id: number }} */ o) => {
      if (o.id === throws) throw new Error(`cannot encode ${o.id}`);
      return JSON.stringify(o);
    },
    decode: (/** @type {string} */ text) => {
      const o = JSON.parse(text);
      return o.id === changes ? { ...o, name: 'changed' } : o;
    },
  }),
});
const prepare = (/** @type {import('../../../lib/codecs/index.js').CodecInfo} */ c) => prepareCodecs([c], { value: corpus[0], corpus, schema: NO_SCHEMA })[0];

test('the distinct messages a pass sends, in corpus order, native forms built once', () => {
  const p = prepare(codec());
  assert.deepEqual(pageMessages(p, corpus, { sent: 4, corpusLength: 10 }).natives, corpus.slice(0, 4));
  const all = pageMessages(p, corpus, { sent: 25, corpusLength: 10 });
  assert.equal(all.natives?.length, 10, 'a pass longer than the corpus goes round it: natives[seq % 10]');
  assert.equal(all.natives?.[0], p.native, 'message 0 is the native form prepareCodecs built');
  assert.equal(all.verdict.status, 'exact');
  assert.throws(() => pageMessages(p, corpus.slice(0, 3), { sent: 5, corpusLength: 10 }), /holds 3 messages .* sends 5/);
});

test('a message the codec changes makes the verdict lossy, naming it; one it throws on sends nothing', () => {
  const lossy = pageMessages(prepare(codec({ changes: 6 })), corpus, { sent: 10, corpusLength: 10 });
  assert.equal(lossy.verdict.status, 'lossy');
  assert.equal(lossy.verdict.record, 6);
  assert.equal(describeVerdict(lossy.verdict), 'LOSSY at record 7 $.name: "item 6" → "changed"');
  assert.ok(lossy.natives, 'a lossy codec is still sent, and marked');
  // a message the pass never sends is not held against the codec
  assert.equal(pageMessages(prepare(codec({ changes: 6 })), corpus, { sent: 5, corpusLength: 10 }).verdict.status, 'exact');
  const failed = pageMessages(prepare(codec({ throws: 3 })), corpus, { sent: 10, corpusLength: 10 });
  assert.equal(failed.natives, null);
  assert.equal(failed.verdict.status, 'failed');
  assert.equal(failed.verdict.reason, 'record 4: round trip: cannot encode 3');
});
