/**
 * Which C library this process runs on, from Node's own report (its header names the glibc it runs against; musl
 * has none). No Node import, so that modules which also load in pages, Bun and Deno (lib/measure/paired.js) can ask.
 * Used where a runtime package is chosen (lib/runtimes/install/registry.js) and where the timing processes' glibc
 * settings are stated (paired.js).
 * @param {{ platform?: string, report?: { getReport?: () => unknown } } | null} [proc] (default: this process)
 * @returns {'glibc'|'musl'|null} null off Linux
 */
export function libcOf(proc = typeof process === 'undefined' ? null : process) {
  if (proc?.platform !== 'linux') return null;
  const report = proc.report?.getReport?.();
  const header = report && typeof report === 'object' && 'header' in report ? report.header : undefined;
  return header && typeof header === 'object' && 'glibcVersionRuntime' in header && header.glibcVersionRuntime ? 'glibc' : 'musl';
}
