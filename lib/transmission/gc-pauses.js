/**
 * The client's own garbage-collection pauses over a pass. A pause stops the client's event loop: every message due
 * or answered during it waits, so a client whose pauses are as long as the latency target sets the tail itself,
 * whatever the server does. Found on the HTTP/2-based clients (node:http2 streams outlive a scavenge and are
 * promoted: 10–30 ms scavenges at 1,000 msgs/s, p99 17–45 ms, while both sides used a fifth of a core), so the
 * capacity search can name the client as the side that ran out (capacity.js, boundOf). The server's meter counts its
 * own the same way (server-meter.js): a server's pause is the server's limit.
 */
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Starts counting this thread's GC pauses: read() gives their number, total and longest so far, in milliseconds, and
 * stop() the same and stops counting.
 * @returns {{ read(): GcPauses, stop(): GcPauses }}
 */
export function watchGcPauses() {
  let count = 0;
  let totalMs = 0;
  let maxMs = 0;
  let watching = true;
  const take = (/** @type {PerformanceEntry[]} */ entries) => {
    for (const e of entries) {
      count++;
      totalMs += e.duration;
      if (e.duration > maxMs) maxMs = e.duration;
    }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const read = () => {
    // entries not yet delivered to the callback
    if (watching) take(observer.takeRecords());
    return { count, totalMs, maxMs };
  };
  return {
    read,
    stop() {
      const figures = read();
      watching = false;
      observer.disconnect();
      return figures;
    },
  };
}

/** @typedef {{ count: number, totalMs: number, maxMs: number }} GcPauses */
