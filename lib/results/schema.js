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
  properties: {
    id: { type: 'string' }, title: { type: 'string' }, dataFile: { type: 'string' }, schema: { type: 'string' }, type: { type: 'string' },
    jsonBytes: count, fileBytes: count, warnings: { type: 'array', items: { type: 'string' } },
  },
};

const sizeRow = {
  allOf: [verdict, {
    properties: { bytes: count, gzip: count, brotli: count, ofJson: number },
    // a codec that could not be measured has no figures, one that was has all four
    if: { properties: { status: { enum: ['exact', 'equivalent', 'lossy'] } } },
    then: { required: ['bytes', 'gzip', 'brotli', 'ofJson'] },
  }],
};

// Sizes over a payload's corpus (lib/measure/sizes.js, measureCorpusSizes): bytes per message over every
// message, compressed bytes per message per method ({ unavailable: reason } where a method is missing).
const perMessage = { type: 'object', required: ['median', 'p90', 'max', 'mean', 'total'], properties: { median: number, p90: number, max: number, mean: number, total: number } };
const corpusSizeRow = {
  allOf: [verdict, {
    required: ['record'],
    properties: {
      record: { type: ['integer', 'null'] }, perMessage, ofJson: number,
      // per method its bytes per message, or { unavailable: reason }
      compressed: { type: 'object', additionalProperties: { type: 'object', properties: { median: nullableNumber, p90: nullableNumber, max: nullableNumber, mean: nullableNumber, total: nullableNumber, messages: count, dictionaryBytes: count, rawMean: number, gzipMean: number, unavailable: { type: 'string' } } } },
    },
    if: { properties: { status: { enum: ['exact', 'equivalent', 'lossy'] } } },
    then: { required: ['perMessage', 'ofJson', 'compressed'] },
  }],
};
const corpusSizes = {
  type: 'object',
  required: ['corpus', 'codecs'],
  properties: {
    corpus: {
      type: 'object', required: ['messages', 'json', 'sample', 'training', 'stream', 'levels'],
      properties: { messages: count, json: perMessage, sample: { type: 'object' }, training: { type: 'object' }, stream: { type: 'object' }, levels: { type: 'object' } },
    },
    codecs: { type: 'array', items: corpusSizeRow },
  },
};

const speedRounds = {
  type: 'array', minItems: 1,
  items: { type: 'object', required: ['hz', 'rme', 'samples'], properties: { hz: number, rme: number, samples: count } },
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
          // whether the allocation windows agreed, over the calls settleSpan asks, before their limit (lib/measure/memory.js, settledOver); absent in older results
          settled: { type: ['boolean', 'null'] },
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
      rounds: speedRounds,
      // opsPerSec and its rounds are over the payload's corpus (distinct messages in turn); the same operation
      // on the first message alone, timed beside it in each round, where it was (null: not timed)
      oneMessage: {
        type: ['object', 'null'],
        required: ['opsPerSec', 'min', 'max', 'rme', 'rounds'],
        properties: { opsPerSec: number, min: number, max: number, rme: number, rounds: speedRounds },
      },
      // one-message ops/s ÷ corpus ops/s, round by round: median and min–max (null: not timed)
      bias: nullableNumber, biasMin: nullableNumber, biasMax: nullableNumber,
      // why the rate is implausible for the work ("probably measured an empty loop: …"), or null
      implausible: { type: ['string', 'null'] },
      // the paired timer's precision of vsBaseline: its interval (low–high, as vsBaselineMin/Max) at `level`, the relative
      // half-width (null: too few pairs for an interval), the target and whether it was met, the pairs (null: no ratio)
      precision: {
        type: ['object', 'null'],
        required: ['low', 'high', 'level', 'halfWidth', 'target', 'met', 'pairs'],
        properties: {
          low: nullableNumber, high: nullableNumber, level: number, halfWidth: nullableNumber, target: number, met: { type: 'boolean' }, pairs: count,
          minPairs: count, pairRatios: { type: 'array', items: number }, baseRate: number,
        },
      },
      // 'encode+decode': a round trip derived from the encode and decode figures, not timed on its own
      derived: { type: 'string' },
      // the speed pass in fresh processes (npm start, benchmark_dss --rounds R): whether they agreed ('unjudged': fewer
      // than two ran at full speed), each one's ratio and its interval (low–high; null for a process without the row);
      // the row's own ratio pools the pairs of those that ran at full speed
      processes: {
        type: 'object', required: ['agreement', 'vsBaseline'],
        properties: {
          agreement: { enum: ['agree', 'process-dependent', 'bimodal', 'unjudged'] }, vsBaseline: { type: 'array', items: nullableNumber },
          low: { type: 'array', items: nullableNumber }, high: { type: 'array', items: nullableNumber },
          // each process's baseline ops/s beside the ratio's pairs, and which processes ran on a slowed machine and
          // were set aside (lib/measure/processes.js, fullSpeed)
          baseRate: { type: 'array', items: nullableNumber }, slowed: { type: 'array', items: { type: ['boolean', 'null'] } },
        },
      },
    },
  }],
};

/** What the speed pass of one payload cycled through (lib/measure/speed.js, measureSpeed's settings). */
const speedCorpus = {
  type: 'object',
  required: ['corpus', 'oneMessageOps'],
  properties: {
    corpus: {
      type: 'object',
      required: ['messages', 'timed', 'sample'],
      properties: {
        messages: count, timed: count,
        sample: { type: ['object', 'null'], required: ['size', 'seed'], properties: { size: count, seed: { type: 'integer' } } },
      },
    },
    oneMessageOps: { type: 'array', items: { type: 'string' } },
    splitTime: { type: 'boolean' },
    precision: { type: ['object', 'null'], properties: { v8Flags: { type: 'array', items: { type: 'string' } }, groups: { type: 'array', items: { type: 'object' } } } },
    // codecs that carried the first message but not some message of the corpus, with that message's index
    skipped: { type: 'array', items: verdict },
  },
};

/** The harness's own figures, measured once per run (lib/measure/speed.js, measureHarness). */
const harness = {
  type: ['object', 'null'],
  required: ['noopHz', 'cyclingNoopHz', 'cyclingNsPerCall', 'copyBytesPerSec', 'maxPlausibleHz'],
  properties: { noopHz: number, cyclingNoopHz: number, cyclingNsPerCall: number, copyBytesPerSec: number, maxPlausibleHz: number },
};

const latency = {
  type: 'object',
  required: ['p50', 'p90', 'p99', 'p999', 'max', 'mean'],
  properties: Object.fromEntries(['p50', 'p90', 'p99', 'p999', 'max', 'mean'].map((k) => [k, nullableNumber])),
};

const minMaxPair = { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 };

/** A verdict on two formats of one transmission run (lib/transmission/rounds.js). */
const transmissionVerdict = {
  type: 'object',
  required: ['formats', 'winner', 'ratio', 'rounds'],
  properties: {
    formats: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    winner: { type: ['string', 'null'] },
    ratio: { type: 'number' },
    rounds: { type: 'integer', minimum: 1 },
  },
};

const transmissionRow = {
  allOf: [verdict, {
    required: ['messages', 'acked', 'lost', 'duplicated', 'errors', 'seconds', 'msgsPerSec', 'payloadMBps', 'wireBytes', 'latencyMs'],
    properties: {
      messages: count, acked: count, lost: count, duplicated: count, errors: count, seconds: nullableNumber, msgsPerSec: nullableNumber, payloadMBps: nullableNumber,
      // frames: the bytes of the direction carrying the payload; up and down: client → server and back, as the
      // client's sockets counted them (every byte of framing, headers and TLS records included)
      wireBytes: { type: ['object', 'null'], properties: { payload: nullableNumber, frames: nullableNumber, up: nullableNumber, down: nullableNumber } },
      transport: { type: 'string' },
      direction: { enum: ['up', 'down'] },
      compress: { type: 'string' },
      latencyMs: { anyOf: [latency, { type: 'null' }] },
      latencyUncorrectedMs: { anyOf: [latency, { type: 'null' }] },
      deflate: { type: 'boolean' },
      serverCpuUs: nullableNumber, serverCpuUsRaw: nullableNumber, decodeShare: nullableNumber,
      clientCpuUs: nullableNumber, serverElu: nullableNumber, clientElu: nullableNumber, serverBusyUs: nullableNumber,
      // with rounds: each figure above is the median of the passes, and minMax holds their range
      minMax: {
        type: 'object',
        required: ['seconds', 'msgsPerSec'],
        properties: {
          seconds: minMaxPair, msgsPerSec: minMaxPair, serverCpuUs: { anyOf: [minMaxPair, { type: 'null' }] }, clientCpuUs: { anyOf: [minMaxPair, { type: 'null' }] },
          latencyMs: { type: ['object', 'null'], additionalProperties: minMaxPair },
        },
      },
      passes: { type: 'array', items: { type: 'object', required: ['seconds', 'msgsPerSec', 'latencyMs'] } },
      // the warm-up before the format's first pass (runPass): chunks of the warm-up's messages until the rate stopped
      // rising; absent where none was sent, and from results written before it ran in chunks
      warmup: {
        type: 'object', required: ['chunks', 'messages', 'acked', 'msgsPerSec', 'seconds', 'settled', 'ended'],
        properties: { chunks: count, messages: count, acked: count, msgsPerSec: { type: 'array', items: number }, seconds: number, settled: { type: 'boolean' },
          ended: { enum: ['settled', 'chunks', 'time', 'incomplete'] } },
      },
    },
  }],
};

/** What every transmission entry holds: a payload over one link profile, its rows and their verdicts. */
const transmissionEntry = {
  payload: { type: 'string' }, profile: { type: 'string' }, settings: { type: 'object' }, results: { type: 'array', items: transmissionRow },
  verdicts: { type: 'array', items: transmissionVerdict },
  // server CPU per message at a fixed offered rate, idle CPU subtracted (lib/transmission/cpu-at-rate.js)
  cpuAtRate: {
    type: 'object', required: ['rate', 'seconds', 'formats', 'pairs'],
    properties: {
      rate: number, seconds: number,
      // the writes of a fixed-rate pass (absent in results written before the bursts)
      burst: { type: 'object', required: ['messages', 'everyMs'], properties: { messages: number, everyMs: number } },
      formats: { type: 'array', items: { type: 'object', required: ['format', 'rate', 'serverCpuUs', 'minMax', 'spread', 'idleCpuUsPerSec', 'passes'],
        properties: { serverCpuUs: nullableNumber, spread: nullableNumber, idleCpuUsPerSec: nullableNumber, serverCpuShare: nullableNumber, serverUserUs: nullableNumber, serverSystemUs: nullableNumber,
          serverMsgsPerRead: nullableNumber, clientUserUs: nullableNumber, clientSystemUs: nullableNumber } } },
      pairs: { type: 'array', items: { type: 'object', required: ['formats', 'ratio', 'minMax'] } },
    },
  },
};

// The runtime dimension (node benchmark.js --runtimes): which runtimes, exactly, and
// per payload the same speed rows measured on each of them, interleaved by round.
const runtimeDescription = {
  type: 'object',
  required: ['runtime', 'label', 'name', 'version', 'engine', 'engineVersion', 'source'],
  properties: {
    runtime: { type: 'string' }, // as given to --runtimes: host, node@22, bun, deno, chromium…
    label: { type: 'string' }, // as tables show it (the host as node@N (host))
    name: { enum: ['node', 'bun', 'deno', 'chromium'] },
    version: { type: 'string' }, // exact, as the runtime reports it
    engine: { enum: ['V8', 'JavaScriptCore'] },
    engineVersion: { type: 'string' }, // V8's version, or the commit of Bun's WebKit
    source: { type: 'string' },
  },
};

const runtimeSpeed = {
  type: 'object',
  required: ['runtime', 'error', 'results', 'skipped'],
  properties: {
    runtime: { type: 'string' }, // a runtimeDescription's runtime
    error: { type: ['string', 'null'] }, // why the runtime gave no figures at all
    // ratios (vsBaseline…) are to the baseline on the same runtime, round by round
    results: { type: 'array', items: speedRow },
    // codecs not measured there, each with its reason (never left out)
    skipped: { type: 'array', items: verdict },
  },
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
        speed: {
          type: 'object', required: ['rounds', 'maxTime', 'baseline'],
          properties: {
            harness,
            // 'paired' (slices taking turns, measured to a precision) or 'benchmark' (Benchmark.js rounds); absent: rounds
            timer: { enum: ['paired', 'benchmark'] },
            precision: {
              type: 'object', required: ['target', 'level', 'sliceMs'],
              properties: { target: number, level: number, sliceMs: number, minPairs: number, warmupMs: number, wallFactor: number, wallBudget: { type: ['number', 'null'] }, clock: { type: 'string' }, gc: { type: ['string', 'null'] }, v8Flags: { type: 'array', items: { type: 'string' } }, allocator: { type: ['string', 'null'] } },
            },
            // the codecs timed in each fresh process (no two of one library, the baseline's aside, share one)
            processGroups: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
            // the fresh processes the speed pass starts with and may grow to (--full: 3 to 6 while ratios disagree)
            processRange: { type: 'array', items: number, minItems: 2, maxItems: 2 },
            // Benchmark.js and the slices on one case, alternately (their ops/s and the ratio), or null
            timerCheck: { type: ['object', 'null'], required: ['case', 'benchmarkHz', 'sliceHz', 'ratio'], properties: { benchmarkHz: number, sliceHz: number, ratio: number } },
            operations: { type: 'array', items: { type: 'string' } },
            oneMessage: {
              type: 'object', required: ['ops', 'payloads'],
              properties: {
                ops: { type: 'array', items: { type: 'string' } }, payloads: { anyOf: [{ const: 'all' }, { type: 'array', items: { type: 'string' } }] },
                // results before 2026-11-30: each of a case's two runs got half the time (the Benchmark.js timer's; the paired timer never split)
                split: { type: 'boolean' },
              },
            },
          },
        },
        // the memory pass's options (lib/measure/memory.js); null when --no-memory skipped it
        memory: { type: ['object', 'null'], properties: { passes: { type: 'array', items: { type: 'string' } } } },
        transmission: {
          type: ['object', 'null'], required: ['formats', 'messages', 'window', 'connections', 'profiles'],
          properties: { formats: { type: 'array', items: { type: 'string' } }, profiles: { type: 'array', items: { type: 'string' } }, rawPasses: { type: 'array', items: { type: 'string' } } },
        },
        // the transport comparison (node benchmark.js --transports); null when it was skipped
        transports: {
          type: ['object', 'null'], required: ['payload', 'transports', 'rounds', 'links'],
          properties: { transports: { type: 'array', items: { type: 'string' } }, links: { type: 'array', items: { type: 'object' } } },
        },
        // the capacity headline's short pass (node benchmark.js --capacity); null when it was skipped
        capacity: {
          type: ['object', 'null'], required: ['payload', 'transports', 'targetP99Ms', 'cpuRate', 'loadGenerator'],
          properties: { transports: { type: 'array', items: { type: 'string' } }, targetP99Ms: number, cpuRate: number, probeSeconds: number, sustainSeconds: number, steps: count, rounds: count, loadGenerator: { type: 'string' }, loadGeneratorWhy: { type: 'string' } },
        },
        // timing: how the batch pass, timed in the run's own process, timed (clock, gc, v8Flags, allocator)
        batch: { type: ['object', 'null'], required: ['payload', 'counts'], properties: { timing: { type: 'object', properties: { v8Flags: { type: 'array', items: { type: 'string' } }, allocator: { type: ['string', 'null'] } } } } },
        runtimes: { type: 'array', items: { type: 'string' } }, // present with --runtimes
      },
    },
    // present with --runtimes: the runtimes measured, in table order
    runtimes: { type: 'array', minItems: 1, items: runtimeDescription },
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
          // sizes over the payload's corpus (results written before corpora have none)
          corpusSizes,
          speed: { type: 'array', items: speedRow },
          speedCorpus,
          // conversions not timed because the native form is the plain object
          notTimed: {
            type: 'array',
            items: { type: 'object', required: ['format', 'op', 'note'], properties: { format: { type: 'string' }, op: { type: 'string' }, note: { type: 'string' } } },
          },
          // present with --runtimes: one entry per runtime, in the order of the top-level runtimes
          runtimes: { type: 'array', items: runtimeSpeed },
        },
      },
    },
    transmission: {
      type: 'array',
      items: { type: 'object', required: ['payload', 'profile', 'settings', 'results'], properties: transmissionEntry },
    },
    // the transport comparison: per link, every transport's JSON and protobuf rows ("TRANSPORT FORMAT"), the
    // verdicts on the pairs the transports declare as mattering (lib/transmission/pairs.js), then every other pair
    transports: {
      type: 'array',
      items: {
        type: 'object',
        required: ['payload', 'profile', 'settings', 'results', 'named', 'verdicts'],
        properties: {
          ...transmissionEntry,
          named: {
            type: 'array',
            items: {
              type: 'object',
              required: ['label', 'kind', 'json', 'protobuf', 'winner', 'msgsPerSecRatio', 'bytesRatio', 'missing'],
              properties: {
                label: { type: 'string' }, kind: { enum: ['format', 'cross'] },
                json: { type: 'object', required: ['transport', 'format', 'label'] },
                protobuf: { type: 'object', required: ['transport', 'format', 'label'] },
                winner: { enum: ['json', 'protobuf', null] },
                msgsPerSecRatio: nullableNumber, bytesRatio: nullableNumber, missing: { type: ['string', 'null'] },
                verdict: { anyOf: [transmissionVerdict, { type: 'null' }] },
              },
              // a pair measured (nothing missing) has its verdict, which its sentence reads
              if: { properties: { missing: { type: 'null' } } }, then: { required: ['verdict'], properties: { verdict: transmissionVerdict } },
            },
          },
          skipped: { type: 'array', items: { type: 'object', required: ['transport', 'format', 'reason'] } },
        },
      },
    },
    // the capacity headline's short pass: per transport (http1, grpc) measureCapacity's entry, its rows each with the
    // probes of its search, its capacity (null: "below"), what bound it, and its figures at the fixed rate (atHalf)
    // skipped: the sides this payload cannot travel on, with why (absent when none; transports is then empty if neither can)
    capacity: {
      type: ['object', 'null'],
      required: ['payload', 'transports'],
      properties: {
        payload: { type: 'string' },
        skipped: { type: 'array', minItems: 1, items: { type: 'object', required: ['transport', 'format', 'reason'], properties: { transport: { type: 'string' }, format: { type: 'string' }, reason: { type: 'string' } } } },
        transports: {
          type: 'array',
          items: {
            type: 'object', required: ['transport', 'serverWorkers', 'serverCores', 'loadGenerator', 'rows'],
            properties: {
              transport: { type: 'string' }, serverWorkers: count, loadGenerator: { type: 'string' },
              // protobuf ÷ JSON search by search (lib/transmission/capacity-precision.js, capacityPair), or null
              pair: {
                type: ['object', 'null'], required: ['json', 'protobuf', 'ratio', 'searchRatios', 'verdict', 'bounds'],
                properties: { json: { type: 'string' }, protobuf: { type: 'string' }, ratio: nullableNumber, searchRatios: { type: 'array', items: nullableNumber }, verdict: { type: 'string' }, bounds: { type: 'array', items: { type: 'string' } } },
              },
              // h2load's unmeasured requests to each fresh server before its search, per format (null: the toolkit's client; absent before it)
              warmup: {
                type: ['array', 'null'],
                items: { type: 'object', required: ['format', 'requests', 'answered', 'seconds'], properties: { format: { type: 'string' }, requests: count, answered: count, seconds: number } },
              },
              rows: {
                type: 'array',
                items: {
                  type: 'object', required: ['format', 'capacity', 'perCore', 'bound', 'probes', 'atHalf'],
                  properties: {
                    format: { type: 'string' }, capacity: nullableNumber, perCore: nullableNumber, bound: { type: 'string' }, probes: { type: 'array', minItems: 1, items: { type: 'object' } },
                    floorRates: { type: 'array', items: number },
                    // the figures at the fixed rate: a share of the server's core and µs per message, with the range of its three fastest passes,
                    // and the client's (load generator's) CPU per message over the same rate's passes
                    atHalf: {
                      type: ['object', 'null'],
                      properties: {
                        p50: nullableNumber, p99: nullableNumber, serverCpuUs: nullableNumber, serverCpuMinMax: { anyOf: [minMaxPair, { type: 'null' }] },
                        serverUserUs: nullableNumber, serverSystemUs: nullableNumber,
                        clientCpuUs: nullableNumber, clientUserUs: nullableNumber, clientSystemUs: nullableNumber,
                        serverCpuLowest: { type: ['object', 'null'], required: ['range'], properties: { serverCpuUs: nullableNumber, range: minMaxPair } },
                      },
                    },
                    // each search's result; its warmup: what h2load sent that search's fresh server first (null: the toolkit's client; absent before it)
                    searches: {
                      type: 'array',
                      items: {
                        type: 'object', required: ['capacity'],
                        properties: {
                          capacity: nullableNumber,
                          // chunkCpuUs and settled: absent in results written before the warm-up ran in chunks
                          warmup: { type: ['object', 'null'], required: ['requests', 'answered', 'seconds'], properties: { requests: count, answered: count, seconds: number,
                            chunkCpuUs: { type: 'array', items: nullableNumber }, settled: { type: 'boolean' } } },
                        },
                      },
                    },
                    // the capacity offered for sustainSeconds in one pass, lower shares while that failed (null: not run; absent before it)
                    sustained: {
                      type: ['object', 'null'], required: ['seconds', 'rate', 'share', 'tries'],
                      properties: { seconds: number, rate: nullableNumber, share: nullableNumber, tries: { type: 'array', minItems: 1, items: { type: 'object', properties: { p50: nullableNumber, p99: nullableNumber } } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    // the break-even model (lib/transmission/model.js) when the run had a loopback and a slow-link pass of one payload
    breakEven: {
      type: ['object', 'null'],
      required: ['payload', 'messages', 'rtt', 'costs', 'pairs', 'measured', 'curve'],
      properties: {
        costs: { type: 'array', items: { type: 'object', required: ['format', 'upBytes', 'downBytes', 'serverCpuUs', 'clientCpuUs'] } },
        pairs: { type: 'array', items: { type: 'object', required: ['smaller', 'larger', 'belowKbit', 'always'], properties: { belowKbit: nullableNumber } } },
        measured: { type: 'array', items: { type: 'object', required: ['format', 'measuredSeconds', 'predictedSeconds'] } },
        curve: { type: 'object', required: ['kbit', 'series'] },
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
