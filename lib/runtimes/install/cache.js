/**
 * The per-user cache runtimes are installed into: where it is, what a
 * finished install in it looks like (a marker written last), and how an
 * install is put in place atomically (built in a hidden temporary folder,
 * renamed when complete), so an interrupted one leaves nothing that looks
 * installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../errors.js';
import { highestVersion, runtimeSpec } from './registry.js';

/** Written last into an install, so a folder without it is not a finished install. */
const MARKER = 'runtime.json';

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
 * A finished install of this runtime and package in the cache, the highest
 * version when there are several; null when there is none.
 * @param {string} cacheDir
 * @param {string} name
 * @param {string} pkg
 * @returns {import('./install.js').Runtime|null}
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
        found.push({ name, kind: runtimeSpec(name).kind, bin, version: String(marker.version), package: pkg, integrity: marker.integrity ?? null, source: 'cache' });
      }
    } catch {
      // not a finished install: ignored, and replaced by the next install of that version
    }
  }
  const best = highestVersion(found.map((r) => r.version), runtimeSpec(name).range ?? '');
  return found.find((r) => r.version === best) ?? null;
}

/**
 * Fills a fresh hidden folder in the cache and renames it to target once it
 * holds the binary and its marker. Another process that finished the same
 * install first wins; its copy is used.
 * @param {{ name: string, kind: string, pkg: { package: string, bin: string }, version: string, target: string }} install
 * @param {(folder: string) => Promise<{ integrity: string|null }>} fill puts the package into node_modules/ of folder
 * @returns {Promise<import('./install.js').Runtime>}
 */
export async function addToCache({ name, kind, pkg, version, target }, fill) {
  const cacheDir = path.dirname(target);
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
  } catch (err) {
    throw new UserError(`${name}: cannot create the runtime cache ${cacheDir}: ${errorCode(err)}`);
  }
  removeAbandoned(cacheDir, name);
  const tmp = fs.mkdtempSync(path.join(cacheDir, `.${name}-${version}-`));
  try {
    const { integrity } = await fill(tmp);
    const bin = path.join('node_modules', pkg.package, pkg.bin);
    if (!fs.existsSync(path.join(tmp, bin))) {
      throw new UserError(`${name}: ${pkg.package}@${version} installed, but has no ${pkg.bin}`);
    }
    const marker = { name, package: pkg.package, version, bin, integrity, installedAt: new Date().toISOString() };
    fs.writeFileSync(path.join(tmp, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
    try {
      // a leftover of a killed install has no marker: it may be replaced
      if (fs.existsSync(target) && !fs.existsSync(path.join(target, MARKER))) fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(tmp, target);
    } catch (err) {
      // another process finished the same install first: use its copy
      if (!fs.existsSync(path.join(target, MARKER))) throw new UserError(`${name}: cannot move the install into ${target}: ${errorCode(err)}`);
    }
    return { name, kind, bin: path.join(target, bin), version, package: pkg.package, integrity, source: 'installed' };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * A killed install leaves its hidden temporary folder; one an hour old is no running install's.
 * @param {string} cacheDir
 * @param {string} name
 */
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

/** @param {unknown} err */
const errorCode = (err) => /** @type {NodeJS.ErrnoException} */ (err).code ?? (err instanceof Error ? err.message : String(err));
