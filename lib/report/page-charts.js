// Runs in report.html, not in Node: html.js inlines this file after Chart.js (which sets window.Chart) and the chart
// specs (chartSpecs, as JSON in #chart-data). It draws every chart, the whiskers from the slowest to the fastest
// round, and marks lossy bars. A plain script, so the report needs no module loading; ESLint checks it with the
// browser's globals, tsc against Chart.js's own types.
'use strict';

/**
 * A dataset as chartSpecs writes it: Chart.js's own fields, plus [min, max] per bar for the whiskers.
 * @typedef {import('chart.js').ChartDataset & { ranges?: ([number, number] | null)[] }} SpecDataset
 */

/**
 * One chart as chartSpecs writes it (lib/report/charts.js): its canvas id, the round-trip status per label, and a
 * Chart.js configuration of plain JSON.
 * @typedef {object} ChartSpec
 * @property {string} id
 * @property {string[]} [statuses]
 * @property {import('chart.js').ChartConfiguration & { data: { datasets: SpecDataset[] } }} config
 */

/** Chart.js as its UMD build leaves it on the page. */
const ChartJs = /** @type {Window & { Chart: typeof import('chart.js').Chart }} */ (/** @type {unknown} */ (window)).Chart;

const LOSSY_COLOUR = '#c00000';

/** Draws each bar's [min, max] as an I-beam over it. */
const whiskers = /** @type {import('chart.js').Plugin} */ ({
  id: 'whiskers',
  afterDatasetsDraw(chart) {
    const { ctx, scales: { y } } = chart;
    chart.data.datasets.forEach((dataset, i) => {
      const { ranges } = /** @type {SpecDataset} */ (dataset);
      const meta = chart.getDatasetMeta(i);
      if (!ranges || meta.hidden) return;
      ctx.save();
      ctx.strokeStyle = '#222';
      ctx.lineWidth = 1.2;
      meta.data.forEach((element, j) => {
        const range = ranges[j];
        if (!range) return;
        // a bar element's centre and width (BarProps, which Chart.js's types keep behind getProps)
        const { x, width } = /** @type {{ x: number, width: number }} */ (/** @type {unknown} */ (element));
        const lo = y.getPixelForValue(range[0]);
        const hi = y.getPixelForValue(range[1]);
        const w = width / 4;
        ctx.beginPath();
        ctx.moveTo(x, lo); ctx.lineTo(x, hi);
        ctx.moveTo(x - w, lo); ctx.lineTo(x + w, lo);
        ctx.moveTo(x - w, hi); ctx.lineTo(x + w, hi);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
});

/**
 * A bar chart whose labels carry round-trip statuses: lossy bars get a red outline and a red axis label.
 * @param {ChartSpec} spec
 * @returns {ChartSpec['config']}
 */
function markLossy(spec) {
  const { config, statuses } = spec;
  if (!statuses || config.type !== 'bar') return config;
  const lossy = (/** @type {string} */ status) => status === 'lossy';
  for (const dataset of /** @type {import('chart.js').ChartDataset<'bar'>[]} */ (config.data.datasets)) {
    dataset.borderColor = statuses.map((s) => (lossy(s) ? LOSSY_COLOUR : /** @type {string} */ (dataset.backgroundColor)));
    dataset.borderWidth = statuses.map((s) => (lossy(s) ? 3 : 0));
  }
  const options = config.options ?? {};
  options.scales = { ...options.scales, x: { ticks: { color: (/** @type {import('chart.js').ScriptableScaleContext} */ c) => (lossy(statuses[c.index]) ? LOSSY_COLOUR : '#333') } } };
  return { ...config, options };
}

const dataElement = document.getElementById('chart-data');
/** @type {ChartSpec[]} */
const chartSpecs = JSON.parse(dataElement?.textContent ?? '[]');
ChartJs.defaults.animation = false;
ChartJs.defaults.maintainAspectRatio = false;
/** Every chart, for whoever inspects the page. */
/** @type {Window & { reportCharts?: import('chart.js').Chart[] }} */ (window).reportCharts = chartSpecs.map((spec) => {
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById(spec.id));
  return new ChartJs(canvas, { ...markLossy(spec), plugins: [whiskers] });
});
