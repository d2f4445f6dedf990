import { measureSaturation } from './run.js';

/**
 * The saturation sweep of --sweep, per network profile: measureSaturation (one server per profile, open-loop
 * probes at doubling then bisected rates) for each profile in turn, on one transport.
 * @param {object} options
 * @param {import('../payload/index.js').Payload} options.payload
 * @param {import('../codecs/index.js').CodecInfo[]} options.codecs
 * @param {string[]} options.profiles network profiles ('none', '4g', 'custom', …)
 * @param {number} options.targetP99Ms
 * @param {object} [options.link] what measureSaturation's link takes besides the profile: rtt, down, up (custom),
 *   shaper, connections, idleTimeoutMs, and the transport's settings (transport, direction, compress, tls,
 *   pipelining, window)
 * @param {(p: { profile: string, format: string, rate: number, p99: number|null, ok: boolean }) => void} [options.onProbe]
 * @param {{ fromRate?: number, maxRate?: number, seconds?: number, steps?: number }} [options.probes] measureSaturation's
 *   probing (its defaults when left out)
 * @param {typeof measureSaturation} [options.measure] injected by tests; measureSaturation otherwise
 * @returns {Promise<Array<{ profile: string, knees: Awaited<ReturnType<typeof measureSaturation>> }>>}
 */
export async function sweepProfiles({ payload, codecs, profiles, targetP99Ms, link = {}, onProbe, probes = {}, measure = measureSaturation }) {
  const sweeps = [];
  for (const profile of profiles) {
    const knees = await measure({ ...probes, payload, codecs, targetP99Ms, link: { ...link, profile }, onProbe: onProbe && ((p) => onProbe({ profile, ...p })) });
    sweeps.push({ profile, knees });
  }
  return sweeps;
}

/**
 * The sweep on several transports, one after another, each with its own codecs: entries { profile, transport,
 * knees }, by transport then profile.
 * @param {Omit<Parameters<typeof sweepProfiles>[0], 'codecs' | 'onProbe'> & { codecsFor: Record<string, import('../codecs/index.js').CodecInfo[]>,
 *   transports: string[], onProbe?: (p: { profile: string, transport: string, format: string, rate: number, p99: number|null, ok: boolean }) => void }} options
 * @returns {Promise<Array<{ profile: string, transport: string, knees: Awaited<ReturnType<typeof measureSaturation>> }>>}
 */
export async function sweepTransports({ transports, codecsFor, link = {}, onProbe, ...options }) {
  const sweeps = [];
  for (const transport of transports.filter((t) => codecsFor[t]?.length)) {
    const perProfile = await sweepProfiles({ ...options, codecs: codecsFor[transport], link: { ...link, transport }, onProbe: onProbe && ((p) => onProbe({ ...p, transport })) });
    sweeps.push(...perProfile.map((s) => ({ profile: s.profile, transport, knees: s.knees })));
  }
  return sweeps;
}
