#!/usr/bin/env node
// Writes README's headline answer from the committed results of a real run (docs/results/headline.json): the
// command that made it, its environment, and per payload the answer paragraph the report opens with
// (lib/report/answer.js, answerSummary), between the answer markers. `--check` writes nothing and fails when README
// says anything else (npm test runs it), so README's headline is always the committed run's.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/paths.js';
import { UserError } from '../lib/errors.js';
import { answerSummary } from '../lib/report/answer.js';
import { environmentLine } from '../lib/measure/environment.js';
import { checkOrWrite, fileOutput, projectPath } from './lib/generated-files.js';

/** Where README's headline run is kept, and the markers of the block it fills. */
export const HEADLINE_RESULTS = path.join(ROOT, 'docs', 'results', 'headline.json');
export const ANSWER_MARKERS = ['<!-- answer:start (node scripts/readme-answer.js writes this block) -->', '<!-- answer:end -->'];

/**
 * README with its answer block written from a results file.
 * @param {string} readme README's text
 * @param {import('../lib/results/index.js').Results} results
 * @param {string} source the results file, relative to the project
 */
export function readmeWithAnswer(readme, results, source) {
  const [start, end] = ANSWER_MARKERS;
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) throw new UserError(`README.md: no ${start} … ${end} block to write the answer into`);
  const block = [
    `From \`${results.command}\` (${results.createdAt.slice(0, 10)}; the results: [${source}](${source})):`,
    `${environmentLine(results.environment)}.`,
    '',
    answerSummary(results),
  ].join('\n');
  return `${readme.slice(0, i + start.length)}\n${block}\n${readme.slice(j)}`;
}

/** The one output: README as the committed run says it. */
export function outputs() {
  const readmeFile = path.join(ROOT, 'README.md');
  let results;
  try {
    results = JSON.parse(fs.readFileSync(HEADLINE_RESULTS, 'utf8'));
  } catch (err) {
    throw new UserError(`${projectPath(HEADLINE_RESULTS)}: ${/** @type {Error} */ (err).message}`);
  }
  return [fileOutput(readmeFile, readmeWithAnswer(fs.readFileSync(readmeFile, 'utf8'), results, projectPath(HEADLINE_RESULTS)))];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = checkOrWrite(process.argv.slice(2), outputs, { script: 'readme-answer', regenerate: 'node scripts/readme-answer.js' });
}
