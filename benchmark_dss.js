#!/usr/bin/env node
// Data serialization speed, with Benchmark.js, in rounds: encode (native form → bytes), decode (bytes →
// native form), both, and the conversions to and from plain objects where a codec has them (docs/speed.md);
// then, in child processes of their own, bytes allocated and GC time per operation.
import { numberOption, parseCli, PAYLOAD_OPTIONS, regexOption, resolveSelection, runCli } from './lib/cli/index.js';
import { loadCodecs } from './lib/codecs/index.js';
import { describeEnvironment, environmentLine } from './lib/measure/environment.js';
import { attachMemory, measureSpeed, planBenchmarks } from './lib/measure/speed.js';
import { measureOperationMemory } from './lib/measure/operation-memory.js';
import { codecListTable, payloadHeading, speedTable } from './lib/report/terminal.js';
import { createProgress } from './lib/cli/progress.js';
import { prepareCodecs } from './lib/verify.js';
import { RUNTIME_OPTIONS, RUNTIME_USAGE, speedAcrossRuntimesCli } from './lib/runtimes/cli.js';

const USAGE = `usage: node benchmark_dss.js [N ...] [--data FILE [--proto FILE [--type NAME]]] [options]
  N               bundled payload 1–5 (default: all five)
  --rounds R      interleaved rounds; the table shows their median and min–max (default 3)
  --max-time S    seconds Benchmark.js spends on each benchmark in each round (default 0.75)
  --filter REGEX  only benchmarks whose "format op" name matches, e.g. 'protobufjs|decode'
                  (ops: encode, decode, roundtrip, to-plain, from-plain; docs/speed.md says what each times)
  --formats a,b   codecs to measure (default: the classic four, protobuf-es, msgpackr; 'all' for every available one)
  --strict        refuse a --data file with a key given twice in one object (default: a warning)
  --no-memory     skip the memory pass (bytes allocated per op on the JS heap and off it, GC ms per 1,000 ops),
                  which runs after the timing, in child processes (docs/speed.md, "Memory per operation")
  --list          list every codec with its library, version and kind, and exit
  --json          print the results as one JSON object
${RUNTIME_USAGE}`;

const OPTIONS = {
  ...PAYLOAD_OPTIONS,
  rounds: { type: 'string', default: '3' },
  'max-time': { type: 'string', default: '0.75' },
  filter: { type: 'string' },
  list: { type: 'boolean', default: false },
  ...RUNTIME_OPTIONS,
  'no-memory': { type: 'boolean', default: false },
};

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), OPTIONS);
  if (values.help) return void console.log(USAGE);
  if (values.list) return void console.log(codecListTable(await loadCodecs()));
  const rounds = numberOption(values.rounds, 'rounds', { min: 1, integer: true });
  const maxTime = numberOption(values['max-time'], 'max-time', { min: 0.05 });
  const filter = regexOption(values.filter, 'filter');
  if (values.runtimes !== undefined) return speedAcrossRuntimesCli({ values, positionals, rounds, maxTime, filter });
  const { payloads, codecs } = await resolveSelection(values, positionals);

  const prepared = payloads.map((p) => prepareCodecs(codecs, p));
  const steps = prepared.reduce((n, ps) => n + planBenchmarks(ps, filter).length * rounds, 0);
  const progress = createProgress({ total: steps });
  const results = payloads.map((p, i) => measureSpeed(prepared[i], p, {
    rounds, maxTime, filter, onProgress: (e) => progress.tick(`${p.id} ${e.name}, round ${e.round}`),
  }));
  progress.end();
  if (!values['no-memory']) {
    // after all the timing, never during it, with lib/measure/memory.js's default windows and loops
    process.stderr.write('memory per operation (child processes)…\n');
    const figures = await measureOperationMemory(payloads, codecs, { filter });
    results.forEach((r, i) => { r.results = attachMemory(r.results, figures[i]); });
  }

  const environment = describeEnvironment(codecs.map((c) => c.library));
  if (values.json) return void console.log(JSON.stringify({ measurement: 'speed', environment, results }, null, 2));
  console.log(environmentLine(environment));
  for (const r of results) console.log(`\n${payloadHeading(r.payload)}\n\n${speedTable(r)}`);
});
