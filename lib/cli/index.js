import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UserError, errorMessage, namedTwice } from '../errors.js';

/**
 * The payload's own options: your JSON instead of a bundled payload, where its records are, the schema, and how a
 * --data file's duplicate keys are taken (resolvePayloads, lib/payload/index.js). Their --help lines are
 * PAYLOAD_SOURCE_HELP, their synopsis payloadSynopsis.
 * @satisfies {import('node:util').ParseArgsOptionsConfig}
 */
export const PAYLOAD_SOURCE_OPTIONS = {
  data: { type: 'string' },
  records: { type: 'string' },
  proto: { type: 'string' },
  type: { type: 'string' },
  /** repeatable, as protoc's -I: a folder name may hold a comma or a colon, so one value is one folder */
  'proto-path': { type: 'string', multiple: true },
  /** refuse a --data file with a key given twice in one object (otherwise a warning) */
  strict: { type: 'boolean', default: false },
};

/**
 * The --help entry of each of PAYLOAD_SOURCE_OPTIONS, written once for every entry point (payloadSourceUsage lays
 * them out): the option as the synopsis spells it, and what it does.
 * @type {Record<keyof typeof PAYLOAD_SOURCE_OPTIONS, [string, string]>}
 */
export const PAYLOAD_SOURCE_HELP = {
  data: ['--data FILE', 'your own corpus instead of a bundled payload N: a JSON array of records, NDJSON (one record a '
    + 'line), a document with its records at --records PATH, or one JSON message; its schema is inferred from every '
    + 'record unless --proto is given, and every record is checked against it'],
  records: ['--records PATH', 'the array of records inside the --data document (a key, or a path like data.items)'],
  proto: ['--proto FILE', 'a .proto schema to use instead of the inferred one (with N: instead of proto/testN.proto, '
    + 'every message of N\'s corpus then checked against it)'],
  type: ['--type NAME', 'which message of --proto FILE the payload is (default: the first in the file): its full name '
    + '(pkg.Outer.Msg) or a shorter name that ends exactly one message\'s'],
  'proto-path': ['--proto-path DIR', 'a folder --proto FILE\'s imports are looked for under (protoc\'s -I), after the folders '
    + 'above FILE: a tree checked out elsewhere, googleapis beside your own; give it again for more, searched in order'],
  strict: ['--strict', 'refuse a --data file with a key given twice in one object (default: a warning)'],
};

/**
 * The payload's part of a synopsis: the bundled payload numbers or --data FILE [--records PATH], then the schema and
 * the folders its imports are looked for under. Every entry point that takes --data takes all of them.
 * @param {'N' | 'N ...'} numbers 'N': exactly one payload (required); 'N ...': any number of them, none meaning all
 */
export function payloadSynopsis(numbers) {
  const choice = `${numbers} | --data FILE [--records PATH]`;
  // --proto-path may be given once per folder (its entry says so): the synopsis names it once, to keep within a line
  return `${numbers === 'N' ? `(${choice})` : `[${choice}]`} [--proto FILE [--type NAME] [--proto-path DIR]]`;
}

/**
 * The width --help entries written here are wrapped to; the entry points' own lines keep within it
 * (test/e2e/cli-help.test.js).
 */
export const USAGE_WIDTH = 118;

/**
 * One --help entry, laid out as the entry points lay out their own: the description starting at `column` (two spaces
 * after a longer name), wrapped at USAGE_WIDTH with the further lines under it.
 * @param {string} name the option as the synopsis spells it (`--records PATH`)
 * @param {string} text what it does
 * @param {number} column where the entry point's descriptions start
 */
export function usageEntry(name, text, column) {
  const lines = [`  ${name}`.padEnd(column - 2) + '  '];
  for (const word of text.split(' ')) {
    if (lines[lines.length - 1].length + word.length > USAGE_WIDTH && lines[lines.length - 1].trim() !== name) lines.push(' '.repeat(column));
    lines[lines.length - 1] += `${word} `;
  }
  return lines.map((l) => l.trimEnd()).join('\n');
}

/**
 * The --help entries of the payload options an entry point's option table holds, in PAYLOAD_SOURCE_HELP's order:
 * each one it accepts, and no other.
 * @param {import('node:util').ParseArgsOptionsConfig} options the entry point's option table, as it parses it
 * @param {{ column: number }} layout column: where the entry point's descriptions start
 */
export function payloadSourceUsage(options, { column }) {
  return Object.entries(PAYLOAD_SOURCE_HELP).filter(([key]) => Object.hasOwn(options, key))
    .map(([, [name, text]]) => usageEntry(name, text, column)).join('\n');
}

/**
 * Options every payload-taking entry point accepts: the payload and the codecs (resolveSelection), and --help.
 * @satisfies {import('node:util').ParseArgsOptionsConfig}
 */
export const PAYLOAD_SELECTION_OPTIONS = {
  ...PAYLOAD_SOURCE_OPTIONS,
  formats: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
};

/**
 * Those and --json, for the entry points that print results. One that prints none (server.js, benchmark_artillery.js)
 * takes PAYLOAD_SELECTION_OPTIONS alone, so a --json given to it is refused as unknown rather than accepted and ignored.
 * @satisfies {import('node:util').ParseArgsOptionsConfig}
 */
export const PAYLOAD_OPTIONS = {
  ...PAYLOAD_SELECTION_OPTIONS,
  json: { type: 'boolean', default: false },
};

/**
 * The option every entry point takes, whether or not its own option table names it.
 * @satisfies {import('node:util').ParseArgsOptionsConfig}
 */
const HELP_OPTION = { help: { type: 'boolean', default: false } };

/**
 * What parseCli gives for an option table: node:util parseArgs' own reading of the table (strict, positionals
 * allowed), so each value is typed by its entry: a string or a boolean, a list with `multiple`, possibly undefined
 * without a `default`; --help a boolean (the table's own --help, if it has one, replaces the default one).
 * @template {import('node:util').ParseArgsOptionsConfig} O
 * @typedef {ReturnType<typeof parseArgs<{ args: string[], options: Omit<typeof HELP_OPTION, keyof O> & O, allowPositionals: true, strict: true }>>} CliResult
 */

/**
 * node:util parseArgs, with its complaints turned into one-line user errors
 * naming the option and the value. A value that starts with a dash (`--max-time
 * -1`) is taken as the option's value, so the number check can say what is
 * wrong with it; an empty value (`--formats ''`) is refused rather than read
 * as "not given".
 * @template {import('node:util').ParseArgsOptionsConfig} O
 * @param {string[]} args
 * @param {O} options parseArgs option table (declared `@satisfies {import('node:util').ParseArgsOptionsConfig}` or
 *   inline, so its literal types, and so the values' types, survive)
 * @returns {CliResult<O>}
 */
export function parseCli(args, options) {
  /** @type {Omit<typeof HELP_OPTION, keyof O> & O} */
  const withHelp = { ...HELP_OPTION, ...options };
  let parsed;
  try {
    parsed = parseArgs({ args: joinDashValues(args, withHelp), options: withHelp, allowPositionals: true, strict: true });
  } catch (err) {
    const code = err instanceof Error ? /** @type {NodeJS.ErrnoException} */ (err).code : undefined;
    if (code?.startsWith('ERR_PARSE_ARGS')) throw new UserError(describeParseError(/** @type {Error & { code: string }} */ (err), args));
    throw err;
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    const values = Array.isArray(value) ? value : [value];
    if (withHelp[name]?.type === 'string' && values.some((v) => String(v).trim() === '')) {
      throw new UserError(`--${name}: empty value (give one, or leave the option out for its default)`);
    }
  }
  return parsed;
}

/**
 * `--opt -1` as `--opt=-1` for a string option whose next argument is a negative number.
 * @param {string[]} args
 * @param {import('node:util').ParseArgsOptionsConfig} options
 */
function joinDashValues(args, options) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const name = /^--([^=]+)$/.exec(args[i])?.[1];
    if (name && options[name]?.type === 'string' && /^-\d|^-\.\d|^-Infinity$/.test(args[i + 1] ?? '')) {
      out.push(`${args[i]}=${args[i + 1]}`);
      i++;
    } else out.push(args[i]);
  }
  return out;
}

/**
 * One line for a parseArgs error, naming the option and the value as the user typed them.
 * @param {Error & { code: string }} err
 * @param {string[]} args
 */
function describeParseError(err, args) {
  // An option with a short alias is quoted as '-h, --help': name the form the user typed, the long one if neither
  const [, first, long] = /'(-[^' ,]+)(?:, (--[^' ]+))?/.exec(err.message) ?? [];
  if (!first) return err.message.split('\n')[0];
  const typed = (/** @type {string} */ name) => args.some((a) => a === name || a.startsWith(`${name}=`));
  const option = long && (typed(long) || !typed(first)) ? long : first;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${JSON.stringify(args.find((a) => a === option || a.startsWith(`${option}=`)) ?? option)} (--help lists the options)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/argument missing/.test(err.message)) return `${option}: needs a value`;
      if (/ambiguous/.test(err.message)) return `${option}: needs a value, got the option ${JSON.stringify(args[args.indexOf(option) + 1])}`;
      if (/does not take an argument/.test(err.message)) return `${option}: takes no value (it is a switch), got "${args.find((a) => a.startsWith(`${option}=`))?.slice(option.length + 1)}"`;
      return `${option}: ${err.message.split('\n')[0]}`;
    default:
      return err.message.split('\n')[0];
  }
}

/**
 * A comma-separated list option's names (--transports, --profiles), trimmed, empty ones dropped. A name given twice
 * is refused in one line: its passes would run twice, their rows print twice and their rounds merge into one row.
 * @param {string} value
 * @param {string} option as users type it: '--transports'
 * @returns {string[]}
 */
export function listOption(value, option) {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const twice = namedTwice(names);
  if (twice) throw new UserError(`${option} ${value}: ${twice} named twice`);
  return names;
}

/**
 * A number option, checked.
 * @param {unknown} value
 * @param {string} name
 * @param {{ min?: number, integer?: boolean }} [limits]
 */
export function numberOption(value, name, { min = -Infinity, integer = false } = {}) {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new UserError(`--${name}: expected ${integer ? 'a whole number' : 'a number'}${min > -Infinity ? ` ≥ ${min}` : ''}, got ${value === undefined ? 'nothing' : JSON.stringify(String(value))}`);
  }
  return n;
}

/**
 * The port $PORT gives where no --port (or --url) does, or one line naming PORT as the source: 0–65535 for a server
 * (0: any free port), 1–65535 for a client, which connects to it.
 * @param {string} value
 * @param {{ min?: number }} [o]
 * @returns {number}
 */
export function portFromEnvironment(value, { min = 0 } = {}) {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > 65535) throw new UserError(`PORT=${value} (the environment): expected a port ${min}–65535`);
  return n;
}

/**
 * Runs an entry point's main function: a UserError becomes one line on
 * stderr and exit code 2; anything else is a bug and keeps its stack trace.
 * A process started with an IPC channel (a server.js --workers worker, a
 * forked child) lets go of it after a UserError: the channel would keep it
 * alive, its parent waiting for a line that never comes.
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
      // a cluster worker disconnects through its Worker: a bare process.disconnect() makes node:cluster exit it with 0
      if (cluster.isWorker) cluster.worker?.disconnect();
      else if (process.connected) process.disconnect();
      return;
    }
    throw err;
  }
}

/**
 * The payloads and codecs an entry point's arguments select.
 * @param {{ data?: string, records?: string, proto?: string, type?: string, 'proto-path'?: string[], formats?: string,
 *   strict?: boolean }} values
 * @param {string[]} positionals payload numbers
 */
export async function resolveSelection(values, positionals) {
  const { resolvePayloads } = await import('../payload/index.js');
  const { selectCodecs } = await import('../codecs/index.js');
  const codecs = await selectCodecs(values.formats);
  const payloads = resolvePayloads({ numbers: positionals, data: values.data, records: values.records, proto: values.proto, type: values.type,
    protoPaths: values['proto-path'], strict: values.strict });
  for (const w of payloads.flatMap((p) => p.warnings)) process.stderr.write(`warning: ${w}\n`);
  return { payloads, codecs };
}

/**
 * A --filter value as a RegExp, or a user error naming what is wrong with it.
 * @param {string|undefined} value
 * @param {string} name
 */
export function regexOption(value, name) {
  if (value === undefined) return undefined;
  try {
    return new RegExp(value);
  } catch (err) {
    throw new UserError(`--${name}: ${errorMessage(err)}`);
  }
}

/**
 * For an entry point: on Ctrl-C, kill or a closed terminal, end with the signal's exit code (128 + its number), through
 * process.exit, so that the 'exit' handlers run: every child the run started is sent SIGTERM (lib/child-process.js)
 * and its temporary folders are removed (tempFolder, lib/files.js).
 */
export function exitOnSignals() {
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  }
}
