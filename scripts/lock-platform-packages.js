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

const LOCK = path.join(ROOT, 'package-lock.json');
const PLATFORMS = [
  ['darwin-arm64', 'darwin', 'arm64'], ['darwin-x64', 'darwin', 'x64'],
  ['linux-armv7', 'linux', 'arm'], ['linux-arm64', 'linux', 'arm64'], ['linux-aarch64', 'linux', 'arm64'],
  ['linux-arm', 'linux', 'arm'], ['linux-x64', 'linux', 'x64'],
  ['win32-arm64', 'win32', 'arm64'], ['win32-x64', 'win32', 'x64'],
];

/**
 * The optional dependencies of locked packages that have no lock entry, with
 * the entry they need.
 * @param {{ packages: Record<string, { optionalDependencies?: Record<string, string> }> }} lock parsed package-lock.json
 */
export function missingPlatformEntries(lock) {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  const missing = missingPlatformEntries(lock);
  if (process.argv.includes('--check')) {
    if (missing.length) {
      console.error(`package-lock.json lacks ${missing.map((m) => m.key).join(', ')}: run node scripts/lock-platform-packages.js`);
      process.exit(1);
    }
  } else {
    for (const { key, entry } of missing) lock.packages[key] = entry;
    lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(missing.length ? `added ${missing.map((m) => m.key).join(', ')}` : 'nothing missing');
  }
}
