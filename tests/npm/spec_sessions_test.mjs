// The installed package answers every session example of protocol-spec/ as the native
// engine does (tests/wasm/spec_sessions.cjs, here with the package from the tarball).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { installPackage, native } from './installed.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('every session example of protocol-spec/ gets the native engine\'s replies', () => {
  const installed = join(installPackage(), 'node_modules', 'ccengine');
  const run = spawnSync(process.execPath, [join(repo, 'tests', 'wasm', 'spec_sessions.cjs'), native, installed,
    join(repo, 'protocol-spec')], { timeout: 250000 });
  const said = run.stdout.toString();
  assert.equal(run.status, 0, said + run.stderr.toString());
  console.log(said.trim().split('\n').pop());
});
