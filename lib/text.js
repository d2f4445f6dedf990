// Words for printed counts, shared by every layer that prints one (a server's summary, the report).

/**
 * A count and its noun, singular for one: counted(1, 'call') is '1 call', counted(2, 'call') '2 calls'.
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
export const counted = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Items as a sentence lists them: 'a', 'a and b', 'a, b and c'; '' for none.
 * @param {string[]} xs
 */
export const listed = (xs) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}` : xs[0] ?? '');
