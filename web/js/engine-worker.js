// The in-page engine's Web Worker: the WebAssembly build of ccengine (engine/, made by
// scripts/build-wasm.sh) running one protocol session. Messages in are protocol lines,
// sent once the worker has said it is ready; messages out are { type: 'ready' },
// { type: 'line', text } and, when the session ends or cannot start, { type: 'closed',
// reason }. The search runs on the engine's own threads, so this worker always reads the
// next line at once (stop, isready).
const engineScript = new URL('../engine/ccengine.js', self.location.href).href;
const closed = (reason) => postMessage({ type: 'closed', reason });
let send = null;

try {
  importScripts(engineScript);
} catch {
  closed(`${engineScript} could not be loaded: build it with scripts/build-wasm.sh`);
}

if (typeof createCcengine === 'function') {
  createCcengine({
    // The engine's files are beside ccengine.js, not beside this worker.
    locateFile: (file) => new URL(file, engineScript).href,
    mainScriptUrlOrBlob: engineScript,
    onLine: (text) => postMessage({ type: 'line', text }),
    onClosed: () => closed('the engine ended its session'),
  }).then((engine) => {
    const session = engine._ccengine_start();
    send = (line) => engine.sendText(session, `${line}\n`);
    postMessage({ type: 'ready' });
  }, (error) => closed(`the engine could not start: ${error?.message ?? error}`));
}

self.onmessage = ({ data }) => send(data);
