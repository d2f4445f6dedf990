import { UserError } from '../errors.js';

/**
 * The measure function of a `--client NAME` on benchmark_ws.js (loaded only when asked for).
 * @param {string} name
 * @returns {Promise<typeof import('../transmission/run.js').measureTransmission | typeof import('../runtimes/page/browser-ws.js').measureTransmissionInChromium>}
 */
export async function clientMeasure(name) {
  if (name === 'node') return (await import('../transmission/run.js')).measureTransmission;
  if (name === 'chromium') return (await import('../runtimes/page/browser-ws.js')).measureTransmissionInChromium;
  throw new UserError(`--client ${name}: the clients are node (the default) and chromium`);
}
