import crypto from 'node:crypto';

/**
 * The first 16 hex digits of the SHA-256 of some text or bytes: how a schema is named (Schema.hash) and the folders
 * of the generated-code cache under it (lib/codecs/codegen.js, the gRPC/Connect service's in rpc-service.js).
 * @param {string | Buffer} data
 */
export const shortHash = (data) => crypto.createHash('sha256').update(data).digest('hex').slice(0, 16);
