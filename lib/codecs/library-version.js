import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.js';

// Its own module, not the registry's: a codec file imports it, and a browser page gets baseline.js in the registry's
// place (lib/runtimes/page/browser-runner.js), which has no libraryVersion to import.

/**
 * Version of an npm package as installed, or Node's for built-ins.
 * @param {string|null} name
 * @returns {string|null} null when there is no library or it is not installed
 */
export function libraryVersion(name) {
  if (!name) return null;
  if (name === 'node') return process.versions.node;
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}
