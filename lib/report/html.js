import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { libraryVersion } from '../codecs/index.js';
import { environmentLine } from '../measure/environment.js';
import { baselineLine, formatsLegend, payloadHeading, sizeRows, speedLegends, speedNotes, speedRows } from './rows.js';
import { batchRows, capacitySkippedLines, payloadSpeed, runSettingsLine, shapingOf, transmissionRows, transportLinkHeading } from './markdown.js';
import { FLAGS_LEGEND } from './flags.js';
import { artilleryNotes, artilleryTable } from './artillery.js';
import { ANSWER_OPS, answerModel, answerParagraph, answerRows, ratioWithSpread, speedPrecisionLine } from './answer.js';
import { escapeHtml, tableModel, toHtml } from './table.js';
import { capacityLegend, capacityPassText, capacityRows, cpuAtRateLines, floorLines, gcLines, headlineSentence, loadGeneratorLine, namedVerdictText, pairModel, precisionLines, scalingLines, sustainedLines, transportComparisonRows, verdictText } from './terminal-transmission.js';
import { chartSpecs } from './charts.js';
import { answerSentence, runtimeMatrices, runtimeMatrixRows } from './runtime-matrix.js';
import { compressionRows, corpusNotes, corpusSizeRows, dictionarySentence } from './corpus-sizes.js';

const require = createRequire(import.meta.url);

/**
 * @typedef {import('../results/index.js').Results} Results
 * @typedef {Results['payloads'][number]} PayloadEntry
 */

const esc = escapeHtml;

/**
 * A file of lib/report/ that the page inlines (its styles, its script), made safe inside a <style> or <script>.
 * @param {string} name
 */
const pageFile = (name) => fs.readFileSync(new URL(name, import.meta.url), 'utf8').replace(/<\/(script|style)/gi, '<\\/$1');

/**
 * A payload's speed across runtimes: the answer sentence, then per operation its runtime × codec table and notes.
 * @param {NonNullable<PayloadEntry['runtimes']>} runtimes the payload's speed rows on each runtime
 * @param {Results} results
 */
function runtimeTables(runtimes, results) {
  const { baseline, rounds } = results.settings.speed;
  const matrices = runtimeMatrices({ runtimes }, results.runtimes ?? [], results.settings.formats);
  const parts = matrices.map((m) => {
    const { table, notes } = runtimeMatrixRows(m);
    return `<h4>${esc(m.op)}: ops/s (median of ${rounds} rounds) · ratio to ${esc(baseline)} on the same runtime (min–max of rounds)</h4>`
      + toHtml(table)
      + (notes.length ? `<ol class="notes">${notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ol>` : '');
  });
  return `<h3>Speed across runtimes</h3><p class="answer">${esc(answerSentence(matrices, baseline))}</p>${parts.join('')}`;
}


/**
 * The corpus size tables, notes and the dictionary sentence, when the run measured them.
 * @param {PayloadEntry} entry
 */
function corpusSizesHtml(entry) {
  if (!entry.corpusSizes) return '';
  const result = { payload: entry.payload, ...entry.corpusSizes };
  const sentence = dictionarySentence(result);
  return `<h3>Size over the corpus of ${esc(entry.corpusSizes.corpus.messages.toLocaleString('en-US'))} messages</h3>`
    + (sentence ? `<p class="answer">${esc(sentence)}</p>` : '')
    + `<h4>Bytes per message</h4>${toHtml(corpusSizeRows(result))}<h4>Compressed bytes per message (mean)</h4>${toHtml(compressionRows(result))}`
    + `<ul class="notes">${corpusNotes(result).map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`;
}

/**
 * A payload's size and speed tables: the same row models report.md prints.
 * @param {PayloadEntry} entry
 * @param {Results['settings']['speed']} speedSettings
 * @param {import('./rows.js').DescribedCodec[]} codecs results.codecs, for the formats legend
 * @param {string} [lastPayload] the run's last payload (payloadSpeed)
 */
function payloadTables(entry, speedSettings, codecs, lastPayload) {
  const speed = payloadSpeed(entry, speedSettings, codecs, lastPayload);
  return `<h3>Size</h3>${toHtml(sizeRows({ codecs: entry.sizes }))}${corpusSizesHtml(entry)}<h3>Speed and memory per operation</h3>${toHtml(speedRows(speed))}`
    + [...speedNotes(speed), ...speedLegends(speed)].map((n) => `<p class="legend">${esc(n)}</p>`).join('');
}

/**
 * Heat-map colour of a ratio: green faster, red slower, saturating at 8× either
 * way (log scale); a ratio within the spread is drawn pale, whatever its size.
 * @param {{ ratio: number, standing: string | null } | null} cell
 */
function heatColour(cell) {
  if (!cell) return '#f4f4f4';
  const t = Math.min(1, Math.abs(Math.log2(cell.ratio)) / 3);
  const hue = cell.ratio >= 1 ? 130 : 0;
  return cell.standing === 'tie' || cell.standing === 'one-round' || cell.standing === 'unstable' ? `hsl(${hue} 20% 93%)` : `hsl(${hue} 60% ${Math.round(92 - 42 * t)}%)`;
}

/**
 * The answer section: per payload the ratios with their spread, and a codec × payload heat map per operation.
 * @param {Results} results
 */
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
  const perPayload = model.map((e, i) => `<h3>${esc(e.payload.id)}: ${esc(e.payload.title)}, ${esc(e.payload.jsonBytes)} bytes of JSON</h3>`
    + `<p class="answer">${esc(answerParagraph(results, e))}</p>`
    + toHtml(answerRows(e))
    + `<p class="legend">${esc(baselineLine(results.payloads[i].speed, e.baseline, ANSWER_OPS))}</p>`).join('\n');
  const precision = speedPrecisionLine(results);
  const legend = precision
    ? `Speed is the ratio to ${esc(model[0].baseline)}'s ops/s, timed in slices taking turns with it: the median of the pairs with its confidence interval.
▲ faster and ▼ slower: the whole interval on one side of 1; ≈ the interval holds 1 (no winner); ~ unstable: it missed its precision target (no verdict); the last two are drawn pale in the heat map. The round trip is derived from encode and decode.`
    : `Speed is the ratio to ${esc(model[0].baseline)}'s ops/s in the same round, median of the rounds with min–max:
▲ faster and ▼ slower in every round (outside the spread), ≈ the rounds disagree (no winner), ? a single round (no spread to judge by); the last two are drawn pale in the heat map.`;
  return `<section id="answer"><h2>The answer</h2>
<p class="legend">${legend}
Encode starts from each library's native form, decode ends in it.</p>
<p class="legend">${esc(formatsLegend([...formats, model[0].baseline], model[0].baseline, results.codecs))}</p>
${precision ? `<p class="precision">${esc(precision)}</p>` : ''}
<div class="heatmaps">${heat}</div>
${perPayload}
<p class="legend">${esc(FLAGS_LEGEND)}</p></section>`;
}

/**
 * The environment, a row per fact: the machine, the runtime, the commit, each library's version.
 * @param {Results['environment']} env
 */
function environmentTable(env) {
  const rows = [['CPU', env.cpu], ['cores', env.cores], ['memory', `${env.memoryGiB} GiB`], ['OS', env.os], ['Node', env.node],
    ['V8', env.v8], ['git commit', env.commit ?? 'unknown'],
    // the host's share of the machine's CPU during the run (results written before it have none)
    ...(env.steal != null ? [['steal (host\'s share of the CPU during the run)', `${(env.steal * 100).toFixed(1)}%`]] : []),
    ...Object.entries(env.libraries).map(([k, v]) => [`library ${k}`, v ?? 'not installed'])];
  return toHtml(tableModel([{ title: '', align: 'l' }, { title: '', align: 'l' }], rows.map((cells) => ({ cells: cells.map(String) }))));
}

/**
 * report.html: one self-contained page (Chart.js inlined, no network) with
 * every chart, a table per payload, the settings and the environment.
 * @param {Results} results
 */
export function renderHtml(results) {
  // the UMD build is not in the package's exports map: found next to its main file
  const chartJs = fs.readFileSync(path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.js'), 'utf8');
  const chartVersion = libraryVersion('chart.js');
  const specs = chartSpecs(results);
  const figures = (/** @type {string} */ section) => specs.filter((s) => s.section === section)
    .map((s) => `<figure><div class="chart"><canvas id="${esc(s.id)}" role="img" aria-label="${esc(s.caption)}"></canvas></div><figcaption>${esc(s.caption)}</figcaption></figure>`).join('\n');
  const artilleryRun = results.settings.artillery ? results.transports?.[0] : undefined;
  const sections = artilleryRun ? [] : results.payloads.map((p) => `<section id="payload-${esc(p.payload.id)}"><h2>${esc(payloadHeading(p.payload))}</h2>
${(p.payload.warnings ?? []).map((w) => `<p class="warning">Warning: ${esc(w)}</p>`).join('')}<div class="charts">${figures(p.payload.id)}</div>${payloadTables(p, results.settings.speed, results.codecs, results.settings.payloads?.at(-1))}${p.runtimes ? runtimeTables(p.runtimes, results) : ''}
<p class="legend">n/a: the conversion is the identity (the native form is the plain object), so it is not timed.</p></section>`);
  if (results.transmission.length) {
    const profiles = [...new Set(results.transmission.map((t) => t.profile))];
    const tables = profiles.map((profile) => {
      const runs = results.transmission.filter((t) => t.profile === profile);
      const verdicts = runs.flatMap((run) => (run.verdicts ?? []).map((v) => `<li>${esc(`${run.payload}: ${verdictText(v)}`)}</li>`));
      // the fixed-rate CPU passes of each run that has them, as report.md gives them
      const atRate = runs.map((run) => {
        const [lead, ...items] = cpuAtRateLines(run);
        return lead ? leadAndItems([`${run.payload}: ${lead}`, ...items.map((l) => l.trim())]) : '';
      }).join('');
      return `<h3>Profile ${esc(profile)}: ${esc(shapingOf(runs[0].settings))}</h3>${toHtml(transmissionRows(runs))}${verdicts.length ? `<ul>${verdicts.join('')}</ul>` : ''}${atRate}`;
    }).join('\n');
    sections.push(`<section id="transmission"><h2>WebSocket transmission</h2><div class="charts">${figures('transmission')}</div>${tables}</section>`);
  }
  if (artilleryRun) {
    const notes = artilleryNotes(results, artilleryRun);
    const [lead, ...rest] = notes.filter((l) => !l.startsWith('- '));
    const warnings = results.payloads.flatMap((p) => p.payload.warnings ?? []).map((w) => `<p class="warning">Warning: ${esc(w)}</p>`).join('');
    sections.push(`<section id="artillery"><h2>Artillery: JSON vs protobuf by transport (${esc(artilleryRun.payload)})</h2>${warnings}<p>${esc(lead)}</p>${rest.map((l) => `<p>${esc(l)}</p>`).join('')}`
      + `<ul>${notes.filter((l) => l.startsWith('- ')).map((l) => `<li>${esc(l.slice(2))}</li>`).join('')}</ul>${toHtml(artilleryTable(artilleryRun))}</section>`);
  } else if (results.transports?.length) {
    const tables = results.transports.map((run) => `<h3>${esc(transportLinkHeading(run))}</h3><ul>${run.named.map((v) => `<li>${esc(namedVerdictText(v))}</li>`).join('')}</ul>${toHtml(transportComparisonRows(run))}`).join('\n');
    sections.push(`<section id="transports"><h2>JSON vs protobuf by transport (${esc(results.transports[0].payload)})</h2><div class="charts">${figures('transports')}</div>${tables}</section>`);
  }
  if (results.capacity && results.settings.capacity) {
    const { capacity } = results;
    const settings = results.settings.capacity;
    const headline = headlineSentence(capacity.transports, settings.targetP99Ms);
    const pairs = pairModel(capacity.transports);
    const skipped = capacitySkippedLines(capacity).map((l) => `<p class="warning">${esc(l)}</p>`).join('');
    sections.push(capacity.transports.length ? `<section id="capacity"><h2>Capacity per server core (${esc(capacity.payload)})</h2>`
      + `<p>${esc(capacityPassText(settings))}</p>${skipped}<p>${esc(loadGeneratorLine(capacity.transports, settings.loadGeneratorWhy))}</p>`
      + (headline ? `<p class="answer">${esc(`Headline: ${headline}`)}</p>` : '')
      + `${toHtml(capacityRows(capacity.transports, { fixedRate: true }))}`
      + [...precisionLines(capacity.transports), capacityLegend(settings, capacity.transports.find((t) => t.machineProbe)?.machineProbe?.rule), ...sustainedLines(capacity.transports)].filter((l) => l).map((l) => `<p>${esc(l)}</p>`).join('')
      + leadAndItems(floorLines(capacity.transports, settings.targetP99Ms))
      + leadAndItems(gcLines(capacity.transports, settings.targetP99Ms))
      + leadAndItems(pairs ? [pairs.lead, ...pairs.items] : [])
      + leadAndItems(scalingLines(capacity.transports))
      + '</section>'
      : `<section id="capacity"><h2>Capacity per server core (${esc(capacity.payload)})</h2><p>${esc(capacityPassText(settings))}</p>${skipped}</section>`);
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
${pageFile('report.css')}</style>
</head>
<body>
<h1>Serialization benchmark</h1>
<p>${esc(results.createdAt)}${results.command ? ` — <code>${esc(results.command)}</code>` : ''}</p>
<p>${esc(runSettingsLine(results))}</p>
<p class="legend">Every codec's round trip is verified before it is timed; every chart label and table row carries the verdict:
exact, equivalent (equal after a normalisation the codec declares), <span class="lossy">⚠ LOSSY</span> (measured, but the data did not come back; red outline),
or not measured (unsupported / failed).</p>
${artilleryRun ? '' : answerSection(results)}
${sections.join('\n')}
<section id="environment"><h2>Environment</h2><p>${esc(environmentLine(results.environment))}</p>${environmentTable(results.environment)}
<p>Charts drawn by Chart.js ${esc(chartVersion)}, inlined in this file.</p></section>
<script type="application/json" id="chart-data">${data}</script>
<script>${chartJs.replace(/<\/script/gi, '<\\/script')}</script>
<script>${pageFile('page-charts.js')}</script>
</body>
</html>
`;
}

/**
 * Text lines of a lead and its items (a blank line first, as the terminal prints them) as a paragraph and a list;
 * nothing for none.
 * @param {string[]} lines
 */
function leadAndItems(lines) {
  const [lead, ...items] = lines.filter((l) => l);
  return lead ? `<p>${esc(lead)}</p><ul>${items.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
}
