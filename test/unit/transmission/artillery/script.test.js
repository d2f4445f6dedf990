import test from 'node:test';
import assert from 'node:assert/strict';
import YAML from 'yaml';
import { UserError } from '../../../../lib/errors.js';
import { arrivalsFor, buildScript, ENGINE, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, parseTargets, parseTimeoutMs, scriptYaml } from '../../../../lib/transmission/artillery/script.js';
import { metricName, parseMetricName } from '../../../../lib/transmission/artillery/metrics.js';

const options = () => ({
  identity: { id: 'test3 as Order from test3.proto', hash: 'abc123' },
  payload: 'H4sI-not-really',
  scenarios: [{ transport: 'ws', format: 'json-buffer' }, { transport: 'ws', format: 'protobufjs-static' }, { transport: 'grpc', format: 'protobufjs-static' }],
  targets: { ws: 'ws://10.0.0.5:7070', grpc: 'http://10.0.0.5:7072' },
  direction: /** @type {const} */ ('up'),
  rate: 2000, duration: 60, warmup: 10, messagesPerUser: 100, window: 4, timeoutMs: 5000,
  command: 'node benchmark_artillery.js 3 --transports ws,grpc',
});

test('one scenario per transport × format, each run by the pvj engine with its step', () => {
  const script = buildScript(options());
  assert.deepEqual(script.scenarios.map((s) => s.name), ['ws json-buffer', 'ws protobufjs-static', 'grpc protobufjs-static']);
  for (const s of script.scenarios) {
    assert.equal(s.engine, ENGINE);
    assert.equal(s.weight, 1);
    assert.equal(s.flow.length, 1);
  }
  assert.deepEqual(script.scenarios[2].flow[0].send, { transport: 'grpc', format: 'protobufjs-static', url: 'http://10.0.0.5:7072', direction: 'up', messages: 100, window: 4 });
  assert.deepEqual(script.config.engines, { pvj: {} });
});

test('phases: a warm-up, then the measured phase, at the arrival rate that offers --rate to each scenario', () => {
  const script = buildScript(options());
  // 2000 msgs/s × 3 scenarios / 100 messages per user = 60 users/s
  assert.deepEqual(script.config.phases, [{ name: 'warm-up', duration: 10, arrivalRate: 60 }, { name: 'measured', duration: 60, arrivalRate: 60 }]);
  assert.equal(script.config.pvj.settings.offeredPerScenario, 2000);
  assert.equal(script.config.pvj.warmupSeconds, 10);
  const noWarmup = buildScript({ ...options(), warmup: 0 });
  assert.deepEqual(noWarmup.config.phases.map((p) => p.name), ['measured']);
});

test('the payload and its identity travel in config.pvj; the YAML reads back as the same script', () => {
  const script = buildScript(options());
  const text = scriptYaml(script);
  assert.match(text, /^# Written by: node benchmark_artillery\.js 3/);
  assert.match(text, /node scripts\/artillery\.js run THIS\.yml --output report\.json/);
  assert.deepEqual(YAML.parse(text), script);
  assert.equal(script.config.pvj.payload, 'H4sI-not-really');
  assert.deepEqual(script.config.pvj.identity, { id: 'test3 as Order from test3.proto', hash: 'abc123' });
});

test('arrivalsFor rounds to whole users per second, and refuses a rate under one user per second', () => {
  assert.deepEqual(arrivalsFor({ rate: 1000, scenarios: 2, messagesPerUser: 300 }), { arrivalRate: 7, offeredPerScenario: 1050 });
  assert.throws(() => arrivalsFor({ rate: 10, scenarios: 1, messagesPerUser: 100 }), (err) => err instanceof UserError && /--rate 10: .*lower --messages-per-user/.test(err.message));
});

test('parseTargets: one URL for one transport, transport=URL pairs for several; anything else is one line', () => {
  assert.deepEqual(parseTargets('ws://h:7070/', ['ws']), { ws: 'ws://h:7070' });
  assert.deepEqual(parseTargets('ws=ws://h:7070,grpc=http://h:7072', ['ws', 'grpc']), { ws: 'ws://h:7070', grpc: 'http://h:7072' });
  const refused = (/** @type {string} */ value, /** @type {string[]} */ transports, /** @type {RegExp} */ why) => assert.throws(() => parseTargets(value, transports),
    (err) => err instanceof UserError && why.test(err.message) && !err.message.includes('\n'));
  refused('ws://h:7070', ['ws', 'grpc'], /with several transports give transport=URL/);
  refused('ws=ws://h:7070', ['ws', 'grpc'], /no URL for grpc/);
  refused('http2=http://h:1', ['ws'], /http2 is not one of --transports ws/);
  refused('ftp://h:21', ['ws'], /expected ws:\/\/, wss:\/\/, http:\/\/ or https:\/\//);
  refused('not a url', ['ws'], /not a URL/);
});

test('metric names: measured and warm-up, taken apart again; other names are not the engine\'s', () => {
  const measured = metricName({ transport: 'connect-h2', format: 'protobufjs-static' }, 'acked');
  assert.equal(measured, 'pvj.connect-h2.protobufjs-static.acked');
  assert.deepEqual(parseMetricName(measured), { transport: 'connect-h2', format: 'protobufjs-static', warmup: false, what: 'acked' });
  const warm = metricName({ transport: 'ws', format: 'json', warmup: true }, 'latency_ms');
  assert.deepEqual(parseMetricName(warm), { transport: 'ws', format: 'json', warmup: true, what: 'latency_ms' });
  assert.equal(parseMetricName('vusers.created'), null);
  assert.equal(parseMetricName('pvj.ws.acked'), null);
});

test('--timeout: whole milliseconds, at least 1000 and at most 600,000; a value that reads as seconds (120 meant as Artillery\'s seconds) is refused in one line naming the option, the value, the unit and the milliseconds meant', () => {
  assert.equal(MIN_TIMEOUT_MS, 1000);
  assert.equal(parseTimeoutMs('5000'), 5000);
  assert.equal(parseTimeoutMs('1000'), 1000);
  assert.equal(parseTimeoutMs('120000'), 120000);
  assert.equal(MAX_TIMEOUT_MS, 600000);
  assert.equal(parseTimeoutMs('600000'), 600000);
  const refused = (/** @type {string} */ value, /** @type {string} */ line) => assert.throws(() => parseTimeoutMs(value),
    (err) => err instanceof UserError && err.message === line);
  refused('120', '--timeout 120: expected whole milliseconds, at least 1000 (120 seconds is --timeout 120000)');
  refused('600', '--timeout 600: expected whole milliseconds, at least 1000 (600 seconds is --timeout 600000)');
  // seconds whose milliseconds would be refused too: no hint
  refused('999', '--timeout 999: expected whole milliseconds, at least 1000');
  // more than ten minutes (past 2^31 ms Node's timers fire after 1 ms), and numbers Number() reads that are no decimal milliseconds
  refused('600001', '--timeout 600001: expected whole milliseconds, at most 600000');
  refused('3000000000', '--timeout 3000000000: expected whole milliseconds, at most 600000');
  refused('0x3E8', '--timeout 0x3E8: expected whole milliseconds, at least 1000');
  refused('1e4', '--timeout 1e4: expected whole milliseconds, at least 1000');
  refused('10', '--timeout 10: expected whole milliseconds, at least 1000 (10 seconds is --timeout 10000)');
  refused('1.5', '--timeout 1.5: expected whole milliseconds, at least 1000 (1.5 seconds is --timeout 1500)');
  refused('5s', '--timeout 5s: expected whole milliseconds, at least 1000 (5 seconds is --timeout 5000)');
  // no seconds reading where that too would be under the least, or where the value is no number of seconds
  refused('0.5', '--timeout 0.5: expected whole milliseconds, at least 1000');
  refused('0', '--timeout 0: expected whole milliseconds, at least 1000');
  refused('-5', '--timeout -5: expected whole milliseconds, at least 1000');
  refused('1500.5', '--timeout 1500.5: expected whole milliseconds, at least 1000');
  refused('5ms', '--timeout 5ms: expected whole milliseconds, at least 1000');
  refused('soon', '--timeout soon: expected whole milliseconds, at least 1000');
});
