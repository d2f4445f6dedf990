#!/usr/bin/env node
// Harness fidelity: does the toolkit time what a plain Benchmark.js suite
// times? In one run, on the same bytes, interleaved round by round:
//   the toolkit's protobufjs-static decode  vs  a plain suite calling Type.decode(bytes)
//   the toolkit's protobuf-es encode        vs  a plain suite calling toBinary(Schema, message) on a ready message
// Prints both pairs with the medians over the rounds and whether each agrees
// within ±15%; exits 1 when one does not. A benchmark script, not a test.
import Benchmark from 'benchmark';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { numberOption, parseCli, runCli } from '../lib/cli/index.js';
import { selectCodecs } from '../lib/codecs/index.js';
import { loadGenerated } from '../lib/codecs/codegen.js';
import { generatedMessage } from '../lib/codecs/protobuf-es.js';
import { measureSpeed } from '../lib/measure/speed.js';
import { median } from '../lib/measure/statistics.js';
import { describeEnvironment, environmentLine } from '../lib/measure/environment.js';
import { resolvePayloads } from '../lib/payload/index.js';
import { describeVerdict, prepareCodecs } from '../lib/verify.js';
import { int } from '../lib/report/format.js';

const USAGE = `usage: node scripts/fidelity.js [N] [--rounds R] [--max-time S]
  N             bundled payload (default 3, the one the issue measured)
  --rounds R    interleaved rounds (default 5)
  --max-time S  seconds per benchmark per round (default 1)`;

const TOLERANCE = 0.15;

/**
 * ops/s of one plain Benchmark.js suite with one test, run with the library's defaults.
 * @param {string} name
 * @param {() => unknown} fn
 * @param {number} maxTime seconds
 */
function plainSuite(name, fn, maxTime) {
  // a fresh Benchmark context: the toolkit's settings (decompilation off) do not reach it
  const B = /** @type {typeof Benchmark} */ (/** @type {unknown} */ (Benchmark.runInContext(globalThis)));
  let hz = NaN;
  new B.Suite().add(name, fn, { maxTime }).on('cycle', (/** @type {Benchmark.Event} */ e) => { hz = e.target.hz ?? NaN; }).run({ async: false });
  return hz;
}

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), {
    rounds: { type: 'string', default: '5' }, 'max-time': { type: 'string', default: '1' },
  });
  if (values.help) return void console.log(USAGE);
  const rounds = numberOption(values.rounds, 'rounds', { min: 1, integer: true });
  const maxTime = numberOption(values['max-time'], 'max-time', { min: 0.05 });
  const [payload] = resolvePayloads({ numbers: positionals.length ? positionals.slice(0, 1) : ['3'] });
  const oneMessage = { ...payload, corpus: [payload.value] };
  const codecs = await selectCodecs('protobufjs-static,protobuf-es');
  const prepared = prepareCodecs(codecs, payload);
  const [pbjs, es] = prepared;
  const generating = (/** @type {import('../lib/verify.js').Prepared} */ p) => /** @type {{ name: string, generator: import('../lib/codecs/codegen.js').Generator }} */ (p.codec);

  if (!pbjs.instance || !es.instance) throw new Error(`${payload.id}: ${describeVerdict(pbjs.instance ? es : pbjs)}`);

  // the plain suites' inputs, built with the libraries alone from the toolkit's bytes
  /** @type {unknown} the generated module, then each namespace down to the message's class */
  const found = payload.schema.typeName.split('.')
    .reduce((ns, k) => /** @type {Record<string, unknown>} */ (ns)?.[k], /** @type {unknown} */ (loadGenerated(generating(pbjs), payload.schema)));
  if (typeof found !== 'function' || !('decode' in found) || typeof found.decode !== 'function') {
    throw new Error(`protobufjs-static's generated code has no class ${payload.schema.typeName} with decode()`);
  }
  const Type = /** @type {{ decode(bytes: Uint8Array): unknown }} */ (found);
  const pbjsBytes = /** @type {Uint8Array} */ (pbjs.instance.encode(pbjs.native));
  const Schema = generatedMessage(payload.schema);
  const message = fromBinary(Schema, /** @type {Uint8Array} */ (es.instance.encode(es.native)));

  /** @type {{ label: string, filter: RegExp, plain: string, fn: () => unknown, toolkit: number[], direct: number[] }[]} */
  const pairs = [
    { label: 'protobufjs-static decode', filter: /^protobufjs-static decode$/, plain: 'Type.decode(bytes)', fn: () => Type.decode(pbjsBytes), toolkit: [], direct: [] },
    { label: 'protobuf-es encode', filter: /^protobuf-es encode$/, plain: 'toBinary(Schema, message)', fn: () => toBinary(Schema, message), toolkit: [], direct: [] },
  ];
  for (let r = 0; r < rounds; r++) {
    for (const pair of pairs) {
      // alternate which goes first, so neither always runs on a warmer machine
      // the toolkit on the one message the plain suite times, through the same cycling harness as a corpus
      const runToolkit = () => pair.toolkit.push(measureSpeed(prepared, oneMessage, { rounds: 1, maxTime, filter: pair.filter }).results[0].opsPerSec);
      const runPlain = () => pair.direct.push(plainSuite(pair.plain, pair.fn, maxTime));
      if (r % 2) { runPlain(); runToolkit(); } else { runToolkit(); runPlain(); }
      process.stderr.write(`round ${r + 1}/${rounds} ${pair.label}: toolkit ${int(pair.toolkit.at(-1))}, plain ${int(pair.direct.at(-1))}\n`);
    }
  }

  console.log(environmentLine(describeEnvironment(['benchmark', 'protobufjs', '@bufbuild/protobuf'])));
  console.log(`payload ${payload.id} (${payload.jsonBytes} bytes of JSON), ${rounds} interleaved rounds × ${maxTime} s; medians of the rounds\n`);
  let ok = true;
  for (const pair of pairs) {
    const t = median(pair.toolkit);
    const d = median(pair.direct);
    const ratio = t / d;
    const agrees = Math.abs(ratio - 1) <= TOLERANCE;
    ok &&= agrees;
    console.log(`${pair.label.padEnd(26)} toolkit ${int(t).padStart(10)} ops/s   plain Benchmark.js ${pair.plain.padEnd(26)} ${int(d).padStart(10)} ops/s`
      + `   toolkit/plain ${ratio.toFixed(3)}  ${agrees ? 'agrees' : 'DISAGREES'} within ±${TOLERANCE * 100}%`);
  }
  if (!ok) process.exitCode = 1;
});
