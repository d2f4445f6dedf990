import test from 'node:test';
import assert from 'node:assert/strict';
import { sweepProfiles, sweepTransports } from '../../../lib/transmission/sweep.js';

/** @typedef {Parameters<NonNullable<Parameters<typeof sweepProfiles>[0]['measure']>>[0]} SaturationOptions */

const payload = /** @type {import('../../../lib/payload/index.js').Payload} */ (/** @type {unknown} */ ({ id: 'test3' }));
/** @param {string} name */
const codec = (name) => /** @type {import('../../../lib/codecs/index.js').CodecInfo} */ (/** @type {unknown} */ ({ name }));

/**
 * A stand-in for measureSaturation (which starts servers): records each call, reports one probe per format,
 * and answers a knee that says which profile and transport it was asked for.
 */
function standInSaturation() {
  /** @type {SaturationOptions[]} */
  const calls = [];
  /** @param {SaturationOptions} options */
  const measure = async (options) => {
    calls.push(options);
    const link = /** @type {{ profile: string, transport?: string }} */ (options.link);
    for (const c of options.codecs) options.onProbe?.({ format: c.name, rate: 1000, p99: 2, ok: true });
    return options.codecs.map((c) => ({ format: c.name, targetP99Ms: options.targetP99Ms ?? 10, maxRate: link.profile === '4g' ? 500 : 8000, failedRate: null, probes: [] }));
  };
  return { calls, measure };
}

test('sweepProfiles: one saturation search per profile, in order, each on its own link with the shared settings', async () => {
  const { calls, measure } = standInSaturation();
  /** @type {object[]} */
  const probes = [];
  const sweeps = await sweepProfiles({
    payload, codecs: [codec('json'), codec('protobufjs-static')], profiles: ['none', '4g'], targetP99Ms: 25,
    link: { connections: 2, shaper: 'emulator' }, probes: { fromRate: 100, steps: 2 }, onProbe: (p) => probes.push(p), measure,
  });
  assert.deepEqual(sweeps.map((s) => [s.profile, s.knees.map((k) => k.maxRate)]), [['none', [8000, 8000]], ['4g', [500, 500]]]);
  assert.deepEqual(calls.map((c) => c.link), [{ connections: 2, shaper: 'emulator', profile: 'none' }, { connections: 2, shaper: 'emulator', profile: '4g' }]);
  assert.ok(calls.every((c) => c.targetP99Ms === 25 && c.fromRate === 100 && c.steps === 2 && c.payload === payload));
  // each probe reported with the profile it ran on
  assert.deepEqual(probes.map((p) => /** @type {{ profile: string, format: string }} */ (p)).map((p) => `${p.profile} ${p.format}`),
    ['none json', 'none protobufjs-static', '4g json', '4g protobufjs-static']);
});

test('sweepTransports: by transport then profile, each transport with its own codecs; a transport without codecs is left out', async () => {
  const { calls, measure } = standInSaturation();
  /** @type {Array<{ transport: string, profile: string, format: string }>} */
  const probes = [];
  const sweeps = await sweepTransports({
    payload, profiles: ['none', '3g'], targetP99Ms: 10, transports: ['ws', 'grpc', 'http1'],
    codecsFor: { ws: [codec('json'), codec('protobufjs-static')], grpc: [], http1: [codec('json-buffer')] },
    link: { tls: true }, onProbe: (p) => probes.push(p), measure,
  });
  assert.deepEqual(sweeps.map((s) => `${s.transport} ${s.profile} ${s.knees.map((k) => k.format).join('+')}`),
    ['ws none json+protobufjs-static', 'ws 3g json+protobufjs-static', 'http1 none json-buffer', 'http1 3g json-buffer']);
  assert.deepEqual(calls.map((c) => c.link), [
    { tls: true, transport: 'ws', profile: 'none' }, { tls: true, transport: 'ws', profile: '3g' },
    { tls: true, transport: 'http1', profile: 'none' }, { tls: true, transport: 'http1', profile: '3g' },
  ]);
  assert.deepEqual(probes.map((p) => `${p.transport} ${p.profile} ${p.format}`), [
    'ws none json', 'ws none protobufjs-static', 'ws 3g json', 'ws 3g protobufjs-static', 'http1 none json-buffer', 'http1 3g json-buffer',
  ]);
});
