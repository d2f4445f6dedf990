import test from 'node:test';
import assert from 'node:assert/strict';
import { resolvePayloads } from '../../lib/payload/index.js';
import { encodePayload } from '../../lib/transmission/artillery/payload.js';

test('payloadFromScript: a schema whose file is not on this machine is written to a temporary folder, removed when the worker exits', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { execFileSync } = await import('node:child_process');
  const { ROOT } = await import('../../lib/paths.js');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-test-'));
  try {
    // a .proto that existed where the script was written and not where the worker runs
    const proto = path.join(tmp, 'gone.proto');
    fs.writeFileSync(proto, 'syntax = "proto3";\nmessage Gone { string name = 1; int32 n = 2; }\n');
    const data = path.join(tmp, 'gone.json');
    fs.writeFileSync(data, JSON.stringify([{ name: 'a', n: 1 }, { name: 'b', n: 2 }]));
    const [payload] = resolvePayloads({ data, proto });
    const encoded = encodePayload(payload);
    fs.rmSync(proto);
    const workerTmp = fs.mkdtempSync(path.join(tmp, 'worker-'));
    const engine = path.join(ROOT, 'lib', 'transmission', 'artillery', 'engine.js');
    const script = `import fs from 'node:fs';
      const { payloadFromScript } = await import(${JSON.stringify(engine)});
      const again = payloadFromScript(process.argv[1]);
      console.log(JSON.stringify({ type: again.schema.typeName, during: fs.readdirSync(${JSON.stringify(workerTmp)}) }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, encoded], { env: { ...process.env, TMPDIR: workerTmp }, encoding: 'utf8' }));
    assert.equal(out.type, 'Gone');
    assert.equal(out.during.filter((/** @type {string} */ f) => f.startsWith('pvj-artillery-')).length, 1, 'the schema was written to a folder of its own');
    assert.deepEqual(fs.readdirSync(workerTmp), [], 'the folder went with the worker');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
