// What a signed-out phone must not keep: the spots held in memory and the map areas that were viewed.
import type { QueryClient } from '@tanstack/react-query';

/** The service worker's tile cache (vite.config.ts): it shows which areas the user looked at. */
const TILE_CACHE = 'map-tiles';

export async function forgetPrivateData(queryClient: QueryClient) {
  queryClient.clear();
  try {
    if ('caches' in window) await caches.delete(TILE_CACHE);
  } catch {
    // Cache storage can be unavailable (private mode, insecure context); there is then nothing to delete.
  }
}
