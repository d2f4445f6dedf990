import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { libraryVersion } from '../codecs/index.js';
import { environmentLine } from '../measure/environment.js';
import { payloadHeading, sizeRows, SPEED_LEGEND, speedNotes, speedRows } from './rows.js';
import { batchRows, payloadSpeed, runSettingsLine, shapingOf, transmissionRows, transportLinkHeading } from './markdown.js';
import { FLAGS_LEGEND } from './flags.js';
import { ANSWER_OPS, answerModel, answerRows, outsideSpread, ratioWithSpread } from './answer.js';
import { escapeHtml, tableModel, toHtml } from './table.js';
import { formatKbit, namedVerdictText, transportComparisonRows } from './terminal-transmission.js';
import { answerSentence, runtimeMatrices, runtimeMatrixRows } from './runtime-matrix.js';
import { compressionRows, corpusNotes, corpusSizeRows, dictionarySentence } from './corpus-sizes.js';

const require = createRequire(import.meta.url);

const COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#ff9da7', '#9c755f', '#bab0ac', '#e15759'];
const OPS = ['encode', 'decode', 'roundtrip'];
const PERCENTILES = [['p50', 'p50'], ['p90', 'p90'], ['p99', 'p99'], ['p999', 'p99.9']];
const MEASURED = new Set(['exact', 'equivalent', 'lossy']);

/** A codec's name and round-trip status as a two-line chart label; lossy shouts. */
export function codecLabel(format, status) {
  return [format, status === 'lossy' ? '⚠ LOSSY' : MEASURED.has(status) ? status : `${status}: not measured`];
}

const bar = (label, data, i, extra = {}) => ({ label, data, backgroundColor: COLOURS[i % COLOURS.length], ...extra });
const axis = (title, log = false) => ({ type: log ? 'logarithmic' : 'linear', beginAtZero: !log, title: { display: true, text: title } });
const baseOptions = (title, yTitle, log) => ({
  plugins: { title: { display: true, text: title }, legend: { position: 'bottom' } },
  scales: { y: axis(yTitle, log) },
});

// Log-scale bars grow from the axis floor: put it a decade below the smallest
// value, or the smallest bar would have no height at all.
function logFloor(options, values) {
  const positive = values.filter((v) => v > 0);
  if (positive.length) options.scales.y.min = 10 ** Math.floor(Math.log10(Math.min(...positive)) - 1e-9);
  return options;
}

/**
 * Chart.js configurations (plain JSON, no functions) for every chart of a
 * run. `statuses` holds the round-trip status per label so the page can mark
 * lossy codecs; `ranges` holds [min, max] per bar for the whiskers.
 * @param {object} results a validated results object
 * @returns {{ id: string, section: string, caption: string, statuses?: string[], config: object }[]}
 */
export function chartSpecs(results) {
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
        data: { labels, datasets: ['bytes', 'gzip', 'brotli'].map((k, i) => bar(k === 'bytes' ? 'raw' : k, sizes.map((c) => c[k] ?? null), i)) },
        options: baseOptions(`${payload.id}: size (bytes)`, 'bytes'),
      },
    });
    const row = (format, op) => speed.find((r) => r.format === format && r.op === op);
    const speedOptions = baseOptions(`${payload.id}: speed (ops/s)`, 'operations per second');
    // the axis must reach the fastest round, not just the tallest median, or whiskers run off the top
    speedOptions.scales.y.suggestedMax = Math.max(0, ...speed.filter((r) => OPS.includes(r.op)).map((r) => r.max));
    charts.push({
      id: `speed-${payload.id}`, section: payload.id, statuses,
      caption: `Operations per second on ${payload.id}: bars at the median of ${results.settings.speed.rounds} round(s), whiskers from the slowest to the fastest round; higher is better.`,
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
    if (entry.runtimes) charts.push(...runtimeCharts(entry, results));
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
              return { label: `${m.format} (measured, ${be.profile})`, data: [{ x: m.up, y: m.measuredSeconds }], pointStyle: 'rectRot', pointRadius: 7,
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
    const rowOf = (t, side) => run.results.find((r) => String(r.format).startsWith(`${t} `) && sideOf.get(r.format) === side);
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
    const worst = (format) => steps.map((s) => s.sizes.find((c) => c.format === format)?.status ?? 'failed')
      .reduce((a, b) => (rank.indexOf(b) > rank.indexOf(a) ? b : a), 'exact');
    const line = (label, data, i, status) => ({
      label, data, borderColor: COLOURS[i % COLOURS.length], backgroundColor: COLOURS[i % COLOURS.length],
      borderDash: status === 'lossy' ? [6, 4] : undefined, status,
    });
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

const esc = escapeHtml;

/**
 * The runtime × codec matrix of a payload as charts, one per operation: per
 * runtime a bar per codec at its ratio to the baseline on that runtime (log
 * scale, so 2× faster and 2× slower look alike), whiskers over the rounds.
 */
function runtimeCharts(entry, results) {
  const { baseline, rounds } = results.settings.speed;
  return runtimeMatrices(entry, results.runtimes, results.settings.formats).map((m) => {
    const cell = (r, f) => (r.cells[f]?.vsBaseline == null ? null : r.cells[f]);
    return {
      id: `runtimes-${entry.payload.id}-${m.op}`, section: entry.payload.id,
      caption: `${m.op} on ${entry.payload.id}, per runtime: ops/s as a ratio to ${baseline} on the same runtime (log scale; above 1 is faster), `
        + `bars at the median of ${rounds} round(s), whiskers from the lowest to the highest round. A missing bar is a codec not measured there (see the table).`,
      config: {
        type: 'bar',
        data: {
          labels: m.rows.map((r) => r.label),
          datasets: m.formats.map((f, i) => bar(f, m.rows.map((r) => cell(r, f)?.vsBaseline ?? null), i, {
            ranges: m.rows.map((r) => { const c = cell(r, f); return c ? [c.vsBaselineMin, c.vsBaselineMax] : null; }),
          })),
        },
        options: logFloor(baseOptions(`${entry.payload.id}: ${m.op} across runtimes (ratio to ${baseline})`, `ratio to ${baseline}`, true),
          m.rows.flatMap((r) => m.formats.map((f) => cell(r, f)?.vsBaselineMin))),
      },
    };
  });
}

function runtimeTables(entry, results) {
  const { baseline, rounds } = results.settings.speed;
  const matrices = runtimeMatrices(entry, results.runtimes, results.settings.formats);
  const parts = matrices.map((m) => {
    const { table, notes } = runtimeMatrixRows(m);
    return `<h4>${esc(m.op)}: ops/s (median of ${rounds} rounds) · ratio to ${esc(baseline)} on the same runtime (min–max of rounds)</h4>`
      + toHtml(table)
      + (notes.length ? `<ol class="notes">${notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ol>` : '');
  });
  return `<h3>Speed across runtimes</h3><p class="answer">${esc(answerSentence(matrices, baseline))}</p>${parts.join('')}`;
}


/** The corpus size tables, notes and the dictionary sentence, when the run measured them. */
function corpusSizesHtml(entry) {
  if (!entry.corpusSizes) return '';
  const result = { payload: entry.payload, ...entry.corpusSizes };
  const sentence = dictionarySentence(result);
  return `<h3>Size over the corpus of ${esc(entry.corpusSizes.corpus.messages.toLocaleString('en-US'))} messages</h3>`
    + (sentence ? `<p class="answer">${esc(sentence)}</p>` : '')
    + `<h4>Bytes per message</h4>${toHtml(corpusSizeRows(result))}<h4>Compressed bytes per message (mean)</h4>${toHtml(compressionRows(result))}`
    + `<ul class="notes">${corpusNotes(result).map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`;
}

/** A payload's size and speed tables: the same row models report.md prints. */
function payloadTables(entry, speedSettings) {
  const speed = payloadSpeed(entry, speedSettings);
  return `<h3>Size</h3>${toHtml(sizeRows({ codecs: entry.sizes }))}${corpusSizesHtml(entry)}<h3>Speed and memory per operation</h3>${toHtml(speedRows(speed))}`
    + speedNotes(speed).map((n) => `<p class="legend">${esc(n)}</p>`).join('') + `<p class="legend">${esc(SPEED_LEGEND)}</p>`;
}

// Heat-map colour of a ratio: green faster, red slower, saturating at 8× either
// way (log scale); a ratio within the spread is drawn pale, whatever its size.
function heatColour(cell) {
  if (!cell) return '#f4f4f4';
  const t = Math.min(1, Math.abs(Math.log2(cell.ratio)) / 3);
  const hue = cell.ratio >= 1 ? 130 : 0;
  return cell.standing === 'tie' || cell.standing === 'one-round' ? `hsl(${hue} 20% 93%)` : `hsl(${hue} 60% ${Math.round(92 - 42 * t)}%)`;
}

/** The answer section: per payload the ratios with their spread, and a codec × payload heat map per operation. */
function answerSection(results) {
  const model = answerModel(results);
  if (!model.length) return '';
  const formats = [...new Set(model.flatMap((e) => e.rows.map((r) => r.format)))];
  const heat = ANSWER_OPS.map((op) => {
    const head = `<tr><th>${esc(op)} vs ${esc(model[0].baseline)}</th>${model.map((e) => `<th>${esc(e.payload.id)}</th>`).join('')}</tr>`;
    const rows = formats.map((f) => `<tr><td>${esc(f)}</td>${model.map((e) => {
      const cell = e.rows.find((r) => r.format === f)?.ops[op] ?? null;
      return `<td class="heat" style="background:${heatColour(cell)}" title="${esc(ratioWithSpread(cell))}">${esc(ratioWithSpread(cell))}</td>`;
    }).join('')}</tr>`).join('');
    return `<table class="heatmap" data-op="${esc(op)}"><thead>${head}</thead><tbody>${rows}</tbody></table>`;
  }).join('\n');
  const perPayload = model.map((e) => `<h3>${esc(e.payload.id)}: ${esc(e.payload.title)}, ${esc(e.payload.jsonBytes)} bytes of JSON</h3>`
    + toHtml(answerRows(e))
    + `<p>Outside the spread: ${esc(outsideSpread(e).join('; ') || 'none')}.</p>`).join('\n');
  return `<section id="answer"><h2>The answer</h2>
<p class="legend">Speed is the ratio to ${esc(model[0].baseline)}'s ops/s in the same round, median of the rounds with min–max:
▲ faster and ▼ slower in every round (outside the spread), ≈ the rounds disagree (no winner), ? a single round (no spread to judge by); the last two are drawn pale in the heat map.
Encode starts from each library's native form, decode ends in it.</p>
<div class="heatmaps">${heat}</div>
${perPayload}
<p class="legend">${esc(FLAGS_LEGEND)}</p></section>`;
}

function environmentTable(env) {
  const rows = [['CPU', env.cpu], ['cores', env.cores], ['memory', `${env.memoryGiB} GiB`], ['OS', env.os], ['Node', env.node],
    ['V8', env.v8], ['git commit', env.commit ?? 'unknown'],
    ...Object.entries(env.libraries).map(([k, v]) => [`library ${k}`, v ?? 'not installed'])];
  return toHtml(tableModel([{ title: '', align: 'l' }, { title: '', align: 'l' }], rows.map((cells) => ({ cells: cells.map(String) }))));
}

// Runs in the page: draws the whiskers, marks lossy bars, builds the charts.
const PAGE_SCRIPT = `
'use strict';
const specs = JSON.parse(document.getElementById('chart-data').textContent);
const whiskers = {
  id: 'whiskers',
  afterDatasetsDraw(chart) {
    const { ctx, scales: { y } } = chart;
    chart.data.datasets.forEach((ds, i) => {
      const meta = chart.getDatasetMeta(i);
      if (!ds.ranges || meta.hidden) return;
      ctx.save();
      ctx.strokeStyle = '#222';
      ctx.lineWidth = 1.2;
      meta.data.forEach((el, j) => {
        const r = ds.ranges[j];
        if (!r) return;
        const lo = y.getPixelForValue(r[0]), hi = y.getPixelForValue(r[1]), w = el.width / 4;
        ctx.beginPath();
        ctx.moveTo(el.x, lo); ctx.lineTo(el.x, hi);
        ctx.moveTo(el.x - w, lo); ctx.lineTo(el.x + w, lo);
        ctx.moveTo(el.x - w, hi); ctx.lineTo(el.x + w, hi);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;
window.reportCharts = specs.map((spec) => {
  const config = spec.config;
  if (spec.statuses && config.type === 'bar') {
    for (const ds of config.data.datasets) {
      ds.borderColor = spec.statuses.map((s) => (s === 'lossy' ? '#c00000' : ds.backgroundColor));
      ds.borderWidth = spec.statuses.map((s) => (s === 'lossy' ? 3 : 0));
    }
    config.options.scales.x = { ticks: { color: (c) => (spec.statuses[c.index] === 'lossy' ? '#c00000' : '#333') } };
  }
  return new Chart(document.getElementById(spec.id), { ...config, plugins: [whiskers] });
});
`;

/**
 * report.html: one self-contained page (Chart.js inlined, no network) with
 * every chart, a table per payload, the settings and the environment.
 * @param {object} results a validated results object
 */
export function renderHtml(results) {
  // the UMD build is not in the package's exports map: found next to its main file
  const chartJs = fs.readFileSync(path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.js'), 'utf8');
  const chartVersion = libraryVersion('chart.js');
  const specs = chartSpecs(results);
  const figures = (section) => specs.filter((s) => s.section === section)
    .map((s) => `<figure><div class="chart"><canvas id="${esc(s.id)}" role="img" aria-label="${esc(s.caption)}"></canvas></div><figcaption>${esc(s.caption)}</figcaption></figure>`).join('\n');
  const sections = results.payloads.map((p) => `<section id="payload-${esc(p.payload.id)}"><h2>${esc(payloadHeading(p.payload))}</h2>
<div class="charts">${figures(p.payload.id)}</div>${payloadTables(p, results.settings.speed)}${p.runtimes ? runtimeTables(p, results) : ''}
<p class="legend">n/a: the conversion is the identity (the native form is the plain object), so it is not timed.</p></section>`);
  if (results.transmission.length) {
    const profiles = [...new Set(results.transmission.map((t) => t.profile))];
    const tables = profiles.map((profile) => {
      const runs = results.transmission.filter((t) => t.profile === profile);
      return `<h3>Profile ${esc(profile)}: ${esc(shapingOf(runs[0].settings))}</h3>${toHtml(transmissionRows(runs))}`;
    }).join('\n');
    sections.push(`<section id="transmission"><h2>WebSocket transmission</h2><div class="charts">${figures('transmission')}</div>${tables}</section>`);
  }
  if (results.transports?.length) {
    const tables = results.transports.map((run) => `<h3>${esc(transportLinkHeading(run))}</h3><ul>${run.named.map((v) => `<li>${esc(namedVerdictText(v))}</li>`).join('')}</ul>${toHtml(transportComparisonRows(run))}`).join('\n');
    sections.push(`<section id="transports"><h2>JSON vs protobuf by transport (${esc(results.transports[0].payload)})</h2><div class="charts">${figures('transports')}</div>${tables}</section>`);
  }
  if (results.batch) {
    sections.push(`<section id="batch"><h2>Batch scaling: ${esc(payloadHeading(results.batch.payload))}</h2><div class="charts">${figures('batch')}</div>${toHtml(batchRows(results.batch))}</section>`);
  }
  // '<' escaped so that no string in the data can close the script element
  const data = JSON.stringify(specs).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Serialization benchmark ${esc(results.createdAt)}</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 1200px; padding: 0 1rem; color: #222; }
h1 { margin-bottom: 0.2rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; font-size: 1.15rem; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 1rem; }
figure { margin: 0; } .chart { position: relative; height: 340px; } figcaption { font-size: 12px; color: #555; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 12.5px; }
td, th { border: 1px solid #ddd; padding: 2px 8px; text-align: right; } td:first-child, th:first-child, td:last-child { text-align: left; }
.status-lossy td { background: #fde8e8; color: #900; font-weight: 600; }
.status-unsupported td, .status-failed td { color: #888; }
.answer { font-weight: 600; } .notes { font-size: 12px; color: #555; }
.legend { font-size: 13px; } .lossy { color: #c00000; font-weight: 700; }
#environment table td { text-align: left; } td.l, th.l { text-align: left; }
.heatmaps { display: flex; flex-wrap: wrap; gap: 1rem; } .heatmap td.heat { text-align: center; min-width: 7rem; }
</style>
</head>
<body>
<h1>Serialization benchmark</h1>
<p>${esc(results.createdAt)}${results.command ? ` — <code>${esc(results.command)}</code>` : ''}</p>
<p>${esc(runSettingsLine(results))}</p>
<p class="legend">Every codec's round trip is verified before it is timed; every chart label and table row carries the verdict:
exact, equivalent (equal after a normalisation the codec declares), <span class="lossy">⚠ LOSSY</span> (measured, but the data did not come back; red outline),
or not measured (unsupported / failed).</p>
${answerSection(results)}
${sections.join('\n')}
<section id="environment"><h2>Environment</h2><p>${esc(environmentLine(results.environment))}</p>${environmentTable(results.environment)}
<p>Charts drawn by Chart.js ${esc(chartVersion)}, inlined in this file.</p></section>
<script type="application/json" id="chart-data">${data}</script>
<script>${chartJs.replace(/<\/script/gi, '<\\/script')}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
