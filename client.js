#!/usr/bin/env node
// WebSocket transmission client: any codec, chosen with --format NAME.
import { runCli } from './lib/cli/index.js';
import { clientMain } from './lib/cli/transmission.js';

runCli(import.meta.url, async () => {
  process.exitCode = await clientMain(process.argv.slice(2), { name: 'client' });
});
