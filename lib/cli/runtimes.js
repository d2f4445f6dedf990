/**
 * The command-line side of --runtimes, shared by the entry points: the
 * options, turning them into ready runtimes (installing on first use, with a
 * progress line), and the speed matrix of benchmark_dss.js.
 */
import { resolveSelection, usageEntry } from './index.js';
import { createProgress } from './progress.js';
import { describeEnvironment, environmentLine } from '../measure/environment.js';
import { payloadHeading } from '../report/rows.js';
import { runtimeMatrixReport } from '../report/runtime-matrix.js';
import { parseRuntimeOverrides } from '../runtimes/install/overrides.js';
import { measureAcrossRuntimes, prepareRuntimes } from '../runtimes/matrix/matrix.js';
import { parseRuntimeList } from '../runtimes/install/registry.js';
import { UserError } from '../errors.js';

/**
 * parseArgs options of --runtimes LIST, --runtime NAME=PATH (repeatable) and --chromium PATH.
 * @satisfies {import('node:util').ParseArgsOptionsConfig}
 */
export const RUNTIME_OPTIONS = {
  runtimes: { type: 'string' },
  runtime: { type: 'string', multiple: true },
  chromium: { type: 'string' },
};

/**
 * Usage lines for RUNTIME_OPTIONS, laid out as the entry point lays out its own options: each description starting
 * at its column (two spaces after a longer name), wrapped lines under it, and --runtimes saying what it does there.
 * @param {{ column: number, adds: string }} o column: where the entry point's descriptions start; adds: what --runtimes
 *   does in that entry point, after the list of runtimes
 */
export function runtimeUsage({ column, adds }) {
  return [
    usageEntry('--runtimes LIST', `runtimes to run on: host (default), node@22, node@24, node@26, bun, deno, chromium, or all; installed from the npm registry into a per-user cache on first use (see docs/runtimes.md); ${adds}`, column),
    usageEntry('--runtime NAME=PATH', 'use a runtime binary you already have (repeatable)', column),
    usageEntry('--chromium PATH', 'the Chromium to use (default: the system\'s)', column),
  ].join('\n');
}

/**
 * Refuses --runtime and --chromium given without --runtimes, which alone reads them: they would be ignored without a
 * word (`--runtime foo=/bin/true` was, whatever foo was). Call before any work.
 * @param {{ runtimes?: string, runtime?: string[], chromium?: string }} values
 */
export function refuseRuntimeOptionsAlone(values) {
  if (values.runtimes !== undefined) return;
  if (values.runtime?.length) throw new UserError(`--runtime ${values.runtime[0]}: only with --runtimes, which names the runtimes it gives binaries for`);
  if (values.chromium !== undefined) throw new UserError(`--chromium ${values.chromium}: only with --runtimes chromium`);
}

/**
 * The runtimes the options name, installed or reused and described; the
 * names are checked before anything is installed.
 * @param {{ runtimes?: string, runtime?: string[], chromium?: string }} values
 * @returns {Promise<import('../runtimes/matrix/matrix.js').RuntimeEntry[]>}
 */
export async function runtimesFromOptions(values) {
  const names = parseRuntimeList(values.runtimes);
  const overrides = parseRuntimeOverrides(values.runtime);
  // a binary for a runtime the run does not use would be ignored without a word
  const unused = [...overrides.keys()].find((n) => !names.includes(n));
  if (unused) throw new UserError(`--runtime ${unused}=…: ${unused} is not among --runtimes ${values.runtimes} (${names.join(', ')}), so its binary would not be used`);
  if (values.chromium !== undefined && !names.includes('chromium')) throw new UserError(`--chromium ${values.chromium}: chromium is not among --runtimes ${values.runtimes}, so it would not be used`);
  return prepareRuntimes(names, { overrides, chromium: values.chromium, onProgress: (line) => process.stderr.write(`${line}\n`) });
}

/**
 * benchmark_dss.js with --runtimes: the speed suite on every runtime named,
 * printed as a runtime × codec matrix per payload and operation (or as JSON).
 * @param {{ values: Parameters<typeof resolveSelection>[0] & Parameters<typeof runtimesFromOptions>[0] & { json?: boolean },
 *   positionals: string[], rounds: number, maxTime: number, minTime?: number, filter?: RegExp }} cli values: the options it reads
 */
export async function speedAcrossRuntimesCli({ values, positionals, rounds, maxTime, minTime, filter }) {
  const { payloads, codecs } = await resolveSelection(values, positionals);
  const runtimes = await runtimesFromOptions(values);
  const progress = createProgress({ total: rounds * runtimes.length });
  const speed = await measureAcrossRuntimes({
    runtimes, payloads, codecs, rounds, maxTime, minTime, filter,
    onProgress: (e) => progress.tick(e.label),
  });
  progress.end();
  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ measurement: 'speed', environment, ...speed }, null, 2));
  console.log(environmentLine(environment));
  console.log(`\n${runtimeMatrixReport(speed, payloadHeading)}`);
}

/**
 * benchmark_dtq.js with --runtimes: every codec prepared and verified on every
 * runtime named (nothing timed), for a verdict per runtime.
 * @param {Parameters<typeof runtimesFromOptions>[0]} values the options it reads
 * @param {string[]} positionals
 * @param {import('../payload/index.js').Payload[]} payloads
 * @param {import('../codecs/index.js').CodecInfo[]} codecs
 * @returns {Promise<import('../runtimes/matrix/matrix.js').RuntimeSpeed>}
 */
export async function verifyAcrossRuntimes(values, positionals, payloads, codecs) {
  const runtimes = await runtimesFromOptions(values);
  return measureAcrossRuntimes({
    runtimes, payloads, codecs, rounds: 1, maxTime: 0, verifyOnly: true,
  });
}
