import * as hdr from 'hdr-histogram-js';

// Microseconds from 1 µs to 10 minutes, three significant digits: a recorded value is within 0.1%.
const HIGHEST_US = 600e6;

/**
 * A latency recorder on an HDR histogram (hdr-histogram-js), in microseconds.
 * @returns {Latency}
 */
/**
 * @typedef {{ record(ms: number): void, merge(other: { histogram: hdr.Histogram }): void, summary(): LatencySummary, count: number,
 *   histogram: hdr.Histogram }} Latency
 */
export function createLatency() {
  const histogram = hdr.build({ bitBucketSize: 'packed', lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 3 });
  return {
    histogram,
    /**
     * Records one round trip, in milliseconds.
     * @param {number} ms
     */
    record(ms) {
      histogram.recordValue(Math.min(HIGHEST_US, Math.max(1, Math.round(ms * 1000))));
    },
    /** @param {{ histogram: hdr.Histogram }} other */
    merge(other) {
      histogram.add(other.histogram);
    },
    get count() {
      return histogram.totalCount;
    },
    /** Percentiles in milliseconds (null when nothing was recorded). */
    summary() {
      if (!histogram.totalCount) return { p50: null, p90: null, p99: null, p999: null, max: null, mean: null };
      const max = histogram.maxValue / 1000;
      // HDR reports the top of a value's bucket; never above the largest value recorded
      const at = (/** @type {number} */ p) => Math.min(max, histogram.getValueAtPercentile(p) / 1000);
      return { p50: at(50), p90: at(90), p99: at(99), p999: at(99.9), max, mean: histogram.mean / 1000 };
    },
  };
}

/**
 * @typedef {{ p50: number|null, p90: number|null, p99: number|null, p999: number|null, max: number|null, mean: number|null }} LatencySummary
 */
