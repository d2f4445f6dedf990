// The capacity report's text (lib/report/terminal-transmission.js): who sent the load, and the latency floors the
// search went past.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../lib/paths.js';
import { capacityLegend, capacityLines, capacityRows, floorLines, gcLines, headlineLines, pairModel, pairSection, precisionLines, searchesNote, sustainedLines } from '../../../lib/report/terminal-transmission.js';

/** @typedef {Awaited<ReturnType<typeof import('../../../lib/transmission/capacity.js').measureCapacity>>} Capacity */

/**
 * @param {string} transport
 * @param {string} loadGenerator
 * @param {number[]} floorRates
 */
const transportOf = (transport, loadGenerator, floorRates = []) => ({
  transport, serverWorkers: 1, serverProcesses: 1, placement: { pinned: true, server: '0', client: '1', available: '0-1', note: null }, serverCores: 1, clientCores: 1,
  clientWorkers: 1, halfRate: 8000, loadGenerator, calibration: null,
  rows: [{
    transport, format: 'protobufjs-static', targetP99Ms: 10, capacity: 16000, below: null, failedRate: 32000, bound: 'server', perCore: 16000, floorRates, serverCores: 1, clientCores: 1,
    probes: [
      { rate: 1000, ok: false, complete: true, msgsPerSec: 1000, p50: 3, p99: 13.855, serverCpuShare: 0.41, serverElu: 0.4, clientCpuShare: 0.08, clientElu: null, retry: true },
      { rate: 2000, ok: false, complete: true, msgsPerSec: 2000, p50: 3, p99: 11.951, serverCpuShare: 0.56, serverElu: 0.5, clientCpuShare: 0.06, clientElu: null },
      { rate: 16000, ok: true, complete: true, msgsPerSec: 16000, p50: 1.5, p99: 3.6, serverCpuShare: 0.83, serverElu: 0.8, clientCpuShare: 0.18, clientElu: null },
    ],
    atHalf: null,
  }],
});

test('capacityLines: says which load generator drove which transports, and why not h2load when the run says', () => {
  const mixed = /** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit'), transportOf('http2', 'h2load 1.52.0'), transportOf('grpc', 'h2load 1.52.0')]));
  const lines = capacityLines(mixed, { targetP99Ms: 10, direction: 'up' });
  assert.match(lines.join('\n'), /^Load generator: the toolkit's own clients \(ws\); h2load 1\.52\.0 \(http2, grpc\); h2load sends the corpus's first message every time/m);
  const toolkit = /** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit'), transportOf('http2', 'toolkit')]));
  assert.ok(capacityLines(toolkit, { targetP99Ms: 10, direction: 'up' }).includes('Load generator: the toolkit\'s own clients (ws, http2)'));
  assert.ok(capacityLines(toolkit, { targetP99Ms: 10, direction: 'down', loadGeneratorWhy: 'h2load sends uploads only, without --compress or --tls' })
    .includes('Load generator: the toolkit\'s own clients (ws, http2); not h2load: h2load sends uploads only, without --compress or --tls'));
});

test('floorLines: each row that went past a latency floor, with the floor\'s p99 and server share; nothing without one', () => {
  const capacity = /** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit'), transportOf('grpc', 'h2load 1.52.0', [1000, 2000])]));
  const lines = floorLines(capacity, 10);
  assert.equal(lines.length, 3);
  assert.match(lines[1], /^Slower when idle than when loaded/);
  assert.equal(lines[2], 'grpc protobufjs-static: p99 over 10 ms also at 1,000 msgs/s (13.86 ms, server 41% busy), 2,000 msgs/s (11.95 ms, server 56% busy)');
  assert.deepEqual(floorLines(/** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('ws', 'toolkit')])), 10), []);
});

test('gcLines: a row whose failing probes (core under 90%, client with room, no retry that held, no floor) paused for GC half the target or more and 1.5× those that held; nothing otherwise', () => {
  /** @param {number} rate @param {number} gc @param {object} [extra] */
  const failing = (rate, gc, extra = {}) => ({ rate, ok: false, complete: true, msgsPerSec: rate, p50: 5, p99: 15, serverCpuShare: 0.6, serverElu: 0.6, clientCpuShare: 0.1, clientElu: null,
    serverGcMaxMs: gc, search: 1, ...extra });
  /** @param {number} rate @param {number|null} gc */
  const holding = (rate, gc) => ({ rate, ok: true, complete: true, msgsPerSec: rate, p50: 3, p99: 8, serverCpuShare: 0.4, serverElu: 0.4, clientCpuShare: 0.1, clientElu: null, serverGcMaxMs: gc, search: 1 });
  /** @param {object[]} probes @param {object} [row] @param {object} [transport] */
  const runOf = (probes, row = {}, transport = {}) => {
    const t = { ...transportOf('connect-h2', 'h2load 1.52.0'), ...transport };
    return /** @type {Capacity} */ (/** @type {unknown} */ ([{ ...t, rows: [{ ...t.rows[0], format: 'protobuf-es', floorRates: [], probes, ...row }] }]));
  };
  const base = [failing(2000, 5.1), failing(2500, 9.9), failing(3000, 26.5), holding(1000, 0), holding(1500, 4.2), holding(1750, 5.8)];
  const lines = gcLines(runOf(base), 10);
  assert.equal(lines.length, 3);
  assert.match(lines[1], /^Where the server's garbage-collection pauses stood out in the probes that failed: at the rates a search ended failing \(every message answered, the server's core under 90% busy, the client not out of room, not a latency floor\), the server's longest GC pause had a median of at least half the 10 ms p99 target and 1\.5× the median of the probes that held\./);
  assert.equal(lines[2], 'connect-h2 protobuf-es: 5.1–26.5 ms (median 9.9) in the 3 probes that failed so; 0.0–5.8 ms (median 4.2) in the 3 that held');
  // exactly half the target is enough
  assert.equal(gcLines(runOf([failing(2000, 5), failing(2500, 5), holding(1000, 2)]), 10).length, 3);
  // short pauses: the collector did not stop the searches
  assert.deepEqual(gcLines(runOf([failing(2000, 4.0), failing(2500, 4.9), failing(3000, 4.2), holding(1000, 0.5)]), 10), []);
  // pauses as long where the rate held (connect protobuf-es on the AMD VM: 6.8–7.1 failing, median 6.3 holding)
  assert.deepEqual(gcLines(runOf([failing(2000, 6.8), failing(2500, 7.1), holding(1000, 0), holding(1200, 6.3), holding(1400, 7.3)]), 10), []);
  // nothing held with a GC figure: no contrast to judge
  assert.deepEqual(gcLines(runOf([failing(2000, 12), failing(2500, 20), holding(1000, null)]), 10), []);
  // the server's core was full when they failed: its CPU stopped them, whatever its pauses
  assert.deepEqual(gcLines(runOf([failing(2000, 9, { serverCpuShare: 0.95 }), failing(2500, 12, { serverCpuShare: 0.95 }), holding(1000, 1)]), 10), []);
  // the client ran out (CPU, or a GC pause of its own as long as the target)
  assert.deepEqual(gcLines(runOf([failing(2000, 9, { clientCpuShare: 0.95 }), failing(2500, 12, { clientGcMaxMs: 10 }), holding(1000, 1)]), 10), []);
  // a failure whose retry held stopped nothing; an incomplete one is not a latency; a floor the search went past is not
  // where it stopped: each leaves one failing probe of two
  assert.deepEqual(gcLines(runOf([failing(2000, 9), holding(2000, 1), failing(2500, 12), holding(1000, 1)]), 10), []);
  assert.deepEqual(gcLines(runOf([failing(2000, 9, { complete: false }), failing(2500, 12), holding(1000, 1)]), 10), []);
  assert.deepEqual(gcLines(runOf([failing(1500, 9), failing(2500, 12), holding(1000, 1)], { floorRates: [1500] }), 10), []);
  // the same failure in another search still counts: held means held in the same search
  assert.equal(gcLines(runOf([failing(2000, 9), failing(2000, 12, { search: 2 }), { ...holding(2000, 1), search: 3 }]), 10).length, 3);
  // one failing probe is not a pattern
  assert.deepEqual(gcLines(runOf([failing(2000, 30), holding(1000, 1)]), 10), []);
  // two server workers: 1.2 cores busy of 2 is under 90%, and the lead says cores
  const two = gcLines(runOf([failing(2000, 9, { serverCpuShare: 1.2 }), failing(2500, 12, { serverCpuShare: 1.2 }), holding(1000, 1)], { serverCores: 2 }, { serverWorkers: 2, serverCores: 2 }), 10);
  assert.match(two[1], /the server's cores under 90% busy/);
  assert.match(two[2], /^connect-h2 ×2 protobuf-es: 9\.0–12\.0 ms/);
  // and it reaches the report: report.md through capacityLines
  assert.ok(capacityLines(runOf(base), { targetP99Ms: 10, direction: 'up' }).includes(lines[2]));
});

test('headlineLines: REST/JSON (http1 json-buffer) against gRPC/protobuf (grpc protobufjs-static) per server core, the CPU share at one rate; never a client-bound figure as the server\'s', () => {
  /**
   * @param {string} transport
   * @param {string} format
   * @param {object} row
   */
  const one = (transport, format, row) => {
    const t = transportOf(transport, 'h2load 1.52.0');
    t.rows = [{ ...t.rows[0], format, ...row }];
    return t;
  };
  const atHalf = (/** @type {number} */ rate, /** @type {number} */ share) => ({ rate, complete: true, p50: 1, p99: 2, serverCpuUs: share * 1e6 / rate, serverCpuMinMax: null, serverCpuInterval: null, serverCpuMet: true, idleCpuUsPerSec: 900, serverCpuShare: share });
  const both = /** @type {Capacity} */ (/** @type {unknown} */ ([
    one('http1', 'json-buffer', { capacity: 21000, perCore: 21000, atHalf: { ...atHalf(1000, 0.081), serverCpuInterval: { low: 70, high: 90, level: 0.95 } } }),
    one('http1', 'protobufjs-static', { capacity: 25000, perCore: 25000, atHalf: atHalf(1000, 0.07) }),
    one('grpc', 'protobufjs-static', { capacity: 17500, perCore: 17500, atHalf: atHalf(1000, 0.123) }),
  ]));
  assert.deepEqual(headlineLines(both, 10), ['', 'Headline: one server core takes 21,000 REST/JSON messages/s (http1, json-buffer) or 17,500 gRPC/protobuf messages/s (grpc, protobufjs-static) '
    + 'at p99 under 10 ms (h2load\'s, from each actual send); at 1,000 msgs/s the server\'s CPU is 8.1% (7.0–9.0) vs 12.3% of its core.']);
  const clientBound = /** @type {Capacity} */ (/** @type {unknown} */ ([
    one('http1', 'json-buffer', { capacity: 14000, perCore: null, bound: 'client', atHalf: atHalf(7000, 0.4) }),
    one('grpc', 'protobufjs-static', { capacity: 17500, perCore: 17500, atHalf: { ...atHalf(8750, 0.6), serverCpuMet: false } }),
  ]));
  const [, line] = headlineLines(clientBound, 10);
  assert.match(line, /takes 14,000 \(client-bound, so not the server's limit\) REST\/JSON/);
  assert.match(line, /CPU is 40\.0% of its core at 7,000 msgs\/s vs 60\.0% ~ at 8,750 \(not one rate: --cpu-rate R gives both the same\)/);
  assert.deepEqual(headlineLines(/** @type {Capacity} */ (/** @type {unknown} */ ([one('http1', 'json-buffer', {})])), 10), [], 'no gRPC row, no headline');
  // the table's server CPU cell says when passes were left out of its median
  const model = capacityRows(/** @type {Capacity} */ (/** @type {unknown} */ ([one('http1', 'json-buffer', { atHalf: { ...atHalf(1000, 0.081), serverCpuUnmeasured: 2 } })])));
  const cpuCol = model.columns.findIndex((c) => c.title.startsWith('server µs/msg'));
  assert.equal(model.rows[0].cells[cpuCol], '81.0 (2 passes unmeasured)');
  assert.equal(capacityRows(both).rows[0].cells[cpuCol], '81.0', 'none left out: nothing said');
  // how busy the load generator was at the capacity: the median search's share of its cores, the searches' min–max
  const clientCol = model.columns.findIndex((c) => c.title === 'client CPU at capacity');
  assert.equal(model.rows[0].cells[clientCol], '—', 'results written before it: unknown');
  const client = capacityRows(/** @type {Capacity} */ (/** @type {unknown} */ ([one('http1', 'json-buffer', { clientShare: 0.412, clientShareMinMax: [0.38, 0.455] }),
    one('grpc', 'protobufjs-static', { clientShare: 0.6 })])));
  assert.deepEqual(client.rows.map((r) => r.cells[clientCol]), ['41% (38–46%)', '60%']);
  assert.match(capacityLegend({ cpuRate: 1000, searches: 1 }), /client CPU at capacity: the load generator's CPU time per second in the last probe that held at the capacity, as a share of the cores it was pinned to \(of one core when not pinned/);
  // the kernel's user/system split of the gross figure, where the run kept it (2026-11-29 on)
  const split = capacityRows(/** @type {Capacity} */ (/** @type {unknown} */ ([one('http1', 'json-buffer', { atHalf: { ...atHalf(1000, 0.081), serverUserUs: 61.2, serverSystemUs: 27.4 } })])));
  assert.equal(split.rows[0].cells[cpuCol], '81.0; user 61.2 + system 27.4');
  assert.match(capacityLegend({ cpuRate: 1000, searches: 1 }), /user \+ system, where given: the median over those passes of the server's CPU per message before the idle rate is subtracted/);
  // the load generator's CPU per message at the same rate, with its split where the client gave one
  const clientUsCol = split.columns.findIndex((c) => c.title.startsWith('client µs/msg'));
  assert.equal(split.rows[0].cells[clientUsCol], '—', 'results written before it: none');
  const clientUs = capacityRows(/** @type {Capacity} */ (/** @type {unknown} */ ([one('http1', 'json-buffer', { atHalf: { ...atHalf(1000, 0.081), clientCpuUs: 42.5, clientUserUs: 30.1, clientSystemUs: 12.4 } }),
    one('grpc', 'protobufjs-static', { atHalf: { ...atHalf(1000, 0.1), clientCpuUs: 55.5, clientUserUs: null, clientSystemUs: null } })])));
  assert.deepEqual(clientUs.rows.map((r) => r.cells[clientUsCol]), ['42.5; user 30.1 + system 12.4', '55.5']);
  assert.match(capacityLegend({ cpuRate: 1000, searches: 1 }), /client µs\/msg: the load generator's CPU per message answered at the same rate \(the median over the passes that measured it/);
  // with the fastest passes (results from 2026-11-29 on): they lead the cell and the headline's shares, the medians beside them
  const lowest = (/** @type {number} */ us, met = true) => ({ serverCpuUs: us, of: 3, range: [us, us * 1.04], halfWidth: 0.02, met });
  const fastest = /** @type {Capacity} */ (/** @type {unknown} */ ([
    one('http1', 'json-buffer', { capacity: 21000, perCore: 21000, atHalf: { ...atHalf(1000, 0.081), serverCpuInterval: { low: 70, high: 90, level: 0.95 }, serverCpuLowest: lowest(66.5) } }),
    one('grpc', 'protobufjs-static', { capacity: 17500, perCore: 17500, atHalf: { ...atHalf(1000, 0.123), serverCpuLowest: lowest(104.2, false) } }),
  ]));
  assert.equal(capacityRows(fastest).rows[0].cells[cpuCol], 'fastest 66.5; median 81.0');
  assert.equal(capacityRows(fastest).rows[1].cells[cpuCol], 'fastest 104.2 ~; median 123.0', 'three fastest too far apart: ~');
  assert.match(headlineLines(fastest, 10)[1], /at 1,000 msgs\/s the server's CPU is 6\.7% vs 10\.4% ~ of its core at their fastest passes \(medians 8\.1% \(7\.0–9\.0\) vs 12\.3%\)\.$/);
  // one side without them (an older results.json beside a newer): both sides' medians, as before
  const mixed = /** @type {Capacity} */ (/** @type {unknown} */ ([fastest[0], both[2]]));
  assert.match(headlineLines(mixed, 10)[1], /CPU is 8\.1% \(7\.0–9\.0\) vs 12\.3% of its core\.$/);
  // over several searches: the median with their min–max, beside what bound it
  const searched = (/** @type {object} */ row, /** @type {number[]} */ caps) => ({ ...row, searches: caps.map((capacity) => ({ capacity })), capacityMinMax: [Math.min(...caps), Math.max(...caps)] });
  const several = /** @type {Capacity} */ (/** @type {unknown} */ ([
    one('http1', 'json-buffer', searched({ capacity: 20160, perCore: 20160, atHalf: atHalf(1000, 0.099) }, [15750, 20160, 40494])),
    one('grpc', 'protobufjs-static', searched({ capacity: 2481, perCore: null, bound: 'neither', atHalf: atHalf(1000, 0.174) }, [5375, 2481, 1564])),
  ]));
  // rows without a stored precision (an older results.json) are judged from their searches: both spread far
  assert.match(headlineLines(several, 10)[1], /takes 20,160 \(15,750–40,494 over 3 searches; ~ unstable: its searches spread ±101%\) REST\/JSON .* or 2,481 \(neither-bound, so not the server's limit; 1,564–5,375 over 3 searches; ~ unstable: its searches spread ±117%\) gRPC/);
  // a capacity whose searches missed the precision target says so where it is stated
  const unstable = /** @type {Capacity} */ (/** @type {unknown} */ ([
    one('http1', 'json-buffer', searched({ capacity: 20160, perCore: 20160, precision: { target: 0.1, halfWidth: 1.009, met: false }, atHalf: atHalf(1000, 0.099) }, [15750, 20160, 40494])),
    one('grpc', 'protobufjs-static', searched({ capacity: 20000, perCore: 20000, precision: { target: 0.1, halfWidth: 0.05, met: true }, atHalf: atHalf(1000, 0.174) }, [19000, 20000, 21000])),
  ]));
  // just over the target reads as over it (rounded up), never as "±10%"
  const justOver = /** @type {Capacity} */ (/** @type {unknown} */ ([
    one('http1', 'json-buffer', searched({ capacity: 10000, perCore: 10000, precision: { target: 0.1, halfWidth: 0.104, met: false }, atHalf: atHalf(1000, 0.099) }, [8960, 10000, 10400])),
    one('grpc', 'protobufjs-static', searched({ capacity: 20000, perCore: 20000, precision: null, atHalf: atHalf(1000, 0.174) }, [20000])),
  ]));
  assert.match(headlineLines(justOver, 10)[1], /~ unstable: its searches spread ±11%\)/);
  assert.match(headlineLines(unstable, 10)[1], /takes 20,160 \(15,750–40,494 over 3 searches; ~ unstable: its searches spread ±101%\) REST\/JSON .* or 20,000 \(19,000–21,000 over 3 searches\) gRPC/);
});

test('capacity precision: ~ beside a capacity whose searches spread wider than ±10%, one line counting them, nothing for single searches', () => {
  const withRow = (/** @type {string} */ transport, /** @type {object} */ row) => {
    const t = transportOf(transport, 'h2load 1.52.0');
    t.rows = [{ ...t.rows[0], ...row }];
    return t;
  };
  const run = /** @type {Capacity} */ (/** @type {unknown} */ ([
    withRow('http1', { capacity: 25011, perCore: 25011, searches: [{ capacity: 33000 }, { capacity: 17325 }, { capacity: 25011 }], capacityMinMax: [17325, 33000], precision: { target: 0.1, halfWidth: 0.319, met: false } }),
    withRow('grpc', { capacity: 22050, perCore: 22050, searches: [{ capacity: 21000 }, { capacity: 22050 }, { capacity: 23423 }], capacityMinMax: [21000, 23423], precision: { target: 0.1, halfWidth: 0.062, met: true } }),
  ]));
  const cells = capacityRows(run).rows.map((r) => r.cells);
  assert.deepEqual(cells.map((c) => [c[2], c[3]]), [['25,011 (17,325–33,000 over 3 searches) ~', '25,011 ~'], ['22,050 (21,000–23,423 over 3 searches)', '22,050']]);
  assert.match(precisionLines(run)[0], /^Capacity precision: 2 capacities over 3 searches each, 1 with every search within ±10% of the kept \(median\) one, 1 ~ unstable: /);
  assert.ok(capacityLines(run, { targetP99Ms: 10, direction: 'up' }).includes(precisionLines(run)[0]));
  assert.deepEqual(precisionLines(/** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('http1', 'h2load 1.52.0')]))), [], 'one search (no precision): no line');
  // a results.json written before rows carried their precision: judged from its searches, the same marks
  const old = /** @type {Capacity} */ (/** @type {unknown} */ (run.map((t) => ({ ...t, rows: t.rows.map(({ precision: _precision, ...r }) => r) }))));
  assert.deepEqual(capacityRows(old).rows.map((r) => r.cells[2]), cells.map((c) => c[2]));
  assert.deepEqual(precisionLines(old), precisionLines(run));
  assert.ok(!precisionLines(run)[0].includes('pairs below'), 'no pair in the run: none pointed to');
  const withPair = /** @type {Capacity} */ (/** @type {unknown} */ (run.map((t) => ({ ...t, pair: { json: 'a', protobuf: 'b', ratio: 1, searchRatios: [1, 1, 1], ratioMinMax: [1, 1], verdict: 'no clear difference', bounds: [] } }))));
  assert.ok(precisionLines(withPair)[0].endsWith('(the protobuf ÷ JSON pairs below are judged search by search instead).'));
});

test('pairSection: protobuf over JSON per transport, search by search, a side named only when every search is on it, and what bound the two', () => {
  const t = (/** @type {string} */ transport, /** @type {object|null} */ pair) => ({ ...transportOf(transport, 'h2load 1.52.0'), pair });
  const server6 = ['server', 'server', 'server', 'server', 'server', 'server'];
  const run = /** @type {Capacity} */ (/** @type {unknown} */ ([
    t('http1', { json: 'json-buffer', protobuf: 'protobufjs-static', ratio: 1.418, searchRatios: [1.242, 1.418, 1.81], ratioMinMax: [1.242, 1.81], verdict: 'higher', bounds: server6 }),
    t('ws', { json: 'json-buffer', protobuf: 'protobufjs-static', ratio: 1.06, searchRatios: [1.2, 0.9, 1.06], ratioMinMax: [0.9, 1.2], verdict: 'no clear difference', bounds: ['client', 'server', 'server', 'neither', 'server', 'server'] }),
    t('http2', { json: 'json-buffer', protobuf: 'protobufjs-static', ratio: 1.5, searchRatios: [1.5, 1.4], ratioMinMax: [1.4, 1.5], verdict: 'too few searches', bounds: ['client', 'client', 'client', 'client'] }),
    t('grpc', null),
  ]));
  const lines = pairSection(run);
  assert.equal(lines.length, 5, 'a blank line, the lead and one per transport with a pair (grpc has none)');
  assert.match(lines[1], /^Protobuf over JSON, search by search .* every one of at least 3 searches put the ratio more than 10% on it\):$/);
  assert.equal(lines[2], '- http1: 1.42× (per search 1.24×, 1.42×, 1.81×): protobufjs-static held a higher capacity than json-buffer in every one of 3 searches');
  assert.equal(lines[3], '- ws: 1.06× (per search 1.20×, 0.90×, 1.06×): no clear difference between protobufjs-static and json-buffer'
    + '; some searches were bound by client or neither, not the server, so not only the servers\' limits');
  assert.equal(lines[4], '- http2: 1.50× (per search 1.50×, 1.40×): protobufjs-static against json-buffer in 2 searches: too few for a verdict (3 needed)'
    + '; no search was bound by the server (client), so these are not the servers\' limits');
  assert.deepEqual(pairModel(run)?.items, lines.slice(2).map((l) => l.slice(2)), 'the model the HTML report lists');
  assert.deepEqual(pairSection(/** @type {Capacity} */ (/** @type {unknown} */ ([t('grpc', null)]))), []);
  assert.equal(pairModel(/** @type {Capacity} */ (/** @type {unknown} */ ([t('grpc', null)]))), null);
});

test('README quotes the capacity headline of docs/results/capacity.json as headlineLines writes it', () => {
  const results = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/results/capacity.json'), 'utf8'));
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const quoted = readme.split('\n').filter((l) => l.startsWith('> ')).map((l) => l.slice(2));
  const start = quoted.findIndex((l) => l.startsWith('Headline: one server core takes'));
  assert.ok(start >= 0, 'README has the headline');
  const end = quoted.findIndex((l, i) => i >= start && l.endsWith('of its core.'));
  assert.equal(quoted.slice(start, end + 1).join(' '), headlineLines(results.transports, results.settings.targetP99Ms)[1]);
});

test('searchesNote: the searches\' min–max beside a median, or which found none and what the others found; nothing for one search', () => {
  const found = (/** @type {(number|null)[]} */ caps) => ({ searches: caps.map((capacity) => ({ capacity })), capacityMinMax: caps.every((c) => c !== null) ? /** @type {[number, number]} */ ([Math.min(.../** @type {number[]} */ (caps)), Math.max(.../** @type {number[]} */ (caps))]) : null });
  assert.equal(searchesNote(found([29000, 31500, 28584])), '28,584–31,500 over 3 searches');
  assert.equal(searchesNote(found([24000, 24000, 24000])), 'the same in all 3 searches');
  assert.equal(searchesNote(found([null, 3780, null])), '2 of 3 searches found none; the other 3,780');
  assert.equal(searchesNote(found([null, 1163, 2000])), '1 of 3 searches found none; the others 1,163, 2,000');
  assert.equal(searchesNote(found([null, null])), '2 of 2 searches found none');
  assert.equal(searchesNote(found([12000])), null);
  assert.equal(searchesNote({}), null, 'a row written before searches');
  // the searches the machine probe found on a slowed core (capacity.js markSlowedSearches), counted after what they found
  const marked = found([88000, 161280, 61932]);
  marked.searches = marked.searches.map((x, i) => ({ ...x, slowed: i !== 1 }));
  assert.equal(searchesNote(marked), '61,932–161,280 over 3 searches, 2 on a slowed core');
  assert.equal(searchesNote({ searches: [{ capacity: null, slowed: true }, { capacity: 3780, slowed: false }] }), '1 of 2 searches found none; the other 3,780, 1 on a slowed core');
  assert.equal(searchesNote({ searches: [{ capacity: 100, slowed: false }, { capacity: 200, slowed: false }], capacityMinMax: [100, 200] }), '100–200 over 2 searches');
  // the legend says what the count means where it can appear: beside several searches
  assert.match(capacityLegend({ cpuRate: null, searches: 3 }, 'upper-quartile'), /N on a slowed core: searches whose server read the machine probe .* below 80% of the run's reference reading, its upper quartile \(its third-fastest among 12 or fewer\)/);
  // results from before the rule was stored: the rule they followed
  assert.match(capacityLegend({ cpuRate: null, searches: 3 }), /below 80% of the run's reference reading, its third-fastest \(the rule of results written before 2026-11-30\)/);
  assert.doesNotMatch(capacityLegend({ cpuRate: null, searches: 1 }), /slowed/);
});

test('report.html\'s capacity section: the precision line and the protobuf ÷ JSON pairs as a list, as the text report has them', async () => {
  const { renderHtml } = await import('../../../lib/report/html.js');
  const { makeResults } = await import('../../helpers/results-fixture.js');
  const results = makeResults();
  const t = transportOf('http1', 'h2load 1.52.0');
  const row = t.rows[0];
  const searched = (/** @type {string} */ format, /** @type {number[]} */ caps, /** @type {object} */ extra) => ({ ...row, format, capacity: caps[1], perCore: caps[1],
    searches: caps.map((capacity) => ({ capacity, bound: 'server' })), capacityMinMax: [Math.min(...caps), Math.max(...caps)], ...extra });
  t.rows = [
    searched('json-buffer', [20000, 30000, 40000], { precision: { target: 0.1, halfWidth: 0.334, met: false }, probes: [...[12, 20].map((g, i) => ({ rate: 32000 + i, ok: false, complete: true,
      msgsPerSec: 32000, p50: 4, p99: 22, serverCpuShare: 0.7, serverElu: 0.7, clientCpuShare: 0.2, clientElu: null, serverGcMaxMs: g, search: 1 })),
    { rate: 16000, ok: true, complete: true, msgsPerSec: 16000, p50: 1, p99: 3, serverCpuShare: 0.5, serverElu: 0.5, clientCpuShare: 0.1, clientElu: null, serverGcMaxMs: 3, search: 1 }] }),
    searched('protobufjs-static', [30000, 33000, 46000], { precision: { target: 0.1, halfWidth: 0.394, met: false } }),
  ];
  const transports = /** @type {Capacity} */ (/** @type {unknown} */ ([{ ...t, pair: { json: 'json-buffer', protobuf: 'protobufjs-static', ratio: 1.15, searchRatios: [1.5, 1.1, 1.15],
    ratioMinMax: [1.1, 1.5], verdict: 'no clear difference', bounds: ['server', 'server', 'server', 'server', 'server', 'server'] } }]));
  Object.assign(results, { capacity: { payload: 'p1', transports } });
  Object.assign(results.settings, { capacity: { payload: 'p1', transports: ['http1'], loadGenerator: 'h2load 1.52.0', connections: 4, window: 8, fromRate: 500,
    probeSeconds: 0.2, steps: 5, searches: 3, cpuRate: 1000, rounds: 3, rateSeconds: 0.25, targetP99Ms: 10, direction: 'up' } });
  const html = renderHtml(results);
  const section = html.slice(html.indexOf('<section id="capacity">'), html.indexOf('</section>', html.indexOf('<section id="capacity">')));
  assert.ok(section.includes('<p>Capacity precision: 2 capacities over 3 searches each, 0 with every search within ±10% of the kept (median) one, 2 ~ unstable'), section);
  assert.match(section, /<p>Protobuf over JSON, search by search .*<\/p><ul><li>http1: 1\.15× \(per search 1\.50×, 1\.10×, 1\.15×\): no clear difference between protobufjs-static and json-buffer<\/li><\/ul>/);
  assert.match(section, /30,000 \(20,000–40,000 over 3 searches\) ~/);
  // the rows its server's collector stopped, as a list
  assert.match(section, /<p>Where the server&#39;s garbage-collection pauses stood out .*<\/p><ul><li>http1 json-buffer: 12\.0–20\.0 ms \(median 16\.0\) in the 2 probes that failed so; 3\.0–3\.0 ms \(median 3\.0\) in the 1 that held<\/li><\/ul>/);
});

test('report.html\'s capacity section has what the text report has: the legend, the latency floors and the scaling with several server workers', async () => {
  const { renderHtml } = await import('../../../lib/report/html.js');
  const { makeResults } = await import('../../helpers/results-fixture.js');
  const results = makeResults();
  const one = transportOf('grpc', 'h2load 1.52.0', [1000, 2000]);
  const two = { ...transportOf('grpc', 'h2load 1.52.0'), serverWorkers: 2, serverCores: 2 };
  two.rows = [{ ...two.rows[0], capacity: 30000, perCore: 15000, serverCores: 2 }];
  const transports = /** @type {Capacity} */ (/** @type {unknown} */ ([one, two]));
  Object.assign(results, { capacity: { payload: 'p1', transports } });
  const settings = { payload: 'p1', transports: ['grpc'], loadGenerator: 'h2load 1.52.0', connections: 4, window: 8, fromRate: 500,
    probeSeconds: 0.2, steps: 5, searches: 1, cpuRate: null, rounds: 3, rateSeconds: 0.25, targetP99Ms: 10, direction: /** @type {'up'} */ ('up') };
  Object.assign(results.settings, { capacity: settings });
  const html = renderHtml(results);
  const section = html.slice(html.indexOf('<section id="capacity">'), html.indexOf('</section>', html.indexOf('<section id="capacity">')));
  const text = capacityLines(transports, settings);
  const legend = text.find((l) => l.startsWith('capacity N+:')) ?? '';
  assert.ok(legend && section.includes(`<p>${legend.replace(/'/g, '&#39;')}</p>`), section);
  assert.match(section, /<p>Slower when idle than when loaded: .*<\/p><ul><li>grpc protobufjs-static: p99 over 10 ms also at 1,000 msgs\/s \(13\.86 ms, server 41% busy\), 2,000 msgs\/s \(11\.95 ms, server 56% busy\)<\/li><\/ul>/);
  assert.ok(text.includes('grpc protobufjs-static: 30,000 msgs/s with 2 server workers against 16,000 with one (1.88×; bound by server and server)'), text.join('\n'));
  assert.match(section, /<p>Scaling:<\/p><ul><li>grpc protobufjs-static: 30,000 msgs\/s with 2 server workers against 16,000 with one \(1\.88×; bound by server and server\)<\/li><\/ul>/);
});

test('sustained: a column saying whether each capacity held for the sustained pass, or which share did; a line naming those that did not; the headline says it', () => {
  const failed = (/** @type {number} */ rate) => ({ rate, ok: false, complete: true, onSchedule: true, msgsPerSec: rate, p50: 2, p99: 31.5, serverCpuShare: 0.97, serverElu: 0.95, clientCpuShare: 0.3, clientElu: null, serverGcMaxMs: 24.2, bound: 'server' });
  const heldAt = (/** @type {number} */ rate) => ({ ...failed(rate), ok: true, p99: 4.1, serverGcMaxMs: 3, bound: null });
  const withRow = (/** @type {string} */ transport, /** @type {string} */ format, /** @type {object} */ row) => {
    const t = transportOf(transport, 'h2load 1.52.0');
    t.rows = [{ ...t.rows[0], format, ...row }];
    return t;
  };
  const run = /** @type {Capacity} */ (/** @type {unknown} */ ([
    withRow('http1', 'json-buffer', { capacity: 20000, perCore: 20000, sustained: { seconds: 2, rate: 20000, share: 1, tries: [heldAt(20000)] } }),
    withRow('grpc', 'protobufjs-static', { capacity: 10000, perCore: 10000, sustained: { seconds: 2, rate: 8000, share: 0.8, tries: [failed(10000), failed(9000), heldAt(8000)] } }),
    withRow('http2', 'json-buffer', { capacity: 30000, perCore: 30000, sustained: { seconds: 2, rate: null, share: null, tries: [failed(30000), failed(27000), failed(24000), failed(21000)] } }),
    withRow('ws', 'json-buffer', { capacity: 50000, perCore: 50000, sustained: null }),
  ]));
  const model = capacityRows(run);
  const column = model.columns.findIndex((c) => c.title === 'sustained');
  assert.ok(column > 0, 'a sustained column');
  assert.deepEqual(model.rows.map((r) => r.cells[column]), ['held 2 s', '8,000 (0.8×)', 'below 0.7×', '—']);
  const [line] = sustainedLines(run);
  assert.match(line, /^sustained: each capacity offered for 2 s in one pass .* 0\.9, 0\.8, 0\.7 of it in turn until one held\. 1 of 3 held at their capacity\. /);
  assert.match(line, /Not at their capacity: grpc protobufjs-static \(10,000: p99 31\.50 ms, server-bound, a server GC pause of 24\.20 ms; 9,000: .*\), http2 json-buffer \(30,000: .*21,000: p99 31\.50 ms.*\)\.$/);
  assert.ok(capacityLines(run, { targetP99Ms: 10, direction: 'up' }).includes(line));
  assert.deepEqual(sustainedLines(/** @type {Capacity} */ (/** @type {unknown} */ ([transportOf('http1', 'h2load 1.52.0')]))), [], 'no sustained pass: no line');
  // the headline's figure is what held: the capacity itself, a lower share of it, or fewer than the lowest share tried
  const headline = headlineLines(/** @type {Capacity} */ (/** @type {unknown} */ ([run[0], run[1]])), 10)[1];
  assert.match(headline, /takes 20,000 \(held for 2 s\) REST\/JSON .* or 8,000 \(the highest rate held for 2 s: 0\.8× of the 10,000 its searches reached\) gRPC/);
  const none = /** @type {Capacity} */ (/** @type {unknown} */ ([run[0], withRow('grpc', 'protobufjs-static', { ...run[2].rows[0], format: 'protobufjs-static' })]));
  assert.match(headlineLines(none, 10)[1], /or fewer than 21,000 \(none of 1, 0\.9, 0\.8, 0\.7 of the 30,000 its searches reached held for 2 s\) gRPC/);
  // with two server workers the held rate is divided per core as the capacity was
  const twoCores = /** @type {Capacity} */ (/** @type {unknown} */ ([run[0], withRow('grpc', 'protobufjs-static', { ...run[1].rows[0], perCore: 5000 })]));
  assert.match(headlineLines(twoCores, 10)[1], /or 4,000 \(the highest rate held for 2 s: 0\.8× of the 10,000 its searches reached\) gRPC/);
  // a capacity the server did not bound is still never given as the server's: its figure is what held, its note says why
  const clientBound = /** @type {Capacity} */ (/** @type {unknown} */ ([run[0], withRow('grpc', 'protobufjs-static', { ...run[1].rows[0], perCore: null, bound: 'client' })]));
  assert.match(headlineLines(clientBound, 10)[1], /or 8,000 \(client-bound, so not the server's limit; the highest rate held/);
  // a results file whose sustained pass lists no tries: what did not hold is the capacity itself
  const noTries = /** @type {Capacity} */ (/** @type {unknown} */ ([run[0], withRow('grpc', 'protobufjs-static', { capacity: 30000, perCore: 30000, sustained: { seconds: 2, rate: null, share: null, tries: [] } })]));
  assert.match(headlineLines(noTries, 10)[1], /or fewer than 30,000 \(the 30,000 its searches reached did not hold for 2 s\) gRPC/);
});

test('report.md and report.html say why the capacity pass did not use h2load when the run\'s settings say (npm start without h2load on the PATH)', async () => {
  const { renderHtml } = await import('../../../lib/report/html.js');
  const { renderMarkdown } = await import('../../../lib/report/markdown.js');
  const { makeResults } = await import('../../helpers/results-fixture.js');
  const results = makeResults();
  Object.assign(results, { capacity: { payload: 'p1', transports: [transportOf('http1', 'toolkit')] } });
  const why = 'h2load is not on the PATH (apt-get install nghttp2-client)';
  Object.assign(results.settings, { capacity: { payload: 'p1', transports: ['http1'], loadGenerator: 'toolkit', loadGeneratorWhy: why, connections: 4, window: 8, fromRate: 1000,
    probeSeconds: 0.2, steps: 4, searches: 1, cpuRate: 1000, rounds: 3, rateSeconds: 0.25, targetP99Ms: 10, direction: 'up' } });
  const line = `Load generator: the toolkit's own clients (http1); not h2load: ${why}`;
  assert.ok(renderMarkdown(results).split('\n').includes(line), 'report.md');
  assert.ok(renderHtml(results).includes(`<p>${line.replace(/'/g, '&#39;')}</p>`), 'report.html');
});

test('the load generator line counts every search\'s warm-up and names a search whose server answered fewer than it was sent (older results: the transport\'s last one)', async () => {
  const { loadGeneratorLine } = await import('../../../lib/report/terminal-transmission.js');
  const t = transportOf('http1', 'h2load 1.52.0');
  const w = (/** @type {number} */ answered) => ({ requests: 5000, answered, seconds: 0.4 });
  t.rows = /** @type {any} */ ([{ ...t.rows[0], format: 'json-buffer', searches: [{ capacity: 16000, warmup: w(4990) }, { capacity: 17000, warmup: w(5000) }] }]);
  const line = loadGeneratorLine(/** @type {Capacity} */ (/** @type {unknown} */ ([{ ...t, warmup: [{ format: 'json-buffer', ...w(5000) }] }])));
  assert.match(line, /each fresh server first took 5,000 requests of each format from h2load, .* \(answered fewer: json-buffer \(search 1\) 4,990\)$/);
  // results written before searches kept their warm-up: the transport's own
  t.rows = /** @type {any} */ ([{ ...t.rows[0], searches: [{ capacity: 16000 }] }]);
  assert.match(loadGeneratorLine(/** @type {Capacity} */ (/** @type {unknown} */ ([{ ...t, warmup: [{ format: 'json-buffer', ...w(4000) }] }]))), /\(answered fewer: json-buffer 4,000\)$/);
});

test('warmupSettled and warmupDone: at least two chunks, then until a chunk is less than 10% below the one before, at most eight, none begun after 10 s', async () => {
  const { warmupDone, warmupSettled, CAPACITY_WARMUP_CHUNKS } = await import('../../../lib/transmission/capacity-settings.js');
  assert.deepEqual(CAPACITY_WARMUP_CHUNKS, { min: 2, max: 8, settle: 0.1, maxSeconds: 10 });
  // connect-h2's chunks on 2026-11-29: 502, 290 (falling), 254 (12% lower: falling), 272 (stopped)
  const chunks = [502, 290, 254, 272];
  assert.deepEqual(chunks.map((_, i) => warmupSettled(chunks.slice(0, i + 1))), [false, false, false, true]);
  assert.deepEqual(chunks.map((_, i) => warmupDone(chunks.slice(0, i + 1), i + 1)), [false, false, false, true]);
  assert.equal(warmupSettled([100, 95]), true, 'two chunks, 5% apart');
  assert.equal(warmupSettled([100]), false, 'one chunk is never enough');
  assert.equal(warmupDone([100], 60), false, 'nor is one chunk however long it took');
  const falling = [100, 50, 25, 12, 6, 3, 2, 1];
  assert.equal(warmupDone(falling, 8), true, 'eight chunks: stop');
  assert.equal(warmupSettled(falling), false, 'but not settled');
  assert.equal(warmupDone(falling.slice(0, 7), 7), false);
  assert.equal(warmupDone(falling.slice(0, 3), 10), true, 'ten seconds of chunks: stop');
  assert.equal(warmupDone(falling.slice(0, 3), 9.9), false);
  assert.equal(warmupSettled([null, null]), true, 'a server that cannot report: nothing to watch');
});

test('the load generator line: a warm-up in chunks says how many requests it took, and names one still falling after its last chunk', async () => {
  const { loadGeneratorLine } = await import('../../../lib/report/terminal-transmission.js');
  const t = transportOf('connect-h2', 'h2load 1.52.0');
  const w = (/** @type {number[]} */ chunkCpuUs, settled = true) => ({ requests: 5000 * chunkCpuUs.length, answered: 5000 * chunkCpuUs.length, seconds: 2, chunkCpuUs, settled });
  t.rows = /** @type {any} */ ([{ ...t.rows[0], format: 'protobuf-es', searches: [{ capacity: 1000, warmup: w([502, 290, 254, 272]) }, { capacity: 1100, warmup: w([480, 300, 290]) }] }]);
  const line = loadGeneratorLine(/** @type {Capacity} */ (/** @type {unknown} */ ([t])));
  assert.match(line, /; each fresh server first took each format's requests from h2load in chunks of 5,000, as fast as it answered them, unmeasured, until its CPU per request stopped falling \(a chunk less than 10% below the one before; 2 to 8 chunks, none begun after 10 s\): 15,000–20,000 requests here$/);
  const falling = [500, 400, 320, 260, 210, 170, 140, 110];
  t.rows = /** @type {any} */ ([{ ...t.rows[0], format: 'protobuf-es', searches: [{ capacity: 1000, warmup: w(falling, false) }] }]);
  assert.match(loadGeneratorLine(/** @type {Capacity} */ (/** @type {unknown} */ ([t]))), /: 40,000 requests here; still falling when its chunks or their time ran out: protobuf-es \(500, 400, 320, 260, 210, 170, 140, 110 µs a request\)$/);
});
