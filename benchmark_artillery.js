#!/usr/bin/env node
// Writes an Artillery script that drives the toolkit's JSON-vs-protobuf passes from Artillery's virtual users, here
// (artillery run) or from many machines (artillery run-fargate --count N): one scenario per transport × format.
import fs from 'node:fs';
import { listOption, numberOption, parseCli, PAYLOAD_SELECTION_OPTIONS, payloadSourceUsage, payloadSynopsis, runCli } from './lib/cli/index.js';
import { selectTransportFormats } from './lib/cli/transmission.js';
import { UserError } from './lib/errors.js';
import { writeFileAtomic } from './lib/files.js';
import { checkTarget } from './lib/transmission/artillery/check.js';
import { encodePayload } from './lib/transmission/artillery/payload.js';
import { buildScript, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, parseTargets, parseTimeoutMs, scriptYaml } from './lib/transmission/artillery/script.js';
import { payloadIdentity, prepareWireCodecs } from './lib/transmission/wire-codec.js';
import { checkSettings, loadTransport, TRANSPORT_NAMES } from './lib/transmission/transports/index.js';

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
const OPTIONS = {
  ...PAYLOAD_SELECTION_OPTIONS,
  target: { type: 'string' },
  transports: { type: 'string', default: 'ws' },
  rate: { type: 'string', default: '1000' },
  duration: { type: 'string', default: '60' },
  warmup: { type: 'string', default: '10' },
  'messages-per-user': { type: 'string', default: '100' },
  window: { type: 'string', default: '1' },
  direction: { type: 'string', default: 'up' },
  timeout: { type: 'string', default: '5000' },
  out: { type: 'string', default: 'artillery.yml' },
  'no-check': { type: 'boolean', default: false },
};

const USAGE = `usage: node benchmark_artillery.js ${payloadSynopsis('N')}
                                   --target URL [options]
  Writes an Artillery script (YAML): one scenario per transport × format, each virtual user one client of the
  toolkit's own transport sending --messages-per-user messages of the payload's corpus with the toolkit's codec
  (the engine: packages/artillery-engine-pvj). Run it with the toolkit's Artillery, installed on first use:
    node scripts/artillery.js run artillery.yml --output report.json
    node report.js --artillery report.json --script artillery.yml
  docs/artillery.md: the same script from many machines (run-fargate) and what that needs.
${payloadSourceUsage(OPTIONS, { column: 24 })}
  --target URL          the server (node server.js N --transport T); with several transports one URL each:
                        ws=ws://HOST:7070,http1=http://HOST:7071,grpc=http://HOST:7072
  --transports a,b      ${TRANSPORT_NAMES.join(', ')} (default ws)
  --formats a,b         codecs for every transport (default: each transport's own JSON and protobuf pair)
  --rate R              msgs/s offered to each scenario (default 1000); the script's arrival rate is
                        R × scenarios / --messages-per-user virtual users per second, shared between
                        the worker threads of artillery run; run-fargate --count N runs it on each of
                        N machines (N × R in all)
  --duration S          seconds of the measured phase (default 60)
  --warmup S            seconds (wall clock) of the warm-up phase before it, at the same rate, reported apart
                        (default 10)
  --messages-per-user M messages each virtual user sends on its one connection (default 100)
  --window W            messages in flight per virtual user (default 1)
  --direction D         up (default) or down, as the server was started with
  --timeout MS          milliseconds (not seconds, unlike the other tools' --timeout and Artillery's
                        own config.http.timeout), ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}: a virtual user gives up when no answer
                        came for this long; the rest of its messages count as lost (default 5000)
  --out FILE            where to write the script (default artillery.yml)
  --no-check            do not check the targets first (by default one message of each scenario is sent to its
                        target, so a server that is down or serves another payload (409) is found now)`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.data && positionals.length) throw new UserError(`unexpected argument "${positionals[0]}"`);
  if (!values.target) throw new UserError('--target URL: the server the script sends to (node server.js N --transport T prints it)');
  const names = listOption(values.transports, '--transports');
  if (!names.length) throw new UserError('--transports: give at least one transport');
  const transports = await Promise.all(names.map((n) => loadTransport(n, { option: '--transports' })));
  const direction = values.direction === 'down' ? 'down' : values.direction === 'up' ? 'up' : null;
  if (!direction) throw new UserError(`--direction ${values.direction}: expected up or down`);
  for (const t of transports) checkSettings(t, { direction });
  const targets = parseTargets(values.target, names);
  const rate = numberOption(values.rate, 'rate', { min: 1 });
  const duration = numberOption(values.duration, 'duration', { min: 1, integer: true });
  const warmup = numberOption(values.warmup, 'warmup', { min: 0, integer: true });
  const messagesPerUser = numberOption(values['messages-per-user'], 'messages-per-user', { min: 1, integer: true });
  const window = numberOption(values.window, 'window', { min: 1, integer: true });
  // milliseconds here, seconds in the other tools and in Artillery's own config: a value that reads as seconds is refused
  const timeoutMs = parseTimeoutMs(values.timeout);
  const { payload, codecsFor, skipped } = await selectTransportFormats(transports, values, positionals);
  for (const s of skipped) process.stderr.write(`${s.transport} ${s.format}: left out, ${s.reason}\n`);
  const scenarios = [];
  for (const t of transports) {
    // each codec verified over the corpus before a script that sends it is written
    const { usable, refused } = prepareWireCodecs(codecsFor[t.name], payload, t, { verifyMessages: payload.corpus?.length ?? 1 });
    if (refused.length) throw new UserError(`--formats ${refused[0].name}: cannot carry this payload on ${t.name}: ${refused[0].reason}`);
    for (const codec of usable) scenarios.push({ transport: t, codec });
  }
  const identity = payloadIdentity(payload);
  if (!values['no-check']) {
    for (const { transport, codec } of scenarios) await checkTarget({ transport, codec, url: targets[transport.name], schema: payload.schema, identity, direction, timeoutMs });
  }
  const script = buildScript({
    identity, payload: encodePayload(payload), targets, direction, rate, duration, warmup, messagesPerUser, window, timeoutMs,
    scenarios: scenarios.map((s) => ({ transport: s.transport.name, format: s.codec.name })),
    command: `node benchmark_artillery.js ${process.argv.slice(2).join(' ')}`,
  });
  if (fs.existsSync(values.out) && fs.statSync(values.out).isDirectory()) throw new UserError(`--out ${values.out}: is a folder; give a file name`);
  writeFileAtomic(values.out, scriptYaml(script));
  const s = script.config.pvj.settings;
  console.log(`${values.out} written: ${scenarios.length} scenario(s) (${script.scenarios.map((x) => x.name).join(', ')}), each offered `
    + `${s.offeredPerScenario} msgs/s, ${warmup} s warm-up then ${duration} s measured`);
});
