#!/usr/bin/env node
// Runs node's test runner on every *.test.js below the folders given (a file given is run as it is). Node 20 takes a
// folder but no glob, Node 22+ a glob but no folder; naming the files works on both.
//
// Test files run several at a time (most of their time is spent waiting on child processes, sockets and browsers):
// TEST_CONCURRENCY at a time (default: three times the cores, at least 6; on two cores 6 ran the suite in 132 s, 4 in
// 138 s and 8 in 153 s). Files that say `// test-runner: long` (a browser, other runtimes, a whole npm start) start
// first, so that none of them is left to run on alone at the end. Files that hold a timer's reading to a bound (an
// emulated link's time against a model, a measured RTT) say `// test-runner: alone` and run after all the others,
// so the suite's own load cannot bend their figures: two at a time on a machine with two cores or more
// (TEST_ALONE_CONCURRENCY), each with a core of its own (the model checks use a fifth of a core or less, waiting on
// their emulated link; two at a time took 20 s instead of 37, measured/predicted 0.97-1.014 against 0.99-1.009).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { parseCli } from '../lib/cli/index.js';
import { UserError } from '../lib/errors.js';

const USAGE = `usage: node scripts/run-tests.js FOLDER|FILE...
  Runs node's test runner on every *.test.js below the folders given (a file given is run as it is), several files
  at a time (TEST_CONCURRENCY), "test-runner: long" files first and "test-runner: alone" files last, two at a time
  (TEST_ALONE_CONCURRENCY); a file still running after TEST_FILE_TIMEOUT_MS (default 10 minutes) fails.
  npm test: the lint, then test/unit and test/e2e; npm run test:unit, npm run test:e2e: one of them.`;

const ALONE = /^\/\/ test-runner: alone\b/m;
const LONG = /^\/\/ test-runner: long\b/m;

/**
 * @param {string} dir a folder, or one test file
 * @returns {string[]} the *.test.js files below it
 */
const files = (dir) => (fs.statSync(dir).isFile() ? [dir] : fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return e.name === 'fixtures' ? [] : files(p);
  return e.name.endsWith('.test.js') ? [p] : [];
}));

/**
 * The folders and files given; --help prints the usage (exit 0), any other option is refused in one line (exit 2)
 * rather than looked for as a folder.
 */
function readArguments() {
  try {
    const { values, positionals } = parseCli(process.argv.slice(2), {});
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return positionals;
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    console.error(`run-tests: ${err.message}`);
    process.exit(2);
  }
}

const dirs = readArguments();
const missing = dirs.find((d) => !fs.existsSync(d));
if (missing) {
  console.error(`run-tests: no such file or folder: ${missing}`);
  process.exit(2);
}
const found = dirs.flatMap(files).sort();
if (!found.length) {
  console.error(`run-tests: no *.test.js under ${dirs.join(', ') || '(no folder given)'}`);
  process.exit(2);
}
const concurrency = Number(process.env.TEST_CONCURRENCY) || Math.max(6, 3 * os.availableParallelism());
const alone = found.filter((f) => ALONE.test(fs.readFileSync(f, 'utf8')));
const isLong = (/** @type {string} */ f) => LONG.test(fs.readFileSync(f, 'utf8'));
const rest = found.filter((f) => !alone.includes(f));
const together = [...rest.filter(isLong), ...rest.filter((f) => !isLong(f))];

/**
 * Runs the files through node:test's run(), which starts them in the order given (`node --test FILE...` sorts its
 * files by name on Node 20, which left a long file that sorts late to run on alone at the end), and prints TAP.
 * @param {string[]} files test files
 * @param {number} concurrency how many run at a time
 * @returns {Promise<boolean>} every test passed (or was skipped)
 */
async function runFiles(files, concurrency) {
  if (!files.length) return true;
  let failed = false;
  // a file that hangs fails with its name after FILE_TIMEOUT_MS instead of holding the whole run (and CI) forever
  const stream = run({ files, concurrency, timeout: FILE_TIMEOUT_MS });
  stream.on('test:fail', (/** @type {{ todo?: unknown }} */ data) => {
    if (!data.todo) failed = true;
  });
  await pipeline(stream.compose(tap), process.stdout, { end: false });
  return !failed;
}

/** The longest a test file may run (TEST_FILE_TIMEOUT_MS; default 10 minutes; the longest test in CI takes 80 s). */
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS) || 10 * 60_000;
const aloneAtOnce = Number(process.env.TEST_ALONE_CONCURRENCY) || Math.min(2, os.availableParallelism());
const passed = [await runFiles(together, concurrency), await runFiles(alone, aloneAtOnce)];
process.exit(passed.every(Boolean) ? 0 : 1);
