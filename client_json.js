#!/usr/bin/env node
// WebSocket transmission client for JSON as a socket carries it: node client.js --format json-buffer.
import { runCli } from './lib/cli/index.js';
import { clientMain } from './lib/cli/transmission.js';

runCli(import.meta.url, async () => {
  process.exitCode = await clientMain(process.argv.slice(2), { name: 'client_json', format: 'json-buffer' });
});
