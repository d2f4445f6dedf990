import { combineRounds, pairVerdict } from './rounds.js';
import { measureTransmission } from './run.js';

/**
 * Several transports compared on one payload and link: per round, each transport runs one pass of every format
 * (its own server, started and stopped by measureTransmission), so rounds interleave transports as well as
 * formats and load on the machine falls on all of them. Rows are labelled "TRANSPORT FORMAT"; the verdicts are
 * every pair within a transport (its formats against each other) and every pair of transports on the same
 * format, each from the same rounds.
 * @param {Parameters<typeof measureTransmission>[0] & { transports: string[] }} options
 *   the options of measureTransmission (rounds: the matrix's rounds), with the transports to compare
 * @returns {Promise<{ payload: object, settings: object, runs: object[], results: object[], verdicts: object[] }>}
 */
export async function measureTransportMatrix({ transports, rounds = 1, onProgress, warmup, ...options }) {
  const perRound = [];
  for (let round = 1; round <= rounds; round++) {
    for (const transport of transports) {
      const run = await measureTransmission({
        ...options, transport, rounds: 1, warmup: round === 1 ? warmup : 0,
        onProgress: onProgress && ((p) => onProgress({ ...p, transport, round })),
      });
      perRound.push({ transport, round, run });
    }
  }
  const results = [];
  for (const transport of transports) {
    const runs = perRound.filter((r) => r.transport === transport).map((r) => r.run);
    for (const [i, first] of runs[0].results.entries()) {
      const label = `${transport} ${first.format}`;
      if (first.latencyMs == null) {
        results.push({ ...first, format: label, codec: first.format });
        continue;
      }
      const row = combineRounds(runs.map((run) => run.results[i]));
      results.push({ ...row, format: label, codec: first.format, transport });
    }
  }
  const measured = results.filter((r) => r.minMax && r.msgsPerSec > 0);
  const verdicts = [];
  for (let i = 0; i < measured.length; i++) {
    for (let j = i + 1; j < measured.length; j++) {
      const [a, b] = [measured[i], measured[j]];
      if (a.transport === b.transport || a.codec === b.codec) verdicts.push({ ...pairVerdict(a, b), kind: a.transport === b.transport ? 'format' : 'transport' });
    }
  }
  const { settings, payload } = perRound[0].run;
  return { payload, settings: { ...settings, transport: null, transports, rounds }, runs: perRound.map((r) => r.run), results, verdicts };
}
