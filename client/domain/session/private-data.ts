// What a signed-out phone must not keep: the spots held in memory, the photos the worker kept and the map areas that
// were viewed. The region map downloaded into OPFS stays: it is the same open map for every user and shows nothing of
// where this one went (ADR 0018). The sign-out's answer empties the browser's HTTP cache (ADR 0074).
import type { QueryClient } from '@tanstack/react-query';
import type { WorkerMessage } from '../../service-worker/messages.ts';
import { forgetAllKeptPhotos } from '../offline/kept-photos.ts';

/** The service worker's tile cache (client/service-worker/tile-cache.ts): it shows which areas the user looked at. */
const TILE_CACHE = 'map-tiles';

export async function forgetPrivateData(queryClient: QueryClient) {
  queryClient.clear();
  // The worker also forgets its list of kept tile addresses (Workbox's expiry records in IndexedDB).
  const forget: WorkerMessage = { type: 'forget-tiles' };
  navigator.serviceWorker?.controller?.postMessage(forget);
  await forgetAllKeptPhotos();
  try {
    if ('caches' in window) await caches.delete(TILE_CACHE);
  } catch {
    // Cache storage can be unavailable (private mode, insecure context); there is then nothing to delete.
  }
}
