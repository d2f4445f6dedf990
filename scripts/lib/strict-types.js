/**
 * The strict type check's ratchet. tsconfig.json is strict; the files that are not clean yet are listed, each with
 * how many errors it still has, in scripts/types-waiting.json. The check fails on an error in a file that is not
 * listed, on a listed file with more errors than its count, and on one with fewer (lower its count, or remove it:
 * a mended file must stay mended). So no file gets worse, and the list only shrinks.
 */

/**
 * One tsc diagnostic, as `tsc --pretty false` prints it.
 * @typedef {{ file: string, line: number, column: number, code: string, message: string }} TscError
 */

const LINE = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/**
 * The errors in tsc's output (its other lines, such as a message's continuation, are left out).
 * @param {string} text
 * @returns {TscError[]}
 */
export function parseTscOutput(text) {
  return text.split('\n').flatMap((line) => {
    const m = LINE.exec(line.trimEnd());
    return m ? [{ file: m[1], line: Number(m[2]), column: Number(m[3]), code: m[4], message: m[5] }] : [];
  });
}

/**
 * Errors per file.
 * @param {TscError[]} errors
 * @returns {Map<string, TscError[]>}
 */
export function errorsByFile(errors) {
  /** @type {Map<string, TscError[]>} */
  const byFile = new Map();
  for (const e of errors) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  return byFile;
}

/**
 * What is wrong against the waiting list: one line per problem, none when the tree matches it.
 * @param {TscError[]} errors
 * @param {Record<string, number>} waiting file -> errors it may still have
 * @returns {string[]}
 */
export function ratchetProblems(errors, waiting) {
  const byFile = errorsByFile(errors);
  /** @type {string[]} */
  const problems = [];
  for (const [file, list] of byFile) {
    const allowed = waiting[file];
    if (allowed === undefined) {
      problems.push(...list.map((e) => `${e.file}:${e.line}:${e.column}: ${e.code} ${e.message}`));
    } else if (list.length > allowed) {
      problems.push(`${file}: ${list.length} errors, ${allowed} waiting: ${list.length - allowed} new; first: ${list[0].line}:${list[0].column} ${list[0].code} ${list[0].message}`);
    } else if (list.length < allowed) {
      problems.push(`${file}: ${list.length} errors left of ${allowed}: lower its count in scripts/types-waiting.json (node scripts/check-types.js --update)`);
    }
  }
  for (const file of Object.keys(waiting)) {
    if (!byFile.has(file)) problems.push(`${file}: clean now: remove it from scripts/types-waiting.json (node scripts/check-types.js --update)`);
  }
  return problems;
}

/**
 * The waiting list after fixes: counts lowered and clean files removed, never a count raised or a file added.
 * @param {TscError[]} errors
 * @param {Record<string, number>} waiting
 * @returns {Record<string, number>}
 */
export function shrinkWaiting(errors, waiting) {
  const byFile = errorsByFile(errors);
  return Object.fromEntries(Object.entries(waiting).flatMap(([file, allowed]) => {
    const now = byFile.get(file)?.length ?? 0;
    return now === 0 ? [] : [[file, Math.min(now, allowed)]];
  }));
}
