/**
 * The payload as an Artillery script carries it (config.pvj.payload): its portable form (../../payload/portable.js:
 * the corpus, the schema's text and resolved JSON) as gzip in base64, one string that YAML keeps as it is and that
 * Artillery's templates leave alone. A .proto inside the repository is named relative to it (`repo:proto/test3.proto`),
 * so a worker with its own checkout finds its own copy.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { UserError, errorMessage } from '../../errors.js';
import { ROOT } from '../../paths.js';
import { portablePayload } from '../../payload/portable.js';

/**
 * @param {import('../../payload/index.js').Payload} payload
 * @returns {string}
 */
export function encodePayload(payload) {
  const portable = portablePayload(payload);
  const { sourceFile } = portable.schema;
  const inRepo = sourceFile && !path.relative(ROOT, sourceFile).startsWith('..') && !path.isAbsolute(path.relative(ROOT, sourceFile));
  const schema = { ...portable.schema, sourceFile: inRepo ? `repo:${path.relative(ROOT, sourceFile).split(path.sep).join('/')}` : sourceFile };
  return zlib.gzipSync(JSON.stringify({ ...portable, schema })).toString('base64');
}

/**
 * @param {string} encoded
 * @returns {import('../../payload/portable.js').PortablePayload}
 */
export function decodePayload(encoded) {
  try {
    return JSON.parse(zlib.gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8'));
  } catch (err) {
    throw new UserError(`artillery-engine-pvj: config.pvj.payload is not a payload written by benchmark_artillery.js (${errorMessage(err)})`);
  }
}
