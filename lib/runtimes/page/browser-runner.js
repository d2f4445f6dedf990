/**
 * The host's side of a round in Chromium: bundles the page (browser-worker.js,
 * the codecs, the generated code of this run's schemas) with esbuild, and runs
 * it in a fresh headless page. What differs in a page is handled in three
 * places only: Node built-ins (below), the modules in STAND_INS and 'benchmark'
 * (mapped to browser-benchmark.js), and what a codec declares as its
 * `browser` form.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tempFolder } from '../../files.js';
import { Unsupported } from '../../errors.js';
import { ROOT } from '../../paths.js';
import { generatedModulePath } from '../../codecs/codegen.js';
import { loadCodecs } from '../../codecs/index.js';
import { rebuildPayload } from '../../payload/portable.js';
import { bundleForBrowser, runInChromium } from './chromium.js';
import { roundOutput } from '../matrix/rounds.js';

const HERE = path.join(ROOT, 'lib', 'runtimes', 'page');

// Node built-ins that codec and schema modules call at load time only to work
// out file names (of code generators, of bundled data): inert in a page. Every
// other built-in throws, naming itself, when a page calls into it, so a codec
// that needs files, zlib or Buffer fails its verification with that reason.
const INERT = new Set(['path', 'url', 'module']);

/**
 * The source of an ES module standing in for a Node built-in in a page, with
 * the same export names as the real one.
 * @param {string} name the built-in, without "node:"
 * @param {string[]} names its exports
 * @returns {string}
 */
export function builtinStub(name, names) {
  const exported = names.filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
  return `const inert = ${INERT.has(name)};
function stub(label) {
  return new Proxy(function () {}, {
    get(target, prop) {
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      if (prop === 'prototype') return target.prototype;
      return stub(label + '.' + String(prop));
    },
    apply() {
      if (inert) return stub(label + '()');
      throw new Error(label + ' is not available in a browser page');
    },
    construct() { throw new Error(label + ' is not available in a browser page'); },
  });
}
export default stub(${JSON.stringify(name)});
${exported.map((n) => `export const ${n} = stub(${JSON.stringify(`${name}.${n}`)});`).join('\n')}
`;
}

/** esbuild plugin: the page's stand-ins (see the top of this file). */
const pagePlugin = {
  name: 'pvj-page',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    // the page's Benchmark.js, whose own import of 'benchmark' is the library (esbuild names an importer by its real
    // path, so the two are compared as real paths: the project may sit behind a symlink)
    const pageBenchmark = path.join(HERE, 'browser-benchmark.js');
    const realPageBenchmark = fs.realpathSync(pageBenchmark);
    build.onResolve({ filter: /^benchmark$/ }, (/** @type {{ importer: string, namespace: string }} */ args) => (
      args.namespace === 'file' && fs.realpathSync(args.importer) === realPageBenchmark ? undefined : { path: pageBenchmark }));
    for (const [file, standIn] of STAND_INS) {
      build.onResolve({ filter: new RegExp(`/${path.basename(file).replace('.', '\\.')}$`) },
        (/** @type {{ path: string, resolveDir: string }} */ args) => (path.resolve(args.resolveDir, args.path) === file ? { path: standIn } : undefined));
    }
    build.onResolve({ filter: /^(node:)?[a-z_]+(\/[a-z_]+)?$/ }, (/** @type {{ path: string }} */ args) => {
      const name = args.path.replace(/^node:/, '');
      return BUILTINS.has(name) ? { path: name, namespace: 'node-builtin' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, async (/** @type {{ path: string }} */ args) => ({
      contents: builtinStub(args.path, Object.keys(await import(`node:${args.path}`))), loader: 'js',
    }));
  },
};

// Project modules a page gets another form of: generated code comes bundled, not from disk;
// the codec registry would import every codec file, where the page needs the baseline and wire bytes only.
const STAND_INS = new Map([
  [path.join(ROOT, 'lib', 'codecs', 'codegen.js'), path.join(HERE, 'browser-codegen.js')],
  [path.join(ROOT, 'lib', 'codecs', 'index.js'), path.join(ROOT, 'lib', 'codecs', 'baseline.js')],
]);

const BUILTINS = new Set((await import('node:module')).builtinModules);

/**
 * The page's entry module for some codecs and payloads: imports each codec's
 * file and the generated modules the payloads' schemas need, and defines
 * globalThis.pvjRound(job, data) (speed) and globalThis.pvjWsClient(job, data) (WebSocket client).
 * @param {import('../../codecs/index.js').CodecInfo[]} codecs
 * @param {import('../../payload/index.js').Payload[]} payloads
 * @returns {string}
 */
export function pageEntry(codecs, payloads) {
  const lines = [`import { runPageClient, runPageRound } from ${JSON.stringify(path.join(HERE, 'browser-worker.js'))};`];
  /** @type {string[]} */
  const codecNames = [];
  /** @type {string[]} */
  const generated = [];
  codecs.forEach((codec, i) => {
    // a codec's file is named as the codec (lib/codecs/index.js)
    lines.push(`import codec${i} from ${JSON.stringify(path.join(ROOT, 'lib', 'codecs', `${codec.name}.js`))};`);
    codecNames.push(`codec${i}`);
    const { generator } = codec;
    if (!generator) return;
    payloads.forEach((p, j) => {
      // the module is picked by the schema's files and, for --type naming a message of an imported file, that file's
      const entry = `codec: ${JSON.stringify(codec.name)}, hash: ${JSON.stringify(p.schema.hash)}${p.schema.typeFile ? `, typeFile: ${JSON.stringify(p.schema.typeFile)}` : ''}`;
      let file;
      try {
        file = generatedModulePath({ name: codec.name, generator }, p.schema);
      } catch (err) {
        // a schema the codec cannot take (a .proto with editions) is its row's reason in the page, as on the host
        if (!(err instanceof Unsupported)) throw err;
        generated.push(`{ ${entry}, unsupported: ${JSON.stringify(err.message)} }`);
        return;
      }
      const id = `gen${i}_${j}`;
      // CommonJS (pbjs's .cjs) is its module.exports; ES modules are their namespace
      lines.push(file.endsWith('.cjs') ? `import ${id} from ${JSON.stringify(file)};` : `import * as ${id} from ${JSON.stringify(file)};`);
      generated.push(`{ ${entry}, exports: ${id} }`);
    });
  });
  lines.push(`const bundled = { codecs: [${codecNames.join(', ')}], generated: [${generated.join(', ')}] };`,
    'globalThis.pvjRound = (job, data) => runPageRound(job, data, bundled);',
    'globalThis.pvjWsClient = (job, data) => runPageClient(job, data, bundled);');
  return `${lines.join('\n')}\n`;
}

/**
 * Bundles the page for some codecs and payloads.
 * @param {import('../../codecs/index.js').CodecInfo[]} codecs
 * @param {import('../../payload/index.js').Payload[]} payloads
 * @returns {Promise<string>} the script
 */
export async function bundlePage(codecs, payloads) {
  const { dir, remove } = tempFolder('pvj-page-');
  try {
    const entry = path.join(dir, 'page.js');
    fs.writeFileSync(entry, pageEntry(codecs, payloads));
    return await bundleForBrowser(entry, { nodePaths: [path.join(ROOT, 'node_modules')], plugins: [pagePlugin] });
  } finally {
    remove();
  }
}

/**
 * The page bundles built in this process, by codecs and payloads: the codecs' versions, the script, and the rows of
 * the codecs that declare they cannot run in a page.
 * @type {Map<string, { versions: Record<string, string|null>, script: Promise<string>, unavailable: import('../matrix/rounds.js').CodecVerdict[] }>}
 */
const bundles = new Map();

/**
 * One round of a job in a fresh headless page of Chromium. The bundle is
 * built once per set of codecs and payloads. A codec that cannot be bundled
 * for a page fails the round with esbuild's reason (matrix.js then finds it
 * by trying each codec alone and gives it a row with that reason).
 * @param {import('../install/install.js').Runtime} runtime
 * @param {import('../matrix/matrix.js').WorkerJob} job
 * @param {{ timeoutMs: number, session?: import('./chromium.js').ChromiumSession }} options
 *   session: the browser the matrix keeps for its rounds (a fresh context per round)
 */
export async function runBrowserRound(runtime, job, { timeoutMs, session }) {
  const { payloads: sent, ...pageJob } = job;
  const key = JSON.stringify([job.formats, sent.map((p) => [p.id, p.schema.hash, p.schema.typeFile ?? null])]);
  let bundle = bundles.get(key);
  if (!bundle) {
    const wanted = job.formats.split(',');
    const chosen = (await loadCodecs()).filter((c) => wanted.includes(c.name));
    // a codec that declares it cannot run in a page is not bundled: its row says why
    const codecs = chosen.filter((c) => !c.browser?.unavailable);
    const unavailable = chosen.filter((c) => c.browser?.unavailable).map((c) => ({
      format: c.name, library: c.library, version: c.version, status: 'unsupported', diff: null, normalised: [], reason: `in a browser page: ${c.browser?.unavailable}`,
    }));
    const versions = Object.fromEntries(codecs.map((c) => [c.name, c.version]));
    // the page's generated code is picked by the schemas the page will rebuild
    bundle = { versions, script: bundlePage(codecs, sent.map(rebuildPayload)), unavailable };
    bundles.set(key, bundle);
  }
  const { versions, script, unavailable } = bundle;
  const got = await runInChromium(runtime, await script, { call: 'pvjRound', args: [pageJob, { payloads: sent, versions }], timeoutMs, session });
  const out = roundOutput(got, { payloads: sent.length, verifyOnly: Boolean(job.verifyOnly), label: runtime.name });
  for (const result of out.results) {
    if ('verdicts' in result) result.verdicts.push(...unavailable);
    else result.skipped.push(...unavailable);
  }
  return out;
}
