/* global self, caches */ // a service worker's globals (this file is not part of the bundle)
// The service worker has one job: when a page cannot load because the device is offline, show
// offline.html instead of the browser's error page. It stores nothing else and answers nothing else:
// scripts, images and above all API answers (/api/*) always come from the network, never from a cache.
// Registered by src/main.tsx in the built app.
// Browsers install a new worker only when this file changes: bump the version with offline.html.
const CACHE = 'rbx-offline-v1';
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' }));
      // Where the browser can (Static Routing API), requests other than page loads go straight to the
      // network without starting this worker at all.
      if (event.addRoutes) {
        try {
          await event.addRoutes([
            { condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' },
            { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
            { condition: { urlPattern: new URLPattern({}) }, source: 'network' },
          ]);
        } catch {
          // An older form of the API: the fetch handler below lets those requests pass anyway.
        }
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Page loads start while the worker starts, instead of after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || new URL(request.url).pathname.startsWith('/api/')) return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) ?? (await fetch(request));
      } catch (error) {
        const offline = await caches.match(OFFLINE_PAGE);
        if (offline) return offline;
        throw error;
      }
    })(),
  );
});
