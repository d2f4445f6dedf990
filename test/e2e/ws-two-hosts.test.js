// Two machines: server and client in two network namespaces joined by a veth pair, optionally shaped by tc tbf.
// test-runner: alone (asserts timing bounds: see scripts/run-tests.js)
// Needs root and iproute2; elsewhere it skips and says why, unless REQUIRE_NETNS is set (CI runs as root and sets
// it), where a skip would hide a broken test: there it fails. Addresses exist only inside these namespaces.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { ROOT } from '../../lib/paths.js';

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
  try {
    for (const script of ['client_json.js', 'client_protobuf.js']) {
      const r = await runIn(NS_CLIENT, script, ['3', '3000', '--url', `ws://${SERVER_IP}:7070`, '--window', '8', '--json']).done;
      assert.equal(r.code, 0, r.stderr);
      const [row] = JSON.parse(r.stdout).results;
      assert.deepEqual([row.acked, row.lost, row.duplicated, row.errors], [3000, 0, 0, 0]);
    }
  } finally {
    const summary = await stop(server);
    assert.match(summary, /8000 messages/); // 2 × (3000 + 1000 warm-up)
  }
});

test('the link between the hosts shaped by tc tbf: the client cannot send faster than the rate', { skip: skip ?? false }, async (t) => {
  // upstream only (client → server), 8 Mbit/s
  ip('-n', NS_CLIENT, 'link', 'set', VETH_CLIENT, 'up');
  execFileSync('ip', ['netns', 'exec', NS_CLIENT, 'tc', 'qdisc', 'add', 'dev', VETH_CLIENT, 'root', 'tbf', 'rate', '8mbit', 'burst', '16kb', 'latency', '200ms']);
  const server = await startServer();
  try {
    const r = await runIn(NS_CLIENT, 'client_json.js', ['3', '1500', '--url', `ws://${SERVER_IP}:7070`, '--window', '32', '--warmup', '0', '--json']).done;
    assert.equal(r.code, 0, r.stderr);
    const [row] = JSON.parse(r.stdout).results;
    assert.equal(row.acked, 1500);
    const mbit = (row.wireBytes.frames * 8) / 1e6 / row.seconds;
    // unshaped, this link carries well over 50 Mbit/s; shaped, the WebSocket bytes alone cannot exceed the rate, and
    // with 32 messages in flight the client keeps the link busy: at least half of it carries WebSocket frames (TCP/IP
    // headers and ACK pacing take the rest): a client that stalls or crawls fails
    t.diagnostic(`${mbit.toFixed(2)} Mbit/s of WebSocket frames through an 8 Mbit/s tbf`);
    assert.ok(mbit <= 8 * 1.15 && mbit >= 8 * 0.5, `${mbit.toFixed(2)} Mbit/s through an 8 Mbit/s tbf`);
  } finally {
    await stop(server);
  }
});
