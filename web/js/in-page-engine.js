// The in-page engine: the npm package ccengine (packages/js/, which scripts/web/build-wasm.sh
// copies to engine/), used as any other board uses it, behind the part of the WebSocket
// interface that EngineConnection uses (onopen, onmessage, onclose, send, close), one
// protocol line per message as over websocketd. Its threads need SharedArrayBuffer, which
// a browser gives only to a cross-origin isolated page: isolateForInPageEngine() makes the
// page so, where the server does not, through a service worker (service-worker.js), and
// where it cannot, the package's one-thread build plays.

export const IN_PAGE_ENGINE = 'in-page';
// The largest Hash (MB) the in-page engine is given: WebAssembly's memory is at most 2 GB
// there, and a Hash near it (2047 MB) ended the engine. The table's size is a power of
// two, so 1024 is also the largest that 2 GB can hold beside the rest.
export const IN_PAGE_MAX_HASH_MB = 1024;
const HASH_SETTING = /^\s*setoption\s+name\s+hash\s+value\s+(\d+)\s*$/i;
const HASH_OPTION = /^(option name Hash type spin .*\bmax )(\d+)(.*)$/;

// A line from the page on its way to the in-page engine: a Hash above what fits is
// lowered to it, and said (as a server's --max-hash says it). Returns [the line to send,
// the line to answer with first or null].
export function guardedLine(line) {
  const asked = HASH_SETTING.exec(line);
  if (!asked || Number(asked[1]) <= IN_PAGE_MAX_HASH_MB) return [line, null];
  return [`setoption name Hash value ${IN_PAGE_MAX_HASH_MB}`,
    `info string Hash ${asked[1]} is above the in-page engine's limit (its memory is at most 2 GB): ` +
    `set to ${IN_PAGE_MAX_HASH_MB}`];
}

// A line from the in-page engine on its way to the page: its Hash option offers only
// what fits.
function offeredLine(line) {
  const option = HASH_OPTION.exec(line);
  if (!option || Number(option[2]) <= IN_PAGE_MAX_HASH_MB) return line;
  return `${option[1]}${IN_PAGE_MAX_HASH_MB}${option[3]}`;
}
// Imported when the page plays with it: a page without it still plays with a server's.
const PACKAGE = '../engine/browser.mjs';

export class InPageEngineSocket {
  constructor() {
    this.onopen = null;
    this.onmessage = null;
    this.onclose = null;
    this.engine = null;
    this.over = false;
    this.start().catch((error) => this.end(`the in-page engine failed: ${error.message}`));
  }

  async start() {
    let api;
    try {
      api = await import(PACKAGE);
    } catch {
      throw new Error(`its package ${new URL(PACKAGE, import.meta.url).href} could not be loaded: ` +
        'build it with scripts/web/build-wasm.sh');
    }
    const engine = await api.createEngine();
    if (this.over) {
      engine.quit().catch(() => {});
      return;
    }
    this.engine = engine;
    const lines = engine.lines();
    engine.ended.then((reason) => this.end(reason));
    this.onopen?.();
    for await (const line of lines) this.onmessage?.({ data: offeredLine(line) });
  }

  // One or more lines, as a WebSocket message may hold.
  send(text) {
    if (this.over || !this.engine) return;
    const lines = String(text).split('\n');
    const guarded = lines.map((line) => guardedLine(line));
    for (const [, said] of guarded) if (said) this.onmessage?.({ data: said });
    this.engine.send(guarded.map(([line]) => line).join('\n'));
  }

  close() {
    this.end('closed by the page');
  }

  end(reason) {
    if (this.over) return;
    this.over = true;
    this.engine?.quit().catch(() => {});
    this.onclose?.({ code: 1000, reason });
  }
}

const kReloadMark = 'ccengine-isolation-reload';
// How long the page waits for its service worker, and then for its own reload, before it
// goes on without them.
const kIsolationWaitMs = 5000;

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// Resolves with true once the page is cross-origin isolated (the engine runs on threads),
// with false when it goes on without (the package then runs its one-thread build: the
// engine plays, each search ends within 10 s). A page that is not isolated installs the
// service worker that isolates it and loads itself again, once (the promise then never
// resolves); one that this did not isolate, a browser without service workers (an
// address other than localhost or https://), or a service worker or a reload that does
// not come within 5 s goes on with one thread: the page never waits for ever.
export async function isolateForInPageEngine({ storage = sessionStorage, waitMs = kIsolationWaitMs } = {}) {
  if (self.crossOriginIsolated) {
    storage.removeItem(kReloadMark);
    return true;
  }
  if (storage.getItem(kReloadMark) || !('serviceWorker' in navigator)) {
    storage.removeItem(kReloadMark);
    return false;
  }
  try {
    const ready = navigator.serviceWorker.register(new URL('../service-worker.js', import.meta.url))
      .then(() => navigator.serviceWorker.ready);
    if (!await Promise.race([ready.then(() => true), pause(waitMs).then(() => false)])) return false;
  } catch {
    return false; // refused (a private window, storage blocked): one thread
  }
  storage.setItem(kReloadMark, '1');
  // location.replace(), not reload(): in Chromium, the entry that reload() leaves is the
  // first, unisolated load's, and a person's own reload of it (F5) was then loaded past
  // the service worker again, unisolated, and its reload() did nothing: the page hung.
  const again = new URL(window.location.href);
  again.hash = '';
  window.location.replace(again.href);
  await pause(waitMs);
  storage.removeItem(kReloadMark);
  return false; // the browser did not load the page again
}
