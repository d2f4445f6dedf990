/**
 * Makes a runtime ready to start: the one entry point of installing. The
 * pieces it puts together: registry.js (names, packages per platform),
 * overrides.js (paths the user gives), cache.js (the per-user cache),
 * npm.js (the registry calls) and npm-errors.js (what npm's failures mean).
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../errors.js';
import { addToCache, defaultCacheDir, findInstalled } from './cache.js';
import { npmInstall, resolveVersion } from './npm.js';
import { checkExecutable } from './overrides.js';
import { CHROMIUM_PATHS, currentPlatform, platformPackage, runtimeSpec } from './registry.js';

/**
 * Makes a runtime ready to start and says where its binary is. Host is the
 * running Node. Chromium is the system's, never downloaded. Node, Bun and
 * Deno come from the npm registry as their per-platform binary packages, at
 * the highest version in the runtime's range, installed exactly (npm checks
 * the tarball's integrity) into `<cacheDir>/<name>-<version>` on first use and
 * reused after that without asking the registry.
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
  const given = overrides.get(spec.name);
  if (given !== undefined) {
    checkExecutable(spec.name, given);
    return { name: spec.name, kind: spec.kind, bin: given, version: null, source: 'override' };
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
  const runtime = await addToCache({ name: spec.name, kind: spec.kind, pkg, version, target },
    (folder) => npmInstall(npm, folder, pkg.package, version, spec.name));
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
