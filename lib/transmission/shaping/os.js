import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { UserError, firstLine } from '../../errors.js';

const execFileAsync = promisify(execFile);

/**
 * Whether the os shaper (@sitespeed.io/throttle: tc + netem on Linux, pfctl
 * on macOS) can run here, and if not, exactly what is missing. The library
 * runs every command through `sudo`, even as root, so sudo itself must exist.
 * The netem probe happens in a network namespace of its own, so it never
 * touches this machine's interfaces.
 * @param {{ env?: NodeJS.ProcessEnv, platform?: string, uid?: number, run?: (cmd: string, args: string[]) => Promise<unknown> }} [deps] run: a command that rejects when it fails (its output is not read)
 * @returns {Promise<{ ok: boolean, missing: string[] }>}
 */
export async function checkOsShaper({ env = process.env, platform = os.platform(), uid = process.getuid?.(), run = (cmd, args) => execFileAsync(cmd, args, { env, timeout: 10000 }) } = {}) {
  const missing = [];
  if (platform !== 'linux' && platform !== 'darwin') return { ok: false, missing: [`platform ${platform} (needs Linux tc/netem or macOS pfctl)`] };
  if (!onPath('sudo', env)) {
    missing.push(`sudo is not installed (@sitespeed.io/throttle runs every command through sudo${uid === 0 ? ', even as root' : ''})`);
    return { ok: false, missing };
  }
  if (uid !== 0) {
    try {
      await run('sudo', ['-n', 'true']);
    } catch {
      missing.push('root or passwordless sudo (sudo -n true failed)');
      return { ok: false, missing };
    }
  }
  if (platform === 'darwin') {
    if (!onPath('pfctl', env)) missing.push('pfctl');
    return { ok: !missing.length, missing };
  }
  for (const cmd of ['tc', 'ip']) if (!onPath(cmd, env)) missing.push(`${cmd} (iproute2)`);
  if (missing.length) return { ok: false, missing };
  const ns = `netem-probe-${process.pid}`;
  try {
    await run('sudo', ['-n', 'ip', 'netns', 'add', ns]);
  } catch (err) {
    missing.push(`a network namespace to probe netem in (${firstLine(err)})`);
    return { ok: false, missing };
  }
  try {
    await run('sudo', ['-n', 'ip', 'netns', 'exec', ns, 'tc', 'qdisc', 'add', 'dev', 'lo', 'root', 'netem', 'delay', '1ms']);
  } catch (err) {
    missing.push(`the kernel's netem qdisc (sch_netem): tc says "${firstLine(err)}"`);
  } finally {
    await run('sudo', ['-n', 'ip', 'netns', 'del', ns]).catch(() => {});
  }
  return { ok: !missing.length, missing };
}

/**
 * Shapes the machine's traffic with @sitespeed.io/throttle until stop().
 * On loopback the library can only add delay (netem on lo, half the RTT
 * each way); elsewhere it shapes the default interface: delay, down and up.
 * @param {{ rtt: number, down: number|null, up: number|null }} link
 * @param {{ loopback: boolean }} where
 */
export async function startOsShaper(link, { loopback }) {
  // @sitespeed.io/throttle ships no type declarations (an ES module: import, not require): the two calls used here, typed
  const library = '@sitespeed.io/throttle';
  /** @type {{ start(o: object): Promise<void>, stop(o: object): Promise<void> }} */
  const throttle = await import(library);
  const options = loopback
    ? { localhost: true, rtt: Math.round(link.rtt) }
    : { rtt: Math.round(link.rtt) || undefined, down: link.down ? Math.round(link.down) : undefined, up: link.up ? Math.round(link.up) : undefined };
  try {
    await throttle.start(options);
  } catch (err) {
    await throttle.stop({ localhost: loopback }).catch(() => {});
    throw new UserError(`os shaper: @sitespeed.io/throttle failed: ${firstLine(err)}`);
  }
  return {
    options,
    /** Removes the shaping. */
    stop: () => throttle.stop({ localhost: loopback }),
  };
}

/**
 * Picks the shaper for a link: 'none' without one; 'emulator' or 'os' when
 * asked (os refused with what is missing); 'auto' takes os where it works and
 * can honour the whole profile (on loopback the library shapes only delay),
 * the emulator otherwise.
 * @param {{ shaper?: string, link: { down?: number|null, up?: number|null }|null, loopback: boolean, check?: typeof checkOsShaper }} choice shaper: the --shaper
 *   value, 'auto', 'os' or 'emulator'; anything else is refused
 * @returns {Promise<{ kind: 'none'|'os'|'emulator', note: string|null }>}
 */
export async function chooseShaper({ shaper = 'auto', link, loopback, check = checkOsShaper }) {
  if (!['auto', 'os', 'emulator'].includes(shaper)) throw new UserError(`--shaper: expected auto, os or emulator, got "${shaper}"`);
  if (!link) return { kind: 'none', note: null };
  if (shaper === 'emulator') return { kind: 'emulator', note: null };
  const bandwidth = Boolean(link.down || link.up);
  if (shaper === 'auto' && loopback && bandwidth) {
    return { kind: 'emulator', note: 'auto chose the emulator: on loopback the os shaper adds delay only, not bandwidth' };
  }
  const { ok, missing } = await check();
  if (ok) {
    return { kind: 'os', note: loopback && bandwidth ? 'os shaper on loopback: delay only, bandwidth is NOT limited' : null };
  }
  if (shaper === 'os') throw new UserError(`--shaper os cannot run here: missing ${missing.join('; ')}`);
  return { kind: 'emulator', note: `auto chose the emulator; the os shaper is missing ${missing.join('; ')}` };
}

/**
 * Whether an executable is on the PATH.
 * @param {string} cmd
 * @param {NodeJS.ProcessEnv} env
 */
function onPath(cmd, env) {
  return (env.PATH || '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, cmd), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
