// The in-page engine: the npm package ccengine (packages/js/, which scripts/web/build-wasm.sh
// copies to engine/), used as any other board uses it, behind the part of the WebSocket
// interface that EngineConnection uses (onopen, onmessage, onclose, send, close), one
// protocol line per message as over websocketd. Its threads need SharedArrayBuffer, which
// a browser gives only to a cross-origin isolated page: isolateForInPageEngine() makes the
// page so, where the server does not, through a service worker (service-worker.js).

export const IN_PAGE_ENGINE = 'in-page';
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
    for await (const line of lines) this.onmessage?.({ data: line });
  }

  send(line) {
    if (!this.over) this.engine?.send(line);
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

// Resolves once the page is cross-origin isolated; otherwise installs the service worker
// that isolates it and reloads the page once (the promise then never resolves). Rejects
// when even that did not isolate it.
export async function isolateForInPageEngine() {
  if (self.crossOriginIsolated) {
    sessionStorage.removeItem(kReloadMark);
    return;
  }
  if (sessionStorage.getItem(kReloadMark) || !('serviceWorker' in navigator)) {
    sessionStorage.removeItem(kReloadMark);
    throw new Error('this browser does not give the page SharedArrayBuffer, which the in-page engine needs ' +
      '(serve the page over http://localhost or https://, or with the headers ' +
      'Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)');
  }
  await navigator.serviceWorker.register(new URL('../service-worker.js', import.meta.url));
  await navigator.serviceWorker.ready;
  sessionStorage.setItem(kReloadMark, '1');
  window.location.reload();
  await new Promise(() => {});
}
