// How far a capacity's searches agree, and how a transport's two formats compare search by search: pure functions
// over the rows capacity.js writes, in a module that loads nothing else, so that the report and compare.js read old
// and new results.json alike without loading the transports.
import { CAPACITY_PRECISION } from './capacity-settings.js';
import { median } from '../measure/statistics.js';
import { MIN_ROUNDS_FOR_WINNER } from './rounds.js';

/**
 * Whether a capacity's searches agree: the farthest search from the kept one (the median search; of an even count
 * the lower middle one), relative to it (halfWidth), met when that is within the target (CAPACITY_PRECISION, ±10%);
 * not met when some search found none (its row says "below") while another found one. Null where there is no
 * spread to judge: one search (npm start's short pass), or none of the searches found a capacity (the row says
 * "below R" for all of them).
 * @param {(number|null)[]} caps each search's capacity, null where it found none
 * @param {number|null} kept the kept search's
 * @param {number} [target]
 * @returns {{ target: number, halfWidth: number|null, met: boolean } | null}
 */
export function capacityPrecision(caps, kept, target = CAPACITY_PRECISION) {
  if (caps.length < 2 || caps.every((c) => c === null)) return null;
  if (kept === null || kept <= 0 || caps.some((c) => c === null)) return { target, halfWidth: null, met: false };
  const found = /** @type {number[]} */ (caps);
  const halfWidth = Math.max(kept - Math.min(...found), Math.max(...found) - kept) / kept;
  return { target, halfWidth, met: halfWidth <= target };
}

/**
 * A row's precision: the one it carries, or for a row written before rows carried one (results.json of an older
 * run) the same rule applied to its searches.
 * @param {{ capacity: number|null, searches?: Array<{ capacity: number|null }>, precision?: ReturnType<typeof capacityPrecision> }} row
 */
export function precisionOf(row) {
  if (row.precision !== undefined) return row.precision;
  return capacityPrecision((row.searches ?? []).map((s) => s.capacity), row.capacity);
}

/**
 * Whether a capacity row missed its precision target (shown `~ unstable`, no verdict).
 * @param {Parameters<typeof precisionOf>[0]} row
 */
export const capacityUnstable = (row) => precisionOf(row)?.met === false;

/**
 * A transport's protobuf capacity over its JSON one, search by search: search k of both formats ran back to back
 * against one server (capacity.js's visits), so each search's ratio compares the two in one state of the machine.
 * The ratio is the median of the searches' ratios. A side is named only when there are at least MIN_ROUNDS_FOR_WINNER
 * searches (the WebSocket pass's minimum of rounds) and every search's ratio lies on that side of 1 by more than the
 * capacity's precision target (10%): with three searches, ratios on one side by chance alone happen one time in four,
 * and a single search of one format moves by more than 10% on this kind of machine. Null when the transport lacks
 * either side of its formatPair. `bounds`: what bound each search of each format, protobuf's first.
 * @param {Array<{ format: string, searches: Array<{ capacity: number|null, bound?: string|null }> }>} rows one transport's, combined
 * @param {{ json?: { format: string }, protobuf?: { format: string } } | undefined} formatPair the transport's
 * @param {number} [margin] how far from 1 every search's ratio must lie
 * @returns {{ json: string, protobuf: string, ratio: number|null, searchRatios: (number|null)[], ratioMinMax: [number, number] | null,
 *   verdict: 'higher'|'lower'|'no clear difference'|'too few searches'|'a search found none', bounds: string[] } | null}
 */
export function capacityPair(rows, formatPair, margin = CAPACITY_PRECISION) {
  const json = rows.find((r) => r.format === formatPair?.json?.format);
  const protobuf = rows.find((r) => r.format === formatPair?.protobuf?.format);
  if (!json || !protobuf) return null;
  const n = Math.min(json.searches.length, protobuf.searches.length);
  const searchRatios = Array.from({ length: n }, (_, k) => {
    const a = protobuf.searches[k].capacity;
    const b = json.searches[k].capacity;
    return a != null && b != null && b > 0 ? a / b : null;
  });
  const whole = searchRatios.every((x) => x != null) ? /** @type {number[]} */ (searchRatios) : null;
  const verdict = !whole ? 'a search found none' : n < MIN_ROUNDS_FOR_WINNER ? 'too few searches'
    : whole.every((x) => x > 1 + margin) ? 'higher' : whole.every((x) => x < 1 / (1 + margin)) ? 'lower' : 'no clear difference';
  const bounds = [...protobuf.searches.slice(0, n), ...json.searches.slice(0, n)].map((s) => s.bound ?? 'neither');
  return {
    json: json.format, protobuf: protobuf.format, ratio: whole ? median(whole) : null, searchRatios,
    ratioMinMax: whole ? [Math.min(...whole), Math.max(...whole)] : null, verdict, bounds,
  };
}
