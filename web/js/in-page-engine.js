// The in-page engine (js/engine-worker.js) behind the part of the WebSocket interface
// that EngineConnection uses (onopen, onmessage, onclose, send, close), one protocol
// line per message as over websocketd. Its threads need SharedArrayBuffer, which a
// browser gives only to a cross-origin isolated page: isolateForInPageEngine() makes the
// page so, where the server does not, through a service worker (service-worker.js).

export const IN_PAGE_ENGINE = 'in-page';
const WORKER_SCRIPT = './engine-worker.js';

export class InPageEngineSocket {
  constructor() {
    this.onopen = null;
    this.onmessage = null;
    this.onclose = null;
    this.worker = new Worker(new URL(WORKER_SCRIPT, import.meta.url));
    this.worker.onmessage = ({ data }) => {
      if (data.type === 'ready') this.onopen?.();
      else if (data.type === 'line') this.onmessage?.({ data: data.text });
      else this.end(data.reason);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      // A script that could not be loaded gives an event without a message.
      this.end(`the in-page engine failed: ${event.message || `its worker ${WORKER_SCRIPT} could not be loaded`}`);
    };
  }

  send(line) {
    this.worker?.postMessage(line);
  }

  close() {
    this.end('closed by the page');
  }

  end(reason) {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
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
