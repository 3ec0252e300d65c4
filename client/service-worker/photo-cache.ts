// Photos the user was shown, kept for use with no signal (ADR 0074): one's own, and those of others' spots the
// device keeps. The server answers every photo `no-store`, so the browser's HTTP cache keeps none; this worker keeps
// its own copy in Cache Storage, which the app empties when a spot is taken back, after each device check (only photos
// of kept spots stay) and at sign-out (client/domain/offline/kept-photos.ts).
// Online, the server is always asked: a photo taken back stops showing at once (404, and the copy goes), and one that
// is current costs a 304 without its bytes. With no signal, the kept copy.
import { KEPT_AT_HEADER, PHOTO_CACHE } from '../domain/offline/kept-photos.ts';

/** A photo's or thumbnail's address (server/db/spot-json.ts, PHOTO_KEY_PATTERN in server/storage/storage.ts). */
const PHOTO_PATH = /^\/api\/v1\/photos\/[A-Za-z0-9_-]{20,100}$/;

/**
 * At most this many photos and thumbnails: a season of one's own spots, looked at. The oldest kept go first; the
 * browser may take the space back sooner when storage runs short.
 */
const MAX_KEPT_PHOTOS = 1000;

export function isPhotoRequest({ request, url, sameOrigin }: { request: Request; url: URL; sameOrigin: boolean }) {
  return sameOrigin && request.method === 'GET' && PHOTO_PATH.test(url.pathname) && url.search === '';
}

export async function handlePhotoRequest({
  request,
  event,
}: {
  request: Request;
  event: ExtendableEvent;
}): Promise<Response> {
  const cache = await caches.open(PHOTO_CACHE).catch(() => null);
  const kept = (await cache?.match(request.url, { ignoreVary: true }).catch(() => undefined)) ?? undefined;
  const etag = kept?.headers.get('etag');
  let answer: Response;
  try {
    // With If-None-Match the request passes the HTTP cache by; without, a copy an older Foray let the browser keep
    // is revalidated, and the answer's no-store makes the browser drop it.
    answer = await fetch(request.url, {
      credentials: 'same-origin',
      ...(etag ? { headers: { 'if-none-match': etag } } : {}),
    });
  } catch (error) {
    // No signal: the kept copy, if there is one.
    if (kept) return kept;
    throw error;
  }
  if (answer.status === 304 && kept) return kept;
  if (answer.ok) {
    if (cache) event.waitUntil(keep(cache, request.url, answer.clone()));
    return answer;
  }
  // Not the user's to see any more (taken back, deleted, signed out): the kept copy goes with it.
  if (answer.status >= 400 && answer.status < 500) {
    if (cache) event.waitUntil(cache.delete(request.url).catch(() => false));
    return answer;
  }
  // The server cannot answer right now (502, 503, 504): as with no signal.
  return kept ?? answer;
}

async function keep(cache: Cache, url: string, response: Response): Promise<void> {
  try {
    // Stamped with when it was kept: the app's sweep spares a photo kept moments ago (kept-photos.ts).
    const headers = new Headers(response.headers);
    headers.set(KEPT_AT_HEADER, String(Date.now()));
    await cache.put(
      url,
      new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
    );
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT_PHOTOS))) await cache.delete(old);
  } catch {
    // Storage full (or unavailable): the photo is shown, just not kept.
  }
}
