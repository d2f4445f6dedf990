import { UserError } from '../errors.js';
import { alternate } from '../measure/statistics.js';
import { breakEvenReports } from './model.js';
import { namedPairs, namedVerdicts } from './pairs.js';
import { summariseTransmissionRounds, pairVerdict } from './rounds.js';
import { measureTransmission } from './run.js';
import { loadTransport } from './transports/index.js';

/** @typedef {Awaited<ReturnType<typeof measureTransmission>>} TransmissionRun */
/** @typedef {import('./rounds.js').TransmissionRow} TransmissionRow */
/** @typedef {NonNullable<Parameters<typeof measureTransmission>[0]['server']>} KeptServer */


/**
 * Several transports compared on one payload and link: per round, each transport runs one pass of each of its
 * formats (against its own server process, started and warmed up in its first round, kept for the others), so
 * rounds interleave transports as well as formats and load on the machine falls on all of them; even rounds run both in reverse order. Rows are labelled "TRANSPORT FORMAT".
 * The verdicts, each from the same rounds: `named`, the pairs that matter as the transports declare them
 * (pairs.js: REST JSON over HTTP/1.1 vs gRPC protobuf, Connect JSON vs Connect binary, each transport's JSON vs
 * protobuf), then `verdicts`, every pair within a transport (its formats against each other) and every pair
 * of transports on the same format.
 * @param {Omit<Parameters<typeof measureTransmission>[0], 'codecs'> & {
 *   transports: string[],
 *   codecs: import('../codecs/index.js').CodecInfo[] | Record<string, import('../codecs/index.js').CodecInfo[]>,
 *   skipped?: Array<{ transport: string, format: string, reason: string }>, servers?: Map<string, KeptServer>,
 * }} options the options of measureTransmission (rounds: the matrix's rounds), with the transports to compare;
 *   codecs: one list for every transport, or a list per transport name (assignFormats in pairs.js); skipped:
 *   the cells assignFormats left out, carried into the result; servers: the transports' running servers by name,
 *   used and added to but not stopped (the caller stops them), so that several links can share them
 * @returns {Promise<{ payload: TransmissionRun['payload'], settings: Omit<TransmissionRun['settings'], 'transport'> & { transport: null, transports: string[] },
 *   runs: TransmissionRun[], results: TransmissionRow[], verdicts: Array<ReturnType<typeof pairVerdict> & { kind: 'format'|'transport' }>,
 *   named: import('./pairs.js').NamedVerdict[], skipped: Array<{ transport: string, format: string, reason: string }> }>}
 */
export async function measureTransportMatrix({ transports, codecs, skipped = [], rounds = 1, onProgress, warmup, servers: given, ...options }) {
  const codecsOf = (/** @type {string} */ transport) => (Array.isArray(codecs) ? codecs : codecs[transport] ?? []);
  const running = transports.filter((t) => codecsOf(t).length);
  if (!running.length) throw new UserError(`--formats: no transport of ${transports.join(', ')} carries any of them`);
  /** @type {Array<{ transport: string, round: number, run: TransmissionRun }>} */
  const perRound = [];
  // each transport's server.js starts in its first round and serves every round: its start costs more than a
  // short pass, and a server kept warm needs no second warm-up (its CPU accounting is marked per pass)
  // a caller that compares over several links passes its own map and stops the servers itself (npm start: the
  // loopback comparison's servers serve the slow link's too, already warm, instead of six more starting)
  /** @type {Map<string, KeptServer>} */
  const servers = given ?? new Map();
  try {
    for (let round = 1; round <= rounds; round++) {
      // odd rounds in order, even rounds reversed (ABBA), transports and each one's formats alike: whatever runs first
      // in a round (a server's JIT still tiering up after its warm-up, the client's) does not always fall on the same one
      for (const transport of alternate(running, round)) {
        const run = await measureTransmission({
          ...options, codecs: alternate(codecsOf(transport), round), transport, rounds: 1, warmup: round === 1 ? warmup : 0,
          server: servers.get(transport), keepServer: rounds > 1 || given !== undefined,
          onProgress: onProgress && ((p) => onProgress({ ...p, transport, round })),
        });
        // keepServer: the run hands its server back as a non-enumerable property (see measureTransmission)
        const kept = /** @type {TransmissionRun & { server?: KeptServer }} */ (run).server;
        if (kept) servers.set(transport, kept);
        perRound.push({ transport, round, run });
      }
    }
  } finally {
    if (!given) await stopServers(servers);
  }
  /** @type {TransmissionRow[]} */
  const results = [];
  for (const transport of running) {
    const runs = perRound.filter((r) => r.transport === transport).map((r) => r.run);
    for (const first of runs[0].results) {
      const label = `${transport} ${first.format}`;
      if (first.latencyMs == null) {
        results.push({ ...first, format: label, codec: first.format });
        continue;
      }
      const row = summariseTransmissionRounds(runs.map((run) => {
        const pass = run.results.find((r) => r.format === first.format);
        // every round runs the same formats
        if (!pass) throw new Error(`${transport} ${first.format}: no row in one of the rounds`);
        return asPass(pass);
      }));
      results.push({ ...row, format: label, codec: first.format, transport });
    }
  }
  const verdicts = matrixVerdicts(results);
  const named = namedVerdicts(namedPairs(await Promise.all(running.map((n) => loadTransport(n)))), results);
  const { settings, payload } = perRound[0].run;
  return { payload, settings: { ...settings, transport: null, transports, rounds }, runs: perRound.map((r) => r.run), results, named, verdicts, skipped };
}

/**
 * Stops every server of a map measureTransportMatrix kept (its own, or a caller's shared over several links), all of
 * them even when one fails to stop, and empties the map; the first failure is thrown after.
 * @param {Map<string, KeptServer>} servers
 */
export async function stopServers(servers) {
  const stopped = await Promise.allSettled([...servers.values()].map((server) => server.stop()));
  servers.clear();
  const failed = stopped.find((r) => r.status === 'rejected');
  if (failed) throw /** @type {PromiseRejectedResult} */ (failed).reason;
}

/**
 * The verdicts of a matrix's combined rows: every pair of measured rows within a transport (its formats against each
 * other, kind 'format') and every pair of transports on the same format (kind 'transport'); rows without figures are
 * left out.
 * @param {TransmissionRow[]} results rows labelled "TRANSPORT FORMAT", with their transport and codec
 * @returns {Array<ReturnType<typeof pairVerdict> & { kind: 'format'|'transport' }>}
 */
export function matrixVerdicts(results) {
  const measured = results.filter((r) => r.minMax && r.msgsPerSec != null && r.msgsPerSec > 0);
  /** @type {Array<ReturnType<typeof pairVerdict> & { kind: 'format'|'transport' }>} */
  const verdicts = [];
  for (let i = 0; i < measured.length; i++) {
    for (let j = i + 1; j < measured.length; j++) {
      const [a, b] = [measured[i], measured[j]];
      if (a.transport === b.transport || a.codec === b.codec) verdicts.push({ ...pairVerdict(a, b), kind: a.transport === b.transport ? /** @type {const} */ ('format') : 'transport' });
    }
  }
  return verdicts;
}

/**
 * The break-even model per transport, as benchmark_ws.js has it for one: each transport's loopback rows (profile
 * none) give its bytes and CPU per message, and the model is checked against its own rows over each shaped profile,
 * with the messages in flight its run had (HTTP/1.1: no more than --pipelining). Transports without a loopback run
 * or a shaped one get no entry.
 * @param {Array<Awaited<ReturnType<typeof measureTransportMatrix>> & { settings: { profile: string } }>} matrixRuns one per profile
 * @returns {Array<{ transport: string, reports: ReturnType<typeof breakEvenReports> }>}
 */
export function matrixBreakEven(matrixRuns) {
  const transports = [...new Set(matrixRuns.flatMap((run) => run.results.map((r) => r.transport)))].filter((t) => typeof t === 'string');
  return transports.map((transport) => ({ transport, reports: breakEvenReports(matrixRuns.flatMap((run) => transportView(run, transport))) }))
    .filter((m) => m.reports.length);
}

/**
 * One transport's rows of a matrix run, with its own settings (link, in flight) and the codec names as formats.
 * @param {Parameters<typeof matrixBreakEven>[0][number]} run
 * @param {string} transport
 */
function transportView(run, transport) {
  const own = run.runs.find((r) => r.settings.transport === transport);
  if (!own) return [];
  const results = run.results.filter((r) => r.transport === transport).map((r) => ({ ...r, format: String(r.codec ?? r.format) }));
  return [{ payload: run.payload, settings: { ...own.settings, profile: run.settings.profile }, results }];
}

/**
 * A round's row (one pass, summarised) as a pass of the row over every round: it must have run in that round too.
 * @param {TransmissionRow} row
 * @returns {import('./rounds.js').TransmissionPass}
 */
function asPass(row) {
  const { latencyMs, msgsPerSec, seconds, payloadMBps, ended, wireBytes } = row;
  if (latencyMs == null || msgsPerSec == null || seconds === undefined || payloadMBps == null || ended === undefined || wireBytes === null) {
    throw new Error(`${row.format}: ran in the first round but not in a later one (${ended})`);
  }
  return { ...row, latencyMs, msgsPerSec, seconds, payloadMBps, ended, wireBytes };
}
