import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UserError } from '../errors.js';

/** Options every payload-taking entry point accepts. */
export const PAYLOAD_OPTIONS = {
  data: { type: 'string' },
  records: { type: 'string' },
  proto: { type: 'string' },
  type: { type: 'string' },
  formats: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
};

/**
 * node:util parseArgs, with its complaints turned into user errors.
 * @param {string[]} args
 * @param {object} options parseArgs option config
 * @returns {{ values: Record<string, any>, positionals: string[] }}
 */
export function parseCli(args, options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    if (err.code?.startsWith('ERR_PARSE_ARGS')) throw new UserError(err.message.split('\n')[0]);
    throw err;
  }
}

/** A number option, checked. */
export function numberOption(value, name, { min = -Infinity, integer = false } = {}) {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new UserError(`--${name}: expected ${integer ? 'a whole number' : 'a number'}${min > -Infinity ? ` ≥ ${min}` : ''}, got "${value}"`);
  }
  return n;
}

/**
 * Runs an entry point's main function: a UserError becomes one line on
 * stderr and exit code 2; anything else is a bug and keeps its stack trace.
 * @param {string} file import.meta.url of the entry point
 * @param {() => Promise<void> | void} main
 */
export async function runCli(file, main) {
  const name = path.basename(new URL(file).pathname, '.js');
  try {
    await main();
  } catch (err) {
    if (err instanceof UserError) {
      process.stderr.write(`${name}: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
      process.exitCode = 2;
      return;
    }
    throw err;
  }
}

/**
 * The payloads and codecs an entry point's arguments select.
 * @param {{ data?: string, records?: string, proto?: string, type?: string, formats?: string }} values
 * @param {string[]} positionals payload numbers
 */
export async function resolveSelection(values, positionals) {
  const { resolvePayloads } = await import('../payload/index.js');
  const { selectCodecs } = await import('../codecs/index.js');
  const codecs = await selectCodecs(values.formats);
  const payloads = resolvePayloads({ numbers: positionals, data: values.data, records: values.records, proto: values.proto, type: values.type });
  for (const w of payloads.flatMap((p) => p.warnings)) process.stderr.write(`warning: ${w}\n`);
  return { payloads, codecs };
}

/** A --filter value as a RegExp, or a user error naming what is wrong with it. */
export function regexOption(value, name) {
  if (value === undefined) return undefined;
  try {
    return new RegExp(value);
  } catch (err) {
    throw new UserError(`--${name}: ${err.message}`);
  }
}

/**
 * For an entry point: on Ctrl-C or kill, end with the signal's exit code
 * (128 + its number). A server.js child started by the run follows on its own,
 * when its IPC channel to this process closes.
 */
export function exitOnSignals() {
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  }
}
