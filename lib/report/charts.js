import { shapingOf } from './markdown.js';
import { formatKbit, namedVerdictText } from './terminal-transmission.js';
import { runtimeMatrices } from './runtime-matrix.js';

// The Chart.js configurations of report.html, one per chart: plain JSON (no functions), so they travel into the page
// as data; lib/report/page-charts.js draws them there.

/**
 * @typedef {import('chart.js').ChartType} ChartType
 * @typedef {import('../results/index.js').Results} Results
 * @typedef {Results['payloads'][number]} PayloadEntry
 */

/**
 * [min, max] of a bar over the rounds, drawn as a whisker over it (page-charts.js); null where the bar has none.
 * @typedef {number[] | null} Range
 */

/**
 * A dataset as chartSpecs writes it: Chart.js's own fields, plus the whiskers' range per bar, and the round-trip
 * status a line wears.
 * @template {ChartType} T
 * @template D
 * @typedef {import('chart.js').ChartDataset<T, D> & { ranges?: Range[], status?: string }} SpecDataset
 */

/**
 * A Chart.js configuration as chartSpecs writes it: plain JSON, its datasets SpecDatasets.
 * @template {ChartType} T
 * @template D
 * @template L
 * @typedef {Omit<import('chart.js').ChartConfiguration<T, D, L>, 'data'> & { data: { labels?: L[], datasets: SpecDataset<T, D>[] } }} SpecConfig
 */

/**
 * The configurations of report.html's charts: bars per codec (labels of two or three lines), lines over the
 * batch's N, and the break-even scatter (points carry their own x).
 * @typedef {SpecConfig<'bar', (number | null)[], string | string[]> | SpecConfig<'line', (number | null)[], string>
 *   | SpecConfig<'scatter', import('chart.js').Point[], never>} ChartConfig
 */

/**
 * One chart of report.html: its canvas id, the section it sits in, its caption, the round-trip status per label
 * (so the page can mark lossy codecs) and its configuration.
 * @typedef {object} ChartSpec
 * @property {string} id
 * @property {string} section
 * @property {string} caption
 * @property {string[]} [statuses]
 * @property {ChartConfig} config
 */

/**
 * A value axis with its title: linear from zero, or logarithmic (its floor set by logFloor).
 * @typedef {{ type: 'linear' | 'logarithmic', beginAtZero: boolean, title: { display: boolean, text: string }, min?: number,
 *   suggestedMax?: number }} Axis
 */

/**
 * The options every chart starts from: its title, the legend under it, and its axes.
 * @typedef {{ plugins: { title: { display: boolean, text: string }, legend: { position: 'bottom' } },
 *   scales: { x?: Axis | { title: { display: boolean, text: string } }, y: Axis } }} Options
 */

const COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#ff9da7', '#9c755f', '#bab0ac', '#e15759'];
const OPS = ['encode', 'decode', 'roundtrip'];
const PERCENTILES = [['p50', 'p50'], ['p90', 'p90'], ['p99', 'p99'], ['p999', 'p99.9']];
const MEASURED = new Set(['exact', 'equivalent', 'lossy']);

/**
 * A codec's name and round-trip status as a two-line chart label; lossy shouts.
 * @param {string} format
 * @param {string} status
 * @returns {string[]}
 */
export function codecLabel(format, status) {
  return [format, status === 'lossy' ? '⚠ LOSSY' : MEASURED.has(status) ? status : `${status}: not measured`];
}

/**
 * A bar per label, in the i-th colour.
 * @param {string} label
 * @param {(number | null)[]} data
 * @param {number} i
 * @param {{ ranges?: Range[] }} [extra]
 * @returns {SpecDataset<'bar', (number | null)[]>}
 */
const bar = (label, data, i, extra = {}) => ({ label, data, backgroundColor: COLOURS[i % COLOURS.length], ...extra });
/**
 * @param {string} title
 * @param {boolean} [log]
 * @returns {Axis}
 */
const axis = (title, log = false) => ({ type: log ? 'logarithmic' : 'linear', beginAtZero: !log, title: { display: true, text: title } });
/**
 * @param {string} title
 * @param {string} yTitle
 * @param {boolean} [log]
 * @returns {Options}
 */
const baseOptions = (title, yTitle, log) => ({
  plugins: { title: { display: true, text: title }, legend: { position: 'bottom' } },
  scales: { y: axis(yTitle, log) },
});

/**
 * Log-scale bars grow from the axis floor: put it a decade below the smallest
 * value, or the smallest bar would have no height at all.
 * @param {Options} options
 * @param {(number | null | undefined)[]} values
 * @returns {Options}
 */
function logFloor(options, values) {
  const positive = values.flatMap((v) => (v != null && v > 0 ? [v] : []));
  if (positive.length) options.scales.y.min = 10 ** Math.floor(Math.log10(Math.min(...positive)) - 1e-9);
  return options;
}

/**
 * Chart.js configurations (plain JSON, no functions) for every chart of a
 * run. `statuses` holds the round-trip status per label so the page can mark
 * lossy codecs; `ranges` holds [min, max] per bar for the whiskers.
 * @param {Results} results
 * @returns {ChartSpec[]}
 */
export function chartSpecs(results) {
  /** @type {ChartSpec[]} */
  const charts = [];
  for (const entry of results.payloads) {
    const { payload, sizes, speed } = entry;
    const labels = sizes.map((c) => codecLabel(c.format, c.status));
    const statuses = sizes.map((c) => c.status);
    charts.push({
      id: `size-${payload.id}`, section: payload.id, statuses,
      caption: `Bytes per message of ${payload.id}, raw and compressed; lower is better.`,
      config: {
        type: 'bar',
        data: { labels, datasets: /** @type {const} */ (['bytes', 'gzip', 'brotli']).map((k, i) => bar(k === 'bytes' ? 'raw' : k, sizes.map((c) => c[k] ?? null), i)) },
        options: baseOptions(`${payload.id}: size (bytes)`, 'bytes'),
      },
    });
    const row = (/** @type {string} */ format, /** @type {string} */ op) => speed.find((r) => r.format === format && r.op === op);
    const speedOptions = baseOptions(`${payload.id}: speed (ops/s)`, 'operations per second');
    // the axis must reach the fastest round, not just the tallest median, or whiskers run off the top
    speedOptions.scales.y.suggestedMax = Math.max(0, ...speed.filter((r) => OPS.includes(r.op)).map((r) => r.max));
    charts.push({
      id: `speed-${payload.id}`, section: payload.id, statuses,
      caption: results.settings.speed.timer === 'paired'
        ? `Operations per second on ${payload.id}: bars at the median of each case's slices, whiskers at that median's 95% interval; higher is better. The ratios to ${results.settings.speed.baseline}, from slices paired with it, are in the answer above.`
        : `Operations per second on ${payload.id}: bars at the median of ${results.settings.speed.rounds} round(s), whiskers from the slowest to the fastest round; higher is better.`,
      config: {
        type: 'bar',
        data: {
          labels,
          datasets: OPS.map((op, i) => bar(op, sizes.map((c) => row(c.format, op)?.opsPerSec ?? null), i, {
            ranges: sizes.map((c) => { const r = row(c.format, op); return r ? [r.min, r.max] : null; }),
          })),
        },
        options: speedOptions,
      },
    });
    if (entry.runtimes) charts.push(...runtimeCharts(entry, entry.runtimes, results));
  }

  const runs = results.transmission;
  for (const id of [...new Set(runs.map((t) => t.payload))]) {
    const rows = runs.filter((t) => t.payload === id).flatMap((t) => t.results.map((r) => ({ ...r, profile: t.profile })));
    charts.push({
      id: `latency-${id}`, section: 'transmission', statuses: rows.map((r) => r.status),
      caption: `WebSocket latency of ${id} per format and link profile, send to acknowledgement (log scale); lower is better. `
        + runs.filter((t) => t.payload === id).map((t) => `Profile ${t.profile}: ${shapingOf(t.settings)}.`).join(' '),
      config: {
        type: 'bar',
        data: {
          labels: rows.map((r) => [...codecLabel(r.format, r.status), `profile ${r.profile}`]),
          datasets: PERCENTILES.map(([k, name], i) => bar(name, rows.map((r) => r.latencyMs?.[k] ?? null), i)),
        },
        options: logFloor(baseOptions(`${id}: WebSocket latency percentiles (ms)`, 'milliseconds', true),
          rows.flatMap((r) => PERCENTILES.map(([k]) => r.latencyMs?.[k]))),
      },
    });
  }

  if (results.breakEven) {
    const be = results.breakEven;
    const n = be.messages.toLocaleString('en-US');
    charts.push({
      id: 'break-even', section: 'transmission',
      caption: `Predicted seconds per ${n} messages of ${be.payload} against the link's bandwidth (both directions, RTT ${be.rtt} ms, `
        + `enough messages in flight; log scales), from each format's bytes and CPU per message on loopback; the diamonds are the `
        + `measured ${be.profile} passes (${be.measured.map((m) => `${m.format}: ${m.measuredSeconds.toFixed(1)} s measured, ${m.predictedSeconds.toFixed(1)} s predicted`).join('; ')}). `
        + be.pairs.map((p) => (p.always ? `${p.smaller} is faster at every bandwidth.` : `${p.smaller} is faster below ${formatKbit(p.belowKbit)}.`)).join(' '),
      config: {
        type: 'scatter',
        data: {
          datasets: [
            ...be.curve.series.map((s, i) => ({
              label: `${s.format} (model)`, data: s.seconds.map((y, j) => ({ x: be.curve.kbit[j], y })), showLine: true, pointRadius: 0,
              borderColor: COLOURS[i % COLOURS.length], backgroundColor: COLOURS[i % COLOURS.length],
            })),
            ...be.measured.map((m) => {
              const i = be.curve.series.findIndex((s) => s.format === m.format);
              return { label: `${m.format} (measured, ${be.profile})`, data: [{ x: m.up ?? null, y: m.measuredSeconds }], pointStyle: 'rectRot', pointRadius: 7,
                borderColor: '#222', backgroundColor: COLOURS[i % COLOURS.length] };
            }),
          ],
        },
        options: {
          ...baseOptions(`${be.payload}: time per ${n} messages vs bandwidth`, `seconds per ${n} messages`, true),
          scales: { x: { ...axis('bandwidth (kbit/s)', true) }, y: axis(`seconds per ${n} messages`, true) },
        },
      },
    });
  }

  for (const run of results.transports ?? []) {
    // one bar per transport, JSON and protobuf side by side, whiskers from the slowest to the fastest round
    // which row is a transport's JSON side and which its protobuf side, as the transports declared them
    const sideOf = new Map(run.named.flatMap((v) => [[`${v.json.transport} ${v.json.format}`, 'JSON'], [`${v.protobuf.transport} ${v.protobuf.format}`, 'protobuf']]));
    const transports = [...new Set(run.results.map((r) => r.transport ?? String(r.format).split(' ')[0]))];
    const rowOf = (/** @type {string} */ t, /** @type {string} */ side) => run.results.find((r) => String(r.format).startsWith(`${t} `) && sideOf.get(r.format) === side);
    const link = run.profile === 'none' ? 'loopback' : `link ${run.profile}`;
    const sides = ['JSON', 'protobuf'];
    const options = baseOptions(`${run.payload} by transport, ${link}: msgs/s`, 'messages per second');
    options.scales.y.suggestedMax = Math.max(0, ...run.results.map((r) => r.minMax?.msgsPerSec?.[1] ?? 0));
    charts.push({
      id: `transports-${run.profile}`, section: 'transports', statuses: transports.map((t) => (sides.map((x) => rowOf(t, x)?.status).find((st) => st && st !== 'exact') ?? 'exact')),
      caption: `Messages per second of ${run.payload} over each transport, ${link} (${shapingOf(run.settings)}), JSON and protobuf as each is deployed `
        + `(${run.results.map((r) => r.format).join(', ')}); bars at the median of ${run.settings.rounds} round(s), whiskers from the slowest to the fastest round; higher is better. `
        + run.named.map((v) => namedVerdictText(v)).join('. '),
      config: {
        type: 'bar',
        data: {
          labels: transports,
          datasets: sides.map((side, i) => bar(side, transports.map((t) => rowOf(t, side)?.msgsPerSec ?? null), i, {
            ranges: transports.map((t) => rowOf(t, side)?.minMax?.msgsPerSec ?? null),
          })),
        },
        options,
      },
    });
  }

  if (results.batch) {
    const { steps, counts, payload } = results.batch;
    const formats = [...new Set(steps.flatMap((s) => s.sizes.map((c) => c.format)))];
    // a line spans every N, so it wears the worst status any N had
    const rank = ['exact', 'equivalent', 'lossy', 'unsupported', 'failed'];
    const worst = (/** @type {string} */ format) => steps.map((s) => s.sizes.find((c) => c.format === format)?.status ?? 'failed')
      .reduce((a, b) => (rank.indexOf(b) > rank.indexOf(a) ? b : a), 'exact');
    /**
     * A line across the Ns in the i-th colour, dashed when lossy.
     * @param {string} label
     * @param {(number | null)[]} data
     * @param {number} i
     * @param {string} status the worst status the codec had at any N
     * @returns {SpecDataset<'line', (number | null)[]>}
     */
    const line = (label, data, i, status) => ({
      label, data, borderColor: COLOURS[i % COLOURS.length], backgroundColor: COLOURS[i % COLOURS.length],
      borderDash: status === 'lossy' ? [6, 4] : undefined, status,
    });
    /** @type {(title: string, yTitle: string) => Options} */
    const lineOptions = (title, yTitle) => ({
      ...baseOptions(title, yTitle, true),
      scales: { x: { title: { display: true, text: `N (copies of ${payload.id} in one message)` } }, y: axis(yTitle, true) },
    });
    charts.push({
      id: 'batch-size', section: 'batch',
      caption: `How the message grows with N (log scale).`,
      config: {
        type: 'line',
        data: {
          labels: counts.map(String),
          datasets: formats.map((f, i) => line(codecLabel(f, worst(f)).join(' '), steps.map((s) => s.sizes.find((c) => c.format === f)?.bytes ?? null), i, worst(f))),
        },
        options: lineOptions(`batch: bytes per message`, 'bytes'),
      },
    });
    charts.push({
      id: 'batch-time', section: 'batch',
      caption: `Milliseconds per message (median round) as N grows, encode solid and decode dotted (log scale).`,
      config: {
        type: 'line',
        data: {
          labels: counts.map(String),
          datasets: formats.flatMap((f, i) => ['encode', 'decode'].map((op) => ({
            ...line(`${codecLabel(f, worst(f)).join(' ')} ${op}`, steps.map((s) => {
              const r = s.speed.find((x) => x.format === f && x.op === op);
              return r ? 1000 / r.opsPerSec : null;
            }), i, worst(f)),
            ...(op === 'decode' ? { borderDash: [2, 3] } : {}),
          }))),
        },
        options: lineOptions('batch: time per message (ms)', 'milliseconds'),
      },
    });
  }
  return charts;
}

/**
 * The runtime × codec matrix of a payload as charts, one per operation: per
 * runtime a bar per codec at its ratio to the baseline on that runtime (log
 * scale, so 2× faster and 2× slower look alike), whiskers over the rounds.
 * @param {PayloadEntry} entry
 * @param {NonNullable<PayloadEntry['runtimes']>} runtimes the payload's speed rows on each runtime
 * @param {Results} results
 * @returns {ChartSpec[]}
 */
function runtimeCharts(entry, runtimes, results) {
  const { baseline, rounds } = results.settings.speed;
  return runtimeMatrices({ runtimes }, results.runtimes ?? [], results.settings.formats).map((m) => {
    /**
     * A codec's speed row on a runtime, or null where it has no ratio to the baseline (not measured there).
     * @param {(typeof m.rows)[number]} r
     * @param {string} f
     */
    const cell = (r, f) => {
      const c = r.cells[f];
      return c && 'vsBaseline' in c && c.vsBaseline != null ? c : null;
    };
    return {
      id: `runtimes-${entry.payload.id}-${m.op}`, section: entry.payload.id,
      caption: `${m.op} on ${entry.payload.id}, per runtime: ops/s as a ratio to ${baseline} on the same runtime (log scale; above 1 is faster), `
        + `bars at the median of ${rounds} round(s), whiskers from the lowest to the highest round. A missing bar is a codec not measured there (see the table).`,
      config: {
        type: 'bar',
        data: {
          labels: m.rows.map((r) => r.label),
          datasets: m.formats.map((f, i) => bar(f, m.rows.map((r) => cell(r, f)?.vsBaseline ?? null), i, {
            ranges: m.rows.map((r) => {
              const c = cell(r, f);
              return c?.vsBaselineMin != null && c.vsBaselineMax != null ? [c.vsBaselineMin, c.vsBaselineMax] : null;
            }),
          })),
        },
        options: logFloor(baseOptions(`${entry.payload.id}: ${m.op} across runtimes (ratio to ${baseline})`, `ratio to ${baseline}`, true),
          m.rows.flatMap((r) => m.formats.map((f) => cell(r, f)?.vsBaselineMin))),
      },
    };
  });
}
