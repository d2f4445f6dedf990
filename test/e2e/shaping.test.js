// Network throttling: profiles, the built-in link emulator measured for real, the os adapter against stand-in commands.
// test-runner: alone (asserts timing bounds: see scripts/run-tests.js)
import nodeTest from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLinkEmulator } from '../../lib/transmission/shaping/emulator.js';
import { describeLink, resolveProfile } from '../../lib/transmission/shaping/profiles.js';
import { checkOsShaper, chooseShaper, startOsShaper } from '../../lib/transmission/shaping/os.js';
import { median } from '../../lib/measure/statistics.js';

// a hung socket fails its test instead of hanging the suite
const test = (/** @type {string} */ name, /** @type {import('node:test').TestFn} */ fn) => nodeTest(name, { timeout: 20000 }, fn);
test.after = nodeTest.after;

// The emulator schedules every packet at a computed time and a timer can only fire late (it delivers what is due
// within 0.5 ms), so a round trip can never be shorter, nor a transfer faster, than asked by more than that: that side
// of each bound is tight. Only the other side, where a loaded machine's late timers push, gets slack.
const NOT_BEFORE_MS = 1;
const LATE_SLACK = 0.15;

test('profiles: named, custom, none, and unknown names refused', () => {
  assert.deepEqual(resolveProfile('4g'), { name: '4g', rtt: 85, down: 9000, up: 9000 });
  assert.equal(resolveProfile('none'), null);
  assert.deepEqual(resolveProfile('custom', { rtt: 40 }), { name: 'custom', rtt: 40, down: null, up: null });
  assert.throws(() => resolveProfile('5g'), /unknown throttle profile "5g" \(known: none, 3gslow/);
  assert.throws(() => resolveProfile('custom', {}), /needs at least one of --rtt/);
  assert.equal(describeLink(resolveProfile('3g')), '3g: RTT 150 ms, down 1600 kbit/s, up 768 kbit/s');
});

/** A TCP server that echoes small messages and answers "send N" with N bytes. */
async function startEchoServer() {
  const received = { bytes: 0, lastAt: 0 };
  const server = net.createServer((s) => {
    s.setNoDelay(true);
    s.on('data', (d) => {
      const text = d.length < 32 ? d.toString() : '';
      const m = /^send (\d+)$/.exec(text);
      if (m) s.write(Buffer.alloc(Number(m[1]), 1));
      else if (text === 'ping') s.write('pong');
      else {
        received.bytes += d.length;
        received.lastAt = performance.now();
      }
    });
    s.on('error', () => {});
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  return { port: /** @type {import('node:net').AddressInfo} */ (server.address()).port, received, close: () => new Promise((resolve) => { server.close(resolve); }) };
}

/**
 * A socket through the emulator to an echo server, closed after `fn`.
 * @template T
 * @param {Omit<Parameters<typeof startLinkEmulator>[0], 'target'>} link
 * @param {(socket: net.Socket, echo: Awaited<ReturnType<typeof startEchoServer>>) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withLink(link, fn) {
  const echo = await startEchoServer();
  const relay = await startLinkEmulator({ target: { host: '127.0.0.1', port: echo.port }, ...link });
  const socket = net.connect(relay.port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once('connect', resolve));
  try {
    return await fn(socket, echo);
  } finally {
    socket.destroy();
    await relay.close();
    await echo.close();
  }
}

/** @type {(socket: net.Socket, bytes: number) => Promise<number>} resolves with the time `bytes` more bytes have arrived */
const nextData = (socket, bytes) => new Promise((resolve) => {
  let got = 0;
  const onData = (/** @type {Buffer} */ d) => {
    got += d.length;
    if (got >= bytes) {
      socket.off('data', onData);
      resolve(performance.now());
    }
  };
  socket.on('data', onData);
});

test('emulator: the measured round trip is the RTT asked for (never shorter, at most 15% longer)', async () => {
  await withLink({ rtt: 80 }, async (socket) => {
    const rtts = [];
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      const done = nextData(socket, 4);
      socket.write('ping');
      rtts.push((await done) - t0);
    }
    const rtt = median(rtts);
    assert.ok(rtt >= 80 - NOT_BEFORE_MS && rtt <= 80 * (1 + LATE_SLACK), `median RTT ${rtt.toFixed(1)} ms for 80 asked`);
  });
});

test('emulator: downstream throughput is the bandwidth asked for (never faster, at most 15% slower), after the delay', async () => {
  await withLink({ rtt: 20, down: 4000, up: null }, async (socket) => {
    const bytes = 200_000;
    const t0 = performance.now();
    const done = nextData(socket, bytes);
    socket.write(`send ${bytes}`);
    const ms = (await done) - t0 - 20;
    const exactMs = (bytes * 8) / 4000;
    assert.ok(ms >= exactMs - NOT_BEFORE_MS && ms <= exactMs * (1 + LATE_SLACK), `${((bytes * 8) / ms).toFixed(0)} kbit/s for 4000 asked (${ms.toFixed(1)} ms)`);
  });
});

test('emulator: upstream throughput is the bandwidth asked for (never faster, at most 15% slower), and packets queue behind each other', async () => {
  await withLink({ rtt: 10, down: null, up: 2000, queueBytes: 32 * 1024 }, async (socket, echo) => {
    const bytes = 100_000;
    const t0 = performance.now();
    socket.write(Buffer.alloc(bytes, 2));
    while (echo.received.bytes < bytes) await new Promise((resolve) => setTimeout(resolve, 5));
    const ms = echo.received.lastAt - t0 - 5;
    const exactMs = (bytes * 8) / 2000;
    assert.ok(ms >= exactMs - NOT_BEFORE_MS && ms <= exactMs * (1 + LATE_SLACK), `${((bytes * 8) / ms).toFixed(0)} kbit/s for 2000 asked (${ms.toFixed(1)} ms)`);
  });
});

test('emulator: connections share the link: two downloads at once take as long as their bytes at the bandwidth, not half', async () => {
  const echo = await startEchoServer();
  const relay = await startLinkEmulator({ target: { host: '127.0.0.1', port: echo.port }, rtt: 10, down: 4000, up: null });
  const sockets = [];
  try {
    for (let i = 0; i < 2; i++) {
      const socket = net.connect(relay.port, '127.0.0.1');
      socket.setNoDelay(true);
      await new Promise((resolve) => socket.once('connect', resolve));
      sockets.push(socket);
    }
    const bytes = 100_000;
    const t0 = performance.now();
    const done = sockets.map((socket) => nextData(socket, bytes));
    for (const socket of sockets) socket.write(`send ${bytes}`);
    const ms = Math.max(...(await Promise.all(done))) - t0 - 10;
    // one link of 4000 kbit/s carries both: 400 ms (two links would take 200)
    const exactMs = (2 * bytes * 8) / 4000;
    assert.ok(ms >= exactMs - NOT_BEFORE_MS && ms <= exactMs * (1 + LATE_SLACK), `${((2 * bytes * 8) / ms).toFixed(0)} kbit/s over both for 4000 asked (${ms.toFixed(1)} ms)`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await relay.close();
    await echo.close();
  }
});

/** Stand-in commands that log each call; sudo runs only the stand-ins beside it. */
function standIns({ sudo = true, netem = true, sudoN = true } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'throttle-standin-'));
  const log = path.join(dir, 'calls.log');
  const write = (/** @type {string} */ name, /** @type {string} */ body) => fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  if (sudo) {
    write('sudo', `echo "sudo $*" >> "${log}"
if [ "$1" = "-n" ]; then shift; ${sudoN ? ':' : 'echo "sudo: a password is required" >&2; exit 1'}; fi
cmd="$1"; shift
[ "$cmd" = true ] && exit 0
exec "${dir}/$cmd" "$@"`);
  }
  write('tc', `echo "tc $*" >> "${log}"
case "$*" in *netem*) ${netem ? 'exit 0' : 'echo "Error: Specified qdisc kind is unknown." >&2; exit 2'};; esac
exit 0`);
  write('ip', `echo "ip $*" >> "${log}"
case "$1 $2" in "netns exec") shift 3; exec "${dir}/$@";; "route "*) echo "default via 10.9.9.1 dev eth9";; esac
exit 0`);
  write('modprobe', `echo "modprobe $*" >> "${log}"`);
  return {
    env: { PATH: dir },
    calls: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []),
    clean: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

test('os shaper prerequisites: says exactly what is missing', async (t) => {
  const noSudo = standIns({ sudo: false });
  t.after(noSudo.clean);
  assert.deepEqual(await checkOsShaper({ env: noSudo.env, uid: 0, platform: 'linux' }),
    { ok: false, missing: ['sudo is not installed (@sitespeed.io/throttle runs every command through sudo, even as root)'] });

  const passwordSudo = standIns({ sudoN: false });
  t.after(passwordSudo.clean);
  const asUser = await checkOsShaper({ env: passwordSudo.env, uid: 1000, platform: 'linux' });
  assert.deepEqual(asUser.missing, ['root or passwordless sudo (sudo -n true failed)']);

  const noNetem = standIns({ netem: false });
  t.after(noNetem.clean);
  const r = await checkOsShaper({ env: noNetem.env, uid: 0, platform: 'linux' });
  assert.equal(r.ok, false);
  assert.deepEqual(r.missing, ['the kernel\'s netem qdisc (sch_netem): tc says "Error: Specified qdisc kind is unknown."']);
  // the probe ran in a namespace of its own, and removed it
  const calls = noNetem.calls();
  const added = /ip netns add (\S+)/.exec(calls.join('\n'));
  assert.ok(added, calls.join('\n'));
  const ns = added[1];
  assert.ok(calls.includes(`tc qdisc add dev lo root netem delay 1ms`), calls.join('\n'));
  assert.ok(calls.includes(`ip netns del ${ns}`), calls.join('\n'));

  const fine = standIns();
  t.after(fine.clean);
  assert.deepEqual(await checkOsShaper({ env: fine.env, uid: 0, platform: 'linux' }), { ok: true, missing: [] });
  assert.deepEqual((await checkOsShaper({ env: fine.env, platform: 'win32' })).missing, ['platform win32 (needs Linux tc/netem or macOS pfctl)']);
});

test('os shaper: the tc commands @sitespeed.io/throttle runs, on loopback and on the default interface', async (t) => {
  const s = standIns();
  t.after(s.clean);
  const saved = process.env.PATH;
  process.env.PATH = `${s.env.PATH}${path.delimiter}${saved}`; // stand-ins first; sh, awk and tr from the system
  t.after(() => { process.env.PATH = saved; });

  const loop = await startOsShaper({ rtt: 100, down: null, up: null }, { loopback: true });
  await loop.stop();
  const loopCalls = s.calls().filter((c) => c.startsWith('tc '));
  assert.ok(loopCalls.includes('tc qdisc add dev lo root handle 1:0 netem delay 50ms'), loopCalls.join('\n'));
  assert.equal(loopCalls.at(-1), 'tc qdisc del dev lo root');

  const fourG = resolveProfile('4g');
  assert.ok(fourG);
  const wan = await startOsShaper(fourG, { loopback: false });
  await wan.stop();
  const calls = s.calls();
  assert.ok(calls.includes('tc qdisc add dev ifb0 root handle 1:0 netem delay 42.5ms rate 9000kbit'), calls.join('\n'));
  assert.ok(calls.includes('tc qdisc add dev eth9 root handle 1:0 netem delay 42.5ms rate 9000kbit'), calls.join('\n'));
  assert.ok(calls.includes('tc qdisc del dev ifb0 root'), calls.join('\n'));
  assert.ok(calls.every((c) => !c.startsWith('tc ') || calls.includes(`sudo ${c}`)), 'every tc call went through sudo');
});

test('shaper choice: auto takes os only where it can honour the whole profile; os refuses with what is missing', async () => {
  const works = async () => ({ ok: true, missing: [] });
  const broken = async () => ({ ok: false, missing: ['sudo is not installed'] });
  const fourG = resolveProfile('4g');
  const delayOnly = resolveProfile('custom', { rtt: 30 });
  assert.equal((await chooseShaper({ shaper: 'auto', link: null, loopback: true, check: works })).kind, 'none');
  assert.equal((await chooseShaper({ shaper: 'auto', link: fourG, loopback: false, check: works })).kind, 'os');
  assert.equal((await chooseShaper({ shaper: 'auto', link: fourG, loopback: true, check: works })).kind, 'emulator');
  assert.equal((await chooseShaper({ shaper: 'auto', link: delayOnly, loopback: true, check: works })).kind, 'os');
  const fallback = await chooseShaper({ shaper: 'auto', link: fourG, loopback: false, check: broken });
  assert.deepEqual(fallback, { kind: 'emulator', note: 'auto chose the emulator; the os shaper is missing sudo is not installed' });
  await assert.rejects(chooseShaper({ shaper: 'os', link: fourG, loopback: false, check: broken }), /--shaper os cannot run here: missing sudo is not installed/);
  await assert.rejects(chooseShaper({ shaper: 'tc', link: fourG, loopback: false }), /--shaper: expected auto, os or emulator/);
  assert.equal((await chooseShaper({ shaper: 'emulator', link: fourG, loopback: false, check: works })).kind, 'emulator');
});
