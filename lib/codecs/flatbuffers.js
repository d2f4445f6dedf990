import { Unsupported } from '../errors.js';

const REASON = 'not built yet: flatc would come from Debian (flatbuffers-compiler 2.0.8, which converts a .proto and emits TypeScript only), but FlatBuffers builds messages through generated builder or object-API classes, not from plain objects, and the converter between the two is not written';

/** FlatBuffers, listed so that its absence is visible, not silent. */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'flatbuffers',
  description: 'FlatBuffers: binary, read in place without parsing (not built here: see why in the available column)',
  library: 'flatbuffers',
  kind: { schema: true, binary: true, codegen: true },
  normalise: [],
  decoded: '—',
  unavailable: REASON,
  create() {
    throw new Unsupported(REASON);
  },
});
