import { runProcess } from '../../child-process.js';

/**
 * Deno 2 reads package.json and node_modules only for code inside a project
 * it has found from the script's folder; a script elsewhere would see bare
 * imports ("protobufjs") as undeclared. --node-modules-dir=manual makes it
 * resolve them from node_modules wherever the script is, as Node does, and
 * --no-lock keeps it from writing a deno.lock into the user's project.
 * -A because the worker reads files, the environment, the CPU model and
 * hrtime, and native addons need FFI: the script is the toolkit's own.
 */
const DENO_RUN = ['run', '-A', '--node-modules-dir=manual', '--no-lock'];

/**
 * The argument vector that starts a script in a runtime.
 * @param {{ kind: string, bin: string }} runtime
 * @param {string} scriptPath
 * @param {string[]} [args]
 * @returns {{ file: string, args: string[] }}
 */
export function runtimeCommand(runtime, scriptPath, args = []) {
  switch (runtime.kind) {
    case 'node':
    case 'bun':
      return { file: runtime.bin, args: [scriptPath, ...args] };
    case 'deno':
      return { file: runtime.bin, args: [...DENO_RUN, scriptPath, ...args] };
    default:
      throw new TypeError(`${runtime.kind} does not run script files; see chromium.js for the browser`);
  }
}

/**
 * Runs a script in a runtime and returns the JSON value on the last line it
 * printed on stdout (earlier lines are free for anything). A crash, a non-zero
 * exit, a timeout, or a last line that is not JSON rejects with a
 * RuntimeFailed whose message is one line ending with what the runtime said
 * on stderr, so a caller can put it in a table as the reason.
 * @param {{ name?: string, kind: string, bin: string, version?: string|null }} runtime from ensureRuntime
 * @param {string} scriptPath
 * @param {string[]} [args]
 * @param {{ cwd?: string, env?: Record<string, string>, input?: string, timeoutMs?: number }} [options]
 *   env is added to this process's environment; input is written to the script's stdin
 * @returns {Promise<unknown>} the JSON value, as JSON.parse gives it
 */
export async function runInRuntime(runtime, scriptPath, args = [], { cwd, env, input, timeoutMs = 0 } = {}) {
  const { file, args: argv } = runtimeCommand(runtime, scriptPath, args);
  const label = `${runtime.name ?? runtime.kind}${runtime.version ? ` ${runtime.version}` : ''}`;
  // NO_COLOR: Deno colours its errors, which would reach a table as escape codes
  const out = await runProcess(file, argv, { cwd, env: { NO_COLOR: '1', ...env }, input: input ?? '', timeoutMs });
  const detail = { stderr: out.stderr, code: out.code, signal: out.signal };
  if (out.error) throw new RuntimeFailed(`${label}: cannot start ${file}: ${out.error.message}`, detail);
  const said = stderrMessage(out.stderr);
  /** @param {string} why */
  const failed = (why) => new RuntimeFailed(`${label}: ${why}${said ? `: ${said}` : ''}`, detail);
  if (out.timedOut) throw failed(`did not finish in ${timeoutMs} ms`);
  if (out.signal) throw failed(`was killed by ${out.signal}`);
  if (out.code !== 0) throw failed(`exited with code ${out.code}`);
  const last = out.stdout.trimEnd().split('\n').pop() ?? '';
  try {
    return JSON.parse(last);
  } catch {
    throw failed(`printed no JSON on its last line (${last ? JSON.stringify(last.slice(0, 80)) : 'nothing'})`);
  }
}

/**
 * The line of a runtime's stderr that says what went wrong: an error's
 * message when there is one (not the source excerpt above it), else the last line.
 * @param {string} stderr
 * @returns {string}
 */
export function stderrMessage(stderr) {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  const message = lines.find((l) => /^(error|\w*Error\b|.*symbol lookup error|Uncaught)/i.test(l));
  return (message ?? lines.pop() ?? '').slice(0, 300);
}

/** A script run in another runtime that crashed, failed or printed no result. */
export class RuntimeFailed extends Error {
  /**
   * @param {string} message one line
   * @param {{ stderr: string, code: number|null, signal: string|null }} detail
   */
  constructor(message, { stderr, code, signal }) {
    super(message);
    this.name = 'RuntimeFailed';
    this.stderr = stderr;
    this.code = code;
    this.signal = signal;
  }
}
