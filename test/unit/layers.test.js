// Dependencies in lib/ run downward only: a module imports modules of its own layer or of lower ones, never of a
// higher one. The layers follow the flow (docs/development.md, "Layers"); this test reads every import in lib/
// (static, re-exports, and dynamic imports of a literal path) and fails on one that points upward.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/paths.js';

/** Layer of each top-level part of lib/, lowest first; a part may import its own layer and those below. */
const LAYERS = [
  ['errors', 'json', 'base64', 'files', 'paths', 'random', 'child-process', 'libc', 'hash', 'text'],
  ['schema'],
  ['payload', 'codecs'],
  ['verify'],
  ['measure'],
  ['transmission'],
  ['runtimes'],
  ['results'],
  ['report'],
  ['suite'],
  ['cli'],
  ['index'],
];

// Known upward imports, each with its owner and why it is still here (none left: the client's command-line glue
// moved from lib/transmission/client-cli.js to lib/cli/transmission.js).
/** @type {Set<string>} */
const KNOWN = new Set([]);

const LIB = path.join(ROOT, 'lib');
const rank = new Map(LAYERS.flatMap((parts, i) => parts.map((p) => [p, i])));

/**
 * The top-level part of lib/ a file belongs to: its folder, or its own name for a file directly in lib/.
 * @param {string} file
 */
const partOf = (file) => {
  const [first, ...rest] = path.relative(LIB, file).split(path.sep);
  return rest.length ? first : first.replace(/\.js$/, '');
};

/**
 * @param {string} dir
 * @returns {string[]} every .js file below it
 */
const jsFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return jsFiles(p);
  return e.name.endsWith('.js') ? [p] : [];
});

/**
 * Relative imports of one source text, as written: import/export … from '…', import('…').
 * @param {string} text
 */
function importsOf(text) {
  /** @type {string[]} */
  const found = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith('.')) found.push(spec);
  }
  return found;
}

/**
 * Every import in lib/ that points to a higher layer, as 'lib/from.js -> lib/to.js'.
 * @param {string[]} [files]
 * @param {(file: string) => string} [read]
 */
function upwardImports(files = jsFiles(LIB), read = (f) => fs.readFileSync(f, 'utf8')) {
  /** @type {string[]} */
  const upward = [];
  for (const file of files) {
    for (const spec of importsOf(read(file))) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(LIB + path.sep)) continue;
      const [from, to] = [partOf(file), partOf(target)];
      const [fromRank, toRank] = [rank.get(from), rank.get(to)];
      assert.ok(fromRank !== undefined, `${path.relative(ROOT, file)}: lib/${from} has no layer in LAYERS`);
      assert.ok(toRank !== undefined, `${path.relative(ROOT, target)}: lib/${to} has no layer in LAYERS`);
      if (toRank > fromRank) upward.push(`${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`);
    }
  }
  return upward.sort();
}

test('importsOf finds static imports, re-exports, side-effect imports and literal dynamic imports', () => {
  const text = `import a from './a.js';\nimport { b,\n  c } from '../b.js';\nexport { d } from "./d.js";\nimport './e.js';\n`
    + `const f = await import('./f.js');\nimport fs from 'node:fs';\n// import g from './not-code.js' in a comment is not at a line start\n`;
  assert.deepEqual(importsOf(text), ['./a.js', '../b.js', './d.js', './e.js', './f.js']);
});

test('an upward import is found: a planted lib/codecs module importing lib/measure, and lib/suite.js importing lib/cli', () => {
  const planted = new Map([
    [path.join(LIB, 'codecs', 'planted.js'), "import { measureSpeed } from '../measure/speed.js';\nimport { Unsupported } from '../errors.js';\n"],
    [path.join(LIB, 'suite.js'), "import { createProgress } from './cli/progress.js';\n"],
  ]);
  assert.deepEqual(upwardImports([...planted.keys()], (f) => planted.get(f) ?? ''), [
    'lib/codecs/planted.js -> lib/measure/speed.js',
    'lib/suite.js -> lib/cli/progress.js',
  ]);
});

test('no module in lib/ imports a higher layer (apart from the known exceptions listed above)', () => {
  const upward = upwardImports();
  assert.deepEqual(upward.filter((u) => !KNOWN.has(u)), []);
  // an exception that has been mended leaves the list
  assert.deepEqual([...KNOWN].filter((k) => !upward.includes(k)), [], 'remove mended imports from KNOWN');
});
