// Photos kept on the device for use with no signal (ADR 0074). The browser's HTTP cache keeps none: the server
// answers every photo `no-store`. The one copy is in the Cache Storage cache `foray-photos`, which the service worker
// fills as photos are shown (client/service-worker/photo-cache.ts) and which the app can always empty:
// - a spot taken back (revocation.ts): its photos go from every cache of the origin, at once;
// - after each device check: every kept photo of a spot the device does not keep goes (others' spots shown in the
//   list, a removed photo, a spot dropped by the map), so the cache holds nothing later checks could not find — once
//   it was kept a few minutes ago: its spot may be on its way into the device's copy (a popup just opened, one's own
//   spots on a first visit);
// - sign-out, and a session the server no longer knows: the whole cache goes.
// Shared by the pages and the worker: nothing here touches `window`.

/** The service worker's photo cache. */
export const PHOTO_CACHE = 'foray-photos';
/** On each kept photo: when the worker kept it (this device's clock, ms). */
export const KEPT_AT_HEADER = 'x-foray-kept-at';
/** A photo kept this recently is spared by keepOnlyPhotos. */
export const KEPT_PHOTO_GRACE_MS = 10 * 60_000;

const addressOf = (url: string) => new URL(url, self.location.origin).href;

/**
 * Deletes these addresses from every Cache Storage cache of the origin (the worker's photo cache and any other):
 * wherever a photo may be kept, it goes.
 */
export async function forgetKeptPhotos(urls: readonly string[]): Promise<void> {
  if (urls.length === 0 || typeof caches === 'undefined') return;
  try {
    const addresses = [...new Set(urls)].map(addressOf);
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      await Promise.all(addresses.map((address) => cache.delete(address, { ignoreSearch: true, ignoreVary: true })));
    }
  } catch {
    // No Cache Storage here (a private window, an insecure context): nothing is kept there to delete.
  }
}

/**
 * Keeps only these photos (those of the spots the device keeps): every other kept photo goes, unless the worker kept it
 * less than KEPT_PHOTO_GRACE_MS ago.
 */
export async function keepOnlyPhotos(urls: readonly string[], now = Date.now()): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    if (!(await caches.has(PHOTO_CACHE))) return;
    const wanted = new Set(urls.map(addressOf));
    const cache = await caches.open(PHOTO_CACHE);
    for (const request of await cache.keys()) {
      if (wanted.has(request.url)) continue;
      const age = now - Number((await cache.match(request))?.headers.get(KEPT_AT_HEADER));
      // No stamp, or a clock set back since: not spared.
      if (!(age >= 0 && age < KEPT_PHOTO_GRACE_MS)) await cache.delete(request);
    }
  } catch {
    // As above: no Cache Storage, nothing kept.
  }
}

/** Every kept photo goes: sign-out, or the server no longer knows the session. */
export async function forgetAllKeptPhotos(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(PHOTO_CACHE);
  } catch {
    // As above.
  }
}
