// The API answers the app needs to start without signal. They are public and hold no user data. The only other
// answers under /api/ the worker keeps are photos, in a cache of their own that the app empties (photo-cache.ts).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { NetworkFirst } from 'workbox-strategies';
import { KEPT_COPY_HEADER } from './messages.ts';

export const PUBLIC_CACHE = 'foray-public';
export const CONFIG_PATH = '/api/v1/config';
/** The operator's settings (tile layers) and one language's words: GET /api/v1/config, /api/v1/translations/:lng. */
const PUBLIC_PATH = /^\/api\/v1\/(?:config|translations\/[a-z]{2,3})$/;

export function isPublicApiRequest({
  request,
  url,
  sameOrigin,
}: {
  request: Request;
  url: URL;
  sameOrigin: boolean;
}): boolean {
  return sameOrigin && request.method === 'GET' && PUBLIC_PATH.test(url.pathname);
}

/**
 * NetworkFirst: online the app always gets the operator's current settings and words; after 3 s without an
 * answer (a weak forest signal) or with none at all, the last copy. `onConfig` hears every fresh config.
 */
export function publicApiStrategy(onConfig: (config: unknown) => Promise<void>) {
  return new NetworkFirst({
    cacheName: PUBLIC_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      // Only real answers replace the kept copy: a 503 while the server restarts must not.
      new CacheableResponsePlugin({ statuses: [200] }),
      {
        async cacheDidUpdate({ request, newResponse }) {
          if (new URL(request.url).pathname === CONFIG_PATH)
            await onConfig(
              await newResponse
                .clone()
                .json()
                .catch(() => undefined),
            );
        },
        // NetworkFirst reads the cache only when the network failed or was too slow.
        async cachedResponseWillBeUsed({ cachedResponse }) {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(KEPT_COPY_HEADER, '1');
          return new Response(cachedResponse.body, {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  });
}
