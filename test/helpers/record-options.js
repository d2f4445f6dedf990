// Preloaded into an entry point (node --import) by test/e2e/cli-help.test.js: every node:util parseArgs call the
// entry point makes first writes the names of the options it was given, as one JSON array a line, to file descriptor
// 3 (a pipe the test opens), then parses as usual. So the test reads what a tool accepts from the very table its
// parser is given, not from a list of its own.
import fs from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';

/** @type {{ parseArgs: (config: import('node:util').ParseArgsConfig) => unknown }} */
const util = createRequire(import.meta.url)('node:util');
const { parseArgs } = util;
util.parseArgs = (config) => {
  fs.writeSync(3, `${JSON.stringify(Object.keys(config?.options ?? {}))}\n`);
  return parseArgs(config);
};
// the modules that import { parseArgs } from 'node:util' see the wrapper too
syncBuiltinESMExports();
