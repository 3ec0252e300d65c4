// The page's side of the service worker (client/service-worker/sw.ts): registration, and handing over the
// map tiles that the first visit fetched before the worker controlled the page. Kept tiny: it is in the
// sign-in bundle, and it must not import Leaflet.
import type { WorkerMessage } from '../service-worker/messages.ts';

export function registerServiceWorker() {
  // The worker exists only in builds (vite-plugin-pwa writes dist/client/sw.js), and only secure contexts
  // (https, localhost) allow one.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  // A page that started without a worker fetched its tiles past it; once one takes control, it can keep them.
  if (!workers.controller) workers.addEventListener('controllerchange', handOverShownTiles, { once: true });
  window.addEventListener('load', () => {
    workers.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('[foray] Service worker registration failed; the app works online only.', error);
    });
  });
}

/** The tiles on the map now, and the pictures loaded so far (tiles of a layer shown before); the worker picks the tiles. */
function handOverShownTiles() {
  const shown = Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile'), (image) => image.src);
  const loaded = performance
    .getEntriesByType('resource')
    .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'img')
    .map((entry) => entry.name);
  const message: WorkerMessage = { type: 'cache-tiles', urls: [...new Set([...shown, ...loaded])] };
  navigator.serviceWorker.controller?.postMessage(message);
}
