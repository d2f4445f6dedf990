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

/** The p99 a rate must stay under to hold, in ms, unless told otherwise. */
export const CAPACITY_TARGET_P99_MS = 10;

/**
 * The two sides of the headline (issue 22: "one server core takes X REST/JSON or Y gRPC/protobuf messages/s"):
 * REST/JSON is http1 with json-buffer, gRPC/protobuf is grpc with protobufjs-static (each transport's own pair).
 */
export const CAPACITY_HEADLINE = Object.freeze({ rest: { transport: 'http1', format: 'json-buffer' }, grpc: { transport: 'grpc', format: 'protobufjs-static' } });
