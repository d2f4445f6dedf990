import { Unsupported } from '../errors.js';

const REASON = 'no JavaScript implementation: igbinary exists only as a PHP extension (C); the npm registry has no maintained encoder/decoder for it';

/** PHP's igbinary serializer, listed so that its absence is visible, not silent. */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'igbinary',
  description: `PHP's compact binary serializer (no JavaScript implementation)`,
  library: null,
  kind: { schema: false, binary: true, codegen: false },
  normalise: [],
  decoded: '—',
  unavailable: REASON,
  create() {
    throw new Unsupported(REASON);
  },
});
