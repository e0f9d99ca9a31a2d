// The tarball installs offline into an empty folder, as a user installs it: the files a
// user needs are there (the engine, the types, the README, the MIT licence), its version
// is the engine's `id name`, and both entry points (import and require) start an engine
// that answers.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ask, importPackage, installPackage } from './installed.mjs';

const folder = installPackage();
const installed = join(folder, 'node_modules', 'ccengine');
const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));

test('the installed package holds what a user needs', () => {
  for (const file of ['index.mjs', 'index.cjs', 'browser.mjs', 'index.d.ts', 'engine-worker.js', 'README.md',
    'LICENSE', 'wasm/ccengine.js', 'wasm/ccengine.wasm', 'wasm/ccengine.worker.js']) {
    assert.ok(existsSync(join(installed, file)), `${file} is missing`);
  }
  assert.equal(manifest.name, 'ccengine');
  assert.equal(manifest.license, 'MIT');
  assert.match(readFileSync(join(installed, 'LICENSE'), 'utf8'), /^MIT License[^]*the ccengine developers/);
  assert.match(readFileSync(join(installed, 'index.d.ts'), 'utf8'), /export function createEngine/);
});

test("its version is the engine's id name", async () => {
  const { createEngine } = await importPackage(folder);
  const engine = await createEngine();
  const id = await ask(engine, 'cci', 'id name');
  await engine.quit();
  assert.equal(id, `id name ccengine ${manifest.version}`);
});

test('import and require both start an engine', () => {
  const esm = `import { createEngine } from 'ccengine';
const engine = await createEngine();
await engine.isready();
console.log((await engine.go({ depth: 3 })).bestmove);
await engine.quit();
`;
  const cjs = `const { createEngine } = require('ccengine');
createEngine().then(async (engine) => {
  console.log((await engine.go({ depth: 3 })).bestmove);
  await engine.quit();
});
`;
  writeFileSync(join(folder, 'esm.mjs'), esm);
  writeFileSync(join(folder, 'cjs.cjs'), cjs);
  const moves = ['esm.mjs', 'cjs.cjs'].map((program) =>
    execFileSync(process.execPath, [program], { cwd: folder, timeout: 30000 }).toString().trim());
  assert.match(moves[0], /^[a-q]\d+-\S+$/);
  assert.equal(moves[1], moves[0], 'the same search from both entry points');
});
