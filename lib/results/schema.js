// The documented shape of results.json (README, "results.json format"), as a
// JSON Schema checked with ajv. Rows may carry more fields than listed here:
// codecs and measurements grow; what is listed is what reports rely on.

const number = { type: 'number' };
const count = { type: 'integer', minimum: 0 };
const nullableNumber = { type: ['number', 'null'] };
const status = { enum: ['exact', 'equivalent', 'lossy', 'unsupported', 'failed'] };

// The fairness flags of a row (lib/codecs/index.js, fairnessFlags); rows written before they existed have none.
const flags = {
  type: ['object', 'null'],
  required: ['schema', 'codegen', 'nativeAddon', 'extension', 'bufferReused'],
  properties: {
    schema: { enum: ['user', 'inferred', 'none'] },
    codegen: { type: 'boolean' },
    nativeAddon: { type: ['string', 'null'] },
    extension: { type: ['string', 'null'] },
    bufferReused: { type: 'boolean' },
  },
};

const verdict = {
  type: 'object',
  required: ['format', 'library', 'version', 'status', 'diff', 'normalised', 'reason'],
  properties: {
    flags,
    format: { type: 'string' },
    library: { type: ['string', 'null'] },
    version: { type: ['string', 'null'] },
    status,
    diff: { type: ['object', 'null'] },
    normalised: { type: 'array', items: { type: 'string' } },
    reason: { type: ['string', 'null'] },
  },
};

const payload = {
  type: 'object',
  required: ['id', 'title', 'dataFile', 'schema', 'type', 'jsonBytes'],
  properties: { id: { type: 'string' }, title: { type: 'string' }, jsonBytes: count },
};

const sizeRow = {
  allOf: [verdict, {
    properties: { bytes: count, gzip: count, brotli: count, ofJson: number },
    // a codec that could not be measured has no figures, one that was has all four
    if: { properties: { status: { enum: ['exact', 'equivalent', 'lossy'] } } },
    then: { required: ['bytes', 'gzip', 'brotli', 'ofJson'] },
  }],
};

const speedRow = {
  allOf: [verdict, {
    required: ['op', 'opsPerSec', 'min', 'max', 'rme', 'samplesPerRound', 'wireBytes', 'mbPerSec', 'vsBaseline',
      'vsBaselineMin', 'vsBaselineMax', 'rounds'],
    properties: {
      // encode, decode, roundtrip, to-plain, from-plain (lib/measure/speed.js, OPERATIONS)
      op: { type: 'string' },
      opsPerSec: number,
      // filled by the memory pass; null when it did not run
      memory: {
        type: ['object', 'null'],
        required: ['heapBytesPerOp', 'externalBytesPerOp', 'bytesPerOp', 'gcMsPer1000Ops'],
        properties: {
          heapBytesPerOp: nullableNumber, externalBytesPerOp: nullableNumber, bytesPerOp: nullableNumber, gcMsPer1000Ops: nullableNumber,
        },
      },
      min: number,
      max: number,
      rme: number,
      samplesPerRound: number,
      wireBytes: count,
      mbPerSec: nullableNumber,
      vsBaseline: nullableNumber,
      vsBaselineMin: nullableNumber,
      vsBaselineMax: nullableNumber,
      rounds: {
        type: 'array', minItems: 1,
        items: { type: 'object', required: ['hz', 'rme', 'samples'], properties: { hz: number, rme: number, samples: count } },
      },
    },
  }],
};

const latency = {
  type: 'object',
  required: ['p50', 'p90', 'p99', 'p999', 'max', 'mean'],
  properties: Object.fromEntries(['p50', 'p90', 'p99', 'p999', 'max', 'mean'].map((k) => [k, nullableNumber])),
};

const transmissionRow = {
  allOf: [verdict, {
    required: ['messages', 'acked', 'lost', 'duplicated', 'errors', 'seconds', 'msgsPerSec', 'payloadMBps', 'wireBytes', 'latencyMs'],
    properties: {
      wireBytes: { type: ['object', 'null'], properties: { payload: nullableNumber, frames: nullableNumber } },
      latencyMs: { anyOf: [latency, { type: 'null' }] },
    },
  }],
};

/** JSON Schema of results.json, version 1. */
export const RESULTS_SCHEMA = {
  $id: 'protobuf-vs-json-bench/results@1',
  type: 'object',
  required: ['format', 'createdAt', 'command', 'settings', 'environment', 'units', 'codecs', 'payloads', 'transmission', 'batch'],
  properties: {
    format: { const: 'protobuf-vs-json-bench/results@1' },
    createdAt: { type: 'string' },
    command: { type: 'string' },
    settings: {
      type: 'object',
      required: ['mode', 'payloads', 'formats', 'speed', 'transmission', 'batch'],
      properties: {
        mode: { enum: ['quick', 'default', 'full'] },
        payloads: { type: 'array', items: { type: 'string' } },
        formats: { type: 'array', items: { type: 'string' } },
        speed: { type: 'object', required: ['rounds', 'maxTime', 'baseline'] },
        // the memory pass's options (lib/measure/memory.js); null when --no-memory skipped it
        memory: { type: ['object', 'null'] },
        transmission: { type: ['object', 'null'], required: ['formats', 'messages', 'window', 'connections', 'profiles'] },
        batch: { type: ['object', 'null'], required: ['payload', 'counts'] },
      },
    },
    environment: {
      type: 'object',
      required: ['date', 'node', 'v8', 'os', 'cpu', 'cores', 'memoryGiB', 'libraries', 'commit'],
      properties: { libraries: { type: 'object', additionalProperties: { type: ['string', 'null'] } } },
    },
    units: { type: 'object', additionalProperties: { type: 'string' } },
    codecs: {
      type: 'array',
      items: { type: 'object', required: ['format', 'library', 'version', 'kind'] },
    },
    payloads: {
      type: 'array', minItems: 1,
      items: {
        type: 'object',
        required: ['payload', 'sizes', 'speed'],
        properties: {
          payload,
          sizes: { type: 'array', items: sizeRow },
          speed: { type: 'array', items: speedRow },
          // conversions not timed because the native form is the plain object
          notTimed: {
            type: 'array',
            items: { type: 'object', required: ['format', 'op', 'note'], properties: { format: { type: 'string' }, op: { type: 'string' }, note: { type: 'string' } } },
          },
        },
      },
    },
    transmission: {
      type: 'array',
      items: {
        type: 'object',
        required: ['payload', 'profile', 'settings', 'results'],
        properties: { payload: { type: 'string' }, profile: { type: 'string' }, results: { type: 'array', items: transmissionRow } },
      },
    },
    batch: {
      type: ['object', 'null'],
      required: ['payload', 'counts', 'steps'],
      properties: {
        payload,
        counts: { type: 'array', items: count },
        steps: {
          type: 'array',
          items: {
            type: 'object',
            required: ['n', 'jsonBytes', 'sizes', 'speed'],
            properties: { n: count, jsonBytes: count, sizes: { type: 'array', items: sizeRow }, speed: { type: 'array', items: speedRow } },
          },
        },
      },
    },
  },
};
