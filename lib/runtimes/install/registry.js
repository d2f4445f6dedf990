import fs from 'node:fs';
import semver from 'semver';
import { UserError } from '../../errors.js';
import { libcOf } from '../../libc.js';

/**
 * The runtimes a measurement can run on. `range` is the npm version range the
 * runtime's package is resolved against at install time (the highest stable
 * version in it is installed, exactly); `host` is the Node running the
 * toolkit, `chromium` the system's browser, neither installed.
 * @type {Readonly<Record<string, RuntimeSpec>>}
 */
export const RUNTIMES = Object.freeze({
  host: { name: 'host', kind: 'node', source: 'host' },
  'node@22': { name: 'node@22', kind: 'node', source: 'npm', range: '22' },
  'node@24': { name: 'node@24', kind: 'node', source: 'npm', range: '24' },
  'node@26': { name: 'node@26', kind: 'node', source: 'npm', range: '26' },
  bun: { name: 'bun', kind: 'bun', source: 'npm', range: '1' },
  deno: { name: 'deno', kind: 'deno', source: 'npm', range: '2' },
  chromium: { name: 'chromium', kind: 'chromium', source: 'system' },
});

/** The names `--runtimes all` stands for, in the order tables list them. */
export const ALL_RUNTIMES = Object.freeze(['host', 'node@22', 'node@24', 'node@26', 'bun', 'deno', 'chromium']);

/** Where the system's Chromium is looked for, in order (Debian's package first). */
export const CHROMIUM_PATHS = Object.freeze(['/usr/bin/chromium', '/usr/bin/chromium-browser']);

/**
 * The spec of a runtime by name.
 * @param {string} name
 * @returns {RuntimeSpec}
 */
export function runtimeSpec(name) {
  const spec = Object.hasOwn(RUNTIMES, name) ? RUNTIMES[name] : undefined;
  if (!spec) throw new UserError(`unknown runtime "${name}" (known: ${ALL_RUNTIMES.join(', ')}, all)`);
  return spec;
}

/**
 * Turns a --runtimes value (comma-separated names, `all` for every one) into
 * runtime names, without duplicates, in the order given. Empty means host,
 * today's behaviour.
 * @param {string} [list]
 * @returns {string[]}
 */
export function parseRuntimeList(list) {
  const names = String(list ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!names.length) return ['host'];
  /** @type {string[]} */
  const out = [];
  for (const name of names) {
    for (const n of name === 'all' ? ALL_RUNTIMES : [runtimeSpec(name).name]) {
      if (!out.includes(n)) out.push(n);
    }
  }
  return out;
}

/**
 * The platform a runtime package is chosen for. Read once from the running
 * process; tests pass their own.
 * @returns {Platform}
 */
export function currentPlatform() {
  return { os: process.platform, arch: process.arch, libc: libcOf(), avx2: detectAvx2() };
}


function detectAvx2() {
  if (process.arch !== 'x64') return null;
  if (process.platform !== 'linux') return true; // Bun's non-baseline build needs AVX2; every x64 Mac since 2013 has it
  try {
    return /\bavx2\b/.test(fs.readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return true;
  }
}

/**
 * The npm package that ships a runtime's binary for a platform, and where the
 * binary is inside it. Each project publishes one package per platform and
 * names them its own way; platforms it publishes nothing for are a UserError
 * that points to `--runtime NAME=PATH`.
 * @param {RuntimeSpec} spec
 * @param {Platform} platform
 * @returns {{ package: string, bin: string }}
 */
export function platformPackage(spec, platform) {
  const { os, arch, libc } = platform;
  const none = () => new UserError(`${spec.name}: no npm package ships ${spec.kind} for ${os}-${arch}${libc ? `-${libc}` : ''}; `
    + `install it yourself and pass --runtime ${spec.name}=PATH`);
  if (spec.source !== 'npm') throw new TypeError(`${spec.name} is not installed from npm`);
  if (os !== 'linux' && os !== 'darwin') throw none();
  if (arch !== 'x64' && arch !== 'arm64') throw none();
  if (spec.kind === 'node') {
    // the node-<os>-<arch> packages are glibc builds from nodejs.org
    if (libc === 'musl') throw none();
    return { package: `node-${os}-${arch}`, bin: 'bin/node' };
  }
  if (spec.kind === 'bun') {
    const cpu = arch === 'arm64' ? 'aarch64' : 'x64';
    const musl = libc === 'musl' ? '-musl' : '';
    // Bun's default x64 build uses AVX2 and dies with SIGILL without it
    const baseline = arch === 'x64' && platform.avx2 === false ? '-baseline' : '';
    return { package: `@oven/bun-${os}-${cpu}${musl}${baseline}`, bin: 'bin/bun' };
  }
  if (spec.kind === 'deno') {
    if (libc === 'musl') throw none();
    return { package: `@deno/${os}-${arch}${os === 'linux' ? '-glibc' : ''}`, bin: 'deno' };
  }
  throw none();
}

/**
 * The highest stable version in a list that lies in a major-version range
 * ("22", "1"): npm's answer is in publication order, not version order.
 * @param {string[]} versions
 * @param {string} range a major version
 * @returns {string|null}
 */
export function highestVersion(versions, range) {
  // semver ranges: '22' means >=22.0.0 <23.0.0-0, and prereleases never satisfy it
  return semver.maxSatisfying(versions.filter((v) => semver.valid(v)), range) ?? null;
}

/**
 * @typedef {object} RuntimeSpec
 * @property {string} name what users type in --runtimes
 * @property {'node'|'bun'|'deno'|'chromium'} kind how it is started and described
 * @property {'host'|'npm'|'system'} source where its binary comes from
 * @property {string} [range] npm major-version range, for source 'npm'
 */

/**
 * @typedef {object} Platform
 * @property {string} os process.platform
 * @property {string} arch process.arch
 * @property {string|null} libc 'glibc' or 'musl' on Linux, null elsewhere
 * @property {boolean|null} avx2 null off x64
 */
