#!/usr/bin/env node
// Installs a runtime from the npm registry into the per-user cache (or finds
// it there) and prints the path of its binary, so a shell can run with it:
//   PATH="$(dirname "$(node scripts/runtime.js node@24)"):$PATH" npm test
// Progress goes to stderr; stdout is the path alone.
import { parseCli, runCli } from '../lib/cli/index.js';
import { UserError } from '../lib/errors.js';
import { ensureRuntime } from '../lib/runtimes/install/install.js';

const USAGE = 'usage: node scripts/runtime.js NAME (node@22, node@24, node@26, bun, deno)';

runCli(import.meta.url, async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), {});
  // asked for, the usage is the answer (stdout, exit 0); given wrong arguments, it is the error
  if (values.help) return void console.log(`${USAGE}
  Installs the runtime from the npm registry into the per-user cache (or finds it there) and prints the path of
  its binary; progress goes to stderr. PATH="$(dirname "$(node scripts/runtime.js node@24)"):$PATH" npm test`);
  if (positionals.length !== 1) throw new UserError(USAGE);
  const runtime = await ensureRuntime(positionals[0], { onProgress: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${runtime.bin}\n`);
});
