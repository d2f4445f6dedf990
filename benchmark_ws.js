#!/usr/bin/env node
// WebSocket transmission, compared: JSON and protobuf (or any formats) under each network profile.
import { numberOption, parseCli, PAYLOAD_OPTIONS, resolveSelection, runCli } from './lib/cli/index.js';
import { checkCustomLink, TRANSMISSION_OPTIONS, TRANSMISSION_USAGE, transmissionOptions } from './lib/transmission/client-cli.js';
import { BASELINE } from './lib/codecs/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { UserError } from './lib/errors.js';
import { payloadHeading } from './lib/report/terminal.js';
import { comparisonTable, problemOf, settingsLine, winnerLines } from './lib/report/terminal-transmission.js';
import { createProgress } from './lib/cli/progress.js';
import { resolveProfile } from './lib/transmission/shaping/profiles.js';
import { measureTransmission } from './lib/transmission/run.js';
import { clientMeasure } from './lib/runtimes/browser-ws-cli.js';

const USAGE = `usage: node benchmark_ws.js N [options]   or   node benchmark_ws.js --data FILE [--proto FILE --type NAME] [options]
  Starts server.js on 127.0.0.1, runs a client per format under each profile, stops everything, and
  prints one comparison table.
  --messages M        per format and profile (default 10000 unthrottled, 100 under a throttled profile)
  --profiles a,b      network profiles (default none,4g,3g): none, 3gslow, 3g, 3gfast, 3gem, 2g, edge, dial,
                      dsl, cable, 4g, lte, fois, or custom (with --rtt MS --down KBIT --up KBIT)
  --formats a,b       codecs (default json-buffer,protobufjs-static; 'all' for every available one)
  --raw               the server ACKs without decoding (transport ceiling)
  --client chromium   the client side in a headless Chromium page, with the browser's own WebSocket
${TRANSMISSION_USAGE.split('\n').filter((l) => !/--throttle|or custom/.test(l)).join('\n')}
  Prints who wins per profile ("no clear winner" when the two fastest are within 0.5% total time).
  Exit code 1 when any message was lost, not sent, duplicated or answered with an error; a codec that cannot
  carry the payload is listed as unsupported and does not change the exit code (2 for bad input).`;

const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  ...TRANSMISSION_OPTIONS,
  messages: { type: 'string' },
  profiles: { type: 'string', default: 'none,4g,3g' },
  raw: { type: 'boolean', default: false },
  client: { type: 'string' },
};

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (!values.data && positionals.length !== 1) throw new UserError('give one payload number N (1–5) or --data FILE');
  if (values.throttle !== 'none') throw new UserError('benchmark_ws takes --profiles a,b (the clients take --throttle)');
  const opts = transmissionOptions(values);
  const profiles = values.profiles.split(',').map((s) => s.trim()).filter(Boolean);
  checkCustomLink(values, profiles.includes('custom'), `add custom to --profiles (got ${profiles.join(',')})`);
  for (const p of profiles) resolveProfile(p, opts);
  const explicit = values.messages === undefined ? null : numberOption(values.messages, 'messages', { min: 1, integer: true });
  const messagesFor = (p) => explicit ?? (p === 'none' ? 10000 : 100);
  const { payloads, codecs } = await resolveSelection({ ...values, formats: values.formats ?? `${BASELINE},protobufjs-static` }, positionals);
  const payload = payloads[0];
  const measure = values.client === undefined ? measureTransmission : await clientMeasure(values.client);

  const progress = createProgress({ total: profiles.reduce((n, p) => n + messagesFor(p) * codecs.length, 0), quiet: values.json || !process.stderr.isTTY });
  const runs = [];
  for (const profile of profiles) {
    let last = 0;
    let lastFormat = null;
    runs.push(await measure({
      payload, codecs, messages: messagesFor(profile), window: opts.window, connections: opts.connections, rate: opts.rate,
      profile, rtt: opts.rtt, down: opts.down, up: opts.up, shaper: opts.shaper, raw: values.raw, warmup: opts.warmup,
      onProgress: ({ done, format }) => {
        if (format !== lastFormat) { last = 0; lastFormat = format; }
        progress.tick(`${profile} ${format} ${done}/${messagesFor(profile)}`, done - last);
        last = done;
      },
    }));
  }
  progress.end();

  const environment = describeEnvironment(codecs.map((c) => c.library).concat('ws', 'hdr-histogram-js'));
  if (values.json) console.log(JSON.stringify({ measurement: 'transmission', environment, payload: runs[0].payload, runs }, null, 2));
  else {
    console.log(environmentLine(environment));
    console.log(`\n${payloadHeading(runs[0].payload)}`);
    for (const run of runs) {
      console.log(`${run.settings.profile}: ${settingsLine(run.settings)}${run.settings.shaperNote ? ` (${run.settings.shaperNote})` : ''}`);
    }
    console.log(`\n${comparisonTable(runs, BASELINE)}\n`);
    for (const line of winnerLines(runs, BASELINE)) console.log(line);
  }
  const problems = runs.flatMap((run) => run.results.map(problemOf).filter(Boolean).map((p) => `${run.settings.profile} ${p}`));
  if (problems.length) {
    process.stderr.write(`benchmark_ws: ${problems.join('; ')}\n`);
    process.exitCode = 1;
  }
});
