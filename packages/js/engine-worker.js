// The engine's worker: the WebAssembly build of ccengine (wasm/, made by
// scripts/build-wasm.sh) running one protocol session, in a browser's Web Worker or a
// node.js worker thread. It is a worker in node.js too so that the runtime's process-wide
// handlers and its thread pool stay inside it, and ending the worker ends every thread.
// Messages in are protocol text, sent once the worker has said it is ready; messages out
// are { type: 'ready' }, { type: 'line', text } and, when the session ends or cannot
// start, { type: 'closed', reason }. The search runs on the engine's own threads, so
// this worker always reads the next line at once (stop, isready).
'use strict';
const inNode = typeof importScripts !== 'function';
const port = inNode ? require('worker_threads').parentPort : self;
const post = (message) => port.postMessage(message);
const closed = (reason) => post({ type: 'closed', reason });
const engineScript = inNode ? require('path').join(__dirname, 'wasm', 'ccengine.js')
  : new URL('wasm/ccengine.js', self.location.href).href;
let send = null;

function loadEngine() {
  try {
    if (inNode) return require(engineScript);
    importScripts(engineScript);
    return createCcengine;
  } catch {
    closed(`${engineScript} could not be loaded: build it with scripts/build-wasm.sh`);
    return null;
  }
}

function start(create) {
  const files = inNode ? {
    // Read here: emscripten 3.1.6 would fetch() a file path, which node's fetch refuses.
    wasmBinary: require('fs').readFileSync(require('path').join(__dirname, 'wasm', 'ccengine.wasm')),
  } : {
    // The engine's files are beside ccengine.js, not beside this worker.
    locateFile: (file) => new URL(file, engineScript).href,
    mainScriptUrlOrBlob: engineScript,
  };
  create({
    ...files,
    onLine: (text) => post({ type: 'line', text }),
    onClosed: () => closed('the engine ended its session'),
  }).then((engine) => {
    const session = engine._ccengine_start();
    send = (text) => engine.sendText(session, text);
    post({ type: 'ready' });
  }, (error) => closed(`the engine could not start: ${error?.message ?? error}`));
}

const create = loadEngine();
if (create) start(create);
if (inNode) port.on('message', (text) => send(text));
else self.onmessage = ({ data }) => send(data);
