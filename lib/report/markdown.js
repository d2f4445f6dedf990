import { markdownTable } from 'markdown-table';
import { environmentLine } from '../measure/environment.js';
import { payloadHeading, sizeTable, speedTable, verdictOf } from './terminal.js';
import { describeLink } from '../transmission/shaping/profiles.js';
import { fixed, int, ms } from './format.js';
import { answerMarkdown } from './answer.js';


/** The settings of a run in one line. */
export function settingsLine(results) {
  const { mode, speed, memory, transmission, batch } = results.settings;
  const parts = [`mode ${mode}`, `speed: ${speed.rounds} round(s) × ${speed.maxTime} s per benchmark, baseline ${speed.baseline}`];
  // results written before the memory pass joined the suite have no memory settings
  if (memory) parts.push(`memory: ${memory.rounds} allocation windows of ≤ ${memory.maxOpsPerRound} calls, ${memory.gcRounds} GC loop(s) of ~${Math.round(memory.gcAllocationBytes / 2 ** 20)} MiB per operation, in child processes after the timing`);
  else if (memory === null) parts.push('memory: not measured (--no-memory)');
  if (transmission) {
    parts.push(`WebSocket: ${transmission.messages} messages, window ${transmission.window}, ${transmission.connections} connection(s), profiles ${transmission.profiles.join(', ')}`);
  }
  if (batch) parts.push(`batch: ${batch.payload} × ${batch.counts.join(', ')}`);
  return parts.join('; ');
}

/** The skipped (unmeasurable) codecs of a payload, from its size rows. */
const skippedOf = (sizes) => sizes.filter((c) => c.bytes == null);

/**
 * The WebSocket table of one profile: a row per payload and format.
 * @param {object[]} runs transmission entries of one profile
 */
export function transmissionTable(runs) {
  const rows = runs.flatMap((run) => run.results.map((r) => [
    run.payload, r.format, int(r.acked ?? r.messages), int(r.msgsPerSec), fixed(r.payloadMBps, 2),
    ms(r.latencyMs?.p50), ms(r.latencyMs?.p90), ms(r.latencyMs?.p99), ms(r.latencyMs?.p999), ms(r.latencyMs?.max),
    `${int(r.lost)} / ${int(r.notSent ?? 0)} / ${int(r.errors)}`, verdictOf(r),
  ]));
  return markdownTable([['payload', 'format', 'messages', 'msgs/s', 'MB/s', 'p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms',
    'lost / not sent / errors', 'round trip'], ...rows], { align: ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'] });
}

/**
 * The batch scaling table: per N and codec, size and encode/decode speed.
 * @param {object} batch results.batch
 */
export function batchTable(batch) {
  const rows = [];
  for (const step of batch.steps) {
    for (const c of step.sizes) {
      const speed = (op) => step.speed.find((r) => r.format === c.format && r.op === op);
      const cell = (op) => { const r = speed(op); return r ? `${int(r.opsPerSec)} (${int(r.min)}–${int(r.max)})` : '—'; };
      const items = (op) => int(speed(op)?.itemsPerSec);
      rows.push([int(step.n), c.format, int(c.bytes), c.bytes == null ? '—' : fixed(c.bytes / step.n, 1), int(c.gzip),
        cell('encode'), items('encode'), cell('decode'), items('decode'), verdictOf(c)]);
    }
  }
  return markdownTable([['N', 'format', 'bytes', 'bytes/item', 'gzip', 'encode ops/s (min–max)', 'encode items/s',
    'decode ops/s (min–max)', 'decode items/s', 'round trip'], ...rows], { align: ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'] });
}

/**
 * report.md: every table of a run, fit for pasting into an issue.
 * @param {object} results a validated results object
 */
export function renderMarkdown(results) {
  const out = [
    '# Serialization benchmark',
    '',
    `${results.createdAt}${results.command ? `, \`${results.command}\`` : ''}`,
    '',
    `Environment: ${environmentLine(results.environment)}`,
    '',
    `Settings: ${settingsLine(results)}`,
    '',
    'Every codec\'s round trip is verified before it is timed; the last column says how faithfully the payload came back '
      + '(exact, equivalent under a declared normalisation, LOSSY with the first difference, or why it was not measured).',
    '',
    '## The answer',
    '',
    answerMarkdown(results),
    '',
    'The detail follows.',
  ];
  const speed = results.settings.speed;
  for (const entry of results.payloads) {
    out.push('', `## ${payloadHeading(entry.payload)}`, '', '### Size', '', sizeTable({ codecs: entry.sizes }));
    out.push('', '### Speed', '', speedTable({ settings: speed, results: entry.speed, skipped: skippedOf(entry.sizes), notTimed: entry.notTimed }));
  }
  if (results.transmission.length) {
    out.push('', '## WebSocket transmission', '',
      'Latency is from send to the server\'s acknowledgement, per message (HDR percentiles).');
    for (const profile of [...new Set(results.transmission.map((t) => t.profile))]) {
      const runs = results.transmission.filter((t) => t.profile === profile);
      out.push('', `### Profile ${profile}: ${shapingOf(runs[0].settings)}`, '', transmissionTable(runs));
    }
  }
  if (results.batch) {
    out.push('', `## Batch scaling: ${payloadHeading(results.batch.payload)}`, '',
      'The payload repeated N times in one message (a repeated field in protobuf, an array under "items" in JSON).',
      '', batchTable(results.batch));
  }
  return `${out.join('\n')}\n`;
}

/**
 * How a WebSocket pass was shaped, in words: the shaper in use and the link it emulated
 * ("emulator (built-in link emulator), 4g: RTT 85 ms, down 9000 kbit/s, up 9000 kbit/s").
 * @param {{ shaper?: string, link?: object|null, shaperNote?: string|null }} settings
 */
export function shapingOf(settings) {
  if (!settings.link || settings.shaper === 'none') return 'loopback, no shaping';
  const shaper = settings.shaper === 'os' ? 'os shaper (@sitespeed.io/throttle)' : 'built-in link emulator';
  return `${shaper}, ${describeLink(settings.link)}${settings.shaperNote ? ` (${settings.shaperNote})` : ''}`;
}
