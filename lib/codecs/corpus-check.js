import { Unsupported, recordName } from '../errors.js';

/**
 * Refuses a corpus that a format cannot carry, before anything is measured: the first record for which `why`
 * gives a reason makes the codec unsupported, the record named by its index when it is not the first (the
 * first is the payload itself).
 * @param {unknown[]} corpus
 * @param {(record: unknown) => string | null} why the reason a record cannot be carried, or null when it can be
 */
export function refuseFirstRecord(corpus, why) {
  for (let i = 0; i < corpus.length; i++) {
    const reason = why(corpus[i]);
    if (reason) throw new Unsupported(i > 0 ? `${recordName(i)}: ${reason}` : reason);
  }
}
