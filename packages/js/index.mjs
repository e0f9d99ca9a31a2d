// The package in node.js: the engine in a worker thread of its own (engine-worker.js),
// behind the API of lib/engine.mjs.
import { Worker } from 'node:worker_threads';
import { startEngine } from './lib/engine.mjs';

export function createEngine() {
  const worker = new Worker(new URL('./engine-worker.js', import.meta.url));
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
