import path from 'node:path';
import YAML from 'yaml';
import { UserError } from '../errors.js';
import { readJsonFile, readUtf8File, writeFileAtomic } from '../files.js';
import { selectCodecs, libraryVersion } from '../codecs/index.js';
import { describeEnvironment } from '../measure/environment.js';
import { describePayload } from '../payload/index.js';
import { rebuildPayload } from '../payload/portable.js';
import { decodePayload } from '../transmission/artillery/payload.js';
import { loadTransport, TRANSPORT_NAMES } from '../transmission/transports/index.js';
import { artilleryResults, checkArtilleryReport, scenariosOf } from '../results/artillery.js';
import { checkOutFolder, resultsJsonText } from '../results/index.js';
import { renderHtml } from '../report/html.js';
import { renderMarkdown } from '../report/markdown.js';

/**
 * report.js --artillery: reads an Artillery JSON report (and, with --script, the script it ran, for the payload and
 * settings), writes results.json, report.md and report.html into `out` (default: the report's folder). Everything is
 * built and checked before the first file is written.
 * @param {{ file: string, scriptFile?: string, out?: string, command: string }} o
 * @returns {Promise<string[]>} the files written
 */
export async function writeArtilleryReport({ file, scriptFile, out, command }) {
  const report = checkArtilleryReport(readJsonFile(file), file);
  const scenarios = scenariosOf(report.aggregate);
  const unknown = scenarios.find((s) => !TRANSPORT_NAMES.includes(s.transport));
  if (unknown) throw new UserError(`--artillery ${file}: metrics of an unknown transport "${unknown.transport}" (known: ${TRANSPORT_NAMES.join(', ')})`);
  const transports = await Promise.all([...new Set(scenarios.map((s) => s.transport))].map((n) => loadTransport(n)));
  const formats = [...new Set(scenarios.map((s) => s.format))];
  const codecs = (await selectCodecs(formats.join(','))).map((c) => ({ name: c.name, library: c.library ?? null, version: libraryVersion(c.library ?? null), kind: c.kind }));
  let payload = null;
  let script = null;
  if (scriptFile) {
    const pvj = readScript(scriptFile);
    payload = describePayload(rebuildPayload(decodePayload(pvj.payload)));
    script = pvj.settings;
  }
  // the machine reading the report back, not the ones that ran it: its steal would describe neither run
  const results = artilleryResults(report, { file, command, transports, codecs, payload, script, environment: { ...describeEnvironment([...new Set(codecs.map((c) => c.library).filter((l) => l !== null))]), steal: null } });
  const json = resultsJsonText(results, `the results built from ${file}`);
  const dir = out ?? path.dirname(file);
  const typed = /** @type {import('../results/index.js').Results} */ (/** @type {unknown} */ (results));
  const files = { 'results.json': json, 'report.md': renderMarkdown(typed), 'report.html': renderHtml(typed) };
  checkOutFolder(dir);
  for (const [name, text] of Object.entries(files)) writeFileAtomic(path.join(dir, name), text);
  return Object.keys(files).map((name) => path.join(dir, name));
}

/**
 * A script's config.pvj, or one line naming the file.
 * @param {string} file
 * @returns {{ payload: string, settings: Record<string, unknown> }}
 */
function readScript(file) {
  let parsed;
  try {
    parsed = YAML.parse(readUtf8File(file));
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(`--script ${file}: not YAML (${/** @type {Error} */ (err).message.split('\n')[0]})`);
  }
  const pvj = parsed?.config?.pvj;
  if (!pvj || typeof pvj.payload !== 'string') throw new UserError(`--script ${file}: not a script written by benchmark_artillery.js (no config.pvj)`);
  return { payload: pvj.payload, settings: pvj.settings ?? {} };
}
