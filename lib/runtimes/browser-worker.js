/**
 * The page's side of a round in Chromium, bundled with the codecs: what
 * worker.js does in Node, Bun and Deno. The payloads arrive as data (the value,
 * and the resolved schema as protobuf.js JSON, since a page has no files);
 * each codec is created from its browser form when it declares one, verified
 * by the same rules and timed by the same measureSpeed.
 */
import protobuf from 'protobufjs';
import { buildAdapter } from '../schema/index.js';
import { describeCodec, prepareCodecs } from '../verify.js';
import { measureSpeed } from '../measure/speed.js';
import { registerGenerated } from './browser-codegen.js';
import { rotate } from './rounds.js';

/**
 * A codec as the page runs it: what it declares as `browser` replaces the
 * same fields of the codec (a create() without Buffer, say).
 * @param {any} codec
 * @param {string|null} version the library's version, read on the host
 */
export function browserForm(codec, version) {
  return { ...codec, ...(codec.browser ?? {}), version };
}

/**
 * Rebuilds a schema from the host's description of it.
 * @param {PageSchema} s
 */
function pageSchema(s) {
  const root = protobuf.Root.fromJSON(s.root);
  const type = root.lookupType(s.typeName);
  return { text: s.text, file: s.file, sourceFile: null, typeName: s.typeName, hash: s.hash, root, type, adapter: buildAdapter(type) };
}

/**
 * Runs one round in the page and returns what worker.js prints.
 * @param {import('./matrix.js').WorkerJob} job
 * @param {{ payloads: PagePayload[], versions: Record<string, string|null> }} data
 * @param {{ codecs: any[], generated: { codec: string, hash: string, exports: object }[] }} bundled
 */
export function runPageRound(job, data, bundled) {
  for (const g of bundled.generated) registerGenerated(g.codec, g.hash, g.exports);
  const wanted = job.formats.split(',');
  const codecs = bundled.codecs.filter((c) => wanted.includes(c.name)).map((c) => browserForm(c, data.versions[c.name] ?? null));
  const filter = job.filter ? new RegExp(job.filter) : undefined;
  const results = data.payloads.map((p) => {
    const payload = { ...p.described, dataFile: p.described.dataFile, value: p.value, schema: pageSchema(p.schema),
      schemaSource: p.described.schema, warnings: [] };
    const prepared = prepareCodecs(rotate(codecs, job.round ?? 0), payload);
    if (job.verifyOnly) return { verdicts: prepared.map(describeCodec) };
    return measureSpeed(prepared, /** @type {any} */ (payload), { rounds: 1, maxTime: job.maxTime, minTime: job.minTime, filter });
  });
  return { results };
}

/**
 * @typedef {{ root: object, typeName: string, hash: string, file: string, text: string }} PageSchema
 * @typedef {{ described: ReturnType<typeof import('../payload/index.js').describePayload>, value: any, schema: PageSchema }} PagePayload
 */
