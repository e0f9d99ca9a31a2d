// The package in node.js: the engine in a worker thread of its own (engine-worker.js),
// behind the API of lib/engine.mjs.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startEngine } from './lib/engine.mjs';

// What engine-worker.js uses in a worker thread, where a Web Worker has its globals.
const workerScript = fileURLToPath(new URL('./engine-worker.js', import.meta.url));
const bootstrap = `
  globalThis.ccengineNode = {
    parentPort: require('node:worker_threads').parentPort,
    wasmDir: ${JSON.stringify(join(dirname(workerScript), 'wasm'))},
    readFile: require('node:fs').readFileSync,
    require,
  };
  require(${JSON.stringify(workerScript)});
`;

export function createEngine() {
  const worker = new Worker(bootstrap, { eval: true });
  return startEngine({
    post: (text) => worker.postMessage(text),
    listen(handler) {
      worker.on('message', handler);
      worker.on('error', (error) => handler({ type: 'closed', reason: `its worker failed: ${error.message}` }));
      worker.on('exit', () => handler({ type: 'closed', reason: 'its worker ended' }));
    },
    end: () => void worker.terminate(),
  });
}
