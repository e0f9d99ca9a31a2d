#!/usr/bin/env node
// The in-page engine through its npm package (createEngine(), packages/js/) as a program:
// protocol lines on stdin, replies on stdout, as the native ccengine reads and answers
// them. For the tests and benchmarks that drive engines as processes (spec_sessions.cjs,
// scripts/bench/bench-wasm.sh). The end of stdin ends the session as `quit` does.
//   ccengine-wasm.cjs [PACKAGE_DIR]   (default: web/engine of this checkout)
'use strict';
const path = require('path');
const readline = require('readline');

async function main() {
  const packageDir = path.resolve(process.argv[2] || path.join(__dirname, '../../web/engine'));
  const { createEngine } = require(packageDir);
  const engine = await createEngine();
  (async () => {
    for await (const line of engine.lines()) process.stdout.write(line + '\n');
  })();
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', (line) => engine.send(line));
  input.on('close', () => engine.quit().catch(() => {}));
  // Lines written before the session ended are on stdout's way out first.
  engine.ended.then(() => process.stdout.end());
}

main();
