// The package in a browser: the engine in a Web Worker (engine-worker.js), behind the API
// of lib/engine.mjs. Its threads need SharedArrayBuffer, which a browser gives only to a
// cross-origin isolated page (README.md, In a browser); without it the worker runs the
// one-thread build and says so in an `info string`.
import { startEngine } from './lib/engine.mjs';

// `workerUrl`: where engine-worker.js is served, when a bundler moved this file away
// from the package's other files (the engine's files are looked for beside the worker).
export function createEngine({ workerUrl } = {}) {
  const url = workerUrl ?? new URL('./engine-worker.js', import.meta.url);
  const worker = new Worker(url);
  return startEngine({
    post: (text) => worker.postMessage(text),
    listen(handler) {
      worker.onmessage = ({ data }) => handler(data);
      worker.onerror = (event) => {
        event.preventDefault();
        // A script that could not be loaded gives an event without a message.
        handler({ type: 'closed', reason: event.message || `its worker ${url} could not be loaded` });
      };
    },
    end: () => worker.terminate(),
  });
}
