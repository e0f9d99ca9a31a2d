// The page's service worker, installed for the in-page engine (js/in-page-engine.js):
// - it serves the page's own files with the two headers that make the page
//   cross-origin isolated (Cross-Origin-Opener-Policy: same-origin,
//   Cross-Origin-Embedder-Policy: require-corp), so that the engine's threads get
//   SharedArrayBuffer on a static file server that does not send them; the page loads
//   nothing from other origins, so the policy costs it nothing;
// - it keeps a copy of every file it served, so that the page starts without a network
//   (the web app manifest's start address): the network first, the copy when there is
//   none, so that a page online is never an old one.
const kCache = 'ccengine-page';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function isolated(response) {
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function served(request) {
  const cache = await caches.open(kCache);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return isolated(response);
  } catch (offline) {
    // The page is opened with its own query (?engine=in-page): any copy of it will do.
    const copy = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
    if (!copy) throw offline;
    return isolated(copy);
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(served(request));
});
