// Two machines: server and client in two network namespaces joined by a veth pair, optionally shaped by tc tbf.
// test-runner: alone (asserts timing bounds: see scripts/run-tests.js)
// Needs root and iproute2; elsewhere it skips and says why, unless REQUIRE_NETNS is set (CI runs as root and sets
// it), where a skip would hide a broken test: there it fails. Addresses exist only inside these namespaces.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';
import { messageCost, predictThroughput } from '../../lib/transmission/model.js';

const id = process.pid % 100000;
const NS_SERVER = `ws-srv-${id}`;
const NS_CLIENT = `ws-cli-${id}`;
const VETH_SERVER = `wss${id}`;
const VETH_CLIENT = `wsc${id}`;
const SERVER_IP = '10.213.7.1';
const CLIENT_IP = '10.213.7.2';

const ip = (/** @type {string[]} */ ...args) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();

function cleanUp() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const ns of [NS_SERVER, NS_CLIENT]) {
    try {
      ip('netns', 'del', ns); // takes its end of the veth pair with it
    } catch { /* not there */ }
  }
}

/** Creates the two hosts; returns why not when it cannot. */
function setUp() {
  if (process.getuid?.() !== 0) return 'network namespaces need root (ip netns add); run the tests as root to include this one';
  try {
    ip('-V');
  } catch {
    return 'iproute2 (the ip command) is not installed';
  }
  try {
    ip('netns', 'add', NS_SERVER);
    ip('netns', 'add', NS_CLIENT);
    ip('link', 'add', VETH_SERVER, 'type', 'veth', 'peer', 'name', VETH_CLIENT);
    ip('link', 'set', VETH_SERVER, 'netns', NS_SERVER);
    ip('link', 'set', VETH_CLIENT, 'netns', NS_CLIENT);
    ip('-n', NS_SERVER, 'addr', 'add', `${SERVER_IP}/24`, 'dev', VETH_SERVER);
    ip('-n', NS_CLIENT, 'addr', 'add', `${CLIENT_IP}/24`, 'dev', VETH_CLIENT);
    for (const [ns, dev] of [[NS_SERVER, VETH_SERVER], [NS_CLIENT, VETH_CLIENT]]) {
      ip('-n', ns, 'link', 'set', dev, 'up');
      ip('-n', ns, 'link', 'set', 'lo', 'up');
    }
    return null;
  } catch (err) {
    cleanUp();
    // execFileSync's error carries the command's stderr
    const stderr = err && typeof err === 'object' && 'stderr' in err ? err.stderr : '';
    const message = err instanceof Error ? err.message : String(err);
    return `cannot create network namespaces here: ${String(stderr || message).trim().split('\n')[0]}`;
  }
}

const skip = setUp();
if (skip && process.env.REQUIRE_NETNS) {
  test('two hosts in network namespaces (REQUIRE_NETNS is set)', () => assert.fail(`REQUIRE_NETNS is set but ${skip}`));
}
process.on('exit', cleanUp);
test.after(cleanUp);

/** Runs an entry point inside a namespace (ip netns exec replaces itself with node, so the pid is node's). */
/**
 * @param {string} ns
 * @param {string} script
 * @param {string[]} args
 */
function runIn(ns, script, args) {
  const child = spawn('ip', ['netns', 'exec', ns, process.execPath, path.join(ROOT, script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  /** @type {Promise<{ code: number|null, stdout: string, stderr: string }>} */
  const done = new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done, stdout: () => stdout };
}

async function startServer() {
  const server = runIn(NS_SERVER, 'server.js', ['3', '--host', '0.0.0.0', '--port', '7070']);
  await new Promise((resolve, reject) => {
    server.child.stdout.on('data', () => { if (/^listening on ws:\/\/0\.0\.0\.0:7070\n/.test(server.stdout())) resolve(undefined); });
    server.done.then((r) => reject(new Error(`server exited: ${r.stderr}`)));
  });
  return server;
}

/** @param {ReturnType<typeof runIn>} server */
async function stop(server) {
  server.child.kill('SIGTERM');
  const r = await server.done;
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

test('server on one host with --host 0.0.0.0, clients on another with --url: zero loss', { skip: skip ?? false }, async () => {
  const server = await startServer();
  // what the clients say they sent, their warm-up chunks included
  let sent = 0;
  try {
    for (const script of ['client_json.js', 'client_protobuf.js']) {
      const r = await runIn(NS_CLIENT, script, ['3', '3000', '--url', `ws://${SERVER_IP}:7070`, '--window', '8', '--json']).done;
      assert.equal(r.code, 0, r.stderr);
      const [row] = JSON.parse(r.stdout).results;
      assert.deepEqual([row.acked, row.lost, row.duplicated, row.errors], [3000, 0, 0, 0]);
      sent += row.messages + row.warmup.messages;
    }
  } finally {
    const summary = await stop(server);
    // 2 × (3,000 + the warm-up's chunks of 1,000)
    assert.match(summary, new RegExp(`: ${sent} messages,`));
  }
});

/**
 * One pass of client.js in the client's namespace against the server; its result row.
 * @param {string} format
 * @param {number} messages
 * @param {string[]} [extra]
 */
async function pass(format, messages, extra = []) {
  const r = await runIn(NS_CLIENT, 'client.js', ['--format', format, '3', String(messages), '--url', `ws://${SERVER_IP}:7070`, '--window', '32', '--warmup', '0', '--json', ...extra]).done;
  assert.equal(r.code, 0, r.stderr);
  const [row] = JSON.parse(r.stdout).results;
  assert.equal(row.acked, messages, `${format}: every message acked`);
  return row;
}

/** @type {(ns: string, ...args: string[]) => void} */
const tc = (ns, ...args) => { execFileSync('ip', ['netns', 'exec', ns, 'tc', ...args]); };

test('the kernel\'s shaper (tc tbf, 768 kbit/s up, 1600 down, rtt 0) against the built-in emulator and the break-even model at the same link: within 2% for JSON and protobuf', { skip: skip ?? false }, async (t) => {
  const link = { up: 768, down: 1600, rtt: 0, window: 32 };
  // passes of about 5 s each: tbf's burst (1600 bytes: one full frame) is under 0.4% of what a pass sends
  const formats = /** @type {const} */ ([['json-buffer', 600], ['protobufjs-static', 1200]]);
  const server = await startServer();
  try {
    /** @type {Record<string, { loopback: any, tbf: any, emulator: any, model: number }>} */
    const rows = {};
    for (const [format, messages] of formats) {
      // the same messages as the shaped passes (message i is corpus[i % n]): the model's bytes per message are theirs
      const loopback = await pass(format, messages);
      // each direction shaped where it leaves: the client's veth carries up, the server's down
      tc(NS_CLIENT, 'qdisc', 'add', 'dev', VETH_CLIENT, 'root', 'tbf', 'rate', `${link.up}kbit`, 'burst', '1600', 'limit', '4000000');
      tc(NS_SERVER, 'qdisc', 'add', 'dev', VETH_SERVER, 'root', 'tbf', 'rate', `${link.down}kbit`, 'burst', '1600', 'limit', '4000000');
      let tbf;
      try {
        tbf = await pass(format, messages);
      } finally {
        tc(NS_CLIENT, 'qdisc', 'del', 'dev', VETH_CLIENT, 'root');
        tc(NS_SERVER, 'qdisc', 'del', 'dev', VETH_SERVER, 'root');
      }
      const emulator = await pass(format, messages, ['--throttle', 'custom', '--up', String(link.up), '--down', String(link.down), '--rtt', '0', '--shaper', 'emulator']);
      const model = predictThroughput(messageCost(loopback), link).msgsPerSec;
      rows[format] = { loopback, tbf, emulator, model };
      t.diagnostic(`${format}: tbf ${tbf.msgsPerSec.toFixed(2)} msgs/s in ${tbf.seconds.toFixed(2)} s, emulator ${emulator.msgsPerSec.toFixed(2)} (×${(emulator.msgsPerSec / tbf.msgsPerSec).toFixed(4)}), `
        + `model ${model.toFixed(2)} (×${(model / tbf.msgsPerSec).toFixed(4)}); ${(tbf.wireBytes.up / messages).toFixed(1)} stream bytes up per message`);
      // the stream's bytes alone cannot pass faster than the rate
      assert.ok((tbf.wireBytes.up * 8) / 1000 / tbf.seconds <= link.up, `${format}: ${((tbf.wireBytes.up * 8) / 1000 / tbf.seconds).toFixed(1)} kbit/s of stream through ${link.up}`);
      assert.ok(Math.abs(emulator.msgsPerSec / tbf.msgsPerSec - 1) <= 0.02, `${format}: emulator ${emulator.msgsPerSec} vs tbf ${tbf.msgsPerSec} msgs/s`);
      assert.ok(Math.abs(model / tbf.msgsPerSec - 1) <= 0.02, `${format}: model ${model} vs tbf ${tbf.msgsPerSec} msgs/s`);
    }
    const ratio = (/** @type {(r: (typeof rows)[string]) => number} */ of) => of(rows['protobufjs-static']) / of(rows['json-buffer']);
    t.diagnostic(`protobuf/JSON msgs/s: tbf ${ratio((r) => r.tbf.msgsPerSec).toFixed(3)}, emulator ${ratio((r) => r.emulator.msgsPerSec).toFixed(3)}, model ${ratio((r) => r.model).toFixed(3)}`);
  } finally {
    await stop(server);
  }
});
