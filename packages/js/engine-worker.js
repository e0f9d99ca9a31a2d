// The engine's worker: the WebAssembly build of ccengine (wasm/, made by
// scripts/web/build-wasm.sh) running one protocol session, in a browser's Web Worker or a
// node.js worker thread. It is a worker in node.js too so that the runtime's process-wide
// handlers and its thread pool stay inside it, and ending the worker ends every thread.
// Messages in are protocol text, sent once the worker has said it is ready; messages out
// are { type: 'ready', threads, lines } (lines: what the engine said on starting),
// { type: 'line', text } and, when the session ends or cannot start, { type: 'closed',
// reason }. The search runs on the engine's own threads, so this worker always reads the
// next line at once (stop, isready); where there is no shared memory for threads (a page
// that is not cross-origin isolated) it runs the one-thread build, ccengine-single.js.
// In node.js, index.mjs starts it with `ccengineNode` set to what it needs there (the
// parent's port, the wasm folder, a file reader and require): this file itself names no
// node.js module, so a bundler that follows it into a browser build finds nothing to
// resolve.
'use strict';
const node = globalThis.ccengineNode;
const port = node ? node.parentPort : self;
const post = (message) => port.postMessage(message);
const closed = (reason) => post({ type: 'closed', reason });
const threads = typeof SharedArrayBuffer === 'function' && (node !== undefined || self.crossOriginIsolated === true);
const build = threads ? 'ccengine' : 'ccengine-single';
const engineScript = node ? `${node.wasmDir}/${build}.js` : new URL(`wasm/${build}.js`, self.location.href).href;
let send = null;
let startLines = [];

function loadEngine() {
  try {
    if (node) return node.require(engineScript);
    importScripts(engineScript);
    return createCcengine;
  } catch {
    closed(`${engineScript} could not be loaded: build it with scripts/web/build-wasm.sh`);
    return null;
  }
}

function start(create) {
  const files = node ? {
    // Read here: emscripten 3.1.6 would fetch() a file path, which node's fetch refuses.
    wasmBinary: node.readFile(`${node.wasmDir}/${build}.wasm`),
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
if (node) port.on('message', (text) => send(text));
else self.onmessage = ({ data }) => send(data);
