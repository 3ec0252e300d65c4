import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BaseLayerId } from '../common/schemas/config.ts';
import { signedInUser } from './support/accounts.ts';
import { useForay, type Foray } from './support/foray.ts';
import { cachedUrls, waitForServiceWorkerControl } from './support/service-worker.ts';
import { mapOf } from './support/spots.ts';
import { en, lt } from './support/texts.ts';
import { expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

/** The service worker's tile cache; client/domain/session/private-data.ts deletes it by this name on sign-out. */
const TILE_CACHE = 'map-tiles';

/** Which base layer a cached tile URL belongs to: the tile stub serves /{layer}/{z}/{x}/{y}.png. */
const layerOf = (url: string) => new URL(url).pathname.split('/')[1] as BaseLayerId;

const cachedTiles = async (page: Page) =>
  (await cachedUrls(page, TILE_CACHE)).filter((url) => url.startsWith('http://127.0.0.1'));

async function cachedLayers(page: Page): Promise<Set<BaseLayerId>> {
  return new Set((await cachedTiles(page)).map(layerOf));
}

/** Every tile of `layer` the stub has served so far, as the URLs the map asked for. */
const servedTiles = (foray: Foray, layer: BaseLayerId) =>
  foray.tiles.requests[layer].map((tile) => `${foray.tiles.origin}/${layer}/${tile.z}/${tile.x}/${tile.y}.png`);

async function showLayer(page: Page, foray: Foray, layer: BaseLayerId) {
  const before = foray.tiles.requests[layer].length;
  await page.getByLabel(en('map.baseLayer')).selectOption({ label: en(`map.layers.${layer}`) });
  await expect.poll(() => foray.tiles.requests[layer].length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(before);
}

/** Drags the map sideways, far enough that new columns of tiles come into view. */
async function pan(page: Page, foray: Foray, layer: BaseLayerId) {
  const before = foray.tiles.requests[layer].length;
  const box = (await mapOf(page).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(() => foray.tiles.requests[layer].length, {
      timeout: UI_TIMEOUT_MS,
      message: `new ${layer} tiles after panning`,
    })
    .toBeGreaterThan(before);
}

/** How many tile URLs Workbox's expiration keeps (with their ages) in IndexedDB. */
function tilesListedForExpiry(page: Page): Promise<number> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create an empty one, under Workbox's feet.
    if (!(await indexedDB.databases()).some((database) => database.name === 'workbox-expiration')) return 0;
    return new Promise<number>((resolve, reject) => {
      const opening = indexedDB.open('workbox-expiration');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains('cache-entries')) return resolve(0);
        const reading = db.transaction('cache-entries').objectStore('cache-entries').getAll();
        reading.onerror = () => reject(reading.error);
        reading.onsuccess = () =>
          resolve(
            (reading.result as Array<{ cacheName: string }>).filter((entry) => entry.cacheName === 'map-tiles').length,
          );
      };
    });
  });
}

/** Draws a tile the way the map does (an <img> with crossorigin) and says whether it arrived. */
function imageLoads(page: Page, url: string): Promise<boolean> {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const image = new Image();
        image.crossOrigin = 'anonymous';
        image.onload = () => resolve(image.naturalWidth > 0);
        image.onerror = () => resolve(false);
        image.src = src;
      }),
    url,
  );
}

describe('map tiles kept for use without signal (default terms: street and topo may be kept)', () => {
  const foray = useForay();

  it('keeps the tiles of the first visit, fetched before the service worker controlled the page', async () => {
    const { page, context } = await foray.newPage();
    // Hold the worker back until the map has drawn, so its tiles are fetched without it, as on a slow phone.
    let releaseWorker!: () => void;
    const workerHeld = new Promise<void>((resolve) => (releaseWorker = resolve));
    await context.route('**/sw.js', async (route) => {
      await workerHeld;
      await route.continue();
    });
    foray.tiles.reset();
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    await expect.poll(() => foray.tiles.requests.street.length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    const firstVisit = servedTiles(foray, 'street');

    releaseWorker();
    await waitForServiceWorkerControl(page);
    await expect.poll(() => cachedTiles(page), { timeout: UI_TIMEOUT_MS }).toEqual(expect.arrayContaining(firstVisit));
  });

  it('keeps street and topo tiles as they are viewed, and never a satellite or dark one', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    await waitForServiceWorkerControl(page);

    for (const layer of ['satellite', 'topo', 'dark', 'street'] as const) {
      await showLayer(page, foray, layer);
      await pan(page, foray, layer);
    }
    // The last street tiles were fetched through the worker: once they are kept, so is everything before them.
    const lastStreet = servedTiles(foray, 'street').slice(-1);
    await expect.poll(() => cachedTiles(page), { timeout: UI_TIMEOUT_MS }).toEqual(expect.arrayContaining(lastStreet));
    await expect.poll(() => cachedLayers(page), { timeout: UI_TIMEOUT_MS }).toEqual(new Set(['street', 'topo']));
    // Nothing the map showed of satellite or dark was stored, even briefly.
    expect(foray.tiles.requests.satellite.length).toBeGreaterThan(0);
    expect(foray.tiles.requests.dark.length).toBeGreaterThan(0);
  });

  it('offline, still shows kept tiles and starts with the kept settings and Lithuanian words; nothing private is kept', async () => {
    const { page, context, errors } = await foray.newPage();
    // Offline, every request that misses the cache fails, and Chromium logs each.
    errors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
    foray.tiles.reset();
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    await waitForServiceWorkerControl(page);
    await expect.poll(() => foray.tiles.requests.street.length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    const streetTile = servedTiles(foray, 'street').at(-1)!;
    await showLayer(page, foray, 'satellite');
    const satelliteTile = servedTiles(foray, 'satellite').at(-1)!;
    await expect.poll(() => cachedTiles(page), { timeout: UI_TIMEOUT_MS }).toContain(streetTile);
    // The app asks for Lithuanian when the user picks it; here the page asks for it directly.
    const online = await page.evaluate(async () => {
      const response = await fetch('/api/v1/translations/lt');
      return { status: response.status, keptCopy: response.headers.has('x-foray-kept-copy') };
    });
    expect(online).toEqual({ status: 200, keptCopy: false });

    await context.setOffline(true);
    try {
      // A new tab: the first one still holds its tiles in memory, which would answer without the worker.
      const offlinePage = await context.newPage();
      await offlinePage.goto('/');
      expect(await imageLoads(offlinePage, streetTile)).toBe(true);
      expect(await imageLoads(offlinePage, satelliteTile)).toBe(false);

      const answers = await offlinePage.evaluate(async () => {
        const read = async (path: string) => {
          try {
            const response = await fetch(path);
            const body = (await response.json()) as Record<string, unknown>;
            return { status: response.status, keptCopy: response.headers.get('x-foray-kept-copy') === '1', body };
          } catch {
            return { status: 0, keptCopy: false, body: {} };
          }
        };
        return {
          config: await read('/api/v1/config'),
          lithuanian: await read('/api/v1/translations/lt'),
          me: await read('/api/v1/me'),
          spots: await read('/api/v1/locations'),
        };
      });
      expect(answers.config).toMatchObject({ status: 200, keptCopy: true });
      expect(answers.config.body.tile_layers).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'street', cache: true })]),
      );
      expect(answers.lithuanian).toMatchObject({ status: 200, keptCopy: true });
      expect(answers.lithuanian.body['map.baseLayer']).toBe(lt('map.baseLayer'));
      // Who is signed in and their spots are never answered from a cache.
      expect(answers.me.status).toBe(0);
      expect(answers.spots.status).toBe(0);
    } finally {
      await context.setOffline(false);
    }

    const keptApi = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls.filter((path) => path.startsWith('/api/')).sort();
    });
    expect(keptApi).toEqual(['/api/v1/config', '/api/v1/translations/lt']);
  });
  it('forgets every kept tile, and the list of their addresses, when the page asks on sign-out', async () => {
    const { page } = await foray.newPage();
    foray.tiles.reset();
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    await waitForServiceWorkerControl(page);
    // Wait until every tile the map asked for has loaded and is kept, so none still arrives after the forgetting.
    const keptAndListed = async () => {
      const stillLoading = await mapOf(page).locator('img.leaflet-tile:not(.leaflet-tile-loaded)').count();
      const served = [...new Set(servedTiles(foray, 'street'))];
      const kept = await cachedTiles(page);
      return {
        stillLoading,
        served: served.length > 0,
        notKept: served.filter((url) => !kept.includes(url)),
        notListedForExpiry: served.length - (await tilesListedForExpiry(page)),
      };
    };
    await expect
      .poll(keptAndListed, { timeout: UI_TIMEOUT_MS })
      .toEqual({ stillLoading: 0, served: true, notKept: [], notListedForExpiry: 0 });

    await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'forget-tiles' }));
    await expect.poll(() => page.evaluate(() => caches.has('map-tiles')), { timeout: UI_TIMEOUT_MS }).toBe(false);
    await expect.poll(() => tilesListedForExpiry(page), { timeout: UI_TIMEOUT_MS }).toBe(0);
  });
});

describe('an operator who turns street caching off (TILE_STREET_CACHE=false)', () => {
  const foray = useForay({ env: { TILE_STREET_CACHE: 'false' } });

  it('keeps no street tile, not even from the first visit, and still keeps topo tiles', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    await waitForServiceWorkerControl(page);
    await pan(page, foray, 'street');
    await showLayer(page, foray, 'topo');
    await pan(page, foray, 'topo');
    // Topo tiles are kept as they are viewed: by then the worker has had every street tile too.
    await expect.poll(() => cachedLayers(page), { timeout: UI_TIMEOUT_MS }).toEqual(new Set(['topo']));
  });
});
