// What the npm tests share: the package installed from its tarball (scripts/web/npm-pack.sh)
// into an empty folder, offline, as a user installs it; the native engine to compare
// with; and asking the engine one question through the package's API.
//   CCENGINE_NPM_DIR   the folder holding ccengine-<version>.tgz (build-wasm/npm)
//   CCENGINE_NATIVE    the native engine (build/ccengine)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const native = process.env.CCENGINE_NATIVE;

export function tarball() {
  const dir = resolve(process.env.CCENGINE_NPM_DIR);
  const found = readdirSync(dir).filter((name) => /^ccengine-.*\.tgz$/.test(name));
  if (found.length !== 1) throw new Error(`expected one ccengine-*.tgz in ${dir}, found ${found.length}: run scripts/web/npm-pack.sh`);
  return join(dir, found[0]);
}

// A new empty folder with the package installed in node_modules/ccengine; its path.
export function installPackage() {
  const folder = mkdtempSync(join(tmpdir(), 'ccengine-npm-'));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball()],
    { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] });
  return folder;
}

// The package's API as a user's `import('ccengine')` in `folder` gets it.
export function importPackage(folder) {
  return import(join(folder, 'node_modules', 'ccengine', 'index.mjs'));
}

// Sends `command` and resolves to the first line that starts with `answer` (or is an
// `error` line).
export async function ask(engine, command, answer) {
  const lines = engine.lines();
  engine.send(command);
  for await (const line of lines) {
    if (line.startsWith(answer) || line.startsWith('error')) return line;
  }
  throw new Error(`the engine ended before answering ${command}`);
}
