// Which engine the page plays with, as ?engine= says: `in-page` for the in-page engine
// (WebAssembly in this browser: no server needed, any static file server will do), a
// ws:// or wss:// address for that server's, and by default the page's own server
// (websocketd: scripts/web/gui.sh, ccengine-gui). The Engine panel's switch reloads the page with
// the other choice; the game goes on from where it was (saved-game.js).
import { IN_PAGE_ENGINE } from './in-page-engine.js';

export function chosenEngine(location) {
  const asked = new URLSearchParams(location.search).get('engine');
  return asked ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
}

// How the page names the engine it plays with (oneThread: the in-page engine's one-thread build).
export function engineDescription(engine, oneThread = false) {
  if (engine !== IN_PAGE_ENGINE) return `server ${engine}`;
  return `in-page engine (WebAssembly, in this browser${oneThread ? ', one thread' : ''})`;
}

// Points the Engine panel's switch at the page with the other engine.
export function wireEngineSwitch(link, engine, location) {
  const other = new URL(location.href);
  if (engine === IN_PAGE_ENGINE) {
    other.searchParams.delete('engine');
    link.textContent = "Play with the server's engine";
  } else {
    other.searchParams.set('engine', IN_PAGE_ENGINE);
    link.textContent = 'Play with the in-page engine';
  }
  link.href = other.href;
}
