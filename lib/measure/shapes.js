// The type-by-type micro-suite: each family of lib/payload/shapes.js timed
// like any payload (encode and decode over its corpus of distinct messages),
// so its rows can be read against JSON's, family by family.
import { measureSpeed } from './speed.js';
import { prepareCodecs } from '../verify.js';

/** What the micro-suite times: what a service runs per message. */
export const SHAPE_FILTER = /(encode|decode)$/;

/**
 * Speed (and, from the same prepared inputs, mean bytes per message) of every
 * codec on every family, one family after the other, each with its rounds
 * interleaved across codecs as measureSpeed does them.
 * @param {import('../payload/index.js').Payload[]} payloads the families (shapePayloads)
 * @param {import('../codecs/index.js').CodecInfo[]} codecs
 * @param {{ rounds?: number, maxTime?: number, minTime?: number, harness?: ReturnType<typeof import('./speed.js').measureHarness> | null,
 *   onProgress?: (e: { payload: string, name: string, round: number }) => void }} [options]
 * @returns {ReturnType<typeof measureSpeed>[]}
 */
export function measureShapes(payloads, codecs, { rounds = 3, maxTime = 0.15, minTime, harness = null, onProgress } = {}) {
  return payloads.map((payload) => measureSpeed(prepareCodecs(codecs, payload), payload, {
    timer: 'benchmark', rounds, maxTime, minTime, filter: SHAPE_FILTER, harness,
    onProgress: (e) => onProgress?.({ payload: payload.id, name: e.name, round: e.round }),
  }));
}
