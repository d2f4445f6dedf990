// What the suite's tests read of a results object (runSuite's value, or results.json parsed), and the assertions
// that check one and narrow it to that type: lib's Results types the top level and leaves the rows as loose as
// the schema, so the rows these tests read are spelled out here.
import assert from 'node:assert/strict';
import { validateResults } from '../../lib/results/index.js';

/**
 * @typedef {import('../../lib/results/index.js').Results} Results
 * @typedef {{ heapBytesPerOp: number, externalBytesPerOp: number, bytesPerOp: number, gcMsPer1000Ops: number }} Memory
 * @typedef {{ format: string, op: string, status: string, bias: number|null, oneMessage: { opsPerSec: number } | null, memory: Memory | null,
 *   flags?: import('../../lib/codecs/native-form.js').FairnessFlags | null }} SpeedRow
 * @typedef {{ format: string, transport?: string, status: string, messages: number, acked: number, lost: number, errors: number, passes: unknown[],
 *   deflate?: boolean, serverCpuUs: number|null, wireBytes: { payload: number, frames: number, up: number } }} TransmissionRow
 * @typedef {{ profile: string, messages: number }} Link
 * @typedef {{ status: string, perMessage: { total: number }, compressed: { deflateDictionary: { mean: number } } }} CorpusSizeRow
 * @typedef {{ format: string, op: string, status: string, rounds: unknown[], vsBaseline?: number|null }} RuntimeRow
 * @typedef {Omit<Results, 'settings' | 'codecs' | 'payloads' | 'transmission' | 'batch'> & {
 *   settings: Results['settings'] & {
 *     speed: { operations: string[], harness: { copyBytesPerSec: number }, oneMessage: object },
 *     transmission: { formats: string[], profiles: string[], rounds: number, slowLink: { profile: string } },
 *     transports: { payload: string, transports: string[], links: Link[] },
 *     memory: { rounds: number } | null,
 *     runtimes?: string[],
 *   },
 *   codecs: { format: string, library: string }[],
 *   payloads: { payload: { id: string, jsonBytes: number }, sizes: import('../../lib/measure/sizes.js').SizeRow[], speed: SpeedRow[],
 *     notTimed: { format: string, op: string }[], speedCorpus: { corpus: { timed: number } },
 *     corpusSizes: { corpus: { messages: number, sample: { messages: number } }, codecs: CorpusSizeRow[] },
 *     runtimes?: { runtime: string, results: RuntimeRow[] }[] }[],
 *   transmission: { payload: string, profile: string, settings: { window: number, shaper: string }, results: TransmissionRow[], verdicts: unknown[] }[],
 *   transports: { profile: string, settings: { connections: number }, results: TransmissionRow[], named: import('../../lib/transmission/pairs.js').NamedVerdict[] }[],
 *   breakEven: { payload: string, profile: string, costs: import('../../lib/transmission/model.js').MessageCost[], pairs: unknown[], measured: unknown[] },
 *   batch: { steps: { speed: { memory: Memory | null }[] }[] },
 *   runtimes?: { runtime: string, name: string, engine: string, version: string, label: string }[],
 * }} SuiteResults
 */

/**
 * A Chart.js configuration as a chart spec carries it (plain JSON), as far as these tests read it.
 * @typedef {{ data: { labels?: (string | string[])[], datasets: { label: string, data: unknown[] }[] }, options: { scales: Record<string, { type?: string }> } }} ChartConfig
 */

/**
 * Fails unless the value is a results object valid against results.json's documented schema (validateResults:
 * no problems), and from then on reads it as one.
 * @param {unknown} value
 * @returns {asserts value is SuiteResults & Results}
 */
export function assertValidResults(value) {
  assert.deepEqual(validateResults(value), []);
}

/**
 * Fails unless a chart spec's configuration has its data (datasets, and labels unless its points carry their own
 * x, as a scatter's do) and options (scales), and from then on reads it as a ChartConfig.
 * @param {object} config
 * @returns {asserts config is ChartConfig}
 */
export function assertChartConfig(config) {
  assert.ok('data' in config && 'options' in config, 'a chart has data and options');
  const { data, options } = config;
  assert.ok(data && typeof data === 'object' && 'datasets' in data && Array.isArray(data.datasets), 'a chart has datasets');
  assert.ok(!('labels' in data) || Array.isArray(data.labels), 'a chart\'s labels are a list');
  assert.ok(options && typeof options === 'object' && 'scales' in options && options.scales && typeof options.scales === 'object', 'a chart has scales');
}
