/**
 * Artillery, installed on first use into the per-user cache the runtimes live in (cache.js), from the npm registry,
 * at one pinned version: it is large (about 460 MB with its cloud SDKs) and needs a newer Node than the toolkit, so it
 * stays out of the toolkit's own dependencies. Its @playwright/browser-chromium would download a browser from outside
 * the registry in a postinstall: npm runs no install scripts here (npm.js), and PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
 * says the same to any that would.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { UserError } from '../../errors.js';
import { ROOT } from '../../paths.js';
import { addToCache, defaultCacheDir } from './cache.js';
import { npmInstall } from './npm.js';

/** The Artillery the toolkit drives: the version its engine, script and report reader were checked against. */
export const ARTILLERY = Object.freeze({ package: 'artillery', version: '2.0.34', bin: 'bin/run', node: '22.18.0' });

/** Its name in the cache (`<cache>/artillery-<version>`). */
const NAME = 'artillery';

/**
 * Refuses (one line) a Node that Artillery does not run on.
 * @param {string} [version] default: this process's
 */
export function checkNodeForArtillery(version = process.versions.node) {
  if (semver.lt(version, ARTILLERY.node)) {
    throw new UserError(`Artillery ${ARTILLERY.version} needs Node ≥ ${ARTILLERY.node}; this is Node ${version} `
      + '(PATH="$(dirname "$(node scripts/runtime.js node@24)"):$PATH" puts Node 24 from the npm registry first)');
  }
}

/**
 * The installed Artillery in the cache, or null.
 * @param {string} cacheDir
 * @returns {{ bin: string, version: string, dir: string } | null}
 */
export function findArtillery(cacheDir) {
  const dir = path.join(cacheDir, `${NAME}-${ARTILLERY.version}`);
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(dir, 'runtime.json'), 'utf8'));
    const bin = path.join(dir, marker.bin);
    return marker.name === NAME && marker.version === ARTILLERY.version && fs.existsSync(bin) ? { bin, version: ARTILLERY.version, dir } : null;
  } catch {
    return null;
  }
}

/**
 * Artillery ready to run: from the cache, else installed into it now (one line says what and why).
 * @param {{ cacheDir?: string, npm?: string, onProgress?: (line: string) => void, nodeVersion?: string }} [options]
 * @returns {Promise<{ bin: string, version: string, source: 'cache'|'installed' }>}
 */
export async function ensureArtillery({ cacheDir = defaultCacheDir(), npm = 'npm', onProgress = () => {}, nodeVersion } = {}) {
  checkNodeForArtillery(nodeVersion);
  const found = findArtillery(cacheDir);
  if (found) return { bin: found.bin, version: found.version, source: 'cache' };
  const target = path.join(cacheDir, `${NAME}-${ARTILLERY.version}`);
  onProgress(`installing artillery@${ARTILLERY.version} from the npm registry into ${target} (first use: the engine of `
    + 'benchmark_artillery.js scripts; about 460 MB, a minute or two; kept out of the toolkit\'s own dependencies)');
  const installed = await addToCache({ name: NAME, kind: NAME, pkg: { package: ARTILLERY.package, bin: ARTILLERY.bin }, version: ARTILLERY.version, target },
    (folder) => npmInstall(npm, folder, ARTILLERY.package, ARTILLERY.version, NAME, { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }));
  return { bin: installed.bin, version: ARTILLERY.version, source: 'installed' };
}

/** The folder holding packages/artillery-engine-pvj, for NODE_PATH: Artillery resolves engines by package name. */
export const ENGINE_PACKAGES = path.join(ROOT, 'packages');

/**
 * The environment Artillery runs in: the toolkit's engine package found by name (NODE_PATH), no telemetry sent
 * (traffic stays with the servers the script names).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Record<string, string>}
 */
export function artilleryEnv(env = process.env) {
  const nodePath = [ENGINE_PACKAGES, ...(env.NODE_PATH ? env.NODE_PATH.split(path.delimiter) : [])].join(path.delimiter);
  return { NODE_PATH: nodePath, ARTILLERY_DISABLE_TELEMETRY: 'true' };
}
