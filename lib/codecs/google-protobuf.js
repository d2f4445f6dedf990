import { Unsupported } from '../errors.js';

const REASON = 'no npm-only code generator: google-protobuf\'s runtime is on npm, but its generator protoc-gen-js is a C++ program that npm packages only fetch from GitHub releases at install time, which this project does not allow';

/** Google's own protobuf runtime for JavaScript, listed so that its absence is visible, not silent. */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'google-protobuf',
  description: `Google's protobuf runtime for JavaScript (not built here: see why in the available column)`,
  library: null,
  mediaType: 'application/x-protobuf',
  kind: { schema: true, binary: true, codegen: true },
  normalise: ['proto3-json'],
  decoded: '—',
  unavailable: REASON,
  create() {
    throw new Unsupported(REASON);
  },
});
