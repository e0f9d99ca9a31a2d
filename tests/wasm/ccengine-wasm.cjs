#!/usr/bin/env node
// The in-page engine (web/engine/ccengine.js, scripts/build-wasm.sh) as a program: protocol
// lines on stdin, replies on stdout, as the native ccengine reads and answers them. For
// the tests and benchmarks that drive engines as processes (spec_sessions.cjs,
// scripts/bench-wasm.sh).
//   ccengine-wasm.cjs [ENGINE_DIR]   (default: web/engine of this checkout)
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');

async function main() {
  const engineDir = path.resolve(process.argv[2] || path.join(__dirname, '../../web/engine'));
  const createCcengine = require(path.join(engineDir, 'ccengine.js'));
  const module = await createCcengine({
    // Read here: emscripten 3.1.6 would fetch() a file path, which node's fetch refuses.
    wasmBinary: fs.readFileSync(path.join(engineDir, 'ccengine.wasm')),
    onLine: (text) => process.stdout.write(text + '\n'),
    onClosed: () => process.exit(0),
  });
  const session = module._ccengine_start();
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', (line) => {
    module.sendText(session, line + '\n');
  });
  input.on('close', () => module._ccengine_close(session));
}

main();
