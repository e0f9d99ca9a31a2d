// When the page's engine cannot start. A page opened without an engine server (no
// server at all, a static file server, or a server already running all the engines
// it allows) goes on with the in-page engine and says why; an in-page engine that
// cannot start says so and offers the server's. The reason crosses the page's reload
// into the in-page engine in sessionStorage.
import { IN_PAGE_ENGINE } from './in-page-engine.js';

const FALLBACK_KEY = 'ccengine.engineFallback';

// Only the page's own server's engine, which the address did not ask for by name,
// gives way to the in-page engine: an engine chosen in the address is kept (and its
// failure said).
export function fallsBackToInPage(location) {
  return !new URLSearchParams(location.search).has('engine');
}

// Reloads the page with the in-page engine; the reason is said there.
export function fallBackToInPage(reason, location, storage) {
  storage.setItem(FALLBACK_KEY, reason);
  const inPage = new URL(location.href);
  inPage.searchParams.set('engine', IN_PAGE_ENGINE);
  location.replace(inPage.href);
}

// Why the page fell back to the in-page engine, once (null: it did not).
export function takeFallbackReason(storage) {
  const reason = storage.getItem(FALLBACK_KEY);
  storage.removeItem(FALLBACK_KEY);
  return reason;
}

// A line next to the board: what happened to the engine, a link to the other one, and
// why (folded: the server's reason can be long). A quiet line where the page plays on
// as it should (the in-page engine on a static host); a problem (no engine at all)
// stands out.
export function showEngineNote(box, { text, link, why, problem = false }) {
  box.classList.toggle('problem', problem);
  box.replaceChildren(text);
  if (link) {
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.textContent = link.text;
    box.append(' ', anchor);
  }
  if (why) {
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'Why';
    details.append(summary, why);
    box.appendChild(details);
  }
  box.hidden = false;
}
