import { UserError } from '../../errors.js';

/**
 * Network profiles: the same names and figures as @sitespeed.io/throttle's
 * command line (its bin/index.js), so a profile means the same thing with
 * either shaper. rtt in ms, down/up in kbit/s.
 */
export const PROFILES = {
  '3gslow': { rtt: 200, down: 400, up: 400 },
  '3g': { rtt: 150, down: 1600, up: 768 },
  '3gfast': { rtt: 75, down: 1600, up: 768 },
  '3gem': { rtt: 200, down: 400, up: 400 },
  '2g': { rtt: 400, down: 280, up: 256 },
  edge: { rtt: 420, down: 240, up: 200 },
  dial: { rtt: 60, down: 49, up: 30 },
  dsl: { rtt: 25, down: 1500, up: 384 },
  cable: { rtt: 14, down: 5000, up: 1000 },
  '4g': { rtt: 85, down: 9000, up: 9000 },
  lte: { rtt: 35, down: 12000, up: 12000 },
  fois: { rtt: 2, down: 20000, up: 5000 },
};

/**
 * The link a profile name stands for: null for 'none', the table's figures
 * for a named profile, or the given rtt/down/up for 'custom' (a missing
 * down/up means that direction is not limited).
 * @param {string} profile
 * @param {{ rtt?: number, down?: number, up?: number }} [custom]
 * @param {string} [option] the option the profile was given with, for a refusal: the clients' --throttle, the
 *   benchmarks' --profiles
 * @returns {{ name: string, rtt: number, down: number|null, up: number|null } | null}
 */
export function resolveProfile(profile = 'none', custom = {}, option = '--throttle') {
  if (profile === 'none') return null;
  if (profile === 'custom') {
    const { rtt, down, up } = custom;
    for (const [name, v] of Object.entries({ rtt, down, up })) {
      if (v != null && !(Number.isFinite(v) && v >= 0)) throw new UserError(`--${name}: expected a number ≥ 0, got "${v}"`);
    }
    if (rtt == null && down == null && up == null) throw new UserError(`${option}: custom needs at least one of --rtt MS, --down KBIT, --up KBIT`);
    return { name: 'custom', rtt: rtt ?? 0, down: down || null, up: up || null };
  }
  const p = Object.hasOwn(PROFILES, profile) ? PROFILES[/** @type {keyof typeof PROFILES} */ (profile)] : null;
  if (!p) throw new UserError(`unknown throttle profile "${profile}" (known: none, ${Object.keys(PROFILES).join(', ')}, custom)`);
  return { name: profile, ...p };
}

/**
 * "4g: RTT 85 ms, down 9000 kbit/s, up 9000 kbit/s"
 * @param {{ name: string, rtt: number, down?: number|null, up?: number|null } | null | undefined} link
 */
export function describeLink(link) {
  if (!link) return 'none';
  const rate = (/** @type {number|null|undefined} */ v) => (v ? `${v} kbit/s` : 'unlimited');
  return `${link.name}: RTT ${link.rtt} ms, down ${rate(link.down)}, up ${rate(link.up)}`;
}
