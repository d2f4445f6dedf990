// The capacity measurement's settings that the CLIs, npm start's short pass and the report share, in a module that
// loads nothing else (capacity.js itself loads every transport's machinery).

/**
 * Searches per format when not told otherwise: one search has no spread, and two consecutive runs of one search each
 * moved by up to half on a 2-core VM (docs/transmission.md), so three, the median kept.
 */
export const CAPACITY_SEARCHES = 3;

/** In flight when a capacity run is not told otherwise: four connections of eight (at window 1 a server never saturates). */
export const CAPACITY_LOAD = Object.freeze({ connections: 4, window: 8 });

/**
 * The precision a capacity over several searches is held to: every search within ±10% of the kept (median) search (the
 * agreement issue 22 asks of two runs). A capacity whose searches spread wider is shown "~ unstable" and given no
 * verdict; one search has no spread to judge (capacity-precision.js capacityPrecision).
 */
export const CAPACITY_PRECISION = 0.1;

/**
 * Seconds a capacity must also hold for in one pass, after its searches (capacity.js sustainRate): the searches' probes
 * last 0.2 s, too short to meet the old-generation collections a server does every second or so at such rates (on
 * this VM grpc-js's server did a 15–32 ms mark-compact every 1.2–1.3 s at 8,000 msgs/s), so a capacity from them alone
 * is a burst's. 0: no such pass.
 */
export const CAPACITY_SUSTAIN_SECONDS = 2;

/**
 * The shares of the capacity a sustained pass tries, highest first, until one holds: a capacity that did not hold for
 * its sustained pass says how much of it did.
 */
export const SUSTAIN_SHARES = Object.freeze([1, 0.9, 0.8, 0.7]);

/** The p99 a rate must stay under to hold, in ms, unless told otherwise. */
export const CAPACITY_TARGET_P99_MS = 10;

/**
 * The two sides of the headline (issue 22: "one server core takes X REST/JSON or Y gRPC/protobuf messages/s"):
 * REST/JSON is http1 with json-buffer, gRPC/protobuf is grpc with protobufjs-static (each transport's own pair).
 */
export const CAPACITY_HEADLINE = Object.freeze({ rest: { transport: 'http1', format: 'json-buffer' }, grpc: { transport: 'grpc', format: 'protobufjs-static' } });

/**
 * Requests in each chunk of the warm-up h2load sends to each fresh server before its first search, per format, as
 * fast as the connections and streams allow (closed loop), not measured (CAPACITY_WARMUP_CHUNKS: how many chunks). The toolkit's own client warms up before each probe; h2load sends
 * nothing unmeasured, so a search's first probes met a server whose JIT had not warmed up: against a fresh grpc-js
 * server on the 2-core Intel VM (2026-11-27, three 0.4 s passes at 1,000 msgs/s, test3) p99 was 85, 52 and 29 ms cold,
 * 6–18 ms after these 5,000; npm start's short pass, cold, said "fewer than 1,000 gRPC/protobuf messages/s" and
 * stopped http1 at 3,875 with its core full, warmed and quiet 1,938 and 12,000–19,000 (docs/transmission.md).
 */
export const CAPACITY_WARMUP_REQUESTS = 5000;

/**
 * The warm-up runs in chunks of CAPACITY_WARMUP_REQUESTS, at least `min` and at most `max` of them (and no more once
 * `maxSeconds` have passed), until the server's CPU per request stops falling: a chunk no more than `settle` below
 * the one before (warmupSettled, warmupDone). One chunk was
 * not enough: closed-loop chunks of 5,000 against fresh servers (2026-11-29, AMD EPYC VM, test3's protobuf-es, h2load
 * -c 4 -m 8) read connect-h2 502, 290, 254, then 226–284 µs a request, and node:http2 118, 46, 38, then 30–62 (176,
 * 74, 60, then 40–68 in another): after the first chunk the server was still 15–25% dearer than it would be, and a
 * search's first probes (a few thousand requests in all) met it so. In two full capacity runs after this change, the
 * first format's chunks read http1 156, 98, 53, 57 and grpc 163, 96, 55, 57: after one chunk, about 1.7× as dear.
 */
export const CAPACITY_WARMUP_CHUNKS = Object.freeze({ min: 2, max: 8, settle: 0.1, maxSeconds: 10 });

/**
 * Whether a warm-up's server CPU per request has stopped falling: at least `min` chunks, and the last one no more
 * than `settle` below the one before. A chunk without a figure (a server that cannot report) counts as stopped:
 * there is nothing to watch.
 * @param {Array<number|null>} cpuPerRequest each chunk's, in order
 * @param {{ min: number, settle: number }} [o]
 */
export function warmupSettled(cpuPerRequest, { min, settle } = CAPACITY_WARMUP_CHUNKS) {
  if (cpuPerRequest.length < min) return false;
  const [before, last] = cpuPerRequest.slice(-2);
  return before == null || last == null || last >= (1 - settle) * before;
}

/**
 * Whether a warm-up stops after the chunks so far: it has settled (warmupSettled), or run `max` chunks, or, past
 * `min` chunks, `maxSeconds` of them: a slow server on a busy machine (5,000 requests can take seconds) gets fewer
 * chunks, not minutes, and its warm-up says it did not settle.
 * @param {Array<number|null>} cpuPerRequest each chunk's, in order
 * @param {number} seconds the chunks' time so far
 * @param {{ min: number, max: number, settle: number, maxSeconds: number }} [o]
 */
export function warmupDone(cpuPerRequest, seconds, o = CAPACITY_WARMUP_CHUNKS) {
  const n = cpuPerRequest.length;
  return n >= o.max || (n >= o.min && seconds >= o.maxSeconds) || warmupSettled(cpuPerRequest, o);
}
