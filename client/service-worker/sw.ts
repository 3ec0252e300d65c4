// Foray's service worker. vite-plugin-pwa (injectManifest, vite.config.ts) bundles it to dist/client/sw.js
// and fills in the list of built files; client/lib/service-worker.ts registers it as /sw.js.
// Routes are tried in the order they are registered here.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { drainOutbox, SYNC_TAG } from '../domain/offline/sync.ts';
import { readWorkerMessage } from './messages.ts';
import { handlePhotoRequest, isPhotoRequest } from './photo-cache.ts';
import { isPublicApiRequest, publicApiStrategy } from './public-api.ts';
import { cacheShownTiles, forgetTiles, handleTileRequest, learnTileLayers, mayBeCacheableTile } from './tile-cache.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// A new version takes over at once, and the first visit is controlled as soon as the worker is active:
// offline works from then on, without a second visit.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The app shell (scripts, styles, icons, index.html) comes from the cache, so the app opens without signal;
// a new build's list replaces the old one, and caches of older Workbox versions are deleted.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html — except /api/: the e-mailed /api/auth/verify-email and reset links
// must reach the server, not the cached shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// The operator's settings (tile layers) and the words of the app's languages, so it starts offline in Lithuanian
// with its layers; they are public.
registerRoute(isPublicApiRequest, publicApiStrategy(learnTileLayers));

// Photos shown, asked of the server each time and kept for the forest without signal, where the app can empty them
// when a spot is taken back (ADR 0074). Nothing else under /api/ is kept by the worker: spots live in IndexedDB.
registerRoute(isPhotoRequest, handlePhotoRequest);

// Viewed tiles of layers whose terms allow keeping them (the config's `cache` flag), for the forest without signal.
registerRoute(mayBeCacheableTile, handleTileRequest);

// Requests from the page: see messages.ts for each message's shape.
self.addEventListener('message', (event) => {
  const message = readWorkerMessage(event.data);
  switch (message?.type) {
    case 'cache-tiles':
      event.waitUntil(cacheShownTiles(message.urls, event));
      break;
    case 'forget-tiles':
      event.waitUntil(forgetTiles());
      break;
  }
});

// ── Background Sync ──────────────────────────────────────────────────────────────────────────────────────
// Chromium wakes the worker when the network returns, even with no Foray page open: it sends the outbox
// with the same sender the pages use (one at a time, under a Web Lock). A try that ends without an answer
// rejects, so the browser fires the event again later.
self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    drainOutbox().then((result) => {
      if (result.outcome === 'retry-later')
        throw new Error('Foray could not reach its server; the browser will try again.');
    }),
  );
});
