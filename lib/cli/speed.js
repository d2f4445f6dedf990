// The paired timer's options, shared by benchmark.js and benchmark_dss.js, and their checks.
import { UserError } from '../errors.js';
import { numberOption } from './index.js';

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
export const PRECISION_OPTIONS = {
  precision: { type: 'string' },
  warmup: { type: 'string' },
  slice: { type: 'string' },
};

/** The lines of --help that describe them; {target}, {warmup} and {slice} are the entry point's defaults. */
export const PRECISION_USAGE = `  --precision P   each speed ratio is measured until its 95% interval is within ±P of it (default {target},
                  i.e. ±{targetPct}%), or until its time cap (--max-time) runs out; one that missed is shown
                  as "~ unstable", never as a winner. 0 < P < 1
  --warmup S      longest warm-up per case, in seconds of CPU, before its first measured slice (default {warmup},
                  shortened to --max-time); a case warms up until its rate holds still
  --slice MS      milliseconds per slice: each codec takes turns with the baseline in slices this long (default {slice})`;

/**
 * The help lines with an entry point's defaults filled in.
 * @param {{ target: number, warmupMs: number, sliceMs: number }} defaults
 */
export function precisionUsage({ target, warmupMs, sliceMs }) {
  return PRECISION_USAGE.replace('{target}', String(target)).replace('{targetPct}', String(target * 100))
    .replace('{warmup}', String(warmupMs / 1000)).replace('{slice}', String(sliceMs));
}

/**
 * The paired timer's settings from the options, each checked: a target outside (0, 1), a warm-up or slice that is
 * not a positive number, or a time cap (--max-time, seconds per case) below the warm-up is one line and exit 2.
 * @param {{ precision?: string, warmup?: string, slice?: string }} values
 * @param {number} maxTime seconds per case, already checked
 * @template {{ target: number, warmupMs: number, sliceMs: number }} D
 * @param {D} defaults
 * @returns {D}
 */
export function precisionFromOptions(values, maxTime, defaults) {
  let target = defaults.target;
  if (values.precision !== undefined) {
    target = Number(values.precision);
    if (values.precision === '' || !Number.isFinite(target) || target <= 0 || target >= 1) {
      throw new UserError(`--precision: expected a fraction between 0 and 1 (0.05 for ±5%), got ${JSON.stringify(values.precision)}`);
    }
  }
  // the default warm-up shortens to a shorter cap; a --warmup given longer than the cap is refused below
  const warmupMs = values.warmup === undefined ? Math.min(defaults.warmupMs, maxTime * 1000) : numberOption(values.warmup, 'warmup', { min: 0.001 }) * 1000;
  const sliceMs = values.slice === undefined ? defaults.sliceMs : numberOption(values.slice, 'slice', { min: 1 });
  if (maxTime * 1000 < warmupMs) {
    throw new UserError(`--max-time ${maxTime}: the time cap per case is below its warm-up (--warmup ${warmupMs / 1000}); give at least that`);
  }
  if (maxTime * 1000 < sliceMs) throw new UserError(`--max-time ${maxTime}: the time cap per case is shorter than one slice (--slice ${sliceMs} ms)`);
  return { ...defaults, target, warmupMs, sliceMs };
}

/**
 * Refuses the paired timer's options where another timer runs (--timer benchmark, --shapes, --runtimes), and
 * Benchmark.js's --min-time where the paired timer does: one line, exit 2, rather than an option silently ignored.
 * @param {{ precision?: string, warmup?: string, slice?: string, 'min-time'?: string }} values
 * @param {boolean} paired whether the paired timer runs
 * @param {string} other what runs instead, for the message (e.g. "--timer benchmark")
 */
export function refuseOtherTimersOptions(values, paired, other) {
  if (paired) {
    if (values['min-time'] !== undefined) throw new UserError(`--min-time ${values['min-time']}: Benchmark.js's sample time, which the paired timer does not use (it takes --slice MS); add --timer benchmark to use it`);
    return;
  }
  const given = /** @type {const} */ (['precision', 'warmup', 'slice']).find((k) => values[k] !== undefined);
  if (given) throw new UserError(`--${given} ${values[given]}: an option of the paired timer, which ${other} does not use`);
}
