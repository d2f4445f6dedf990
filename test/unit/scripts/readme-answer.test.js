import test from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_MARKERS, outputs, readmeWithAnswer } from '../../../scripts/readme-answer.js';
import { makeResults } from '../../helpers/results-fixture.js';
import { UserError } from '../../../lib/errors.js';

test('readmeWithAnswer fills the block between the markers from the results, and nothing else', () => {
  const [start, end] = ANSWER_MARKERS;
  const readme = `# Title\n\nbefore\n${start}\nold text\n${end}\nafter\n`;
  const results = makeResults();
  const out = readmeWithAnswer(readme, results, 'docs/results/x.json');
  assert.ok(out.startsWith(`# Title\n\nbefore\n${start}\nFrom \`node benchmark.js (fixture)\` (2026-11-22; the results: [docs/results/x.json](docs/results/x.json)):\n`));
  assert.ok(out.endsWith(`${end}\nafter\n`));
  assert.doesNotMatch(out, /old text/);
  assert.match(out, /- \*\*p1\*\* \(fixture, 200 bytes of JSON\): /);
  // written twice, the same
  assert.equal(readmeWithAnswer(out, results, 'docs/results/x.json'), out);
  assert.throws(() => readmeWithAnswer('# no markers\n', results, 'x'), UserError);
});

test('README\'s headline answer is the committed run\'s (node scripts/readme-answer.js writes it)', () => {
  const [readme] = outputs();
  assert.deepEqual(readme.stale(), [], 'README.md differs from what docs/results/headline.json says: run node scripts/readme-answer.js');
});
