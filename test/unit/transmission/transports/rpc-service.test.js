import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import protobuf from 'protobufjs';
import { ROOT } from '../../../../lib/paths.js';
import { loadSchemaFile, parseSchema } from '../../../../lib/schema/index.js';
import { portablePayload, rebuildPayload } from '../../../../lib/payload/portable.js';
import { loadService, packageOf, SERVICE, serviceFiles, servicePackage, serviceProto, serviceTarget } from '../../../../lib/transmission/transports/rpc-service.js';

// What rpc-service.js decides without generating anything: the service's .proto, its package, where it imports the
// payload's message from, and the committed service for a bundled payload. Generating one for a user's schema
// (buf + protoc-gen-es) is test/e2e/rpc-service.test.js's.

test('serviceProto is a .proto protobuf.js reads: Send(message) returns Ack, Get(GetRequest) returns the message', () => {
  const text = serviceProto({ importPath: 'shop/order.proto', typeName: 'acme.v1.Order', packageName: 'acme.v1' });
  assert.match(text, /^import "shop\/order\.proto";$/m);
  // the message the import would bring, declared here so protobuf.js can resolve the service without the file
  const root = protobuf.parse(text.replace(/^import .*$/m, ''), { keepCase: true }).root;
  root.add(new protobuf.Namespace('acme').add(new protobuf.Namespace('v1').add(new protobuf.Type('Order').add(new protobuf.Field('id', 1, 'int32')))));
  root.resolveAll();
  const service = root.lookupService(`acme.v1.bench.${SERVICE}`);
  assert.deepEqual(Object.keys(service.methods), ['Send', 'Get']);
  assert.equal(service.methods.Send.resolvedRequestType?.fullName, '.acme.v1.Order');
  assert.equal(service.methods.Send.resolvedResponseType?.fullName, '.acme.v1.bench.Ack');
  assert.equal(service.methods.Get.resolvedRequestType?.fullName, '.acme.v1.bench.GetRequest');
  assert.equal(service.methods.Get.resolvedResponseType?.fullName, '.acme.v1.Order');
  assert.deepEqual(root.lookupType('acme.v1.bench.GetRequest').fields.index.type, 'uint32');
  assert.deepEqual(Object.keys(root.lookupType('acme.v1.bench.Ack').fields), []);
});

test('servicePackage: the service lives under the payload\'s package, or in `bench` when it has none', () => {
  assert.equal(servicePackage('acme.v1'), 'acme.v1.bench');
  assert.equal(servicePackage(''), 'bench');
  assert.match(serviceProto({ importPath: 'a.proto', typeName: 'A', packageName: '' }), /^package bench;$/m);
});

test('packageOf: the nearest enclosing namespace that is not a message', () => {
  const schema = parseSchema('syntax = "proto3";\npackage acme.v1;\nmessage Outer { message Inner { int32 x = 1; } Inner inner = 1; }\n', { typeName: 'acme.v1.Outer.Inner' });
  assert.equal(packageOf(schema.type), 'acme.v1', 'a nested message is in its outer message\'s package');
  const bare = parseSchema('syntax = "proto3";\nmessage Top { int32 x = 1; }\n', { typeName: 'Top' });
  assert.equal(packageOf(bare.type), '');
});

test('serviceTarget: named after the schema file, importing the file that declares the message, relative to it', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-target-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'types'));
  fs.writeFileSync(path.join(dir, 'types', 'order.proto'), 'syntax = "proto3";\npackage shop;\nmessage Order { int32 id = 1; }\n');
  fs.writeFileSync(path.join(dir, 'api.proto'), 'syntax = "proto3";\npackage shop;\nimport "types/order.proto";\nmessage Wrapper { Order order = 1; }\n');
  const schema = loadSchemaFile(path.join(dir, 'api.proto'), 'shop.Order');
  assert.deepEqual(serviceTarget(schema), { base: 'api', importPath: 'types/order.proto', typeName: 'shop.Order', packageName: 'shop' });
  const inline = parseSchema('syntax = "proto3";\nmessage M { int32 x = 1; }\n', { typeName: 'M' });
  assert.deepEqual(serviceTarget(inline), { base: 'schema', importPath: 'schema.proto', typeName: 'M', packageName: '' });
  // in a tree whose imports name paths from its top, a message declared in an imported file is imported by that path
  // (the one its generated layout has), not by a path from the schema's folder ("../../common/v1/money.proto")
  const tree = path.join(ROOT, 'test', 'fixtures', 'schemas', 'tree');
  const inTree = loadSchemaFile(path.join(tree, 'acme', 'orders', 'v1', 'order.proto'), 'acme.common.v1.Money');
  assert.deepEqual(serviceTarget(inTree), { base: 'order', importPath: 'acme/common/v1/money.proto', typeName: 'acme.common.v1.Money', packageName: 'acme.common.v1' });
  // rebuilt in another process (a client worker's payload, through JSON: a Root that knows no file names), the same
  // target, so the same service (it used to import "schema.proto", which buf could not find)
  const rebuilt = (/** @type {import('../../../../lib/schema/index.js').Schema} */ one) => rebuildPayload(JSON.parse(JSON.stringify(portablePayload(
    /** @type {any} */ ({ id: 'p', title: 'p', dataFile: 'p.json', value: {}, jsonBytes: 2, schemaSource: 'p', schema: one }))))).schema;
  for (const one of [schema, inTree, loadSchemaFile(path.join(ROOT, 'proto', 'test3.proto'))]) assert.deepEqual(serviceTarget(rebuilt(one)), serviceTarget(one));
  // a service schema whose imports come from a --proto-path: the message's own file, by its name in the layout
  const schemas = path.join(ROOT, 'test', 'fixtures', 'schemas');
  const greeter = loadSchemaFile(path.join(schemas, 'service', 'acme', 'greeter', 'v1', 'greeter.proto'), 'acme.greeter.v1.Greeting',
    { protoPaths: [path.join(schemas, 'googleapis')] });
  assert.deepEqual(serviceTarget(greeter), { base: 'greeter', importPath: 'acme/greeter/v1/greeting.proto', typeName: 'acme.greeter.v1.Greeting', packageName: 'acme.greeter.v1' });
});

test('a bundled payload uses the committed service under generated/rpc/, and loadService reads its methods', () => {
  const schema = loadSchemaFile(path.join(ROOT, 'proto', 'test3.proto'));
  const files = serviceFiles(schema);
  assert.equal(files.module, path.join(ROOT, 'generated', 'rpc', 'test3_bench_pb.js'));
  assert.equal(files.proto, path.join(ROOT, 'generated', 'rpc', 'test3_bench.proto'));
  const service = loadService(schema);
  assert.equal(service.path('send'), '/bench.Bench/Send');
  assert.equal(service.path('get'), '/bench.Bench/Get');
  assert.equal(service.message.typeName, schema.typeName);
  assert.equal(service.getRequest.typeName, 'bench.GetRequest');
  assert.equal(loadService(schema), service, 'loaded once per schema');
  assert.throws(() => loadService(undefined, 'grpc'), /^Error: grpc needs the payload's schema/);
});
