import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../paths.js';
import { libraryVersion } from '../codecs/index.js';

/**
 * What a figure was measured on: without this, a number cannot be compared.
 * @param {(string|null)[]} [libraries] npm packages whose versions matter (null: a codec without one)
 */
export function describeEnvironment(libraries = []) {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.versions.node,
    v8: process.versions.v8,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    libraries: Object.fromEntries([...new Set(['benchmark', ...libraries])]
      .filter((l) => l !== null && l !== 'node' && !l.startsWith('node:')).map((l) => [l, libraryVersion(l)])),
    commit: gitCommit(),
  };
}

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    return null;
  }
}

/**
 * One line for the top of a printed result.
 * @param {ReturnType<typeof describeEnvironment>} env
 */
export function environmentLine(env) {
  const libs = Object.entries(env.libraries).map(([k, v]) => `${k} ${v ?? 'not installed'}`).join(', ');
  return `Node ${env.node} (V8 ${env.v8}), ${env.cpu}, ${env.cores} cores, ${env.memoryGiB} GiB, ${env.os}; ${libs}${env.commit ? `; commit ${env.commit}` : ''}`;
}
