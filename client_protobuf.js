#!/usr/bin/env node
// WebSocket transmission client for Protocol Buffers: node client.js --format protobufjs-static.
import { runCli } from './lib/cli/index.js';
import { clientMain } from './lib/cli/transmission.js';

runCli(import.meta.url, async () => {
  process.exitCode = await clientMain(process.argv.slice(2), { name: 'client_protobuf', format: 'protobufjs-static' });
});
