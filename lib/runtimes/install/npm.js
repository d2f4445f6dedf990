/**
 * The npm calls that fetch a runtime: which versions the registry has
 * (`npm view`), and an exact install into a folder (`npm install --prefix`,
 * integrity checked by npm, no scripts run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../child-process.js';
import { UserError } from '../../errors.js';
import { noVersionInRange, npmFailure } from './npm-errors.js';
import { highestVersion } from './registry.js';

// npm's defaults retry an unreachable registry for over a minute before saying so.
const NPM_FETCH_OPTIONS = ['--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=10000'];

/**
 * The highest stable version of a package in the runtime's range, as the registry answers today.
 * @param {string} npm the npm command
 * @param {import('./registry.js').RuntimeSpec} spec
 * @param {string} pkg the platform's package
 * @returns {Promise<string>}
 */
export async function resolveVersion(npm, spec, pkg) {
  return versionFromView(spec, pkg, await runNpm(npm, ['view', `${pkg}@${spec.range}`, 'version', '--json', ...NPM_FETCH_OPTIONS], os.tmpdir()));
}

/**
 * What `npm view PKG@RANGE version --json` answered: the highest stable version in the range, or a one-line UserError
 * (npm failed, printed no JSON, or named no stable version in the range).
 * @param {import('./registry.js').RuntimeSpec} spec
 * @param {string} pkg the platform's package
 * @param {import('./npm-errors.js').NpmResult} result
 * @returns {string}
 */
export function versionFromView(spec, pkg, result) {
  if (result.code !== 0) {
    if (noVersionInRange(result)) throw noVersion(spec, pkg);
    throw new UserError(`${spec.name}: ${npmFailure(result, `cannot look up ${pkg}`)}`);
  }
  let answer;
  try {
    answer = result.stdout.trim() ? JSON.parse(result.stdout) : [];
  } catch {
    throw new UserError(`${spec.name}: npm view ${pkg}@${spec.range} printed something that is not JSON`);
  }
  const version = highestVersion([answer].flat().map(String), spec.range ?? '');
  if (!version) throw noVersion(spec, pkg);
  return version;
}

/**
 * @param {import('./registry.js').RuntimeSpec} spec
 * @param {string} pkg
 */
const noVersion = (spec, pkg) => new UserError(`${spec.name}: the npm registry has no stable ${pkg} ${spec.range}.x for this platform; `
  + `install it yourself and pass --runtime ${spec.name}=PATH`);

/**
 * Installs exactly one version of a package into a folder and says what npm checked.
 * @param {string} npm the npm command
 * @param {string} prefix the folder (node_modules/ is made inside it)
 * @param {string} pkg
 * @param {string} version
 * @param {string} name the runtime, for messages
 * @param {Record<string, string>} [env] added to npm's environment (Artillery's install: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD)
 * @returns {Promise<{ integrity: string|null }>} the tarball's integrity from npm's lockfile
 */
export async function npmInstall(npm, prefix, pkg, version, name, env = {}) {
  const result = await runNpm(npm, installArgs(prefix, pkg, version), prefix, env);
  if (result.code !== 0) throw new UserError(`${name}: ${npmFailure(result, `cannot install ${pkg}@${version}`)}`);
  return { integrity: readIntegrity(prefix, pkg) };
}

/**
 * npm install's arguments: exactly one version into the folder, no package.json written, no install scripts run.
 * @param {string} prefix
 * @param {string} pkg
 * @param {string} version
 * @returns {string[]}
 */
export const installArgs = (prefix, pkg, version) => ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund',
  '--ignore-scripts', ...NPM_FETCH_OPTIONS, `${pkg}@${version}`];

/**
 * The integrity npm recorded for the package it installed into the folder, or null when its lockfile has none.
 * @param {string} prefix
 * @param {string} pkg
 * @returns {string|null}
 */
export function readIntegrity(prefix, pkg) {
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
 * @param {string} npm
 * @param {string[]} args
 * @param {string} cwd
 * @param {Record<string, string>} [env]
 * @returns {Promise<import('./npm-errors.js').NpmResult>}
 */
async function runNpm(npm, args, cwd, env = {}) {
  // npm on Windows is a .cmd, which only a shell starts
  const out = await runProcess(npm, args, { cwd, shell: process.platform === 'win32', env: { NO_COLOR: '1', npm_config_update_notifier: 'false', ...env } });
  return { code: out.code, stdout: out.stdout, stderr: out.stderr, ...(out.error ? { spawnError: out.error } : {}) };
}
