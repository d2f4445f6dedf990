import { serialize, unserialize } from 'php-serialize';

/**
 * PHP's native serialize()/unserialize() format, by php-serialize: what a
 * PHP service stores in a cache or a session. Text, with byte lengths.
 */
export default /** @satisfies {import('./index.js').Codec} */ ({
  name: 'php-serialize',
  description: `PHP's serialize()/unserialize() text format (php-serialize): what a PHP service keeps in a cache or session`,
  library: 'php-serialize',
  kind: { schema: false, binary: false, codegen: false },
  normalise: [],
  decoded: 'unserialize() of the string: PHP arrays with keys 0..n-1 as JS arrays, other arrays as objects',
  create() {
    return { encode: (obj) => serialize(obj), decode: (/** @type {string} */ text) => unserialize(text) };
  },
});
