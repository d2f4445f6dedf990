/**
 * Runtimes the user gives by path instead of having them installed:
 * --runtime NAME=PATH (parsed here) and --chromium PATH, each checked to be
 * an executable file before anything runs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../errors.js';
import { runtimeSpec } from './registry.js';

/**
 * Parses --runtime NAME=PATH values (each may also be a comma-separated list)
 * into a map from runtime name to absolute path. Names must be known; a name
 * given twice is a mistake. Paths are checked when the runtime is used.
 * @param {string|string[]|undefined} list
 * @returns {Map<string, string>}
 */
export function parseRuntimeOverrides(list) {
  const items = [list ?? []].flat().flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean);
  /** @type {Map<string, string>} */
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
    const code = /** @type {NodeJS.ErrnoException} */ (err).code;
    throw new UserError(`${flag}${file}: ${code === 'ENOENT' ? 'no such file' : code ?? String(err)}`);
  }
  if (!stat.isFile()) throw new UserError(`${flag}${file}: not a file`);
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    throw new UserError(`${flag}${file}: not executable (chmod +x it)`);
  }
}
