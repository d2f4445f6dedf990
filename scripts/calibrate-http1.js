#!/usr/bin/env node
// Calibrates the toolkit's HTTP/1.1 client (undici) against autocannon on the toolkit's own http1 server: the same
// POSTs (the payload's distinct corpus messages, the codec's media type), connections and pipelining, in alternating
// rounds; prints each client's requests/s and the toolkit's as a ratio to autocannon's. A benchmark script, not a
// test: a ratio near 1 says an http1 figure measures the server and the formats, not the client.
import { numberOption, parseCli, runCli } from '../lib/cli/index.js';
import { selectCodecs } from '../lib/codecs/index.js';
import { median } from '../lib/measure/statistics.js';
import { describeEnvironment, environmentLine } from '../lib/measure/environment.js';
import { resolvePayloads } from '../lib/payload/index.js';
import { calibrateHttp1 } from '../lib/transmission/calibrate.js';
import { int } from '../lib/report/format.js';

const USAGE = `usage: node scripts/calibrate-http1.js [N] [--formats a,b] [--requests R] [--rounds K] [--connections C]
                                       [--pipelining P] [--json]
  N               bundled payload (default 3)
  --formats       codecs whose bodies are POSTed (default protobufjs-static,json-buffer)
  --requests R    requests per pass (default 20000)
  --rounds K      alternating rounds, toolkit and autocannon each once per round (default 5)
  --connections C keep-alive connections (default 1)
  --pipelining P  requests in flight per connection (default 1)
  --json          the result as JSON`;

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), {
    formats: { type: 'string', default: 'protobufjs-static,json-buffer' },
    requests: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1' }, pipelining: { type: 'string', default: '1' }, json: { type: 'boolean', default: false },
  });
  if (values.help) return void console.log(USAGE);
  const options = {
    requests: numberOption(values.requests, 'requests', { min: 1, integer: true }),
    rounds: numberOption(values.rounds, 'rounds', { min: 1, integer: true }),
    connections: numberOption(values.connections, 'connections', { min: 1, integer: true }),
    pipelining: numberOption(values.pipelining, 'pipelining', { min: 1, integer: true }),
  };
  const [payload] = resolvePayloads({ numbers: positionals.length ? positionals.slice(0, 1) : ['3'] });
  const codecs = await selectCodecs(values.formats);
  const result = await calibrateHttp1({
    payload, codecs, ...options,
    onPass: (p) => process.stderr.write(`round ${p.round}/${options.rounds} ${p.format}: ${p.client} ${int(p.requestsPerSec)} requests/s\n`),
  });
  if (values.json) return void console.log(JSON.stringify(result, null, 2));
  console.log(environmentLine(describeEnvironment(['undici', 'autocannon'])));
  console.log(`load average ${result.environment.loadavg.map((l) => l.toFixed(2)).join(' ')} at the end; payload ${payload.id}, POST answered 204, `
    + `${options.connections} connection(s), pipelining ${options.pipelining}, ${int(options.requests)} requests per pass, ${options.rounds} alternating rounds; medians (of requests/s, and of each round's ratio)\n`);
  for (const f of result.formats) {
    const spread = `${Math.min(...f.ratios).toFixed(2)}–${Math.max(...f.ratios).toFixed(2)}`;
    console.log(`${f.format} (${f.mediaType}, ${int(f.bodyBytes)} B bodies): toolkit ${int(median(f.toolkit))} requests/s, autocannon ${int(median(f.autocannon))}: `
      + `ratio ${f.ratio.toFixed(2)} (rounds ${spread}); undici alone, bodies encoded ahead: ${int(median(f.undici))} (${f.undiciRatio.toFixed(2)} of autocannon's); `
      + `client CPU µs/request: toolkit ${f.cpuUsPerRequest.toolkit.toFixed(1)}, undici alone ${f.cpuUsPerRequest.undici.toFixed(1)}, autocannon ${f.cpuUsPerRequest.autocannon.toFixed(1)}`);
  }
});
