// One WebSocket to one engine process (websocketd carries one protocol line per
// message in each direction), or the same to the in-page engine (in-page-engine.js).
// Commands are handled strictly in order by the engine (protocol-spec/protocol.md,
// "Conventions"), and several commands are silent on success, so every exchange ends
// with `isready` and is complete at `readyok`. Exchanges are queued: one is on the
// wire at a time, so every reply line belongs to it.

import { IN_PAGE_ENGINE, InPageEngineSocket } from './in-page-engine.js';

export class EngineError extends Error {}

export class EngineConnection {
  // url: ws://... or wss://... of a server, or IN_PAGE_ENGINE;
  // listeners: { onTraffic(direction, line), onEngineError(line), onClose(reason) }
  constructor(url, listeners) {
    this.url = url;
    this.listeners = listeners;
    this.socket = null;
    this.queue = Promise.resolve();
    this.lineHandler = null; // receives each line of the exchange on the wire
    this.closed = true;
    this.released = false; // closed by the page itself: not reported
  }

  open() {
    return new Promise((resolve, reject) => {
      const socket = this.url === IN_PAGE_ENGINE ? new InPageEngineSocket() : new WebSocket(this.url);
      this.socket = socket;
      socket.onopen = () => {
        this.closed = false;
        resolve();
      };
      socket.onmessage = (event) => {
        // websocketd sends one line per message; split anyway in case of batching.
        for (const line of String(event.data).split('\n')) {
          if (line.trim() !== '') this.receive(line.replace(/\r$/, ''));
        }
      };
      socket.onclose = (event) => {
        const wasOpen = !this.closed;
        this.closed = true;
        const reason = `connection closed (code ${event.code}${event.reason ? `: ${event.reason}` : ''})`;
        if (this.lineHandler) this.lineHandler(null, reason);
        if (wasOpen && !this.released) this.listeners.onClose(reason);
        else if (this.url === IN_PAGE_ENGINE) reject(new Error(event.reason));
        else this.refusal().then((text) => reject(new Error(text)));
      };
    });
  }

  // Why the WebSocket could not open. The browser does not tell; but when the server
  // still serves pages, either it refused the engine (the page's own origin is always
  // accepted, so it runs as many engines as its launcher allows, --max-engines) or it
  // serves files only (a static file server).
  async refusal() {
    const page = this.url.replace(/^ws/, 'http');
    try {
      await fetch(page, { method: 'HEAD', mode: 'no-cors', cache: 'no-store' });
    } catch {
      return `could not connect to ${this.url} (is the server running?)`;
    }
    return `no engine at ${this.url}: either the server at ${page} runs as many engines as it ` +
      'allows (--max-engines): close another tab that plays, or wait for a game to end, then try ' +
      'again; or it serves files only';
  }

  // Closes the socket on purpose (the page is left): its engine ends, and the closing
  // is not reported as a fault.
  release() {
    this.released = true;
    if (this.socket) this.socket.close();
  }

  receive(line) {
    this.listeners.onTraffic('in', line);
    if (line.startsWith('error')) this.listeners.onEngineError(line);
    if (this.lineHandler) this.lineHandler(line);
    else this.listeners.onTraffic('unexpected', line);
  }

  sendLine(line) {
    if (this.closed) throw new EngineError('not connected to the engine');
    this.listeners.onTraffic('out', line);
    this.socket.send(line);
  }

  // Runs `work` when the exchanges before it are done; returns its promise.
  enqueue(work) {
    const result = this.queue.then(work);
    this.queue = result.catch(() => {}); // the caller gets the failure; the queue goes on
    return result;
  }

  // Sends the commands and `isready`; resolves with the reply lines before `readyok`.
  exchange(commands) {
    return this.enqueue(() => new Promise((resolve, reject) => {
      const lines = [];
      this.lineHandler = (line, closedReason) => {
        if (line === null) {
          this.lineHandler = null;
          reject(new EngineError(closedReason));
        } else if (line === 'readyok') {
          this.lineHandler = null;
          resolve(lines);
        } else lines.push(line);
      };
      try {
        for (const command of commands) this.sendLine(command);
        this.sendLine('isready');
      } catch (error) {
        this.lineHandler = null;
        reject(error);
      }
    }));
  }

  // As exchange, but an `error` line from the engine rejects with its text.
  async request(commands) {
    const lines = await this.exchange(commands);
    const error = lines.find((line) => line.startsWith('error'));
    if (error) throw new EngineError(error);
    return lines;
  }

  // Sends a `go` command (then calls onStarted); `onInfo(line)` gets each `info` line;
  // resolves with the move of the `bestmove` line. While it runs, later exchanges wait
  // in the queue; `stop()` is sent at once (the engine reads it during a search).
  search(goCommand, onInfo, onStarted = () => {}) {
    return this.enqueue(() => new Promise((resolve, reject) => {
      let failure = null; // an error line that comes before `bestmove none`
      this.lineHandler = (line, closedReason) => {
        if (line === null) {
          this.lineHandler = null;
          reject(new EngineError(closedReason));
        } else if (line.startsWith('bestmove')) {
          this.lineHandler = null;
          if (failure) reject(new EngineError(failure));
          else resolve(line.split(/\s+/)[1] ?? '');
        } else if (line.startsWith('error go: no position') || line.startsWith('error search failed')) {
          // A go that cannot search still ends with `bestmove none`: the error waits for it.
          failure = line;
        } else if (line.startsWith('error')) {
          // A refused go ends with this error line and no bestmove.
          this.lineHandler = null;
          reject(new EngineError(line));
        } else if (line.startsWith('info')) onInfo(line);
        else this.listeners.onTraffic('unexpected', line);
      };
      try {
        this.sendLine(goCommand);
        onStarted();
      } catch (error) {
        this.lineHandler = null;
        reject(error);
      }
    }));
  }

  stop() {
    if (!this.closed) this.sendLine('stop');
  }
}
