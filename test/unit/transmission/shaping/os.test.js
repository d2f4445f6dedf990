import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../../../lib/errors.js';
import { checkOsShaper, chooseShaper, startOsShaper } from '../../../../lib/transmission/shaping/os.js';

/**
 * A PATH of one temporary folder holding executable stand-ins with these names (checkOsShaper only looks for
 * them; startOsShaper's library runs `sudo`).
 * @param {import('node:test').TestContext} t
 * @param {string[]} names
 * @param {string} [script] the stand-ins' shell script
 */
function standInPath(t, names, script = '#!/bin/sh\nexit 0\n') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-shaper-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of names) fs.writeFileSync(path.join(dir, name), script, { mode: 0o755 });
  return dir;
}

/**
 * A stand-in for running a command: records each call and fails those `fail` names (by their arguments joined).
 * @param {Record<string, string>} [fail] arguments joined by spaces → the stderr of the failure
 */
function standInRun(fail = {}) {
  /** @type {string[]} */
  const calls = [];
  /** @type {(cmd: string, args: string[]) => Promise<{ stdout: string, stderr: string }>} */
  const run = async (cmd, args) => {
    const line = [cmd, ...args].join(' ');
    calls.push(line);
    const hit = Object.keys(fail).find((k) => line.includes(k));
    if (hit) throw Object.assign(new Error(`Command failed: ${line}`), { stderr: fail[hit] });
    return { stdout: '', stderr: '' };
  };
  return { calls, run };
}

test('checkOsShaper: a platform without tc or pfctl is refused by name', async () => {
  assert.deepEqual(await checkOsShaper({ platform: 'win32', env: {}, uid: 0 }), { ok: false, missing: ['platform win32 (needs Linux tc/netem or macOS pfctl)'] });
});

test('checkOsShaper: the library runs everything through sudo, so a missing sudo is named even for root', async (t) => {
  const PATH = standInPath(t, ['tc', 'ip']);
  const r = await checkOsShaper({ platform: 'linux', env: { PATH }, uid: 0, run: standInRun().run });
  assert.deepEqual(r, { ok: false, missing: ['sudo is not installed (@sitespeed.io/throttle runs every command through sudo, even as root)'] });
});

test('checkOsShaper: a user without passwordless sudo is refused after one `sudo -n true`', async (t) => {
  const PATH = standInPath(t, ['sudo', 'tc', 'ip']);
  const { calls, run } = standInRun({ 'sudo -n true': 'sudo: a password is required' });
  const r = await checkOsShaper({ platform: 'linux', env: { PATH }, uid: 1000, run });
  assert.deepEqual(r, { ok: false, missing: ['root or passwordless sudo (sudo -n true failed)'] });
  assert.deepEqual(calls, ['sudo -n true']);
});

test('checkOsShaper on Linux: tc and ip (iproute2) must be on PATH', async (t) => {
  const PATH = standInPath(t, ['sudo']);
  const r = await checkOsShaper({ platform: 'linux', env: { PATH }, uid: 0, run: standInRun().run });
  assert.deepEqual(r, { ok: false, missing: ['tc (iproute2)', 'ip (iproute2)'] });
});

test('checkOsShaper on Linux: netem is probed in a namespace of its own, which is removed afterwards', async (t) => {
  const PATH = standInPath(t, ['sudo', 'tc', 'ip']);
  const { calls, run } = standInRun();
  assert.deepEqual(await checkOsShaper({ platform: 'linux', env: { PATH }, uid: 0, run }), { ok: true, missing: [] });
  const ns = `netem-probe-${process.pid}`;
  assert.deepEqual(calls, [
    `sudo -n ip netns add ${ns}`,
    `sudo -n ip netns exec ${ns} tc qdisc add dev lo root netem delay 1ms`,
    `sudo -n ip netns del ${ns}`,
  ], 'never a command on this machine\'s own interfaces');
});

test('checkOsShaper on Linux: a kernel without netem is named with tc\'s own first line; the namespace is still removed', async (t) => {
  const PATH = standInPath(t, ['sudo', 'tc', 'ip']);
  const { calls, run } = standInRun({ 'netem delay': 'Error: Specified qdisc kind is unknown.\nmore detail' });
  const r = await checkOsShaper({ platform: 'linux', env: { PATH }, uid: 0, run });
  assert.deepEqual(r, { ok: false, missing: ['the kernel\'s netem qdisc (sch_netem): tc says "Error: Specified qdisc kind is unknown."'] });
  assert.match(String(calls.at(-1)), /^sudo -n ip netns del /);
});

test('checkOsShaper on Linux: no network namespace to probe in is named', async (t) => {
  const PATH = standInPath(t, ['sudo', 'tc', 'ip']);
  const { calls, run } = standInRun({ 'netns add': 'mount --make-shared /run/netns failed: Operation not permitted' });
  const r = await checkOsShaper({ platform: 'linux', env: { PATH }, uid: 0, run });
  assert.deepEqual(r, { ok: false, missing: ['a network namespace to probe netem in (mount --make-shared /run/netns failed: Operation not permitted)'] });
  assert.equal(calls.length, 1);
});

test('checkOsShaper on macOS: pfctl is what it needs', async (t) => {
  const without = standInPath(t, ['sudo']);
  assert.deepEqual(await checkOsShaper({ platform: 'darwin', env: { PATH: without }, uid: 0, run: standInRun().run }), { ok: false, missing: ['pfctl'] });
  const withPfctl = standInPath(t, ['sudo', 'pfctl']);
  const { calls, run } = standInRun();
  assert.deepEqual(await checkOsShaper({ platform: 'darwin', env: { PATH: withPfctl }, uid: 0, run }), { ok: true, missing: [] });
  assert.deepEqual(calls, [], 'no netem probe on macOS');
});

/**
 * A check stand-in and how often it ran.
 * @param {{ ok: boolean, missing: string[] }} answer
 */
function standInCheck(answer) {
  const seen = { calls: 0 };
  return { seen, check: async () => { seen.calls++; return answer; } };
}
const rttOnly = { rtt: 100, down: null, up: null };
const mobile = { rtt: 150, down: 1600, up: 768 };
const works = { ok: true, missing: [] };
const missing = { ok: false, missing: ['tc (iproute2)', 'ip (iproute2)'] };

test('chooseShaper: no link, no shaper; the emulator when asked, without probing the OS', async () => {
  const { seen, check } = standInCheck(works);
  assert.deepEqual(await chooseShaper({ link: null, loopback: true, check }), { kind: 'none', note: null });
  assert.deepEqual(await chooseShaper({ shaper: 'emulator', link: mobile, loopback: false, check }), { kind: 'emulator', note: null });
  assert.equal(seen.calls, 0);
});

test('chooseShaper auto: on loopback with a bandwidth limit the emulator, since the os shaper cannot limit loopback\'s bandwidth', async () => {
  const { seen, check } = standInCheck(works);
  assert.deepEqual(await chooseShaper({ link: mobile, loopback: true, check }),
    { kind: 'emulator', note: 'auto chose the emulator: on loopback the os shaper adds delay only, not bandwidth' });
  assert.equal(seen.calls, 0);
  assert.deepEqual(await chooseShaper({ link: rttOnly, loopback: true, check }), { kind: 'os', note: null }, 'delay alone it can do');
  assert.deepEqual(await chooseShaper({ link: mobile, loopback: false, check }), { kind: 'os', note: null });
});

test('chooseShaper auto: where the os shaper is missing, the emulator, saying what is missing', async () => {
  const { check } = standInCheck(missing);
  assert.deepEqual(await chooseShaper({ link: mobile, loopback: false, check }),
    { kind: 'emulator', note: 'auto chose the emulator; the os shaper is missing tc (iproute2); ip (iproute2)' });
});

test('chooseShaper os: refused with what is missing; on loopback it warns that bandwidth is not limited', async () => {
  await assert.rejects(chooseShaper({ shaper: 'os', link: mobile, loopback: false, check: standInCheck(missing).check }),
    (err) => err instanceof UserError && err.message === '--shaper os cannot run here: missing tc (iproute2); ip (iproute2)');
  assert.deepEqual(await chooseShaper({ shaper: 'os', link: mobile, loopback: true, check: standInCheck(works).check }),
    { kind: 'os', note: 'os shaper on loopback: delay only, bandwidth is NOT limited' });
});

test('chooseShaper refuses an unknown --shaper in one line', async () => {
  await assert.rejects(chooseShaper({ shaper: 'netem', link: mobile, loopback: false }),
    (err) => err instanceof UserError && err.message === '--shaper: expected auto, os or emulator, got "netem"');
});

// startOsShaper through the real @sitespeed.io/throttle, with a stand-in `sudo` first on PATH that writes down what
// the library asks of it: nothing is shaped. The library's commands are Linux's tc.
const linux = process.platform === 'linux' ? {} : { skip: 'the stand-in sudo speaks for tc, which the library uses on Linux only' };

/**
 * Puts a stand-in sudo first on PATH for one test: it appends its arguments to a log, answers `ip route` with a
 * default route on eth9, and fails with `failWith` on stderr when that is set.
 * @param {import('node:test').TestContext} t
 * @param {string} [failWith]
 */
function standInSudo(t, failWith) {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'os-shaper-log-')), 'sudo.log');
  const dir = standInPath(t, ['sudo'], `#!/bin/sh
echo "$*" >> "${log}"
if [ "$*" = "ip route" ]; then echo "default via 10.0.0.1 dev eth9 proto dhcp"; exit 0; fi
${failWith ? `echo "${failWith}" >&2; exit 2` : 'exit 0'}
`);
  const before = process.env.PATH;
  process.env.PATH = `${dir}${path.delimiter}${before}`;
  t.after(() => {
    process.env.PATH = before;
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  });
  return () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []);
}

test('startOsShaper on loopback: netem on lo with half the RTT, removed by stop()', linux, async (t) => {
  const commands = standInSudo(t);
  const shaper = await startOsShaper({ rtt: 99.6, down: 1600, up: 768 }, { loopback: true });
  assert.deepEqual(shaper.options, { localhost: true, rtt: 100 }, 'loopback: delay only, a whole number of ms');
  assert.deepEqual(commands(), ['tc qdisc del dev lo root', 'tc qdisc add dev lo root handle 1:0 netem delay 50ms']);
  await shaper.stop();
  assert.equal(commands().at(-1), 'tc qdisc del dev lo root');
});

test('startOsShaper off loopback: the default interface and ifb0 get half the RTT and each direction\'s rate', linux, async (t) => {
  const commands = standInSudo(t);
  const shaper = await startOsShaper({ rtt: 85, down: 9000, up: 768.4 }, { loopback: false });
  assert.deepEqual(shaper.options, { rtt: 85, down: 9000, up: 768 });
  const shaping = commands().filter((c) => c.includes(' netem '));
  assert.deepEqual(shaping, [
    'tc qdisc add dev ifb0 root handle 1:0 netem delay 42.5ms rate 9000kbit',
    'tc qdisc add dev eth9 root handle 1:0 netem delay 42.5ms rate 768kbit',
  ]);
});

test('startOsShaper: a failing library is one line naming it, and whatever it set up is removed', linux, async (t) => {
  const commands = standInSudo(t, 'RTNETLINK answers: Operation not permitted');
  await assert.rejects(startOsShaper({ rtt: 40, down: null, up: null }, { loopback: true }),
    (err) => err instanceof UserError && err.message === 'os shaper: @sitespeed.io/throttle failed: RTNETLINK answers: Operation not permitted');
  assert.deepEqual(commands(), ['tc qdisc del dev lo root', 'tc qdisc add dev lo root handle 1:0 netem delay 20ms', 'tc qdisc del dev lo root']);
});
