// The package's API over one engine, whatever runs it (a node.js worker thread or a
// browser's Web Worker: index.mjs, browser.mjs). The worker is reached through a `port`:
// post(text) sends protocol text, listen(handler) hears its messages ({ type: 'ready' },
// { type: 'line', text }, { type: 'closed', reason }), end() ends it and every thread.
import { parseInfo } from './info.mjs';

// How long quit() lets the session end by itself before ending its worker.
const kQuitGraceMs = 2000;

// Resolves to a ready Engine, or rejects with why the engine could not start.
export function startEngine(port) {
  return new Promise((resolve, reject) => {
    let engine = null;
    port.listen((message) => {
      if (engine) engine._hear(message);
      else if (message.type === 'ready') resolve((engine = new Engine(port, message)));
      else if (message.type === 'closed') {
        port.end();
        reject(new Error(`ccengine could not start: ${message.reason}`));
      }
    });
  });
}

// A `go` command's words from go()'s limits: `true` gives the bare word (infinite,
// ponder), an array its values (searchmoves), anything else `key value`.
function goCommand(limits) {
  const words = ['go'];
  for (const [key, value] of Object.entries(limits)) {
    if (value === undefined || value === false) continue;
    words.push(key);
    if (Array.isArray(value)) words.push(...value);
    else if (value !== true) words.push(String(value));
  }
  return words.join(' ');
}

export class Engine {
  #port;
  #subscribers = new Set();
  #readyWaiters = [];
  #search = null;  // the go() waiting for its bestmove
  #goChain = Promise.resolve();
  #endedReason = null;
  #startLines;  // what the engine said on starting, for the first lines()
  #quitCalled = false;
  #resolveEnded;

  constructor(port, ready) {
    this.#port = port;
    // Whether the engine runs its search on threads of its own (false: the one-thread
    // fallback of a page that is not cross-origin isolated).
    this.threads = ready.threads !== false;
    this.#startLines = ready.lines ?? [];
    // Resolves with the reason once the session has ended (quit, or the engine failed).
    this.ended = new Promise((resolve) => (this.#resolveEnded = resolve));
  }

  // Sends protocol text (one or more lines); the replies come through lines().
  send(text) {
    this.#checkOpen('send');
    this.#port.post(text.endsWith('\n') ? text : `${text}\n`);
  }

  // Every line the engine writes from this call on, until the session ends; `break`
  // out of the loop to stop listening. The first call also gets what the engine said on
  // starting (the one-thread build's `info string`).
  lines() {
    const queue = this.#startLines.splice(0);
    let wake = null;
    const subscriber = { push: (line) => (queue.push(line), wake?.()), end: () => wake?.() };
    this.#subscribers.add(subscriber);
    const subscribers = this.#subscribers;
    const isOver = () => this.#endedReason !== null;
    return {
      async *[Symbol.asyncIterator]() {
        try {
          for (;;) {
            if (queue.length > 0) yield queue.shift();
            else if (isOver()) return;
            else await new Promise((resolve) => (wake = resolve));
          }
        } finally {
          subscribers.delete(subscriber);
        }
      },
    };
  }

  // Resolves at the engine's `readyok`.
  isready() {
    return this.#guarded('isready', () => new Promise((resolve, reject) => {
      this.#readyWaiters.push({ resolve, reject });
      this.#port.post('isready\n');
    }));
  }

  // Searches the current position under `limits` (go's parameters: { movetime: 200 },
  // { depth: 6 }, { p1time, p2time }, { infinite: true } ...); resolves to { bestmove,
  // ponder, info, lines }: `info` the last `info` line with a score, parsed (null when
  // none came), `lines` every line of the search. A `go` the engine refuses rejects
  // with its `error go: ...` line. Calls wait for the search before theirs.
  go(limits = {}) {
    return this.#guarded('go', () => {
      const run = () => this.#guarded('go', () => this.#runSearch(goCommand(limits)));
      const result = this.#goChain.then(run, run);
      this.#goChain = result.catch(() => {});
      return result;
    });
  }

  // Ends the session and every thread of the engine; resolves once they are gone.
  quit() {
    return this.#guarded('quit', async () => {
      this.#quitCalled = true;
      this.#port.post('quit\n');
      let timer;
      const grace = new Promise((resolve) => (timer = setTimeout(resolve, kQuitGraceMs)));
      await Promise.race([this.ended, grace]);
      clearTimeout(timer);
      this.#end('quit');
    });
  }

  #runSearch(command) {
    return new Promise((resolve, reject) => {
      this.#search = { lines: [], info: null, resolve, reject, refused: null };
      this.#port.post(`${command}\n`);
    });
  }

  #guarded(call, work) {
    try {
      this.#checkOpen(call);
    } catch (error) {
      return Promise.reject(error);
    }
    return work();
  }

  #checkOpen(call) {
    if (this.#quitCalled) throw new Error(`ccengine: ${call}() after quit(): the engine has quit; createEngine() starts another`);
    if (this.#endedReason !== null) throw new Error(`ccengine: ${call}(): the engine has ended (${this.#endedReason})`);
  }

  // A message of the worker.
  _hear(message) {
    if (message.type === 'line') this.#hearLine(message.text);
    else if (message.type === 'closed') this.#end(message.reason);
  }

  #hearLine(line) {
    for (const subscriber of this.#subscribers) subscriber.push(line);
    if (line === 'readyok') this.#readyWaiters.shift()?.resolve();
    const search = this.#search;
    if (!search) return;
    search.lines.push(line);
    if (line.startsWith('info ') && / score /.test(line)) search.info = parseInfo(line);
    if (line.startsWith('bestmove ') && !search.refused) {
      this.#search = null;
      const [, bestmove, , ponder] = line.split(/\s+/);
      search.resolve({ bestmove, ponder: ponder ?? null, info: search.info, lines: search.lines });
    } else if (line.startsWith('error go') && !search.refused) {
      // A refused go may still answer `bestmove none` (a refused position): the answer to
      // an isready sent now comes after it, and only then is the search over.
      search.refused = line;
      new Promise((resolve, reject) => {
        this.#readyWaiters.push({ resolve, reject });
        this.#port.post('isready\n');
      }).then(() => {
        if (this.#search === search) this.#search = null;
        search.reject(new Error(line));
      }, search.reject);
    }
  }

  #end(reason) {
    if (this.#endedReason !== null) return;
    this.#endedReason = reason;
    this.#port.end();
    const gone = new Error(`ccengine: the engine ended before answering (${reason})`);
    this.#search?.reject(gone);
    this.#search = null;
    for (const waiter of this.#readyWaiters.splice(0)) waiter.reject(gone);
    for (const subscriber of this.#subscribers) subscriber.end();
    this.#resolveEnded(reason);
  }
}
