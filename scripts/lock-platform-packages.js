#!/usr/bin/env node
// npm ci refuses a package-lock.json that lacks an entry for any optional
// dependency, and npm install cannot record the platform binaries (buf,
// msgpackr-extract, cbor-extract for macOS, Windows, ARM...) when the registry
// it reaches does not serve them. This adds a version-only entry, with the
// os/cpu its name states, for each one missing, so npm ci skips them by
// platform. Run it after npm install changes the lock; --check only reports.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../lib/paths.js';
import { checkOrWrite, fileOutput } from './lib/generated-files.js';

const LOCK = path.join(ROOT, 'package-lock.json');
const PLATFORMS = [
  ['darwin-arm64', 'darwin', 'arm64'], ['darwin-x64', 'darwin', 'x64'],
  ['linux-armv7', 'linux', 'arm'], ['linux-arm64', 'linux', 'arm64'], ['linux-aarch64', 'linux', 'arm64'],
  ['linux-arm', 'linux', 'arm'], ['linux-x64', 'linux', 'x64'],
  ['win32-arm64', 'win32', 'arm64'], ['win32-x64', 'win32', 'x64'],
];

/**
 * The parts of package-lock.json this script reads and writes.
 * @typedef {{ version?: string, optional?: boolean, os?: string[], cpu?: string[],
 *   optionalDependencies?: Record<string, string> }} LockEntry
 * @typedef {{ packages: Record<string, LockEntry> }} Lock
 */

/**
 * The optional dependencies of locked packages that have no lock entry, with
 * the entry they need.
 * @param {Lock} lock parsed package-lock.json
 * @returns {{ key: string, entry: LockEntry }[]}
 */
export function missingPlatformEntries(lock) {
  /** @type {{ key: string, entry: LockEntry }[]} */
  const missing = [];
  for (const [key, pkg] of Object.entries(lock.packages)) {
    if (!key) continue;
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      const nested = `${key}/node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
      const platform = PLATFORMS.find(([suffix]) => name.endsWith(`-${suffix}`));
      if (!platform) continue;
      missing.push({ key: `node_modules/${name}`, entry: { version, cpu: [platform[2]], optional: true, os: [platform[1]] } });
    }
  }
  return missing;
}

/**
 * The lock with an entry added for each missing platform package, its packages in npm's order.
 * @param {Lock} lock parsed package-lock.json
 */
export function completedLock(lock) {
  const packages = { ...lock.packages };
  for (const { key, entry } of missingPlatformEntries(lock)) packages[key] = entry;
  return { ...lock, packages: Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = checkOrWrite(process.argv.slice(2), () => {
    const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
    const missing = missingPlatformEntries(lock).map((m) => m.key);
    const output = fileOutput(LOCK, `${JSON.stringify(completedLock(lock), null, 2)}\n`);
    const lacks = missing.length ? ` (lacks ${missing.join(', ')})` : '';
    return [{ ...output, stale: () => output.stale().map((file) => `${file}${lacks}`) }];
  }, { script: 'lock-platform-packages', regenerate: 'node scripts/lock-platform-packages.js' });
}
