import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetAllKeptPhotos,
  forgetKeptPhotos,
  keepOnlyPhotos,
  KEPT_AT_HEADER,
  KEPT_PHOTO_GRACE_MS,
  PHOTO_CACHE,
} from './kept-photos.ts';

/** Cache Storage as far as kept-photos.ts uses it: caches of addresses, each answer with its headers. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Headers>>();
  const cacheOf = (store: Map<string, Headers>) => ({
    keys: async () => [...store.keys()].map((url) => ({ url })),
    match: async (request: { url: string } | string) => {
      const headers = store.get(typeof request === 'string' ? request : request.url);
      return headers && { headers };
    },
    delete: async (request: { url: string } | string) =>
      store.delete(typeof request === 'string' ? request : request.url),
  });
  return {
    stores,
    put(name: string, url: string, keptAt?: number | string) {
      if (!stores.has(name)) stores.set(name, new Map());
      stores.get(name)!.set(url, new Headers(keptAt === undefined ? {} : { [KEPT_AT_HEADER]: String(keptAt) }));
    },
    caches: {
      has: async (name: string) => stores.has(name),
      open: async (name: string) => {
        if (!stores.has(name)) stores.set(name, new Map());
        return cacheOf(stores.get(name)!);
      },
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  };
}

const ORIGIN = 'https://foray.test';
const photo = (key: string) => `${ORIGIN}/api/v1/photos/${key.padEnd(32, 'x')}`;
const path = (url: string) => new URL(url).pathname;
let fake: ReturnType<typeof fakeCaches>;

beforeEach(() => {
  fake = fakeCaches();
  vi.stubGlobal('caches', fake.caches);
  vi.stubGlobal('self', { location: { origin: ORIGIN } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const kept = (name = PHOTO_CACHE) => [...(fake.stores.get(name)?.keys() ?? [])];

describe('the photos kept for use with no signal', () => {
  it('keep only those of spots the device keeps, and those kept moments ago', async () => {
    const now = 1_000_000_000;
    fake.put(PHOTO_CACHE, photo('own'), now - 3 * KEPT_PHOTO_GRACE_MS);
    fake.put(PHOTO_CACHE, photo('listed-long-ago'), now - KEPT_PHOTO_GRACE_MS);
    fake.put(PHOTO_CACHE, photo('just-shown'), now - KEPT_PHOTO_GRACE_MS + 1);
    fake.put(PHOTO_CACHE, photo('unstamped'));
    fake.put(PHOTO_CACHE, photo('garbled'), 'yesterday');
    // Kept "later" than now: the clock was set back since. Not a reason to keep it.
    fake.put(PHOTO_CACHE, photo('from-the-future'), now + 60_000);
    await keepOnlyPhotos([path(photo('own'))], now);
    expect(kept()).toEqual([photo('own'), photo('just-shown')]);
  });

  it('go from every cache at once when their spot is taken back, and all of them at sign-out', async () => {
    fake.put(PHOTO_CACHE, photo('taken-back'), Date.now());
    fake.put('some-other-cache', photo('taken-back'));
    fake.put(PHOTO_CACHE, photo('staying'), Date.now());
    await forgetKeptPhotos([path(photo('taken-back'))]);
    expect(kept()).toEqual([photo('staying')]);
    expect(kept('some-other-cache')).toEqual([]);
    await forgetAllKeptPhotos();
    expect(fake.stores.has(PHOTO_CACHE)).toBe(false);
  });

  it('do nothing where there is no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(keepOnlyPhotos([])).resolves.toBeUndefined();
    await expect(forgetKeptPhotos([photo('any')])).resolves.toBeUndefined();
    await expect(forgetAllKeptPhotos()).resolves.toBeUndefined();
  });
});
