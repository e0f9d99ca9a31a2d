// The engine's worker: the WebAssembly build of ccengine (wasm/, made by
// scripts/build-wasm.sh) running one protocol session, in a browser's Web Worker or a
// node.js worker thread. It is a worker in node.js too so that the runtime's process-wide
// handlers and its thread pool stay inside it, and ending the worker ends every thread.
// Messages in are protocol text, sent once the worker has said it is ready; messages out
// are { type: 'ready', threads, lines } (lines: what the engine said on starting),
// { type: 'line', text } and, when the session ends or cannot start, { type: 'closed',
// reason }. The search runs on the engine's own threads, so this worker always reads the
// next line at once (stop, isready); where there is no shared memory for threads (a page
// that is not cross-origin isolated) it runs the one-thread build, ccengine-single.js.
'use strict';
const inNode = typeof importScripts !== 'function';
const port = inNode ? require('worker_threads').parentPort : self;
const post = (message) => port.postMessage(message);
const closed = (reason) => post({ type: 'closed', reason });
const threads = typeof SharedArrayBuffer === 'function' && (inNode || self.crossOriginIsolated === true);
const build = threads ? 'ccengine' : 'ccengine-single';
const engineScript = inNode ? require('path').join(__dirname, 'wasm', `${build}.js`)
  : new URL(`wasm/${build}.js`, self.location.href).href;
let send = null;
let startLines = [];

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
    wasmBinary: require('fs').readFileSync(require('path').join(__dirname, 'wasm', `${build}.wasm`)),
  } : {
    // The engine's files are beside ccengine.js, not beside this worker.
    locateFile: (file) => new URL(file, engineScript).href,
    mainScriptUrlOrBlob: engineScript,
  };
  create({
    ...files,
    onLine: (text) => (startLines ? startLines.push(text) : post({ type: 'line', text })),
    onClosed: () => closed('the engine ended its session'),
  }).then((engine) => {
    const session = engine._ccengine_start();
    send = (text) => engine.sendText(session, text);
    post({ type: 'ready', threads, lines: startLines });
    startLines = null;
  }, (error) => closed(`the engine could not start: ${error?.message ?? error}`));
}

const create = loadEngine();
if (create) start(create);
if (inNode) port.on('message', (text) => send(text));
else self.onmessage = ({ data }) => send(data);
